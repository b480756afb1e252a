#include "game/session/clip_run.h"

namespace cf {

InputFrame scripted_frame(const PadScript& script, std::uint64_t tick) {
  InputFrame f = script.frame_at(tick);
  const std::uint32_t before = tick > 0 ? script.frame_at(tick - 1).buttons : 0u;
  f.pressed = f.buttons & ~before;
  return f;
}

ClipRun run_clip_check(Session& session, const PadScript* script, std::uint64_t ticks, std::size_t max_events) {
  ClipRun run;
  auto collect = [&] {
    const ClipWatch& w = session.clips();
    run.total += static_cast<std::uint64_t>(w.count() + w.dropped());
    for (int k = 0; k < w.count() && run.events.size() < max_events; ++k) run.events.push_back(w.events()[k]);
  };
  collect();
  for (std::uint64_t i = 0; i < ticks; ++i) {
    const InputFrame in = script ? scripted_frame(*script, session.state().tick) : InputFrame{};
    if (!session.tick(in)) break;
    ++run.ticks;
    collect();
  }
  return run;
}

}  // namespace cf
