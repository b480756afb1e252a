#include "creature/creature.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "math/geometry.h"

namespace cf {

const char* to_string(PartTag t) {
  switch (t) {
    case PartTag::kTorso: return "torso";
    case PartTag::kHead: return "head";
    case PartTag::kLeg: return "leg";
    case PartTag::kArm: return "arm";
    case PartTag::kTail: return "tail";
  }
  return "torso";
}

const char* to_string(Side s) {
  switch (s) {
    case Side::kCenter: return "center";
    case Side::kLeft: return "left";
    case Side::kRight: return "right";
  }
  return "center";
}

bool parse_part_tag(const std::string& s, PartTag* out) {
  static const PartTag kAll[] = {PartTag::kTorso, PartTag::kHead, PartTag::kLeg, PartTag::kArm, PartTag::kTail};
  for (PartTag t : kAll)
    if (s == to_string(t)) {
      *out = t;
      return true;
    }
  return false;
}

bool parse_side(const std::string& s, Side* out) {
  static const Side kAll[] = {Side::kCenter, Side::kLeft, Side::kRight};
  for (Side v : kAll)
    if (s == to_string(v)) {
      *out = v;
      return true;
    }
  return false;
}

std::vector<glm::vec3> clean_stroke(const std::vector<glm::vec3>& stroke) {
  std::vector<glm::vec3> out;
  out.reserve(stroke.size());
  for (const glm::vec3& p : stroke)
    if (out.empty() || glm::length(p - out.back()) >= CreatureLimits::kRepeatEps_m) out.push_back(p);
  return out;
}

Side derive_side(const std::vector<glm::vec3>& stroke) {
  if (stroke.empty()) return Side::kCenter;
  double sum = 0.0;
  for (const glm::vec3& p : stroke) sum += p.x;
  double mean = sum / static_cast<double>(stroke.size());
  if (mean > CreatureLimits::kSideEps) return Side::kLeft;
  if (mean < -CreatureLimits::kSideEps) return Side::kRight;
  return Side::kCenter;
}

float max_attach_distance(const Part& torso, const Part& part) {
  float len = polyline_length(clean_stroke(torso.stroke));
  return std::max(2.0f * torso.radius, 0.5f * len) + part.radius;
}

int find_torso(const Creature& c) {
  for (std::size_t i = 0; i < c.parts.size(); ++i)
    if (c.parts[i].tag == PartTag::kTorso) return static_cast<int>(i);
  return -1;
}

static std::string num(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

// Checks one part on its own (no reference to the torso).
static Status validate_part(const Part& p, const std::string& file, const std::string& where) {
  if (!std::isfinite(p.radius)) return Error{file, where + ".radius", "radius is NaN or infinite"};
  if (p.radius <= 0.0f) return Error{file, where + ".radius", "radius must be > 0 (got " + num(p.radius) + ")"};
  if (p.radius > CreatureLimits::kMaxRadius_m)
    return Error{file, where + ".radius",
                 "radius " + num(p.radius) + " m is too large (at most " + num(CreatureLimits::kMaxRadius_m) + " m)"};
  const std::string sf = where + ".stroke";
  if (p.stroke.empty()) return Error{file, sf, "stroke is empty (needs at least 2 distinct points)"};
  if (p.stroke.size() > static_cast<std::size_t>(CreatureLimits::kMaxStrokePoints))
    return Error{file, sf, "stroke has " + std::to_string(p.stroke.size()) + " points (at most " +
                               std::to_string(CreatureLimits::kMaxStrokePoints) + ")"};
  for (std::size_t i = 0; i < p.stroke.size(); ++i) {
    const glm::vec3& q = p.stroke[i];
    const std::string pf = sf + "[" + std::to_string(i) + "]";
    for (int k = 0; k < 3; ++k) {
      if (!std::isfinite(q[k])) return Error{file, pf, "coordinate is NaN or infinite"};
      if (std::fabs(q[k]) > CreatureLimits::kMaxCoord_m)
        return Error{file, pf, "coordinate " + num(q[k]) + " is out of range (|c| <= 100 m)"};
    }
  }
  if (p.stroke.size() == 1) return Error{file, sf, "stroke has only one point (needs at least 2 distinct points)"};
  std::vector<glm::vec3> clean = clean_stroke(p.stroke);
  if (clean.size() < 2)
    return Error{file, sf, "stroke repeats one point (zero length; needs at least 2 distinct points)"};
  float len = polyline_length(clean);
  if (len < CreatureLimits::kMinStrokeLength_m)
    return Error{file, sf, "stroke length " + num(len) + " m is too short (at least 0.01 m)"};
  if (p.tag == PartTag::kLeg || p.tag == PartTag::kArm) {
    float reach = glm::length(clean.back() - clean.front());
    if (reach < CreatureLimits::kMinLimbReach * len)
      return Error{file, sf,
                   std::string(to_string(p.tag)) + " stroke curls back onto its root (end-to-end " + num(reach) +
                       " m is under 0.1 x its length " + num(len) + " m)"};
  }
  return {};
}

Status validate_creature(const Creature& c, const std::string& file) {
  if (c.parts.empty()) return Error{file, "parts", "no parts (a creature needs exactly one torso)"};
  if (c.parts.size() > static_cast<std::size_t>(CreatureLimits::kMaxParts))
    return Error{file, "parts", "too many parts (" + std::to_string(c.parts.size()) + ", at most 64)"};
  int torso = -1, legs = 0, arms = 0;
  for (std::size_t i = 0; i < c.parts.size(); ++i) {
    const Part& p = c.parts[i];
    const std::string where = "parts[" + std::to_string(i) + "]";
    if (Status s = validate_part(p, file, where); !s) return s;
    if (p.tag == PartTag::kTorso) {
      if (torso >= 0)
        return Error{file, where + ".tag",
                     "second torso (parts[" + std::to_string(torso) + "] is already the torso; exactly one allowed)"};
      torso = static_cast<int>(i);
    }
    if (p.tag == PartTag::kLeg && ++legs > CreatureLimits::kMaxLegs)
      return Error{file, where + ".tag", "too many legs (at most 8)"};
    if (p.tag == PartTag::kArm && ++arms > CreatureLimits::kMaxArms)
      return Error{file, where + ".tag", "too many arms (at most 4)"};
  }
  if (torso < 0) return Error{file, "parts", "no torso (exactly one part must have tag \"torso\")"};
  if (c.painted) {
    if (c.eyes < 0 || c.eyes > kMaxEyes)
      return Error{file, "paint.eyes", std::to_string(c.eyes) + " eyes (0 to " + std::to_string(kMaxEyes) + ")"};
    for (std::size_t i = 0; i < c.parts.size(); ++i) {
      const PartPaint& pp = c.parts[i].paint;
      const std::string where = "paint.parts[" + std::to_string(i) + "]";
      if (!(pp.scale >= kMinPaintScale && pp.scale <= kMaxPaintScale))
        return Error{file, where + ".scale", "scale " + num(pp.scale) + " is out of range (0.25 to 4)"};
      if (pp.pattern >= PaintPattern::kCount) return Error{file, where + ".pattern", "unknown pattern"};
      if ((pp.base | pp.second) > 0x7fff) return Error{file, where, "colour is not 15-bit"};
    }
  }
  const Part& t = c.parts[static_cast<std::size_t>(torso)];
  std::vector<glm::vec3> spine = clean_stroke(t.stroke);
  for (std::size_t i = 0; i < c.parts.size(); ++i) {
    const Part& p = c.parts[i];
    if (p.tag == PartTag::kTorso) continue;
    float d = glm::length(polyline_closest(spine, p.stroke.front()).position - p.stroke.front());
    float limit = max_attach_distance(t, p);
    if (d > limit)
      return Error{file, "parts[" + std::to_string(i) + "].stroke[0]",
                   std::string(to_string(p.tag)) + " root is " + num(d) + " m from the torso stroke (at most " +
                       num(limit) + " m)"};
  }
  return {};
}

}  // namespace cf
