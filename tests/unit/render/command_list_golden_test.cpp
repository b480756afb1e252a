// The command list of the fixed test scene, as text, against tests/data/render/test_scene_commands.txt.
// Regenerate with CF_UPDATE_GOLDENS=1 after an intended change (and read the diff).
#include <gtest/gtest.h>

#include "golden_files.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/file_io.h"
#include "render/test_scene.h"

namespace cf {
namespace {

std::string render_dump(const FrameSettings& settings) {
  TestScene scene;
  build_test_scene(TestSceneTextures{{1}, {2}, {3}, {4}}, &scene);
  GeometryScratch scratch;
  CommandList list;
  GeometryJob job = test_scene_job(scene, settings, 640, 480);
  job.scratch = &scratch;
  job.out = &list;
  EXPECT_TRUE(job.run());
  return dump_command_list(list);
}

void check_golden(const std::string& name, const std::string& actual) {
  const std::string path = std::string(CF_SOURCE_DIR) + "/tests/data/render/" + name;
  if (test::updating_goldens()) {
    ASSERT_TRUE(write_file_atomic(path, actual).ok());
    return;
  }
  Result<std::string> want = read_file(path);
  ASSERT_TRUE(want.ok()) << want.error().to_string() << test::kUpdateGoldensHint;
  if (*want == actual) return;
  // Report the first differing line rather than two huge strings.
  std::size_t line = 1, i = 0;
  while (i < want->size() && i < actual.size() && (*want)[i] == actual[i]) {
    if (actual[i] == '\n') ++line;
    ++i;
  }
  const auto line_at = [](const std::string& s, std::size_t pos) {
    const std::size_t b = s.rfind('\n', pos == 0 ? 0 : pos - 1);
    const std::size_t start = b == std::string::npos ? 0 : b + 1;
    return s.substr(start, s.find('\n', start) - start);
  };
  FAIL() << name << " differs at line " << line << "\n  golden: " << line_at(*want, i)
         << "\n  actual: " << line_at(actual, i);
}

TEST(CommandListGolden, TestSceneDefault) {
  const std::string dump = render_dump(FrameSettings{});
  EXPECT_NE(dump.find("commands 320x240"), std::string::npos);
  check_golden("test_scene_commands.txt", dump);
}

TEST(CommandListGolden, TestSceneOverlaysSubpixel) {
  FrameSettings s;
  s.overlay_mask = kOverlayAll;
  s.subpixel = true;
  // Only the header and the overlay lines: the triangles are covered by the test above.
  const std::string dump = render_dump(s);
  std::string lines;
  std::size_t start = 0;
  while (start < dump.size()) {
    const std::size_t end = dump.find('\n', start);
    const std::string line = dump.substr(start, end - start + 1);
    if (line.rfind("tri ", 0) != 0) lines += line;
    start = end + 1;
  }
  EXPECT_NE(lines.find("line 0 bones"), std::string::npos);
  check_golden("test_scene_overlay_lines.txt", lines);
}

// Same scene, same dump, in two separate processes (each its own heap and address layout; the second with
// glibc filling fresh and freed memory with a byte pattern, so a read of uninitialized memory or a
// pointer-ordered container would show) and in this one. In a child, CF_COMMAND_DUMP_TO names the file
// to write the dump to.
TEST(CommandListGolden, DumpIsDeterministic) {
  if (const char* to = std::getenv("CF_COMMAND_DUMP_TO")) {
    ASSERT_TRUE(write_file_atomic(to, render_dump(FrameSettings{})).ok());
    return;
  }
  char self[4096];
  const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  ASSERT_GT(n, 0);
  self[n] = '\0';
  std::string dumps[2];
  for (int child = 0; child < 2; ++child) {
    const std::string path =
        std::string(CF_BINARY_DIR) + "/command_dump_" + std::to_string(getpid()) + "_" + std::to_string(child) + ".txt";
    const std::string cmd = "CF_COMMAND_DUMP_TO='" + path + "'" + (child == 1 ? " MALLOC_PERTURB_=165" : "") + " '" +
                            self + "' --gtest_filter=CommandListGolden.DumpIsDeterministic > /dev/null 2>&1";
    const int status = std::system(cmd.c_str());
    ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << cmd;
    Result<std::string> text = read_file(path);
    ASSERT_TRUE(text.ok()) << text.error().to_string();
    dumps[child] = *text;
    std::remove(path.c_str());
  }
  EXPECT_NE(dumps[0].find("tri "), std::string::npos);
  EXPECT_EQ(dumps[0], dumps[1]) << "two processes disagree";
  EXPECT_EQ(dumps[0], render_dump(FrameSettings{})) << "a child and this process disagree";
}

}  // namespace
}  // namespace cf
