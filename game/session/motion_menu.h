#pragma once
// The motion menu: every motion of the library the player may choose, reachable in two presses. RB opens
// a list grouped by kind (one-shots, then held motions), each named by its HUD word; the d-pad moves
// (up/down one motion, left/right one group), A plays the one under the cursor, B or RB closes it. The
// d-pad keeps its four favourites while the menu is closed. It is part of the input mapping: it turns
// the pad's frames into the player's command, so a replay's recorded frames open and use it as the
// player did, and it never touches the state (no hash sees it).
#include <cstdint>
#include <string>
#include <vector>

#include "core/input_frame.h"
#include "game/play/action.h"

namespace cf {

class MotionMenu {
 public:
  struct Entry {
    std::uint16_t motion = kNoMotion;  // library index
    std::string label;                 // "GREET"
    int group = 0;                     // 0 one-shots, 1 held motions
  };
  static constexpr Button kOpenButton = kButtonRightShoulder;

  // The entries of a registry's library (its clip action's; none without one). Allocates: at start only.
  void set_registry(const ActionRegistry& actions);
  // One tick of the pad: opens, moves, chooses or closes. A choice sets *request and *motion. Returns the
  // buttons it took this tick (masked from the play controls, so A in the menu does not vault).
  std::uint32_t step(const InputFrame& pad, ActionId* request, std::uint16_t* motion);
  void close() { open_ = false; }

  bool open() const { return open_; }
  int cursor() const { return cursor_; }
  const std::vector<Entry>& entries() const { return entries_; }

 private:
  std::vector<Entry> entries_;
  ActionId clip_ = kNoAction;
  bool open_ = false;
  int cursor_ = 0;
};

}  // namespace cf
