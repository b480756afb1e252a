#pragma once
// The motion menu: every motion of the library the player's body can play, reachable in two presses. RB
// opens a list in groups — the motions made here by kind (ONCE, HELD), then each imported capture set
// (its description's "source": FOX, HORSE, ...) in library order — each named by its HUD word (less the
// set's name under its own header). A motion none of whose variants fits the body is not listed. The
// d-pad moves (up/down one motion, left/right one group), A plays the one under the cursor, B or RB
// closes it. The d-pad keeps its four favourites while the menu is closed. It is part of the input
// mapping: it turns the pad's frames into the player's command, so a replay's recorded frames open and
// use it as the player did (the same scene gives the same list), and it never touches the state (no
// hash sees it).
//
// The Test drive (a test walk from the editor, as Spore had): the same list titled TEST DRIVE that stays
// open while the chosen motion plays, so the player picks one motion after another and watches the body
// play each (the emote camera frames it); the one chosen last is marked. B or RB closes it. A replay
// carries whether its run was a test drive, so its frames work the list the same way.
#include <cstdint>
#include <string>
#include <vector>

#include "core/input_frame.h"
#include "game/play/action.h"

namespace cf {

struct Rig;

class MotionMenu {
 public:
  struct Entry {
    std::uint16_t motion = kNoMotion;  // library index
    std::string label;                 // "GREET"; an imported "Fox Bark" under FOX: "BARK"
    int group = 0;                     // index into groups()
  };
  static constexpr Button kOpenButton = kButtonRightShoulder;

  // The entries of a registry's library (its clip action's; none without one) that 'body' can play
  // (null: every one). Allocates: when a scene starts only.
  void set_registry(const ActionRegistry& actions, const Rig* body = nullptr);
  // One tick of the pad: opens, moves, chooses or closes. A choice sets *request and *motion. Returns the
  // buttons it took this tick (masked from the play controls, so A in the menu does not vault).
  std::uint32_t step(const InputFrame& pad, ActionId* request, std::uint16_t* motion);
  void close() { open_ = false; }
  // The Test drive: A plays and the list stays open (and the choice is marked). Off: A closes it.
  void set_drive(bool on) { drive_ = on; chosen_ = -1; }
  bool drive() const { return drive_; }
  int chosen() const { return chosen_; }  // the entry played last in the Test drive, -1 for none

  bool open() const { return open_; }
  int cursor() const { return cursor_; }
  const std::vector<Entry>& entries() const { return entries_; }
  // The groups' headers in menu order ("ONCE", "HELD", "FOX", ...); only groups with entries.
  const std::vector<std::string>& groups() const { return groups_; }

 private:
  std::vector<Entry> entries_;
  std::vector<std::string> groups_;
  ActionId clip_ = kNoAction;
  bool open_ = false;
  int cursor_ = 0;
  bool drive_ = false;
  int chosen_ = -1;
};

}  // namespace cf
