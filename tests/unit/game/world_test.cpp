// The world of many creatures: plain state that copies without allocating, every creature in the
// hash, one pose per creature per tick, and the vault plan rebuilt from a restored state.
#include <gtest/gtest.h>

#include "alloc_counter.h"
#include "game_test_util.h"
#include "game/play/scene.h"
#include "game/play/controls.h"
#include "game/play/actions/vault_action.h"
#include "game/session/session.h"
#include "game/play/sim.h"
#include "game/play/world_runtime.h"

namespace cf {
namespace {

Scene scene_in(const char* level) { return test::biped_scene_in(level); }

using test::stick;

TEST(World, CopyingAStateAllocatesNothing) {
  Session s;
  s.start(scene_in("default.json"), 1);
  for (int i = 1; i < 64; ++i) ASSERT_GE(s.add_creature(glm::vec3(-5.0f + 0.3f * i, 0.0f, -5.0f), 0.0f), 0);
  for (int t = 0; t < 30; ++t) s.tick(stick(0.2f, 1.0f));
  SimState copy;
  const std::size_t before = test::allocation_count();
  copy = s.state();
  SimState another = copy;
  const std::size_t after = test::allocation_count();
  EXPECT_EQ(after, before);
  EXPECT_EQ(hash_state(another), hash_state(s.state()));
  EXPECT_EQ(another.creature_count, 64);
}

TEST(World, TwoCreaturesWalkAndHashDeterministically) {
  auto run = [](std::uint64_t* hash, glm::vec3* p0, glm::vec3* p1) {
    Session s;
    s.start(scene_in("open_ground.json"), 4);
    EXPECT_EQ(s.add_creature(glm::vec3(2.0f, 0.0f, -3.0f), 0.5f), 1);
    const glm::vec3 start0 = s.state().creatures[0].root_ws, start1 = s.state().creatures[1].root_ws;
    for (int t = 0; t < 180; ++t) s.tick(stick(0.0f, 1.0f));  // the player through the session...
    *hash = hash_state(s.state());
    *p0 = s.state().creatures[0].root_ws - start0;
    *p1 = s.state().creatures[1].root_ws - start1;
  };
  std::uint64_t ha = 0, hb = 0;
  glm::vec3 a0, a1, b0, b1;
  run(&ha, &a0, &a1);
  run(&hb, &b0, &b1);
  EXPECT_EQ(ha, hb);
  EXPECT_GT(glm::length(a0), 1.0f);  // the player walked
  EXPECT_EQ(a1, glm::vec3(0.0f));    // the other stood: the session gives it no input

  // ...and both driven through step() directly, each with its own stick.
  Session s;
  s.start(scene_in("open_ground.json"), 4);
  s.add_creature(glm::vec3(2.0f, 0.0f, -3.0f), 0.5f);
  SimState st = s.state();
  WorldRuntime rt;
  const CreatureCommand other = player_tick_input(stick(-0.3f, 1.0f), game_actions()).player;
  const glm::vec3 s0 = st.creatures[0].root_ws, s1 = st.creatures[1].root_ws;
  for (int t = 0; t < 180; ++t) step(st, TickInput{player_tick_input(stick(0.0f, 1.0f), game_actions()).player, 0.0f, 0.0f, &other}, s.context(), rt);
  EXPECT_GT(glm::length(st.creatures[0].root_ws - s0), 1.0f);
  EXPECT_GT(glm::length(st.creatures[1].root_ws - s1), 1.0f);
  EXPECT_GT(st.creatures[1].heading_rad, 0.6f);  // stick left turns left
  const std::uint64_t h = hash_state(st);
  SimState changed = st;
  changed.creatures[1].root_ws.x += 0.001f;
  EXPECT_NE(hash_state(changed), h);  // the hash covers the second creature
}

TEST(World, EachCreatureIsPosedOncePerTick) {
  Session s;
  s.start(scene_in("default.json"), 1);
  s.add_creature(glm::vec3(-3.0f, 0.0f, -3.0f), 0.0f);
  s.add_creature(glm::vec3(3.0f, 0.0f, -3.0f), 0.0f);
  const std::uint64_t p0 = s.runtime().poses_made(0), p2 = s.runtime().poses_made(2);
  InputFrame a;
  a.buttons = a.pressed = kButtonA;
  for (int t = 0; t < 300; ++t) s.tick(t == 60 ? a : stick(0.0f, t < 60 ? 1.0f : 0.0f));  // walk, vault
  EXPECT_EQ(vault_of(s.state().player()).vaults_played, 1u);
  EXPECT_EQ(s.runtime().poses_made(0) - p0, 300u);
  EXPECT_EQ(s.runtime().poses_made(2) - p2, 300u);
  // The pose read by the view is the state's: the player's cog stands over its root.
  const CreaturePose& pose = s.runtime().pose(0);
  EXPECT_NEAR(pose.cog_ws.x, s.state().player().root_ws.x, 0.05f);
  EXPECT_NEAR(pose.cog_ws.z, s.state().player().root_ws.z, 0.05f);
}

TEST(World, ARestoredStateRebuildsItsVaultPlan) {
  Session s;
  s.start(scene_in("default.json"), 1);
  InputFrame a;
  a.buttons = a.pressed = kButtonA;
  for (int t = 0; t < 60; ++t) s.tick(stick(0.0f, 1.0f));
  s.tick(a);
  for (int t = 0; t < 40; ++t) s.tick(InputFrame{});
  ASSERT_TRUE(vault_of(s.state().player()).playing() || vault_of(s.state().player()).approaching);
  SimState mid = s.state();
  WorldRuntime fresh;  // holds no plan: it must be made again from the state's vault record
  for (int t = 0; t < 200; ++t) {
    s.tick(InputFrame{});
    step(mid, InputFrame{}, s.context(), fresh);
  }
  EXPECT_EQ(hash_state(mid), hash_state(s.state()));
  EXPECT_EQ(vault_of(mid.player()).vaults_played, 1u);
}

TEST(World, AFullWorldRefusesMoreCreatures) {
  Session s;
  s.start(scene_in("open_ground.json"), 1);
  for (int i = 1; i < kMaxCreatures; ++i) ASSERT_GE(s.add_creature(glm::vec3(0.1f * i, 0.0f, 5.0f), 0.0f), 0);
  EXPECT_EQ(s.add_creature(glm::vec3(0.0f, 0.0f, 6.0f), 0.0f), -1);
  EXPECT_EQ(s.state().creature_count, kMaxCreatures);
}

}  // namespace
}  // namespace cf
