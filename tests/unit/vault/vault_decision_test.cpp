// vault_decision: where the creature stands to vault, the room beside the path, mirror or refuse.
// (Every shipped level and creature against an independent room: vault_scenario_test.cpp.)
#include <cmath>

#include <gtest/gtest.h>

#include "vault_test_util.h"

namespace cf {
namespace {

struct Prepared {
  Rig rig;
  VaultMotion motion;
};

const Prepared& biped() {
  static const Prepared p = [] {
    Prepared q;
    q.rig = test::shipped_rig("biped");
    auto vm = prepare_vault(q.rig, test::vault_clip());
    EXPECT_TRUE(vm.ok());
    if (vm.ok()) q.motion = *vm;
    return q;
  }();
  return p;
}

TEST(VaultDecision, BadFenceIndex) {
  Level lv = test::shipped_level("default");
  for (int fence : {7, -1, static_cast<int>(lv.fences.size())}) {
    auto d = decide_vault(lv, fence, biped().motion, lv.spawn);
    ASSERT_FALSE(d.ok()) << fence;
    EXPECT_EQ(d.error().field, "fence");
  }
}

// The placement faces the fence from the side the creature comes from, its near face in front and
// its far face beyond; the creature stands back from the fence.
TEST(VaultDecision, PlacementFacesTheFenceFromTheApproachSide) {
  const Level lv = test::shipped_level("default");
  const Box& fence = lv.fences[0];
  for (const glm::vec3& from : {lv.spawn, glm::vec3(-0.5f, 0.0f, 6.0f)}) {
    const VaultPlacement pl = place_for_vault(lv, 0, biped().motion, from);
    EXPECT_EQ(pl.fence, 0);
    const float side = fence.to_local(from).z;
    EXPECT_GT(side * fence.to_local(pl.position_ws).z, 0.0f);      // stands on the approach side
    EXPECT_LT(glm::dot(pl.forward_ws, fence.axis_z()) * side, 0.0f);  // and faces across the fence
    EXPECT_NEAR(glm::length(pl.forward_ws), 1.0f, 1e-5f);
    EXPECT_NEAR(pl.forward_ws.y, 0.0f, 1e-6f);
    EXPECT_NEAR(glm::dot(pl.left_ws, pl.forward_ws), 0.0f, 1e-5f);
    EXPECT_GT(pl.near_ms, 0.0f);
    EXPECT_NEAR(pl.far_ms - pl.near_ms, 2.0f * fence.half_extents.z, 1e-4f);
    EXPECT_NEAR(pl.top_y_ms, fence.top_y(), 1e-5f);
    EXPECT_LE(pl.path_start_ms, pl.path_end_ms);
  }
}

// Walking straight at the fence from further back changes nothing: the placement comes from the point
// projected onto the fence.
TEST(VaultDecision, DistanceOfApproachDoesNotMatter) {
  const Level lv = test::shipped_level("open_ground");
  const glm::vec3 near(0.1f, 0.0f, lv.fences[0].centre.z - 1.0f), far = near - 2.0f * lv.fences[0].axis_z();
  auto a = decide_vault(lv, 0, biped().motion, near), b = decide_vault(lv, 0, biped().motion, far);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_NEAR(glm::length(a->place.position_ws - b->place.position_ws), 0.0f, 1e-4f);
  EXPECT_EQ(a->mirrored, b->mirrored);
  EXPECT_EQ(a->refused, b->refused);
}

// Open ground: plenty of room on both sides, the authored clip is played; the numbers agree.
TEST(VaultDecision, OpenGroundPlaysTheAuthoredClip) {
  const Level lv = test::shipped_level("open_ground");
  auto d = decide_vault(lv, 0, biped().motion, lv.spawn);
  ASSERT_TRUE(d.ok());
  EXPECT_FALSE(d->refused);
  EXPECT_FALSE(d->mirrored);
  EXPECT_TRUE(d->reason.empty());
  EXPECT_GT(d->lref, 1.0f);
  EXPECT_GT(d->lref_other, 1.0f);
  EXPECT_FLOAT_EQ(d->delta, d->lref - d->lmax);
  EXPECT_EQ(d->lmax, biped().motion.fit.lmax);
  EXPECT_EQ(d->tolerance, VaultSettings{}.tolerance_m);
}

// Walls close on both sides: neither clip fits wherever it starts, and the refusal says so with the
// passage's width and what the vault needs (it said "not enough room on the left", as if a step to
// the right would do); the two figures never print the same.
TEST(VaultDecision, NoRoomEitherSideRefusesWithAReason) {
  const Level lv = test::shipped_level("fence_walls_both");
  for (float x : {-0.1f, 0.0f, 0.1f}) {
    auto d = decide_vault(lv, 0, biped().motion, glm::vec3(x, 0.0f, 0.0f));
    ASSERT_TRUE(d.ok());
    EXPECT_TRUE(d->refused);
    EXPECT_LT(d->room_left + d->room_right, d->need_left + d->need_right);
    const std::string said = "not enough room between the walls: ";
    ASSERT_EQ(d->reason.rfind(said, 0), 0u) << d->reason;
    const std::string figures = d->reason.substr(said.size());
    const std::size_t comma = figures.find(", needs ");
    ASSERT_NE(comma, std::string::npos) << d->reason;
    EXPECT_NE(figures.substr(0, comma), figures.substr(comma + 8)) << d->reason;
    EXPECT_NEAR(std::stof(figures.substr(0, comma)), d->room_left + d->room_right, 0.006f) << d->reason;
  }
}

// A passage wide enough for the vault but entered off its middle: the vault starts further over (as a
// player would step aside) rather than refusing "not enough room on the left". Only one side short
// and no room on the other to start over: the refusal names that side.
TEST(VaultDecision, OffCentreInAPassageWideEnoughStartsFurtherOver) {
  Level lv = test::shipped_level("fence_walls_both");
  ASSERT_EQ(lv.walls.size(), 2u);
  for (Wall& w : lv.walls) {
    ASSERT_FALSE(w.has_virtual_plane);
    w.box.centre.x = w.box.centre.x > 0.0f ? 1.04f : -1.04f;  // inner faces at +-0.84 m (were +-0.64)
  }
  lv.fences[0].half_extents.x = 0.84f;
  int started_over = 0;
  for (int i = -5; i <= 5; ++i) {
    const float x = 0.1f * static_cast<float>(i);
    auto d = decide_vault(lv, 0, biped().motion, glm::vec3(x, 0.0f, 0.0f));
    ASSERT_TRUE(d.ok());
    EXPECT_FALSE(d->refused) << "from x = " << x << ": " << d->reason;
    EXPECT_GE(d->room_left, d->need_left - 1e-4f) << x;
    EXPECT_GE(d->room_right, d->need_right - 1e-4f) << x;
    const float stood = glm::dot(d->place.position_ws - place_for_vault(lv, 0, biped().motion, glm::vec3(x, 0, 0)).position_ws,
                                 d->place.left_ws);
    if (std::fabs(stood) > 1e-3f) ++started_over;
  }
  EXPECT_GT(started_over, 0) << "no start in this passage needed moving over: the case is not exercised";

  // One wall only, close on the left, and the fence ending right there: nowhere to start over.
  Level one = test::shipped_level("fence_walls_both");
  one.walls.erase(one.walls.begin() + 1);
  one.fences[0].half_extents.x = 0.3f;
  one.fences[0].centre.x = 0.3f;
  auto d = decide_vault(one, 0, biped().motion, glm::vec3(0.3f, 0.0f, 0.0f));
  ASSERT_TRUE(d.ok());
  if (d->refused) {
    EXPECT_EQ(d->reason.rfind("not enough room on the ", 0), 0u) << d->reason;
  }
}

// The room beside the path is the nearer of what a ray meets on that side (never more than with the
// wall gone); the left of the default fence has a wall, its right is open.
TEST(VaultDecision, RoomBesidePathSeesTheWall) {
  Level lv = test::shipped_level("default");
  const VaultPlacement pl = place_for_vault(lv, 0, biped().motion, lv.spawn);
  const float left = room_beside_path(lv, pl, 1.0f, VaultSettings{});
  const float right = room_beside_path(lv, pl, -1.0f, VaultSettings{});
  EXPECT_LT(left, right);
  EXPECT_NEAR(left, test::marched_room(lv, pl, 1.0f), 0.0025f);
  lv.walls.erase(lv.walls.begin());
  EXPECT_GT(room_beside_path(lv, pl, 1.0f, VaultSettings{}), left);
}

}  // namespace
}  // namespace cf
