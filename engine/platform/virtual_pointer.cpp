#include "platform/virtual_pointer.h"

#include <SDL.h>

#include <cstring>

#include "platform/input.h"

namespace cf {

namespace {

void push_key(SDL_Scancode sc, SDL_Keycode sym) {
  for (Uint32 type : {static_cast<Uint32>(SDL_KEYDOWN), static_cast<Uint32>(SDL_KEYUP)}) {
    SDL_Event e;
    std::memset(&e, 0, sizeof(e));
    e.type = type;
    e.key.state = type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED;
    e.key.keysym.scancode = sc;
    e.key.keysym.sym = sym;
    SDL_PushEvent(&e);
  }
}

}  // namespace

void VirtualPointer::set(const InputFrame& f, int px, int py, int pw, int ph) {
  const int x = px + pointer_pixel(f.mouse_x, pw);
  const int y = py + pointer_pixel(static_cast<std::int16_t>(-f.mouse_y), ph);
  if (!moved_ || x != x_ || y != y_) {
    SDL_Event e;
    std::memset(&e, 0, sizeof(e));
    e.type = SDL_MOUSEMOTION;
    e.motion.x = x;
    e.motion.y = y;
    e.motion.xrel = moved_ ? x - x_ : 0;
    e.motion.yrel = moved_ ? y - y_ : 0;
    // The first call only places the pointer when the script uses the mouse at all.
    if (moved_ || f.mouse_x != 0 || f.mouse_y != 0 || (f.buttons & (kButtonMouseLeft | kButtonMouseRight))) {
      SDL_PushEvent(&e);
      moved_ = true;
      x_ = x;
      y_ = y;
    }
  }
  constexpr std::uint32_t kMouse[] = {kButtonMouseLeft, kButtonMouseRight};
  constexpr Uint8 kSdl[] = {SDL_BUTTON_LEFT, SDL_BUTTON_RIGHT};
  for (int i = 0; i < 2; ++i) {
    const bool now = (f.buttons & kMouse[i]) != 0, was = (buttons_ & kMouse[i]) != 0;
    if (now == was) continue;
    SDL_Event e;
    std::memset(&e, 0, sizeof(e));
    e.type = now ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
    e.button.button = kSdl[i];
    e.button.state = now ? SDL_PRESSED : SDL_RELEASED;
    e.button.clicks = 1;
    e.button.x = x;
    e.button.y = y;
    SDL_PushEvent(&e);
  }
  buttons_ = f.buttons & (kButtonMouseLeft | kButtonMouseRight);
}

void VirtualPointer::type(const std::string& text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\b') {
      push_key(SDL_SCANCODE_BACKSPACE, SDLK_BACKSPACE);
    } else if (c == '\n' || c == '\r') {
      push_key(SDL_SCANCODE_RETURN, SDLK_RETURN);
    } else if (c == '\x1b') {
      push_key(SDL_SCANCODE_ESCAPE, SDLK_ESCAPE);
    } else if (static_cast<unsigned char>(c) >= 0x20) {
      // One character per event, as SDL sends them: a UTF-8 lead byte with its continuation bytes.
      SDL_Event e;
      std::memset(&e, 0, sizeof(e));
      e.type = SDL_TEXTINPUT;
      std::size_t n = 0;
      e.text.text[n++] = c;
      while (i + 1 < text.size() && (static_cast<unsigned char>(text[i + 1]) & 0xc0) == 0x80 && n + 1 < sizeof(e.text.text)) {
        e.text.text[n++] = text[++i];
      }
      SDL_PushEvent(&e);
    }
  }
}

}  // namespace cf
