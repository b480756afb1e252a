#include "retarget/ik.h"
#include "math/angles.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cf {

namespace {



template <class V>
bool finite3(const V& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

// A unit vector perpendicular to unit u: the world axis least aligned with u, made orthogonal.
// Deterministic, so degenerate poles always bend the same way.
template <class V>
V any_perpendicular(const V& u) {
  using T = typename V::value_type;
  T ax = std::abs(u.x), ay = std::abs(u.y), az = std::abs(u.z);
  V axis = az <= ax && az <= ay ? V(0, 0, 1) : (ax <= ay ? V(1, 0, 0) : V(0, 1, 0));
  V p = axis - u * glm::dot(axis, u);
  return p / glm::length(p);
}

}  // namespace

OneBoneAngles solve_one_bone(const glm::vec3& control_rf) {
  OneBoneAngles a;
  if (!finite3(control_rf)) return a;
  float len = glm::length(control_rf);
  if (!(len > 0.0f) || !std::isfinite(len)) return a;
  glm::vec3 d = control_rf / len;
  a.about_z = std::atan2(d.y, std::sqrt(d.x * d.x + d.z * d.z));
  a.about_y = std::atan2(-d.z, d.x);
  a.length = len;
  return a;
}

glm::vec3 one_bone_direction(const OneBoneAngles& a) {
  float cz = std::cos(a.about_z), sz = std::sin(a.about_z);
  float cy = std::cos(a.about_y), sy = std::sin(a.about_y);
  return glm::vec3(cz * cy, sz, -cz * sy);
}

template <class T>
bool TwoBoneIkJob<T>::validate() const {
  return out != nullptr && finite3(root) && finite3(target) && finite3(pole) && std::isfinite(l1) &&
         std::isfinite(l2) && l1 >= 0 && l2 >= 0;
}

template <class T>
bool TwoBoneIkJob<T>::run() const {
  if (!out) return false;
  const bool valid = validate();
  // Sanitize so that the solve below only ever sees finite values.
  const Vec r = finite3(root) ? root : Vec(0);
  const Vec t = finite3(target) ? target : r;
  const T a1 = std::isfinite(l1) && l1 > 0 ? l1 : T(0);
  const T a2 = std::isfinite(l2) && l2 > 0 ? l2 : T(0);
  Vec pn(0, 0, 1);
  if (finite3(pole)) {
    T pl = glm::length(pole);
    if (pl > T(1e-12) && std::isfinite(pl)) pn = pole / pl;
  }

  TwoBoneResult<T> res;
  res.root = r;
  const Vec d = t - r;
  const T dist = glm::length(d);
  const T reach = a1 + a2;
  const T tiny = T(1e-12);
  Vec u;  // unit root->target
  if (dist > tiny && std::isfinite(dist)) {
    u = d / dist;
  } else {
    u = any_perpendicular(pn);  // target on the root: any direction across the bend plane
  }
  // Bend direction: the pole's part perpendicular to u.
  Vec p = pn - u * glm::dot(pn, u);
  T plen = glm::length(p);
  p = plen > T(1e-6) ? p / plen : any_perpendicular(u);
  if (flip) p = -p;

  const T tol = reach * T(kReachSlack) + tiny;
  const T fold = std::abs(a1 - a2);
  if (!std::isfinite(dist)) {
    res.joint = r;
    res.tip = r;
    res.reached = false;
  } else if (dist > reach + tol) {  // too far: straight chain pointing at the target
    res.joint = r + u * a1;
    res.tip = r + u * reach;
    res.reached = false;
    res.bend = T(kPiD);
  } else if (dist < fold - tol) {  // too close: fully folded towards the target
    res.joint = a1 >= a2 ? r + u * a1 : r - u * a1;
    res.tip = r + u * fold;
    res.reached = false;
    res.bend = 0;
  } else {
    const T dc = std::clamp(dist, fold, reach);
    // Law of cosines: distance along u from the root to the joint's foot, then the height.
    const T along = dc > tiny ? (a1 * a1 - a2 * a2 + dc * dc) / (T(2) * dc) : T(0);
    const T h = std::sqrt(std::max(T(0), a1 * a1 - along * along));
    res.joint = r + u * along + p * h;
    res.tip = r + u * dc;  // == target up to tol; keeps both lengths exact
    res.reached = true;
    if (a1 > tiny && a2 > tiny) {
      T c = (a1 * a1 + a2 * a2 - dc * dc) / (T(2) * a1 * a2);
      res.bend = std::acos(std::clamp(c, T(-1), T(1)));
    } else {
      res.bend = T(kPiD);
    }
  }
  if (!finite3(res.joint) || !finite3(res.tip)) {  // overflow on absurd magnitudes
    res.joint = r;
    res.tip = r;
    res.reached = false;
    res.bend = T(kPiD);
  }
  res.error = glm::length(res.tip - t);
  if (!std::isfinite(res.error)) res.error = std::numeric_limits<T>::max();
  *out = res;
  return valid;
}

template struct TwoBoneIkJob<float>;
template struct TwoBoneIkJob<double>;

bool clamp_to_plane(const Plane& plane, float margin, glm::vec3* p) {
  float sd = plane.signed_distance(*p);
  if (!std::isfinite(sd) || sd >= margin) return false;
  *p += plane.n * (margin - sd);
  return true;
}

ClampedSolve solve_two_bone_clamped(const TwoBoneIk& job, const Plane& plane, float margin) {
  ClampedSolve s;
  s.target = job.target;
  s.clamped = clamp_to_plane(plane, margin, &s.target);
  TwoBoneIk j = job;
  j.target = s.target;
  j.out = &s.chain;
  j.run();
  TwoBoneResult<float>& c = s.chain;
  const float want = margin + 2e-6f;  // aim a hair inside so float rounding stays in front
  if (c.reached && plane.signed_distance(c.joint) < want) {
    // Q lies on a circle about the root->tip axis: centre m, radius h, current direction e1.
    glm::vec3 axis = c.tip - c.root;
    float alen = glm::length(axis);
    glm::vec3 u = alen > 1e-9f ? axis / alen : any_perpendicular(plane.n);
    glm::vec3 m = c.root + u * glm::dot(c.joint - c.root, u);
    glm::vec3 radial = c.joint - m;
    float h = glm::length(radial);
    if (h > 1e-7f) {
      glm::vec3 e1 = radial / h;
      glm::vec3 e2 = glm::cross(u, e1);
      // signed distance along the circle: sd(m) + h*R*cos(phi - phi0)
      float n1 = glm::dot(plane.n, e1), n2 = glm::dot(plane.n, e2);
      float big_r = std::sqrt(n1 * n1 + n2 * n2);
      float phi0 = std::atan2(n2, n1);
      float phi = phi0;  // best clearance when nothing is clear
      if (big_r > 1e-7f) {
        float k = (want - plane.signed_distance(m)) / (h * big_r);
        if (k <= 1.0f) {
          float half = std::acos(std::clamp(k, -1.0f, 1.0f));
          float delta = std::remainder(-phi0, 2.0f * kPi);
          phi = phi0 + (delta >= 0.0f ? half : -half);
        }
      }
      c.joint = m + h * (std::cos(phi) * e1 + std::sin(phi) * e2);
      s.repoled = true;
    }
  }
  const float ok = margin - 1e-5f;
  s.clear = plane.signed_distance(c.root) >= ok && plane.signed_distance(c.joint) >= ok &&
            plane.signed_distance(c.tip) >= ok;
  return s;
}

}  // namespace cf
