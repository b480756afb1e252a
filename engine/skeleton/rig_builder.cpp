#include "skeleton/rig_builder.h"

#include <algorithm>
#include <tuple>

#include "math/geometry.h"
#include "skeleton/limb_normalizer.h"
#include "skeleton/stroke_path.h"

namespace cf {
namespace {

BoneClass class_of(PartTag t) {
  switch (t) {
    case PartTag::kTorso: return BoneClass::kTorso;
    case PartTag::kHead: return BoneClass::kHead;
    case PartTag::kLeg: return BoneClass::kLeg;
    case PartTag::kArm: return BoneClass::kArm;
    case PartTag::kTail: return BoneClass::kTail;
  }
  return BoneClass::kTorso;
}

char side_letter(Side s) { return s == Side::kLeft ? 'l' : s == Side::kRight ? 'r' : 'c'; }

int add_bone(Skeleton& sk, std::string name, int parent, BoneClass cls, Side side, const glm::vec3& head,
             const glm::vec3& tail, float radius, int part) {
  sk.names.push_back(std::move(name));
  sk.parents.push_back(parent);
  sk.classes.push_back(cls);
  sk.sides.push_back(side);
  sk.head_ms.push_back(head);
  sk.tail_ms.push_back(tail);
  sk.radius.push_back(radius);
  sk.counterpart.push_back(-1);
  sk.part.push_back(part);
  return sk.size() - 1;
}

Status resolve(int given, int fallback, int lo, int hi, const char* field, int* out) {
  *out = given == 0 ? fallback : given;
  if (*out < lo || *out > hi)
    return Error{"", std::string("RigOptions.") + field,
                 "must be 0 (default) or in " + std::to_string(lo) + ".." + std::to_string(hi) + " (got " +
                     std::to_string(given) + ")"};
  return {};
}

// Per non-torso part: the bones it becomes, before they get indices.
struct PartChain {
  int part = -1;
  int attach = 0;                 // spine bone index within the spine (0..N-1)
  std::vector<glm::vec3> joints;  // joint positions, bones are consecutive pairs
  std::vector<std::string> names;
  int limb = -1;                  // index into Rig::limbs for legs and arms
  std::vector<int> bones;         // skeleton indices, filled at emission
};

}  // namespace

Result<Rig> build_rig(const Creature& creature, const RigOptions& options) {
  if (Status s = validate_creature(creature, ""); !s) return s.error;
  int n_spine = 0, n_head = 0, n_tail = 0;
  if (Status s = resolve(options.spine_bones, 4, 3, 32, "spine_bones", &n_spine); !s) return s.error;
  if (Status s = resolve(options.head_bones, 2, 1, 8, "head_bones", &n_head); !s) return s.error;
  if (Status s = resolve(options.tail_bones, 3, 1, 8, "tail_bones", &n_tail); !s) return s.error;

  Rig rig;
  const int torso_index = find_torso(creature);
  const Part& torso = creature.parts[static_cast<std::size_t>(torso_index)];
  const StrokePath spine = StrokePath::from_points(clean_stroke(torso.stroke));
  std::vector<glm::vec3> spine_pts;
  for (int k = 0; k <= n_spine; ++k) spine_pts.push_back(spine.at(spine.length * static_cast<float>(k) / n_spine));
  float cx = 0.0f;
  for (const glm::vec3& p : spine.points) cx += p.x;
  cx /= static_cast<float>(spine.points.size());

  // Limb chains: legs then arms, file order within each tag.
  std::vector<PartChain> chains;
  for (PartTag tag : {PartTag::kLeg, PartTag::kArm}) {
    int per_side[3] = {0, 0, 0};
    for (std::size_t i = 0; i < creature.parts.size(); ++i) {
      const Part& p = creature.parts[i];
      if (p.tag != tag) continue;
      StrokePath path = StrokePath::from_points(clean_stroke(p.stroke));
      NormalizedLimb nl = normalize_limb(path, pick_limb_nodes(path), tag, options.normalize);
      LimbChain lc;
      lc.part = static_cast<int>(i);
      lc.tag = tag;
      lc.side = p.side;
      lc.drawn = nl.drawn.p;
      lc.nodes = nl.normalized.p;
      lc.l1 = nl.normalized.l1;
      lc.l2 = nl.normalized.l2;
      lc.l3 = nl.normalized.l3;
      lc.cases = nl.cases;
      lc.pole = nl.pole;
      PartChain pc;
      pc.part = lc.part;
      pc.limb = static_cast<int>(rig.limbs.size());
      pc.joints.assign(lc.nodes.begin(), lc.nodes.end());
      std::string base = std::string(tag == PartTag::kLeg ? "leg_" : "arm_") + side_letter(p.side) +
                         std::to_string(per_side[static_cast<int>(p.side)]++) + "_";
      pc.names = {base + "upper", base + "lower", base + (tag == PartTag::kLeg ? "foot" : "hand")};
      rig.limbs.push_back(lc);
      chains.push_back(std::move(pc));
    }
  }
  // Heads and tails: the stroke resampled into equal bones.
  int heads = 0, tails = 0;
  for (std::size_t i = 0; i < creature.parts.size(); ++i) {
    const Part& p = creature.parts[i];
    if (p.tag != PartTag::kHead && p.tag != PartTag::kTail) continue;
    bool head = p.tag == PartTag::kHead;
    int nb = head ? n_head : n_tail;
    StrokePath path = StrokePath::from_points(clean_stroke(p.stroke));
    PartChain pc;
    pc.part = static_cast<int>(i);
    std::string base = std::string(head ? "head" : "tail") + std::to_string(head ? heads++ : tails++) + "_";
    for (int k = 0; k <= nb; ++k) pc.joints.push_back(path.at(path.length * static_cast<float>(k) / nb));
    for (int k = 0; k < nb; ++k) pc.names.push_back(base + std::to_string(k));
    chains.push_back(std::move(pc));
  }
  // Attach every chain to the spine bone nearest its root.
  for (PartChain& pc : chains) {
    float best = -1.0f;
    for (int k = 0; k < n_spine; ++k) {
      float d2 = distance2_to_segment(pc.joints[0], spine_pts[static_cast<std::size_t>(k)],
                                      spine_pts[static_cast<std::size_t>(k) + 1]);
      if (best < 0.0f || d2 < best) {
        best = d2;
        pc.attach = k;
      }
    }
  }
  // Centre of gravity: mean of the leg roots, or the torso's middle.
  int legs = 0;
  glm::vec3 sum(0.0f);
  for (const LimbChain& lc : rig.limbs)
    if (lc.tag == PartTag::kLeg) {
      sum += lc.nodes[0];
      ++legs;
    }
  rig.cog = legs > 0 ? sum / static_cast<float>(legs) : spine.at(0.5f * spine.length);

  // Emit bones depth first: cog, then each spine bone followed by the chains hanging from it.
  Skeleton& sk = rig.skeleton;
  const float cog_len = std::max(0.1f * spine.length, 0.01f);
  rig.cog_bone = add_bone(sk, "cog", -1, BoneClass::kCog, Side::kCenter, rig.cog,
                          rig.cog + glm::vec3(0.0f, 0.0f, cog_len), torso.radius, -1);
  int parent = rig.cog_bone;
  for (int k = 0; k < n_spine; ++k) {
    int b = add_bone(sk, "spine" + std::to_string(k), parent, BoneClass::kTorso, Side::kCenter,
                     spine_pts[static_cast<std::size_t>(k)], spine_pts[static_cast<std::size_t>(k) + 1], torso.radius,
                     torso_index);
    rig.spine_bones.push_back(b);
    parent = b;
    for (PartChain& pc : chains) {
      if (pc.attach != k) continue;
      const Part& p = creature.parts[static_cast<std::size_t>(pc.part)];
      int up = b;
      for (std::size_t j = 0; j + 1 < pc.joints.size(); ++j) {
        up = add_bone(sk, pc.names[j], up, class_of(p.tag), p.side, pc.joints[j], pc.joints[j + 1], p.radius,
                      pc.part);
        pc.bones.push_back(up);
      }
      if (pc.limb >= 0) {
        LimbChain& lc = rig.limbs[static_cast<std::size_t>(pc.limb)];
        lc.attach_bone = b;
        for (std::size_t j = 0; j < 3; ++j) lc.bones[j] = pc.bones[j];
      }
    }
  }
  // Heads and tails in file order for the per-kind lists.
  for (const PartChain& pc : chains) {
    PartTag t = creature.parts[static_cast<std::size_t>(pc.part)].tag;
    std::vector<int>& dst = t == PartTag::kHead ? rig.head_bones : rig.tail_bones;
    if (t == PartTag::kHead || t == PartTag::kTail) dst.insert(dst.end(), pc.bones.begin(), pc.bones.end());
  }

  // Counterparts: left/right chains of one tag, closest mirrored roots first.
  std::vector<std::tuple<float, std::size_t, std::size_t>> pairs;
  for (std::size_t i = 0; i < chains.size(); ++i)
    for (std::size_t j = 0; j < chains.size(); ++j) {
      const Part& a = creature.parts[static_cast<std::size_t>(chains[i].part)];
      const Part& b = creature.parts[static_cast<std::size_t>(chains[j].part)];
      if (a.tag != b.tag || a.side != Side::kLeft || b.side != Side::kRight) continue;
      if (chains[i].bones.size() != chains[j].bones.size()) continue;
      glm::vec3 m = chains[i].joints[0];
      m.x = 2.0f * cx - m.x;
      float d = glm::length(m - chains[j].joints[0]);
      if (d <= 0.25f * spine.length + a.radius + b.radius) pairs.emplace_back(d, i, j);
    }
  std::stable_sort(pairs.begin(), pairs.end());
  std::vector<bool> used(chains.size(), false);
  for (const auto& [d, i, j] : pairs) {
    if (used[i] || used[j]) continue;
    used[i] = used[j] = true;
    for (std::size_t k = 0; k < chains[i].bones.size(); ++k) {
      sk.counterpart[static_cast<std::size_t>(chains[i].bones[k])] = chains[j].bones[k];
      sk.counterpart[static_cast<std::size_t>(chains[j].bones[k])] = chains[i].bones[k];
    }
  }
  for (const LimbChain& lc : rig.limbs) rig.sole_height = std::max(rig.sole_height, foot_radius(rig, lc));
  return rig;
}

float foot_radius(const Rig& rig, const LimbChain& limb) {
  const int cd = limb.bones[2];
  if (limb.tag != PartTag::kLeg || cd < 0 || cd >= rig.skeleton.size()) return 0.0f;
  return rig.skeleton.radius[static_cast<std::size_t>(cd)];
}

}  // namespace cf
