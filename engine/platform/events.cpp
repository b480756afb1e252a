#include "platform/events.h"

#include <SDL.h>

#include "platform/input.h"
#include "platform/window.h"

namespace cf {

FrameEvents pump_events(Input& input, Window* window, EventTap tap) {
  FrameEvents out;
  SDL_Event e;
  while (SDL_PollEvent(&e)) {
    if (tap.fn) tap.fn(&e, tap.user);
    if (e.type == SDL_QUIT) {
      out.quit = true;
      continue;
    }
    if (e.type == SDL_WINDOWEVENT && window && e.window.windowID == window->id()) {
      switch (e.window.event) {
        case SDL_WINDOWEVENT_CLOSE: out.quit = true; break;
        case SDL_WINDOWEVENT_SIZE_CHANGED:
        case SDL_WINDOWEVENT_RESIZED: out.resized = true; break;
        case SDL_WINDOWEVENT_FOCUS_LOST: input.release_keyboard_and_mouse(); break;
        default: break;
      }
      continue;
    }
    out.hotkeys |= input.handle_event(e);
  }
  if ((out.hotkeys & kHotkeyFullscreen) && window) {
    window->toggle_fullscreen();
    out.resized = true;
  }
  return out;
}

}  // namespace cf
