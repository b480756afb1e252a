#include "creature/creature_rules.h"

#include <algorithm>

#include "math/geometry.h"

namespace cf {

namespace {

const char* kOrdinals[] = {"", "second ", "third ", "fourth ", "fifth ", "sixth ", "seventh ", "eighth "};

bool leg_off_ground(const Part& p) {
  if (p.stroke.empty()) return false;
  float low = p.stroke.front().y;
  for (const glm::vec3& q : p.stroke) low = std::min(low, q.y);
  return low > kLegGroundTolerance_m;
}

}  // namespace

std::string describe_part(const Creature& c, int part) {
  if (part < 0 || part >= static_cast<int>(c.parts.size())) return "the creature";
  const Part& p = c.parts[static_cast<std::size_t>(part)];
  const Side side = p.side_given ? p.side : derive_side(p.stroke);
  std::string name = "the ";
  if (p.tag == PartTag::kLeg || p.tag == PartTag::kArm) {
    if (side != Side::kCenter) name += std::string(to_string(side)) + " ";
    // Rank among limbs of the same tag and side by root z (front first).
    std::vector<float> zs;
    float mine = p.stroke.empty() ? 0.0f : p.stroke.front().z;
    for (const Part& q : c.parts) {
      const Side qs = q.side_given ? q.side : derive_side(q.stroke);
      if (q.tag == p.tag && qs == side && !q.stroke.empty()) zs.push_back(q.stroke.front().z);
    }
    std::sort(zs.begin(), zs.end(), std::greater<float>());
    const auto rank = static_cast<std::size_t>(std::find(zs.begin(), zs.end(), mine) - zs.begin());
    if (zs.size() == 2) name += rank == 0 ? "front " : "back ";
    if (zs.size() >= 3) name += rank == 0 ? "front " : (rank + 1 == zs.size() ? "back " : "middle ");
  } else {
    int before = 0;
    for (int i = 0; i < part; ++i) before += c.parts[static_cast<std::size_t>(i)].tag == p.tag;
    name += kOrdinals[std::min(before, 7)];
  }
  return name + to_string(p.tag);
}

std::vector<RuleProblem> legs_off_the_ground(const Creature& c) {
  std::vector<RuleProblem> out;
  for (std::size_t i = 0; i < c.parts.size(); ++i)
    if (c.parts[i].tag == PartTag::kLeg && leg_off_ground(c.parts[i]))
      out.push_back({static_cast<int>(i), describe_part(c, static_cast<int>(i)) + " does not reach the ground"});
  return out;
}

std::vector<RuleProblem> check_creature_rules(const Creature& c) {
  std::vector<RuleProblem> out;
  const int torso = find_torso(c);
  if (c.parts.empty() || torso < 0) {
    out.push_back({-1, "draw the torso first"});
    return out;
  }
  int legs = 0, arms = 0, torsos = 0;
  for (std::size_t i = 0; i < c.parts.size(); ++i) {
    const Part& p = c.parts[i];
    const int pi = static_cast<int>(i);
    const std::vector<glm::vec3> clean = clean_stroke(p.stroke);
    if (clean.size() < 2 || polyline_length(clean) < CreatureLimits::kMinStrokeLength_m) {
      out.push_back({pi, describe_part(c, pi) + " is too short"});
      continue;
    }
    if (p.tag == PartTag::kTorso && ++torsos > 1) out.push_back({pi, "a creature has only one torso"});
    if (p.tag == PartTag::kLeg && ++legs > CreatureLimits::kMaxLegs)
      out.push_back({pi, "a creature can have at most 8 legs"});
    if (p.tag == PartTag::kArm && ++arms > CreatureLimits::kMaxArms)
      out.push_back({pi, "a creature can have at most 4 arms"});
    if (p.tag != PartTag::kTorso) {
      const Part& t = c.parts[static_cast<std::size_t>(torso)];
      const float d = glm::length(polyline_closest(clean_stroke(t.stroke), p.stroke.front()).position - p.stroke.front());
      if (d > max_attach_distance(t, p)) out.push_back({pi, describe_part(c, pi) + " does not touch the body"});
    }
    if (p.tag == PartTag::kLeg || p.tag == PartTag::kArm) {
      const float reach = glm::length(clean.back() - clean.front());
      if (reach < CreatureLimits::kMinLimbReach * polyline_length(clean))
        out.push_back({pi, describe_part(c, pi) + " curls back onto the body"});
    }
    if (p.tag == PartTag::kLeg && leg_off_ground(p)) out.push_back({pi, describe_part(c, pi) + " does not reach the ground"});
  }
  if (out.empty()) {
    // Anything the file format still refuses, in its own words.
    if (Status s = validate_creature(c, ""); !s) out.push_back({-1, s.error.message});
  }
  return out;
}

}  // namespace cf
