// Paint mode tick by tick: LB+Y switches, the buttons paint the selection (and its twin), each change
// undoes and redoes in one step like a stroke, the preview makes a new page, and nothing of the
// creature's shape changes.
#include <cmath>

#include <gtest/gtest.h>

#include "creature/creature_io.h"
#include "editor_scripts.h"
#include "game/editor/editor.h"
#include "game/editor/editor_doc.h"

namespace cf {
namespace {

Creature quadruped() {
  auto c = load_creature(std::string(CF_SOURCE_DIR) + "/assets/creatures/quadruped.json");
  EXPECT_TRUE(c.ok());
  return *c;
}

test::PadSteps into_paint() {
  test::PadSteps s;
  s.wait(2).add({1, 0, 0, {"lb", "y"}}).add({1, 0, 0, {}});
  return s;
}

Editor run(const test::PadSteps& s, const Creature& start) {
  Editor e;
  e.reset(start);
  for (const InputFrame& f : s.frames()) e.step(f);
  return e;
}

TEST(EditorPaint, LbYSwitchesBuildAndPaintAndTheStickDrawsNothingThere) {
  test::PadSteps s = into_paint();
  s.add({20, 1.0f, 0.0f, {"a"}}).wait(2);  // A held with the stick: paint, not a stroke
  const Editor e = run(s, quadruped());
  EXPECT_TRUE(e.painting());
  EXPECT_EQ(e.doc().creature.parts.size(), quadruped().parts.size());
  Editor fresh;
  fresh.reset(quadruped());
  EXPECT_EQ(e.pen().pos, fresh.pen().pos);  // the pen rests
  EXPECT_TRUE(e.pen().path.empty());
  test::PadSteps back = into_paint();
  back.add({1, 0, 0, {"lb", "y"}}).add({1, 0, 0, {}});
  EXPECT_FALSE(run(back, quadruped()).painting());
}

TEST(EditorPaint, EveryButtonPaintsEveryPartWithoutASelection) {
  test::PadSteps s = into_paint();
  s.press("a", 3).press("x", 2).press("b").press("up", 2);
  const Editor e = run(s, quadruped());
  const Creature& c = e.doc().creature;
  ASSERT_TRUE(c.painted);
  const PartPaint d;
  for (const Part& p : c.parts) {
    EXPECT_EQ(p.paint.base, palette_colour(palette_index(d.base) + 3));
    EXPECT_EQ(p.paint.pattern, PaintPattern::kSpots);  // solid -> stripes -> spots
    EXPECT_EQ(p.paint.second, palette_colour(palette_index(d.second) + 1));
  }
  EXPECT_EQ(c.eyes, 4);
  EXPECT_TRUE(same_shape(c, quadruped()));
  EXPECT_EQ(e.history().undo_steps(), 8);  // one step per press, like strokes
}

TEST(EditorPaint, WithSymmetryASelectedLegAndItsTwinArePaintedTheRestIsNot) {
  const Creature q = quadruped();
  int leg = -1;
  for (int i = 0; i < static_cast<int>(q.parts.size()) && leg < 0; ++i)
    if (q.parts[static_cast<std::size_t>(i)].tag == PartTag::kLeg) leg = i;
  ASSERT_GE(leg, 0);
  test::PadSteps s = into_paint();
  s.press("right", leg + 1).press("x", 4);  // bands
  const Editor e = run(s, q);
  ASSERT_EQ(e.doc().selected, leg);
  const int twin = mirror_twin(e.doc().creature, leg);
  ASSERT_GE(twin, 0);
  for (int i = 0; i < static_cast<int>(q.parts.size()); ++i) {
    const bool painted = i == leg || i == twin;
    EXPECT_EQ(e.doc().creature.parts[static_cast<std::size_t>(i)].paint.pattern,
              painted ? PaintPattern::kBands : PaintPattern::kSolid)
        << i;
  }
}

TEST(EditorPaint, UndoAndRedoStepThroughPaintLikeStrokes) {
  test::PadSteps s = into_paint();
  s.press("a", 2).press("select");
  Editor e = run(s, quadruped());
  const PartPaint d;
  EXPECT_EQ(e.doc().creature.parts[0].paint.base, palette_colour(palette_index(d.base) + 1));
  s.press("select");
  e = run(s, quadruped());
  EXPECT_EQ(e.doc().creature.parts[0].paint.base, d.base);
  EXPECT_FALSE(e.doc().creature.painted);  // back to the file as it was: no paint block
  EXPECT_FALSE(creature_to_json(e.doc().creature).contains("paint"));
  s.press("rb", 2);
  e = run(s, quadruped());
  EXPECT_EQ(e.doc().creature.parts[0].paint.base, palette_colour(palette_index(d.base) + 2));
}

TEST(EditorPaint, ATriggerSqueezeScalesThePatternAsOneUndoStep) {
  test::PadSteps s = into_paint();
  test::PadSteps::Step squeeze(30, 0, 0, {});
  s.add(squeeze);
  std::vector<InputFrame> frames = s.frames();
  for (std::size_t i = frames.size() - 30; i < frames.size(); ++i) frames[i].right_trigger = 32767;
  Editor e;
  e.reset(quadruped());
  for (const InputFrame& f : frames) e.step(f);
  const float scale = e.doc().creature.parts[0].paint.scale;
  EXPECT_NEAR(scale, std::exp(1.5f * 0.5f), 0.05f);  // half a second at full trigger
  EXPECT_EQ(e.history().undo_steps(), 1);
  InputFrame undo;
  undo.buttons = undo.pressed = kButtonSelect;
  e.step(undo);
  EXPECT_FLOAT_EQ(e.doc().creature.parts[0].paint.scale, 1.0f);
}

TEST(EditorPaint, SuggestOffersTheComplementThenOtherHarmonies) {
  test::PadSteps s = into_paint();
  s.press("y");
  const Editor e = run(s, quadruped());
  const PartPaint d;
  EXPECT_EQ(e.doc().creature.parts[0].paint.second, suggest_second(d.base, 0));
  s.press("y");
  EXPECT_EQ(run(s, quadruped()).doc().creature.parts[0].paint.second, suggest_second(d.base, 1));
}

TEST(EditorPaint, PaintingChangesTheHashAnUnpaintedSessionKeepsItsOwn) {
  const Editor plain = run(test::PadSteps().wait(5), quadruped());
  const Editor painted = run(into_paint().press("a"), quadruped());
  EXPECT_NE(plain.hash(), painted.hash());
  // Undone all the way and back in build mode: the document hashes as before.
  test::PadSteps undone = into_paint();
  undone.press("a").press("select").add({1, 0, 0, {"lb", "y"}}).add({1, 0, 0, {}});
  const Editor back = run(undone, quadruped());
  EXPECT_FALSE(back.doc().creature.painted);
  EXPECT_FALSE(back.painting());
  EXPECT_EQ(back.hash(), plain.hash());
}

TEST(EditorPaint, APaintChangeRepaintsThePreviewWithoutRebuildingTheFlesh) {
  Creature c = quadruped();
  EditorPreview p;
  p.rebuild(c);
  ASSERT_TRUE(p.has_skin);
  EXPECT_FALSE(p.painted);
  c.painted = true;
  c.parts[0].paint.pattern = PaintPattern::kStripes;
  const std::uint64_t r0 = p.page_revision;
  const std::size_t verts = p.skin.mesh.positions_ms.size();
  p.repaint(c);
  EXPECT_TRUE(p.painted);
  EXPECT_EQ(p.page_revision, r0 + 1);
  EXPECT_EQ(p.paint_uvs.size(), verts);
  // Few colours of its own (16 entries) and, with eyes, their own entries (an 8-bit table).
  EXPECT_LE(p.page.clut.size() - (p.page.eye_first >= 0 ? kEyeTableEntries : 0), 16u);
  IndexedTexture fresh;
  build_paint_texture(c, p.belly_u, &fresh);
  EXPECT_EQ(fresh.texels, p.page.texels);
}

}  // namespace
}  // namespace cf
