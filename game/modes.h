#pragma once
// Game modes: play and paused now (the editor, debug mode and title menu plug in the same way). A
// mode turns one displayed frame's input into ticks of the session and says which mode comes next.
// map_actions is the one place where pad buttons and keys become each mode's actions.
#include <cstdint>
#include <functional>

#include "core/input_frame.h"
#include "game/run_harness.h"
#include "game/session.h"
#include "render/frame_settings.h"

namespace cf {

enum class ModeId { kPlay, kPaused, kDebug };

// What a player can ask for, as bits; which buttons and keys mean what is in map_actions.
enum Action : std::uint32_t {
  kActionPause = 1u << 0,           // play: Start (Enter / Esc)
  kActionResume = 1u << 1,          // paused: Start (Enter / Esc)
  kActionToggleModern = 1u << 2,    // Y or F10: the modern (perspective-correct, depth-tested) path
  kActionCycleOverlays = 1u << 3,   // Select (Tab): bones+joints -> all overlays -> none
  kActionOverlayFirst = 1u << 8,    // F1..F9: one overlay each (bit kActionOverlayFirst << k)
  kActionDebug = 1u << 17,          // LB held + Start, or F12 / `: enter or leave debug mode
  kActionSaveReplay = 1u << 18,     // LB held + Select, or Ctrl+S: save a playtest replay now
  kActionStepBack = 1u << 19,       // debug: d-pad left (J) pressed: one tick back
  kActionStepForward = 1u << 20,    // debug: d-pad right (L) pressed: one tick forward
  kActionScrubBack = 1u << 21,      // debug: d-pad left held (scrubs after a moment)
  kActionScrubForward = 1u << 22,   // debug: d-pad right held
  kActionFaster = 1u << 23,         // debug: d-pad up (I): paused -> 1/8 -> 1/4 -> 1/2 speed
  kActionSlower = 1u << 24,         // debug: d-pad down (K): back towards paused
};

// The actions of one tick's pad state plus the frame's hotkeys (platform Hotkey bits) in 'mode'.
std::uint32_t map_actions(ModeId mode, const InputFrame& pad, std::uint32_t hotkeys);

// Applies the view actions (overlays, modern path) to the frame settings.
void apply_view_actions(std::uint32_t actions, FrameSettings* settings);

// One displayed frame as a mode sees it.
struct ModeFrame {
  int due_ticks = 0;            // ticks the clock allows this frame
  std::uint32_t hotkeys = 0;    // platform Hotkey bits pressed this frame
  const std::function<InputFrame()>* sample = nullptr;  // the live pad and keyboard, one call per tick
};

class PlaytestSaver;

// What modes work on; owned by main.
struct ModeContext {
  Session& session;
  RunHarness& harness;
  FrameSettings& frame_settings;
  PlaytestSaver* saver = nullptr;  // null: replays are not saved (tests)
};

// Saves a playtest replay now (kActionSaveReplay), or once at the session's first clip when the
// saver auto-saves. Called by the modes after their ticks.
void save_playtests(std::uint32_t actions, ModeContext& ctx);

class Mode {
 public:
  virtual ~Mode() = default;
  // Runs the frame's ticks (or none); returns the mode of the next frame.
  virtual ModeId update(const ModeFrame& frame, ModeContext& ctx) = 0;
  // A line shown at the top of the picture ("" for none).
  virtual const char* banner() const { return ""; }
};

// Live play (and replays, --ticks runs): runs the due ticks; Start pauses a live session.
class PlayMode final : public Mode {
 public:
  ModeId update(const ModeFrame& frame, ModeContext& ctx) override;
};

// Paused: no ticks run or are recorded; Start resumes.
class PausedMode final : public Mode {
 public:
  ModeId update(const ModeFrame& frame, ModeContext& ctx) override;
  const char* banner() const override { return "PAUSED - START (ENTER) TO GO ON"; }
};

}  // namespace cf

#include "game/debug_mode.h"

namespace cf {

// The modes a game has, switched by id.
struct GameModes {
  PlayMode play;
  PausedMode paused;
  DebugMode debug;
  ModeId current = ModeId::kPlay;
  Mode& active() {
    if (current == ModeId::kDebug) return debug;
    return current == ModeId::kPaused ? static_cast<Mode&>(paused) : static_cast<Mode&>(play);
  }
};

}  // namespace cf
