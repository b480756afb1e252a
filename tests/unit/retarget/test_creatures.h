#pragma once
// Creatures for the retargeting tests: the shipped ones and seeded random ones.
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/rng.h"
#include "creature/creature.h"
#include "creature/creature_io.h"
#include "motion/motion_clip.h"
#include "motion/motion_library.h"
#include "retarget/creature_pose.h"
#include "skeleton/rig_builder.h"

namespace cf::test {

inline const std::vector<std::string>& shipped_creatures() {
  static const std::vector<std::string> names = {"biped", "biped_arms_tail", "quadruped", "hexapod",
                                                 "octopod", "strider", "stubby"};
  return names;
}

inline std::string asset(const std::string& rel) { return std::string(CF_ASSETS_DIR) + "/" + rel; }

inline Rig load_rig(const std::string& creature_name) {
  auto c = load_creature(asset("creatures/" + creature_name + ".json"));
  EXPECT_TRUE(c.ok()) << (c.ok() ? "" : c.error().to_string());
  if (!c.ok()) return Rig{};
  auto r = build_rig(*c);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().to_string());
  return r.ok() ? *r : Rig{};
}

inline const MotionClip& walk_clip() {
  static const MotionClip clip = [] {
    auto m = load_motion(asset("motions/walk.json"));
    EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().to_string());
    return m.ok() ? *m : MotionClip{};
  }();
  return clip;
}

// A shipped clip, assets/motions/<name>.json, loaded once.
inline const MotionClip& shipped_clip(const std::string& name) {
  static std::map<std::string, MotionClip> clips;
  auto it = clips.find(name);
  if (it == clips.end()) {
    auto m = load_motion(asset("motions/" + name + ".json"));
    EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().to_string());
    it = clips.emplace(name, m.ok() ? *m : MotionClip{}).first;
  }
  return it->second;
}

// The shipped library's motions the game's clip action plays (one-shots, held loops and poses), in the
// library's order: the grids loop over these, never over a list of names.
inline const std::vector<std::string>& library_clip_motions() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    const MotionLibrary lib = load_motion_library({asset("motions")});
    for (const LibraryMotion& m : lib.motions)
      if (plays_as_clip(m)) out.push_back(m.name);
    return out;
  }();
  return names;
}

inline Creature scaled(Creature c, float k) {
  for (Part& p : c.parts) {
    p.radius *= k;
    for (glm::vec3& v : p.stroke) v *= k;
  }
  return c;
}

// True when leg 'limb''s knee is on the far side of the line hip-ankle from its pole (bent backwards).
inline bool knee_bent_backwards(const Rig& rig, const CreaturePose& pose, std::size_t limb) {
  const LimbChain& l = rig.limbs[limb];
  const glm::vec3 a = pose.head_ws[static_cast<std::size_t>(l.bones[0])];
  const glm::vec3 b = pose.tail_ws[static_cast<std::size_t>(l.bones[0])];
  const glm::vec3 c = pose.tail_ws[static_cast<std::size_t>(l.bones[1])];
  const glm::vec3 pole = glm::vec3(pose.model_to_world * glm::vec4(pose.limbs[limb].pole_ms, 0.0f));
  const glm::vec3 ac = c - a;
  const float len2 = glm::dot(ac, ac);
  const glm::vec3 on_line = a + (len2 > 1e-12f ? glm::dot(b - a, ac) / len2 : 0.0f) * ac;
  return glm::dot(b - on_line, pole) < -1e-4f * (l.l1 + l.l2);
}

// A random creature: a torso at a random height and pitch, 'legs' legs (odd counts get one centre
// leg) whose drawn lengths vary up to 4x within the creature: each leg is a two-segment stroke
// from its root out to an ankle on the ground plus a short toe, so it stands on y = 0.
inline Creature random_creature(Rng& rng, int legs) {
  Creature c;
  c.name = "random";
  const float height = static_cast<float>(rng.uniform(0.25, 1.4));
  const float torso_len = static_cast<float>(rng.uniform(0.3, 1.2)) * std::max(height, 0.5f);
  const float pitch = static_cast<float>(rng.uniform(-0.15, 0.15));
  const float radius = 0.05f + 0.1f * height;
  Part torso;
  torso.tag = PartTag::kTorso;
  torso.radius = radius;
  for (int i = 0; i < 4; ++i) {
    float z = torso_len * (static_cast<float>(i) / 3.0f - 0.5f);
    torso.stroke.emplace_back(0.0f, height + pitch * z, z);
  }
  c.parts.push_back(torso);
  if (rng.uniform() < 0.5) {
    Part head;
    head.tag = PartTag::kHead;
    head.radius = 0.6f * radius;
    glm::vec3 front = torso.stroke.back();
    head.stroke = {front + glm::vec3(0, 0.05f, 0.05f), front + glm::vec3(0, 0.05f, 0.05f) + glm::vec3(0, 0.2f, 0.2f) * height};
    c.parts.push_back(head);
  }
  // Shortest drawn leg just reaches the ground; the others up to 4x longer.
  const float base = 1.15f * (height + std::abs(pitch) * torso_len);
  const int pairs = legs / 2;
  const bool centre = legs % 2 == 1;
  auto add_leg = [&](float attach_z, float side, float scale) {
    Part leg;
    leg.tag = PartTag::kLeg;
    leg.radius = 0.3f * radius;
    leg.side = side > 0.0f ? Side::kLeft : side < 0.0f ? Side::kRight : Side::kCenter;
    leg.side_given = true;
    glm::vec3 root(side * 0.6f * radius, height + pitch * attach_z, attach_z);
    const float len = base * scale;
    const float h = root.y;
    // Root-to-ankle distance is a share of the length; the rest makes the knee stick out.
    float reach = std::max(h / 0.95f, len * static_cast<float>(rng.uniform(0.75, 0.95)));
    float out = std::sqrt(std::max(0.0f, reach * reach - h * h));
    glm::vec3 dir = side != 0.0f ? glm::vec3(side, 0, 0) : glm::vec3(0, 0, attach_z >= 0 ? 1.0f : -1.0f);
    glm::vec3 ankle = glm::vec3(root.x, 0.0f, root.z) + dir * out;
    float seg = 0.5f * std::max(len, reach * 1.02f);
    glm::vec3 mid = 0.5f * (root + ankle);
    glm::vec3 axis = glm::normalize(ankle - root);
    glm::vec3 bend = glm::normalize(glm::vec3(0, 1, 0) + (side != 0.0f ? glm::vec3(0, 0, 0.3f) : glm::vec3(0.3f, 0, 0)));
    bend = glm::normalize(bend - axis * glm::dot(bend, axis));
    float lift = std::sqrt(std::max(0.0f, seg * seg - 0.25f * reach * reach));
    if (out < 0.05f * len) bend = glm::vec3(0, 0, 1);  // nearly straight down: knee forward
    glm::vec3 knee = mid + bend * lift;
    glm::vec3 toe = ankle + glm::vec3(0, 0, 0.12f * len);
    leg.stroke = {root, knee, ankle, toe};
    c.parts.push_back(leg);
  };
  std::vector<float> scales;
  for (int i = 0; i < legs; ++i) scales.push_back(static_cast<float>(rng.uniform(1.0, 4.0)));
  if (legs >= 2) {  // pin the spread to the full 4x
    scales[0] = 1.0f;
    scales[1] = 4.0f;
  }
  int k = 0;
  for (int p = 0; p < pairs; ++p) {
    float z = pairs == 1 ? 0.0f : torso_len * (0.45f - 0.9f * static_cast<float>(p) / static_cast<float>(pairs - 1));
    add_leg(z, 1.0f, scales[k++]);
    add_leg(z, -1.0f, scales[k++]);
  }
  if (centre) add_leg(pairs == 0 ? 0.0f : -0.5f * torso_len, 0.0f, scales[k++]);
  return c;
}

}  // namespace cf::test
