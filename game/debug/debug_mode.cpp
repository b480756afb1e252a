#include "game/debug/debug_mode.h"

#include <cstdio>

namespace cf {


bool DebugMode::step_back(Session& session) {
  const std::uint64_t t = session.state().tick;
  return t > 0 && session.rewind_to(t - 1);
}

bool DebugMode::step_forward(Session& session, const InputFrame& live) {
  if (session.behind_recording()) return session.step_recorded();
  return session.tick(live);  // a replay runs its own input; live play records this tick
}

ModeId DebugMode::update(const ModeFrame& frame, ModeContext& ctx) {
  const std::uint64_t run_before = ctx.harness.ticks_run(ctx.session);
  const ModeId next = step_frame(frame, ctx);
  // The run's clock goes on while the session stands still or steps back: a pad script plays on
  // (and can leave debug mode), a bounded run (--ticks) ends.
  ctx.harness.clock_frame(ctx.session, run_before, frame.due_ticks);
  return next;
}

ModeId DebugMode::step_frame(const ModeFrame& frame, ModeContext& ctx) {
  Session& session = ctx.session;
  const InputFrame pad = (*frame.sample)();
  const std::uint64_t a = map_actions(ModeId::kDebug, pad, frame.hotkeys);
  apply_view_actions(a, &ctx.frame_settings);
  save_playtests(a, ctx);
  if (a & (kActionDebug | kActionResume)) {
    speed_index_ = 0;
    owed_ticks_ = 0.0;
    return ModeId::kPlay;  // the next live tick cuts the recording at this state
  }
  if (a & kActionFaster) set_speed_index(speed_index_ + 1);
  if (a & kActionSlower) set_speed_index(speed_index_ - 1);

  // Single steps on the press, then one tick per frame while held (scrub).
  const bool back = (a & kActionScrubBack) != 0, fwd = (a & kActionScrubForward) != 0;
  held_frames_ = back != fwd ? held_frames_ + 1 : 0;
  const bool scrub = held_frames_ > kScrubDelayFrames;
  const InputFrame idle{};  // new ticks made by stepping carry no stick input
  if ((a & kActionStepBack) || (back && !fwd && scrub)) {
    step_back(session);
  } else if (((a & kActionStepForward) || (fwd && !back && scrub)) && ctx.harness.may_tick(session)) {
    step_forward(session, idle);
  } else if (speed() > 0.0) {
    // Slow motion plays the recording again where there is one, then live input.
    owed_ticks_ += speed() * frame.due_ticks;
    while (owed_ticks_ >= 1.0 && ctx.harness.may_tick(session)) {
      owed_ticks_ -= 1.0;
      if (!step_forward(session, (*frame.sample)())) break;
    }
  }
  return ModeId::kDebug;
}

const char* DebugMode::banner() const {
  static const char* const names[4] = {"PAUSED", "1/8 SPEED", "1/4 SPEED", "1/2 SPEED"};
  std::snprintf(banner_, sizeof banner_, "DEBUG - %s", names[speed_index_]);
  return banner_;
}

}  // namespace cf
