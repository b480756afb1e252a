#pragma once
// The control hints: a short line of the main controls over play, shown the first time play starts
// (remembered in the data folder, game/session/first_play.h) and again from the pause menu. B hides it;
// it also goes by itself after kControlHintTicks of play. Only the view reads it: no hash sees it.
namespace cf {

constexpr int kControlHintTicks = 60 * 15;

struct ControlHints {
  bool first_play = false;  // set at start when the player has never seen them
  int ticks_left = 0;       // > 0: shown

  bool visible() const { return ticks_left > 0; }
  void show() { ticks_left = kControlHintTicks; }
  void hide() { ticks_left = 0; }
  // One tick of play; 'hide_pressed' is B.
  void tick(bool hide_pressed) {
    if (hide_pressed) ticks_left = 0;
    else if (ticks_left > 0) --ticks_left;
  }
};

}  // namespace cf
