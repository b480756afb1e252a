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
  kButtonMouseLeft = 1u << 14,   // mouse buttons: held and pressed like the pad's
  kButtonMouseRight = 1u << 15,
};

// InputFrame::typed: one key of text entry per tick (printable ASCII, or one of these).
constexpr std::uint8_t kTypedBackspace = 8;
constexpr std::uint8_t kTypedEnter = 13;
constexpr std::uint8_t kTypedEscape = 27;
constexpr std::uint8_t kTypedOther = 127;  // a character outside printable ASCII (an accent, an emoji): one per character

constexpr std::int32_t kCameraAxisMax = 3 * 32767;  // camera speed 300%

struct InputFrame {
  // Sticks in [-32767, 32767]; +x right, +y up (pushing the stick away from the player).
  // Integers so that a replay reproduces them bit for bit.
  std::int16_t left_x = 0, left_y = 0;
  // The camera stick: the same scale, but up to kCameraAxisMax when the camera speed option raises
  // the orbit's top speed (applied before the frame, so a replay carries the result).
  std::int32_t right_x = 0, right_y = 0;
  // Triggers in [0, 32767].
  std::int16_t left_trigger = 0, right_trigger = 0;
  std::uint32_t buttons = 0;   // Button bits held this tick
  std::uint32_t pressed = 0;   // Button bits that went down this tick
  // The mouse pointer over the picture (the letterboxed 4:3 image, not the window): [-32767, 32767]
  // edge to edge, +x right, +y up; the window size never changes what a replay does.
  std::int16_t mouse_x = 0, mouse_y = 0;
  std::uint8_t typed = 0;      // text entry: the key typed this tick (0: none)

  bool held(Button b) const { return (buttons & b) != 0; }
  bool went_down(Button b) const { return (pressed & b) != 0; }
  static float axis(std::int32_t v) { return static_cast<float>(v) / 32767.0f; }
  // A stick value within a plain stick's range (the camera axis past full deflection is full).
  static std::int16_t stick(std::int32_t v) {
    return static_cast<std::int16_t>(v > 32767 ? 32767 : (v < -32767 ? -32767 : v));
  }
  bool operator==(const InputFrame& o) const {
    return left_x == o.left_x && left_y == o.left_y && right_x == o.right_x && right_y == o.right_y &&
           left_trigger == o.left_trigger && right_trigger == o.right_trigger && buttons == o.buttons &&
           pressed == o.pressed && mouse_x == o.mouse_x && mouse_y == o.mouse_y && typed == o.typed;
  }
  bool operator!=(const InputFrame& o) const { return !(*this == o); }
};

}  // namespace cf
