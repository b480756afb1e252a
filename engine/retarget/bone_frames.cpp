// Bone frames: the bind pose, limb bones written from solved chains, rigid placements.
#include "retarget/bone_frames.h"

#include <cmath>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtx/quaternion.hpp>

#include "math/geometry.h"

namespace cf {
namespace {


// Unit vector perpendicular to unit x: the world axis least aligned with x, made orthogonal.
glm::vec3 perpendicular(const glm::vec3& x) {
  float ax = std::abs(x.x), ay = std::abs(x.y), az = std::abs(x.z);
  glm::vec3 axis = ay <= ax && ay <= az ? kWorldUp : (az <= ax ? glm::vec3(0, 0, 1) : glm::vec3(1, 0, 0));
  return glm::normalize(axis - x * glm::dot(axis, x));
}

// Bend direction of a chain A, B, C: B's offset from line AC; the pole (made perpendicular to AC)
// when the chain is straight.
glm::vec3 bend_direction(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c, const glm::vec3& pole) {
  glm::vec3 axis = unit_or(c - a, unit_or(b - a, glm::vec3(0, -1, 0)));
  glm::vec3 v = b - a;
  glm::vec3 p = v - axis * glm::dot(v, axis);
  float len = glm::length(p);
  if (len > 1e-5f * (glm::length(v) + 1e-6f) && len > 1e-7f) return p / len;
  glm::vec3 q = pole - axis * glm::dot(pole, axis);
  float ql = glm::length(q);
  return ql > 1e-6f ? q / ql : perpendicular(axis);
}

// Frame of a limb bone: column 2 is the limb's hinge axis (normal of the bend plane, the axis the
// knee or elbow turns about) made perpendicular to the bone, so the roll follows the bend and the
// foot/hand bone (which points along the bend direction) never falls into a degenerate hint.
glm::mat4 limb_bone_frame(const glm::vec3& head, const glm::vec3& tail, const glm::vec3& a, const glm::vec3& c,
                          const glm::vec3& bend) {
  glm::vec3 hinge = glm::cross(unit_or(c - a, perpendicular(bend)), bend);
  glm::vec3 x = unit_or(tail - head, glm::vec3(0, 0, 1));
  return bone_frame(head, tail, glm::cross(hinge, x));
}

}  // namespace

glm::mat4 bone_frame(const glm::vec3& head, const glm::vec3& tail, const glm::vec3& roll_hint) {
  glm::vec3 x = unit_or(tail - head, glm::vec3(0, 0, 1));
  // z from a cross product and y = z x x: orthonormal to rounding even for a hint near the bone.
  glm::vec3 z = glm::cross(x, roll_hint);
  float zl = glm::length(z), hl = glm::length(roll_hint);
  z = zl > 1e-3f * hl && std::isfinite(zl) ? z / zl : glm::normalize(glm::cross(x, perpendicular(x)));
  glm::vec3 y = glm::cross(z, x);
  glm::mat4 m(1.0f);
  m[0] = glm::vec4(x, 0.0f);
  m[1] = glm::vec4(y, 0.0f);
  m[2] = glm::vec4(z, 0.0f);
  m[3] = glm::vec4(head, 1.0f);
  return m;
}

void bind_pose_matrices(const Rig& rig, std::vector<glm::mat4>* out) {
  const Skeleton& sk = rig.skeleton;
  out->resize(sk.size());
  for (int b = 0; b < sk.size(); ++b) (*out)[b] = bone_frame(sk.head_ms[b], sk.tail_ms[b], kWorldUp);
  for (const LimbChain& l : rig.limbs) {
    glm::vec3 bend = bend_direction(l.nodes[0], l.nodes[1], l.nodes[2], l.pole);
    for (int b : l.bones)
      if (b >= 0 && b < sk.size())
        (*out)[b] = limb_bone_frame(sk.head_ms[b], sk.tail_ms[b], l.nodes[0], l.nodes[2], bend);
  }
}

void write_limb_bones(const Rig& rig, int limb, const LimbPoints& p, const glm::vec3& pole_ms,
                      const glm::mat4* model_to_world, CreaturePose* pose) {
  const LimbChain& l = rig.limbs[static_cast<std::size_t>(limb)];
  const glm::vec3 bend = bend_direction(p.root, p.joint, p.tip, pole_ms);
  const glm::vec3 heads[3] = {p.root, p.joint, p.tip}, tails[3] = {p.joint, p.tip, p.end};
  for (int k = 0; k < 3; ++k) {
    const int bone = l.bones[static_cast<std::size_t>(k)];
    if (bone < 0 || bone >= rig.skeleton.size()) continue;
    const auto i = static_cast<std::size_t>(bone);
    pose->head_ms[i] = heads[k];
    pose->tail_ms[i] = tails[k];
    pose->bone_ms[i] = limb_bone_frame(heads[k], tails[k], p.root, p.tip, bend);
    pose->rotation_ms[i] =
        glm::quat_cast(glm::mat3(pose->bone_ms[i]) * glm::transpose(glm::mat3(pose->bind_ms[i])));
    if (model_to_world) {
      pose->head_ws[i] = glm::vec3(*model_to_world * glm::vec4(heads[k], 1.0f));
      pose->tail_ws[i] = glm::vec3(*model_to_world * glm::vec4(tails[k], 1.0f));
    }
  }
}

glm::mat4 placement(const glm::vec3& position_ws, float heading_rad) {
  glm::mat4 m = glm::rotate(glm::mat4(1.0f), heading_rad, kWorldUp);
  m[3] = glm::vec4(position_ws, 1.0f);
  return m;
}

}  // namespace cf
