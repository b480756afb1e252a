#pragma once
// The drawn creature: authoring data, exactly what the player drew. Editable; turned into runtime
// data (Skeleton, Rig, mesh) only by explicit build steps.
#include <string>
#include <vector>

#include <glm/glm.hpp>

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
};

struct Creature {
  std::string name;
  std::vector<Part> parts;
};

}  // namespace cf
