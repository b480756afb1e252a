#pragma once
// The drawn creature: authoring data, exactly what the player drew. Editable; turned into runtime
// data (Skeleton, Rig, mesh) only by explicit build steps.
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "core/result.h"
#include "creature/paint.h"

namespace cf {

enum class PartTag { kTorso, kHead, kLeg, kArm, kTail };
enum class Side { kCenter, kLeft, kRight };

const char* to_string(PartTag t);  // "torso", "head", "leg", "arm", "tail"
const char* to_string(Side s);     // "center", "left", "right"
bool parse_part_tag(const std::string& s, PartTag* out);
bool parse_side(const std::string& s, Side* out);

struct Part {
  PartTag tag = PartTag::kTorso;
  Side side = Side::kCenter;  // as given, or derived from the stroke (x > 0 is the creature's left)
  bool side_given = false;    // true when the file named the side
  float radius = 0.05f;       // flesh thickness, metres, > 0
  // Model space (metres, Y up, forward +Z), from the end nearest the body to the free end.
  std::vector<glm::vec3> stroke;
  PartPaint paint;  // used when the creature is painted
};

struct Creature {
  std::string name;
  std::vector<Part> parts;
  // The file's optional "paint" block: without it the creature wears the shared skin texture.
  bool painted = false;
  int eyes = 2;  // painted eyes on the head (the torso's front without one), 0..kMaxEyes
};

// Limits a valid creature keeps (see validate_creature).
struct CreatureLimits {
  static constexpr int kMaxParts = 64;
  static constexpr int kMaxLegs = 8;
  static constexpr int kMaxArms = 4;
  static constexpr int kMaxStrokePoints = 4096;
  static constexpr float kMaxCoord_m = 100.0f;      // |x|, |y|, |z| in metres
  static constexpr float kMaxRadius_m = 2.0f;       // metres
  static constexpr float kMinStrokeLength_m = 0.01f;  // metres, after removing repeated points
  static constexpr float kRepeatEps_m = 1e-5f;      // points closer than this count as repeated, metres
  static constexpr float kSideEps = 0.01f;        // |mean x| below this derives "center", metres
  static constexpr float kMinLimbReach = 0.1f;    // leg/arm |first-last| >= this x its stroke length
};

// The stroke with consecutive repeated points (closer than kRepeatEps_m) removed.
std::vector<glm::vec3> clean_stroke(const std::vector<glm::vec3>& stroke);
// Side from the stroke's mean x: > kSideEps left, < -kSideEps right, else center.
Side derive_side(const std::vector<glm::vec3>& stroke);
// Greatest distance a part's first point may lie from the torso stroke (the attachment rule):
// max(2 x torso radius, 0.5 x torso length) + the part's radius.
float max_attach_distance(const Part& torso, const Part& part);

// Checks every rule of the creature format on in-memory data (also what the loader checks).
// Errors name 'file' (may be empty), the field ("parts[3].stroke[1]") and the problem.
Status validate_creature(const Creature& c, const std::string& file);
// Index of the single torso part, -1 when there is none.
int find_torso(const Creature& c);

}  // namespace cf
