#pragma once
#include <cmath>
// Solving a part from its points: one-bone aiming, the two-bone (law of cosines) solver, frame
// transforms and control-point clamping against a plane. Everything here is allocation-free and
// never produces NaN: degenerate or non-finite input yields a finite fallback.
#include <glm/glm.hpp>

#include "math/geometry.h"

namespace cf {

// A target the chain's reach eases toward: past from_share of the chain's length the distance from
// the root follows length - (length - d0) e^-(d - d0)/(length - d0), d0 = from_share * length, so it
// nears the length and never gets there. A two-bone joint swings across the root-target line ever
// faster as the reach nears the length; eased, a target crossing the length in a tick moves the joint
// smoothly. Nearer targets are returned as they are, bit for bit.
inline glm::vec3 soft_reach(const glm::vec3& root, const glm::vec3& target, float length, float from_share) {
  const glm::vec3 d = target - root;
  const float reach = glm::length(d);
  const float from = from_share * length, soft = length - from;
  if (!(reach > from) || !(soft > 0.0f)) return target;
  const float eased = from + soft * (1.0f - std::exp(-(reach - from) / soft));
  return root + d * (eased / reach);
}

// A target eased to stay at least 'min_depth' along 'down' (a unit vector) from the root: a foot tucked
// up through its hip turns the hip->ankle line round and swings the knee across in a tick. Above
// 2 * min_depth it is left alone; below, the depth eases smoothly (C1) toward min_depth.
inline glm::vec3 soft_below(const glm::vec3& root, const glm::vec3& target, const glm::vec3& down, float min_depth) {
  const float depth = glm::dot(target - root, down);
  if (!(min_depth > 0.0f) || !(depth < 2.0f * min_depth)) return target;
  const float eased = min_depth + min_depth * std::exp((depth - 2.0f * min_depth) / min_depth);
  return target + down * (eased - depth);
}

// ---------------------------------------------------------------------------------------------
// One bone.
// The rotation R = Ry(about_y) * Rz(about_z) (first about Z, then about the fixed Y axis) carries
// the bone's +X axis onto the direction of the control point in the reference point's frame:
//   R * (1,0,0) = (cos z cos y, sin z, -cos z sin y).
struct OneBoneAngles {
  float about_z = 0.0f;  // radians, in [-pi/2, pi/2] (elevation out of the XZ plane)
  float about_y = 0.0f;  // radians, in (-pi, pi] (heading in the XZ plane, 0 along +X)
  float length = 0.0f;   // distance from the reference point to the control point, metres
};
// 'control_rf' is the control point in the reference point's frame (reference at the origin).
// A control point on the origin (or non-finite) gives zero angles and zero length.
OneBoneAngles solve_one_bone(const glm::vec3& control_rf);
// R * (1,0,0) for the angles: the unit bone direction they describe.
glm::vec3 one_bone_direction(const OneBoneAngles& a);

// ---------------------------------------------------------------------------------------------
// Control point into a reference frame. 'frame' maps the frame's local coordinates to the parent
// space (column 3 = origin). Both give the point in frame coordinates.
// General form: multiply by the full 4x4 inverse (works for any invertible frame).
template <class T>
glm::vec<3, T> to_frame_inverse(const glm::mat<4, 4, T>& frame, const glm::vec<3, T>& p) {
  return glm::vec<3, T>(glm::inverse(frame) * glm::vec<4, T>(p, T(1)));
}
// Rigid fast form: transposed rotation times (p - origin). Only valid when the upper 3x3 of
// 'frame' is orthonormal (rotation, no scale/shear) -- true for every bone frame in this engine.
template <class T>
glm::vec<3, T> to_frame_rigid(const glm::mat<4, 4, T>& frame, const glm::vec<3, T>& p) {
  const glm::vec<3, T> d = p - glm::vec<3, T>(frame[3]);
  // The transposed rotation applied to d: dot products with the frame's axes.
  return glm::vec<3, T>(glm::dot(glm::vec<3, T>(frame[0]), d), glm::dot(glm::vec<3, T>(frame[1]), d),
                        glm::dot(glm::vec<3, T>(frame[2]), d));
}

// ---------------------------------------------------------------------------------------------
// Two bones (root A, joint Q, tip), ozz-style job. Scalar type T is float (per-tick use) or double
// (tools and tests that need 1e-6 relative length accuracy at any coordinate magnitude).
template <class T>
struct TwoBoneResult {
  using Vec = glm::vec<3, T, glm::defaultp>;
  Vec root{0};   // root actually used (the input root, or the origin when it was not finite)
  Vec joint{0};  // Q: knee / elbow
  Vec tip{0};    // end of the second bone: the target when reached
  bool reached = false;  // tip within kReachTolerance of the target
  T error = 0;           // |tip - target|, metres (0 when reached)
  T bend = 0;            // interior angle at the joint, radians: pi = straight, 0 = fully folded
};

template <class T>
struct TwoBoneIkJob {
  using Vec = glm::vec<3, T, glm::defaultp>;
  Vec root{0};           // chain root A, any space (outputs are in the same space)
  Vec target{0};         // where the tip should go (the control point)
  Vec pole{0, 0, 1};     // bend hint: the joint goes to this side of the root->target line.
                         // Any length; only its part perpendicular to root->target matters.
  T l1 = 0;              // root->joint length, metres, finite and >= 0
  T l2 = 0;              // joint->tip length, metres, finite and >= 0
  bool flip = false;     // bend to the opposite side of the pole
  TwoBoneResult<T>* out = nullptr;

  // False when out is null or any input is non-finite or a length is negative.
  bool validate() const;
  // Solves. Returns validate(); when invalid (but out is set) it still writes a finite fallback
  // solved from sanitized inputs (non-finite -> 0, negative lengths -> 0).
  bool run() const;
};
using TwoBoneIk = TwoBoneIkJob<float>;
using TwoBoneIkD = TwoBoneIkJob<double>;

// Relative reach tolerance: targets within (l1+l2)*(1+kReachSlack) count as reachable.
constexpr double kReachSlack = 1e-6;

// ---------------------------------------------------------------------------------------------
// Clamping against a plane (a wall's surface; its positive side is "in front").
// A point less than 'margin' in front of the plane is moved along the normal onto plane + margin.
// Returns true when it moved the point.
bool clamp_to_plane(const Plane& plane, float margin, glm::vec3* p);

struct ClampedSolve {
  TwoBoneResult<float> chain;
  glm::vec3 target{0.0f};  // the target after clamping
  bool clamped = false;    // the target was moved onto the plane
  bool repoled = false;    // the bend was rotated about root->target to keep the joint in front
  bool clear = false;      // root, joint and tip are all at least 'margin' (minus 1e-5 m) in front
};
// Clamps the job's target against the plane, solves, and if the joint Q ends up behind
// plane + margin rotates the bend plane about the root->target axis by the smallest angle that
// brings Q in front (the joint moves on a circle around that axis; we pick the point of that
// circle nearest the requested pole among those in front). The tip stays on the clamped target.
// 'clear' is false only when no bend can help (e.g. the root itself is behind the plane).
ClampedSolve solve_two_bone_clamped(const TwoBoneIk& job, const Plane& plane, float margin);

}  // namespace cf
