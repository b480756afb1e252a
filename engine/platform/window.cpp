#include "platform/window.h"

#include "platform/input.h"

#include <SDL.h>

#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>

#include <cstdlib>
#include <cstring>
#include <utility>

namespace cf {

namespace {
Error sdl_error(const char* what) {
  return Error{"", "", std::string(what) + ": " + SDL_GetError()};
}
}  // namespace

Window::~Window() { close(); }

Window::Window(Window&& o) noexcept
    : window_(std::exchange(o.window_, nullptr)),
      context_(std::exchange(o.context_, nullptr)),
      fullscreen_(o.fullscreen_) {}

Window& Window::operator=(Window&& o) noexcept {
  if (this != &o) {
    close();
    window_ = std::exchange(o.window_, nullptr);
    context_ = std::exchange(o.context_, nullptr);
    fullscreen_ = o.fullscreen_;
  }
  return *this;
}

void keep_software_gl_on_one_thread() {
  setenv("LP_NUM_THREADS", "0", /*overwrite=*/0);
}

Status Window::open(const WindowDesc& desc) {
  close();
  keep_software_gl_on_one_thread();
  if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0) return sdl_error("SDL video init failed");

  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, SDL_GL_CONTEXT_FORWARD_COMPATIBLE_FLAG);
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, desc.depth_bits > 0 ? desc.depth_bits : 24);
  SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 8);
  SDL_GL_SetAttribute(SDL_GL_MULTISAMPLEBUFFERS, desc.msaa_samples > 0 ? 1 : 0);
  SDL_GL_SetAttribute(SDL_GL_MULTISAMPLESAMPLES, desc.msaa_samples > 0 ? desc.msaa_samples : 0);

  Uint32 flags = SDL_WINDOW_OPENGL | SDL_WINDOW_ALLOW_HIGHDPI;
  flags |= desc.hidden ? SDL_WINDOW_HIDDEN : SDL_WINDOW_SHOWN;
  if (!desc.fixed_size) flags |= SDL_WINDOW_RESIZABLE;
  if (desc.fullscreen) flags |= SDL_WINDOW_FULLSCREEN_DESKTOP;
  const int w = desc.width > 0 ? desc.width : 960;
  const int h = desc.height > 0 ? desc.height : 540;
  window_ = SDL_CreateWindow(desc.title ? desc.title : "Critterforge", SDL_WINDOWPOS_CENTERED,
                             SDL_WINDOWPOS_CENTERED, w, h, flags);
  if (!window_) {
    Error e = sdl_error("SDL_CreateWindow failed");
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
    return e;
  }
  context_ = SDL_GL_CreateContext(window_);
  if (!context_) {
    Error e = sdl_error("OpenGL 3.3 core context creation failed");
    SDL_DestroyWindow(window_);
    window_ = nullptr;
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
    return e;
  }
  SDL_GL_MakeCurrent(window_, context_);
  if (desc.swap_interval != 0 && SDL_GL_SetSwapInterval(desc.swap_interval) != 0 &&
      desc.swap_interval < 0) {
    SDL_GL_SetSwapInterval(1);  // adaptive vsync unsupported
  } else if (desc.swap_interval == 0) {
    SDL_GL_SetSwapInterval(0);
  }
  fullscreen_ = desc.fullscreen;
  return {};
}

void Window::close() {
  if (!window_) return;
  if (context_) SDL_GL_DeleteContext(context_);
  SDL_DestroyWindow(window_);
  context_ = nullptr;
  window_ = nullptr;
  SDL_QuitSubSystem(SDL_INIT_VIDEO);
}

void Window::make_current() {
  if (window_) SDL_GL_MakeCurrent(window_, context_);
}

void Window::swap() {
  if (window_) SDL_GL_SwapWindow(window_);
}

bool Window::set_fullscreen(bool on) {
  if (!window_) return false;
  if (SDL_SetWindowFullscreen(window_, on ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0) == 0) fullscreen_ = on;
  return fullscreen_;
}

void Window::set_size(int w, int h) {
  if (window_) SDL_SetWindowSize(window_, w, h);
}

PixelSize Window::drawable_size() const {
  PixelSize s;
  if (window_) SDL_GL_GetDrawableSize(window_, &s.width, &s.height);
  return s;
}

PixelSize Window::window_size() const {
  PixelSize s;
  if (window_) SDL_GetWindowSize(window_, &s.width, &s.height);
  return s;
}

void Window::set_title(const std::string& title) {
  if (window_) SDL_SetWindowTitle(window_, title.c_str());
}

void Window::show() {
  if (window_) SDL_ShowWindow(window_);
}

std::string Window::video_driver() const {
  const char* d = window_ ? SDL_GetCurrentVideoDriver() : nullptr;
  return d ? d : "";
}

bool Window::has_real_display() const {
  const std::string d = video_driver();
  return !d.empty() && d != "offscreen" && d != "dummy";
}

std::uint32_t Window::id() const { return window_ ? SDL_GetWindowID(window_) : 0u; }

namespace {
std::string gl_string(GLenum name) {
  const GLubyte* s = glGetString(name);
  return s ? std::string(reinterpret_cast<const char*>(s)) : std::string();
}
}  // namespace

std::string Window::gl_renderer() const { return window_ ? gl_string(GL_RENDERER) : std::string(); }
std::string Window::gl_version() const { return window_ ? gl_string(GL_VERSION) : std::string(); }


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
