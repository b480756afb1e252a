// Game modes and the run harness: input becomes actions in one place; Start pauses live play only.
#include "game/modes/modes.h"
#include "game/title/game_modes.h"

#include <gtest/gtest.h>

#include "game/modes/control_hints.h"
#include "game/options/settings.h"
#include "platform/input.h"
#include "render/command_list.h"

namespace cf {
namespace {

InputFrame pressed(std::uint32_t button) {
  InputFrame f;
  f.buttons = f.pressed = button;
  return f;
}

TEST(Modes, ActionsComeFromPadAndKeysAlike) {
  EXPECT_EQ(map_actions(ModeId::kPlay, pressed(kButtonStart), 0), kActionPause);
  EXPECT_EQ(map_actions(ModeId::kPaused, pressed(kButtonStart), 0), kActionResume);
  // The modern renderer is a developer's switch: Y is a play button, so it toggles it only in debug mode.
  EXPECT_EQ(map_actions(ModeId::kPlay, pressed(kButtonY), 0), 0u);
  EXPECT_EQ(map_actions(ModeId::kDebug, pressed(kButtonY), 0), kActionToggleModern);
  EXPECT_EQ(map_actions(ModeId::kPlay, InputFrame{}, hotkey_f(10)), kActionToggleModern);
  EXPECT_EQ(map_actions(ModeId::kPlay, InputFrame{}, hotkey_f(3)), kActionOverlayFirst << 2);
  EXPECT_EQ(map_actions(ModeId::kPlay, pressed(kButtonSelect), 0), kActionCycleOverlays);
  InputFrame held;
  held.buttons = kButtonStart;  // held, not pressed this tick
  EXPECT_EQ(map_actions(ModeId::kPlay, held, 0), 0u);
}

TEST(Modes, ViewActionsToggleOverlaysAndTheModernPath) {
  FrameSettings fs;
  apply_view_actions(kActionOverlayFirst << 2, &fs);
  EXPECT_EQ(fs.overlay_mask, kOverlayCog);
  apply_view_actions(kActionToggleModern, &fs);
  EXPECT_TRUE(fs.modern);
  fs.overlay_mask = 0;
  apply_view_actions(kActionCycleOverlays, &fs);
  EXPECT_EQ(fs.overlay_mask, kOverlayBones | kOverlayJoints);
  apply_view_actions(kActionCycleOverlays, &fs);
  EXPECT_EQ(fs.overlay_mask, kOverlayAll & ~kOverlayWeights);
  apply_view_actions(kActionCycleOverlays, &fs);
  EXPECT_EQ(fs.overlay_mask, 0u);
}

struct Fixture {
  Session session;
  RunHarness harness;
  FrameSettings fs;
  GameModes modes;
  std::vector<InputFrame> script;
  std::size_t next = 0;
  std::function<InputFrame()> sample = [this] { return next < script.size() ? script[next++] : InputFrame{}; };
  ModeContext ctx{session, harness, fs};

  explicit Fixture(RunOptions opt) {
    Result<Scene> scene = load_scene(CF_ASSETS_DIR "/creatures/biped.json", CF_ASSETS_DIR "/levels/open_ground.json");
    EXPECT_TRUE(scene.ok());
    session.start(std::move(*scene), 1);
    EXPECT_TRUE(harness.configure(opt, session).ok());
  }
  void frame(int due, std::uint32_t hotkeys = 0) {
    modes.current = modes.active().update(ModeFrame{due, hotkeys, &sample}, ctx);
  }
};

TEST(Modes, StartPausesLivePlayAndResumes) {
  Fixture f(RunOptions{});
  f.script = {InputFrame{}, pressed(kButtonStart), InputFrame{}, InputFrame{}};
  f.frame(3);  // the tick with Start runs, then play stops for this frame
  EXPECT_EQ(f.session.state().tick, 2u);
  EXPECT_EQ(f.modes.current, ModeId::kPaused);
  EXPECT_EQ(f.modes.paused.cursor(), 0) << "the pause menu opens on RESUME";
  f.frame(3);  // paused: no ticks, whatever the clock says
  EXPECT_EQ(f.session.state().tick, 2u);
  f.script.push_back(pressed(kButtonStart));
  f.next = f.script.size() - 1;
  f.frame(3);
  EXPECT_EQ(f.modes.current, ModeId::kPlay);
  f.frame(2);
  EXPECT_EQ(f.session.state().tick, 4u);
  f.frame(1, hotkey_f(10));  // keys work in any mode
  EXPECT_TRUE(f.fs.modern);
}

TEST(Modes, BoundedRunsPauseTooAndTheMenuTicksCountSoTheyStillEnd) {
  // A pad-scripted test drives the pause menu: its ticks are the run's clock, the session's stand still.
  RunOptions opt;
  opt.has_ticks = true;
  opt.ticks = 5;
  Fixture f(opt);
  f.script = {pressed(kButtonStart), InputFrame{}, InputFrame{}, InputFrame{}, InputFrame{}, InputFrame{}};
  f.frame(4);
  EXPECT_EQ(f.modes.current, ModeId::kPaused);
  EXPECT_EQ(f.session.state().tick, 1u);
  f.frame(4);
  EXPECT_EQ(f.session.state().tick, 1u);
  EXPECT_EQ(f.harness.ticks_run(f.session), 5u);
  EXPECT_TRUE(f.harness.finished(f.session));
  EXPECT_EQ(f.harness.finish(f.session), 0);
}

TEST(Modes, ThePauseMenuSwallowsTheStartThatOpenedItAndItsItemsChoose) {
  Fixture f(RunOptions{});
  InputFrame start_held;
  start_held.buttons = kButtonStart;
  InputFrame down = pressed(kButtonDpadDown), a = pressed(kButtonA);
  f.script = {pressed(kButtonStart), start_held, InputFrame{}, down, InputFrame{}, a};
  f.frame(1);
  ASSERT_EQ(f.modes.current, ModeId::kPaused);
  f.frame(1);  // Start still held: not a resume
  EXPECT_EQ(f.modes.current, ModeId::kPaused);
  f.frame(1);
  f.frame(1);
  EXPECT_EQ(f.modes.paused.cursor(), 1) << "on OPTIONS";
  f.frame(1);
  Settings settings = default_settings();
  f.ctx.settings = &settings;
  f.frame(1);
  EXPECT_EQ(f.modes.current, ModeId::kOptions);
  EXPECT_EQ(f.ctx.options_back, ModeId::kPaused);
  EXPECT_EQ(f.session.state().tick, 1u) << "nothing ran while paused";
}

TEST(RunHarness, RefusesAScreenshotAfterTheLastTick) {
  Session s;
  Result<Scene> scene = load_scene(CF_ASSETS_DIR "/creatures/biped.json", CF_ASSETS_DIR "/levels/open_ground.json");
  ASSERT_TRUE(scene.ok());
  s.start(std::move(*scene), 1);
  RunOptions opt;
  opt.has_ticks = true;
  opt.ticks = 10;
  opt.screenshot_path = "x.png";
  opt.has_at_tick = true;
  opt.at_tick = 11;
  RunHarness h;
  const Status st = h.configure(opt, s);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.error.to_string().find("--at-tick"), std::string::npos);
  opt.at_tick = 4;
  ASSERT_TRUE(h.configure(opt, s).ok());
  EXPECT_FALSE(h.screenshot_due(s));
  for (int t = 0; t < 4; ++t) s.tick(InputFrame{});
  EXPECT_TRUE(h.screenshot_due(s));
  EXPECT_FALSE(h.may_tick(s));  // the frame drawn now is exactly tick 4
  EXPECT_EQ(h.draw_alpha(s, true, 0.5), 1.0f);
}

TEST(RunHarness, APausedFrameIsStill) {
  Session s;
  Result<Scene> scene = load_scene(CF_ASSETS_DIR "/creatures/biped.json", CF_ASSETS_DIR "/levels/open_ground.json");
  ASSERT_TRUE(scene.ok());
  s.start(std::move(*scene), 1);
  RunHarness h;
  ASSERT_TRUE(h.configure(RunOptions{}, s).ok());
  s.tick(InputFrame{});
  EXPECT_FLOAT_EQ(h.draw_alpha(s, true, 0.37), 0.37f);
  // Paused: whatever the clock says, frame after frame draws the same blend.
  for (double clock_alpha : {0.9, 0.1, 0.55}) EXPECT_FLOAT_EQ(h.draw_alpha(s, true, clock_alpha, true), 0.37f);
  EXPECT_FLOAT_EQ(h.draw_alpha(s, true, 0.8), 0.8f);  // playing again
}

TEST(RunHarness, ScreenshotAtATickWorksInALiveSession) {
  Session s;
  Result<Scene> scene = load_scene(CF_ASSETS_DIR "/creatures/biped.json", CF_ASSETS_DIR "/levels/open_ground.json");
  ASSERT_TRUE(scene.ok());
  s.start(std::move(*scene), 1);
  RunOptions opt;
  opt.screenshot_path = "x.png";
  opt.has_at_tick = true;
  opt.at_tick = 60;
  RunHarness h;
  const Status st = h.configure(opt, s);
  ASSERT_TRUE(st.ok()) << st.error.to_string();
  EXPECT_FALSE(h.limited());
  for (int t = 0; t < 60; ++t) {
    ASSERT_TRUE(h.may_tick(s));
    s.tick(InputFrame{});
  }
  EXPECT_TRUE(h.screenshot_due(s));
  EXPECT_FALSE(h.may_tick(s));
}

}  // namespace
}  // namespace cf

namespace cf {
namespace {

TEST(Modes, APadScriptsClockCountsTheTicksThePauseMenuStandsOpenInAnUnboundedRun) {
  RunOptions scripted;
  scripted.pad_script_path = "script.pad.json";  // the harness only needs to know one drives the pad
  for (const bool with_script : {false, true}) {
    Fixture f(with_script ? scripted : RunOptions{});
    f.script = {pressed(kButtonStart)};
    f.frame(1);
    ASSERT_EQ(f.modes.current, ModeId::kPaused);
    const std::uint64_t at_pause = f.harness.ticks_run(f.session);
    for (int i = 0; i < 10; ++i) f.frame(3);
    EXPECT_EQ(f.session.state().tick, 1u) << "no tick of the game ran while paused";
    // The script's clock went on by every due tick (so its next steps come); a live pad's stands.
    EXPECT_EQ(f.harness.ticks_run(f.session) - at_pause, with_script ? 30u : 0u);
  }
}

TEST(Modes, ControlHintsShowAtTheFirstPlayOnceBHidesThemAndThePauseMenuShowsThemAgain) {
  Fixture f(RunOptions{});
  ControlHints hints;
  hints.first_play = true;
  int remembered = 0;
  f.ctx.hints = &hints;
  f.ctx.first_play = [&] { ++remembered; };
  f.script = {InputFrame{}, InputFrame{}};
  f.frame(2);
  EXPECT_TRUE(hints.visible());
  EXPECT_EQ(remembered, 1);
  EXPECT_EQ(hints.ticks_left, kControlHintTicks - 2);
  f.script.push_back(pressed(kButtonB));
  f.frame(1);
  EXPECT_FALSE(hints.visible()) << "B hides them";
  f.frame(1);
  EXPECT_FALSE(hints.visible());
  EXPECT_EQ(remembered, 1) << "remembered once";
  // They also go by themselves.
  hints.show();
  for (int i = 0; i < kControlHintTicks / 60; ++i) f.frame(60);
  EXPECT_FALSE(hints.visible());
  // Pause menu: down to SHOW CONTROLS (the last item), A: play again with the hints shown.
  InputFrame down = pressed(kButtonDpadDown), a = pressed(kButtonA);
  f.script.insert(f.script.end(), {pressed(kButtonStart), InputFrame{}});
  for (int i = 0; i < 4; ++i) f.script.insert(f.script.end(), {down, InputFrame{}});
  f.script.push_back(a);
  const std::size_t frames = f.script.size() - f.next;
  for (std::size_t i = 0; i < frames; ++i) f.frame(1);
  EXPECT_EQ(f.modes.current, ModeId::kPlay);
  EXPECT_TRUE(hints.visible());
  // The text names the player's buttons and keys.
  Settings s = default_settings();
  const std::string text = control_hint_text(&s);
  EXPECT_NE(text.find("A: VAULT"), std::string::npos) << text;
  EXPECT_NE(text.find("X: JUMP"), std::string::npos) << text;
  EXPECT_NE(text.find("RB: MOTIONS"), std::string::npos) << text;
  EXPECT_NE(text.find("SPACE"), std::string::npos) << text;
  EXPECT_NE(text.find("DOWN/UP/RIGHT/LEFT: SIT/GREET/ROAR/DANCE"), std::string::npos) << text;
  EXPECT_NE(text.find("K I L J"), std::string::npos) << text;
  std::swap(s.controls.map(ControlContext::kPlay).pad[0], s.controls.map(ControlContext::kPlay).pad[1]);
  EXPECT_NE(control_hint_text(&s).find("B: VAULT"), std::string::npos) << control_hint_text(&s);
}

}  // namespace
}  // namespace cf
