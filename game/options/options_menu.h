#pragma once
// The options menu, from the title menu and the pause menu: Controls (every button on the pad and
// the keyboard: press the new one, a conflict swaps the two and says so; reset; dead zones, pen and
// camera speeds, camera inversion), Look (each part of the retro look on its own, window size,
// fullscreen, text size) and Sound (stored; shown disabled until the mixer is in the build).
// Every change is applied and saved at once (ModeContext::settings_changed).
#include "game/options/menu_list.h"
#include "game/options/settings.h"

namespace cf {

enum class OptionsScreen { kMain, kControls, kLook, kSound };

// What game button b does in a context ("VAULT, DANCE"; "NOTHING").
std::string button_roles(ControlContext context, int b);
// One line naming every action no pad button gives, with the warning sign ("" when none).
std::string unmapped_warning(const ControlSettings& c);

class OptionsMode final : public Mode {
 public:
  // The mode it was opened over draws the picture behind (the title menu's own frame, or the game).
  void set_under(Mode* title) { title_ = title; }
  ModeId update(const ModeFrame& frame, ModeContext& ctx) override;
  const CommandList* build_frame(const FrameSettings& fs, int w, int h) override;
  void draw_over(const FrameSettings& fs, CommandList* list) override;

  OptionsScreen screen() const { return screen_; }
  int cursor() const { return cursor_; }
  const std::string& note() const { return note_; }
  bool capturing() const { return capture_ >= 0; }
  std::vector<MenuRow> rows() const;
  ControlContext context() const { return context_; }

 private:
  void choose(ModeContext& ctx);
  void adjust(int dir, ModeContext& ctx);
  void capture(std::uint32_t raw_pad, int raw_key, ModeContext& ctx);
  void changed(ModeContext& ctx);
  void unmap(ModeContext& ctx);  // the highlighted button's pad button, in the shown mapping

  Mode* title_ = nullptr;
  ModeId back_ = ModeId::kTitle;
  bool open_ = false;
  OptionsScreen screen_ = OptionsScreen::kMain;
  int cursor_ = 0;
  std::string note_;
  Settings shown_;        // a copy of the player's settings, for rows() between frames
  ControlContext context_ = ControlContext::kPlay;  // the mapping the Controls screen shows
  int capture_ = -1;      // the game button waiting for its new pad button or key
  bool armed_ = false;    // every button was released since the capture began
  int capture_ticks_ = 0;
  MenuInput input_;
  CommandList over_;      // the title's picture with the menu over it
};

}  // namespace cf
