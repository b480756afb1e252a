#pragma once
// The one GL read-back: a framebuffer's colour as tightly packed RGBA8, top row first.
#include <cstdint>
#include <vector>

namespace cf {

// Reads w x h pixels of framebuffer 'fbo' (0: the window's) from colour buffer 'buffer' (a GLenum:
// GL_BACK, GL_COLOR_ATTACHMENT0). GL's rows run bottom-up; the result is flipped. False on a GL error.
bool gl_read_rgba(unsigned fbo, unsigned buffer, int w, int h, std::vector<std::uint8_t>* rgba);

}  // namespace cf
