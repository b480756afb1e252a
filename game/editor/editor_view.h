#pragma once
// Draws the editor: the drawing plane's grid at the pen's depth, the strokes (selected and faulty
// parts highlighted), the skinned flesh, the normalized skeleton with drawn and normalized A/B/C/D
// nodes told apart, the pen, and the HUD/menus in the pixel font. CPU only: a CommandList out.
#include <string>
#include <vector>

#include "game/editor/editor.h"
#include "game/editor/editor_doc.h"
#include "render/command_list.h"
#include "render/frame_settings.h"
#include "render/geometry_stage.h"

namespace cf {

// "DEPTH 0.14 M RIGHT": the drawing plane's distance from the centre line (side view: left / centre /
// right of the torso's middle) or from the model's origin (front view: front / centre / back).
std::string depth_readout(const Editor& editor);
// "X: TORSO HEAD [LEG] ARM TAIL": the tag cycle X steps through, the shown tag in brackets.
std::string tag_cycle_line(PartTag shown);

class EditorView {
 public:
  // The frame for the editor and its preview; 'status' is an extra HUD line (save results).
  const CommandList& build(const Editor& editor, const EditorPreview& preview, TextureId skin_texture,
                           const FrameSettings& settings, int window_w, int window_h);

 private:
  void add_grid(const EditorPen& pen);
  void add_creature_lines(const Editor& editor, const EditorPreview& preview);
  void add_hud(const Editor& editor, const EditorPreview& preview);
  void add_bottom_lines(const Editor& editor, const EditorPreview& preview, int scale);
  // The pen over everything else (nodes included), in its own colour: screen lines after the stage's.
  void add_pen(const EditorPen& pen, const glm::mat4& view_proj, int scale);
  void add_tag_letters(const Creature& c, const glm::mat4& view_proj, int scale);
  // A small picture of the other view (front while drawing in the side view, and back): the body,
  // the centre line and the drawing plane as a line, so the pen's depth can be seen.
  void add_depth_gauge(const Editor& editor, int scale);
  void add_panel(int x, int y, int w, int h);  // a dark box behind menus (triangles: under every line)
  void fill_rect(int x, int y, int w, int h, Rgba8 c);  // a box of screen lines (over the stage's lines)
  void add_screen_line(float x0, float y0, float x1, float y1, Rgba8 c);  // target pixels
  std::vector<MeshInput> meshes_;
  std::vector<OverlayLineInput> lines_;
  std::vector<OverlayLineInput> highlight_;  // the selected / faulty part's stroke, drawn last
  std::vector<OverlayPointInput> points_;
  GeometryScratch scratch_;
  CommandList list_;
};

}  // namespace cf
