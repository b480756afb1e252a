#include "game/debug/debug_mode.h"

#include <cstdio>

namespace cf {


const char* creature_bone_name(const Session& session, int creature, int bone) {
  const SimState& s = session.state();
  const SimContext& ctx = session.context();
  if (creature < 0 || creature >= s.creature_count) return "?";
  const int species = s.creatures[static_cast<std::size_t>(creature)].species;
  if (species < 0 || species >= ctx.species_count || !ctx.species[species].rig) return "?";
  const Skeleton& sk = ctx.species[species].rig->skeleton;
  return bone >= 0 && bone < sk.size() ? sk.names[static_cast<std::size_t>(bone)].c_str() : "?";
}

bool DebugMode::step_back(Session& session) {
  const std::uint64_t t = session.state().tick;
  return t > 0 && session.rewind_to(t - 1);
}

bool DebugMode::step_forward(Session& session, const InputFrame& live) {
  if (session.behind_recording()) return session.step_recorded();
  return session.tick(live);  // a replay runs its own input; live play records this tick
}

ModeId DebugMode::update(const ModeFrame& frame, ModeContext& ctx) {
  // The run's clock goes on while the session stands still or steps back: a pad script plays on
  // (and can leave debug mode), a bounded run (--ticks) ends. A script's pad is read once per tick
  // of that clock, so its one-tick presses (a step, a scrub) are each seen once however many ticks a
  // frame runs.
  if (ctx.harness.scripted() && frame.due_ticks > 0) {
    ModeId next = ModeId::kDebug;
    for (int i = 0; i < frame.due_ticks && next == ModeId::kDebug && !ctx.harness.finished(ctx.session); ++i) {
      const std::uint64_t run_before = ctx.harness.ticks_run(ctx.session);
      next = step_frame(frame, (*frame.sample)(), i == 0 ? frame.hotkeys : 0u, 1, ctx);
      ctx.harness.clock_frame(ctx.session, run_before, 1);
    }
    return next;
  }
  const std::uint64_t run_before = ctx.harness.ticks_run(ctx.session);
  const ModeId next = step_frame(frame, (*frame.sample)(), frame.hotkeys, frame.due_ticks, ctx);
  ctx.harness.clock_frame(ctx.session, run_before, frame.due_ticks);
  return next;
}

ModeId DebugMode::step_frame(const ModeFrame& frame, const InputFrame& pad, std::uint32_t hotkeys, int due_ticks,
                             ModeContext& ctx) {
  Session& session = ctx.session;
  const std::uint64_t a = map_actions(ModeId::kDebug, pad, hotkeys);
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
    owed_ticks_ += speed() * due_ticks;
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
