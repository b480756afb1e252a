// The command list of the fixed test scene, as text, against tests/data/render/test_scene_commands.txt.
// Regenerate with CF_UPDATE_GOLDENS=1 after an intended change (and read the diff).
#include <gtest/gtest.h>

#include "golden_files.h"

#include <cstdlib>

#include "core/file_io.h"
#include "render/test_scene.h"

namespace cf {
namespace {

std::string render_dump(const FrameSettings& settings) {
  TestScene scene;
  build_test_scene(TestSceneTextures{1, 2, 3, 4}, &scene);
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

TEST(CommandListGolden, DumpIsDeterministic) { EXPECT_EQ(render_dump(FrameSettings{}), render_dump(FrameSettings{})); }

}  // namespace
}  // namespace cf
