#include "gltf/key_reduction.h"

#include <algorithm>
#include <cmath>

namespace cf {

namespace {

// Keys sampled at tick f: linear between the bracketing kept ticks.
template <class T, class Lerp>
T sample_keys(const std::vector<T>& values, const std::vector<int>& keys, int f, Lerp lerp) {
  auto hi = std::lower_bound(keys.begin(), keys.end(), f);
  if (*hi == f) return values[f];
  const int b = *hi, a = *(hi - 1);
  return lerp(values[a], values[b], static_cast<double>(f - a) / static_cast<double>(b - a));
}

glm::dvec3 lerp3(const glm::vec3& a, const glm::vec3& b, double t) {
  return glm::dvec3(a) + (glm::dvec3(b) - glm::dvec3(a)) * t;
}
glm::dquat slerp4(const glm::quat& a, const glm::quat& b, double t) {
  return slerp_shortest(glm::dquat(a), glm::dquat(b), t);
}

glm::dmat4 compose(const glm::dvec3& t, const glm::dquat& r) {
  glm::dmat4 m = glm::mat4_cast(glm::normalize(r));
  m[3] = glm::dvec4(t, 1.0);
  return m;
}

class Reducer {
 public:
  explicit Reducer(const KeyReductionInput& in) : in_(in), sk_(*in.skeleton), frames_(*in.frames) {
    bones_ = sk_.size();
    ticks_ = static_cast<int>(frames_.size());
    out_.tracks.resize(bones_);
    out_.keys.resize(bones_);
    depth_.assign(bones_, 0);
    subtree_.resize(bones_);
    for (int b = 0; b < bones_; ++b) {
      const int p = sk_.parents[b];
      if (p >= 0) depth_[b] = depth_[p] + 1;
      for (int a = b; a >= 0; a = sk_.parents[a]) subtree_[a].push_back(b);
      max_depth_ = std::max(max_depth_, depth_[b]);
    }
    local_.assign(static_cast<std::size_t>(ticks_),
                  std::vector<glm::dmat4>(static_cast<std::size_t>(bones_)));
    world_ = local_;
    exact_ = local_;
    for (int b = 0; b < bones_; ++b) {
      JointTrack& tr = out_.tracks[b];
      const int p = sk_.parents[b];
      for (int f = 0; f < ticks_; ++f) {
        const auto& fr = frames_[f];
        glm::vec3 t;
        glm::quat r;
        local_transform(p >= 0 ? fr[p] : glm::mat4(1.0f), fr[b], &t, &r);
        if (f > 0 && glm::dot(r, tr.rotation.back()) < 0.0f) r = -r;
        tr.translation.push_back(t);
        tr.rotation.push_back(r);
        exact_[f][b] = glm::dmat4(fr[b]);
        local_[f][b] = compose(glm::dvec3(t), glm::dquat(r));
      }
      JointKeys& k = out_.keys[b];
      for (int f = 0; f < ticks_; ++f) k.translation.push_back(f), k.rotation.push_back(f);
    }
    for (int f = 0; f < ticks_; ++f) update_world(f, 0, true);
  }

  KeyReduction run() {
    out_.keys_before = 2 * bones_ * ticks_;
    // Tolerance left for float rounding between our evaluation and a player's.
    const double budget = std::max(0.0, static_cast<double>(in_.max_error_m) - 1e-5);
    for (int b = 0; b < bones_; ++b) {
      const double share = budget * (depth_[b] + 1) / (max_depth_ + 1);
      reduce_channel(b, false, share * 0.5);
      reduce_channel(b, true, share);
    }
    double worst = 0.0;
    for (int f = 0; f < ticks_; ++f)
      for (int b = 0; b < bones_; ++b) worst = std::max(worst, bone_error(f, b, world_[f][b]));
    out_.max_error_m = static_cast<float>(worst);
    out_.keys_after = 0;
    for (const JointKeys& k : out_.keys)
      out_.keys_after += static_cast<int>(k.translation.size() + k.rotation.size());
    return std::move(out_);
  }

 private:
  glm::dmat4 local_with(int b, int f, const std::vector<int>& tkeys, const std::vector<int>& rkeys) const {
    const JointTrack& tr = out_.tracks[b];
    return compose(sample_keys<glm::vec3>(tr.translation, tkeys, f, lerp3),
                   sample_keys<glm::quat>(tr.rotation, rkeys, f, slerp4));
  }

  // Recomputes world matrices of b's subtree at tick f from the current locals.
  void update_world(int f, int b, bool all) {
    auto& w = world_[f];
    const auto& l = local_[f];
    const std::vector<int>& bones = all ? all_bones() : subtree_[b];
    for (int c : bones) {
      const int p = sk_.parents[c];
      w[c] = p >= 0 ? w[p] * l[c] : l[c];
    }
  }
  const std::vector<int>& all_bones() {
    if (all_.empty())
      for (int b = 0; b < bones_; ++b) all_.push_back(b);
    return all_;
  }

  double bone_error(int f, int b, const glm::dmat4& world) const {
    const glm::dmat4& e = exact_[f][b];
    double worst = 0.0;
    for (const glm::vec3& p : in_.probes[b]) {
      const glm::dvec4 q(glm::dvec3(p), 1.0);
      worst = std::max(worst, glm::length(glm::dvec3(world * q) - glm::dvec3(e * q)));
    }
    return worst;
  }

  // Worst error over b's subtree at tick f with b's local replaced.
  double subtree_error(int f, int b, const glm::dmat4& local_b) {
    const auto& l = local_[f];
    const auto& w = world_[f];
    const int p = sk_.parents[b];
    scratch_.resize(bones_);
    double worst = 0.0;
    for (int c : subtree_[b]) {
      const int pc = sk_.parents[c];
      glm::dmat4 parent = c == b ? (p >= 0 ? w[p] : glm::dmat4(1.0)) : scratch_[pc];
      scratch_[c] = parent * (c == b ? local_b : l[c]);
      worst = std::max(worst, bone_error(f, c, scratch_[c]));
    }
    return worst;
  }

  // Greedy insertion: from the two end keys, add the worst tick until every tick is within tol.
  void reduce_channel(int b, bool rotation, double tol) {
    JointKeys& jk = out_.keys[b];
    std::vector<int> keys{0, ticks_ - 1};
    std::vector<double> err(static_cast<std::size_t>(ticks_), 0.0);
    auto measure = [&](int lo, int hi) {
      for (int f = lo + 1; f < hi; ++f) {
        const glm::dmat4 l =
            rotation ? local_with(b, f, jk.translation, keys) : local_with(b, f, keys, jk.rotation);
        err[f] = subtree_error(f, b, l);
      }
    };
    measure(0, ticks_ - 1);
    for (;;) {
      auto it = std::max_element(err.begin(), err.end());
      if (*it <= tol) break;
      const int f = static_cast<int>(it - err.begin());
      auto pos = keys.insert(std::upper_bound(keys.begin(), keys.end(), f), f);
      err[f] = 0.0;
      measure(*(pos - 1), f);
      measure(f, *(pos + 1));
    }
    (rotation ? jk.rotation : jk.translation) = keys;
    for (int f = 0; f < ticks_; ++f) {
      local_[f][b] = local_with(b, f, jk.translation, jk.rotation);
      update_world(f, b, false);
    }
  }

  const KeyReductionInput& in_;
  const Skeleton& sk_;
  const std::vector<std::vector<glm::mat4>>& frames_;
  int bones_ = 0, ticks_ = 0, max_depth_ = 0;
  std::vector<int> depth_, all_;
  std::vector<std::vector<int>> subtree_;  // per bone: itself and its descendants, parents first
  std::vector<std::vector<glm::dmat4>> local_, world_, exact_;  // [tick][bone]
  std::vector<glm::dmat4> scratch_;
  KeyReduction out_;
};

}  // namespace

void local_transform(const glm::mat4& parent_ms, const glm::mat4& bone_ms, glm::vec3* t, glm::quat* r) {
  const glm::dmat4 local = glm::inverse(glm::dmat4(parent_ms)) * glm::dmat4(bone_ms);
  *t = glm::vec3(local[3]);
  *r = glm::quat(glm::normalize(glm::quat_cast(glm::dmat3(local))));
}

glm::dquat slerp_shortest(const glm::dquat& a, const glm::dquat& b0, double t) {
  double c = glm::dot(a, b0);
  const glm::dquat b = c < 0.0 ? -b0 : b0;
  c = std::abs(c);
  double wa = 1.0 - t, wb = t;
  if (c < 1.0 - 1e-12) {
    const double angle = std::acos(std::min(c, 1.0)), s = std::sin(angle);
    wa = std::sin(wa * angle) / s;
    wb = std::sin(wb * angle) / s;
  }
  return glm::normalize(
      glm::dquat(a.w * wa + b.w * wb, a.x * wa + b.x * wb, a.y * wa + b.y * wb, a.z * wa + b.z * wb));
}

KeyReduction reduce_keys(const KeyReductionInput& in) {
  if (!in.skeleton || !in.frames || in.frames->size() < 2) return {};
  return Reducer(in).run();
}

}  // namespace cf
