// The editor's mouse and keyboard through the real binary: the shipped script mouse_pet.pad.json
// draws a biped with left-button drags (SDL mouse events pushed like a real mouse's) and types its
// name on the keyboard (SDL text input); the saved file carries the typed name and the strokes lie
// where the pointer went; the picture shows the stroke under the pointer.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "core/json_util.h"
#include "creature/creature_io.h"
#include "game/editor/editor.h"
#include "render/geometry_stage.h"
#include "render/image_io.h"
#include "run_command.h"
#include "skeleton/rig_builder.h"
#include "core/json.h"

namespace cf::test {
namespace {

const std::string kScript = std::string(CF_SOURCE_DIR) + "/tests/data/game/editor/mouse_pet.pad.json";

// The picture pixel (960 x 720 window, all picture) where the stage draws a side-view point.
void pixel_of(const glm::vec3& p, int* x, int* y) {
  Camera cam;
  cam.view = editor_camera_view(DrawPlane::kSide);
  cam.fov_y_rad = kEditorFovY;
  const glm::vec4 c = projection_matrix(cam, kEditorAspect) * cam.view * glm::vec4(p, 1.0f);
  *x = static_cast<int>((c.x / c.w + 1.0f) * 0.5f * 960.0f);
  *y = static_cast<int>((1.0f - c.y / c.w) * 0.5f * 720.0f);
}

TEST(EditorMouseE2E, MouseDragsDrawTheCreatureAndATypedNameNamesItsFile) {
  Result<Json> script = load_json_file(kScript);
  ASSERT_TRUE(script.ok()) << script.error().to_string();
  int ticks = 0;
  for (const Json& s : (*script)["steps"]) ticks += s["ticks"].get<int>();
  const std::string data = std::string(CF_BINARY_DIR) + "/e2e_editor_mouse_data";
  const std::string shot = std::string(CF_BINARY_DIR) + "/e2e_editor_mouse_leg.png";
  ASSERT_EQ(std::system(("rm -rf '" + data + "' '" + shot + "'").c_str()), 0);
  // Tick 80: 25 ticks into the leg drag (the pointer going from where y 0.905 down to 0.155 at depth
  // x 0.1 would be; the plane is at x -0.04 since it went to the body's side after the torso).
  const CommandResult r = run_command(
      "cd '" CF_SOURCE_DIR "' && env -u DISPLAY SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy "
      "ASAN_OPTIONS=detect_leaks=0 '" CF_GAME_EXE "' --edit --data-dir '" + data + "' --pad-script '" + kScript +
      "' --ticks " + std::to_string(ticks) + " --screenshot '" + shot + "' --at-tick 80");
  ASSERT_EQ(r.exit_code, 0) << r.err;

  // The typed "Mouse_Pet" + Enter saved mouse_pet.json named MOUSE_PET.
  Result<Creature> c = load_creature(data + "/creatures/mouse_pet.json");
  ASSERT_TRUE(c.ok()) << c.error().to_string();
  EXPECT_EQ(c->name, "MOUSE_PET");
  int torsos = 0, legs = 0, heads = 0;
  for (const Part& p : c->parts) {
    torsos += p.tag == PartTag::kTorso;
    legs += p.tag == PartTag::kLeg;
    heads += p.tag == PartTag::kHead;
    if (p.tag != PartTag::kTorso) continue;
    // Dragged from (0, 0.89, 0) up to (0, 1.40, 0) on the side plane.
    EXPECT_NEAR(p.stroke.front().y, 0.89f, 0.02f);
    EXPECT_NEAR(p.stroke.back().y, 1.40f, 0.02f);
    for (const glm::vec3& q : p.stroke) {
      EXPECT_NEAR(q.x, 0.0f, 1e-4f);
      EXPECT_NEAR(q.z, 0.0f, 0.01f);
    }
  }
  EXPECT_EQ(torsos, 1);
  EXPECT_EQ(legs, 2);
  EXPECT_EQ(heads, 1);
  Result<Rig> rig = build_rig(*c);
  ASSERT_TRUE(rig.ok()) << rig.error().to_string();
  const CommandResult w = run_command(std::string("'") + CF_LAB_EXE + "' walk --creature '" + data +
                                      "/creatures/mouse_pet.json' --seconds 10");
  ASSERT_EQ(w.exit_code, 0) << w.err;
  Result<Json> walk = parse_json(w.out, "walk");
  ASSERT_TRUE(walk.ok());
  EXPECT_GT((*walk)["distance_m"].get<double>(), 1.0);
  for (const Json& l : (*walk)["legs"]) {
    EXPECT_LE(l["max_skate_m"].get<double>(), 1e-6) << l.dump();
    EXPECT_EQ(l["unreachable_ticks"].get<int>(), 0) << l.dump();
  }

  // Mid-stroke, the red path and pen are drawn under the pointer (the leg's 25th of 50 steps).
  Result<Image> img = load_png(shot);
  ASSERT_TRUE(img.ok()) << img.error().to_string();
  ASSERT_EQ(img->width, 960);
  int px = 0, py = 0;
  pixel_of({0.1f, 0.905f - 0.75f * 25.0f / 50.0f, 0.0f}, &px, &py);  // the pointer's pixel
  int red_near = 0, red_far = 0, pen_near = 0;
  for (int y = 0; y < img->height; ++y) {
    for (int x = 0; x < img->width; ++x) {
      const std::uint8_t* q = &img->rgba[(static_cast<std::size_t>(y) * img->width + x) * 4];
      // The pen is magenta, drawn over everything; the path red, up to the pen.
      if (q[0] > 200 && q[1] < 120 && q[2] > 200 && std::abs(x - px) <= 24 && std::abs(y - py) <= 24) ++pen_near;
      if (q[0] < 200 || q[1] > 100 || q[2] > 100) continue;
      const bool near = std::abs(x - px) <= 12 && std::abs(y - py) <= 16;
      (near ? red_near : red_far) += 1;
      // The path runs from the leg's top down to the pen: above the pointer, never below or aside.
      if (!near) {
        EXPECT_TRUE(std::abs(x - px) <= 12 && y < py) << "red at " << x << "," << y;
      }
      if (!near && red_far > 3) break;
    }
  }
  EXPECT_GT(pen_near, 20) << "no pen under the pointer at " << px << "," << py;
  EXPECT_GT(red_near + red_far, 4) << "no path drawn";
}

}  // namespace
}  // namespace cf::test
