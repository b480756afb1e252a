// The editor as a new player meets it (issue 26), through the real binary and the virtual pad: menu
// picks with the stick held draw nothing, B mashed in the name prompt deletes nothing, a 40-letter
// typed name saves, a dog drawn in the side view gets its mirrored legs, a four-legged creature with a
// tail is drawn, saved and walked in well under 90 s with human pauses; and screenshots of the depth
// readout, the wrapped messages and the pen over the nodes (written to the build folder: look at them).
#include <gtest/gtest.h>

#include <string>

#include "creature/creature_rules.h"
#include "editor_e2e_util.h"
#include "game/editor/editor_doc.h"
#include "skeleton/rig_builder.h"

namespace cf::test {
namespace {

int count(const Creature& c, PartTag t) {
  int n = 0;
  for (const Part& p : c.parts) n += p.tag == t;
  return n;
}

// Every leg (and arm) has its mirrored twin on the other side.
void expect_mirrored_pairs(const Creature& c) {
  for (std::size_t i = 0; i < c.parts.size(); ++i) {
    if (c.parts[i].tag != PartTag::kLeg && c.parts[i].tag != PartTag::kArm) continue;
    EXPECT_GE(mirror_twin(c, static_cast<int>(i)), 0) << "part " << i << " has no twin";
    EXPECT_NE(c.parts[i].side, Side::kCenter) << "part " << i;
  }
}

// Start, d-pad down to the item, A held like a person holds it, all with the left stick held.
PadSteps pick_with_stick(int item) {
  PadSteps s;
  const float sx = 0.6f, sy = 0.4f;
  s.add({1, sx, sy, {"start"}}).add({6, sx, sy, {}});
  for (int i = 0; i < item; ++i) s.add({1, sx, sy, {"down"}}).add({4, sx, sy, {}});
  s.add({12, sx, sy, {"a"}}).add({20, sx, sy, {}});
  return s;
}

TEST(EditorUxE2E, PickingEveryMenuItemWithTheStickHeldDrawsNothing) {
  const std::string data = ux_data_dir("menu");
  const std::string rec = ux_tmp("menu.editsession.json");
  PadSteps s;
  s.wait(4).then(draw_biped());
  const int drawn_at = s.total_ticks();
  s.then(pick_with_stick(0));                                     // back to drawing
  s.then(pick_with_stick(2)).press("start").wait(10);             // save: the prompt, Start saves CRITTER
  s.then(pick_with_stick(3)).press("start").wait(10);             // export: the name prompt, Start exports CRITTER
  s.then(pick_with_stick(4)).press("b").wait(6);                  // symmetry off (the menu stays): B closes it
  s.then(pick_with_stick(4)).press("b").wait(6);                  // symmetry on again
  s.then(pick_with_stick(5)).press("b").wait(10);                 // new blank canvas asks; B: not cleared
  s.then(pick_with_stick(1)).add({60, 0.6f, 0.4f, {}}).press("b").add({20, 0.6f, 0.4f, {}});  // test walk, back
  s.then(pick_with_stick(6)).wait(10);                            // title menu
  const CommandResult r = ux_game("--edit --data-dir '" + data + "' --pad-script '" + ux_script("menu", s) +
                                  "' --ticks " + std::to_string(s.total_ticks()) + " --record '" + rec + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // The files the picks wrote hold the biped exactly.
  Result<Creature> saved = load_creature(data + "/creatures/critter.json");
  ASSERT_TRUE(saved.ok()) << saved.error().to_string();
  EXPECT_EQ(saved->parts.size(), 4u);
  EXPECT_TRUE(std::ifstream(data + "/creatures/critter.glb").good()) << "exported";
  // Tick by tick, as the game ran it: from the biped on, never a stroke, never "too short".
  int too_short = 0, drawing = 0, ticks = 0;
  replay_recorded(rec, [&](const Editor& e, const InputFrame&, std::size_t i) {
    ++ticks;
    if (static_cast<int>(i) < drawn_at) return;
    EXPECT_EQ(e.doc().creature.parts.size(), 4u) << "tick " << i << ": " << e.message();
    too_short += e.message().find("too short") != std::string::npos;
    drawing += e.pen().drawing;
  });
  EXPECT_EQ(too_short, 0);
  EXPECT_EQ(drawing, 0);
  EXPECT_GT(ticks, drawn_at + 400) << "the recording covers the picks";
}

TEST(EditorUxE2E, MashingBTwentyTimesInTheNamePromptChangesNothing) {
  const std::string data = ux_data_dir("mash");
  PadSteps base;
  base.wait(4).then(draw_biped()).press("right");  // the torso selected: a B reaching the canvas would delete it
  base.press("start").press("down", 2).press("a");
  PadSteps mash = base, calm = base;
  mash.press("b", 20);
  for (PadSteps* p : {&mash, &calm}) p->add({6, 0, 0, {"select"}}).wait(6);  // Back cancels the prompt
  const std::string rec = ux_tmp("mash.editsession.json");
  const CommandResult a = ux_game("--edit --data-dir '" + data + "' --pad-script '" + ux_script("mash", mash) +
                                  "' --ticks " + std::to_string(mash.total_ticks()) + " --print-hash --record '" + rec + "'");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  const CommandResult b = ux_game("--edit --data-dir '" + data + "' --pad-script '" + ux_script("calm", calm) +
                                  "' --ticks " + std::to_string(calm.total_ticks()) + " --print-hash");
  ASSERT_EQ(b.exit_code, 0) << b.err;
  EXPECT_EQ(ux_last_line(a.out), ux_last_line(b.out)) << "the document and the pen are as without the mashing";
  std::size_t parts_min = 99;
  bool left_prompt_early = false;
  const int mash_end = base.total_ticks() + 40;
  replay_recorded(rec, [&](const Editor& e, const InputFrame&, std::size_t i) {
    if (static_cast<int>(i) < base.total_ticks()) return;
    parts_min = std::min(parts_min, e.doc().creature.parts.size());
    if (static_cast<int>(i) < mash_end && e.screen() != EditorScreen::kNaming) left_prompt_early = true;
  });
  EXPECT_EQ(parts_min, 4u);
  EXPECT_FALSE(left_prompt_early) << "B only erases; it never leaves the prompt";
}

TEST(EditorUxE2E, AFortyLetterTypedNameSavesItsFirstSixteenAndSaysSo) {
  const std::string data = ux_data_dir("forty");
  const std::string rec = ux_tmp("forty.editsession.json");
  PadSteps s;
  s.wait(4).then(draw_biped()).press("start").press("down", 2).press("a").wait(2);
  const std::string forty = "Abcdefghijklmnopqrstuvwxyz_abcdefghijklm";
  ASSERT_EQ(forty.size(), 40u);
  s.type(forty + "\n", 60);  // 41 keys in one burst: more than the old 32-key queue
  const CommandResult r = ux_game("--edit --data-dir '" + data + "' --pad-script '" + ux_script("forty", s) +
                                  "' --ticks " + std::to_string(s.total_ticks()) + " --record '" + rec + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Result<Creature> c = load_creature(data + "/creatures/abcdefghijklmnop.json");
  ASSERT_TRUE(c.ok()) << c.error().to_string();
  EXPECT_EQ(c->name, "ABCDEFGHIJKLMNOP");
  bool said = false;
  replay_recorded(rec, [&](const Editor& e, const InputFrame&, std::size_t) {
    said = said || e.message().find("at most 16 letters") != std::string::npos;
  });
  EXPECT_TRUE(said) << "the letters past 16 are refused with a word";
}

// A dog drawn the way a new player draws it in the side view: the depth never touched.
PadSteps draw_dog() {
  PadSteps s;
  s.wait(4).move(-1, 0, 15).move(0, -1, 3).draw(1, 0, 30);  // torso
  s.draw(0, -1, 17);                                         // front legs, from where the pen came back
  s.move(-1, 0, 21).draw(0, -1, 18);                         // back legs
  return s;
}

TEST(EditorUxE2E, ADogDrawnInTheSideViewGetsFourLegsInMirroredPairs) {
  const std::string data = ux_data_dir("dog");
  PadSteps s = draw_dog();
  s.press("start").press("down", 2).press("a").type("dog\n", 8);
  const CommandResult r = ux_game("--edit --data-dir '" + data + "' --pad-script '" + ux_script("dog", s) +
                                  "' --ticks " + std::to_string(s.total_ticks()));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Result<Creature> c = load_creature(data + "/creatures/dog.json");
  ASSERT_TRUE(c.ok()) << c.error().to_string();
  EXPECT_EQ(count(*c, PartTag::kLeg), 4);
  expect_mirrored_pairs(*c);
  EXPECT_TRUE(check_creature_rules(*c).empty()) << check_creature_rules(*c).front().message;
}

// The README's promise, timed: from the title menu a four-legged creature with a head and a tail is
// drawn, saved and walked with the pauses of someone reading the screen. Printed: its ticks.
TEST(EditorUxE2E, AFourLeggedCreatureWithATailIsDrawnSavedAndWalkedWellUnderNinetySeconds) {
  const std::string data = ux_data_dir("timed");
  PadSteps s;
  s.wait(120).add({6, 0, 0, {"a"}}).wait(90);                   // read the title menu; NEW CREATURE; read the hint
  s.move(-1, 0, 15).wait(30).move(0, -1, 3).wait(30);            // to the back end of the body-to-be
  s.add({30, 1, 0, {"a"}}).wait(90);                             // the torso; read "added the torso"
  s.add({17, 0, -1, {"a"}}).wait(75);                            // front legs from where the pen came back
  s.move(-1, 0, 21).wait(30).add({18, 0, -1, {"a"}}).wait(75);   // back legs
  for (int i = 0; i < 2; ++i) s.add({3, 0, 0, {"x"}}).wait(25);  // X: leg -> arm -> tail
  s.move(-1, 0, 5).move(0, 1, 4).wait(30).add({12, -0.7f, 0.5f, {"a"}}).wait(75);  // tail
  for (int i = 0; i < 2; ++i) s.add({3, 0, 0, {"x"}}).wait(25);  // X: tail -> torso -> head
  s.move(1, 0, 32).wait(30).add({10, 0.7f, 0.7f, {"a"}}).wait(90);  // head, then look at the HUD
  s.add({3, 0, 0, {"start"}}).wait(45);                          // the menu
  for (int i = 0; i < 2; ++i) s.add({3, 0, 0, {"down"}}).wait(20);
  s.add({4, 0, 0, {"a"}}).wait(60).type("Rex\n", 60);            // SAVE, read the prompt, type the name
  s.add({3, 0, 0, {"rs"}}).wait(60).move(0, 1, 120);             // test walk: read the banner, walk 2 s
  const int ticks = s.total_ticks();
  std::printf("timed script: %d ticks (%.1f s)\n", ticks, ticks / 60.0);
  EXPECT_LE(ticks, 90 * 60);
  const CommandResult r = ux_game("--title --data-dir '" + data + "' --pad-script '" + ux_script("timed", s) +
                                  "' --ticks " + std::to_string(ticks) + " --print-state");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Result<Creature> c = load_creature(data + "/creatures/rex.json");
  ASSERT_TRUE(c.ok()) << c.error().to_string();
  EXPECT_EQ(count(*c, PartTag::kLeg), 4);
  EXPECT_EQ(count(*c, PartTag::kTail), 1);
  EXPECT_EQ(count(*c, PartTag::kHead), 1);
  expect_mirrored_pairs(*c);
  EXPECT_TRUE(check_creature_rules(*c).empty()) << check_creature_rules(*c).front().message;
  // It walked: the play state's root is ahead of the spawn (the origin, facing +Z).
  const std::string out = r.out;
  // The state is one line of JSON (it holds nested objects: its own line's first '{').
  const std::size_t line_start = out.rfind("\n{") == std::string::npos ? out.find('{') : out.rfind("\n{") + 1;
  ASSERT_NE(line_start, std::string::npos) << out;
  Result<Json> st = parse_json(out.substr(line_start, out.find('\n', line_start) - line_start), "state");
  ASSERT_TRUE(st.ok()) << out;
  EXPECT_GT((*st)["root"][2].get<double>(), 1.0) << st->dump();
  // Still walking, or (full stick runs) already stopped by the first fence at 2.1 m.
  const bool at_fence = (*st)["blocked_ticks"].get<int>() > 0 && (*st)["root"][2].get<double>() > 2.0;
  EXPECT_TRUE((*st)["speed_mps"].get<double>() > 0.3 || at_fence) << st->dump();
}

std::string shot(const std::string& name, const PadSteps& s) {
  const std::string png = ux_tmp(name + ".png");
  std::remove(png.c_str());
  const CommandResult r = ux_game("--edit --data-dir '" + ux_data_dir("shots") + "' --pad-script '" + ux_script(name, s) +
                                  "' --ticks " + std::to_string(s.total_ticks()) + " --screenshot '" + png + "'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return png;
}

// The same script through the editor in-process: where the pen is, what the document holds.
Editor in_process(const PadSteps& s) {
  Editor e;
  e.reset({});
  for (const InputFrame& f : s.frames()) e.step(f);
  return e;
}

TEST(EditorUxE2E, ScreenshotsOfTheDepthReadoutTheWrappedMessagesAndThePenOverNodes) {
  // 1. The depth readout: the dog's torso drawn; the plane on the body's right side for the legs.
  PadSteps depth;
  depth.wait(4).move(-1, 0, 15).move(0, -1, 3).draw(1, 0, 30).wait(2);
  const Editor d = in_process(depth);
  EXPECT_NEAR(d.pen().pos.x, -d.doc().creature.parts[0].radius, 1e-5f) << "DEPTH 0.14 M RIGHT";
  Result<Image> a = load_png(shot("depth", depth));
  ASSERT_TRUE(a.ok());
  int px = 0, py = 0;
  editor_pixel(DrawPlane::kSide, d.pen().pos, &px, &py);
  EXPECT_GT(pixels_near(*a, px, py, 24, is_pen), 20) << "the pen at " << px << "," << py;
  // The gauge (top right) shows the plane as a magenta line.
  EXPECT_GT(pixels_near(*a, 860, 140, 90, is_pen), 60) << "the drawing plane in the gauge";

  // 2. Wrapped messages: the torso of a quadruped selected and B pressed once; the question and the
  // selection line are both longer than the picture is wide.
  PadSteps wrapped = PadSteps().wait(4).then(draw_quadruped());
  wrapped.press("right").press("b").wait(2);
  const Editor w = in_process(wrapped);
  EXPECT_EQ(w.confirming(), EditorConfirm::kDeleteTorso);
  EXPECT_GT(w.message().size(), 50u) << w.message();
  Result<Image> b = load_png(shot("wrapped", wrapped));
  ASSERT_TRUE(b.ok());
  // Three yellow lines (two of the question, one of the selection), 7 font rows of 3 pixels each.
  EXPECT_GE(yellow_text_rows(*b, 480), 3 * 7 * 3 - 6);

  // 3. The pen over nodes: LB+right twice puts it on a front leg's root, where its A nodes are.
  PadSteps over = PadSteps().wait(4).then(draw_quadruped());
  over.add({1, 0, 0, {"lb"}}).add({1, 0, 0, {"lb", "right"}}).add({1, 0, 0, {"lb"}}).add({1, 0, 0, {"lb", "right"}}).wait(2);
  const Editor o = in_process(over);
  ASSERT_EQ(o.doc().selected, 1);
  ASSERT_EQ(o.doc().creature.parts[1].tag, PartTag::kLeg);
  EXPECT_LT(glm::length(o.pen().pos - o.doc().creature.parts[1].stroke.front()), 1e-4f);
  Result<Image> c = load_png(shot("pen_over_nodes", over));
  ASSERT_TRUE(c.ok());
  editor_pixel(DrawPlane::kSide, o.pen().pos, &px, &py);
  EXPECT_GT(pixels_near(*c, px, py, 24, is_pen), 40) << "the pen on top, at " << px << "," << py;
  EXPECT_GT(pixels_near(*c, px, py, 40, is_node), 4) << "the nodes under it";
}

}  // namespace
}  // namespace cf::test
