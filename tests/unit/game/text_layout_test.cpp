// Every screen's words at every text size (1x, 2x, 3x), in the retro picture and at full resolution:
// no two texts overlap and none leaves the picture. The texts are the boxes draw_hud_text records in
// the frame's command list (CommandList::texts), so every screen is checked the same way.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <string>
#include <vector>

#include "game/editor/editor.h"
#include "game/editor/editor_view.h"
#include "game/modes/control_hints.h"
#include "game/options/options_menu.h"
#include "game/options/pause_menu.h"
#include "game/options/settings.h"
#include "game/play/actions/vault_action.h"
#include "game/session/drafts.h"
#include "game/session/motion_menu.h"
#include "game/session/session.h"
#include "game/view/view.h"
#include "editor_scripts.h"
#include "game_test_util.h"
#include "layout_target.h"
#include "run_command.h"
#include "title_test_util.h"

namespace cf {
namespace {

using Target = test::LayoutTarget;
constexpr Target kTargets[] = {{"retro", false, 960, 720}, {"full 1280x720", true, 1280, 720}};

std::string box_text(const TextBox& b) {
  return "\"" + std::string(b.text) + "\" (" + std::to_string(b.x) + "," + std::to_string(b.y) + " " +
         std::to_string(b.w) + "x" + std::to_string(b.h) + ")";
}

// Every text that leaves the picture and every pair that overlaps, one line each ("" when none).
std::string layout_faults(const CommandList& list) {
  std::string out;
  const std::vector<TextBox>& t = list.texts;
  for (std::size_t i = 0; i < t.size(); ++i) {
    const TextBox& a = t[i];
    if (a.x < 0 || a.y < 0 || a.x + a.w > list.width || a.y + a.h > list.height)
      out += "leaves the " + std::to_string(list.width) + "x" + std::to_string(list.height) + " picture: " + box_text(a) + "\n";
    for (std::size_t j = i + 1; j < t.size(); ++j) {
      const TextBox& b = t[j];
      if (a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h)
        out += "overlap: " + box_text(a) + " and " + box_text(b) + "\n";
    }
  }
  return out;
}

// Calls build(fs) at every target and text size; each frame must hold words and fit.
void expect_fits_everywhere(const std::string& screen, const std::function<const CommandList&(const FrameSettings&, const Target&)>& build) {
  for (const Target& t : kTargets) {
    for (int scale = 1; scale <= 3; ++scale) {
      FrameSettings fs;
      fs.full_resolution = t.full_resolution;
      fs.text_scale = scale;
      const CommandList& list = build(fs, t);
      EXPECT_FALSE(list.texts.empty()) << screen << ", " << t.name << ", text " << scale << "x: no words";
      const std::string faults = layout_faults(list);
      EXPECT_EQ(faults, "") << screen << ", " << t.name << ", text " << scale << "x";
    }
  }
}

// The biped in a level, its view, and what play draws over it.
struct Play {
  Session session;
  View view;
  explicit Play(const char* level) {
    session.start(test::biped_scene_in(level), 1);
    view.init(session.scene(), ViewTextures{});
  }
  const CommandList& build(const SimState& s, const FrameSettings& fs, const Target& t) {
    return view.build(s, session.runtime(), 1.0f, fs, t.window_w, t.window_h);
  }
};

const char* kSavedNotice = "SAVED playtest_biped_default_000123_manual.replay.json";

TEST(TextLayout, PlayWithTheFirstPlayHintsANoticeAndARefusal) {
  Play p("default.json");
  SimState s = p.session.state();
  s.hud = vault_hud(kNoFenceInReach);
  p.view.set_hint(control_hint_text(nullptr, p.session.registry()));
  p.view.set_notice(kSavedNotice);
  expect_fits_everywhere("first play", [&](const FrameSettings& fs, const Target& t) -> const CommandList& {
    return p.build(s, fs, t);
  });
}

// A long refusal is never cut short: at 1x it says its figures on two lines; with large text it takes the
// lines it needs and drops its figures. (A TextBox keeps a line's first 27 characters: at 2x and 3x whole lines.)
TEST(TextLayout, ALongRefusalIsSaidWholeAtEveryTextSize) {
  Play p("default.json");
  SimState s = p.session.state();
  s.hud = vault_hud(kVaultRefused);
  vault_of(s.player()).record.refused = true;
  vault_of(s.player()).record.set_reason("not enough room between the walls: 1.280 m, needs 1.283 m");
  for (const Target& t : kTargets) {
    for (int scale = 1; scale <= 3; ++scale) {
      FrameSettings fs;
      fs.full_resolution = t.full_resolution;
      fs.text_scale = scale;
      const CommandList& list = p.build(s, fs, t);
      std::string all;
      for (const TextBox& b : list.texts) all += std::string(b.text) + " ";
      for (char& c : all) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      const std::string at = std::string(t.name) + ", text " + std::to_string(scale) + "x: " + all;
      EXPECT_EQ(layout_faults(list), "") << at;
      if (scale == 1) {
        EXPECT_NE(all.find("1.280 M"), std::string::npos) << at;
      } else {
        EXPECT_NE(all.find("BETWEEN THE"), std::string::npos) << at;
        EXPECT_NE(all.find("WALLS"), std::string::npos) << at;
        EXPECT_EQ(all.find(".."), std::string::npos) << at;
      }
    }
  }
}

TEST(TextLayout, ATestWalkWithItsBannerAndHints) {
  Play p("default.json");
  p.view.set_banner(test_walk_banner(nullptr));
  p.view.set_hint(control_hint_text(nullptr, p.session.registry(), true));
  expect_fits_everywhere("test walk", [&](const FrameSettings& fs, const Target& t) -> const CommandList& {
    return p.build(p.session.state(), fs, t);
  });
}

// The test walk's words (the first play's hints, then the banner) never cover the player's body, even
// with the camera pulled down low behind it (its head then stands high in the picture): the picture's
// centre moves down into the rows the words leave free. The body is read from the bones overlay.
TEST(TextLayout, ATestWalksWordsAreNeverOverTheBodyAtALowCamera) {
  for (const bool hints : {true, false}) {
    SCOPED_TRACE(hints ? "the hints" : "the banner");
    Play p("default.json");
    p.view.set_banner(hints ? std::string() : test_walk_banner(nullptr));
    p.view.set_hint(hints ? control_hint_text(nullptr, p.session.registry(), true) : std::string());
    InputFrame low;
    low.right_y = 32767;
    for (int t = 0; t < 60; ++t) ASSERT_TRUE(p.session.tick(low));
    FrameSettings fs;
    fs.overlay_mask = kOverlayBones;
    const CommandList* list = nullptr;
    for (int frame = 0; frame < 40; ++frame) list = &p.build(p.session.state(), fs, kTargets[0]);
    int words_end = 0, body_top = list->height, body_bottom = 0;
    for (const TextBox& b : list->texts)
      if (b.y < list->height / 2) words_end = std::max(words_end, b.y + b.h);
    for (const ScreenLine& l : list->lines) {
      if (l.kind != kOverlayBones) continue;
      body_top = std::min({body_top, l.y0 >> kSubpixelBits, l.y1 >> kSubpixelBits});
      body_bottom = std::max({body_bottom, l.y0 >> kSubpixelBits, l.y1 >> kSubpixelBits});
    }
    ASSERT_GT(body_bottom, body_top) << "the body's bones are drawn";
    EXPECT_GT(words_end, 0) << "the words are drawn at the top";
    EXPECT_GT(body_top, words_end) << "the highest bone (row " << body_top << ") is below the words (to row " << words_end << ")";
    EXPECT_LT(body_bottom, list->height * 5 / 6) << "and the feet above the prompt's row";
  }
}

TEST(TextLayout, TheMotionMenuOverPlay) {
  Play p("default.json");
  MotionMenu menu;
  menu.set_registry(p.session.registry());
  InputFrame rb;
  rb.buttons = rb.pressed = MotionMenu::kOpenButton;
  ActionId request = kNoAction;
  std::uint16_t motion = kNoMotion;
  menu.step(rb, &request, &motion);
  ASSERT_TRUE(menu.open());
  p.view.set_motion_menu(&menu);
  p.view.set_notice(kSavedNotice);
  expect_fits_everywhere("motion menu", [&](const FrameSettings& fs, const Target& t) -> const CommandList& {
    return p.build(p.session.state(), fs, t);
  });
}

TrialRun two_checkpoints(TrialRun::Phase phase) {
  TrialRun r;
  r.phase = phase;
  r.times.count = 2;
  r.times.splits[0] = 1234;
  r.times.splits[1] = 2345;
  r.times.finish = 3456;
  r.has_best = true;
  r.best = r.times;
  r.best.splits[0] = 1300;
  r.best.finish = 3999;
  return r;
}

TEST(TextLayout, ATrialCountingDownRunningAndFinished) {
  Play p("trial_sprint.json");
  p.view.set_ghost_line("RACING YOUR BEST 1:06.65");
  p.view.set_notice(kSavedNotice);
  SimState s = p.session.state();
  s.hud = vault_hud(kNoFenceInReach);
  // The countdown.
  TrialRun countdown = two_checkpoints(TrialRun::Phase::kCountdown);
  p.view.set_trial(&countdown);
  s.tick = 30;
  expect_fits_everywhere("trial countdown", [&](const FrameSettings& fs, const Target& t) -> const CommandList& {
    return p.build(s, fs, t);
  });
  // Running: a split just passed, a checkpoint missed, the clock past ten minutes.
  TrialRun running = two_checkpoints(TrialRun::Phase::kRunning);
  running.next = 1;
  s.tick = 60 * 60 * 10 + 123;
  running.split_tick = s.tick - 10;
  running.missed = 1;
  running.missed_tick = s.tick - 5;
  p.view.set_trial(&running);
  expect_fits_everywhere("trial running", [&](const FrameSettings& fs, const Target& t) -> const CommandList& {
    return p.build(s, fs, t);
  });
  // Finished with a new best.
  TrialRun finished = two_checkpoints(TrialRun::Phase::kFinished);
  finished.next = 2;
  finished.new_best = true;
  p.view.set_trial(&finished);
  expect_fits_everywhere("trial finished", [&](const FrameSettings& fs, const Target& t) -> const CommandList& {
    return p.build(s, fs, t);
  });
  finished.new_best = false;
  finished.has_best = false;
  expect_fits_everywhere("trial finished, no best", [&](const FrameSettings& fs, const Target& t) -> const CommandList& {
    return p.build(s, fs, t);
  });
}

// A mode's frame as main builds it: its own, or the play view with the mode drawn over it.
struct ModeRig {
  Play play{"default.json"};
  RunHarness harness;
  FrameSettings fs;
  Settings settings = default_settings();
  ModeContext ctx{play.session, harness, fs};
  ModeRig() {
    EXPECT_TRUE(harness.configure(RunOptions{}, play.session).ok());
    ctx.settings = &settings;
  }
  // One tick of the mode with 'buttons' went down, then one with none.
  ModeId press(Mode& m, std::uint32_t buttons) { return test::press_in(m, ctx, buttons); }
  const CommandList& over_play(Mode& m, const FrameSettings& f, const Target& t) {
    play.build(play.session.state(), f, t);
    m.draw_over(f, play.view.frame());
    return *play.view.frame();
  }
};

TEST(TextLayout, ThePauseMenuInPlayAndInATestWalk) {
  ModeRig r;
  PauseMenu pause;
  r.press(pause, 0);
  expect_fits_everywhere("pause", [&](const FrameSettings& fs, const Target& t) -> const CommandList& {
    return r.over_play(pause, fs, t);
  });
  r.ctx.test_walk = true;
  r.press(pause, 0);
  expect_fits_everywhere("pause in a test walk", [&](const FrameSettings& fs, const Target& t) -> const CommandList& {
    return r.over_play(pause, fs, t);
  });
}

TEST(TextLayout, EveryOptionsScreenOverPlay) {
  ModeRig r;
  r.ctx.options_back = ModeId::kPaused;
  OptionsMode options;
  r.press(options, 0);
  expect_fits_everywhere("options", [&](const FrameSettings& fs, const Target& t) -> const CommandList& {
    return r.over_play(options, fs, t);
  });
  for (int screen = 0; screen < 3; ++screen) {
    if (screen > 0) r.press(options, kButtonDpadDown);  // back on the screen left, the next one is below
    r.press(options, kButtonA);
    ASSERT_EQ(static_cast<int>(options.screen()), screen + 1);
    if (screen == 0) r.press(options, kButtonA);  // waiting for a button: the longest note
    expect_fits_everywhere("options screen " + std::to_string(screen + 1),
                           [&](const FrameSettings& fs, const Target& t) -> const CommandList& {
                             return r.over_play(options, fs, t);
                           });
    if (screen == 0) {
      InputFrame none;
      const std::function<InputFrame()> sample = [&] { return none; };
      r.press(options, 0);
      options.update(ModeFrame{1, 0, &sample, 1u << 2, 0}, r.ctx);  // pad X: a swap, told in the note
      r.press(options, 0);                                          // every button released
      expect_fits_everywhere("options after a swap", [&](const FrameSettings& fs, const Target& t) -> const CommandList& {
        return r.over_play(options, fs, t);
      });
    }
    r.press(options, kButtonB);
    ASSERT_EQ(options.screen(), OptionsScreen::kMain);
  }
}

TEST(TextLayout, EveryTitleScreenWithADraftFoundAndANotice) {
  const UserData data{test::fresh_scratch_dir("text_layout_", "title")};
  Creature c;
  c.name = "a_draft";
  ASSERT_TRUE(write_draft(free_draft_path(data, "a_draft"), "a_draft", c).ok());
  Session session;
  session.start(test::biped_scene_in("default.json"), 1);
  test::TitleRig rig(session, data);
  ASSERT_NE(rig.title.message(), "");
  auto frame = [&](const FrameSettings& fs, const Target& t) -> const CommandList& {
    return *rig.title.build_frame(fs, t.window_w, t.window_h);
  };
  expect_fits_everywhere("title with a draft found", frame);
  rig.title.set_notice("settings: /home/player/.config/critterforge/settings.json: look.text_scale: must be 1, 2 or 3; "
                       "using the defaults, the file is kept as settings.json.damaged-1");
  rig.title.open(data, &rig.editor, kNoTexture);
  expect_fits_everywhere("title with a notice", frame);
  auto go_to = [&](const std::string& item) {
    const std::vector<std::string> items = rig.title.items();
    for (std::size_t k = 0; k < items.size() && items[static_cast<std::size_t>(rig.title.cursor())] != item; ++k)
      rig.press(kButtonDpadDown);
    ASSERT_EQ(rig.title.items()[static_cast<std::size_t>(rig.title.cursor())], item);
    rig.press(kButtonA);
  };
  go_to("PLAY");
  expect_fits_everywhere("title: play kind", frame);
  go_to("TRIAL");
  expect_fits_everywhere("title: play creature", frame);
  rig.press(kButtonA);
  expect_fits_everywhere("title: course", frame);
  rig.press(kButtonB);
  rig.press(kButtonB);
  rig.press(kButtonB);
  go_to("EDIT");
  expect_fits_everywhere("title: edit", frame);
}

TEST(TextLayout, TheEditorDrawingItsMenuAndNaming) {
  EditorMode editor;
  editor.open(Creature{}, UserData{test::fresh_scratch_dir("text_layout_", "editor")}, kNoTexture);
  ModeRig r;
  for (const InputFrame& f : test::draw_biped().frames()) {
    const std::function<InputFrame()> sample = [&] { return f; };
    editor.update(ModeFrame{1, 0, &sample}, r.ctx);
  }
  auto frame = [&](const FrameSettings& fs, const Target& t) -> const CommandList& {
    return *editor.build_frame(fs, t.window_w, t.window_h);
  };
  expect_fits_everywhere("editor", frame);
  r.press(editor, kButtonStart);
  ASSERT_EQ(editor.editor().screen(), EditorScreen::kMenu);
  expect_fits_everywhere("editor menu", frame);
  r.press(editor, kButtonDpadDown);
  r.press(editor, kButtonDpadDown);  // SAVE
  r.press(editor, kButtonA);
  ASSERT_EQ(editor.editor().screen(), EditorScreen::kNaming);
  expect_fits_everywhere("editor naming", frame);
  r.press(editor, kButtonSelect);  // cancels
  ASSERT_EQ(editor.editor().screen(), EditorScreen::kDrawing);
  InputFrame lb;
  lb.buttons = kButtonLeftShoulder;
  InputFrame lb_y = lb;
  lb_y.buttons |= kButtonY;
  lb_y.pressed = kButtonY;
  for (const InputFrame& f : {lb, lb_y, lb, InputFrame{}}) {
    const std::function<InputFrame()> sample = [&] { return f; };
    editor.update(ModeFrame{1, 0, &sample}, r.ctx);
  }
  ASSERT_TRUE(editor.editor().painting());
  expect_fits_everywhere("editor paint mode", frame);
}

}  // namespace
}  // namespace cf
