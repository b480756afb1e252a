#pragma once
// Draws the editor: the drawing plane's grid at the pen's depth, the strokes (selected and faulty
// parts highlighted), the skinned flesh, the normalized skeleton with drawn and normalized A/B/C/D
// nodes told apart, the pen, and the HUD/menus in the pixel font. CPU only: a CommandList out.
#include <string>
#include <vector>

#include "game/editor/editor.h"
#include "game/editor/editor_camera.h"
#include "game/editor/editor_preview.h"
#include "render/command_list.h"
#include "render/frame_settings.h"
#include "render/geometry_stage.h"

namespace cf {

class EditorView {
 public:
  // The frame for the editor and its preview; 'status' is an extra HUD line (save results).
  const CommandList& build(const Editor& editor, const EditorPreview& preview, TextureId skin_texture,
                           const FrameSettings& settings, int window_w, int window_h);

 private:
  void add_grid(const EditorPen& pen);
  void add_creature_lines(const Editor& editor, const EditorPreview& preview);
  void add_hud(const Editor& editor, const EditorPreview& preview);
  void add_panel(int x, int y, int w, int h);  // a dark box behind menus, target pixels
  std::vector<MeshInput> meshes_;
  std::vector<OverlayLineInput> lines_;
  std::vector<OverlayLineInput> highlight_;  // the selected / faulty part's stroke, drawn last
  std::vector<OverlayPointInput> points_;
  GeometryScratch scratch_;
  CommandList list_;
};

}  // namespace cf
