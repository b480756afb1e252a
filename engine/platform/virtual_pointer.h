#pragma once
// A scripted mouse and keyboard for tests and demos: pushes the SDL events a real mouse and keyboard
// would send, so the game reads them through Input::handle_event like the real devices.
#include <string>

#include "core/input_frame.h"

namespace cf {

class VirtualPointer {
 public:
  // Moves the pointer to f.mouse_x/y (InputFrame units over the picture, which lies at px, py with
  // size pw x ph in screen coordinates) and holds kButtonMouseLeft/Right of f.buttons. Events are
  // pushed only for what changed since the last call; they arrive on the next event pump.
  void set(const InputFrame& f, int px, int py, int pw, int ph);
  // Types 'text': '\b' Backspace, '\n' or '\r' Enter, '\x1b' Escape as key presses; every other
  // character from ' ' up as text input, one event per character (UTF-8 kept whole); other control
  // characters are skipped.
  void type(const std::string& text);

 private:
  int x_ = -1, y_ = -1;
  std::uint32_t buttons_ = 0;
  bool moved_ = false;
};

}  // namespace cf
