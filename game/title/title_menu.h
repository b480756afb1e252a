#pragma once
// The title menu: New creature, Continue draft (after a crash), Edit (shipped and saved creatures),
// Play (pick a creature, then a level), Quit. The highlighted creature turns in a preview.
// Driven by InputFrames tick by tick like every mode; d-pad/stick, A, B (keyboard: arrows, Space, E).
#include <string>
#include <vector>

#include "game/editor/editor_mode.h"
#include "game/editor/editor_preview.h"
#include "game/modes/modes.h"
#include "game/session/user_data.h"
#include "render/geometry_stage.h"

namespace cf {

enum class TitleScreen { kMain, kEdit, kPlayCreature, kPlayLevel };

class TitleMode final : public Mode {
 public:
  // 'editor' is opened by New, Continue and Edit.
  void open(const UserData& data, EditorMode* editor, TextureId skin_texture);
  ModeId update(const ModeFrame& frame, ModeContext& ctx) override;
  const CommandList* build_frame(const FrameSettings& settings, int w, int h) override;

  TitleScreen screen() const { return screen_; }
  // The labels of the current screen's items.
  std::vector<std::string> items() const;
  int cursor() const { return cursor_; }

 private:
  ModeId choose(ModeContext& ctx);
  void refresh_preview();
  UserData data_;
  EditorMode* editor_ = nullptr;
  TextureId skin_texture_ = kNoTexture;
  TitleScreen screen_ = TitleScreen::kMain;
  int cursor_ = 0;
  bool has_draft_ = false;
  std::vector<CreatureEntry> creatures_, levels_;
  int play_creature_ = 0;
  std::string message_;
  InputFrame prev_;
  std::uint64_t ticks_ = 0;
  // The turning preview of the highlighted creature.
  std::string preview_path_;
  EditorPreview preview_;
  float preview_floor_ = 0.0f;  // lowest flesh point, model y (the preview stands its flesh on the grid)
  float preview_scale_ = 1.0f;  // tall creatures shrink to fit under the title
  std::vector<MeshInput> meshes_;
  std::vector<OverlayLineInput> lines_;
  GeometryScratch scratch_;
  CommandList list_;
};

}  // namespace cf
