#include "render/gl_read_back.h"

#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>

#include <algorithm>

namespace cf {

bool gl_read_rgba(unsigned fbo, unsigned buffer, int w, int h, std::vector<std::uint8_t>* rgba) {
  if (!rgba || w <= 0 || h <= 0) return false;
  const std::size_t row = static_cast<std::size_t>(w) * 4u;
  rgba->resize(row * static_cast<std::size_t>(h));
  glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
  glReadBuffer(buffer);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, rgba->data());
  for (int y = 0; y < h / 2; ++y) {
    std::uint8_t* a = rgba->data() + static_cast<std::size_t>(y) * row;
    std::uint8_t* b = rgba->data() + static_cast<std::size_t>(h - 1 - y) * row;
    std::swap_ranges(a, a + row, b);
  }
  return glGetError() == GL_NO_ERROR;
}

}  // namespace cf
