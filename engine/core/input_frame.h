#pragma once
// One tick of player input, sampled once per tick. Plain data: replays store it verbatim and the
// simulation reads only this, so gamepad, keyboard+mouse and replays drive the same code path.
#include <cstdint>

namespace cf {

enum Button : std::uint32_t {
  kButtonA = 1u << 0,
  kButtonB = 1u << 1,
  kButtonX = 1u << 2,
  kButtonY = 1u << 3,
  kButtonLeftShoulder = 1u << 4,
  kButtonRightShoulder = 1u << 5,
  kButtonDpadUp = 1u << 6,
  kButtonDpadDown = 1u << 7,
  kButtonDpadLeft = 1u << 8,
  kButtonDpadRight = 1u << 9,
  kButtonStart = 1u << 10,
  kButtonSelect = 1u << 11,
  kButtonLeftStick = 1u << 12,
  kButtonRightStick = 1u << 13,
};

struct InputFrame {
  // Sticks in [-32767, 32767]; +x right, +y up (pushing the stick away from the player).
  // Integers so that a replay reproduces them bit for bit.
  std::int16_t left_x = 0, left_y = 0;
  std::int16_t right_x = 0, right_y = 0;
  // Triggers in [0, 32767].
  std::int16_t left_trigger = 0, right_trigger = 0;
  std::uint32_t buttons = 0;   // Button bits held this tick
  std::uint32_t pressed = 0;   // Button bits that went down this tick

  bool held(Button b) const { return (buttons & b) != 0; }
  bool went_down(Button b) const { return (pressed & b) != 0; }
  static float axis(std::int16_t v) { return static_cast<float>(v) / 32767.0f; }
  bool operator==(const InputFrame& o) const {
    return left_x == o.left_x && left_y == o.left_y && right_x == o.right_x && right_y == o.right_y &&
           left_trigger == o.left_trigger && right_trigger == o.right_trigger && buttons == o.buttons &&
           pressed == o.pressed;
  }
  bool operator!=(const InputFrame& o) const { return !(*this == o); }
};

}  // namespace cf
