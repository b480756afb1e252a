#include "retarget/pose_blend.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/quaternion.hpp>

#include "retarget/bone_frames.h"
#include "retarget/ik.h"

namespace cf {

bool blend_pose_world(const CreaturePose& from, const CreaturePose& to, float w, CreaturePose* out) {
  const std::size_t n = to.head_ws.size();
  if (!out || !std::isfinite(w) || from.head_ws.size() != n || from.bone_ms.size() != n || to.bone_ms.size() != n ||
      from.limbs.size() != to.limbs.size())
    return false;
  if (out != &to) *out = to;  // same sizes: no allocation
  w = std::clamp(w, 0.0f, 1.0f);
  const glm::mat4 w2m = glm::inverse(to.model_to_world);
  const glm::mat3 from_rot(from.model_to_world), to_rot(to.model_to_world), w2m_rot(w2m);
  auto mix = [w](const glm::vec3& a, const glm::vec3& b) { return a + (b - a) * w; };
  for (std::size_t b = 0; b < n; ++b) {
    const glm::vec3 head = mix(from.head_ws[b], to.head_ws[b]);
    const glm::vec3 tail = mix(from.tail_ws[b], to.tail_ws[b]);
    const glm::vec3 roll = mix(from_rot * glm::vec3(from.bone_ms[b][1]), to_rot * glm::vec3(to.bone_ms[b][1]));
    out->head_ws[b] = head;
    out->tail_ws[b] = tail;
    out->head_ms[b] = glm::vec3(w2m * glm::vec4(head, 1.0f));
    out->tail_ms[b] = glm::vec3(w2m * glm::vec4(tail, 1.0f));
    if (glm::length(tail - head) > 1e-6f) {
      out->bone_ms[b] = bone_frame(out->head_ms[b], out->tail_ms[b], w2m_rot * roll);
      if (b < out->rotation_ms.size() && b < out->bind_ms.size())
        out->rotation_ms[b] =
            glm::quat_cast(glm::mat3(out->bone_ms[b]) * glm::transpose(glm::mat3(out->bind_ms[b])));
    }
  }
  out->cog_ws = mix(from.cog_ws, to.cog_ws);
  out->cog_ms = glm::vec3(w2m * glm::vec4(out->cog_ws, 1.0f));
  for (std::size_t l = 0; l < out->limbs.size(); ++l) {
    out->limbs[l].target_ws = mix(from.limbs[l].target_ws, to.limbs[l].target_ws);
    out->limbs[l].target_ms = glm::vec3(w2m * glm::vec4(out->limbs[l].target_ws, 1.0f));
  }
  return true;
}

void bend_knees_forward(const Rig& rig, CreaturePose* pose) {
  for (std::size_t i = 0; i < rig.limbs.size() && i < pose->limbs.size(); ++i) {
    const LimbChain& l = rig.limbs[i];
    if (l.tag != PartTag::kLeg || l.bones[0] < 0 || l.bones[1] < 0 || l.bones[2] < 0) continue;
    const auto b0 = static_cast<std::size_t>(l.bones[0]), b1 = static_cast<std::size_t>(l.bones[1]),
               b2 = static_cast<std::size_t>(l.bones[2]);
    const glm::vec3 a = pose->head_ms[b0], knee = pose->tail_ms[b0], c = pose->tail_ms[b1];
    const glm::vec3 pole = pose->limbs[i].pole_ms;
    const glm::vec3 ac = c - a;
    const float len2 = glm::dot(ac, ac);
    if (!(len2 > 1e-12f)) continue;
    const glm::vec3 on_line = a + glm::dot(knee - a, ac) / len2 * ac;
    if (!(glm::dot(knee - on_line, pole) < 0.0f)) continue;
    TwoBoneResult<float> r;
    TwoBoneIk ik;
    ik.root = a;
    ik.target = c;
    ik.pole = pole;
    ik.l1 = l.l1;
    ik.l2 = l.l2;
    ik.out = &r;
    if (!ik.run()) continue;
    write_limb_bones(rig, static_cast<int>(i), LimbPoints{a, r.joint, r.tip, r.tip + (pose->tail_ms[b2] - c)}, pole,
                     &pose->model_to_world, pose);
  }
}

bool add_pose_world(const CreaturePose& p, float k, CreaturePose* out) {
  const std::size_t n = p.head_ws.size();
  if (!out || !std::isfinite(k) || out->head_ws.size() != n || out->tail_ws.size() != n ||
      out->limbs.size() != p.limbs.size())
    return false;
  for (std::size_t b = 0; b < n; ++b) {
    out->head_ws[b] += k * p.head_ws[b];
    out->tail_ws[b] += k * p.tail_ws[b];
  }
  out->cog_ws += k * p.cog_ws;
  for (std::size_t l = 0; l < out->limbs.size(); ++l) out->limbs[l].target_ws += k * p.limbs[l].target_ws;
  return true;
}

void refit_pose_world(CreaturePose* out) {
  const glm::mat4 w2m = glm::inverse(out->model_to_world);
  for (std::size_t b = 0; b < out->head_ws.size(); ++b) {
    out->head_ms[b] = glm::vec3(w2m * glm::vec4(out->head_ws[b], 1.0f));
    out->tail_ms[b] = glm::vec3(w2m * glm::vec4(out->tail_ws[b], 1.0f));
    if (b < out->bone_ms.size() && glm::length(out->tail_ms[b] - out->head_ms[b]) > 1e-6f) {
      out->bone_ms[b] = bone_frame(out->head_ms[b], out->tail_ms[b], glm::vec3(out->bone_ms[b][1]));
      if (b < out->rotation_ms.size() && b < out->bind_ms.size())
        out->rotation_ms[b] = glm::quat_cast(glm::mat3(out->bone_ms[b]) * glm::transpose(glm::mat3(out->bind_ms[b])));
    }
  }
  out->cog_ms = glm::vec3(w2m * glm::vec4(out->cog_ws, 1.0f));
  for (auto& l : out->limbs) l.target_ms = glm::vec3(w2m * glm::vec4(l.target_ws, 1.0f));
}

float handover_weight(int tick, int ticks) {
  if (ticks <= 0) return 1.0f;
  const float x = std::clamp(static_cast<float>(tick + 1) / static_cast<float>(ticks + 1), 0.0f, 1.0f);
  return x * x * (3.0f - 2.0f * x);
}

}  // namespace cf
