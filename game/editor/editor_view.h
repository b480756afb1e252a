#pragma once
// Draws the editor: the drawing plane's grid at the pen's depth, the strokes (selected and faulty
// parts highlighted), the skinned flesh, the normalized skeleton with drawn and normalized A/B/C/D
// nodes told apart, the pen, and the HUD/menus in the pixel font. CPU only: a CommandList out.
#include <string>
#include <vector>

#include "game/editor/editor.h"
#include "game/editor/editor_doc.h"
#include "game/editor/editor_paint_view.h"
#include "render/command_list.h"
#include "render/frame_settings.h"
#include "render/geometry_stage.h"
#include "game/ui/hud.h"

namespace cf {

// "DEPTH 0.14 M RIGHT": the drawing plane's distance from the centre line (side view: left / centre /
// right of the torso's middle) or from the model's origin (front view: front / centre / back).
std::string depth_readout(const Editor& editor);
// "X: TORSO HEAD [LEG] ARM TAIL": the tag cycle X steps through, the shown tag in brackets.
std::string tag_cycle_line(PartTag shown);

// One thing the HUD put on the picture (a line of text, the depth gauge), target pixels: the layout's
// tests check that none overlaps another or leaves the picture, and what is left for the creature.
struct HudBox {
  int x = 0, y = 0, w = 0, h = 0;
  bool overlaps(const HudBox& o) const { return x < o.x + o.w && o.x < x + w && y < o.y + o.h && o.y < y + h; }
};

class EditorView {
 public:
  // The HUD's boxes of the last build (drawing and menu screens; none in paint mode).
  const std::vector<HudBox>& hud_boxes() const { return hud_boxes_; }
  // The paint HUD's layout of the last paint-mode frame.
  const PaintHudLayout& paint_hud() const { return paint_hud_; }
  // The frame for the editor and its preview; 'status' is an extra HUD line (save results).
  const CommandList& build(const Editor& editor, const EditorPreview& preview, TextureId skin_texture,
                           const FrameSettings& settings, int window_w, int window_h);

 private:
  void add_grid(const EditorPen& pen);
  void add_creature_lines(const Editor& editor, const EditorPreview& preview);
  void add_hud(const Editor& editor, const EditorPreview& preview, const FrameSettings& settings);
  // The top left lines beside the parts count and the gauge; the longest wording of each that fits.
  void add_top_lines(const Editor& editor, int text_scale, const HudBox& beside);
  void add_bottom_lines(const Editor& editor, const EditorPreview& preview, int text_scale);
  void add_menu(const Editor& editor, int text_scale);
  void add_naming(const Editor& editor, int text_scale);
  // Draws one HUD line and keeps its box.
  void hud_text(const std::string& text, int x, int y, const HudTextStyle& st);
  void hud_text_centred(const std::string& text, int y, const HudTextStyle& st);
  // The pen over everything else (nodes included), in its own colour: screen lines after the stage's.
  void add_pen(const EditorPen& pen, const glm::mat4& view_proj, int scale);
  void add_tag_letters(const Creature& c, const glm::mat4& view_proj, int scale);
  // A small picture of the other view (front while drawing in the side view, and back): the body,
  // the centre line and the drawing plane as a line, so the pen's depth can be seen.
  // Returns its box (drawn under the parts count at 'top').
  HudBox add_depth_gauge(const Editor& editor, int scale, int text_scale, int top);
  void add_panel(int x, int y, int w, int h);  // a dark box behind menus (triangles: under every line)
  void fill_rect(int x, int y, int w, int h, Rgba8 c);  // a box of screen lines (over the stage's lines)
  void add_screen_line(float x0, float y0, float x1, float y1, Rgba8 c);  // target pixels
  std::vector<MeshInput> meshes_;
  std::vector<OverlayLineInput> lines_;
  std::vector<OverlayLineInput> highlight_;  // the selected / faulty part's stroke, drawn last
  std::vector<OverlayPointInput> points_;
  GeometryScratch scratch_;
  CommandList list_;
  std::vector<HudBox> hud_boxes_;
  PaintHudLayout paint_hud_;
};

}  // namespace cf
