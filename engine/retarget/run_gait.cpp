#include "retarget/run_gait.h"

#include <algorithm>
#include <cmath>

namespace cf {

namespace {
constexpr float kWalkSpeedRatio = 1.6f;    // the walker's default max_speed_ratio
constexpr float kWalkCadenceRatio = 2.2f;  // the walker's default max_cadence_ratio
constexpr float kWalkReachShare = 0.8f;    // the walker's default reach_share
}  // namespace

float run_share(float stick) {
  if (!std::isfinite(stick)) return 0.0f;
  return std::clamp((stick - kRunStickShare) / (1.0f - kRunStickShare), 0.0f, 1.0f);
}

float run_share_of_speed(const RetargetSetup& setup, float speed_mps) {
  const float from = kRunStickShare * max_speed(setup), top = kRunSpeedRatio * natural_speed(setup);
  return std::isfinite(speed_mps) && top > from ? std::clamp((speed_mps - from) / (top - from), 0.0f, 1.0f) : 0.0f;
}

WalkerParams gait_params(const RetargetSetup& setup, float stick, float speed_mps) {
  WalkerParams p;
  const float r = std::max(run_share(stick), run_share_of_speed(setup, speed_mps));
  if (r <= 0.0f) return p;  // the walk's defaults, bit for bit
  p.max_speed_ratio = kWalkSpeedRatio + r * (kRunSpeedRatio - kWalkSpeedRatio);
  p.max_cadence_ratio = kWalkCadenceRatio + r * (kRunCadenceRatio - kWalkCadenceRatio);
  p.reach_share = kWalkReachShare + r * (kRunReachShare - kWalkReachShare);
  return p;
}

float stick_speed(const RetargetSetup& setup, float stick) {
  const float s = std::isfinite(stick) ? std::clamp(stick, 0.0f, 1.0f) : 0.0f;
  const float walk_top = max_speed(setup);
  const float r = run_share(s);
  if (r <= 0.0f) return s * walk_top;
  const float from = kRunStickShare * walk_top;
  return from + r * (natural_speed(setup) * kRunSpeedRatio - from);
}

}  // namespace cf
