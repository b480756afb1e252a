// The frame on the worker pool: skinning and the geometry stage's meshes in shares on 2 or 3 threads
// give the command list of one thread, primitive for primitive, and a warm threaded frame allocates
// nothing.
#include "game/view/view.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <utility>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "alloc_counter.h"
#include "core/worker_pool.h"
#include "game/play/herd.h"
#include "game/session/session.h"
#include "game_test_util.h"
#include "sweep.h"

namespace cf {
namespace {

bool same_bits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

bool same_vertex(const ScreenVertex& a, const ScreenVertex& b) {
  return a.x == b.x && a.y == b.y && same_bits(a.depth, b.depth) && same_bits(a.inv_w, b.inv_w) &&
         same_bits(a.u, b.u) && same_bits(a.v, b.v) && a.color == b.color && a.fog == b.fog;
}

// Every field of both lists, floats bit for bit; "" when equal, else the first difference.
std::string difference(const CommandList& a, const CommandList& b) {
  if (a.width != b.width || a.height != b.height || a.modern != b.modern || a.perspective != b.perspective ||
      a.dither != b.dither || !(a.clear_color == b.clear_color) || !(a.fog_color == b.fog_color)) {
    return "header";
  }
  if (a.triangles.size() != b.triangles.size()) {
    return "triangles " + std::to_string(a.triangles.size()) + " vs " + std::to_string(b.triangles.size());
  }
  for (std::size_t i = 0; i < a.triangles.size(); ++i) {
    const ScreenTriangle &p = a.triangles[i], &q = b.triangles[i];
    if (p.texture != q.texture || p.clut != q.clut || !same_vertex(p.v[0], q.v[0]) || !same_vertex(p.v[1], q.v[1]) ||
        !same_vertex(p.v[2], q.v[2])) {
      return "triangle " + std::to_string(i);
    }
  }
  if (a.lines.size() != b.lines.size()) return "lines";
  for (std::size_t i = 0; i < a.lines.size(); ++i) {
    const ScreenLine &p = a.lines[i], &q = b.lines[i];
    if (p.x0 != q.x0 || p.y0 != q.y0 || p.x1 != q.x1 || p.y1 != q.y1 || !(p.color == q.color) || p.kind != q.kind) {
      return "line " + std::to_string(i);
    }
  }
  return "";
}

// One session drawn by three views: on the calling thread, on 2 threads and on 3.
struct ThreeViews {
  WorkerPool two{2}, three{3};
  View views[3];
  GeometryStats stats[3];

  void init(const Session& s) {
    views[1].set_pool(&two);
    views[2].set_pool(&three);
    for (View& v : views) v.init(s.species_scenes(), ViewTextures{});
  }
  // The frame of each view; checks they are the same, in 'where'.
  void check(const Session& s, const FrameSettings& settings, const std::string& where) {
    const CommandList* lists[3];
    for (int k = 0; k < 3; ++k) lists[k] = &views[k].build(s.state(), s.runtime(), 1.0f, settings, 960, 720, &stats[k]);
    EXPECT_GT(lists[0]->triangles.size(), 100u) << where;
    for (int k = 1; k < 3; ++k) {
      EXPECT_EQ(difference(*lists[0], *lists[k]), "") << where << ", " << k + 1 << " threads";
      EXPECT_EQ(stats[k].triangles_in, stats[0].triangles_in) << where;
      EXPECT_EQ(stats[k].culled_back, stats[0].culled_back) << where;
      EXPECT_EQ(stats[k].culled_outside, stats[0].culled_outside) << where;
      EXPECT_EQ(stats[k].clipped, stats[0].clipped) << where;
      EXPECT_EQ(stats[k].subdivided, stats[0].subdivided) << where;
      EXPECT_EQ(stats[k].triangles_out, stats[0].triangles_out) << where;
    }
  }
};

std::vector<std::string> shipped(const char* dir) {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(std::string(CF_ASSETS_DIR) + "/" + dir)) {
    const std::string name = e.path().filename().string();
    if (e.path().extension() == ".json" && name.find(".card") == std::string::npos) out.push_back(e.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(ViewThreads, EveryShippedCreatureInEveryLevelDrawsTheSameWithOneTwoAndThreeThreads) {
  const std::vector<std::string> creatures = shipped("creatures"), levels = shipped("levels");
  ASSERT_EQ(creatures.size(), 7u);
  ASSERT_GE(levels.size(), 11u);  // the fixtures and the places (the meadow has terrain and platforms)
  FrameSettings weights;
  weights.overlay_mask = kOverlayAll;
  // Under the sanitizers every creature and every level once (pairs walked along both lists).
  std::vector<std::pair<std::string, std::string>> pairs;
  if (test::kUnderSanitizer) {
    for (std::size_t k = 0; k < std::max(creatures.size(), levels.size()); ++k)
      pairs.emplace_back(creatures[k % creatures.size()], levels[k % levels.size()]);
  } else {
    for (const std::string& creature : creatures)
      for (const std::string& level : levels) pairs.emplace_back(creature, level);
  }
  for (const auto& [creature, level] : pairs) {
    Result<Scene> scene = load_scene(creature, level);
    ASSERT_TRUE(scene.ok()) << creature << " in " << level << ": " << scene.error().to_string();
    Session s;
    s.start(std::move(*scene), 1);
    ThreeViews v;
    v.init(s);
    const std::string where = creature + " in " + level;
    v.check(s, FrameSettings{}, where + ", standing");
    for (int t = 0; t < 45; ++t) s.tick(test::stick(0.3f, 1.0f));
    v.check(s, FrameSettings{}, where + ", walking");
    v.check(s, weights, where + ", overlays and weights");
  }
}

void start_herd(Session* s, int seed, const char* level) {
  Result<std::vector<HerdKind>> herd = pick_herd(64, seed, CF_ASSETS_DIR "/creatures");
  ASSERT_TRUE(herd.ok());
  ASSERT_TRUE(s->start(test::biped_scene_in(level), seed, *herd).ok());
}

// The flat playground and the hills (terrain, props, a sky of its own).
constexpr const char* kHerdLevels[] = {"default.json", "hills.json"};

TEST(ViewThreads, AHerdOf64DrawsTheSameWithOneTwoAndThreeThreadsAtFullDetailAndWithLevelOfDetail) {
  for (const char* level : kHerdLevels) {
    SCOPED_TRACE(level);
    Session s;
    start_herd(&s, 1, level);
    ThreeViews full, lod;
    FleshLodOptions off;
    off.enabled = false;
    off.cull = false;
    for (View& v : full.views) v.set_flesh_lod(off);
    full.init(s);
    lod.init(s);
    FrameSettings modern;
    modern.modern = true;
    for (int frame = 0; frame < 4; ++frame) {
      for (int t = 0; t < 40; ++t) s.tick(test::stick(0.0f, 1.0f));
      const std::string where = "tick " + std::to_string(s.state().tick);
      full.check(s, FrameSettings{}, where + ", full detail");
      full.check(s, modern, where + ", full detail, modern");
      lod.check(s, FrameSettings{}, where + ", level of detail");
    }
    EXPECT_EQ(full.views[0].lod_counts().full, s.state().creature_count);
    EXPECT_GT(full.stats[0].triangles_in, 64 * 500);
  }
}

TEST(ViewThreads, AWarmThreadedHerdFrameAllocatesNothing) {
  for (const char* level : kHerdLevels) {
    SCOPED_TRACE(level);
    Session s;
    start_herd(&s, 2, level);
    WorkerPool pool(2);
    View view;
    FleshLodOptions off;
    off.enabled = false;
    off.cull = false;
    view.set_flesh_lod(off);
    view.set_pool(&pool);
    view.init(s.species_scenes(), ViewTextures{});
    GeometryStats stats;
    for (int t = 0; t < 60; ++t) {  // warm-up: a second of frames, as the game has drawn before
      s.tick(test::stick(0.0f, 1.0f));
      view.build(s.state(), s.runtime(), 1.0f, FrameSettings{}, 960, 720, &stats);
    }
    std::size_t frame_allocations = 0;
    for (int frame = 0; frame < 30; ++frame) {
      s.tick(test::stick(0.0f, 1.0f));
      const std::size_t before = test::allocation_count();
      view.build(s.state(), s.runtime(), 1.0f, FrameSettings{}, 960, 720, &stats);
      frame_allocations += test::allocation_count() - before;
    }
    EXPECT_EQ(frame_allocations, 0u);
    EXPECT_GT(stats.triangles_out, 1000);
  }
  const std::size_t before = test::allocation_count();
  std::vector<int> probe(3);  // the counter counts: the assertion above can fail
  EXPECT_GT(test::allocation_count(), before);
}

}  // namespace
}  // namespace cf
