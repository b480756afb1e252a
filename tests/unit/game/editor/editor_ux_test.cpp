// The editor as a new player meets it (issue 26): no input leaks between the menu, the name prompt
// and the canvas; depth that can be seen and limbs that get their twins; destructive actions that ask
// first and undo; a pen that is quick and comes back onto the body; a HUD that reads whole.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "creature/creature_io.h"
#include "creature/creature_rules.h"
#include "editor_scripts.h"
#include "game/editor/editor.h"
#include "game/editor/editor_doc.h"
#include "game/editor/editor_mode.h"
#include "game/editor/editor_view.h"
#include "game/play/scene.h"
#include "game/run/run_harness.h"
#include "game/session/session.h"
#include "game/title/title_menu.h"
#include "game/ui/hud.h"
#include "title_test_util.h"

namespace cf {
namespace {

struct Drive {
  Editor e;
  std::vector<std::string> messages;  // every message shown, in order
  explicit Drive(const Creature& start = {}) { e.reset(start); }
  Drive& feed(const test::PadSteps& s) {
    for (const InputFrame& f : s.frames()) step(f);
    return *this;
  }
  EditorRequest step(const InputFrame& f) {
    const std::string before = e.message();
    const EditorRequest r = e.step(f);
    if (e.message() != before && !e.message().empty()) messages.push_back(e.message());
    return r;
  }
  bool said(const std::string& part) const {
    for (const std::string& m : messages)
      if (m.find(part) != std::string::npos) return true;
    return false;
  }
};

int count(const Creature& c, PartTag t) {
  int n = 0;
  for (const Part& p : c.parts) n += p.tag == t;
  return n;
}

std::string doc_text(const Editor& e) { return creature_to_json(e.doc().creature).dump(); }

TEST(EditorPen, HalfDeflectionIsAboutHalfSpeedAndFullSpeedCrossesAMetreQuickly) {
  EXPECT_EQ(pen_speed_share(0.0f), 0.0f);
  EXPECT_EQ(pen_speed_share(kStickDeadZone), 0.0f);
  EXPECT_NEAR(pen_speed_share(0.5f), 0.5f, 0.05f) << "was 0.25 with the squared curve";
  EXPECT_EQ(pen_speed_share(0.95f), 1.0f) << "a real pad's stick stops short of 1";
  EXPECT_LT(1.0f / kPenSpeed_mps, 0.6f) << "a 1 m torso at full speed (was 1.2 s at 0.83 m/s)";
  // Through the editor: 30 ticks at half deflection go about half as far as at full.
  test::PadSteps half, full;
  half.move(0.5f, 0, 30);
  full.move(1, 0, 30);
  const float zh = Drive().feed(half).e.pen().pos.z, zf = Drive().feed(full).e.pen().pos.z;
  EXPECT_NEAR(zf, 30 * kPenSpeed_mps / 60.0f, 1e-4f);
  EXPECT_NEAR(zh / zf, 0.5f, 0.05f);
}

// Every item of the editor menu picked with A held for a human 12 ticks while the left stick is held
// off centre: the canvas never sees that A (no stroke, no "too short").
TEST(EditorLeaks, PickingEveryMenuItemWithTheStickHeldDrawsNothing) {
  for (int item = 0; item < static_cast<int>(EditorMenuItem::kCount); ++item) {
    SCOPED_TRACE(editor_menu_label(static_cast<EditorMenuItem>(item), true));
    Drive r;
    r.feed(test::draw_biped());
    const std::string before = doc_text(r.e);
    test::PadSteps s;
    s.add({1, 0.6f, 0.4f, {"start"}}).add({2, 0.6f, 0.4f, {}});
    for (int i = 0; i < item; ++i) s.add({1, 0.6f, 0.4f, {"down"}}).add({1, 0.6f, 0.4f, {}});
    s.add({12, 0.6f, 0.4f, {"a"}}).add({20, 0.6f, 0.4f, {}});
    r.messages.clear();
    r.feed(s);
    EXPECT_FALSE(r.e.pen().drawing);
    EXPECT_FALSE(r.said("too short")) << r.messages.back();
    const auto which = static_cast<EditorMenuItem>(item);
    if (which == EditorMenuItem::kNewBlank) {
      EXPECT_EQ(r.e.confirming(), EditorConfirm::kNewBlank) << "the first A only asks";
      EXPECT_EQ(r.e.screen(), EditorScreen::kMenu);
    } else if (which != EditorMenuItem::kSymmetry) {
      EXPECT_EQ(doc_text(r.e), before) << "no part was added";
    }
    EXPECT_EQ(r.e.doc().creature.parts.size(), 4u);
  }
}

TEST(EditorLeaks, AConfirmedBlankCanvasStaysBlankWhileAIsStillHeld) {
  Drive r;
  r.feed(test::draw_biped());
  test::PadSteps s;
  s.press("start").press("down", 5).press("a");  // NEW BLANK CANVAS: asks
  s.add({10, 0.8f, 0.0f, {"a"}}).add({10, 0.8f, 0.0f, {}});  // A again, held while the stick moves
  r.feed(s);
  EXPECT_TRUE(r.e.doc().creature.parts.empty());
  EXPECT_TRUE(r.said("select (undo) brings the 4 parts back")) << r.messages.back();
  test::PadSteps undo;
  undo.press("select");
  r.feed(undo);
  EXPECT_EQ(r.e.doc().creature.parts.size(), 4u) << "one press brings them back";
}

TEST(EditorLeaks, AHeldFromTheTitleMenuDoesNotDrawUntilReleased) {
  Drive r;
  InputFrame a;
  a.buttons = kButtonA;  // held, not pressed: it went down in the title menu
  a.left_y = 32767;
  for (int i = 0; i < 20; ++i) r.step(a);
  InputFrame up;
  r.step(up);
  EXPECT_TRUE(r.e.doc().creature.parts.empty());
  EXPECT_FALSE(r.said("too short"));
  // Pressed again, it draws.
  test::PadSteps s;
  s.draw(0, 1, 17);
  r.feed(s);
  EXPECT_EQ(r.e.doc().creature.parts.size(), 1u);
}

TEST(EditorLeaks, MashingBTwentyTimesInTheNamePromptLeavesTheDocumentAlone) {
  Drive r;
  test::PadSteps s = test::draw_biped();
  s.press("right");  // the torso selected: a leaked B would delete it
  r.feed(s);
  const std::string before = doc_text(r.e);
  test::PadSteps m;
  m.press("start").press("down", 2).press("a").press("b", 20);
  r.feed(m);
  EXPECT_EQ(r.e.screen(), EditorScreen::kNaming) << "B only erases, it never leaves";
  EXPECT_EQ(r.e.name_entry(), "");
  EXPECT_EQ(doc_text(r.e), before);
  EXPECT_EQ(r.e.confirming(), EditorConfirm::kNone);
  // Back (select) cancels; the canvas does not undo with it.
  test::PadSteps back;
  back.add({8, 0, 0, {"select"}}).wait(2);
  r.feed(back);
  EXPECT_EQ(r.e.screen(), EditorScreen::kDrawing);
  EXPECT_EQ(doc_text(r.e), before);
  EXPECT_EQ(r.e.history().undo_steps(), 3);
}

TEST(EditorDestructive, DeletingTheTorsoAsksAndTakesItsPartsWithIt) {
  Drive r;
  test::PadSteps s = test::draw_quadruped();
  s.press("right");  // part 0: the torso
  r.feed(s);
  ASSERT_EQ(r.e.doc().selected, 0);
  const std::string before = doc_text(r.e);
  test::PadSteps b;
  b.press("b");
  r.feed(b);
  EXPECT_EQ(doc_text(r.e), before) << "the first B only asks";
  EXPECT_NE(r.e.message().find("the other 6 parts hang on the torso - B again"), std::string::npos) << r.e.message();
  r.feed(b);
  EXPECT_TRUE(r.e.doc().creature.parts.empty()) << "no flesh-less orphan limbs";
  EXPECT_NE(r.e.message().find("brings them back"), std::string::npos);
  test::PadSteps undo;
  undo.press("select");
  r.feed(undo);
  EXPECT_EQ(doc_text(r.e), before);
  // Anything else pressed between the two Bs: the torso stays.
  test::PadSteps other;
  other.press("right", 1).press("left", 1).press("b").press("up").press("b");
  r.feed(other);
  EXPECT_EQ(count(r.e.doc().creature, PartTag::kTorso), 1);
}

// A dog drawn in the side view the way a new player draws it: the depth never touched.
test::PadSteps dog_in_the_side_view() {
  test::PadSteps s;
  s.move(-1, 0, 15).move(0, -1, 3).draw(1, 0, 30);  // torso
  s.draw(0, -1, 17);                                // front legs, from where the pen came back
  s.move(-1, 0, 21).draw(0, -1, 18);                // back legs
  return s;
}

TEST(EditorDepth, ADogDrawnInTheSideViewGetsFourLegsInMirroredPairs) {
  Drive r;
  r.feed(dog_in_the_side_view());
  const Creature& c = r.e.doc().creature;
  ASSERT_EQ(count(c, PartTag::kLeg), 4) << r.messages.back();
  for (std::size_t i = 0; i < c.parts.size(); ++i) {
    if (c.parts[i].tag != PartTag::kLeg) continue;
    EXPECT_GE(mirror_twin(c, static_cast<int>(i)), 0) << "leg " << i;
    EXPECT_NE(c.parts[i].side, Side::kCenter);
  }
  EXPECT_EQ(r.e.centre_legs(), 0);
  EXPECT_TRUE(check_creature_rules(c).empty()) << check_creature_rules(c).front().message;
  EXPECT_EQ(depth_readout(r.e), "DEPTH 0.14 M RIGHT");
}

TEST(EditorDepth, ALegOnTheCentreLineIsNamedAndLBUpMovesThePlaneToTheSide) {
  Drive r;
  test::PadSteps s;
  s.move(-1, 0, 15).move(0, -1, 3).draw(1, 0, 30);
  // The front view, the pen moved onto the middle (it was on the body's right side), straight down.
  s.press("y").move(1, 0, 4).add({6, 1, 0, {"lb"}}).draw(0, -1, 17);
  r.feed(s);
  EXPECT_EQ(count(r.e.doc().creature, PartTag::kLeg), 1);
  EXPECT_EQ(r.e.centre_legs(), 1);
  EXPECT_TRUE(r.said("on the centre line, so it has no twin")) << r.messages.back();
  // Side view, centre line: LB+up puts the plane on the body's side (again: the far side), LB+down back.
  Drive d;
  test::PadSteps t;
  t.move(-1, 0, 15).move(0, -1, 3).draw(1, 0, 30).press("x", 4);  // next: head, on the centre line
  d.feed(t);
  EXPECT_EQ(depth_readout(d.e), "DEPTH 0.00 M CENTRE");
  test::PadSteps lb_up;
  lb_up.add({1, 0, 0, {"lb"}}).add({1, 0, 0, {"lb", "up"}}).wait(1);
  d.feed(lb_up);
  EXPECT_EQ(depth_readout(d.e), "DEPTH 0.14 M RIGHT");
  d.feed(lb_up);
  EXPECT_EQ(depth_readout(d.e), "DEPTH 0.14 M LEFT");
  test::PadSteps lb_down;
  lb_down.add({1, 0, 0, {"lb"}}).add({1, 0, 0, {"lb", "down"}}).wait(1);
  d.feed(lb_down);
  EXPECT_EQ(depth_readout(d.e), "DEPTH 0.00 M CENTRE");
}

TEST(EditorPen, AfterAPartThePenIsBackOnTheBodyAndLBRightJumpsToAPart) {
  Drive r;
  test::PadSteps s;
  s.move(-1, 0, 15).move(0, -1, 3).draw(1, 0, 30);  // a level torso at y 0.71
  r.feed(s);
  const Part torso = r.e.doc().creature.parts[0];
  EXPECT_NEAR(r.e.pen().pos.y, 0.71f - torso.radius, 0.02f) << "under the torso";
  EXPECT_NEAR(r.e.pen().pos.z, torso.stroke.back().z - torso.radius, 0.02f) << "near its front end";
  test::PadSteps leg;
  leg.draw(0, -1, 17);
  r.feed(leg);
  const Part& l = r.e.doc().creature.parts[1];
  EXPECT_NEAR(r.e.pen().pos.y, l.stroke.front().y, 1e-5f) << "back at the leg's root, not on the ground";
  EXPECT_NEAR(r.e.pen().pos.z, l.stroke.front().z, 1e-5f);
  test::PadSteps jump;
  jump.move(1, 1, 20).add({1, 0, 0, {"lb"}}).add({1, 0, 0, {"lb", "right"}}).wait(1);  // away, then LB+right
  r.feed(jump);
  EXPECT_EQ(r.e.doc().selected, 0);
  const glm::vec3 mid = r.e.doc().creature.parts[0].stroke[r.e.doc().creature.parts[0].stroke.size() / 2];
  EXPECT_LT(glm::length(r.e.pen().pos - mid), 0.05f) << "the pen on the torso's middle";
}

TEST(EditorNaming2, OddCharactersAndTooManyLettersAreRefusedWithAWord) {
  Drive r;
  test::PadSteps s;
  s.press("start").press("down", 2).press("a");
  r.feed(s);
  auto type = [&](const std::string& keys) {
    EditorRequest last = EditorRequest::kNone;
    for (char c : keys) {
      InputFrame f;
      f.typed = static_cast<std::uint8_t>(c);
      const EditorRequest q = r.step(f);
      if (q != EditorRequest::kNone) last = q;
    }
    return last;
  };
  type("rex!");
  EXPECT_EQ(r.e.name_entry(), "REX");
  EXPECT_TRUE(r.said("no '!' in a name"));
  type(" ");
  EXPECT_TRUE(r.said("no spaces in a name"));
  InputFrame other;
  other.typed = kTypedOther;
  r.step(other);
  EXPECT_TRUE(r.said("that key can't be in a name"));
  // 40 letters and Enter: 16 kept, the rest refused with a word, and Enter still saves.
  type("\b\b\b");
  EXPECT_EQ(type("abcdefghijklmnopqrstuvwxyzabcdefghijklmn\r"), EditorRequest::kSave);
  EXPECT_TRUE(r.said("a name has at most 16 letters"));
  EXPECT_EQ(r.e.doc().creature.name, "ABCDEFGHIJKLMNOP");
}

TEST(EditorSmall, ASmallClosedScribbleIsNotTooShort) {
  // Two seconds of small slow circles (a loop about 3 cm across, 4 loops): 35 cm drawn.
  for (PartTag next : {PartTag::kTorso, PartTag::kHead}) {
    Drive r;
    test::PadSteps s;
    if (next == PartTag::kHead) s = test::draw_biped();
    s.move(0, -1, 3);
    for (int i = 0; i < 120; ++i) {
      const float a = 6.2831853f * static_cast<float>(i) / 30.0f;
      s.add({1, 0.3f * std::cos(a), 0.3f * std::sin(a), {"a", "lb"}});
    }
    s.wait(2);
    const std::size_t n0 = next == PartTag::kHead ? 4u : 0u;
    r.feed(s);
    EXPECT_FALSE(r.said("too short")) << r.messages.back();
    EXPECT_EQ(r.e.doc().creature.parts.size(), n0 + 1);
  }
}

TEST(EditorHud, TheTagCycleAndTheDepthAreShown) {
  EXPECT_EQ(tag_cycle_line(PartTag::kLeg), "X: TORSO HEAD [LEG] ARM TAIL");
  EXPECT_EQ(tag_cycle_line(PartTag::kTorso), "X: [TORSO] HEAD LEG ARM TAIL");
  Drive r;
  EXPECT_EQ(depth_readout(r.e), "DEPTH 0.00 M CENTRE");
  test::PadSteps s;
  s.press("up", 6);
  r.feed(s);
  EXPECT_EQ(depth_readout(r.e), "DEPTH 0.12 M LEFT");
  s.press("y");
  EXPECT_EQ(depth_readout(Drive().feed(s).e), "DEPTH 0.00 M CENTRE");
}

TEST(HudText, LongMessagesWrapToTwoLinesAndPathsAreShortened) {
  HudTextStyle st;
  const int room = 312;  // the 320-pixel picture less its margins
  const std::string m = "HOLD A AND MOVE THE STICK TO DRAW THE TORSO - RELEASE A TO MAKE THE PART";
  const std::vector<std::string> ls = wrap_hud_text(m, room, st, 2);
  ASSERT_EQ(ls.size(), 2u);
  for (const std::string& l : ls) EXPECT_LE(hud_text_width(l, st), room) << l;
  EXPECT_EQ(ls[0] + " " + ls[1], m) << "nothing cut";
  const std::vector<std::string> three = wrap_hud_text(m + " " + m + " " + m, room, st, 2);
  ASSERT_EQ(three.size(), 2u);
  EXPECT_EQ(three[1].substr(three[1].size() - 3), "...");
  EXPECT_LE(hud_text_width(three[1], st), room);
  EXPECT_EQ(shorten_hud_paths("saved /home/ann/.local/share/critterforge/creatures/my_dog.json", "/home/ann"),
            "saved ~/.../creatures/my_dog.json");
  EXPECT_EQ(shorten_hud_paths("saved /tmp/d/creatures/b.json", "/home/ann"), "saved /tmp/d/creatures/b.json");
  EXPECT_EQ(shorten_hud_paths("saved /very/long/folder/name/for/tests/data/creatures/b.json", ""),
            "saved .../creatures/b.json");
  EXPECT_EQ(hud_upper("saved ~/.../creatures/my_dog.json now"), "SAVED ~/.../creatures/my_dog.json NOW");
}

TEST(EditorLeaks, AHeldInATestWalkDoesNotDrawWhenBComesBack) {
  const std::string dir = std::string(CF_BINARY_DIR) + "/editor_ux_walk";
  ASSERT_EQ(std::system(("rm -rf '" + dir + "'").c_str()), 0);
  Session session;
  Result<Scene> scene = load_scene(CF_ASSETS_DIR "/creatures/biped.json", CF_ASSETS_DIR "/levels/open_ground.json");
  ASSERT_TRUE(scene.ok());
  session.start(std::move(*scene), 1);
  RunHarness harness;
  ASSERT_TRUE(harness.configure(RunOptions{}, session).ok());
  FrameSettings fs;
  ModeContext ctx{session, harness, fs};
  EditorMode mode;
  mode.open(Drive().feed(test::draw_biped()).e.doc().creature, UserData{dir}, kNoTexture);
  InputFrame f;
  const std::function<InputFrame()> sample = [&] { return f; };
  f.buttons = f.pressed = kButtonRightStick;
  ASSERT_EQ(mode.update(ModeFrame{1, 0, &sample}, ctx), ModeId::kPlay) << mode.editor().message();
  // ... the walk, A held for a vault; B brings the editor back with A still down.
  f = InputFrame{};
  f.buttons = kButtonA;
  f.left_y = 32767;
  for (int i = 0; i < 20; ++i) mode.update(ModeFrame{1, 0, &sample}, ctx);
  f = InputFrame{};
  mode.update(ModeFrame{1, 0, &sample}, ctx);
  EXPECT_EQ(mode.editor().doc().creature.parts.size(), 4u);
  EXPECT_EQ(mode.editor().message().find("too short"), std::string::npos) << mode.editor().message();
}

TEST(TitleMenu, BFromAListKeepsTheCursorOnTheItemThatOpenedIt) {
  const std::string dir = std::string(CF_BINARY_DIR) + "/editor_ux_title";
  ASSERT_EQ(std::system(("rm -rf '" + dir + "'").c_str()), 0);
  Session session;
  Result<Scene> scene = load_scene(CF_ASSETS_DIR "/creatures/biped.json", CF_ASSETS_DIR "/levels/open_ground.json");
  ASSERT_TRUE(scene.ok());
  session.start(std::move(*scene), 1);
  test::TitleRig rig(session, UserData{dir});
  TitleMode& title = rig.title;
  auto press = [&](std::uint32_t b) { rig.press(b); };
  ASSERT_EQ(title.items()[1], "EDIT");  // no draft: NEW CREATURE, EDIT, PLAY, QUIT
  press(kButtonDpadDown);
  press(kButtonA);
  ASSERT_EQ(title.screen(), TitleScreen::kEdit);
  press(kButtonDpadDown);
  press(kButtonB);
  EXPECT_EQ(title.screen(), TitleScreen::kMain);
  EXPECT_EQ(title.cursor(), 1) << "on EDIT, not back at the top";
  press(kButtonDpadDown);
  press(kButtonA);  // PLAY
  ASSERT_EQ(title.screen(), TitleScreen::kPlayKind);
  press(kButtonA);  // FREE ROAM
  press(kButtonDpadDown);
  press(kButtonDpadDown);
  press(kButtonA);  // the third creature: now the levels
  ASSERT_EQ(title.screen(), TitleScreen::kPlayLevel);
  press(kButtonB);
  EXPECT_EQ(title.cursor(), 2) << "on the creature picked";
  press(kButtonB);
  EXPECT_EQ(title.screen(), TitleScreen::kPlayKind);
  EXPECT_EQ(title.cursor(), 0) << "on FREE ROAM";
  press(kButtonB);
  EXPECT_EQ(title.cursor(), 2) << "on PLAY";
}

}  // namespace
}  // namespace cf
