// The steepest slope and the highest step each shipped creature walks (issue 50's measures), through the
// real tick: full stick ahead up a plane rising at an angle, and up onto a step of a share of the leg.
// A slope walked: the body gets 3 m up it; a step walked: the body stands on its top. Every tick of a
// walk that gets there: no clip event, every planted foot within 2 cm of the ground under it. The limits
// the walk holds (a slope over 35 degrees and a step over 0.3 of the leg are walls) stop it beyond them.
#include <cmath>
#include <cstdio>
#include <string>

#include <gtest/gtest.h>

#include "game/play/scene.h"
#include "game/session/session.h"
#include "game_test_util.h"
#include "world/ground_query.h"

namespace cf {
namespace {

const char* const kCreatures[] = {"biped", "biped_arms_tail", "hexapod", "octopod", "quadruped", "strider", "stubby"};
constexpr float kDegToRad = 0.017453292519943295f;
constexpr float kRampFrom_z = 1.5f;  // where the slope or the step starts, ahead of the spawn

Scene open_scene(const char* creature) {
  Result<Scene> s = load_scene(std::string(CF_ASSETS_DIR) + "/creatures/" + creature + ".json",
                               std::string(CF_ASSETS_DIR) + "/levels/open_ground.json");
  EXPECT_TRUE(s.ok()) << s.error().to_string();
  Scene sc = std::move(*s);
  sc.level.fences.clear();
  sc.level.walls.clear();
  sc.level.props.clear();
  sc.level.spawn = glm::vec3(0.0f);
  sc.level.spawn_heading_deg = 0.0f;
  return sc;
}

float mean_leg(const Rig& rig) {
  float sum = 0.0f;
  int n = 0;
  for (const LimbChain& l : rig.limbs)
    if (l.tag == PartTag::kLeg) sum += l.l1 + l.l2, ++n;
  return n > 0 ? sum / static_cast<float>(n) : 0.0f;
}

struct Climb {
  bool got_there = false;
  int clips = 0;
  float worst_planted_m = 0.0f;  // the highest a planted foot stood over the ground under it
};

// Full stick ahead for 6 s; got_there once there(root) holds.
template <class There>
Climb walk_up(Scene scene, const There& there) {
  Session s;
  s.start(std::move(scene), 1);
  const Rig& rig = s.scene().rig;
  const LevelGround ground(&s.scene().level);
  Climb c;
  for (int t = 0; t < 360 && !c.got_there; ++t) {
    s.tick(test::stick(0.0f, 1.0f));
    c.clips += s.clips().count();
    const CreaturePose& p = s.runtime().pose(0);
    for (std::size_t l = 0; l < rig.limbs.size(); ++l) {
      const LimbChain& limb = rig.limbs[l];
      if (limb.tag != PartTag::kLeg || !p.limbs[l].contact) continue;
      const glm::vec3 ankle = p.tail_ws[static_cast<std::size_t>(limb.bones[1])];
      const glm::vec3 toe = limb.bones[2] >= 0 ? p.tail_ws[static_cast<std::size_t>(limb.bones[2])] : ankle;
      const float lowest = std::min(ankle.y - ground.at(ankle.x, ankle.z).y, toe.y - ground.at(toe.x, toe.z).y) -
                           foot_radius(rig, limb) - rig.sole_height;
      c.worst_planted_m = std::max(c.worst_planted_m, lowest);
    }
    c.got_there = there(s.state().player().root_ws);
  }
  return c;
}

// A plane rising at 'deg' along +Z from z = kRampFrom_z (1 m samples over 60 x 60 m).
Climb up_a_slope(const char* creature, float deg) {
  Scene sc = open_scene(creature);
  Terrain& t = sc.level.terrain;
  t.origin_xz = glm::vec2(-30.0f, -30.0f);
  t.cell_m = 1.0f;
  t.columns = t.rows = 61;
  t.heights_m.assign(61 * 61, 0.0f);
  const float rise = std::tan(deg * kDegToRad);
  for (int r = 0; r < 61; ++r)
    for (int col = 0; col < 61; ++col)
      t.heights_m[static_cast<std::size_t>(r * 61 + col)] = rise * std::max(0.0f, -30.0f + float(r) - kRampFrom_z);
  return walk_up(std::move(sc), [](const glm::vec3& root) { return root.z > kRampFrom_z + 3.0f; });
}

// A step 'share' of the mean leg high across the way, its face at z = kRampFrom_z.
Climb up_a_step(const char* creature, float share, float* height_m) {
  Scene sc = open_scene(creature);
  *height_m = share * mean_leg(sc.rig);
  Box b;
  b.centre = glm::vec3(0.0f, *height_m - 1.0f, kRampFrom_z + 5.0f);
  b.half_extents = glm::vec3(5.0f, 1.0f, 5.0f);
  sc.level.platforms.push_back(b);
  const float top = *height_m;
  return walk_up(std::move(sc), [top](const glm::vec3& root) {
    return root.z > kRampFrom_z + 1.0f && std::fabs(root.y - top) < 0.01f;
  });
}

TEST(TerrainLimits, EveryShippedCreatureWalksUpToItsSteepestSlopeAndHighestStepAndNoFurther) {
  for (const char* creature : kCreatures) {
    float steepest = 0.0f;
    for (float deg = 25.0f; deg <= 40.0f; deg += 1.0f) {
      const Climb c = up_a_slope(creature, deg);
      if (!c.got_there) continue;
      steepest = deg;
      EXPECT_EQ(c.clips, 0) << creature << " up " << deg << " degrees";
      EXPECT_LE(c.worst_planted_m, 0.02f) << creature << " up " << deg << " degrees";
    }
    float highest_share = 0.0f, highest_m = 0.0f;
    for (float share = 0.1f; share <= 0.501f; share += 0.025f) {
      float h = 0.0f;
      const Climb c = up_a_step(creature, share, &h);
      if (!c.got_there) continue;
      highest_share = share, highest_m = h;
      EXPECT_EQ(c.clips, 0) << creature << " up a step of " << share << " leg";
      EXPECT_LE(c.worst_planted_m, 0.02f) << creature << " up a step of " << share << " leg";
    }
    std::printf("[terrain limits] %s: steepest slope walked %.0f deg, highest step %.2f m (%.3f of its leg)\n", creature,
                steepest, highest_m, highest_share);
    EXPECT_GE(steepest, 30.0f) << creature;        // the grids' slopes
    EXPECT_LE(steepest, 35.0f) << creature;        // over 35 degrees the ground is a wall
    EXPECT_GE(highest_share, 0.25f) << creature;  // the grids' steps, to 0.3 of the leg
    EXPECT_LT(highest_share, 0.35f) << creature;  // higher is a wall to the walk (a climb for A)
  }
}

}  // namespace
}  // namespace cf
