#pragma once
// What the pause and options menus share: a cursor over rows driven like the title menu (d-pad or
// stick, A to choose, B back; keyboard arrows / W S, Space, E), a button that opened or closed a menu
// ignored until it is released, and the rows drawn over a dimmed picture at the player's text size.
#include <string>
#include <vector>

#include "core/input_frame.h"
#include "game/modes/modes.h"
#include "render/command_list.h"
#include "render/frame_settings.h"

namespace cf {

class MenuInput {
 public:
  // Buttons held now are ignored until released (the press that opened the menu).
  void open(const InputFrame& last) {
    swallow_ = last.buttons;
    prev_ = last;
  }
  // After a choice that changes what buttons mean (a remap): nothing counts until all are released.
  void wait_release() { swallow_ = ~0u; }
  // The menu actions of one tick (kMenu* bits).
  std::uint32_t actions(const InputFrame& in);
  const InputFrame& last() const { return prev_; }

 private:
  std::uint32_t swallow_ = 0;
  InputFrame prev_;
};

// How a menu over the game ticks: 'counted' (from the title, or in a bounded pad-scripted run) it
// runs the frame's due ticks on the run's clock, so a pad script goes on and the run ends; live and
// paused, one sample a frame and no clock. Calls each(tick input, index) until it returns false.
template <class Each>
void menu_ticks(const ModeFrame& frame, ModeContext& ctx, bool counted, Each each) {
  const int ticks = counted ? frame.due_ticks : 1;
  for (int i = 0; i < ticks; ++i) {
    if (counted && !ctx.harness.may_tick(ctx.session)) return;
    const InputFrame pad = (*frame.sample)();  // the pad script's frame of this tick, then the tick counts
    if (counted) ctx.harness.count_tick();
    if (!each(pad, i)) return;
  }
}

struct MenuRow {
  std::string label;
  std::string value;     // right-aligned ("ON", "24%", "PAD B  KEY E"); "" for none
  bool enabled = true;   // disabled rows are grey
};

// Draws a titled list of rows with the cursor on 'cursor', a note under it and the keys line at the
// bottom, over a darkened picture, at the settings' text scale. Rows that do not fit scroll.
void draw_menu(const std::string& title, const std::vector<MenuRow>& rows, int cursor, const std::string& note,
               const std::string& keys, const FrameSettings& fs, CommandList* list);

}  // namespace cf
