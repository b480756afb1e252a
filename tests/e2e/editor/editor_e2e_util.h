#pragma once
// Shared by the editor's end-to-end tests: running the real binary on a pad script, reading back an
// editing session it recorded, and finding colours in its screenshots where the editor's camera puts
// a model-space point.
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <string>

#include <gtest/gtest.h>

#include "core/json_util.h"
#include "creature/creature_io.h"
#include "editor_scripts.h"
#include "game/editor/editor.h"
#include "game/editor/editor_mode.h"
#include "render/geometry_stage.h"
#include "render/image_io.h"
#include "run_command.h"

namespace cf::test {

// The last non-empty line of a run's output (--print-hash prints the hash last).
inline std::string ux_last_line(const std::string& out) {
  std::size_t end = out.find_last_not_of("\n");
  if (end == std::string::npos) return "";
  const std::size_t start = out.rfind('\n', end);
  return out.substr(start == std::string::npos ? 0 : start + 1, end - (start == std::string::npos ? 0 : start + 1) + 1);
}

inline std::string ux_tmp(const std::string& name) { return std::string(CF_BINARY_DIR) + "/e2e_editor_ux_" + name; }

inline CommandResult ux_game(const std::string& args) {
  return run_command("cd '" CF_SOURCE_DIR "' && env -u DISPLAY SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy "
                     "ASAN_OPTIONS=detect_leaks=0 '" CF_GAME_EXE "' " + args);
}

inline std::string ux_script(const std::string& name, const PadSteps& s) {
  const std::string path = ux_tmp(name + ".pad.json");
  std::ofstream(path) << s.pad_script().dump(1);
  return path;
}

inline std::string ux_data_dir(const std::string& name) {
  const std::string d = ux_tmp("data_" + name);
  EXPECT_EQ(std::system(("rm -rf '" + d + "'").c_str()), 0);
  return d;
}

// Replays a session the game recorded (--record) through a fresh editor, calling 'each' after every
// tick with the tick's input; the editor's final hash must be the recorded one.
inline void replay_recorded(const std::string& path, const std::function<void(const Editor&, const InputFrame&, std::size_t)>& each) {
  Result<Json> j = load_json_file(path);
  ASSERT_TRUE(j.ok()) << j.error().to_string();
  Result<EditSession> s = parse_edit_session(*j, path);
  ASSERT_TRUE(s.ok()) << s.error().to_string();
  Creature start;
  if (!s->start.is_null()) start = *parse_creature(s->start.dump(), "start");
  Editor e;
  e.reset(start);
  for (std::size_t i = 0; i < s->inputs.size(); ++i) {
    e.step(s->inputs[i]);
    each(e, s->inputs[i], i);
  }
  EXPECT_EQ(e.hash(), s->hash) << "the in-test editor follows the game's";
}

// The 960 x 720 screenshot pixel where the editor's camera for 'plane' draws model point p.
inline void editor_pixel(DrawPlane plane, const glm::vec3& p, int* x, int* y) {
  Camera cam;
  cam.view = editor_camera_view(plane);
  cam.fov_y_rad = kEditorFovY;
  const glm::vec4 c = projection_matrix(cam, kEditorAspect) * cam.view * glm::vec4(p, 1.0f);
  *x = static_cast<int>((c.x / c.w + 1.0f) * 0.5f * 960.0f);
  *y = static_cast<int>((1.0f - c.y / c.w) * 0.5f * 720.0f);
}

// Pixels within 'r' of (x, y) for which 'is' holds.
inline int pixels_near(const Image& img, int x, int y, int r, const std::function<bool(const std::uint8_t*)>& is) {
  int n = 0;
  for (int v = std::max(0, y - r); v <= std::min(img.height - 1, y + r); ++v) {
    for (int u = std::max(0, x - r); u <= std::min(img.width - 1, x + r); ++u) {
      n += is(&img.rgba[(static_cast<std::size_t>(v) * img.width + u) * 4]) ? 1 : 0;
    }
  }
  return n;
}

inline bool is_pen(const std::uint8_t* q) { return q[0] > 200 && q[1] < 120 && q[2] > 200; }        // magenta
inline bool is_path(const std::uint8_t* q) { return q[0] > 200 && q[1] < 100 && q[2] < 100; }       // red
inline bool is_node(const std::uint8_t* q) { return q[0] < 140 && q[1] > 190 && q[2] > 220; }       // cyan
inline bool is_message(const std::uint8_t* q) { return q[0] > 220 && q[1] > 200 && q[2] < 100; }    // yellow

// Rows of the picture's lower half holding yellow message text (the selection line is yellow too).
inline int yellow_text_rows(const Image& img, int from_y) {
  int rows = 0;
  for (int y = from_y; y < img.height; ++y) {
    int n = 0;
    for (int x = 0; x < img.width; ++x) n += is_message(&img.rgba[(static_cast<std::size_t>(y) * img.width + x) * 4]);
    rows += n > 8;
  }
  return rows;
}

}  // namespace cf::test
