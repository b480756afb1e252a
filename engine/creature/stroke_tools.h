#pragma once
// Turning what the player drew into tidy parts: even spacing, smoothing (stick jitter must not become
// zig-zag), mirroring for symmetry, snapping a limb's root onto the torso and bringing a leg down so
// its ankle and toe lie on the ground. Headless, deterministic, model space (metres, Y up, +Z forward).
#include <vector>

#include <glm/glm.hpp>

#include "creature/creature.h"

namespace cf {

// Zero means default.
struct StrokeTidyOptions {
  float spacing_m = 0;    // even spacing of the result; 0 => 0.03 m
  int smooth_passes = 0;  // 0 => 4; each pass moves inner points halfway to their neighbours' mean
  int max_points = 0;     // 0 => 64; spacing grows for long strokes so the part stays small
};

// Points along the polyline every 'spacing' metres of arc length, first and last kept exactly.
// Fewer than 2 distinct points: the cleaned input.
std::vector<glm::vec3> resample_even(const std::vector<glm::vec3>& pts, float spacing);
// Laplacian smoothing with fixed ends: 'passes' times, each inner point moves halfway to the mean
// of its neighbours.
void smooth_stroke(std::vector<glm::vec3>* pts, int passes);
// The drawn path (sampled every tick) resampled evenly, smoothed and resampled again.
std::vector<glm::vec3> tidy_stroke(const std::vector<glm::vec3>& raw, const StrokeTidyOptions& options = {});
// The sharpest turn between consecutive segments, degrees (0 for a straight line or < 3 points).
float max_turn_deg(const std::vector<glm::vec3>& pts);

// The part mirrored across the plane x = mirror_x (the torso's mean x), its side swapped.
Part mirrored_part(const Part& part, float mirror_x);
// Mean x of the torso stroke (the plane of symmetry); 0 when there is no stroke.
float torso_mid_x(const Part& torso);
// The point on the torso's surface nearest p: the closest spine point pushed out by the torso's
// radius towards p (straight sideways when p lies on the spine).
glm::vec3 snap_to_torso_surface(const Part& torso, const glm::vec3& p);

// Result of bringing a leg down.
enum class PlantResult { kAlreadyPlanted, kPlanted, kTooHigh, kRootTooLow };
// Brings a leg down so its ankle (lowest point) and toe lie on the ground y = 0: when the lowest
// point is within 'reach_share' of the root's height from the ground (0 => 0.35), the stroke is
// stretched about its root vertically until that point touches the ground, points after it are
// laid on the ground, and a short forward toe is added when the stroke ends at its lowest point.
// A leg ending higher stays as drawn (kTooHigh: the rule check names it).
PlantResult plant_leg(Part* leg, float reach_share = 0);

}  // namespace cf
