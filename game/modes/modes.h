#pragma once
// Game modes: play, paused, debug, title menu and editor are each a Mode (game/title/game_modes.h). A
// mode turns one displayed frame's input into ticks of the session and says which mode comes next.
// map_actions is the one place where pad buttons and keys become each mode's actions.
#include <cstdint>
#include <functional>
#include <string>

#include "core/input_frame.h"
#include "game/play/sound_event.h"
#include "game/run/run_harness.h"
#include "game/session/session.h"
#include "render/command_list.h"
#include "render/frame_settings.h"

namespace cf {

enum class ModeId { kPlay, kPaused, kDebug, kTitle, kEditor, kOptions };

// What a player can ask for, as bits; which buttons and keys mean what is in map_actions.
enum ModeAction : std::uint64_t {
  kActionPause = 1u << 0,           // play: Start (Enter / Esc)
  kActionResume = 1u << 1,          // paused: Start (Enter / Esc)
  kActionToggleModern = 1u << 2,    // F10 (Y in debug mode): the modern (perspective-correct, depth-tested) path
  kActionCycleOverlays = 1u << 3,   // Select (Tab): bones+joints -> all overlays -> none
  kActionOverlayFirst = 1u << 8,    // F1..F9: one overlay each (bit kActionOverlayFirst << k)
  kActionBackToEditor = 1u << 17,   // play during a test walk: B (E)
  // Editor (drawing screen). Keyboard: the keys mapped onto these buttons in platform/input.
  kActionEditDraw = 1u << 18,       // A held (Space), or the left mouse button: the pen draws
  kActionEditSlow = 1u << 19,       // LB held (Z): slow, precise pen
  kActionEditSwitchView = 1u << 20, // Y (R): side view <-> front view
  kActionEditNextTag = 1u << 21,    // X (Q): next tag (of the selected part, else of the next stroke)
  kActionEditDeeper = 1u << 22,     // d-pad up (I): pen depth away from the camera
  kActionEditNearer = 1u << 23,     // d-pad down (K)
  kActionEditSelectNext = 1u << 24, // d-pad right (L)
  kActionEditSelectPrev = 1u << 25, // d-pad left (J)
  kActionEditDelete = 1u << 26,     // B (E): delete the selected part
  kActionEditUndo = 1u << 27,       // Select (Tab)
  kActionEditRedo = 1u << 28,       // RB (C)
  kActionEditSymmetry = 1u << 29,   // left stick click (V): symmetry on/off
  kActionEditTestWalk = 1u << 30,   // right stick click (B key): walk what you drew
  kActionEditMenu = 1u << 31,       // Start (Enter / Esc): the editor menu
  kActionDebug = 1ull << 32,          // LB held + Start, or F12 / `: enter or leave debug mode
  kActionSaveReplay = 1ull << 33,     // LB held + Select, or Ctrl+S: save a playtest replay now
  kActionStepBack = 1ull << 34,       // debug: d-pad left (J) pressed: one tick back
  kActionStepForward = 1ull << 35,    // debug: d-pad right (L) pressed: one tick forward
  kActionScrubBack = 1ull << 36,      // debug: d-pad left held (scrubs after a moment)
  kActionScrubForward = 1ull << 37,   // debug: d-pad right held
  kActionFaster = 1ull << 38,         // debug: d-pad up (I): paused -> 1/8 -> 1/4 -> 1/2 speed
  kActionSlower = 1ull << 39,         // debug: d-pad down (K): back towards paused
  kActionHideHints = 1ull << 40,      // play: B (E) hides the control hints
  // Editor chords with LB (Z) held: the d-pad moves the pen to the body instead of nudging it.
  kActionEditDepthToSide = 1ull << 48,    // LB + d-pad up: the plane onto the body's side (front view: its front end)
  kActionEditDepthToCentre = 1ull << 49,  // LB + d-pad down: the plane onto the centre line (front view: the middle)
  kActionEditPenToSelected = 1ull << 50,  // LB + d-pad left/right: select, and the pen jumps onto that part
  kActionEditPaintMode = 1ull << 51,      // LB + Y (Z + R): build <-> paint (not a view switch)
  kActionEditPrevTag = 1ull << 52,        // LB + X (Z + Q): the tag before (X goes forward)
};

// The editor's paint mode: what the buttons do there (LB steps backwards through a list).
enum PaintAction : std::uint32_t {
  kPaintBaseNext = 1u << 0,     // A (Space): the next palette colour as the base
  kPaintBasePrev = 1u << 1,     // LB + A
  kPaintSecondNext = 1u << 2,   // B (E): the next palette colour as the second colour
  kPaintSecondPrev = 1u << 3,   // LB + B
  kPaintPatternNext = 1u << 4,  // X (Q): solid -> stripes -> spots -> belly -> bands
  kPaintPatternPrev = 1u << 5,  // LB + X
  kPaintSuggest = 1u << 6,      // Y (R): a harmonious second colour for the base
  kPaintEyesMore = 1u << 7,     // d-pad up (I)
  kPaintEyesFewer = 1u << 8,    // d-pad down (K)
};
std::uint32_t map_paint_actions(const InputFrame& pad);

// Menu actions (title menu, editor menu, name entry): d-pad or the left stick flicked (arrows / WASD),
// A (Space) to choose, B (E) to go back, Start (Enter) to confirm.
enum MenuAction : std::uint32_t {
  kMenuUp = 1u << 0,
  kMenuDown = 1u << 1,
  kMenuLeft = 1u << 2,
  kMenuRight = 1u << 3,
  kMenuChoose = 1u << 4,
  kMenuBack = 1u << 5,
  kMenuConfirm = 1u << 6,
  kMenuClear = 1u << 7,  // Y (R): the options' controls unmap a button
};
// prev is the previous tick's pad (a stick flick counts once, when it crosses half deflection).
std::uint32_t map_menu_actions(const InputFrame& pad, const InputFrame& prev);

// The actions of one tick's pad state plus the frame's hotkeys (platform Hotkey bits) in 'mode'.
std::uint64_t map_actions(ModeId mode, const InputFrame& pad, std::uint32_t hotkeys);

// Applies the view actions (overlays, modern path) to the frame settings.
void apply_view_actions(std::uint64_t actions, FrameSettings* settings);

// One displayed frame as a mode sees it.
struct ModeFrame {
  int due_ticks = 0;            // ticks the clock allows this frame
  std::uint32_t hotkeys = 0;    // platform Hotkey bits pressed this frame
  const std::function<InputFrame()>* sample = nullptr;  // the live pad and keyboard, one call per tick
  // Before any mapping, pressed this frame: physical pad buttons (bit index mask) and a key (SDL
  // scancode, 0 none). Only the options menu's "press the new button" reads them.
  std::uint32_t raw_pad = 0;
  int raw_key = 0;
};

struct Settings;
struct UserData;
struct ControlHints;

class PlaytestSaver;
class FriendsWatch;

// What modes work on; owned by main.
struct ModeContext {
  ModeContext(Session& s, RunHarness& h, FrameSettings& fs) : session(s), harness(h), frame_settings(fs) {}
  Session& session;
  RunHarness& harness;
  FrameSettings& frame_settings;
  PlaytestSaver* saver = nullptr;  // null: replays are not saved (tests)
  std::function<void()> scene_changed;  // the session got a new scene: the view rebuilds its meshes
  std::function<void(const SoundEvent&)> sound;  // a menu's or the editor's sound (empty: silent)
  bool test_walk = false;               // play was started from the editor; B goes back to it
  // The banner over a test walk's first seconds, naming the pad button that ends it (main sets it
  // from the mapping: game/options/pause_menu.h test_walk_banner).
  std::string test_walk_banner = "TEST WALK - B: BACK TO THE EDITOR";
  bool quit = false;                    // a mode asked to end the game
  Settings* settings = nullptr;         // the player's options (game/options/settings.h); null: none
  ControlHints* hints = nullptr;        // the control hints over play (game/modes/control_hints.h); null: none
  std::function<void()> first_play;     // play started for the first time: remember it
  std::function<void()> settings_changed;  // applies and saves them
  std::function<void()> open_title;       // the title menu, ready to show (back to title)
  ModeId options_back = ModeId::kTitle;   // where the options menu returns
  const UserData* trial_data = nullptr;   // where trial best times and ghosts are saved (null: not saved)
  FriendsWatch* friends = nullptr;        // saves free roam's most friends there too (null: not saved)
};

// Plays an interface sound when the context has somewhere to send it.
inline void ui_sound(ModeContext& ctx, SoundKind kind) {
  if (!ctx.sound) return;
  SoundEvent e;
  e.kind = kind;
  e.loudness = 0.7f;
  ctx.sound(e);
}

// Saves a playtest replay now (kActionSaveReplay), or once at the session's first clip when the
// saver auto-saves. Called by the modes after their ticks.
void save_playtests(std::uint64_t actions, ModeContext& ctx);

class Mode {
 public:
  virtual ~Mode() = default;
  // Runs the frame's ticks (or none); returns the mode of the next frame.
  virtual ModeId update(const ModeFrame& frame, ModeContext& ctx) = 0;
  // A line shown at the top of the picture ("" for none).
  virtual const char* banner() const { return ""; }
  // True while the mode wants the keyboard to type (a name prompt): main turns on text entry.
  virtual bool wants_text() const { return false; }
  // A mode that draws its own frame returns it; nullptr: the play view draws the session.
  virtual const CommandList* build_frame(const FrameSettings&, int /*window_w*/, int /*window_h*/) { return nullptr; }
  // Drawn over the play view's frame (a menu over the paused game); only when build_frame gave nullptr.
  virtual void draw_over(const FrameSettings&, CommandList*) {}
};

// Live play (and replays, --ticks runs): runs the due ticks; Start pauses a live session.
class PlayMode final : public Mode {
 public:
  ModeId update(const ModeFrame& frame, ModeContext& ctx) override;
  const char* banner() const override { return banner_ ? banner_->c_str() : ""; }

 private:
  const std::string* banner_ = nullptr;  // the first seconds of a test walk: how to get back to the editor
};

}  // namespace cf
