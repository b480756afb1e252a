// A herd's frame with meshes skipped whole (wholly outside one plane of the view volume) gives the command
// list and stats of every mesh drawn triangle by triangle: the camera turned in steps so creatures cross
// each side plane, and the far plane pulled in so they cross it too; on one thread and two.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>

#include "core/worker_pool.h"
#include "game/play/herd.h"
#include "game/session/session.h"
#include "game/view/view.h"
#include "game_test_util.h"
#include "geometry_drawn.h"
#include "sweep.h"

namespace cf {
namespace {

using test::Drawn;
using test::draw_job;

TEST(HerdCull, MeshesSkippedWholeGiveTheListOfEveryMeshDrawnTriangleByTriangle) {
  Session s;
  Result<std::vector<HerdKind>> herd = pick_herd(64, 3, CF_ASSETS_DIR "/creatures");
  ASSERT_TRUE(herd.ok());
  ASSERT_TRUE(s.start(test::biped_scene_in("default.json"), 3, *herd).ok());
  View view;
  FleshLodOptions off;
  off.enabled = false;
  off.cull = false;
  view.set_flesh_lod(off);
  view.init(s.species_scenes(), ViewTextures{});
  WorkerPool two(2);
  const std::vector<OverlayPointInput> no_points;
  int skipped = 0, cases = 0;
  for (int frame = 0; frame < 2; ++frame) {
    for (int t = 0; t < 60; ++t) s.tick(test::stick(0.0f, 1.0f));
    view.build(s.state(), s.runtime(), 1.0f, FrameSettings{}, 320, 240);
    const Level& level = s.scene().level;
    const glm::mat4 orbit = orbit_camera_view(s.state(), level, view.pose().cog_ws.y - level.ground_y);
    // (under the sanitizers every third turn: still both drawing modes and every side plane crossed)
    for (int turn = 0; turn < 8; turn += test::sweep_step(3)) {
      for (float far_m : {0.0f, 6.0f, 14.0f}) {
        FrameSettings settings;
        settings.modern = turn % 2 == 1;
        GeometryJob job = scene_geometry_job(glm::rotate(glm::mat4(1.0f), 0.39f * static_cast<float>(turn),
                                                         glm::vec3(0, 1, 0)) * orbit,
                                             settings, 320, 240, nullptr, nullptr);
        job.set_inputs(view.meshes(), view.lines(), no_points);
        job.camera.far_m = far_m;
        job.lighting.fog_start_m = 18.0f;
        job.lighting.fog_end_m = 40.0f;
        const Drawn each = draw_job(job, nullptr, false);
        const std::string where = "frame " + std::to_string(frame) + ", turn " + std::to_string(turn) + ", far " +
                                  std::to_string(far_m);
        EXPECT_EQ(each.stats.meshes_outside, 0) << where;
        for (WorkerPool* pool : {static_cast<WorkerPool*>(nullptr), &two}) {
          const Drawn whole = draw_job(job, pool, true);
          test::expect_same_drawing(whole, each, where);
          skipped += whole.stats.meshes_outside;
        }
        ++cases;
      }
    }
  }
  // Most cases skip some of the 65 creatures (and level meshes) whole.
  EXPECT_GT(skipped, 2 * cases * 10);
}

}  // namespace
}  // namespace cf
