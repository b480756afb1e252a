// Palette: quantization, palette skinning == plain LBS with the quantized weights, bind frame, normals,
// the palette error of the shipped creatures, and the skinning matrices' bits.
#include "skin/palette.h"

#include <cmath>
#include <cstring>

#include <gtest/gtest.h>

#include "core/rng.h"
#include "motion/motion_clip.h"
#include "retarget/retarget.h"
#include "skin/sample_poses.h"
#include "skin/skinned_creature.h"
#include "test_skeleton.h"

namespace cf {
namespace {

TEST(Palette, QuantizedWeightsSumExactly) {
  Rng rng = Rng::from_seed(3);
  std::vector<std::pair<int, int>> q;
  for (int round = 0; round < 1000; ++round) {
    std::vector<Influence> inf;
    const int n = rng.range(1, 8);
    for (int k = 0; k < n; ++k) inf.push_back({k * 3, static_cast<float>(rng.uniform(0.0, 1.0)) + 1e-4f});
    const int steps = round % 2 ? 64 : 100;
    quantize_weights(inf.data(), n, steps, &q);
    int total = 0;
    for (auto [b, u] : q) {
      EXPECT_GT(u, 0);
      total += u;
    }
    EXPECT_EQ(total, steps);
  }
}

TEST(Palette, OneEntryPerDistinctCombination) {
  WeightTable w;
  std::vector<Influence> a{{0, 0.5f}, {1, 0.5f}}, b{{1, 0.5f}, {0, 0.5f}}, c{{0, 0.25f}, {1, 0.75f}};
  w.add_vertex(a.data(), 2);
  w.add_vertex(b.data(), 2);  // same combination, other order
  w.add_vertex(c.data(), 2);
  w.add_vertex(a.data(), 1);  // bone 0 alone
  auto p = build_palette(w);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->size(), 3);
  EXPECT_EQ(p->vertex_entry[0], p->vertex_entry[1]);
  EXPECT_NE(p->vertex_entry[0], p->vertex_entry[2]);
  EXPECT_FLOAT_EQ(p->quantum, 1.0f / 128.0f);
  PaletteOptions bad;
  bad.quantum = 0.3f;  // 1/0.3 is not whole
  EXPECT_FALSE(build_palette(w, bad).ok());
  bad.quantum = -1.0f;
  EXPECT_FALSE(build_palette(w, bad).ok());
}

struct Posed {
  std::vector<glm::mat4> bind, inv_bind, pose;
  explicit Posed(const Skeleton& sk) : bind(sk.size()), inv_bind(sk.size()), pose(sk.size()) {
    skeleton_bone_frames(sk, bind);
    invert_bind_matrices(bind, inv_bind);
  }
};

void check_palette_equals_lbs(const Skeleton& sk, int target) {
  SkinOptions o;
  o.mesh.target_vertices = target;
  auto c = build_skinned_creature(sk, o);
  ASSERT_TRUE(c.ok()) << c.error().to_string();
  const FixedInfluences quantized = make_fixed_influences(palette_weights(c->palette));
  Posed p(sk);
  SkinBuffers pal, ref;
  pal.resize_for(*c);
  ref.resize_for(*c);
  Rng rng = Rng::from_seed(11);
  for (int frame = 0; frame < 20; ++frame) {
    random_articulated_pose(sk, p.bind, rng, 1.2f, 0.5f, p.pose);
    ASSERT_TRUE(skin_with_palette(*c, p.pose, p.inv_bind, &pal));
    SkinMatricesJob matrices;
    matrices.bone_ms = p.pose;
    matrices.inv_bind_ms = p.inv_bind;
    matrices.out = ref.skin;
    ASSERT_TRUE(matrices.run());
    BlendSkinningJob lbs;
    lbs.skin = ref.skin;
    lbs.influences = &quantized;
    lbs.positions_ms = c->mesh.positions_ms;
    lbs.normals_ms = c->mesh.normals_ms;
    lbs.out_positions_ms = ref.positions_ms;
    lbs.out_normals_ms = ref.normals_ms;
    ASSERT_TRUE(lbs.run());
    float worst = 0, worst_n = 0;
    for (std::size_t v = 0; v < pal.positions_ms.size(); ++v) {
      worst = std::max(worst, glm::length(pal.positions_ms[v] - ref.positions_ms[v]));
      worst_n = std::max(worst_n, std::fabs(glm::length(pal.normals_ms[v]) - 1.0f));
    }
    EXPECT_LT(worst, 1e-5f);
    EXPECT_LT(worst_n, 1e-5f) << "normals must stay unit length";
  }
}

TEST(Palette, EqualsLinearBlendWithQuantizedWeights) { check_palette_equals_lbs(test::make_test_skeleton(), 3000); }

TEST(Palette, EqualsLinearBlendOnShippedCreature) {
  auto rig = test::load_shipped_rig("biped_arms_tail");
  ASSERT_TRUE(rig.ok()) << rig.error().to_string();
  check_palette_equals_lbs(rig->skeleton, 5000);
}

TEST(Palette, BindFrameGivesBindMesh) {
  for (const char* name : test::kShippedCreatures) {
    auto rig = test::load_shipped_rig(name);
    ASSERT_TRUE(rig.ok()) << name << ": " << rig.error().to_string();
    auto c = build_skinned_creature(rig->skeleton);
    ASSERT_TRUE(c.ok()) << c.error().to_string();
    Posed p(rig->skeleton);
    SkinBuffers out;
    out.resize_for(*c);
    ASSERT_TRUE(skin_with_palette(*c, p.bind, p.inv_bind, &out));
    float worst = 0, worst_n = 0;
    for (std::size_t v = 0; v < out.positions_ms.size(); ++v) {
      worst = std::max(worst, glm::length(out.positions_ms[v] - c->mesh.positions_ms[v]));
      worst_n = std::max(worst_n, glm::length(out.normals_ms[v] - c->mesh.normals_ms[v]));
    }
    EXPECT_LT(worst, 1e-6f) << name;
    EXPECT_LT(worst_n, 1e-5f) << name;
  }
}

// max_palette_error_m of every shipped creature at the default quantum over the walk clip, posed by
// retargeting (the same measure `creature-lab weights` prints), at the default and benchmark budgets.
TEST(Palette, ShippedCreaturesPaletteErrorBelowOneMillimetreOverWalk) {
  auto clip = load_motion(std::string(CF_ASSETS_DIR) + "/motions/walk.json");
  ASSERT_TRUE(clip.ok()) << clip.error().to_string();
  for (int target : {3000, 50000}) {
    for (const char* name : test::kShippedCreatures) {
      // The benchmark budget on the two creatures with the largest errors only (time).
      if (target == 50000 && std::string(name) != "stubby" && std::string(name) != "biped_arms_tail") continue;
      auto rig = test::load_shipped_rig(name);
      ASSERT_TRUE(rig.ok()) << name << ": " << rig.error().to_string();
      SkinOptions o;
      o.mesh.target_vertices = target;
      auto c = build_skinned_creature(rig->skeleton, o);
      ASSERT_TRUE(c.ok()) << c.error().to_string();
      auto setup = build_retarget_setup(*rig, *clip);
      ASSERT_TRUE(setup.ok()) << setup.error().to_string();
      std::vector<glm::mat4> bind, inv_bind(rig->skeleton.size());
      bind_pose_matrices(*rig, &bind);
      invert_bind_matrices(bind, inv_bind);
      CreaturePose pose;
      pose.resize(*rig);
      SkinBuffers a, b;
      a.resize_for(*c);
      b.resize_for(*c);
      float worst = 0;
      for (double t = 0; t < clip->duration_s; t += 1.0 / 60.0) {
        RetargetJob job;
        job.setup = &*setup;
        job.rig = &*rig;
        job.clip = &*clip;
        job.time_s = t;
        job.out = &pose;
        ASSERT_TRUE(job.run());
        worst = std::max(worst, palette_error_m(*c, pose.bone_ms, inv_bind, &a, &b));
      }
      EXPECT_GT(worst, 0.0f) << name << ": the walk must bend the flesh";
      EXPECT_LT(worst, 1e-3f) << name << " at " << target << " vertices";
    }
  }
}

// The same measure over harsher random articulated poses stays small (a few millimetres at most).
TEST(Palette, RandomPosePaletteErrorStaysSmall) {
  for (const char* name : test::kShippedCreatures) {
    auto rig = test::load_shipped_rig(name);
    ASSERT_TRUE(rig.ok()) << name << ": " << rig.error().to_string();
    auto c = build_skinned_creature(rig->skeleton);
    ASSERT_TRUE(c.ok()) << c.error().to_string();
    Posed p(rig->skeleton);
    SkinBuffers a, b;
    a.resize_for(*c);
    b.resize_for(*c);
    Rng rng = Rng::from_seed(5);
    float worst = 0;
    for (int frame = 0; frame < 30; ++frame) {
      random_articulated_pose(rig->skeleton, p.bind, rng, 0.35f, 0.3f, p.pose);
      worst = std::max(worst, palette_error_m(*c, p.pose, p.inv_bind, &a, &b));
    }
    EXPECT_LT(worst, 2e-3f) << name;
  }
}

TEST(Palette, JobsRejectMismatchedSpans) {
  Skeleton sk = test::make_test_skeleton();
  auto c = build_skinned_creature(sk);
  ASSERT_TRUE(c.ok());
  std::vector<Mat3x4> skin(sk.size()), pal(c->palette.size()), too_few_bones(2);
  std::vector<glm::vec3> out(c->mesh.positions_ms.size() - 1);
  PaletteMatricesJob pm;
  pm.palette = &c->palette;
  pm.skin = too_few_bones;
  pm.out = pal;
  EXPECT_FALSE(pm.run());
  pm.skin = skin;
  EXPECT_TRUE(pm.run());
  PaletteSkinningJob job;
  job.palette_matrices = pal;
  job.vertex_entry = c->palette.vertex_entry;
  job.positions_ms = c->mesh.positions_ms;
  job.out_positions_ms = out;
  EXPECT_FALSE(job.run());
  std::vector<glm::mat4> m(3);
  SkinMatricesJob short_inverse;
  short_inverse.bone_ms = m;
  short_inverse.inv_bind_ms = SkinSpan<const glm::mat4>(m.data(), 2);
  short_inverse.out = skin;
  EXPECT_FALSE(short_inverse.run());
}

}  // namespace
}  // namespace cf

namespace cf {
namespace {

// SkinMatricesJob writes glm's product's bits (bone times inverse bind, the top three rows), on posed
// shipped-size skeletons and on random matrices with signed zeros and wide exponents.
TEST(SkinMatrices, SameBitsAsGlmProduct) {
  Rng rng = Rng::from_seed(33);
  std::vector<glm::mat4> a(64), b(64);
  for (std::size_t i = 0; i < a.size(); ++i)
    for (int c = 0; c < 4; ++c)
      for (int r = 0; r < 4; ++r) {
        const float scale = std::ldexp(1.0f, rng.range(-20, 20));
        a[i][c][r] = static_cast<float>(rng.uniform(-1.0, 1.0)) * scale;
        b[i][c][r] = (r + c + static_cast<int>(i)) % 7 == 0 ? -0.0f : static_cast<float>(rng.uniform(-1.0, 1.0)) * scale;
      }
  Skeleton sk = test::make_test_skeleton();
  Posed p(sk);
  random_articulated_pose(sk, p.bind, rng, 0.8f, 0.3f, p.pose);
  a.insert(a.end(), p.pose.begin(), p.pose.end());
  b.insert(b.end(), p.inv_bind.begin(), p.inv_bind.end());
  std::vector<Mat3x4> out(a.size());
  SkinMatricesJob job;
  job.bone_ms = a;
  job.inv_bind_ms = b;
  job.out = out;
  ASSERT_TRUE(job.run());
  for (std::size_t i = 0; i < a.size(); ++i) {
    const Mat3x4 want = Mat3x4::from_mat4(a[i] * b[i]);
    ASSERT_EQ(std::memcmp(out[i].m, want.m, sizeof(want.m)), 0) << "matrix " << i;
  }
}

// A clip's skinning matrices precomputed per frame give the same mesh as computing them per frame.
TEST(SkinMatrixTable, PrecomputedFramesMatchPerFrameMatrices) {
  Skeleton sk = test::make_test_skeleton();
  auto c = build_skinned_creature(sk);
  ASSERT_TRUE(c.ok());
  Posed p(sk);
  SkinMatrixTable table;
  std::vector<std::vector<glm::mat4>> poses;
  Rng rng = Rng::from_seed(17);
  for (int f = 0; f < 4; ++f) {
    random_articulated_pose(sk, p.bind, rng, 0.5f, 0.1f, p.pose);
    poses.push_back(p.pose);
    ASSERT_TRUE(table.add_frame(p.pose, p.inv_bind));
  }
  EXPECT_EQ(table.frames(), 4);
  std::vector<glm::mat4> wrong(2);
  EXPECT_FALSE(table.add_frame(wrong, p.inv_bind));
  SkinBuffers a, b;
  a.resize_for(*c);
  b.resize_for(*c);
  for (int f = 0; f < 4; ++f) {
    ASSERT_TRUE(skin_with_palette(*c, poses[f], p.inv_bind, &a));
    PaletteMatricesJob pm;
    pm.palette = &c->palette;
    pm.skin = table.frame(f);
    pm.out = b.palette;
    ASSERT_TRUE(pm.run());
    PaletteSkinningJob job;
    job.palette_matrices = b.palette;
    job.vertex_entry = c->palette.vertex_entry;
    job.positions_ms = c->mesh.positions_ms;
    job.out_positions_ms = b.positions_ms;
    ASSERT_TRUE(job.run());  // positions only
    for (std::size_t v = 0; v < a.positions_ms.size(); ++v) ASSERT_EQ(a.positions_ms[v], b.positions_ms[v]);
  }
}

}  // namespace
}  // namespace cf
