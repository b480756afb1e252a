#pragma once
// The run's limits and outputs around the game loop, from the command line: bounded runs (--ticks,
// --replay), the screenshot tick, replay verification, and what is written and printed at the end.
// No SDL, no GL: the frame is read back through a callback.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/result.h"
#include "game/run/args.h"
#include "game/session/pad_script.h"
#include "game/session/session.h"

namespace cf {

class RunHarness {
 public:
  // Checks the options against the session (ticks beyond the replay, a screenshot after the end):
  // an error for the command line.
  Status configure(const RunOptions& options, const Session& session);

  // A bounded run (--ticks, --replay) stops at last_tick(); live play never pauses in one.
  bool limited() const { return limited_; }
  // Whether the run's clock counts the ticks a menu or debug mode stands paused: in a bounded run, and
  // whenever a pad script drives the pad (its clock goes on, so it can resume, step and scrub).
  bool clocked_while_paused() const { return limited_ || scripted(); }
  bool scripted() const { return !opt_.pad_script_path.empty(); }
  std::uint64_t last_tick() const { return last_tick_; }
  // Whether ticks follow the wall clock: on a real display, or when nobody bounded the run.
  bool paced(bool real_display) const { return real_display || !limited_; }

  // False when no further tick may run this frame: the run's end, or the screenshot's tick.
  bool may_tick(const Session& session) const;
  // After a tick that the session refused (replay ended or diverged): stops the run, with exit code 1
  // and the verifier's message when it diverged.
  void tick_refused(const Session& session);
  // The frame drawn now must be the screenshot.
  bool screenshot_due(const Session& session) const;
  // Interpolation for drawing: the clock's alpha, but exact states for screenshots and the last frame;
  // while paused, the alpha of the last frame drawn before the pause (a paused picture is still).
  float draw_alpha(const Session& session, bool paced, double clock_alpha, bool paused = false);
  // Writes the screenshot from the frame just drawn (read_back fills RGBA rows, top first).
  Status take_screenshot(const std::function<bool(std::vector<std::uint8_t>*, int*, int*)>& read_back);

  bool finished(const Session& session) const { return stopped_ || (limited_ && ticks_run(session) >= last_tick_); }
  void stop() { stopped_ = true; }

  // Ticks run by every mode (title menu, editor, play) since the start: the run's clock for --ticks,
  // --at-tick and pad scripts. Play's ticks are the session's; modes that tick without the session
  // call count_tick(), and session_replaced() before they start a new session.
  void count_tick() { ++outside_ticks_; }
  // Debug mode: the run's clock goes on by the frame's due ticks (up to the run's end or the
  // screenshot's tick) whatever the session did since run_before (paused, stepped back or
  // forward), so a pad script plays on and a bounded run ends.
  void clock_frame(const Session& session, std::uint64_t run_before, int due_ticks);
  void session_replaced(const Session& old) { outside_ticks_ += old.state().tick; }
  std::uint64_t ticks_run(const Session& session) const { return outside_ticks_ + session.state().tick; }
  // The hash --print-hash reports instead of the session's (the editor's document while editing).
  void set_hash_override(bool on, std::uint64_t hash = 0) { hash_override_ = on, override_hash_ = hash; }
  // Ends the run with exit code 1 and a one-line message on stderr (an editing replay that differs).
  void fail(const std::string& message);
  // The output file of --record (the editor writes its own session there).
  const std::string& record_path() const { return opt_.record_path; }

  // Debug mode opens paused at --at-tick, reached at full speed: with a pad script, the script's ticks
  // up to it (fed straight to the simulation, as creature-lab clipcheck does); after it the script
  // drives the pad. An error when the session ends before that tick.
  Status reach_debug_tick(Session& session, const PadScript& script) const;

  // Adds fields to --print-state's line (the sound director's music clock); null: none.
  void set_state_extra(std::function<void(Json*)> extra) { state_extra_ = std::move(extra); }

  // Ends the run: screenshot checks, the recording, the replay's verdict and the printed hash/state.
  // Returns the process exit code.
  int finish(const Session& session);

 private:
  RunOptions opt_;
  std::function<void(Json*)> state_extra_;
  bool limited_ = false;
  std::uint64_t last_tick_ = 0;
  bool want_shot_ = false;
  std::vector<std::uint64_t> shot_ticks_;  // ascending; one screenshot each
  std::size_t shots_taken_ = 0;
  // The next screenshot's tick; all taken: none.
  bool shot_pending() const { return want_shot_ && shots_taken_ < shot_ticks_.size(); }
  std::uint64_t next_shot_tick() const { return shot_ticks_[shots_taken_]; }
  bool stopped_ = false;
  int exit_code_ = 0;
  float held_alpha_ = 1.0f;  // the last alpha drawn while playing
  std::uint64_t outside_ticks_ = 0;
  bool hash_override_ = false;
  std::uint64_t override_hash_ = 0;
};

}  // namespace cf
