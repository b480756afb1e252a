#pragma once
// Debug mode: the simulation pauses; the developer steps one
// tick forward or back, scrubs by holding, plays in slow motion (1/2, 1/4, 1/8) and resumes. Back
// steps restore states from the session's history ring (rewind_to); forward steps re-run the
// recorded input (step_recorded) until the recording's end, then run new ticks. Resuming from a
// rewound state cuts the recording there (Session::tick does), so a saved replay is what was seen.

#include "game/modes/modes.h"

namespace cf {

// The name of a creature's bone in its own species' skeleton (a herd creature's too); "?" when
// the creature or bone does not exist.
const char* creature_bone_name(const Session& session, int creature, int bone);

class DebugMode final : public Mode {
 public:
  static constexpr int kScrubDelayFrames = 12;  // a held d-pad starts scrubbing after 0.2 s

  ModeId update(const ModeFrame& frame, ModeContext& ctx) override;
  const char* banner() const override;

  // Slow motion as a fraction of full speed: 0 (paused), 1/8, 1/4, 1/2.
  double speed() const { return kSpeeds[speed_index_]; }
  void set_speed_index(int i) { speed_index_ = i < 0 ? 0 : (i > 3 ? 3 : i); }
  // Steps the session one tick back (from its history) or forward; false when it cannot.
  static bool step_back(Session& session);
  static bool step_forward(Session& session, const InputFrame& live);

 private:
  // One reading of the pad (and the frame's hotkeys) over due_ticks of slow motion, without the clock.
  ModeId step_frame(const ModeFrame& frame, const InputFrame& pad, std::uint32_t hotkeys, int due_ticks,
                    ModeContext& ctx);
  static constexpr double kSpeeds[4] = {0.0, 0.125, 0.25, 0.5};
  int speed_index_ = 0;
  double owed_ticks_ = 0.0;  // slow motion's fraction of a tick carried between frames
  int held_frames_ = 0;      // frames the scrub direction has been held
  mutable char banner_[96] = {};
};

}  // namespace cf
