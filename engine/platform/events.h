#pragma once
// One displayed frame's event pump: drains SDL's queue into Input and Window.
#include <cstdint>

namespace cf {

class Input;
class Window;

struct FrameEvents {
  bool quit = false;            // window closed or SDL_QUIT
  bool resized = false;         // drawable size may have changed
  std::uint32_t hotkeys = 0;    // Hotkey bits pressed this frame (fullscreen is already applied)
};

// Sees every SDL event before the game does (the debug panel's ImGui); sdl_event is an SDL_Event.
struct EventTap {
  void (*fn)(const void* sdl_event, void* user) = nullptr;
  void* user = nullptr;
};

// Polls every pending SDL event. window may be null (headless). Toggles fullscreen itself.
FrameEvents pump_events(Input& input, Window* window, EventTap tap = {});

}  // namespace cf
