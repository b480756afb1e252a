// The jump through the real tick: X jumps in place standing and forward running; a jump toward a
// fence or wall is shortened or made in place with the reason on the HUD and never enters it; a
// legless creature hops; rewind and replay reproduce it; a run that never jumps hashes exactly as
// it did before the jump and the idle existed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/file_io.h"
#include "game/play/action.h"
#include "game/play/actions/idle_action.h"
#include "game/play/actions/jump_action.h"
#include "game/play/actions/vault_action.h"
#include "game/play/world_runtime.h"
#include "game/session/replay.h"
#include "retarget/idle.h"
#include "game/session/session.h"
#include "game_test_util.h"
#include "retarget/jump.h"

namespace cf {
namespace {

InputFrame press(std::uint32_t button, float stick_y = 0.0f) {
  InputFrame f = test::stick(0.0f, stick_y);
  f.buttons = f.pressed = button;
  return f;
}

Scene scene_with_level(const char* level_json) {
  Result<Json> creature = load_json_file(CF_ASSETS_DIR "/creatures/biped.json");
  EXPECT_TRUE(creature.ok());
  Result<Scene> s = scene_from_json("biped.json", *creature, "biped.json", "test_level.json", Json::parse(level_json),
                                    "test_level.json");
  EXPECT_TRUE(s.ok()) << s.error().to_string();
  return std::move(*s);
}

// Ticks the session until the player's jump ends; returns the highest cog over its start.
float finish_jump(Session& s, float stick_y, int* airborne_clips = nullptr) {
  const float cog0 = s.runtime().pose(0).cog_ws.y;
  float rise = 0.0f;
  for (int t = 0; t < 200 && jump_of(s.state().player()).playing(); ++t) {
    s.tick(test::stick(0.0f, stick_y));
    rise = std::max(rise, s.runtime().pose(0).cog_ws.y - cog0);
    if (airborne_clips) *airborne_clips += s.clips().count();
  }
  return rise;
}

TEST(JumpAction, StandingXJumpsInPlaceAndLandsWhereItStood) {
  Session s;
  s.start(test::biped_scene_in("open_ground.json"), 1);
  for (int t = 0; t < 10; ++t) s.tick(InputFrame{});
  const glm::vec3 before = s.state().player().root_ws;
  s.tick(press(kButtonX));
  EXPECT_EQ(jump_of(s.state().player()).jumps, 1u);
  EXPECT_EQ(s.registry().current(s.state().player()), s.registry().find("jump"));
  int clips = 0;
  const float rise = finish_jump(s, 0.0f, &clips);
  const JumpMotion* jm = jump_motion(s.context().species[0]);
  ASSERT_NE(jm, nullptr);
  EXPECT_GT(rise, 0.8f * jm->height_m);  // it left the ground by about the fitted height
  EXPECT_EQ(s.registry().current(s.state().player()), kLocomotion);
  EXPECT_LT(glm::length(s.state().player().root_ws - before), 1e-3f);
  EXPECT_EQ(clips, 0);
  EXPECT_EQ(s.state().hud, kHudNone);
  // The walk goes on from the landing.
  for (int t = 0; t < 60; ++t) s.tick(test::stick(0.0f, 0.5f));
  EXPECT_GT(s.state().player().root_ws.z, before.z + 0.3f);
}

// The stick ends a landing once the creature is on its feet (6 ticks after touchdown), never in the
// air; without it the landing plays to its end. The walk takes over with no pop (the landing plays
// on under the hand-over).
TEST(JumpAction, TheStickEndsALandingOnItsFeetButNeverTheFlight) {
  for (const bool stick : {false, true}) {
    Session s;
    s.start(test::biped_scene_in("open_ground.json"), 1);
    for (int t = 0; t < 10; ++t) s.tick(InputFrame{});
    s.tick(press(kButtonX));
    const JumpActionState& j = jump_of(s.state().player());
    const int full = j.ticks, touchdown = j.touchdown_tick;
    ASSERT_GT(full, touchdown + 12) << "the landing is long enough to be cut";
    int ended = -1;
    glm::vec3 last_cog = s.runtime().pose(0).cog_ws, last_move(0.0f);
    float worst = 0.0f;
    float speed_after = 0.0f;
    for (int t = 1; t < 200; ++t) {
      const bool airborne = jump_of(s.state().player()).playing() && jump_of(s.state().player()).tick < touchdown;
      s.tick(test::stick(0.0f, stick && t > 20 ? 0.6f : 0.0f));
      if (stick && t > 20) {
        EXPECT_TRUE(!airborne || jump_of(s.state().player()).playing()) << "ended in the air";
      }
      if (ended < 0 && !jump_of(s.state().player()).playing()) ended = t;
      if (ended > 0 && t == ended + 40) speed_after = s.state().player().speed_mps;
      const glm::vec3 move = s.runtime().pose(0).cog_ws - last_cog - (t > 1 ? last_move : glm::vec3(0.0f));
      worst = std::max(worst, glm::length(move));
      last_move = s.runtime().pose(0).cog_ws - last_cog;
      last_cog = s.runtime().pose(0).cog_ws;
    }
    ASSERT_GT(ended, 0);
    if (stick) {
      // (the press's tick posed jump tick 0, so loop tick t poses jump tick t: the last is touchdown + 6)
      EXPECT_EQ(ended, touchdown + 6) << "ended as soon as it was on its feet";
      EXPECT_GT(speed_after, 0.3f) << "and walked on";
    } else {
      EXPECT_EQ(ended, full - 1) << "played to its end";
    }
    EXPECT_LT(worst, 0.06f) << "the cog's move changed by more than 6 cm in a tick";
  }
}

TEST(JumpAction, RunningJumpsGoForwardByTheFittedLength) {
  Session s;
  s.start(scene_with_level(R"({"format": "critterforge.level/1", "name": "t", "ground": {"y": 0, "half_size": 20},
      "spawn": {"position": [0, 0, -8], "heading_deg": 0}, "fences": [], "walls": [], "regions": []})"),
          1);
  for (int t = 0; t < 120; ++t) s.tick(test::stick(0.0f, 1.0f));
  s.tick(press(kButtonX, 1.0f));
  const JumpActionState& st = jump_of(s.state().player());
  ASSERT_TRUE(st.playing());
  const JumpMotion* jm = jump_motion(s.context().species[0]);
  EXPECT_EQ(st.block, JumpBlock::kNone);
  EXPECT_GE(st.distance_m, jm->forward_m);
  const glm::vec3 from = st.from_ws;
  finish_jump(s, 1.0f);
  const glm::vec3 land = s.state().player().root_ws;
  EXPECT_NEAR(glm::length(glm::vec2(land.x - from.x, land.z - from.z)), jump_of(s.state().player()).distance_m, 0.01f);
}

TEST(JumpAction, AJumpTowardAFenceIsShortenedAndNeverReachesIt) {
  Session s;
  s.start(test::biped_scene_in("open_ground.json"), 1);  // a fence across the way 3 m ahead
  while (s.state().player().root_ws.z < 1.5f && s.state().tick < 600) s.tick(test::stick(0.0f, 1.0f));
  s.tick(press(kButtonX, 1.0f));
  const JumpActionState& st = jump_of(s.state().player());
  ASSERT_TRUE(st.playing());
  EXPECT_EQ(st.block, JumpBlock::kFence);
  EXPECT_LT(st.distance_m, st.wanted_m);
  EXPECT_TRUE(s.state().hud == jump_hud(kJumpShortened) || s.state().hud == jump_hud(kJumpInPlace));
  int clips = 0;
  finish_jump(s, 1.0f, &clips);
  EXPECT_EQ(clips, 0);
  const Box& fence = s.scene().level.fences[0];
  EXPECT_LT(s.state().player().root_ws.z, fence.centre.z - fence.half_extents.z);
}

TEST(JumpAction, AJumpTowardAWallIsMadeShorterWithTheReason) {
  Session s;
  s.start(scene_with_level(R"({"format": "critterforge.level/1", "name": "t", "ground": {"y": 0, "half_size": 20},
      "spawn": {"position": [0, 0, 0], "heading_deg": 0}, "fences": [],
      "walls": [{"centre": [0, 1.25, 2.6], "half_extents": [2.0, 1.25, 0.2], "yaw_deg": 0}], "regions": []})"),
          1);
  while (s.state().player().root_ws.z < 1.2f && s.state().tick < 600) s.tick(test::stick(0.0f, 1.0f));
  s.tick(press(kButtonX, 1.0f));
  const JumpActionState& st = jump_of(s.state().player());
  ASSERT_TRUE(st.playing());
  EXPECT_EQ(st.block, JumpBlock::kWall);
  EXPECT_LT(st.distance_m, st.wanted_m);
  const HudMessage hud = s.state().hud;
  EXPECT_TRUE(hud == jump_hud(kJumpShortened) || hud == jump_hud(kJumpInPlace));
  int clips = 0;
  finish_jump(s, 1.0f, &clips);
  EXPECT_EQ(clips, 0);
  EXPECT_LT(s.state().player().root_ws.z, 2.4f);
}

TEST(JumpAction, ALeglessCreatureHopsOnItsBody) {
  Json c = Json::parse(R"({"format": "critterforge.creature/1", "name": "blob", "parts": [
    {"tag": "torso", "radius": 0.14, "stroke": [[0.0, 0.90, 0.0], [0.0, 1.15, 0.02], [0.0, 1.40, 0.02]]}]})");
  Result<Json> level = load_json_file(CF_ASSETS_DIR "/levels/open_ground.json");
  ASSERT_TRUE(level.ok());
  Result<Scene> scene = scene_from_json("blob.json", c, "blob.json", "open_ground.json", *level, "open_ground.json");
  ASSERT_TRUE(scene.ok()) << scene.error().to_string();
  Session s;
  s.start(std::move(*scene), 1);
  s.tick(InputFrame{});
  s.tick(press(kButtonX));
  ASSERT_TRUE(jump_of(s.state().player()).playing());
  const float rise = finish_jump(s, 0.0f);
  EXPECT_GT(rise, 0.1f);
  EXPECT_EQ(jump_of(s.state().player()).jumps, 1u);
  EXPECT_EQ(s.registry().current(s.state().player()), kLocomotion);
}

// Locomotion and the vault, as the game was before the jump.
struct NoJumpActions : ActionRegistry {  // the game's actions before the jump and the emotes
  NoJumpActions() {
    add<VaultAction>();
    add<IdleAction>();
  }
};
const ActionBinding kVaultOnly[] = {{kButtonA, "vault"}};

TEST(JumpAction, ARunThatNeverJumpsHashesAsBeforeTheJumpExisted) {
  NoJumpActions old_actions;
  Session old_game, game;
  old_game.set_actions(&old_actions);
  old_game.set_controls(ControlMap{kVaultOnly, 1});
  old_game.start(test::biped_scene_in("default.json"), 3);
  game.start(test::biped_scene_in("default.json"), 3);
  EXPECT_EQ(old_game.hash(), game.hash());
  for (int t = 0; t < 700; ++t) {  // walking, running, a vault, turning, and standing 5 s (the idle plays)
    InputFrame in = t >= 400 ? InputFrame{} : test::stick(t > 200 ? 0.4f : 0.0f, t % 150 < 100 ? 1.0f : 0.0f);
    if (t == 120) in.buttons = in.pressed = kButtonA;
    old_game.tick(in);
    game.tick(in);
    ASSERT_EQ(old_game.hash(), game.hash()) << "tick " << t;
  }
  EXPECT_GT(game.state().player().idle_ticks, kIdleStartTicks);  // the idle plays (counted once the feet parked)
  // One jump and the hashes part: the jump's state is hashed once it is used.
  game.tick(press(kButtonX));
  old_game.tick(press(kButtonX));
  EXPECT_NE(old_game.hash(), game.hash());
}

TEST(JumpAction, RewindAndReplayReproduceAJump) {
  Session s;
  s.keep_history(300);
  s.start(test::biped_scene_in("open_ground.json"), 4);
  std::vector<std::uint64_t> hashes;
  for (std::uint64_t t = 0; t < 150; ++t) {
    s.tick(t == 40 ? press(kButtonX, 0.9f) : test::stick(0.0f, t < 40 ? 0.9f : 0.0f));
    hashes.push_back(s.hash());
  }
  ASSERT_TRUE(s.rewind_to(60));  // mid-jump
  EXPECT_EQ(s.hash(), hashes[59]);
  EXPECT_TRUE(jump_of(s.state().player()).playing());
  for (std::uint64_t t = 60; t < 150; ++t) {
    ASSERT_TRUE(s.step_recorded());
    EXPECT_EQ(s.hash(), hashes[t]) << "tick " << t + 1;
  }
  const Replay r = s.recording();
  Session again;
  ASSERT_TRUE(again.start_replay(r, "jump.replay.json").ok());
  while (again.tick(InputFrame{})) {
  }
  EXPECT_FALSE(again.verifier().diverged()) << again.verifier().message();
  EXPECT_EQ(again.hash(), hashes.back());
  EXPECT_EQ(jump_of(again.state().player()).jumps, 1u);
}

// The shipped replays hold the stick fully forward for 60 ticks after 10 still ones: re-recorded with
// the run, they cover more ground there than the same start with the stick at the walk's top (80%).
TEST(JumpAction, TheShippedReplaysRunWhereTheyHoldTheStickFully) {
  for (const char* c : {"biped", "biped_arms_tail", "hexapod", "octopod", "quadruped", "strider", "stubby"}) {
    Result<Replay> r = load_replay(std::string(CF_SOURCE_DIR) + "/tests/data/game/replays/" + c + ".replay.json");
    ASSERT_TRUE(r.ok()) << r.error().to_string();
    Session s, walk;
    ASSERT_TRUE(s.start_replay(*r, c).ok());
    walk.start(Scene(s.scene()), r->seed);
    const glm::vec3 start = s.state().player().root_ws;
    for (int t = 0; t < 70; ++t) {
      ASSERT_TRUE(s.tick(InputFrame{})) << c << " tick " << t;
      walk.tick(t < 10 ? InputFrame{} : test::stick(0.0f, 0.8f));
    }
    EXPECT_FALSE(s.verifier().diverged()) << s.verifier().message();
    const float ran = glm::length(s.state().player().root_ws - start);
    const float walked = glm::length(walk.state().player().root_ws - start);
    // The hexapod, octopod and strider are held by their reach there (the run's cadence limit is not
    // reached in 60 ticks before the fence): no slower than the walk; the others run clearly further.
    const bool reach_held = std::string(c) == "hexapod" || std::string(c) == "octopod" || std::string(c) == "strider";
    EXPECT_GT(ran, (reach_held ? 0.99f : 1.2f) * walked) << c;
    std::printf("%-16s %.2f m in 70 ticks of the replay, %.2f m at the walk's top stick\n", c, ran, walked);
  }
}

}  // namespace
}  // namespace cf
