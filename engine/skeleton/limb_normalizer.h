#pragma once
// Turns a drawn leg or arm stroke into an IK-friendly chain A (root), B (knee/elbow), C (ankle/wrist,
// ground contact for legs), D (toe/hand tip). Nodes are arc lengths along the drawn stroke, so every
// move keeps them on what the player drew.
//
// Ideal chain: 0.8 <= L1/L2 <= 1.25 and L3 <= 0.35 (L1 + L2), with L1 = |AB|, L2 = |BC|, L3 = |CD|.
// While the chain is not ideal (at most kMaxPasses passes) the first matching case is applied:
//   b  L3 > L1 + L2:          B moves to C; C moves along the stroke towards D until |BC| = |AB|.
//   c  L1 > L2 + L3:          C moves to B, D moves to C, B moves between A and C.
//   f  A, B, C, D in line:    C moves close to D (|CD| = 0.25 |AC|, the stroke point nearest D
//                             with that ratio); B moves between A and C.
//   d  A, B, C in line:       B moves between A and C.
//   e  B, C, D in line:       as f.
//   g  anything else:         C slides towards D until |CD| <= 0.3 |AC| (only when L3 is too large),
//                             then B slides to the point between A and C.
// "In line" means the bend angle at the middle node is under 10 degrees. "Between A and C" is the
// stroke point between them with |AB| = |BC| (bisection on the arc length).
// Then a chain whose A, B, C are in line gets a small bend: B is pushed by 4% of the drawn length in
// the natural direction perpendicular to AC (knees +Z forward, elbows -Z back; +Y / -Y when the chain
// runs along Z), which keeps L1/L2 within bounds and B within 5% of the drawn length of the stroke.
// The pole is the unit direction from line AC to B (the natural direction when B is on the line).
#include <array>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "creature/creature.h"
#include "skeleton/stroke_path.h"

namespace cf {

struct LimbShape {
  std::array<float, 4> s{};              // arc lengths of A, B, C, D along the stroke, metres
  std::array<glm::vec3, 4> p{};          // A, B, C, D, model space
  float l1 = 0.0f, l2 = 0.0f, l3 = 0.0f;  // |AB|, |BC|, |CD|, metres
};

struct NormalizedLimb {
  LimbShape drawn;                 // nodes picked from the drawn stroke
  LimbShape normalized;            // after the cases (and the bend); p[1] may be off the stroke by the bend
  std::string cases;               // case letters applied, in order ("", "b", "dg", ...)
  bool bent = false;               // true when the straight-chain bend was added
  glm::vec3 pole{0.0f, 0.0f, 1.0f};  // unit, perpendicular to A->C, model space
};

constexpr int kMaxNormalizerPasses = 8;
constexpr float kLineAngleDeg = 10.0f;  // "nearly on one line"

// True when the chain meets the ideal bounds.
bool limb_is_ideal(float l1, float l2, float l3);
// Bend angle in degrees at b of the path a -> b -> c (0 = straight); 0 when a segment is degenerate.
float bend_angle_deg(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c);

// Arc lengths of A, B, C, D picked from the stroke: A first point, D last, B and C the two sharpest
// corners (turn over a window of 10% of the length, > 20 degrees), with an arc-length fallback
// (B at 45%, C at 90% with no corner; one corner becomes C past 60% of the length, else B).
std::array<float, 4> pick_limb_nodes(const StrokePath& stroke);

// Runs the cases on drawn node arc lengths s (s[0] = 0 < s[1] < s[2] < s[3] <= length).
// tag picks the natural bend (leg: +Z, arm: -Z). With normalize = false only the pole is computed.
NormalizedLimb normalize_limb(const StrokePath& stroke, const std::array<float, 4>& s, PartTag tag,
                              bool normalize = true);
// Convenience: the stroke given as points (repeated points are removed first).
NormalizedLimb normalize_limb(const std::vector<glm::vec3>& stroke, const std::array<float, 4>& s, PartTag tag,
                              bool normalize = true);

}  // namespace cf
