// Walking collisions come from the creature's body: every shipped creature walks freely where it fits,
// and its flesh stays out of walls it walks into.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "game_test_util.h"
#include "game/play/scene.h"
#include "game/session/session.h"
#include "vault/vault_play.h"
#include "world/clearance.h"

namespace cf {
namespace {

const char* kCreatures[] = {"biped", "biped_arms_tail", "hexapod", "octopod", "quadruped", "strider", "stubby"};

Scene load(const std::string& creature, const std::string& level) {
  Result<Scene> s = load_scene(std::string(CF_ASSETS_DIR "/creatures/") + creature + ".json",
                               std::string(CF_ASSETS_DIR "/levels/") + level + ".json");
  EXPECT_TRUE(s.ok()) << s.error().to_string();
  return std::move(*s);
}

using test::stick;

TEST(Collision, EveryCreatureWalksFreelyFromTheDefaultSpawn) {
  for (const char* name : kCreatures) {
    Session s;
    s.start(load(name, "default"), 1);
    std::uint32_t blocked = 0;
    // 45 ticks: a strider running on along the wall (it slides, so it runs) reaches the fence ahead by 52.
    for (int t = 0; t < 45; ++t) {
      s.tick(stick(0.0f, 1.0f));
      blocked = std::max(blocked, s.state().player().blocked_ticks);
    }
    std::printf("%s: blocked for %u ticks, walked to z %.2f\n", name, blocked, s.state().player().root_ws.z);
    EXPECT_EQ(blocked, 0u) << name << " is blocked on open ground beside the wall";
  }
}

TEST(Collision, FootprintFollowsTheBodyNotTheLongestReach) {
  const Scene sc = load("quadruped", "default");
  const Species sp = make_species(sc);
  ASSERT_GT(sp.footprint.count, 3);
  float max_x = 0.0f, max_z = 0.0f;
  for (int i = 0; i < sp.footprint.count; ++i) {
    const FootprintCircle& c = sp.footprint.circles[static_cast<std::size_t>(i)];
    max_x = std::max(max_x, std::abs(c.offset_ms.x) + c.radius);
    max_z = std::max(max_z, std::abs(c.offset_ms.y) + c.radius);
  }
  EXPECT_LT(max_x, 0.5f * max_z);  // long and narrow, like the drawn quadruped
  EXPECT_GT(max_z, 0.6f);          // the head still counts
}

TEST(Collision, FleshStaysOutOfTheWallWalkedInto) {
  for (const char* name : kCreatures) {
    Session s;
    s.start(load(name, "default"), 1);
    float deepest = 0.0f;
    for (int t = 0; t < 240; ++t) {
      // Beside the wall, turn to face it (+X), walk into it.
      const float err = 1.5708f - s.state().player().heading_rad;
      s.tick(t < 60 ? stick(0.0f, 1.0f) : stick(std::clamp(-err * 2.0f, -1.0f, 1.0f), std::abs(err) < 0.2f ? 1.0f : 0.0f));
      PenetrationOptions opt;
      opt.fences = false;
      const Penetration p = pose_penetration(s.scene().level, s.scene().rig, s.runtime().pose(0), opt);
      if (p.depth > deepest && std::getenv("COLL_DEBUG")) {
        const Rig& rig = s.scene().rig;
        for (int b = 0; b < rig.skeleton.size(); ++b) {
          const float d = level_penetration(s.scene().level, Capsule{s.runtime().pose(0).head_ws[b], s.runtime().pose(0).tail_ws[b], rig.skeleton.radius[b]}, opt).depth;
          if (d > 0.02f) std::printf("  t%d %s %.3f\n", t, rig.skeleton.names[b].c_str(), d);
        }
      }
      deepest = std::max(deepest, p.depth);
    }
    std::printf("%s: deepest into the wall %.3f m, blocked %u ticks\n", name, deepest,
                s.state().player().blocked_ticks);
    EXPECT_GT(s.state().player().blocked_ticks, 0u) << name << " walked through the wall";
    EXPECT_LT(deepest, 0.01f) << name;
  }
}

}  // namespace
}  // namespace cf
