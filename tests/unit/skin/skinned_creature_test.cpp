// skinned_creature: the build step from a skeleton to skinnable flesh (vertex order, weights, palette,
// layout), the per-frame buffers, and skinning a frame through the palette or the exact weights.
#include "skin/skinned_creature.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/rng.h"
#include "skin/sample_poses.h"
#include "test_skeleton.h"

namespace cf {
namespace {

struct Posed {
  std::vector<glm::mat4> bind, inv_bind, pose;
  explicit Posed(const Skeleton& sk) : bind(sk.size()), inv_bind(sk.size()), pose(sk.size()) {
    skeleton_bone_frames(sk, bind);
    invert_bind_matrices(bind, inv_bind);
  }
};

// The creature's vertices are ordered by palette entry, the mesh is the same surface (same triangles
// in the same order, same corners), and every layout group writes consecutive vertices.
TEST(SkinnedCreatureOrder, VerticesSortedByEntryWithTheSameTriangles) {
  auto rig = test::load_shipped_rig("quadruped");
  ASSERT_TRUE(rig.ok());
  auto c = build_skinned_creature(rig->skeleton);
  ASSERT_TRUE(c.ok());
  auto mesh = build_mesh(rig->skeleton);
  ASSERT_TRUE(mesh.ok());
  EXPECT_TRUE(validate_mesh(c->mesh).ok()) << validate_mesh(c->mesh).error.to_string();
  for (std::size_t v = 1; v < c->palette.vertex_entry.size(); ++v)
    ASSERT_LE(c->palette.vertex_entry[v - 1], c->palette.vertex_entry[v]) << v;
  ASSERT_EQ(c->mesh.indices.size(), mesh->indices.size());
  bool reordered = false;
  for (std::size_t i = 0; i < mesh->indices.size(); ++i) {
    ASSERT_EQ(c->mesh.positions_ms[c->mesh.indices[i]], mesh->positions_ms[mesh->indices[i]]) << i;
    ASSERT_EQ(c->mesh.normals_ms[c->mesh.indices[i]], mesh->normals_ms[mesh->indices[i]]) << i;
    ASSERT_EQ(c->mesh.uvs[c->mesh.indices[i]], mesh->uvs[mesh->indices[i]]) << i;
    reordered = reordered || c->mesh.indices[i] != mesh->indices[i];
  }
  EXPECT_TRUE(reordered) << "the test means nothing if the order did not change";
  for (std::uint8_t f : c->layout.group_live) ASSERT_FALSE(f & SkinLayout::kScattered);
  EXPECT_TRUE(c->layout.in_order);
  EXPECT_EQ(c->layout.vertex_count, c->mesh.vertex_count());
}

// Entries are numbered by their bone lists, so the runs the 16-lane kernels blend together share bones (no
// more slots a block than in first-use order, fewer for stubby); the renumbering only moves vertices: every triangle corner is
// skinned to the same bits as in first-use order.
TEST(SkinnedCreatureOrder, EntriesOrderedByBonesSkinEveryCornerToTheSameBitsWithFewerSlotsABlock) {
  for (const char* name : {"octopod", "biped", "stubby"}) {
    auto rig = test::load_shipped_rig(name);
    ASSERT_TRUE(rig.ok()) << name;
    SkinOptions plain_options;
    plain_options.order_entries_by_bones = false;
    auto shaped = build_skinned_creature(rig->skeleton);
    auto plain = build_skinned_creature(rig->skeleton, plain_options);
    ASSERT_TRUE(shaped.ok() && plain.ok()) << name;
    const SkinLayout& l = shaped->layout;
    ASSERT_EQ(l.runs(), shaped->palette.size()) << name;
    ASSERT_EQ(plain->palette.size(), shaped->palette.size()) << name;
    auto bones = [](const SkinLayout& x, int r) {
      return std::vector<std::uint16_t>(x.run_bones.begin() + r * x.slots, x.run_bones.begin() + r * x.slots + x.run_used[r]);
    };
    bool plain_unordered = false;
    for (int r = 1; r < l.runs(); ++r) {
      ASSERT_LE(bones(l, r - 1), bones(l, r)) << name << " run " << r;
      plain_unordered = plain_unordered || bones(plain->layout, r - 1) > bones(plain->layout, r);
    }
    EXPECT_TRUE(plain_unordered) << name << ": the test means nothing if first-use order is already by bones";
    // The blocks' slots, counted here from the runs' bone lists (one slot per distinct bone of 16 runs).
    auto slots16 = [&](const SkinLayout& x) {
      std::size_t slots = 0;
      for (int r0 = 0; r0 < x.runs(); r0 += 16) {
        std::vector<std::uint16_t> all;
        for (int r = r0; r < std::min(r0 + 16, x.runs()); ++r)
          for (std::uint16_t b : bones(x, r)) all.push_back(b);
        std::sort(all.begin(), all.end());
        slots += static_cast<std::size_t>(std::unique(all.begin(), all.end()) - all.begin());
      }
      return slots;
    };
    const std::size_t ordered = slots16(l), first_use = slots16(plain->layout);
    EXPECT_LE(ordered, first_use) << name;
    if (std::string(name) == "stubby") {
      EXPECT_LT(ordered, first_use - 8) << name;  // 194 against 206
    }
    if (!l.blocks16.bone.empty()) {
      EXPECT_EQ(l.blocks16.bone.size(), ordered) << name;
    }
    Posed p(rig->skeleton);
    Rng rng = Rng::from_seed(5);
    random_articulated_pose(rig->skeleton, p.bind, rng, 0.8f, 0.3f, p.pose);
    SkinBuffers a, b;
    a.resize_for(*shaped);
    b.resize_for(*plain);
    ASSERT_TRUE(skin_with_palette(*shaped, p.pose, p.inv_bind, &a));
    ASSERT_TRUE(skin_with_palette(*plain, p.pose, p.inv_bind, &b));
    ASSERT_EQ(shaped->mesh.indices.size(), plain->mesh.indices.size());
    for (std::size_t i = 0; i < shaped->mesh.indices.size(); ++i) {
      const std::uint32_t va = shaped->mesh.indices[i], vb = plain->mesh.indices[i];
      ASSERT_EQ(0, std::memcmp(&a.positions_ms[va], &b.positions_ms[vb], sizeof(glm::vec3))) << name << " corner " << i;
      ASSERT_EQ(0, std::memcmp(&a.normals_ms[va], &b.normals_ms[vb], sizeof(glm::vec3))) << name << " corner " << i;
    }
  }
}

// The build's weights: every vertex has between 1 and N influences summing to 1, and its palette entry
// blends exactly those bones.
TEST(SkinnedCreature, LimitedWeightsAndPaletteAgree) {
  auto rig = test::load_shipped_rig("hexapod");
  ASSERT_TRUE(rig.ok());
  for (int max : {1, 2, 4}) {
    SkinOptions o;
    o.limit.max_influences = max;
    auto c = build_skinned_creature(rig->skeleton, o);
    ASSERT_TRUE(c.ok()) << c.error().to_string();
    EXPECT_EQ(c->bone_count, rig->skeleton.size());
    const WeightTable& w = c->limited.weights;
    ASSERT_EQ(w.vertex_count(), c->mesh.vertex_count());
    ASSERT_EQ(c->palette.vertex_entry.size(), static_cast<std::size_t>(c->mesh.vertex_count()));
    EXPECT_LE(c->palette.slots, max);
    for (int v = 0; v < w.vertex_count(); ++v) {
      ASSERT_GE(w.count(v), 1) << v;
      ASSERT_LE(w.count(v), max) << v;
      float sum = 0.0f;
      for (const Influence* i = w.begin(v); i != w.end(v); ++i) {
        sum += i->weight;
        ASSERT_GE(i->bone, 0);
        ASSERT_LT(i->bone, c->bone_count);
      }
      EXPECT_NEAR(sum, 1.0f, 1e-5f) << v;
      // Every bone the vertex keeps (bar ones quantized to nothing) is in its entry.
      const int e = c->palette.vertex_entry[static_cast<std::size_t>(v)];
      for (const Influence* i = w.begin(v); i != w.end(v); ++i) {
        if (i->weight < c->palette.quantum) continue;
        bool found = false;
        for (int k = 0; k < c->palette.slots; ++k)
          found = found || (c->palette.entry_bones[static_cast<std::size_t>(e * c->palette.slots + k)] == i->bone &&
                            c->palette.entry_weights[static_cast<std::size_t>(e * c->palette.slots + k)] > 0.0f);
        EXPECT_TRUE(found) << "vertex " << v << " bone " << i->bone;
      }
    }
  }
}

// Priorities rank a bone by its depth: the root highest, each child one below its parent.
TEST(SkinnedCreature, DepthPriorityRanksTheRootHighest) {
  const Skeleton sk = test::make_test_skeleton();
  const std::vector<int> priority = depth_priority(sk);
  ASSERT_EQ(priority.size(), static_cast<std::size_t>(sk.size()));
  for (int b = 0; b < sk.size(); ++b) {
    const int parent = sk.parents[static_cast<std::size_t>(b)];
    if (parent < 0) {
      EXPECT_EQ(priority[static_cast<std::size_t>(b)], 0) << b;
    } else {
      EXPECT_EQ(priority[static_cast<std::size_t>(b)], priority[static_cast<std::size_t>(parent)] - 1) << b;
    }
  }
}

// The bind frame skins to the bind mesh both ways; a posed frame moves it, and the palette stays within
// a few millimetres of the exact weights (palette_error_m measures exactly that).
TEST(SkinnedCreature, BindFrameGivesTheBindMeshBothWays) {
  auto rig = test::load_shipped_rig("biped");
  ASSERT_TRUE(rig.ok());
  auto c = build_skinned_creature(rig->skeleton);
  ASSERT_TRUE(c.ok());
  Posed p(rig->skeleton);
  SkinBuffers palette, exact;
  palette.resize_for(*c);
  exact.resize_for(*c);
  ASSERT_TRUE(skin_with_palette(*c, p.bind, p.inv_bind, &palette));
  ASSERT_TRUE(skin_exact(*c, p.bind, p.inv_bind, &exact));
  for (int v = 0; v < c->mesh.vertex_count(); ++v) {
    ASSERT_LT(glm::length(palette.positions_ms[v] - c->mesh.positions_ms[v]), 1e-5f) << v;
    ASSERT_LT(glm::length(exact.positions_ms[v] - c->mesh.positions_ms[v]), 1e-5f) << v;
  }
  Rng rng = Rng::from_seed(9);
  random_articulated_pose(rig->skeleton, p.bind, rng, 0.6f, 0.2f, p.pose);
  SkinBuffers a, b;
  a.resize_for(*c);
  b.resize_for(*c);
  const float error = palette_error_m(*c, p.pose, p.inv_bind, &a, &b);
  float worst = 0.0f, moved = 0.0f;
  for (int v = 0; v < c->mesh.vertex_count(); ++v) {
    worst = std::max(worst, glm::length(a.positions_ms[v] - b.positions_ms[v]));
    moved = std::max(moved, glm::length(a.positions_ms[v] - c->mesh.positions_ms[v]));
  }
  EXPECT_EQ(error, worst);
  EXPECT_LT(error, 5e-3f);
  EXPECT_GT(moved, 0.05f);  // the pose did move the flesh
}

// Buffers sized for the creature; frames of the wrong size are refused, not skinned.
TEST(SkinnedCreature, BuffersAndMismatchedFrames) {
  auto rig = test::load_shipped_rig("quadruped");
  ASSERT_TRUE(rig.ok());
  auto c = build_skinned_creature(rig->skeleton);
  ASSERT_TRUE(c.ok());
  SkinBuffers out;
  out.resize_for(*c);
  EXPECT_EQ(out.skin.size(), static_cast<std::size_t>(c->bone_count));
  EXPECT_EQ(out.palette.size(), static_cast<std::size_t>(c->palette.size()));
  EXPECT_EQ(out.positions_ms.size(), c->mesh.positions_ms.size());
  EXPECT_EQ(out.normals_ms.size(), c->mesh.normals_ms.size());
  EXPECT_GE(skin_buffer_bytes(out), out.positions_ms.size() * sizeof(glm::vec3) * 2);
  const SkinMemory mem = skin_memory(*c);
  EXPECT_GT(mem.mesh, c->mesh.positions_ms.size() * sizeof(glm::vec3));
  EXPECT_GT(mem.weights, 0u);
  EXPECT_GT(mem.palette, 0u);
  EXPECT_GT(mem.layout, 0u);
  EXPECT_EQ(mem.total(), mem.mesh + mem.weights + mem.palette + mem.layout);
  Posed p(rig->skeleton);
  std::vector<glm::mat4> short_frame(p.bind.begin(), p.bind.end() - 1);
  EXPECT_FALSE(skin_with_palette(*c, short_frame, p.inv_bind, &out));
  EXPECT_FALSE(skin_exact(*c, p.bind, short_frame, &out));
}

// A skeleton with no bones builds nothing.
TEST(SkinnedCreature, EmptySkeletonIsAnError) {
  EXPECT_FALSE(build_skinned_creature(Skeleton{}).ok());
}


// The vertex loops' 64-byte loads and stores start on cache lines: the skinned outputs and the layout's bind
// blocks are allocated on them, whatever the heap's state.
TEST(SkinnedCreature, SkinnedOutputsAndBindBlocksStartOnCacheLines) {
  auto rig = test::load_shipped_rig("stubby");
  ASSERT_TRUE(rig.ok());
  auto c = build_skinned_creature(rig->skeleton);
  ASSERT_TRUE(c.ok());
  auto line = [](const void* p) { return reinterpret_cast<std::uintptr_t>(p) % 64; };
  for (int n = 1; n <= 5; ++n) {
    std::vector<char> shift(static_cast<std::size_t>(n) * 8);  // the heap in another state each time
    SkinBuffers b;
    b.resize_for(*c);
    EXPECT_EQ(line(b.positions_ms.data()), 0u);
    EXPECT_EQ(line(b.normals_ms.data()), 0u);
    SkinBuffers copy = b;
    EXPECT_EQ(line(copy.positions_ms.data()), 0u);
  }
  EXPECT_EQ(line(c->layout.blocks.data()), 0u);
  if (!c->layout.chunk_blocks.empty()) {
    EXPECT_EQ(line(c->layout.chunk_blocks.data()), 0u);
  }
}

}  // namespace
}  // namespace cf
