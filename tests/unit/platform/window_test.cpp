#include "platform/window.h"
#include "render/gl_read_back.h"

#include <gtest/gtest.h>

#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>

namespace cf {
namespace {

TEST(Window, OpensHiddenGl33CoreContextAndReadsBackClearColour) {
  Window w;
  Status s = w.open(WindowDesc{nullptr, 320, 240, true});
  ASSERT_TRUE(s.ok()) << s.error.to_string();
  EXPECT_TRUE(w.is_open());
  EXPECT_NE(w.id(), 0u);
  EXPECT_FALSE(w.gl_version().empty());
  GLint major = 0, minor = 0, mask = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &mask);
  EXPECT_GE(major * 10 + minor, 33);
  EXPECT_TRUE(mask & GL_CONTEXT_CORE_PROFILE_BIT);

  const PixelSize d = w.drawable_size();
  EXPECT_EQ(d.width, 320);
  EXPECT_EQ(d.height, 240);

  glViewport(0, 0, d.width, d.height);
  glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  // Bottom half green: checks the readback is flipped to top-row-first.
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, 0, d.width, d.height / 2);
  glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);

  std::vector<std::uint8_t> rgba;
  ASSERT_TRUE(gl_read_rgba(0, GL_BACK, d.width, d.height, &rgba));
  ASSERT_EQ(rgba.size(), 320u * 240u * 4u);
  EXPECT_EQ(rgba[0], 255);  // top-left red
  EXPECT_EQ(rgba[1], 0);
  const std::size_t last = rgba.size() - 4;
  EXPECT_EQ(rgba[last], 0);  // bottom-right green
  EXPECT_EQ(rgba[last + 1], 255);
  w.swap();
}

TEST(Window, FullscreenToggleAndMove) {
  Window w;
  ASSERT_TRUE(w.open(WindowDesc{"t", 320, 240, true}).ok());
  EXPECT_FALSE(w.fullscreen());
  w.toggle_fullscreen();
  w.toggle_fullscreen();
  EXPECT_FALSE(w.fullscreen());
  Window moved(std::move(w));
  EXPECT_FALSE(w.is_open());
  EXPECT_TRUE(moved.is_open());
  moved.make_current();
  EXPECT_GT(moved.drawable_size().width, 0);
  moved.close();
  EXPECT_FALSE(moved.is_open());
  EXPECT_EQ(moved.drawable_size().width, 0);
}

}  // namespace
}  // namespace cf
