#include "motion/decimate.h"

#include <algorithm>
#include <cmath>

namespace cf {
namespace {

// Greedy refinement: every pass adds, per span between kept keys, the frame with the largest error if it
// is over the bound. 'error(keys, i)' is the error at frame i of the curve through the kept keys.
template <class ErrorFn>
std::vector<int> refine(int n, std::vector<int> keys, float max_error, ErrorFn error) {
  if (n <= 0) return {};
  keys.push_back(0);
  if (n > 1) keys.push_back(n - 1);
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  for (int pass = 0; pass < n; ++pass) {
    std::vector<int> add;
    std::size_t k = 0;
    int worst = -1;
    float worst_err = max_error;
    for (int i = 0; i < n; ++i) {
      if (k < keys.size() && keys[k] == i) {  // span boundary
        if (worst >= 0) add.push_back(worst);
        worst = -1;
        worst_err = max_error;
        ++k;
        continue;
      }
      const float e = error(keys, i);
      if (e > worst_err) {
        worst_err = e;
        worst = i;
      }
    }
    if (worst >= 0) add.push_back(worst);
    if (add.empty()) break;
    keys.insert(keys.end(), add.begin(), add.end());
    std::sort(keys.begin(), keys.end());
  }
  return keys;
}

// The kept keys' times and values, rebuilt only when the key set changes.
template <class T>
struct KeySubset {
  const std::vector<float>& times;
  const std::vector<T>& values;
  std::vector<int> keys;
  std::vector<float> kt;
  std::vector<T> kv;
  void sync(const std::vector<int>& k) {
    if (k == keys) return;
    keys = k;
    kt.clear();
    kv.clear();
    for (int i : k) {
      kt.push_back(times[static_cast<std::size_t>(i)]);
      kv.push_back(values[static_cast<std::size_t>(i)]);
    }
  }
};

}  // namespace

std::vector<int> decimate_vec3(const std::vector<float>& times, const std::vector<glm::vec3>& values,
                               const CurveParams& params, float max_error, const std::vector<int>& forced) {
  KeySubset<glm::vec3> sub{times, values, {}, {}, {}};
  auto error = [&](const std::vector<int>& keys, int i) {
    sub.sync(keys);
    const glm::vec3 v = sample_curve(sub.kt.data(), sub.kv.data(), static_cast<int>(sub.kt.size()), times[i], params);
    return glm::length(v - values[i]);
  };
  return refine(static_cast<int>(times.size()), forced, max_error, error);
}

std::vector<int> decimate_quat(const std::vector<float>& times, const std::vector<glm::quat>& values,
                               const CurveParams& params, float max_error, float lever) {
  KeySubset<glm::quat> sub{times, values, {}, {}, {}};
  auto error = [&](const std::vector<int>& keys, int i) {
    sub.sync(keys);
    const glm::quat q =
        sample_quat_curve(sub.kt.data(), sub.kv.data(), static_cast<int>(sub.kt.size()), times[i], params);
    const float c = std::min(1.0f, std::fabs(glm::dot(q, values[i])));
    return 2.0f * std::acos(c) * lever;
  };
  return refine(static_cast<int>(times.size()), {}, max_error, error);
}

Vec3Channel keyed(const std::vector<float>& times, const std::vector<glm::vec3>& values, const std::vector<int>& keep) {
  Vec3Channel c;
  for (int k : keep) {
    c.times_s.push_back(times[static_cast<std::size_t>(k)]);
    c.values.push_back(values[static_cast<std::size_t>(k)]);
  }
  return c;
}

float close_loop(std::vector<glm::vec3>* v, const glm::vec3& offset) {
  if (v->size() < 2) return 0.0f;
  const std::size_t k = v->size() - 1;
  const glm::vec3 err = (*v)[k] - ((*v)[0] + offset);
  for (std::size_t i = 0; i < k; ++i) (*v)[i] -= err * (static_cast<float>(i) / static_cast<float>(k));
  v->pop_back();
  return glm::length(err);
}

}  // namespace cf
