#pragma once
// Gamepads (SDL GameController, hot-plugged) and keyboard+mouse mapped onto the same abstract
// actions, sampled once per tick into a plain InputFrame. SDL types are forward-declared.
#include <cstdint>
#include <string>
#include <vector>

#include "core/input_frame.h"
#include "core/result.h"

union SDL_Event;
struct _SDL_GameController;

namespace cf {

// Zero means default.
struct InputDesc {
  // SDL_GameControllerDB text file loaded on init when it exists (nullptr -> none).
  const char* mapping_file = nullptr;
  int stick_dead_zone = 0;           // radial, in stick units; 0 -> 7849 (XInput's left-stick value)
  int mouse_pixels_full_scale = 0;   // mouse drag per tick giving a full right-stick deflection; 0 -> 16
};

// The game's pad buttons (InputFrame Button bits 0..13, A to the right stick click): what remapping permutes.
constexpr int kRemapButtons = 14;
// InputControls::pad's value for a game button no pad button gives (the player unmapped it).
constexpr std::uint8_t kUnmappedPad = 0xFF;

// How physical buttons, keys and sticks become an InputFrame (the player's options). The frame holds the
// game's buttons, never the physical ones, so a replay recorded with any mapping plays the same anywhere.
struct InputControls {
  // pad[b]: the physical pad button (bit index) that gives the frame's button b, or kUnmappedPad. No
  // physical button gives two; one that gives none gives nothing.
  std::uint8_t pad[kRemapButtons] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13};
  // key[b]: the SDL scancode that gives button b (0: none); Escape always gives Start as well.
  int key[kRemapButtons] = {};
  int dead_inner = 7849;     // radial, stick units: inside it the stick reads 0
  int dead_outer = 32767;    // from here on the stick reads full deflection (in its direction)
  float camera_speed = 1.0f; // right stick scale: above 1 the frame carries more than full deflection (kCameraAxisMax)
  bool invert_x = false, invert_y = false;
};
// The default keys of the frame's buttons (Space A, E B, Q X, R Y, ...).
InputControls default_input_controls();
// SDL's name of a scancode ("Space", "E"); "" for none. And back (0 for an unknown name).
std::string key_name(int scancode);
int key_from_name(const std::string& name);
// Keys a button cannot take: the sticks' keys (W A S D, arrows, Left Shift, F), F1-F12, `, Escape.
bool key_reserved(int scancode);

// Keys that are not game actions (window and debug toggles), reported per displayed frame.
enum Hotkey : std::uint32_t {
  kHotkeyFullscreen = 1u << 0,  // F11 or Alt+Enter
  kHotkeyF1 = 1u << 1,          // F1..F10 are kHotkeyF1 << (n - 1)
  kHotkeyDebug = 1u << 16,      // F12 or ` (grave): debug mode
  kHotkeySaveReplay = 1u << 17, // Ctrl+S: save a playtest replay now
};
constexpr std::uint32_t hotkey_f(int n) { return kHotkeyF1 << (n - 1); }

// A pointer pixel (0..size-1 from the picture's left or top edge) as an InputFrame mouse axis
// (-32767 at the first edge .. 32767 at the other, pixel centres), and back (clamped into 0..size-1).
std::int16_t pointer_axis(int pixel, int size);
int pointer_pixel(std::int16_t axis, int size);

class Input {
 public:
  Input() = default;
  ~Input();
  Input(const Input&) = delete;
  Input& operator=(const Input&) = delete;

  // Starts SDL's game-controller subsystem and loads desc.mapping_file when it exists.
  // Controllers already plugged in arrive as CONTROLLERDEVICEADDED events.
  Status init(const InputDesc& desc);
  void shutdown();

  // Feeds one SDL event (controller hot-plug, buttons, keys, mouse). Returns the hotkeys it
  // triggered (Hotkey bits), 0 for anything else.
  std::uint32_t handle_event(const SDL_Event& e);

  // The actions now: gamepads and keyboard+mouse merged (buttons OR'd, the stronger stick wins).
  // pressed = went down since the previous sample, including taps shorter than a tick.
  InputFrame sample();

  // Remapping, dead zones and the camera stick (takes effect at the next sample).
  void set_controls(const InputControls& c);
  const InputControls& controls() const { return controls_; }
  // Physical pad buttons (bit index mask) and the last key (scancode, 0 none) pressed since the last
  // call, before any mapping: the options menu's "press the new button".
  void take_raw_presses(std::uint32_t* pad_buttons, int* scancode);

  // Releases every key and mouse button (on focus loss, so nothing stays stuck).
  void release_keyboard_and_mouse();

  // Where the picture is in the window, in the mouse's units (screen coordinates, origin top-left):
  // InputFrame::mouse_x/y are relative to it. Until set, the pointer reads (0, 0).
  void set_picture_area(int x, int y, int w, int h);
  // Text entry (a name prompt is open): the keyboard types (printable ASCII, kTypedOther for any
  // other character, Backspace, Enter, Esc into InputFrame::typed, one key per tick; the game decides
  // what a name may hold and says so) instead of pressing pad buttons; the arrow keys and every
  // gamepad keep working. Up to kTypedQueue keys wait their tick; the last kTypedReserve places are
  // kept for Backspace, Enter and Esc, so a long burst of letters never loses its Enter.
  void set_text_entry(bool on);
  bool text_entry() const { return text_entry_; }

  // Rumbles every open pad: low- and high-frequency motor strengths (0..65535) for duration_ms.
  // Pads without rumble ignore it.
  void rumble(std::uint16_t low, std::uint16_t high, std::uint32_t duration_ms);

  int mappings_loaded() const { return mappings_loaded_; }
  int controller_count() const { return static_cast<int>(pads_.size()); }
  std::string controller_name(int i) const;

 private:
  struct Pad {
    _SDL_GameController* controller = nullptr;
    std::int32_t instance_id = -1;
  };
  void open_controller(int device_index);
  void close_controller(std::int32_t instance_id);
  std::uint32_t key_buttons() const;
  void queue_typed(std::uint8_t c);

  std::uint32_t frame_bit(std::uint32_t physical_bit) const;
  InputDesc desc_{};
  InputControls controls_ = default_input_controls();
  std::uint32_t raw_pad_ = 0, prev_physical_ = 0;
  int raw_key_ = 0;
  bool initialised_ = false;
  int mappings_loaded_ = 0;
  std::vector<Pad> pads_;
  // Keyboard state of the keys we map, indexed by the Key enum in input.cpp.
  std::vector<std::uint8_t> keys_;
  bool mouse_dragging_ = false;            // right button: drags move the right stick
  bool mouse_left_ = false;
  std::uint32_t mouse_pressed_ = 0;        // mouse Button bits that went down since the last sample
  int mouse_dx_ = 0, mouse_dy_ = 0;        // drag since the last sample, pixels
  int mouse_x_ = 0, mouse_y_ = 0;          // pointer, screen coordinates
  bool mouse_seen_ = false;
  int picture_x_ = 0, picture_y_ = 0, picture_w_ = 0, picture_h_ = 0;
  bool text_entry_ = false;
  static constexpr int kTypedQueue = 256, kTypedReserve = 16;
  std::uint8_t typed_[kTypedQueue] = {};   // keys typed, not yet handed out (a ring; no allocation)
  int typed_head_ = 0, typed_count_ = 0;
  std::uint32_t pressed_latch_ = 0;        // Button bits that went down since the last sample
  std::uint32_t prev_buttons_ = 0;
};

}  // namespace cf
