// Level of detail and culling of creature flesh (view only): the choice, the view volume test, and the
// reduced mesh skinned with the same palette as the full one.
#include "game/view/creature_lod.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>

#include "alloc_counter.h"
#include "game/session/session.h"
#include "game/view/view.h"

namespace cf {
namespace {

TEST(FleshLod, FarGetsLowNearGetsFullAndTheGapKeepsTheLastChoice) {
  const FleshLodOptions o;  // low below 120 px, full above 150 px
  ASSERT_LT(o.low_below_px, o.full_above_px);
  const float lo = o.low_below_px, hi = o.full_above_px, gap = hi - lo;
  EXPECT_EQ(choose_detail(FleshDetail::kNone, lo - gap, o), FleshDetail::kLow);
  EXPECT_EQ(choose_detail(FleshDetail::kNone, hi + gap, o), FleshDetail::kFull);
  EXPECT_EQ(choose_detail(FleshDetail::kFull, lo - gap, o), FleshDetail::kLow);
  EXPECT_EQ(choose_detail(FleshDetail::kLow, hi + gap, o), FleshDetail::kFull);
  // Inside the gap nothing changes, either way: a creature at the threshold does not flicker.
  for (float px : {lo + 1.0f, 0.5f * (lo + hi), hi - 1.0f}) {
    EXPECT_EQ(choose_detail(FleshDetail::kFull, px, o), FleshDetail::kFull) << px;
    EXPECT_EQ(choose_detail(FleshDetail::kLow, px, o), FleshDetail::kLow) << px;
  }
  // Swaying across one threshold only (just below the low one <-> just below the full one) switches once.
  FleshDetail d = FleshDetail::kFull;
  int switches = 0;
  for (int f = 0; f < 20; ++f) {
    const FleshDetail next = choose_detail(d, f % 2 ? lo - 1.0f : hi - 2.0f, o);
    switches += next != d;
    d = next;
  }
  EXPECT_EQ(switches, 1);
  // The far level below the low one, with its own gap.
  const float flo = o.far_below_px, fhi = o.far_to_low_px;
  ASSERT_LT(0.0f, flo);
  ASSERT_LT(flo, fhi);
  ASSERT_LT(fhi, lo);
  EXPECT_EQ(choose_detail(FleshDetail::kNone, flo - 1.0f, o), FleshDetail::kFar);
  EXPECT_EQ(choose_detail(FleshDetail::kNone, fhi + 1.0f, o), FleshDetail::kLow);
  EXPECT_EQ(choose_detail(FleshDetail::kLow, flo - 1.0f, o), FleshDetail::kFar);
  EXPECT_EQ(choose_detail(FleshDetail::kFull, flo - 1.0f, o), FleshDetail::kFar);  // a jump away: straight to far
  EXPECT_EQ(choose_detail(FleshDetail::kFar, 0.5f * (flo + fhi), o), FleshDetail::kFar);
  EXPECT_EQ(choose_detail(FleshDetail::kLow, 0.5f * (flo + fhi), o), FleshDetail::kLow);
  EXPECT_EQ(choose_detail(FleshDetail::kFar, fhi + 1.0f, o), FleshDetail::kLow);
  EXPECT_EQ(choose_detail(FleshDetail::kFar, hi + 1.0f, o), FleshDetail::kFull);
  switches = 0;
  d = FleshDetail::kLow;
  for (int f = 0; f < 20; ++f) {  // swaying across the far switch only
    const FleshDetail next = choose_detail(d, f % 2 ? fhi - 1.0f : flo - 1.0f, o);
    switches += next != d;
    d = next;
  }
  EXPECT_EQ(switches, 1);
}

TEST(FleshLod, ProjectedSizeAndViewVolume) {
  const glm::mat4 view = glm::lookAt(glm::vec3(0, 0, 0), glm::vec3(0, 0, -1), glm::vec3(0, 1, 0));
  const float fov = glm::radians(60.0f);
  CreatureBounds b{{0, 0, -10}, 1.0f};
  EXPECT_NEAR(projected_diameter_px(b, view, fov, 240), 240.0f / (10.0f * std::tan(fov / 2)), 0.01f);
  b.centre_ws.z = -20.0f;
  EXPECT_NEAR(projected_diameter_px(b, view, fov, 240), 240.0f / (20.0f * std::tan(fov / 2)), 0.01f);
  b.centre_ws = {0, 0, 20};  // behind the camera: as large as in front (turning alone changes nothing)
  EXPECT_NEAR(projected_diameter_px(b, view, fov, 240), 240.0f / (20.0f * std::tan(fov / 2)), 0.01f);
  b.centre_ws = {0, 0, 0.5f};  // the camera inside the sphere
  EXPECT_GT(projected_diameter_px(b, view, fov, 240), 1e6f);

  const glm::mat4 vp = glm::perspective(fov, 4.0f / 3.0f, 0.1f, 200.0f) * view;
  EXPECT_TRUE(sphere_in_view({{0, 0, -10}, 1.0f}, vp));
  EXPECT_FALSE(sphere_in_view({{0, 0, 10}, 1.0f}, vp));     // behind the camera
  EXPECT_FALSE(sphere_in_view({{30, 0, -10}, 1.0f}, vp));   // far to the right
  EXPECT_FALSE(sphere_in_view({{0, 0, -300}, 1.0f}, vp));   // past the far plane
  // Centre just outside the right edge (x = 10 * tan(30) * 4/3 = 7.7), the sphere reaching in.
  EXPECT_TRUE(sphere_in_view({{8.2f, 0, -10}, 1.0f}, vp));
  EXPECT_FALSE(sphere_in_view({{9.5f, 0, -10}, 1.0f}, vp));
  EXPECT_TRUE(sphere_in_view({{0, 0, 0.5f}, 1.0f}, vp));     // the camera inside it
}

struct LodScene {
  Session session;
  View view;
  glm::vec3 eye{0.0f}, forward{0.0f}, right{0.0f};
  LodScene() {
    // One fence and one wall (the playground's first corner alone), so the mesh count is known.
    Result<Scene> scene = load_scene(CF_ASSETS_DIR "/creatures/biped.json", CF_ASSETS_DIR "/levels/fence_wall_left.json");
    EXPECT_TRUE(scene.ok());
    session.start(std::move(*scene), 1);
    view.init(session.scene(), ViewTextures{});
    const glm::mat4 cam = orbit_camera_view(session.state(), session.scene().level,
                                            session.runtime().pose(0).cog_ws.y - session.scene().level.ground_y);
    const glm::mat4 inv = glm::inverse(cam);
    eye = glm::vec3(inv[3]);
    forward = glm::normalize(glm::vec3(-inv[2].x, 0.0f, -inv[2].z));
    right = glm::normalize(glm::vec3(inv[0].x, 0.0f, inv[0].z));
  }
  glm::vec3 ahead(float metres, float side = 0.0f) const {
    return glm::vec3(eye.x, 0.0f, eye.z) + forward * metres + right * side;
  }
  const CommandList& build() { return view.build(session.state(), session.runtime(), 1.0f, FrameSettings{}, 320, 240); }
};

TEST(FleshLod, FarCreaturesAreLowNearFullAndThoseOutOfViewAreNotSkinned) {
  LodScene s;
  const int near = s.session.add_creature(s.ahead(4.0f, 1.0f), 0.0f);
  const int far = s.session.add_creature(s.ahead(30.0f), 0.0f);
  const int behind = s.session.add_creature(s.ahead(-6.0f), 0.0f);
  const int aside = s.session.add_creature(s.ahead(3.0f, 12.0f), 0.0f);
  const int farthest = s.session.add_creature(s.ahead(70.0f), 0.0f);
  ASSERT_EQ(farthest, 5);
  FleshLodOptions o;  // the switches where 4 m, 30 m and 70 m fall either side of them
  o.low_below_px = 48.0f;
  o.full_above_px = 60.0f;
  o.far_below_px = 8.0f;
  o.far_to_low_px = 10.0f;
  s.view.set_flesh_lod(o);
  s.build();
  EXPECT_EQ(s.view.detail(0), FleshDetail::kFull);  // the player
  EXPECT_EQ(s.view.detail(near), FleshDetail::kFull);
  EXPECT_EQ(s.view.detail(far), FleshDetail::kLow);
  EXPECT_EQ(s.view.detail(farthest), FleshDetail::kFar);
  EXPECT_EQ(s.view.detail(behind), FleshDetail::kNone);
  EXPECT_EQ(s.view.detail(aside), FleshDetail::kNone);
  EXPECT_EQ(s.view.lod_counts().full, 2);
  EXPECT_EQ(s.view.lod_counts().low, 1);
  EXPECT_EQ(s.view.lod_counts().far, 1);
  EXPECT_EQ(s.view.lod_counts().culled, 2);
  // ground, fence, wall, and four creatures' flesh (the player's followed by its marker), the sky: the
  // culled ones submit nothing.
  EXPECT_EQ(s.view.meshes().size(), 9u);
  const SkinnedCreature* low = s.view.low_flesh(0);
  ASSERT_NE(low, nullptr);
  EXPECT_EQ(s.view.meshes()[s.view.meshes().size() - 3].vertex_count, low->mesh.vertex_count());  // the far one
  const int far_vertices = s.view.meshes()[s.view.meshes().size() - 2].vertex_count;  // the farthest, last before the sky
  EXPECT_LT(far_vertices * 2, low->mesh.vertex_count()) << "the far mesh is a fraction of the low one";
  EXPECT_GT(far_vertices, 64);

  // Switched off: everyone full and skinned (the baseline the bench compares with).
  View plain;
  FleshLodOptions off;
  off.enabled = false;
  plain.set_flesh_lod(off);
  plain.init(s.session.scene(), ViewTextures{});
  plain.build(s.session.state(), s.session.runtime(), 1.0f, FrameSettings{}, 320, 240);
  EXPECT_EQ(plain.lod_counts().full, 6);
  EXPECT_EQ(plain.meshes().size(), 11u);
  // Level of detail without culling: everyone skinned, the far one and those out of view small on screen.
  View uncut;
  FleshLodOptions no_cull;
  no_cull.cull = false;
  uncut.set_flesh_lod(no_cull);
  uncut.init(s.session.scene(), ViewTextures{});
  uncut.build(s.session.state(), s.session.runtime(), 1.0f, FrameSettings{}, 320, 240);
  EXPECT_EQ(uncut.lod_counts().culled, 0);
  EXPECT_EQ(uncut.detail(far), FleshDetail::kFar);  // at the default switches 30 m away is a few pixels tall
  EXPECT_EQ(uncut.detail(near), FleshDetail::kLow);
  EXPECT_EQ(uncut.meshes().size(), 11u);
}

TEST(FleshLod, LowMeshIsMuchSmallerAndSkinsOntoTheFullMeshSurface) {
  LodScene s;
  InputFrame walk;
  walk.left_y = static_cast<std::int16_t>(0.8f * 32767.0f);  // the walk's top before the run blends in
  for (int t = 0; t < 50; ++t) s.session.tick(walk);  // a walking pose, limbs bent
  const SkinnedCreature* low = s.view.low_flesh(0);
  ASSERT_NE(low, nullptr);
  Result<SkinnedCreature> full = build_skinned_creature(s.session.scene().rig.skeleton);
  ASSERT_TRUE(full.ok());
  EXPECT_LT(low->mesh.indices.size() * 4, full->mesh.indices.size());
  EXPECT_GT(low->mesh.vertex_count(), 100);

  // A walking pose with the limbs bent well away from the bind pose (the check below has teeth there).
  float worst = 0.0f, bind_worst = 0.0f, edge = 0.0f;
  bool normals_ok = true;
  auto measure = [&]() -> bool {
    const CreaturePose& pose = s.session.runtime().pose(0);
    CreaturePose bind;
    bind.resize(s.session.scene().rig);
    std::vector<glm::mat4> inv_bind(bind.bind_ms.size());
    invert_bind_matrices(bind.bind_ms, inv_bind);
    SkinBuffers lo, hi;
    lo.resize_for(*low);
    hi.resize_for(*full);
    if (!skin_with_palette(*low, pose.bone_ms, inv_bind, &lo) || !skin_with_palette(*full, pose.bone_ms, inv_bind, &hi))
      return false;
    // Tolerance: the full mesh's longest edge in the bind pose (a low vertex on the same surface is within
    // about half an edge of a full vertex).
    edge = 0.0f;
    normals_ok = true;
    const auto& ix = full->mesh.indices;
    for (std::size_t t = 0; t + 2 < ix.size(); t += 3) {
      for (int e = 0; e < 3; ++e) {
        edge = std::max(edge, glm::length(full->mesh.positions_ms[ix[t + e]] - full->mesh.positions_ms[ix[t + (e + 1) % 3]]));
      }
    }
    worst = 0.0f;
    for (std::size_t v = 0; v < lo.positions_ms.size(); ++v) {
      float nearest = 1e9f;
      for (const glm::vec3& p : hi.positions_ms) nearest = std::min(nearest, glm::length(lo.positions_ms[v] - p));
      worst = std::max(worst, nearest);
      normals_ok = normals_ok && std::abs(glm::length(lo.normals_ms[v]) - 1.0f) < 1e-3f;
    }
    // The low flesh left in its bind pose, against the walking full flesh.
    bind_worst = 0.0f;
    for (const glm::vec3& q : low->mesh.positions_ms) {
      float nearest = 1e9f;
      for (const glm::vec3& p : hi.positions_ms) nearest = std::min(nearest, glm::length(q - p));
      bind_worst = std::max(bind_worst, nearest);
    }
    return true;
  };
  for (int t = 0; t < 60; ++t) {
    ASSERT_TRUE(measure());
    if (bind_worst > 2.0f * edge) break;
    s.session.tick(walk);
  }
  ASSERT_GT(edge, 0.0f);
  EXPECT_TRUE(normals_ok);
  EXPECT_LT(worst, edge);
  // The check has teeth: the low flesh left in its bind pose is far from the walking full flesh somewhere.
  EXPECT_GT(bind_worst, 2.0f * edge);
}

TEST(FleshLod, TheViewRemembersEachCreaturesDetailAcrossFrames) {
  LodScene s;
  const int c = s.session.add_creature(s.ahead(12.0f), 0.0f);
  auto thresholds = [&](float low_below, float full_above, float far_below = 0.0f, float far_to_low = 0.0f) {
    FleshLodOptions o;
    o.low_below_px = low_below;
    o.full_above_px = full_above;
    o.far_below_px = far_below;
    o.far_to_low_px = far_to_low;
    s.view.set_flesh_lod(o);
    s.build();
    return s.view.detail(c);
  };
  EXPECT_EQ(thresholds(1000.0f, 2000.0f), FleshDetail::kLow);  // smaller than any threshold
  EXPECT_EQ(thresholds(1.0f, 1500.0f), FleshDetail::kLow);     // inside the gap: stays low
  EXPECT_EQ(thresholds(1.0f, 2.0f), FleshDetail::kFull);       // larger than any threshold
  EXPECT_EQ(thresholds(1.0f, 1500.0f), FleshDetail::kFull);    // inside the gap: stays full
  EXPECT_EQ(s.view.detail(0), FleshDetail::kFull);             // the player is always full
  EXPECT_EQ(thresholds(1000.0f, 2000.0f, 500.0f, 600.0f), FleshDetail::kFar);  // smaller than the far switch
  EXPECT_EQ(thresholds(1000.0f, 2000.0f, 1.0f, 600.0f), FleshDetail::kFar);    // inside the far gap: stays far
  EXPECT_EQ(thresholds(1000.0f, 2000.0f, 1.0f, 2.0f), FleshDetail::kLow);      // past it: low again
  // Switching detail after the first frame allocates nothing (every level's buffers exist already).
  FleshLodOptions low_now;
  low_now.low_below_px = 1000.0f;
  low_now.full_above_px = 2000.0f;
  low_now.far_below_px = 0.0f;
  low_now.far_to_low_px = 0.0f;
  s.view.set_flesh_lod(low_now);
  const std::size_t before = test::allocation_count();
  s.build();
  EXPECT_EQ(test::allocation_count(), before);
  EXPECT_EQ(s.view.detail(c), FleshDetail::kLow);
}

}  // namespace
}  // namespace cf

namespace cf {
namespace {

// Every shipped creature draws the distance with a mesh a fraction of its low flesh's triangles, or with the
// low flesh itself when its parts' least tubes leave no fraction to gain (the octopod's ten parts).
TEST(FleshLod, EveryShippedCreaturesFarFleshIsWellUnderItsLowOneOrIsTheLowOne) {
  int with_far = 0;
  for (const char* name : {"biped", "biped_arms_tail", "hexapod", "octopod", "quadruped", "strider", "stubby"}) {
    SCOPED_TRACE(name);
    Result<Scene> scene = load_scene(std::string(CF_ASSETS_DIR) + "/creatures/" + name + ".json",
                                     CF_ASSETS_DIR "/levels/default.json");
    ASSERT_TRUE(scene.ok());
    View view;
    view.init(*scene, ViewTextures{});
    const SkinnedCreature* low = view.low_flesh(0);
    ASSERT_NE(low, nullptr);
    const SkinnedCreature* far = view.far_flesh(0);
    if (!far) continue;
    ++with_far;
    EXPECT_LE(far->mesh.indices.size() * 3, low->mesh.indices.size() * 2);
    EXPECT_GT(far->mesh.indices.size() / 3, 100u) << "still a body, not a blob";
  }
  EXPECT_GE(with_far, 5) << "most bodies have a far mesh";
}

}  // namespace
}  // namespace cf
