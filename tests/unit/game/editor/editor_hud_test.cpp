// The editor's HUD laid out at every text size, in the retro picture and at full resolution: nothing
// overlaps, nothing leaves the picture, the middle (where the creature is) stays clear, and 2x text is
// twice the size of 1x.
#include <gtest/gtest.h>

#include <string>

#include "editor_scripts.h"
#include "layout_target.h"
#include "game/editor/editor.h"
#include "game/editor/editor_view.h"

namespace cf {
namespace {

using Target = test::LayoutTarget;

// A biped with its head selected and a message showing: the most the drawing HUD shows at once.
Editor busy_editor() {
  Editor e;
  e.reset(Creature{});
  for (const InputFrame& f : test::draw_biped().frames()) e.step(f);
  InputFrame right;
  right.buttons = right.pressed = kButtonDpadRight;
  e.step(right);
  e.step(InputFrame{});
  e.set_message("saved to ~/.local/share/critterforge/creatures/a_long_creature_name.json");
  return e;
}

std::string box_text(const HudBox& b) {
  return "(" + std::to_string(b.x) + "," + std::to_string(b.y) + " " + std::to_string(b.w) + "x" + std::to_string(b.h) + ")";
}

TEST(EditorHud, AtEveryTextSizeNothingOverlapsOrLeavesThePictureAndTheMiddleStaysClear) {
  const Editor e = busy_editor();
  ASSERT_GE(e.doc().creature.parts.size(), 4u);
  ASSERT_GE(e.doc().selected, 0);
  EditorPreview preview;
  preview.rebuild(e.doc().creature);
  for (const Target& t : {Target{"retro 640x480", false, 640, 480}, Target{"retro 1280x720", false, 1280, 720},
                          Target{"full 640x480", true, 640, 480}, Target{"full 1280x720", true, 1280, 720}}) {
    for (int scale = 1; scale <= 3; ++scale) {
      SCOPED_TRACE(std::string(t.name) + " text " + std::to_string(scale) + "x");
      FrameSettings fs;
      fs.full_resolution = t.full_resolution;
      fs.text_scale = scale;
      EditorView view;
      const CommandList& list = view.build(e, preview, kNoTexture, fs, t.window_w, t.window_h);
      ASSERT_GT(list.width, 0);
      const std::vector<HudBox>& boxes = view.hud_boxes();
      ASSERT_GE(boxes.size(), 5u) << "parts, gauge, top lines, bottom lines";
      // The creature stands around the look-at point in the middle of the picture.
      const HudBox middle{list.width * 3 / 10, list.height * 3 / 8, list.width * 2 / 5, list.height / 4};
      for (std::size_t i = 0; i < boxes.size(); ++i) {
        const HudBox& a = boxes[i];
        EXPECT_GE(a.x, 0) << box_text(a);
        EXPECT_GE(a.y, 0) << box_text(a);
        EXPECT_LE(a.x + a.w, list.width) << box_text(a);
        EXPECT_LE(a.y + a.h, list.height) << box_text(a);
        EXPECT_FALSE(a.overlaps(middle)) << box_text(a) << " covers the creature";
        for (std::size_t j = i + 1; j < boxes.size(); ++j) {
          EXPECT_FALSE(a.overlaps(boxes[j])) << box_text(a) << " and " << box_text(boxes[j]);
        }
      }
    }
  }
}

TEST(EditorHud, TwiceTheTextSizeIsTwiceTheGlyphsAndTheGaugeStaysItsSize) {
  const Editor e = busy_editor();
  EditorPreview preview;
  preview.rebuild(e.doc().creature);
  auto boxes_at = [&](int scale) {
    FrameSettings fs;
    fs.text_scale = scale;
    EditorView view;
    view.build(e, preview, kNoTexture, fs, 960, 720);
    return view.hud_boxes();
  };
  const std::vector<HudBox> one = boxes_at(1), two = boxes_at(2);
  ASSERT_FALSE(one.empty());
  ASSERT_FALSE(two.empty());
  // The first box is the parts count ("6 PARTS"): the same words, twice as wide and tall.
  EXPECT_EQ(two[0].h, 2 * one[0].h);
  EXPECT_EQ(two[0].w, 2 * one[0].w);
  // The gauge (the second box) keeps its picture's size.
  EXPECT_EQ(two[1].w, one[1].w);
}

TEST(EditorHud, TheMenuAndTheNamePromptFitThePictureAtEveryTextSize) {
  Editor e = busy_editor();
  InputFrame start;
  start.buttons = start.pressed = kButtonStart;
  e.step(start);
  e.step(InputFrame{});
  ASSERT_EQ(e.screen(), EditorScreen::kMenu);
  EditorPreview preview;
  preview.rebuild(e.doc().creature);
  for (int scale = 1; scale <= 3; ++scale) {
    SCOPED_TRACE(scale);
    FrameSettings fs;
    fs.text_scale = scale;
    EditorView view;
    const CommandList& list = view.build(e, preview, kNoTexture, fs, 640, 480);
    const std::vector<HudBox>& boxes = view.hud_boxes();
    ASSERT_GE(boxes.size(), 8u);
    for (const HudBox& b : boxes) {
      EXPECT_GE(b.x, 0);
      EXPECT_GE(b.y, 0);
      EXPECT_LE(b.x + b.w, list.width);
      EXPECT_LE(b.y + b.h, list.height);
    }
    // The menu's title and its seven items (the last boxes): one under the other, none touching.
    for (std::size_t i = boxes.size() - 8; i + 1 < boxes.size(); ++i) {
      EXPECT_LE(boxes[i].y + boxes[i].h, boxes[i + 1].y) << i;
    }
  }
}

}  // namespace
}  // namespace cf

namespace cf {
namespace {

// Paint mode's HUD follows the text size too: the player's size where it fits, else the largest that
// does; its column and help line stay inside the picture and clear of the palette row.
TEST(EditorHud, PaintModesHudTakesTheTextSizeAndStaysInThePicture) {
  Editor e = busy_editor();
  InputFrame paint;
  paint.buttons = kButtonLeftShoulder | kButtonY;
  paint.pressed = kButtonY;
  e.step(paint);
  e.step(InputFrame{});
  ASSERT_TRUE(e.painting());
  EditorPreview preview;
  preview.rebuild(e.doc().creature);
  auto layout_at = [&](bool full, int w, int h, int scale, int* list_w, int* list_h) {
    FrameSettings fs;
    fs.full_resolution = full;
    fs.text_scale = scale;
    EditorView view;
    const CommandList& list = view.build(e, preview, kNoTexture, fs, w, h);
    *list_w = list.width;
    *list_h = list.height;
    return view.paint_hud();
  };
  int lw = 0, lh = 0;
  const PaintHudLayout one = layout_at(true, 1280, 720, 1, &lw, &lh);
  const PaintHudLayout two = layout_at(true, 1280, 720, 2, &lw, &lh);
  // Seven rows over a palette leave no room for twice the size in a 240-line picture: larger, as large as fits.
  EXPECT_GT(two.text_scale, one.text_scale);
  EXPECT_LE(two.text_scale, 2 * one.text_scale);
  EXPECT_GT(two.column_w, one.column_w);
  for (const bool full : {false, true}) {
    for (int scale = 1; scale <= 3; ++scale) {
      SCOPED_TRACE((full ? std::string("full ") : std::string("retro ")) + std::to_string(scale) + "x");
      const PaintHudLayout l = layout_at(full, 640, 480, scale, &lw, &lh);
      ASSERT_GT(lw, 0);
      const int s = std::max(1, lh / 240);
      EXPECT_LE(8 * s + l.column_w, lw) << "the column leaves the picture";
      EXPECT_LE(4 * s + l.column_h, lh * 2 / 3) << "the column reaches the palette";
      EXPECT_LE(l.help_w, lw - 8 * s) << "the help line leaves the picture";
      EXPECT_LE(l.text_scale, scale * s);
    }
  }
}

}  // namespace
}  // namespace cf
