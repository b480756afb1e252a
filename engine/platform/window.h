#pragma once
// An SDL window with an OpenGL 3.3 core context. Only engine/platform includes SDL; this header
// forward-declares the SDL types so users of Window don't pull SDL in.
#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"

struct SDL_Window;

namespace cf {

// Zero means default (sokol style).
struct WindowDesc {
  const char* title = nullptr;  // nullptr -> "Critterforge"
  int width = 0;                // window size in screen coordinates; 0 -> 960
  int height = 0;               // 0 -> 540
  bool hidden = false;          // create without showing (tests, offscreen rendering)
  bool fixed_size = false;      // false -> resizable
  bool fullscreen = false;      // start in desktop fullscreen
  int swap_interval = 0;        // 0 = no vsync, 1 = vsync, -1 = adaptive (falls back to 1)
  int depth_bits = 0;           // 0 -> 24
  int msaa_samples = 0;         // 0 -> no multisampling
};

struct PixelSize {
  int width = 0;
  int height = 0;
};

// Mesa's software GL (llvmpipe, on machines without a GPU) rasterizes on its own threads and can free
// a finished frame's fence while the thread that signalled it is still unlocking it: it reads the
// fence's count unlocked (lp_fence_signalled), so under load it corrupts the heap (Mesa 22.3, seen
// as "corrupted double-linked list" in a loaded test run). Rasterizing on the calling thread has no
// such race. Sets LP_NUM_THREADS=0 unless the user set it; GPU drivers ignore it. open() calls it
// before the video subsystem starts, since Mesa reads it when the driver loads.
void keep_software_gl_on_one_thread();

// Owns the SDL window and its GL context. Movable, not copyable. The video subsystem is
// initialised on open() and released on close() (SDL reference-counts subsystems).
class Window {
 public:
  Window() = default;
  ~Window();
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;
  Window(Window&& o) noexcept;
  Window& operator=(Window&& o) noexcept;

  // Creates the window and a GL 3.3 core context and makes it current. Error names SDL's reason.
  Status open(const WindowDesc& desc);
  void close();
  bool is_open() const { return window_ != nullptr; }

  void make_current();
  void swap();

  // Desktop fullscreen on/off; returns the new state.
  bool set_fullscreen(bool on);
  bool toggle_fullscreen() { return set_fullscreen(!fullscreen_); }
  bool fullscreen() const { return fullscreen_; }
  // The window's size in screen pixels (a fullscreen window keeps it for when it leaves fullscreen).
  void set_size(int w, int h);

  PixelSize drawable_size() const;  // framebuffer size in pixels (differs from window size on HiDPI)
  PixelSize window_size() const;    // size in screen coordinates
  void set_title(const std::string& title);
  void show();

  // SDL window id, to match window events (SDL_WindowEvent::windowID).
  std::uint32_t id() const;
  SDL_Window* sdl_window() const { return window_; }
  void* gl_context() const { return context_; }

  // SDL's video driver ("x11", "wayland", "offscreen", ...; "" when not open).
  std::string video_driver() const;
  // True on a display a person watches (not SDL's offscreen or dummy driver).
  bool has_real_display() const;

  // GL_RENDERER / GL_VERSION strings of the current context ("" when not open).
  std::string gl_renderer() const;
  std::string gl_version() const;


 private:
  SDL_Window* window_ = nullptr;
  void* context_ = nullptr;
  bool fullscreen_ = false;
};

class Input;

// One displayed frame's event pump: drains SDL's queue into Input and the Window.
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
