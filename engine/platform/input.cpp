#include "platform/input.h"

#include "core/file_io.h"

#include <SDL.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace cf {

namespace {

// Keyboard keys we track, by scancode so the layout (AZERTY...) keeps the physical positions.
enum Key : int {
  kKeyW, kKeyA, kKeyS, kKeyD,                 // left stick
  kKeyUp, kKeyDown, kKeyLeft, kKeyRight,      // right stick
  kKeyShiftL, kKeyF,                          // left / right trigger
  kKeyCount
};

// The default key of each frame button (InputFrame bit order, A first); Escape gives Start as well.
constexpr SDL_Scancode kDefaultKeys[kRemapButtons] = {
    SDL_SCANCODE_SPACE, SDL_SCANCODE_E, SDL_SCANCODE_Q, SDL_SCANCODE_R,       // A B X Y
    SDL_SCANCODE_Z,     SDL_SCANCODE_C,                                        // LB RB
    SDL_SCANCODE_I,     SDL_SCANCODE_K, SDL_SCANCODE_J, SDL_SCANCODE_L,       // d-pad up down left right
    SDL_SCANCODE_RETURN, SDL_SCANCODE_TAB, SDL_SCANCODE_V, SDL_SCANCODE_B,    // Start Select LS RS
};
constexpr int kEscapeSlot = kRemapButtons;  // keys_[kKeyCount + b] per frame button, then Escape
constexpr SDL_Scancode kAxisKeys[kKeyCount] = {
    SDL_SCANCODE_W,  SDL_SCANCODE_A,    SDL_SCANCODE_S,    SDL_SCANCODE_D,      SDL_SCANCODE_UP,
    SDL_SCANCODE_DOWN, SDL_SCANCODE_LEFT, SDL_SCANCODE_RIGHT, SDL_SCANCODE_LSHIFT, SDL_SCANCODE_F,
};

struct PadButton {
  SDL_GameControllerButton sdl;
  std::uint32_t button;
};
constexpr PadButton kPadButtons[] = {
    {SDL_CONTROLLER_BUTTON_A, kButtonA},
    {SDL_CONTROLLER_BUTTON_B, kButtonB},
    {SDL_CONTROLLER_BUTTON_X, kButtonX},
    {SDL_CONTROLLER_BUTTON_Y, kButtonY},
    {SDL_CONTROLLER_BUTTON_LEFTSHOULDER, kButtonLeftShoulder},
    {SDL_CONTROLLER_BUTTON_RIGHTSHOULDER, kButtonRightShoulder},
    {SDL_CONTROLLER_BUTTON_DPAD_UP, kButtonDpadUp},
    {SDL_CONTROLLER_BUTTON_DPAD_DOWN, kButtonDpadDown},
    {SDL_CONTROLLER_BUTTON_DPAD_LEFT, kButtonDpadLeft},
    {SDL_CONTROLLER_BUTTON_DPAD_RIGHT, kButtonDpadRight},
    {SDL_CONTROLLER_BUTTON_START, kButtonStart},
    {SDL_CONTROLLER_BUTTON_BACK, kButtonSelect},
    {SDL_CONTROLLER_BUTTON_LEFTSTICK, kButtonLeftStick},
    {SDL_CONTROLLER_BUTTON_RIGHTSTICK, kButtonRightStick},
};

constexpr int kFull = 32767;

std::int16_t clamp_axis(long v, int lo) {
  return static_cast<std::int16_t>(std::clamp<long>(v, lo, kFull));
}

// SDL's y axes grow downwards; InputFrame's +y is "stick pushed away".
std::int16_t flip_y(Sint16 v) { return clamp_axis(-static_cast<long>(v), -kFull); }

// Radial dead zones: inside the inner one the stick reads exactly 0 (so a resting pad records zeros);
// from the outer one on it reads full deflection in its direction (a worn stick still reaches full speed).
void apply_dead_zone(std::int16_t* x, std::int16_t* y, int inner, int outer) {
  const long x2 = static_cast<long>(*x) * *x, y2 = static_cast<long>(*y) * *y;
  if (x2 + y2 < static_cast<long>(inner) * inner) {
    *x = *y = 0;
    return;
  }
  if (outer < kFull && x2 + y2 >= static_cast<long>(outer) * outer) {
    const double m = std::sqrt(static_cast<double>(x2 + y2));
    *x = clamp_axis(std::lround(*x / m * kFull), -kFull);
    *y = clamp_axis(std::lround(*y / m * kFull), -kFull);
  }
}

// The camera stick scaled by the camera speed: past full deflection up to kCameraAxisMax, so a faster
// camera turns faster at full deflection, not only sooner.
std::int32_t camera_scaled(std::int32_t v, float k) {
  const long s = std::lround(static_cast<double>(v) * k);
  return static_cast<std::int32_t>(std::clamp<long>(s, -kCameraAxisMax, kCameraAxisMax));
}

// Keeps the stick value of larger magnitude, so pad and keyboard can be used together.
std::int16_t stronger(std::int16_t a, std::int16_t b) { return std::abs(b) > std::abs(a) ? b : a; }

// The physical button's bit (the frame's bit order), before remapping.
std::uint32_t pad_button_bit(Uint8 sdl_button) {
  for (const PadButton& p : kPadButtons) {
    if (p.sdl == sdl_button) return p.button;
  }
  return 0;
}

}  // namespace

InputControls default_input_controls() {
  InputControls c;
  for (int b = 0; b < kRemapButtons; ++b) c.key[b] = kDefaultKeys[b];
  return c;
}

std::string key_name(int scancode) {
  if (scancode <= SDL_SCANCODE_UNKNOWN || scancode >= SDL_NUM_SCANCODES) return "";
  return SDL_GetScancodeName(static_cast<SDL_Scancode>(scancode));
}

int key_from_name(const std::string& name) {
  if (name.empty()) return 0;
  const SDL_Scancode sc = SDL_GetScancodeFromName(name.c_str());
  return sc == SDL_SCANCODE_UNKNOWN ? 0 : static_cast<int>(sc);
}

bool key_reserved(int scancode) {
  for (SDL_Scancode k : kAxisKeys) {
    if (k == scancode) return true;
  }
  return (scancode >= SDL_SCANCODE_F1 && scancode <= SDL_SCANCODE_F12) || scancode == SDL_SCANCODE_GRAVE ||
         scancode == SDL_SCANCODE_ESCAPE;
}

void Input::set_controls(const InputControls& c) {
  controls_ = c;
  std::fill(keys_.begin(), keys_.end(), std::uint8_t{0});  // a key held across the change would stick
}

void Input::take_raw_presses(std::uint32_t* pad_buttons, int* scancode) {
  if (pad_buttons) *pad_buttons = raw_pad_;
  if (scancode) *scancode = raw_key_;
  raw_pad_ = 0;
  raw_key_ = 0;
}

std::uint32_t Input::frame_bit(std::uint32_t physical_bit) const {
  for (int b = 0; b < kRemapButtons; ++b) {
    if (controls_.pad[b] < kRemapButtons && (1u << controls_.pad[b]) == physical_bit) return 1u << b;
  }
  return physical_bit < (1u << kRemapButtons) ? 0u : physical_bit;  // an unmapped pad button gives nothing
}

std::int16_t pointer_axis(int pixel, int size) {
  if (size <= 0) return 0;
  return clamp_axis(std::lround((2.0 * pixel + 1.0) / size * kFull) - kFull, -kFull);
}

int pointer_pixel(std::int16_t axis, int size) {
  if (size <= 0) return 0;
  const int p = static_cast<int>(std::floor((static_cast<double>(axis) / kFull + 1.0) * 0.5 * size));
  return std::clamp(p, 0, size - 1);
}

Input::~Input() { shutdown(); }

Status Input::init(const InputDesc& desc) {
  shutdown();
  desc_ = desc;
  if (desc_.stick_dead_zone > 0) controls_.dead_inner = desc_.stick_dead_zone;
  if (desc_.mouse_pixels_full_scale <= 0) desc_.mouse_pixels_full_scale = 16;
  if (SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER | SDL_INIT_EVENTS) != 0) {
    return Error{"", "", std::string("SDL game controller init failed: ") + SDL_GetError()};
  }
  initialised_ = true;
  keys_.assign(kKeyCount + kRemapButtons + 1, 0);
  mappings_loaded_ = 0;
  if (desc_.mapping_file) {
    // Read through read_file (refuses a FIFO instead of blocking); a missing file is not an error.
    if (is_regular_file(desc_.mapping_file)) {
      Result<std::string> text = read_file(desc_.mapping_file, 16u << 20);
      if (!text) return text.error();
      SDL_RWops* rw = SDL_RWFromConstMem(text->data(), static_cast<int>(text->size()));
      const int n = rw ? SDL_GameControllerAddMappingsFromRW(rw, 1) : -1;
      if (n < 0) {
        return Error{desc_.mapping_file, "", std::string("bad controller mappings: ") + SDL_GetError()};
      }
      mappings_loaded_ = n;
    }
  }
  return {};
}

void Input::shutdown() {
  if (!initialised_) return;
  for (Pad& p : pads_) SDL_GameControllerClose(p.controller);
  pads_.clear();
  SDL_QuitSubSystem(SDL_INIT_GAMECONTROLLER | SDL_INIT_EVENTS);
  initialised_ = false;
  release_keyboard_and_mouse();
  pressed_latch_ = prev_buttons_ = 0;
}

void Input::open_controller(int device_index) {
  if (!SDL_IsGameController(device_index)) return;
  const SDL_JoystickID id = SDL_JoystickGetDeviceInstanceID(device_index);
  for (const Pad& p : pads_) {
    if (p.instance_id == id) return;  // already open (startup enumerates twice)
  }
  if (SDL_GameController* gc = SDL_GameControllerOpen(device_index)) {
    pads_.push_back(Pad{gc, id});
  }
}

void Input::rumble(std::uint16_t low, std::uint16_t high, std::uint32_t duration_ms) {
  for (const Pad& p : pads_) SDL_GameControllerRumble(p.controller, low, high, duration_ms);
}

void Input::close_controller(std::int32_t instance_id) {
  for (auto it = pads_.begin(); it != pads_.end(); ++it) {
    if (it->instance_id == instance_id) {
      SDL_GameControllerClose(it->controller);
      pads_.erase(it);
      return;
    }
  }
}

std::string Input::controller_name(int i) const {
  if (i < 0 || i >= controller_count()) return {};
  const char* n = SDL_GameControllerName(pads_[static_cast<std::size_t>(i)].controller);
  return n ? n : "";
}

void Input::release_keyboard_and_mouse() {
  std::fill(keys_.begin(), keys_.end(), std::uint8_t{0});
  mouse_dragging_ = mouse_left_ = false;
  mouse_dx_ = mouse_dy_ = 0;
}

void Input::set_picture_area(int x, int y, int w, int h) {
  picture_x_ = x;
  picture_y_ = y;
  picture_w_ = w;
  picture_h_ = h;
}

void Input::set_text_entry(bool on) {
  if (on == text_entry_) return;
  text_entry_ = on;
  // Keys held across the switch would stay down in the mode that no longer sees their release.
  std::fill(keys_.begin(), keys_.end(), std::uint8_t{0});
  typed_head_ = typed_count_ = 0;
  if (!initialised_ || !SDL_WasInit(SDL_INIT_VIDEO)) return;
  if (on) {
    SDL_StartTextInput();
  } else {
    SDL_StopTextInput();
  }
}

void Input::queue_typed(std::uint8_t c) {
  // More than the queue in one burst (a paste): letters beyond it are dropped, Enter and friends not.
  const bool control = c == kTypedBackspace || c == kTypedEnter || c == kTypedEscape;
  if (typed_count_ >= (control ? kTypedQueue : kTypedQueue - kTypedReserve)) return;
  typed_[(typed_head_ + typed_count_) % kTypedQueue] = c;
  ++typed_count_;
}

std::uint32_t Input::handle_event(const SDL_Event& e) {
  switch (e.type) {
    case SDL_CONTROLLERDEVICEADDED:
      open_controller(e.cdevice.which);
      return 0;
    case SDL_CONTROLLERDEVICEREMOVED:
      close_controller(e.cdevice.which);
      return 0;
    case SDL_CONTROLLERBUTTONDOWN:
      raw_pad_ |= pad_button_bit(e.cbutton.button);  // a tap shorter than a tick (sample sees the rest)
      pressed_latch_ |= frame_bit(pad_button_bit(e.cbutton.button));
      return 0;
    case SDL_TEXTINPUT:
      if (text_entry_) {
        // Every character goes on (the game refuses what a name cannot hold, with a word); a UTF-8
        // sequence outside ASCII is one kTypedOther.
        for (const char* p = e.text.text; *p; ++p) {
          const auto c = static_cast<unsigned char>(*p);
          if (c >= 0x20 && c < 0x7f) queue_typed(c);
          else if (c >= 0xc0) queue_typed(kTypedOther);  // a lead byte; continuation bytes (0x80-0xbf) add nothing
        }
      }
      return 0;
    case SDL_KEYDOWN:
    case SDL_KEYUP: {
      const bool down = e.type == SDL_KEYDOWN;
      const SDL_Scancode sc = e.key.keysym.scancode;
      const bool alt = (e.key.keysym.mod & KMOD_ALT) != 0;
      if (text_entry_ && !alt) {
        // The keyboard types; only the arrows (the letter wheel) and the F keys stay, key-ups always count.
        if (down && sc == SDL_SCANCODE_BACKSPACE) queue_typed(kTypedBackspace);
        if (down && e.key.repeat == 0 && (sc == SDL_SCANCODE_RETURN || sc == SDL_SCANCODE_KP_ENTER))
          queue_typed(kTypedEnter);
        if (down && e.key.repeat == 0 && sc == SDL_SCANCODE_ESCAPE) queue_typed(kTypedEscape);
        const bool arrow = sc == SDL_SCANCODE_UP || sc == SDL_SCANCODE_DOWN || sc == SDL_SCANCODE_LEFT ||
                           sc == SDL_SCANCODE_RIGHT;
        const bool f_key = sc >= SDL_SCANCODE_F1 && sc <= SDL_SCANCODE_F12;
        if (down && !arrow && !f_key) return 0;
      }
      if (down && e.key.repeat == 0) {
        raw_key_ = sc;
        if (sc == SDL_SCANCODE_F11 || (alt && sc == SDL_SCANCODE_RETURN)) return kHotkeyFullscreen;
        if (sc >= SDL_SCANCODE_F1 && sc <= SDL_SCANCODE_F10) return hotkey_f(sc - SDL_SCANCODE_F1 + 1);
        if (sc == SDL_SCANCODE_F12 || sc == SDL_SCANCODE_GRAVE) return kHotkeyDebug;
        if (sc == SDL_SCANCODE_S && (e.key.keysym.mod & KMOD_CTRL)) return kHotkeySaveReplay;  // S stays unpressed
      }
      if (alt && sc == SDL_SCANCODE_RETURN) return 0;  // fullscreen chord is not Start
      for (int k = 0; k < kKeyCount; ++k) {
        if (kAxisKeys[k] == sc) keys_[static_cast<std::size_t>(k)] = down ? 1 : 0;
      }
      for (int b = 0; b <= kEscapeSlot; ++b) {
        const bool match = b == kEscapeSlot ? sc == SDL_SCANCODE_ESCAPE : controls_.key[b] == sc;
        if (!match) continue;
        keys_[static_cast<std::size_t>(kKeyCount + b)] = down ? 1 : 0;
        if (down && e.key.repeat == 0) pressed_latch_ |= b == kEscapeSlot ? std::uint32_t{kButtonStart} : 1u << b;
      }
      return 0;
    }
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP: {
      const bool down = e.type == SDL_MOUSEBUTTONDOWN;
      mouse_x_ = e.button.x;
      mouse_y_ = e.button.y;
      mouse_seen_ = true;
      // Left: the pointer's button (the editor draws with it); right: drags turn the right stick.
      if (e.button.button == SDL_BUTTON_LEFT) {
        mouse_left_ = down;
        if (down) mouse_pressed_ |= kButtonMouseLeft;
      } else if (e.button.button == SDL_BUTTON_RIGHT) {
        mouse_dragging_ = down;
        if (down) mouse_pressed_ |= kButtonMouseRight;
      }
      return 0;
    }
    case SDL_MOUSEMOTION:
      mouse_x_ = e.motion.x;
      mouse_y_ = e.motion.y;
      mouse_seen_ = true;
      if (mouse_dragging_) {
        mouse_dx_ += e.motion.xrel;
        mouse_dy_ += e.motion.yrel;
      }
      return 0;
    default:
      return 0;
  }
}

std::uint32_t Input::key_buttons() const {
  std::uint32_t b = 0;
  for (int k = 0; k <= kEscapeSlot; ++k) {
    if (keys_[static_cast<std::size_t>(kKeyCount + k)]) b |= k == kEscapeSlot ? std::uint32_t{kButtonStart} : 1u << k;
  }
  return b;
}

InputFrame Input::sample() {
  InputFrame f;
  if (!initialised_) return f;
  std::uint32_t physical = 0;
  // Pads: read current state (SDL updated it while pumping events).
  for (const Pad& p : pads_) {
    SDL_GameController* gc = p.controller;
    std::int16_t lx = clamp_axis(SDL_GameControllerGetAxis(gc, SDL_CONTROLLER_AXIS_LEFTX), -kFull);
    std::int16_t ly = flip_y(SDL_GameControllerGetAxis(gc, SDL_CONTROLLER_AXIS_LEFTY));
    std::int16_t rx = clamp_axis(SDL_GameControllerGetAxis(gc, SDL_CONTROLLER_AXIS_RIGHTX), -kFull);
    std::int16_t ry = flip_y(SDL_GameControllerGetAxis(gc, SDL_CONTROLLER_AXIS_RIGHTY));
    apply_dead_zone(&lx, &ly, controls_.dead_inner, controls_.dead_outer);
    apply_dead_zone(&rx, &ry, controls_.dead_inner, controls_.dead_outer);
    f.left_x = stronger(f.left_x, lx);
    f.left_y = stronger(f.left_y, ly);
    f.right_x = stronger(InputFrame::stick(f.right_x), rx);
    f.right_y = stronger(InputFrame::stick(f.right_y), ry);
    f.left_trigger = std::max(f.left_trigger,
        clamp_axis(SDL_GameControllerGetAxis(gc, SDL_CONTROLLER_AXIS_TRIGGERLEFT), 0));
    f.right_trigger = std::max(f.right_trigger,
        clamp_axis(SDL_GameControllerGetAxis(gc, SDL_CONTROLLER_AXIS_TRIGGERRIGHT), 0));
    for (const PadButton& b : kPadButtons) {
      if (SDL_GameControllerGetButton(gc, b.sdl)) physical |= b.button;
    }
  }
  for (int b = 0; b < kRemapButtons; ++b) {
    if (controls_.pad[b] < kRemapButtons && (physical & (1u << controls_.pad[b]))) f.buttons |= 1u << b;
  }
  raw_pad_ |= physical & ~prev_physical_;  // scripted pads send no events: their presses are seen here
  prev_physical_ = physical;
  // Keyboard: full deflection per key; opposite keys cancel.
  auto key = [this](int k) { return keys_[static_cast<std::size_t>(k)] != 0; };
  const auto dir = [&](int neg, int pos) {
    return static_cast<std::int16_t>((key(pos) ? kFull : 0) - (key(neg) ? kFull : 0));
  };
  f.left_x = stronger(f.left_x, dir(kKeyA, kKeyD));
  f.left_y = stronger(f.left_y, dir(kKeyS, kKeyW));
  f.right_x = stronger(InputFrame::stick(f.right_x), dir(kKeyLeft, kKeyRight));
  f.right_y = stronger(InputFrame::stick(f.right_y), dir(kKeyDown, kKeyUp));
  if (key(kKeyShiftL)) f.left_trigger = kFull;
  if (key(kKeyF)) f.right_trigger = kFull;
  f.buttons |= key_buttons();
  if (mouse_left_) f.buttons |= kButtonMouseLeft;
  if (mouse_dragging_) f.buttons |= kButtonMouseRight;
  if (mouse_seen_ && picture_w_ > 0 && picture_h_ > 0) {
    // Pixel centres: the picture's first and last pixels are just inside -1 and +1.
    f.mouse_x = pointer_axis(mouse_x_ - picture_x_, picture_w_);
    f.mouse_y = static_cast<std::int16_t>(-pointer_axis(mouse_y_ - picture_y_, picture_h_));
  }
  if (typed_count_ > 0) {
    f.typed = typed_[typed_head_];
    typed_head_ = (typed_head_ + 1) % kTypedQueue;
    --typed_count_;
  }
  // Mouse drag: pixels moved since the last sample, full scale at mouse_pixels_full_scale.
  if (mouse_dx_ != 0 || mouse_dy_ != 0) {
    const long s = desc_.mouse_pixels_full_scale;
    f.right_x = stronger(InputFrame::stick(f.right_x), clamp_axis(static_cast<long>(mouse_dx_) * kFull / s, -kFull));
    f.right_y = stronger(InputFrame::stick(f.right_y), clamp_axis(-static_cast<long>(mouse_dy_) * kFull / s, -kFull));
    mouse_dx_ = mouse_dy_ = 0;
  }
  // The camera stick as the player set it (keys and mouse drags too): the frame holds what the game uses.
  if (controls_.camera_speed != 1.0f || controls_.invert_x || controls_.invert_y) {
    f.right_x = camera_scaled(f.right_x, controls_.camera_speed * (controls_.invert_x ? -1.0f : 1.0f));
    f.right_y = camera_scaled(f.right_y, controls_.camera_speed * (controls_.invert_y ? -1.0f : 1.0f));
  }
  f.pressed = (f.buttons & ~prev_buttons_) | pressed_latch_ | mouse_pressed_;
  prev_buttons_ = f.buttons;
  pressed_latch_ = mouse_pressed_ = 0;
  return f;
}

}  // namespace cf
