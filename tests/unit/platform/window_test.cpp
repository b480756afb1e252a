#include "platform/window.h"
#include "render/gl_read_back.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

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

// This process's threads named by Mesa's software rasterizer ("llvmpipe-0", ...).
std::vector<std::string> software_raster_threads() {
  std::vector<std::string> found;
  for (const auto& task : std::filesystem::directory_iterator("/proc/self/task")) {
    std::string name;
    std::getline(std::ifstream(task.path() / "comm"), name);
    if (name.rfind("llvmpipe", 0) == 0) found.push_back(name);
  }
  return found;
}

TEST(Window, SoftwareGlRasterizesOnTheCallingThread) {
  Window w;
  Status s = w.open(WindowDesc{nullptr, 64, 64, true});
  ASSERT_TRUE(s.ok()) << s.error.to_string();
  ASSERT_NE(std::getenv("LP_NUM_THREADS"), nullptr);
  EXPECT_STREQ(std::getenv("LP_NUM_THREADS"), "0");
  glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  std::vector<std::uint8_t> rgba;
  ASSERT_TRUE(gl_read_rgba(0, GL_BACK, 64, 64, &rgba));
  EXPECT_EQ(rgba[2], 255);
  w.swap();
  // Mesa's raster threads race on their fences (see keep_software_gl_on_one_thread): none may run.
  const std::vector<std::string> threads = software_raster_threads();
  EXPECT_TRUE(threads.empty()) << threads.size() << " threads, the first " << threads.front();

  // A user's own setting wins.
  setenv("LP_NUM_THREADS", "3", 1);
  keep_software_gl_on_one_thread();
  EXPECT_STREQ(std::getenv("LP_NUM_THREADS"), "3");
  setenv("LP_NUM_THREADS", "0", 1);
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
