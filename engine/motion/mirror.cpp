#include "motion/mirror.h"

#include <cmath>
#include <utility>

namespace cf {
namespace {

struct Reflection {
  glm::vec3 n;  // unit, horizontal
  float d;      // n . x = d on the plane
  glm::vec3 point(const glm::vec3& x) const { return x - 2.0f * (glm::dot(n, x) - d) * n; }
  glm::vec3 vector(const glm::vec3& v) const { return v - 2.0f * glm::dot(n, v) * n; }
  // S R S for a rotation R = (w, v): the axis maps to -S v, the angle is kept.
  glm::quat rotation(const glm::quat& q) const {
    const glm::vec3 v = -vector(glm::vec3(q.x, q.y, q.z));
    return glm::normalize(glm::quat(q.w, v.x, v.y, v.z));
  }
};

void reflect_points(Vec3Channel* c, const Reflection& r) {
  for (glm::vec3& v : c->values) v = r.point(v);
}
void reflect_vectors(Vec3Channel* c, const Reflection& r) {
  for (glm::vec3& v : c->values) v = r.vector(v);
}

}  // namespace

bool mirror_clip(const MotionClip& in, const glm::vec3& plane_point, const glm::vec3& plane_normal,
                 MotionClip* out) {
  glm::vec3 n(plane_normal.x, 0.0f, plane_normal.z);
  const float len = glm::length(n);
  if (!(len > 1e-6f) || !std::isfinite(len)) return false;
  n /= len;
  const Reflection r{n, glm::dot(n, plane_point)};
  MotionClip m = in;
  m.mirrored = !in.mirrored;
  m.cycle_offset_ms = r.vector(in.cycle_offset_ms);
  for (glm::quat& q : m.waist_orientation.values) q = r.rotation(q);
  for (int p = 0; p < kMotionPartCount; ++p) {
    PartChannels& c = m.parts[p];
    if (static_cast<MotionPart>(p) == MotionPart::kWaist) reflect_points(&c.reference, r);
    else reflect_vectors(&c.reference, r);  // offset in the waist frame: R' (S o) = S (R o)
    reflect_points(&c.control, r);
    reflect_vectors(&c.pole, r);
  }
  std::swap(m[MotionPart::kLeftArm], m[MotionPart::kRightArm]);
  std::swap(m[MotionPart::kLeftLeg], m[MotionPart::kRightLeg]);
  std::swap(m.foot_contact[0], m.foot_contact[1]);
  std::swap(m.hand_contact[0], m.hand_contact[1]);
  std::swap(m.body.legs[0], m.body.legs[1]);
  std::swap(m.body.arms[0], m.body.arms[1]);
  if (m.obstacle.present && std::fabs(n.x) < 1e-6f) {
    // A plane facing +-Z moves the fence along Z; its face is the reflected far face.
    const float far_z = r.point(glm::vec3(0.0f, 0.0f, in.obstacle.near_z + in.obstacle.thickness)).z;
    m.obstacle.near_z = far_z;
  }
  *out = std::move(m);
  return true;
}

}  // namespace cf
