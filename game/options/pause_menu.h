#pragma once
// The pause menu (Start in live play): Resume, Options, Show controls (the control hints), Restart level, Back to title (a test walk:
// back to the editor). No ticks run or are recorded; Start or B resumes, LB + Start opens debug mode.
// Its items are one table (pause_menu.cpp): adding one is one line.
#include "game/options/menu_list.h"
#include "game/play/action.h"

namespace cf {

struct Settings;
// The control hints' lines ('\n' between them) with the player's play buttons and keys (null: the
// defaults); in a test walk the last line says B goes back to the editor (it does not hide them there).
std::string control_hint_text(const Settings* settings, const ActionRegistry& actions = game_actions(),
                              bool test_walk = false);
// The pause menu's items in order (in a test walk, as it names them there).
std::vector<std::string> pause_menu_items(bool test_walk);
// The banner over a test walk's first seconds, with the button that ends it.
std::string test_walk_banner(const Settings* settings);

class PauseMenu final : public Mode {
 public:
  ModeId update(const ModeFrame& frame, ModeContext& ctx) override;
  void draw_over(const FrameSettings& fs, CommandList* list) override;
  int cursor() const { return cursor_; }

 private:
  bool open_ = false;
  bool test_walk_ = false;
  int cursor_ = 0;
  std::string keys_ = "A CHOOSE   B OR START: RESUME";
  MenuInput input_;
};

}  // namespace cf
