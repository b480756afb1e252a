#include "game/play/trial_run.h"

#include <cstdio>
#include <cstdlib>

#include "game/play/sim_state.h"
#include "core/json.h"

namespace cf {

std::uint32_t TrialRun::clock_ticks(std::uint64_t tick) const {
  if (phase == Phase::kFinished) return times.finish;
  if (phase != Phase::kRunning || tick < kTrialCountdownTicks) return 0;
  return static_cast<std::uint32_t>(tick - kTrialCountdownTicks);
}

TrialRun begin_trial(const Trial& trial, const TrialTimes* best) {
  TrialRun r;
  if (!trial.present) return r;
  r.phase = TrialRun::Phase::kCountdown;
  r.times.count = static_cast<std::uint32_t>(trial.checkpoints.size());
  if (best && best->count == r.times.count && best->finish > 0) {
    r.has_best = true;
    r.best = *best;
  }
  return r;
}

void update_trial(TrialRun* r, const Trial& trial, const SimState& prev, const SimState& cur) {
  if (!trial.present || r->phase == TrialRun::Phase::kNone || r->phase == TrialRun::Phase::kFinished) return;
  if (cur.tick >= kTrialCountdownTicks) r->phase = TrialRun::Phase::kRunning;
  if (r->phase != TrialRun::Phase::kRunning || cur.creature_count < 1) return;
  const glm::vec2 from(prev.player().root_ws.x, prev.player().root_ws.z);
  const glm::vec2 to(cur.player().root_ws.x, cur.player().root_ws.z);
  const std::uint32_t now = r->clock_ticks(cur.tick);
  const std::uint32_t count = static_cast<std::uint32_t>(trial.checkpoints.size());
  auto miss = [&](std::uint32_t k) {
    r->missed = static_cast<std::int32_t>(k);
    r->missed_tick = cur.tick;
  };
  if (r->next < count) {
    const TrialGate& g = trial.checkpoints[r->next];
    if (gate_crossed(g, from, to)) {
      r->times.splits[r->next++] = now;
      r->split_tick = cur.tick;
      r->missed = -1;
      return;
    }
    // Past the line beside the gate, or through a later gate or the finish: it does not count.
    TrialGate line = g;
    line.width_m = 1e4f;
    if (gate_crossed(line, from, to)) return miss(r->next);
    for (std::uint32_t k = r->next + 1; k < count; ++k)
      if (gate_crossed(trial.checkpoints[k], from, to)) return miss(r->next);
    if (gate_crossed(trial.finish, from, to)) return miss(r->next);
    return;
  }
  if (gate_crossed(trial.finish, from, to)) {
    r->times.finish = now;
    r->phase = TrialRun::Phase::kFinished;
    r->missed = -1;
    r->new_best = !r->has_best || now < r->best.finish;
  }
}

Json trial_json(const TrialRun& r) {
  static const char* const kPhase[] = {"none", "countdown", "running", "finished"};
  Json splits = Json::array();
  for (std::uint32_t k = 0; k < r.next; ++k) splits.push_back(r.times.splits[k]);
  Json j{{"phase", kPhase[static_cast<int>(r.phase)]}, {"next", r.next}, {"splits", splits}, {"missed", r.missed}};
  if (r.has_best) j["best"] = r.best.finish;
  if (r.phase == TrialRun::Phase::kFinished) {
    j["finish"] = r.times.finish;
    j["new_best"] = r.new_best;
  }
  return j;
}

std::string format_trial_time(std::uint32_t ticks) {
  const std::uint64_t hundredths = std::uint64_t(ticks) * 100 / 60;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%llu:%02llu.%02llu", static_cast<unsigned long long>(hundredths / 6000),
                static_cast<unsigned long long>(hundredths / 100 % 60), static_cast<unsigned long long>(hundredths % 100));
  return buf;
}

std::string format_trial_delta(std::int64_t d) {
  return (d > 0 ? "+" : d < 0 ? "-" : "+") + format_trial_time(static_cast<std::uint32_t>(std::llabs(d)));
}

}  // namespace cf
