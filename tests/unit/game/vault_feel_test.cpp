// The vault answers a press where a player tries it: from 2.9 m before a plainly visible fence (it said
// "No fence in reach" beyond 2 m), walking or running, every shipped creature goes on to the vault's
// start and takes off; held running, it runs on (quicker than walking on); from its start it takes off within
// 20 ticks (the clip's wind-up step is walked by the approach). Prints A to take-off.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "game/play/actions/vault_action.h"
#include "game/play/scene.h"
#include "math/angles.h"
#include "game/session/session.h"
#include "game_test_util.h"
#include "world/clearance.h"
#include "sweep.h"

namespace cf {
namespace {

struct Press {
  int take_off = -1;   // ticks from A to the first tick no foot is on the ground (-1: never)
  int started = -1;    // ticks from A to the vault's first played tick (the approach done)
  bool refused = false;
};

// Walks (half stick) or runs (full stick: past 80% the walk blends into a run) from the default level's spawn toward its fence and presses A once the body's
// centre is 'before_m' from the fence; then holds the stick as it was.
Press press_at(const std::string& creature, float before_m, bool run) {
  Session s;
  Result<Scene> scene = load_scene(CF_ASSETS_DIR "/creatures/" + creature + ".json", CF_ASSETS_DIR "/levels/default.json");
  EXPECT_TRUE(scene.ok());
  if (!scene) return {};
  s.start(std::move(*scene), 1);
  const Level& level = s.scene().level;
  InputFrame go = test::stick(0.0f, 1.0f);
  Press p;
  int pressed = -1;
  for (int t = 0; t < 600; ++t) {
    const CreatureState& c = s.state().player();
    InputFrame in = run || pressed < 0 ? go : InputFrame{};
    if (!run && pressed < 0) in = test::stick(0.0f, 0.45f);
    if (pressed < 0 && !level.fences.empty()) {
      const int f = fence_in_reach(level, c.root_ws, heading_forward(c.heading_rad), 10.0f);
      if (f >= 0 && distance_to_footprint(level.fences[static_cast<std::size_t>(f)], c.root_ws) <= before_m) {
        in.buttons |= kButtonA;
        in.pressed |= kButtonA;
        pressed = t;
      }
    }
    s.tick(in);
    if (pressed >= 0 && t > pressed) {
      if (vault_of(s.state().player()).vault.phase == VaultPhase::kRefused) p.refused = true;
      if (p.started < 0 && vault_of(s.state().player()).playing()) p.started = t - pressed;
      bool grounded = false;
      const Rig& rig = s.scene().rig;
      for (std::size_t l = 0; l < rig.limbs.size(); ++l)
        if (rig.limbs[l].tag == PartTag::kLeg && s.runtime().pose(0).limbs[l].contact) grounded = true;
      if (vault_of(s.state().player()).playing() && !grounded) {
        p.take_off = t - pressed;
        break;
      }
    }
  }
  return p;
}

TEST(VaultFeel, APressWhereAPlayerTriesItTakesOff) {
  for (const std::string creature : {"biped", "biped_arms_tail", "quadruped", "hexapod", "octopod", "strider", "stubby"}) {
    std::string line;
    int at2[2] = {-1, -1};
    int worst_from_start = 0;
    for (bool run : {false, true}) {
      for (float d : {1.0f, 2.0f, 2.9f}) {
        if (test::kUnderSanitizer && d == 1.0f) continue;  // 2 m (compared below) and the far end of the reach
        const Press p = press_at(creature, d, run);
        if (d == 2.0f) at2[run ? 1 : 0] = p.take_off;
        line += " " + std::string(run ? "run" : "walk") + "@" + std::to_string(d).substr(0, 3) + "m " +
                (p.take_off >= 0 ? std::to_string(p.take_off) : std::string(p.refused ? "refused" : "never"));
        EXPECT_GE(p.take_off, 0) << creature << (run ? " running" : " walking") << ", A " << d << " m before the fence";
        // At its start the vault takes off within 20 ticks: its wind-up step is the approach's, walked or
        // run (the clip's own crouch before its take-off was 30-35 ticks).
        EXPECT_GE(p.started, 0) << creature;
        EXPECT_LE(p.take_off - p.started, 20) << creature << (run ? " running" : " walking") << ", A " << d << " m";
        worst_from_start = std::max(worst_from_start, p.take_off - p.started);
      }
    }
    std::printf("[ vault    ] %-16s A to take-off, ticks:%s; start to take-off at most %d\n", creature.c_str(), line.c_str(),
                worst_from_start);
    EXPECT_LT(at2[1], at2[0]) << creature << ": running on to the start is quicker than walking";
  }
}

}  // namespace
}  // namespace cf
