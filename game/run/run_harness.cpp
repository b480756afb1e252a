#include "game/run/run_harness.h"

#include <algorithm>
#include <cstdio>

#include "core/hash.h"
#include "game/session/clip_run.h"
#include "render/image_io.h"

namespace cf {

Status RunHarness::configure(const RunOptions& options, const Session& session) {
  opt_ = options;
  // A debug run without a screenshot is the developer's to end (window close).
  limited_ = (opt_.has_ticks || session.playing_back()) && !(opt_.debug && opt_.screenshot_path.empty());
  if (opt_.has_ticks && session.playing_back() && opt_.ticks > session.replay_ticks()) {
    return Error{"", "--ticks", std::to_string(opt_.ticks) + " is more than the replay's " +
                                    std::to_string(session.replay_ticks()) + " ticks"};
  }
  last_tick_ = opt_.has_ticks ? opt_.ticks : session.replay_ticks();
  if (opt_.debug && opt_.has_at_tick && session.playing_back() && opt_.at_tick > session.replay_ticks()) {
    return Error{"", "--at-tick", std::to_string(opt_.at_tick) + " is after the replay's last tick (" +
                                      std::to_string(session.replay_ticks()) + ")"};
  }
  want_shot_ = !opt_.screenshot_path.empty();
  shot_ticks_ = !opt_.has_at_tick          ? std::vector<std::uint64_t>{last_tick_}
                : opt_.shot_ticks.empty() ? std::vector<std::uint64_t>{opt_.at_tick}  // options built in code
                                          : opt_.shot_ticks;
  shots_taken_ = 0;
  if (want_shot_ && limited_ && shot_ticks_.back() > last_tick_) {  // a live session reaches any tick
    return Error{"", "--at-tick", std::to_string(shot_ticks_.back()) + " is after the last tick (" +
                                      std::to_string(last_tick_) + ")"};
  }
  return {};
}

bool RunHarness::may_tick(const Session& session) const {
  if (stopped_ || screenshot_due(session)) return false;
  return !(limited_ && ticks_run(session) >= last_tick_);
}

void RunHarness::clock_frame(const Session& session, std::uint64_t run_before, int due_ticks) {
  std::uint64_t target = run_before + static_cast<std::uint64_t>(std::max(due_ticks, 0));
  if (limited_) target = std::min(target, std::max(run_before, last_tick_));
  if (shot_pending() && run_before <= next_shot_tick()) target = std::min(target, next_shot_tick());
  const std::uint64_t now = ticks_run(session);
  if (now < target) outside_ticks_ += target - now;
}

void RunHarness::tick_refused(const Session& session) {
  if (!session.verifier().diverged()) return;
  std::fprintf(stderr, "critterforge: %s: %s\n", opt_.replay_path.c_str(), session.verifier().message().c_str());
  exit_code_ = 1;
  stopped_ = true;
}

void RunHarness::fail(const std::string& message) {
  std::fprintf(stderr, "critterforge: %s\n", message.c_str());
  exit_code_ = 1;
  stopped_ = true;
}

bool RunHarness::screenshot_due(const Session& session) const {
  return shot_pending() && next_shot_tick() == ticks_run(session);
}

float RunHarness::draw_alpha(const Session& session, bool paced, double clock_alpha, bool paused) {
  if (paused && !screenshot_due(session)) return held_alpha_;
  const bool exact = screenshot_due(session) || finished(session);
  held_alpha_ = paced && !exact ? static_cast<float>(std::clamp(clock_alpha, 0.0, 1.0)) : 1.0f;
  return held_alpha_;
}

Status RunHarness::take_screenshot(const std::function<bool(std::vector<std::uint8_t>*, int*, int*)>& read_back) {
  std::vector<std::uint8_t> rgba;
  int w = 0, h = 0;
  if (!read_back(&rgba, &w, &h)) return Error{"", "screenshot", "nothing was drawn"};
  const std::string path = shot_ticks_.size() > 1 ? screenshot_path_at(opt_.screenshot_path, next_shot_tick())
                                                  : opt_.screenshot_path;
  if (Status s = write_png(path, w, h, rgba.data()); !s) return s;
  ++shots_taken_;
  if (opt_.debug) stopped_ = true;  // a debug run waits for the developer; with a screenshot it ends
  return {};
}

Status RunHarness::reach_debug_tick(Session& session, const PadScript& script) const {
  const std::uint64_t target = opt_.has_at_tick ? opt_.at_tick : 0;
  const bool scripted = !opt_.pad_script_path.empty();
  while (session.state().tick < target &&
         session.tick(scripted ? scripted_frame(script, session.state().tick) : InputFrame{})) {
  }
  if (session.state().tick < target)
    return Error{"", "--at-tick", "the session ended before tick " + std::to_string(target)};
  return {};
}

int RunHarness::finish(const Session& session) {
  if (shot_pending() && exit_code_ == 0) {
    std::fprintf(stderr, "critterforge: screenshot: the session ended before tick %llu\n",
                 static_cast<unsigned long long>(next_shot_tick()));
    return 1;
  }
  if (!opt_.record_path.empty() && !hash_override_) {
    if (Status s = save_replay(opt_.record_path, session.recording()); !s) {
      std::fprintf(stderr, "critterforge: %s\n", s.error.to_string().c_str());
      return 2;
    }
  }
  if (session.playing_back() && exit_code_ == 0) {
    std::fprintf(stderr, "critterforge: %s: %s\n", opt_.replay_path.c_str(), session.verifier().message().c_str());
  }
  if (opt_.print_state) {
    Json j = state_summary_json(session.state(), session.registry());
    j["first_clip"] = session.clips().has_first()
                          ? clip_event_json(session.clips().first(), &session.scene().rig.skeleton)
                          : Json(nullptr);
    if (session.trial().phase != TrialRun::Phase::kNone) {
      j["trial"] = trial_json(session.trial());
      j["ghost"] = session.ghost_line();
      if (session.ghost()) j["ghost_state"] = state_summary_json(session.ghost()->state(), session.registry());
    }
    if (state_extra_) state_extra_(&j);
    std::printf("%s\n", j.dump().c_str());
  }
  if (opt_.print_hash) {
    std::printf("%s\n", hash_hex(hash_override_ ? override_hash_ : session.hash()).c_str());
  }
  return exit_code_;
}

}  // namespace cf
