#include "skeleton/limb_normalizer.h"

#include <algorithm>
#include <cmath>

namespace cf {
namespace {

constexpr int kScanSamples = 64;
constexpr int kBisections = 40;
constexpr float kFootRatioClose = 0.25f;  // cases e, f: |CD| = 0.25 |AC|
constexpr float kFootRatioSlide = 0.3f;   // case g: slide C until |CD| <= 0.3 |AC|
constexpr float kStraightDeg = 10.0f;     // below this the final chain gets the bend
constexpr float kBendFraction = 0.04f;    // bend offset, fraction of the drawn length

LimbShape make_shape(const StrokePath& st, const std::array<float, 4>& s) {
  LimbShape sh;
  sh.s = s;
  for (int i = 0; i < 4; ++i) sh.p[static_cast<std::size_t>(i)] = st.at(s[static_cast<std::size_t>(i)]);
  sh.l1 = glm::length(sh.p[1] - sh.p[0]);
  sh.l2 = glm::length(sh.p[2] - sh.p[1]);
  sh.l3 = glm::length(sh.p[3] - sh.p[2]);
  return sh;
}

// Arc length in [s0, s1] where the stroke point is as far from P(s0) as from P(s1).
float between(const StrokePath& st, float s0, float s1) {
  glm::vec3 a = st.at(s0), c = st.at(s1);
  float lo = s0, hi = s1;  // g(lo) < 0 <= g(hi), g = |P-a| - |P-c|
  for (int i = 0; i < kBisections; ++i) {
    float mid = 0.5f * (lo + hi);
    glm::vec3 p = st.at(mid);
    if (glm::length(p - a) - glm::length(p - c) < 0.0f)
      lo = mid;
    else
      hi = mid;
  }
  return 0.5f * (lo + hi);
}

// Finds, scanning from 'from' towards 'to' (either direction), the first arc length where pred
// holds, refined by bisection against the last sample where it did not. Returns 'to' when pred
// never holds before it.
template <class Pred>
float first_where(const StrokePath& st, float from, float to, Pred pred) {
  if (pred(st.at(from))) return from;
  float prev = from;
  for (int k = 1; k <= kScanSamples; ++k) {
    float s = from + (to - from) * (static_cast<float>(k) / kScanSamples);
    if (pred(st.at(s))) {
      float bad = prev, good = s;
      for (int i = 0; i < kBisections; ++i) {
        float mid = 0.5f * (bad + good);
        if (pred(st.at(mid)))
          good = mid;
        else
          bad = mid;
      }
      return good;
    }
    prev = s;
  }
  return to;
}

// C close to D: the stroke point nearest D (scanning back from D) with |CD| = f |AC|.
float close_to_end(const StrokePath& st, float s_d, float f) {
  glm::vec3 a = st.at(0.0f), d = st.at(s_d);
  // Scan from D back to A for the first point where |PD| >= f|PA|; keep the side nearer D.
  float s = first_where(st, s_d, 0.0f, [&](const glm::vec3& p) {
    return glm::length(p - d) >= f * glm::length(p - a);
  });
  // Step back onto the "small foot" side: bisection returned the first satisfying point; take
  // the slide rule from there towards D so L3 <= f |AC| holds exactly.
  return first_where(st, s, s_d, [&](const glm::vec3& p) {
    return glm::length(p - d) <= f * glm::length(p - a);
  });
}

// C slid from s_c towards D until |CD| <= f |AC|.
float slide_to_end(const StrokePath& st, float s_c, float s_d, float f) {
  glm::vec3 a = st.at(0.0f), d = st.at(s_d);
  return first_where(st, s_c, s_d, [&](const glm::vec3& p) {
    return glm::length(p - d) <= f * glm::length(p - a);
  });
}

glm::vec3 natural_bend(PartTag tag) {
  return tag == PartTag::kArm ? glm::vec3(0.0f, 0.0f, -1.0f) : glm::vec3(0.0f, 0.0f, 1.0f);
}

// Unit direction perpendicular to a->c: the natural bend, or up/down when the chain runs along Z.
glm::vec3 natural_perp(PartTag tag, const glm::vec3& a, const glm::vec3& c) {
  glm::vec3 ac = c - a;
  float len = glm::length(ac);
  glm::vec3 n = natural_bend(tag);
  if (len <= 1e-9f) return n;
  ac /= len;
  glm::vec3 perp = n - glm::dot(n, ac) * ac;
  if (glm::length(perp) < 1e-3f) {
    glm::vec3 alt = tag == PartTag::kArm ? glm::vec3(0.0f, -1.0f, 0.0f) : glm::vec3(0.0f, 1.0f, 0.0f);
    perp = alt - glm::dot(alt, ac) * ac;
  }
  return glm::normalize(perp);
}

bool same(const std::array<float, 4>& a, const std::array<float, 4>& b) {
  for (std::size_t i = 0; i < 4; ++i)
    if (std::fabs(a[i] - b[i]) > 1e-7f) return false;
  return true;
}

// Case g: slide C when the foot is too long, then B to the balance point.
void general_slide(const StrokePath& st, std::array<float, 4>& s, bool force) {
  LimbShape sh = make_shape(st, s);
  float ac = glm::length(sh.p[2] - sh.p[0]);
  if (sh.l3 > 0.35f * (sh.l1 + sh.l2) || (force && sh.l3 > kFootRatioSlide * ac))
    s[2] = slide_to_end(st, s[2], s[3], kFootRatioSlide);
  s[1] = between(st, 0.0f, s[2]);
}

}  // namespace

bool limb_is_ideal(float l1, float l2, float l3) {
  if (!(l2 > 0.0f) || !(l1 > 0.0f)) return false;
  float r = l1 / l2;
  return r >= 0.8f && r <= 1.25f && l3 <= 0.35f * (l1 + l2);
}

float bend_angle_deg(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c) {
  glm::vec3 u = b - a, v = c - b;
  float lu = glm::length(u), lv = glm::length(v);
  if (lu <= 1e-9f || lv <= 1e-9f) return 0.0f;
  float cosang = std::clamp(glm::dot(u, v) / (lu * lv), -1.0f, 1.0f);
  return std::acos(cosang) * 57.29577951308232f;
}

std::array<float, 4> pick_limb_nodes(const StrokePath& st) {
  const float len = st.length;
  const float w = 0.1f * len;
  struct Corner {
    float s, angle;
  };
  std::vector<Corner> corners;
  for (std::size_t i = 1; i + 1 < st.points.size(); ++i) {
    float s = st.arc[i];
    if (s < 0.02f * len || s > 0.98f * len) continue;
    float angle = bend_angle_deg(st.at(s - w), st.points[i], st.at(s + w));
    if (angle > 20.0f) corners.push_back({s, angle});
  }
  std::stable_sort(corners.begin(), corners.end(), [](const Corner& x, const Corner& y) { return x.angle > y.angle; });
  std::vector<float> picked;
  for (const Corner& c : corners) {
    if (picked.size() == 2) break;
    if (picked.empty() || std::fabs(c.s - picked[0]) >= w) picked.push_back(c.s);
  }
  std::sort(picked.begin(), picked.end());
  float sb, sc;
  if (picked.size() == 2) {
    sb = picked[0];
    sc = picked[1];
  } else if (picked.size() == 1) {
    if (picked[0] >= 0.6f * len) {
      sc = picked[0];
      sb = 0.5f * sc;
    } else {
      sb = picked[0];
      sc = sb + 0.8f * (len - sb);
    }
  } else {
    sb = 0.45f * len;
    sc = 0.9f * len;
  }
  return {0.0f, sb, sc, len};
}

NormalizedLimb normalize_limb(const StrokePath& st, const std::array<float, 4>& s_in, PartTag tag, bool normalize) {
  NormalizedLimb out;
  out.drawn = make_shape(st, s_in);
  std::array<float, 4> s = s_in;
  if (normalize) {
    bool ideal = false;
    for (int pass = 0; pass < kMaxNormalizerPasses; ++pass) {
      LimbShape sh = make_shape(st, s);
      if (limb_is_ideal(sh.l1, sh.l2, sh.l3)) {
        ideal = true;
        break;
      }
      const std::array<float, 4> before = s;
      bool abc = bend_angle_deg(sh.p[0], sh.p[1], sh.p[2]) < kLineAngleDeg;
      bool bcd = bend_angle_deg(sh.p[1], sh.p[2], sh.p[3]) < kLineAngleDeg;
      float ratio = sh.l2 > 0.0f ? sh.l1 / sh.l2 : 0.0f;
      bool ratio_ok = ratio >= 0.8f && ratio <= 1.25f;
      char c;
      if (sh.l3 > sh.l1 + sh.l2) {
        c = 'b';
        s[1] = s[2];
        const glm::vec3 a = sh.p[0], b = sh.p[2];
        const float r = glm::length(b - a);
        s[2] = first_where(st, s[1], s[3], [&](const glm::vec3& p) { return glm::length(p - b) >= r; });
      } else if (sh.l1 > sh.l2 + sh.l3) {
        c = 'c';
        s[3] = s[2];
        s[2] = s[1];
        s[1] = between(st, 0.0f, s[2]);
      } else if (abc && bcd) {
        c = 'f';
        s[2] = close_to_end(st, s[3], kFootRatioClose);
        s[1] = between(st, 0.0f, s[2]);
      } else if (abc && !ratio_ok) {
        c = 'd';
        s[1] = between(st, 0.0f, s[2]);
      } else if (bcd) {
        c = 'e';
        s[2] = close_to_end(st, s[3], kFootRatioClose);
        s[1] = between(st, 0.0f, s[2]);
      } else {
        c = 'g';
        general_slide(st, s, false);
      }
      out.cases += c;
      if (same(before, s)) break;  // no progress: the forced slide below finishes the job
    }
    if (!ideal) {
      LimbShape sh = make_shape(st, s);
      if (!limb_is_ideal(sh.l1, sh.l2, sh.l3)) {
        general_slide(st, s, true);
        out.cases += 'g';
      }
    }
  }
  out.normalized = make_shape(st, s);
  LimbShape& n = out.normalized;
  const glm::vec3 a = n.p[0], c = n.p[2];
  glm::vec3 ac = c - a;
  float ac_len = glm::length(ac);
  glm::vec3 perp(0.0f);
  if (ac_len > 1e-9f) {
    glm::vec3 dir = ac / ac_len;
    glm::vec3 v = n.p[1] - a;
    perp = v - glm::dot(v, dir) * dir;
  }
  if (normalize && bend_angle_deg(n.p[0], n.p[1], n.p[2]) < kStraightDeg) {
    // Straight chain: push B off the line in the natural direction so IK knows where to bend.
    n.p[1] += natural_perp(tag, a, c) * (kBendFraction * st.length);
    n.l1 = glm::length(n.p[1] - n.p[0]);
    n.l2 = glm::length(n.p[2] - n.p[1]);
    out.bent = true;
    glm::vec3 v = n.p[1] - a;
    perp = ac_len > 1e-9f ? v - glm::dot(v, ac / ac_len) * (ac / ac_len) : glm::vec3(0.0f);
  }
  // The pole follows the chain's actual bend; a chain with (almost) none falls back to the natural one.
  if (glm::length(perp) > 0.005f * st.length)
    out.pole = glm::normalize(perp);
  else
    out.pole = natural_perp(tag, a, c);
  return out;
}

NormalizedLimb normalize_limb(const std::vector<glm::vec3>& stroke, const std::array<float, 4>& s, PartTag tag,
                              bool normalize) {
  return normalize_limb(StrokePath::from_points(clean_stroke(stroke)), s, tag, normalize);
}

}  // namespace cf
