#include "game/run/frame_rate.h"

#include <algorithm>
#include <cstdio>

namespace cf {

void FrameRateLog::add(const StageTimes& t, std::uint64_t ticks_run) {
  // Frame i's ticks are decided at its start (the lap) for the wall time before it. The steady window
  // runs from the second frame's start to the one before the last: the first frame (start-up) and the
  // ticks owed for it stay out, and so does the last lap, whose ticks a bounded run (--ticks) cuts off.
  prev_lap_sum_ = lap_sum_;
  prev_ticks_ = last_ticks_;
  if (count_ > 0) lap_sum_ += t.frame_s;
  if (count_ == 1) {
    steady_lap0_ = lap_sum_;
    steady_ticks0_ = ticks_run;
  }
  last_ticks_ = ticks_run;
  ++count_;
  if (frames_.size() < static_cast<std::size_t>(kMaxFrames)) frames_.push_back(t);
}

double FrameRateLog::steady_seconds() const { return count_ >= 4 ? prev_lap_sum_ - steady_lap0_ : 0.0; }

double FrameRateLog::steady_fps() const {
  const double s = steady_seconds();
  return s > 0.0 ? (count_ - 3) / s : 0.0;
}

double FrameRateLog::steady_ticks_per_s() const {
  const double s = steady_seconds();
  return s > 0.0 ? static_cast<double>(prev_ticks_ - steady_ticks0_) / s : 0.0;
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
  char line[640];
  std::snprintf(line, sizeof line,
                "fps %.1f (%d frames in %.2f s), ticks/s %.1f; steady fps %.1f ticks/s %.1f over %.2f s; ticks "
                "dropped %.0f; frame ms median %.2f p95 %.2f p99 %.2f; slowest tick %.2f ms (tick %llu); median ms: "
                "simulation %.2f posing %.2f skinning %.2f geometry %.2f rasterizer %.2f",
                fps(), count_, wall_s_, ticks_per_s(), steady_fps(), steady_ticks_per_s(), steady_seconds(),
                dropped_ticks_, quantile_ms(f, &StageTimes::frame_s, 0.5),
                quantile_ms(f, &StageTimes::frame_s, 0.95), quantile_ms(f, &StageTimes::frame_s, 0.99),
                1e3 * slowest_tick_s_, static_cast<unsigned long long>(slowest_tick_), quantile_ms(f, &StageTimes::simulation_s, 0.5),
                quantile_ms(f, &StageTimes::posing_s, 0.5), quantile_ms(f, &StageTimes::skinning_s, 0.5),
                quantile_ms(f, &StageTimes::geometry_s, 0.5), quantile_ms(f, &StageTimes::rasterizer_s, 0.5));
  return line;
}

}  // namespace cf
