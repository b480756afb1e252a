// The options menu's controls: play and the menus mapped apart, a button unmapped with a warning, and
// the hints following the mapping.
#include "game/options/options_menu.h"

#include <gtest/gtest.h>

#include <functional>

#include "game/options/button_names.h"
#include "game/options/pause_menu.h"
#include "game/session/session.h"
#include "game/title/game_modes.h"
#include "game/session/motion_menu.h"
#include "game/view/view.h"
#include "game_test_util.h"
#include "run_command.h"
#include "title_test_util.h"

namespace cf {
namespace {

struct OptionsRig {
  Session session;
  RunHarness harness;
  FrameSettings fs;
  Settings settings = default_settings();
  ModeContext ctx{session, harness, fs};
  OptionsMode options;
  OptionsRig() {
    session.start(test::biped_scene_in("default.json"), 1);
    EXPECT_TRUE(harness.configure(RunOptions{}, session).ok());
    ctx.settings = &settings;
    ctx.options_back = ModeId::kPaused;
    press(0);
  }
  // A tick with 'buttons' down (raw_pad: a physical press for a capture), then one with none.
  void press(std::uint32_t buttons, std::uint32_t raw_pad = 0) {
    for (int k = 0; k < 2; ++k) {
      InputFrame f;
      f.buttons = f.pressed = k == 0 ? buttons : 0u;
      const std::function<InputFrame()> sample = [&] { return f; };
      options.update(ModeFrame{1, 0, &sample, k == 0 ? raw_pad : 0u, 0}, ctx);
    }
  }
  // From the main screen into Controls (on A's row) showing 'context'.
  void controls(ControlContext context) {
    press(kButtonA);
    ASSERT_EQ(options.screen(), OptionsScreen::kControls);
    ASSERT_EQ(options.cursor(), 1);
    if (context != options.context()) {
      press(kButtonDpadUp);
      press(kButtonDpadRight);
      press(kButtonDpadDown);
    }
    ASSERT_EQ(options.context(), context);
  }
};

TEST(OptionsControls, MovingVaultToPadXLeavesTheMenusChooseOnA) {
  OptionsRig r;
  r.controls(ControlContext::kPlay);
  EXPECT_NE(r.options.rows()[1].label.find("VAULT"), std::string::npos) << r.options.rows()[1].label;
  r.press(kButtonA);  // remap play's A...
  r.press(0, 1u << 2);  // ...to pad X
  const Settings& s = r.settings;
  EXPECT_EQ(s.controls.map(ControlContext::kPlay).pad[0], 2) << "play's A (vault) is on pad X";
  EXPECT_EQ(s.controls.map(ControlContext::kMenus).pad[0], 0) << "the menus' CHOOSE stays on pad A";
  EXPECT_EQ(input_controls(s, ControlContext::kMenus).pad[0], 0);
  EXPECT_EQ(input_controls(s, ControlContext::kPlay).pad[0], 2);
  EXPECT_EQ(control_context_of(ModeId::kPlay), ControlContext::kPlay);
  EXPECT_EQ(control_context_of(ModeId::kDebug), ControlContext::kPlay);
  for (ModeId m : {ModeId::kTitle, ModeId::kPaused, ModeId::kOptions, ModeId::kEditor})
    EXPECT_EQ(control_context_of(m), ControlContext::kMenus);
  // The hints follow: play's hint names pad X for the vault; the menus' keys still say A.
  const std::string hint = control_hint_text(&s);
  EXPECT_NE(hint.find("X: VAULT"), std::string::npos) << hint;
  EXPECT_NE(hint.find("A: JUMP"), std::string::npos) << hint;
  CommandList list;
  list.width = 320;
  list.height = 240;
  r.options.draw_over(r.fs, &list);
  bool choose_on_a = false;
  for (const TextBox& t : list.texts) choose_on_a |= std::string(t.text).rfind("A REMAP", 0) == 0;
  EXPECT_TRUE(choose_on_a) << "the menu's keys line names pad A";
}

TEST(OptionsControls, AButtonMayBeUnmappedAndTheMenuWarns) {
  OptionsRig r;
  r.controls(ControlContext::kPlay);
  r.press(kButtonDpadDown);
  r.press(kButtonDpadDown);  // on X (jump)
  r.press(kButtonY);         // unmapped
  const ButtonMap& play = r.settings.controls.map(ControlContext::kPlay);
  EXPECT_EQ(play.pad[2], kUnmappedPad);
  EXPECT_NE(r.options.note().find("NO PAD BUTTON FOR PLAY X (JUMP)"), std::string::npos) << r.options.note();
  EXPECT_NE(r.options.rows()[3].value.find("PAD NONE"), std::string::npos) << r.options.rows()[3].value;
  EXPECT_NE(control_hint_text(&r.settings).find("NONE: JUMP"), std::string::npos) << control_hint_text(&r.settings);
  // The platform gets no pad button for it, and pad X gives nothing in play.
  EXPECT_EQ(input_controls(r.settings, ControlContext::kPlay).pad[2], kUnmappedPad);
  // Another button moved onto pad X leaves its own old button free, not two on one.
  r.press(kButtonDpadUp);  // on B
  r.press(kButtonA);
  r.press(0, 1u << 2);
  EXPECT_EQ(play.pad[1], 2);
  EXPECT_EQ(play.pad[2], kUnmappedPad);
  // Saved and read back as "none".
  const std::string json = settings_to_json(r.settings);
  EXPECT_NE(json.find("\"none\""), std::string::npos);
  Result<Settings> back = parse_settings(json, "s.json");
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ(*back, r.settings);
}

TEST(OptionsControls, AnOldSettingsFileMapsPlayAndTheMenusAlike) {
  Result<Settings> s = parse_settings(
      R"({"format": "critterforge.settings/1", "controls": {"pad": {"a": "x", "x": "a"}, "keys": {"a": "T"}}})", "old.json");
  ASSERT_TRUE(s.ok()) << s.error().to_string();
  for (const ButtonMap& m : s->controls.maps) {
    EXPECT_EQ(m.pad[0], 2);
    EXPECT_EQ(m.pad[2], 0);
    EXPECT_EQ(key_name(m.key[0]), "T");
  }
  // Written back in the new format, which reads the same.
  const std::string json = settings_to_json(*s);
  EXPECT_NE(json.find(kSettingsFormat), std::string::npos);
  Result<Settings> again = parse_settings(json, "new.json");
  ASSERT_TRUE(again.ok()) << again.error().to_string();
  EXPECT_EQ(*again, *s);
  // A new file with two buttons on one pad button in one context is refused, naming the context.
  Result<Settings> twice =
      parse_settings(R"({"format": "critterforge.settings/2", "controls": {"menus": {"pad": {"a": "b"}}}})", "bad.json");
  ASSERT_FALSE(twice.ok());
  EXPECT_EQ(twice.error().field, "controls.menus.pad");
}

TEST(OptionsControls, TheTestWalkHintNamesTheButtonThatEndsItNotHidesThem) {
  const std::string walk = control_hint_text(nullptr, game_actions(), true);
  EXPECT_EQ(walk.find("HIDES THIS"), std::string::npos) << walk;
  EXPECT_NE(walk.find("B (E): BACK TO THE EDITOR"), std::string::npos) << walk;
  EXPECT_NE(control_hint_text(nullptr).find("B (E) HIDES THIS"), std::string::npos);
  Settings s = default_settings();
  remap_pad(&s.controls.map(ControlContext::kPlay), 1, 5);  // B on pad RB
  EXPECT_EQ(test_walk_banner(&s), "TEST WALK - RB: BACK TO THE EDITOR");
  // The hints name the Test drive in a test walk (the banner keeps to one job: at 3x it takes two lines).
  EXPECT_NE(walk.find("RB: TEST DRIVE"), std::string::npos) << walk;
  EXPECT_NE(control_hint_text(nullptr).find("RB: MOTIONS"), std::string::npos);
}

bool has_text_starting(const CommandList& list, const std::string& start) {
  for (const TextBox& t : list.texts)
    if (std::string(t.text).rfind(start, 0) == 0) return true;
  return false;
}

TEST(OptionsControls, TheMotionMenuAndTheTitleNameTheMappedButtons) {
  // Play's A on pad X: the motion menu says X plays.
  Session session;
  session.start(test::biped_scene_in("default.json"), 1);
  View view;
  view.init(session.scene(), ViewTextures{});
  MotionMenu menu;
  menu.set_registry(session.registry());
  InputFrame rb;
  rb.buttons = rb.pressed = MotionMenu::kOpenButton;
  ActionId request = kNoAction;
  std::uint16_t motion = kNoMotion;
  menu.step(rb, &request, &motion);
  view.set_motion_menu(&menu);
  Settings s = default_settings();
  remap_pad(&s.controls.map(ControlContext::kPlay), 0, 2);
  const ButtonMap& play = s.controls.map(ControlContext::kPlay);
  view.set_play_buttons(pad_label(play, 0), pad_label(play, 1));
  EXPECT_TRUE(has_text_starting(view.build(session.state(), session.runtime(), 1.0f, FrameSettings{}, 960, 720), "X: PLAY"));
  // The menus' A on pad Y: the title's keys say Y.
  const UserData data{test::fresh_scratch_dir("options_menu_", "title")};
  test::TitleRig rig(session, data);
  remap_pad(&s.controls.map(ControlContext::kMenus), 0, 3);
  rig.ctx.settings = &s;
  rig.press(0);
  EXPECT_TRUE(has_text_starting(*rig.title.build_frame(FrameSettings{}, 960, 720), "UP/DOWN CHOOSE   Y OK"));
}

// Options -> Sound: MUSIC VOLUME sits below MASTER; left and right step it by 10%, from 0 to 100%, each
// step applied and saved at once, the row showing it, the other volumes untouched (the mixer's side:
// MusicMix.MusicVolumeZeroLeavesTheEffectsBitForBit).
TEST(OptionsSound, TheMusicVolumeRowStepsTheMusicAloneAndSavesEachStep) {
  OptionsRig r;
  int saved = 0;
  r.ctx.settings_changed = [&] { ++saved; };
  r.press(kButtonDpadDown);
  r.press(kButtonDpadDown);
  r.press(kButtonA);
  ASSERT_EQ(r.options.screen(), OptionsScreen::kSound);
  r.press(kButtonDpadDown);
  ASSERT_EQ(r.options.cursor(), 1);
  ASSERT_EQ(r.options.rows()[1].label, "MUSIC VOLUME");
  EXPECT_EQ(r.options.rows()[1].value, "100%");
  const SoundSettings before = r.settings.sound;
  for (int k = 0; k < 3; ++k) r.press(kButtonDpadLeft);
  EXPECT_NEAR(r.settings.sound.music, 0.7f, 1e-5f);
  EXPECT_EQ(r.options.rows()[1].value, "70%");
  EXPECT_EQ(saved, 3) << "each step saved";
  EXPECT_EQ(r.settings.sound.master, before.master);
  EXPECT_EQ(r.settings.sound.effects, before.effects);
  EXPECT_EQ(r.settings.sound.interface_, before.interface_);
  for (int k = 0; k < 12; ++k) r.press(kButtonDpadLeft);
  EXPECT_EQ(r.settings.sound.music, 0.0f) << "down to silence, no further";
  EXPECT_EQ(r.options.rows()[1].value, "0%");
  for (int k = 0; k < 14; ++k) r.press(kButtonDpadRight);
  EXPECT_EQ(r.settings.sound.music, 1.0f) << "up to full, no further";
}

}  // namespace
}  // namespace cf
