#include "game/frame_rate.h"

#include <algorithm>
#include <cstdio>

namespace cf {

void FrameRateLog::add(const StageTimes& t) {
  ++count_;
  if (frames_.size() < static_cast<std::size_t>(kMaxFrames)) frames_.push_back(t);
}

namespace {

// The q-quantile (0..1) of one stage over the frames, milliseconds.
double quantile_ms(const std::vector<StageTimes>& frames, double StageTimes::*stage, double q) {
  if (frames.empty()) return 0.0;
  std::vector<double> v;
  v.reserve(frames.size());
  for (const StageTimes& f : frames) v.push_back(f.*stage);
  const auto k = static_cast<std::size_t>(q * static_cast<double>(v.size() - 1) + 0.5);
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end());
  return 1e3 * v[k];
}

}  // namespace

std::string FrameRateLog::summary() const {
  // The first frame's lap includes start-up; leave it out of the frame-time figures.
  const std::vector<StageTimes> f(frames_.size() > 1 ? frames_.begin() + 1 : frames_.begin(), frames_.end());
  char line[512];
  std::snprintf(line, sizeof line,
                "fps %.1f (%d frames in %.2f s), ticks/s %.1f, frame ms median %.2f p95 %.2f; median ms: "
                "simulation %.2f posing %.2f skinning %.2f geometry %.2f rasterizer %.2f",
                fps(), count_, wall_s_, ticks_per_s(), quantile_ms(f, &StageTimes::frame_s, 0.5),
                quantile_ms(f, &StageTimes::frame_s, 0.95), quantile_ms(f, &StageTimes::simulation_s, 0.5),
                quantile_ms(f, &StageTimes::posing_s, 0.5), quantile_ms(f, &StageTimes::skinning_s, 0.5),
                quantile_ms(f, &StageTimes::geometry_s, 0.5), quantile_ms(f, &StageTimes::rasterizer_s, 0.5));
  return line;
}

}  // namespace cf
