// The palette layout and LayoutSkinningJob: every kernel writes the same bits as the scalar
// PaletteMatricesJob + PaletteSkinningJob, on random meshes, weights and matrices (sorted and unsorted
// vertex orders, positions only, collapsed normals) and on the shipped creatures at the game's 3,000
// vertices (every kernel, split jobs); long stretches of single-vertex runs (the AVX2 job's ring of blended
// runs); split run ranges give the same bits in any order; validation. (The creature's vertex order:
// skinned_creature_test.cpp.)
#include "skin/skin_layout.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include <gtest/gtest.h>

#include "core/rng.h"
#include "skin/sample_poses.h"
#include "skin/skinned_creature.h"
#include "test_skeleton.h"

namespace cf {
namespace {

constexpr SkinKernel kKernels[] = {SkinKernel::kScalar, SkinKernel::kSse2, SkinKernel::kAvx, SkinKernel::kAvx2,
                                   SkinKernel::kAvx512,
                                   SkinKernel::kBest};

bool same_bits(SkinSpan<const glm::vec3> a, SkinSpan<const glm::vec3> b) {
  return a.size == b.size && (a.size == 0 || std::memcmp(a.data, b.data, a.size * sizeof(glm::vec3)) == 0);
}

// A whole-layout job writing p (and n, when not empty) with the given kernel.
LayoutSkinningJob layout_job(const SkinLayout& layout, const std::vector<Mat3x4>& skin, std::vector<glm::vec3>& p,
                             std::vector<glm::vec3>& n, SkinKernel kernel = SkinKernel::kBest) {
  LayoutSkinningJob job;
  job.layout = &layout;
  job.skin = skin;
  job.out_positions_ms = p;
  job.out_normals_ms = n;
  job.kernel = kernel;
  return job;
}

float rnd(Rng& rng, float lo, float hi) { return static_cast<float>(rng.uniform(lo, hi)); }

// A random skinned mesh: positions, unit normals (a few zero ones), 1..4 influences per vertex over
// `bones` bones, optionally in entry order (as build_skinned_creature leaves it).
struct RandomMesh {
  std::vector<glm::vec3> positions, normals;
  WeightPalette palette;
  std::vector<Mat3x4> skin;

  bool sorted = false;

  RandomMesh(Rng& rng, int vertices, int bones, bool sorted_by_entry) : sorted(sorted_by_entry) {
    WeightTable w;
    Influence inf[4];
    for (int v = 0; v < vertices; ++v) {
      const int n = rng.range(1, 4);
      for (int k = 0; k < n; ++k) inf[k] = Influence{(rng.range(0, bones - 1) + k * 7) % bones, rnd(rng, 0.05f, 1.0f)};
      // Distinct bones per vertex (the palette merges duplicates anyway, keep the input clean).
      int m = 0;
      for (int k = 0; k < n; ++k) {
        bool dup = false;
        for (int j = 0; j < m; ++j) dup = dup || inf[j].bone == inf[k].bone;
        if (!dup) inf[m++] = inf[k];
      }
      w.add_vertex(inf, m);
      positions.emplace_back(rnd(rng, -2, 2), rnd(rng, -2, 2), rnd(rng, -2, 2));
      glm::vec3 nv(rnd(rng, -1, 1), rnd(rng, -1, 1), rnd(rng, -1, 1));
      normals.push_back(v % 97 == 5 ? glm::vec3(0.0f) : glm::normalize(nv));
    }
    auto p = build_palette(w);
    EXPECT_TRUE(p.ok());
    palette = std::move(*p);
    if (sorted) {
      std::vector<int> order(static_cast<std::size_t>(vertices));
      for (int v = 0; v < vertices; ++v) order[v] = v;
      std::stable_sort(order.begin(), order.end(),
                       [&](int a, int b) { return palette.vertex_entry[a] < palette.vertex_entry[b]; });
      std::vector<glm::vec3> pp, nn;
      std::vector<std::uint16_t> ee;
      for (int v : order) pp.push_back(positions[v]), nn.push_back(normals[v]), ee.push_back(palette.vertex_entry[v]);
      positions.swap(pp), normals.swap(nn), palette.vertex_entry.swap(ee);
    }
    skin.resize(static_cast<std::size_t>(bones));
    for (Mat3x4& m : skin)
      for (float& x : m.m) x = rnd(rng, -2, 2);
    for (float& x : skin[0].m) x = 0.0f;  // a collapsed bone: its vertices' normals come out zero
  }

  // The scalar reference: palette matrices, then PaletteSkinningJob.
  void reference(bool with_normals, std::vector<glm::vec3>* p, std::vector<glm::vec3>* n) const {
    std::vector<Mat3x4> pm(static_cast<std::size_t>(palette.size()));
    PaletteMatricesJob mj;
    mj.palette = &palette;
    mj.skin = skin;
    mj.out = pm;
    ASSERT_TRUE(mj.run());
    p->assign(positions.size(), glm::vec3(0.0f));
    n->assign(with_normals ? normals.size() : 0, glm::vec3(0.0f));
    PaletteSkinningJob job;
    job.palette_matrices = pm;
    job.vertex_entry = palette.vertex_entry;
    job.positions_ms = positions;
    if (with_normals) job.normals_ms = normals;
    job.out_positions_ms = *p;
    job.out_normals_ms = *n;
    ASSERT_TRUE(job.run());
  }
};

void expect_kernels_match(const RandomMesh& m, bool with_normals, const char* what) {
  std::vector<glm::vec3> ref_p, ref_n;
  m.reference(with_normals, &ref_p, &ref_n);
  auto layout = build_skin_layout(m.palette, m.positions, with_normals ? SkinSpan<const glm::vec3>(m.normals)
                                                                        : SkinSpan<const glm::vec3>());
  ASSERT_TRUE(layout.ok()) << layout.error().to_string();
  // A mesh sorted by entry takes the running-pointer path (partial groups overrunning into later runs).
  if (m.sorted || m.positions.size() == 1) {
    EXPECT_TRUE(layout->in_order) << what;
  } else if (m.positions.size() >= 10) {
    EXPECT_FALSE(layout->in_order) << what;
  }
  for (SkinKernel k : kKernels) {
    std::vector<glm::vec3> p(m.positions.size(), glm::vec3(7.0f)), n(ref_n.size(), glm::vec3(7.0f));
    LayoutSkinningJob job = layout_job(*layout, m.skin, p, n, k);
    ASSERT_TRUE(job.run()) << what;
    EXPECT_TRUE(same_bits(p, ref_p)) << what << " positions, kernel " << to_string(resolve(k));
    EXPECT_TRUE(same_bits(n, ref_n)) << what << " normals, kernel " << to_string(resolve(k));
  }
}

TEST(LayoutSkinning, BitIdenticalToScalarPaletteJobsOnRandomMeshes) {
  Rng rng = Rng::from_seed(42);
  for (int round = 0; round < 24; ++round) {
    const int vertices = round < 6 ? round + 1 : rng.range(10, 3000);  // 1..6 vertices: partial groups only
    const bool sorted = round % 2 == 0;
    RandomMesh m(rng, vertices, rng.range(2, 40), sorted);
    const std::string what = std::to_string(vertices) + (sorted ? " sorted" : " unsorted") + " vertices";
    expect_kernels_match(m, true, what.c_str());
    expect_kernels_match(m, false, (what + ", positions only").c_str());
  }
}

TEST(LayoutSkinning, CollapsedNormalsStayAsTheyCameOut) {
  Rng rng = Rng::from_seed(8);
  RandomMesh m(rng, 200, 1, true);  // one bone, the zero matrix: every normal collapses to exactly zero
  expect_kernels_match(m, true, "collapsed");
  auto layout = build_skin_layout(m.palette, m.positions, m.normals);
  ASSERT_TRUE(layout.ok());
  std::vector<glm::vec3> p(m.positions.size()), n(m.normals.size(), glm::vec3(5.0f));
  LayoutSkinningJob job = layout_job(*layout, m.skin, p, n);
  ASSERT_TRUE(job.run());
  for (const glm::vec3& v : n) ASSERT_FALSE(std::isnan(v.x) || std::isnan(v.y) || std::isnan(v.z));
  EXPECT_EQ(n[3], glm::vec3(0.0f));
}

TEST(LayoutSkinning, SplitRangesInAnyOrderGiveTheSameBits) {
  Rng rng = Rng::from_seed(77);
  RandomMesh m(rng, 5000, 30, true);
  auto layout = build_skin_layout(m.palette, m.positions, m.normals);
  ASSERT_TRUE(layout.ok());
  std::vector<glm::vec3> whole_p(m.positions.size()), whole_n(m.normals.size());
  LayoutSkinningJob job = layout_job(*layout, m.skin, whole_p, whole_n);
  ASSERT_TRUE(job.run());
  for (int parts : {2, 3, 7}) {
    std::vector<int> bounds(static_cast<std::size_t>(parts) + 1);
    split_runs(*layout, parts, bounds);
    EXPECT_EQ(bounds.front(), 0);
    EXPECT_EQ(bounds.back(), layout->runs());
    std::vector<glm::vec3> p(m.positions.size()), n(m.normals.size());
    for (int part = parts - 1; part >= 0; --part) {  // last range first: no range relies on a later one
      EXPECT_LE(bounds[part], bounds[part + 1]);
      LayoutSkinningJob piece = job;
      piece.out_positions_ms = p;
      piece.out_normals_ms = n;
      piece.run_begin = bounds[part];
      piece.run_end = bounds[part + 1];
      ASSERT_TRUE(piece.run());
    }
    EXPECT_TRUE(same_bits(p, whole_p)) << parts << " parts";
    EXPECT_TRUE(same_bits(n, whole_n)) << parts << " parts";
  }
}

TEST(LayoutSkinning, BuildRejectsBadInput) {
  Rng rng = Rng::from_seed(3);
  RandomMesh m(rng, 50, 5, false);
  std::vector<glm::vec3> short_normals(m.normals.begin(), m.normals.end() - 1);
  EXPECT_FALSE(build_skin_layout(m.palette, m.positions, short_normals).ok());
  WeightPalette bad = m.palette;
  bad.vertex_entry[7] = static_cast<std::uint16_t>(bad.size());
  auto r = build_skin_layout(bad, m.positions, m.normals);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().to_string().find("vertices[7]"), std::string::npos) << r.error().to_string();
  std::vector<glm::vec3> nan_pos = m.positions;
  nan_pos[4].y = std::nanf("");
  EXPECT_FALSE(build_skin_layout(m.palette, nan_pos, m.normals).ok());
  bad = m.palette;
  bad.vertex_entry.pop_back();
  EXPECT_FALSE(build_skin_layout(bad, m.positions, m.normals).ok());
}

TEST(LayoutSkinning, ValidateRejectsMismatchedSpans) {
  Rng rng = Rng::from_seed(4);
  RandomMesh m(rng, 64, 6, true);
  auto with_n = build_skin_layout(m.palette, m.positions, m.normals);
  auto without_n = build_skin_layout(m.palette, m.positions, {});
  ASSERT_TRUE(with_n.ok() && without_n.ok());
  std::vector<glm::vec3> p(m.positions.size()), n(m.normals.size()), short_p(m.positions.size() - 1);
  LayoutSkinningJob job;
  EXPECT_FALSE(job.run());  // no layout
  job.layout = &*with_n;
  job.skin = m.skin;
  job.out_positions_ms = p;
  job.out_normals_ms = n;
  EXPECT_TRUE(job.run());
  LayoutSkinningJob j = job;
  j.skin = SkinSpan<const Mat3x4>(m.skin.data(), static_cast<std::size_t>(with_n->bone_count - 1));
  EXPECT_FALSE(j.run()) << "too few skinning matrices";
  j = job;
  j.out_positions_ms = short_p;
  EXPECT_FALSE(j.run());
  j = job;
  j.layout = &*without_n;
  EXPECT_FALSE(j.run()) << "normals asked of a positions-only layout";
  j.out_normals_ms = {};
  EXPECT_TRUE(j.run());
  j = job;
  j.run_begin = 2;
  j.run_end = 1;
  EXPECT_FALSE(j.run());
  j.run_end = with_n->runs() + 1;
  EXPECT_FALSE(j.run());
}

// The scalar jobs' bits for a hand-made palette: palette matrices, then PaletteSkinningJob.
bool scalar_reference(const WeightPalette& pal, const std::vector<Mat3x4>& skin, const std::vector<glm::vec3>& positions,
                      const std::vector<glm::vec3>& normals, std::vector<glm::vec3>* p, std::vector<glm::vec3>* n) {
  std::vector<Mat3x4> pm(static_cast<std::size_t>(pal.size()));
  PaletteMatricesJob blend;
  blend.palette = &pal;
  blend.skin = skin;
  blend.out = pm;
  p->assign(positions.size(), glm::vec3(0.0f));
  n->assign(normals.size(), glm::vec3(0.0f));
  PaletteSkinningJob ref;
  ref.palette_matrices = pm;
  ref.vertex_entry = pal.vertex_entry;
  ref.positions_ms = positions;
  ref.normals_ms = normals;
  ref.out_positions_ms = *p;
  ref.out_normals_ms = *n;
  return blend.run() && ref.run();
}

// Runs of every length 1..9 (whole groups, partial groups of 1..3 live lanes, odd and even group counts:
// the AVX loop's pairs and its 4-wide tail) in entry order, one entry with an unused slot: every kernel
// gives the scalar bits, whole and with each run as its own job (last run first), so a partial group's
// 4-lane store never reaches a vertex outside its job; the layout pads each run to whole groups only.
TEST(LayoutSkinning, EveryRunLengthAndSingleRunRangesGiveTheScalarBits) {
  Rng rng = Rng::from_seed(15);
  constexpr int kEntries = 27, kBones = 6;
  WeightPalette pal;
  pal.slots = 2;
  std::vector<glm::vec3> positions, normals;
  for (int e = 0; e < kEntries; ++e) {
    const int w = 1 + e * 4;  // distinct weights per entry, in 1/128 steps
    pal.entry_bones.push_back(static_cast<std::uint16_t>(e % kBones));
    pal.entry_bones.push_back(static_cast<std::uint16_t>((e + 1) % kBones));
    pal.entry_weights.push_back(e == 4 ? 1.0f : static_cast<float>(w) / 128.0f);
    pal.entry_weights.push_back(e == 4 ? 0.0f : static_cast<float>(128 - w) / 128.0f);
    for (int k = 0; k < e % 9 + 1; ++k) {
      pal.vertex_entry.push_back(static_cast<std::uint16_t>(e));
      positions.emplace_back(rnd(rng, -2, 2), rnd(rng, -2, 2), rnd(rng, -2, 2));
      normals.push_back(glm::normalize(glm::vec3(rnd(rng, -1, 1), rnd(rng, -1, 1), rnd(rng, 0.1f, 1))));
    }
  }
  std::vector<Mat3x4> skin(kBones);
  for (Mat3x4& m : skin)
    for (float& x : m.m) x = rnd(rng, -2, 2);
  std::vector<glm::vec3> ref_p, ref_n;
  ASSERT_TRUE(scalar_reference(pal, skin, positions, normals, &ref_p, &ref_n));
  auto layout = build_skin_layout(pal, positions, normals);
  ASSERT_TRUE(layout.ok()) << layout.error().to_string();
  ASSERT_EQ(layout->runs(), kEntries);
  ASSERT_TRUE(layout->in_order);  // runs of 1..3 vertices overrun into the next runs
  for (int r = 0; r < kEntries; ++r) {
    const int count = r % 9 + 1;
    EXPECT_EQ(layout->run_group[r + 1] - layout->run_group[r], static_cast<std::uint32_t>((count + 3) / 4))
        << r;
    const std::uint8_t last = layout->group_live[layout->run_group[r + 1] - 1];
    EXPECT_EQ(last & SkinLayout::kLiveMask, (count - 1) % 4 + 1) << r;
  }
  for (SkinKernel k : kKernels) {
    std::vector<glm::vec3> p(positions.size(), glm::vec3(7.0f)), n(normals.size(), glm::vec3(7.0f));
    LayoutSkinningJob job = layout_job(*layout, skin, p, n, k);
    ASSERT_TRUE(job.run());
    EXPECT_TRUE(same_bits(p, ref_p)) << "whole, kernel " << to_string(resolve(k));
    EXPECT_TRUE(same_bits(n, ref_n)) << "whole, kernel " << to_string(resolve(k));
    for (int r = kEntries - 1; r >= 0; --r) {
      // p holds every vertex's bits: skinning one run alone must leave every other run's vertices as they
      // are.
      LayoutSkinningJob one = job;
      one.run_begin = r;
      one.run_end = r + 1;
      std::vector<glm::vec3> before_p = p, before_n = n;
      ASSERT_TRUE(one.run());
      for (std::size_t v = 0; v < p.size(); ++v) {
        if (pal.vertex_entry[v] == r) continue;
        ASSERT_EQ(p[v], before_p[v]) << "run " << r << " wrote vertex " << v << ", kernel "
                                     << to_string(resolve(k));
        ASSERT_EQ(n[v], before_n[v]) << "run " << r << " wrote vertex " << v << ", kernel "
                                     << to_string(resolve(k));
      }
    }
    std::vector<glm::vec3> q(positions.size(), glm::vec3(9.0f)), qn(normals.size(), glm::vec3(9.0f));
    for (int r = kEntries - 1; r >= 0; --r) {
      LayoutSkinningJob one = job;
      one.out_positions_ms = q;
      one.out_normals_ms = qn;
      one.run_begin = r;
      one.run_end = r + 1;
      ASSERT_TRUE(one.run());
    }
    EXPECT_TRUE(same_bits(q, ref_p)) << "run by run, kernel " << to_string(resolve(k));
    EXPECT_TRUE(same_bits(qn, ref_n)) << "run by run, kernel " << to_string(resolve(k));
  }
}

// Runs of the given lengths, one palette entry each with 1..3 non-zero weights (entry e's k-th bone is
// (e + step k) mod bones), random positions and unit normals (zero_normals: every 11th from a run's 5th is
// zero), random skinning matrices, and what the scalar reference job makes of them.
struct RandomRuns {
  WeightPalette pal;
  std::vector<glm::vec3> positions, normals;
  std::vector<Mat3x4> skin;
  std::vector<glm::vec3> ref_p, ref_n;  // the scalar reference job's output
  bool ok = false;                      // the reference ran
};
RandomRuns random_runs(Rng& rng, const std::vector<int>& lengths, int bones, int step, bool zero_normals) {
  RandomRuns r;
  r.pal.slots = 3;
  for (int e = 0; e < static_cast<int>(lengths.size()); ++e) {
    const int used = e % 3 + 1;  // 1..3 non-zero weights
    float left = 1.0f;
    for (int k = 0; k < 3; ++k) {
      r.pal.entry_bones.push_back(static_cast<std::uint16_t>((e + step * k) % bones));
      const float w = k + 1 == used ? left : k < used ? static_cast<float>(rng.range(1, 60)) / 128.0f : 0.0f;
      r.pal.entry_weights.push_back(w);
      left -= w;
    }
    for (int k = 0; k < lengths[static_cast<std::size_t>(e)]; ++k) {
      r.pal.vertex_entry.push_back(static_cast<std::uint16_t>(e));
      r.positions.emplace_back(rnd(rng, -2, 2), rnd(rng, -2, 2), rnd(rng, -2, 2));
      r.normals.push_back(zero_normals && k % 11 == 4 ? glm::vec3(0.0f)
                                                      : glm::normalize(glm::vec3(rnd(rng, -1, 1), rnd(rng, -1, 1), 0.5f)));
    }
  }
  r.skin.resize(static_cast<std::size_t>(bones));
  for (Mat3x4& m : r.skin)
    for (float& x : m.m) x = rnd(rng, -2, 2);
  r.ok = scalar_reference(r.pal, r.skin, r.positions, r.normals, &r.ref_p, &r.ref_n);
  return r;
}

// The 16-lane form: chunks of 16 output vertices that span up to 16 runs (runs of one vertex), jobs that
// begin and end inside a chunk, a mesh whose last chunk is partial. kAvx512 on a layout built with the
// form, and every kernel on one built without it, give the scalar bits; a job writes only its own runs.
TEST(LayoutSkinning, ChunksSpanningManyRunsAndJobsEndingInsideAChunkGiveTheScalarBits) {
  Rng rng = Rng::from_seed(31);
  constexpr int kBones = 5;
  // Run lengths: 20 single vertices (a chunk of 16 runs), then 1..40 mixed, 53 vertices in all pieces.
  std::vector<int> lengths(20, 1);
  for (int i = 0; i < 30; ++i) lengths.push_back(rng.range(1, 40));
  lengths.push_back(3);
  const int entries = static_cast<int>(lengths.size());
  RandomRuns runs = random_runs(rng, lengths, kBones, 2, true);
  ASSERT_TRUE(runs.ok);
  auto& [pal, positions, normals, skin, ref_p, ref_n, reference_ran] = runs;
  (void)reference_ran;
  auto chunked = build_skin_layout(pal, positions, normals, SkinChunks::kAlways);
  auto plain = build_skin_layout(pal, positions, normals, SkinChunks::kNever);
  ASSERT_TRUE(chunked.ok() && plain.ok());
  ASSERT_TRUE(chunked->in_order);
  ASSERT_EQ(chunked->chunks(), (static_cast<int>(positions.size()) + 15) / 16);
  EXPECT_NE(positions.size() % 16, 0u) << "the last chunk should be partial";
  EXPECT_EQ(chunked->lane_run[15], 15) << "the first chunk spans 16 runs";
  EXPECT_TRUE(plain->chunk_run.empty());
  EXPECT_EQ(resolve_for(SkinKernel::kAvx512, *plain), resolve(SkinKernel::kAvx));
  for (const SkinLayout* layout : {&*chunked, &*plain}) {
    for (SkinKernel k : kKernels) {
      const std::string what = std::string(layout == &*chunked ? "chunked" : "plain") + " layout, kernel " +
                               to_string(resolve_for(k, *layout));
      std::vector<glm::vec3> p(positions.size(), glm::vec3(7.0f)), n(normals.size(), glm::vec3(7.0f));
      LayoutSkinningJob job = layout_job(*layout, skin, p, n, k);
      ASSERT_TRUE(job.run());
      EXPECT_TRUE(same_bits(p, ref_p)) << what;
      EXPECT_TRUE(same_bits(n, ref_n)) << what;
      // Random splits, last range first, into fresh outputs: each range writes its own vertices only.
      for (int round = 0; round < 20; ++round) {
        std::vector<int> cuts = {0, entries};
        for (int c = rng.range(1, 6); c > 0; --c) cuts.push_back(rng.range(0, entries));
        std::sort(cuts.begin(), cuts.end());
        std::vector<glm::vec3> q(positions.size(), glm::vec3(9.0f)), qn(normals.size(), glm::vec3(9.0f));
        for (std::size_t i = cuts.size() - 1; i > 0; --i) {
          LayoutSkinningJob piece = job;
          piece.out_positions_ms = q;
          piece.out_normals_ms = qn;
          piece.run_begin = cuts[i - 1];
          piece.run_end = cuts[i];
          ASSERT_TRUE(piece.run());
          const int v_begin = piece.run_begin == entries ? static_cast<int>(positions.size())
                                                           : static_cast<int>(std::find(pal.vertex_entry.begin(), pal.vertex_entry.end(), piece.run_begin) - pal.vertex_entry.begin());
          for (int v = 0; v < v_begin; ++v)
            ASSERT_EQ(q[v], glm::vec3(9.0f)) << what << ": runs [" << piece.run_begin << ", " << piece.run_end
                                             << ") wrote vertex " << v;
        }
        EXPECT_TRUE(same_bits(q, ref_p)) << what << ", split round " << round;
        EXPECT_TRUE(same_bits(qn, ref_n)) << what << ", split round " << round;
      }
      // Positions only.
      LayoutSkinningJob positions_only = job;
      std::vector<glm::vec3> po(positions.size(), glm::vec3(3.0f));
      positions_only.out_positions_ms = po;
      positions_only.out_normals_ms = {};
      ASSERT_TRUE(positions_only.run());
      EXPECT_TRUE(same_bits(po, ref_p)) << what << ", positions only";
    }
  }
}

// Long stretches of single-vertex runs: a batch of 8 half chunks then reaches 64 runs, and the matrices
// blended ahead of it must not overwrite those it still reads (the ring wraps several times over 600 runs).
// Jobs begin at every run of the first 80 and end at runs across the mesh: every kernel gives the scalar
// bits and writes only its own vertices.
TEST(LayoutSkinning, ManySingleVertexRunsAndJobsBeginningAtEveryRunGiveTheScalarBits) {
  Rng rng = Rng::from_seed(64);
  constexpr int kBones = 9;
  std::vector<int> lengths(300, 1);  // 300 single-vertex runs
  for (int i = 0; i < 100; ++i) lengths.push_back(rng.range(1, 3));
  lengths.insert(lengths.end(), 200, 1);
  for (int i = 0; i < 20; ++i) lengths.push_back(rng.range(5, 30));
  const int entries = static_cast<int>(lengths.size());
  RandomRuns runs = random_runs(rng, lengths, kBones, 4, false);
  ASSERT_TRUE(runs.ok);
  auto& [pal, positions, normals, skin, ref_p, ref_n, reference_ran] = runs;
  (void)reference_ran;
  auto layout = build_skin_layout(pal, positions, normals, SkinChunks::kAlways);
  ASSERT_TRUE(layout.ok());
  ASSERT_TRUE(layout->in_order);
  std::vector<std::size_t> first_vertex(static_cast<std::size_t>(entries) + 1, positions.size());
  for (int e = entries - 1, v = static_cast<int>(positions.size()) - 1; e >= 0; --e) {
    while (v >= 0 && pal.vertex_entry[v] >= e) --v;
    first_vertex[e] = static_cast<std::size_t>(v + 1);
  }
  for (SkinKernel k : kKernels) {
    const std::string kernel = to_string(resolve_for(k, *layout));
    std::vector<glm::vec3> p(positions.size(), glm::vec3(7.0f)), n(normals.size(), glm::vec3(7.0f));
    LayoutSkinningJob job = layout_job(*layout, skin, p, n, k);
    ASSERT_TRUE(job.run());
    EXPECT_TRUE(same_bits(p, ref_p)) << kernel;
    EXPECT_TRUE(same_bits(n, ref_n)) << kernel;
    for (int begin = 0; begin < 80; ++begin) {
      const int end = begin + 1 + (begin * 37) % (entries - begin);
      std::vector<glm::vec3> q(positions.size(), glm::vec3(9.0f)), qn(normals.size(), glm::vec3(9.0f));
      LayoutSkinningJob piece = job;
      piece.out_positions_ms = q;
      piece.out_normals_ms = qn;
      piece.run_begin = begin;
      piece.run_end = end;
      ASSERT_TRUE(piece.run());
      for (std::size_t v = 0; v < q.size(); ++v) {
        const bool own = v >= first_vertex[begin] && v < first_vertex[end];
        const glm::vec3 want_p = own ? ref_p[v] : glm::vec3(9.0f), want_n = own ? ref_n[v] : glm::vec3(9.0f);
        ASSERT_EQ(std::memcmp(&q[v], &want_p, sizeof(glm::vec3)), 0)
            << kernel << ": runs [" << begin << ", " << end << "), vertex " << v;
        ASSERT_EQ(std::memcmp(&qn[v], &want_n, sizeof(glm::vec3)), 0)
            << kernel << ": runs [" << begin << ", " << end << "), normal " << v;
      }
    }
  }
}

// A bone whose matrix holds infinities spoils only the runs that use it: the chunk kernels blend 8 or 16
// runs at once, and a run lacking a bone its block uses must not add 0 x inf (NaN). Every kernel gives the
// scalar bits (the NaNs made are x86's default NaN on every path).
TEST(LayoutSkinning, NonFiniteBoneSpoilsOnlyItsOwnRuns) {
  Rng rng = Rng::from_seed(77);
  std::vector<int> lengths;
  for (int i = 0; i < 150; ++i) lengths.push_back(rng.range(1, 9));
  RandomRuns runs = random_runs(rng, lengths, 7, 2, true);
  ASSERT_TRUE(runs.ok);
  runs.skin[3].m[1] = std::numeric_limits<float>::infinity();
  runs.skin[3].m[10] = -std::numeric_limits<float>::infinity();
  ASSERT_TRUE(scalar_reference(runs.pal, runs.skin, runs.positions, runs.normals, &runs.ref_p, &runs.ref_n));
  std::size_t finite = 0, spoiled = 0;
  for (const glm::vec3& p : runs.ref_p) (std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z) ? finite : spoiled)++;
  EXPECT_GT(finite, runs.ref_p.size() / 2);
  EXPECT_GT(spoiled, 0u);
  for (SkinChunks chunks : {SkinChunks::kAlways, SkinChunks::kNever}) {
    auto layout = build_skin_layout(runs.pal, runs.positions, runs.normals, chunks);
    ASSERT_TRUE(layout.ok());
    for (SkinKernel k : kKernels) {
      std::vector<glm::vec3> p(runs.positions.size(), glm::vec3(7.0f)), n(runs.normals.size(), glm::vec3(7.0f));
      ASSERT_TRUE(layout_job(*layout, runs.skin, p, n, k).run());
      EXPECT_TRUE(same_bits(p, runs.ref_p)) << to_string(resolve_for(k, *layout));
      EXPECT_TRUE(same_bits(n, runs.ref_n)) << to_string(resolve_for(k, *layout));
    }
  }
}

struct Posed {
  std::vector<glm::mat4> bind, inv_bind, pose;
  explicit Posed(const Skeleton& sk) : bind(sk.size()), inv_bind(sk.size()), pose(sk.size()) {
    skeleton_bone_frames(sk, bind);
    invert_bind_matrices(bind, inv_bind);
  }
};

// skin_with_palette (the layout job) against the scalar jobs on the shipped creatures' own meshes.
TEST(LayoutSkinning, ShippedCreaturesBitIdenticalToScalarPaletteJobs) {
  for (const char* name : test::kShippedCreatures) {
    auto rig = test::load_shipped_rig(name);
    ASSERT_TRUE(rig.ok()) << name;
    auto c = build_skinned_creature(rig->skeleton);
    ASSERT_TRUE(c.ok()) << name << ": " << c.error().to_string();
    Posed p(rig->skeleton);
    SkinBuffers fast, ref;
    fast.resize_for(*c);
    ref.resize_for(*c);
    Rng rng = Rng::from_seed(21);
    for (int frame = 0; frame < 5; ++frame) {
      random_articulated_pose(rig->skeleton, p.bind, rng, 0.8f, 0.3f, p.pose);
      ASSERT_TRUE(skin_with_palette(*c, p.pose, p.inv_bind, &fast));
      SkinMatricesJob matrices;
      matrices.bone_ms = p.pose;
      matrices.inv_bind_ms = p.inv_bind;
      matrices.out = ref.skin;
      ASSERT_TRUE(matrices.run());
      PaletteMatricesJob pm;
      pm.palette = &c->palette;
      pm.skin = ref.skin;
      pm.out = ref.palette;
      ASSERT_TRUE(pm.run());
      PaletteSkinningJob job;
      job.palette_matrices = ref.palette;
      job.vertex_entry = c->palette.vertex_entry;
      job.positions_ms = c->mesh.positions_ms;
      job.normals_ms = c->mesh.normals_ms;
      job.out_positions_ms = ref.positions_ms;
      job.out_normals_ms = ref.normals_ms;
      ASSERT_TRUE(job.run());
      EXPECT_TRUE(same_bits(fast.positions_ms, ref.positions_ms)) << name << " frame " << frame;
      EXPECT_TRUE(same_bits(fast.normals_ms, ref.normals_ms)) << name << " frame " << frame;
    }
  }
}

// The game's size: every shipped creature at MeshOptions' default 3,000 vertices, its layout with the
// 16-lane form and without, every kernel: whole jobs, jobs split by split_runs (2, 3 and 7 parts) and at
// random runs (last range first, into fresh outputs), positions only; the scalar jobs' bits each time.
// The meshes have what the kernels special-case: runs of odd lengths (partial groups, a pair's odd last
// group), 8- and 16-lane chunks spanning one, two and more runs, splits that end inside a chunk.
TEST(LayoutSkinning, EveryKernelOnEveryShippedCreatureAtTheGameSize) {
  ASSERT_EQ(MeshOptions{}.resolved_target(), 3000);
  for (const char* name : test::kShippedCreatures) {
    auto rig = test::load_shipped_rig(name);
    ASSERT_TRUE(rig.ok()) << name;
    auto c = build_skinned_creature(rig->skeleton);
    ASSERT_TRUE(c.ok()) << name << ": " << c.error().to_string();
    const int vertices = c->mesh.vertex_count();
    EXPECT_NEAR(vertices, 3000, 150) << name;
    auto chunked = build_skin_layout(c->palette, c->mesh.positions_ms, c->mesh.normals_ms, SkinChunks::kAlways);
    auto plain = build_skin_layout(c->palette, c->mesh.positions_ms, c->mesh.normals_ms, SkinChunks::kNever);
    ASSERT_TRUE(chunked.ok() && plain.ok()) << name;
    ASSERT_TRUE(chunked->in_order) << name;
    int odd_runs = 0, multi_run_halves = 0, multi_run_chunks = 0, one_run_chunks = 0, two_run_chunks = 0;
    for (int r = 0; r < chunked->runs(); ++r) {
      const std::uint8_t last = chunked->group_live[chunked->run_group[r + 1] - 1];
      odd_runs += (last & SkinLayout::kLiveMask) != SkinLayout::kLanes || (chunked->run_group[r + 1] - chunked->run_group[r]) % 2;
    }
    for (int k = 0; k < chunked->chunks(); ++k) {
      const std::uint8_t* lanes = &chunked->lane_run[static_cast<std::size_t>(k) * 16];
      multi_run_chunks += lanes[15] != 0;
      one_run_chunks += lanes[15] == 0;  // the 16-lane loop broadcasts
      two_run_chunks += lanes[15] == 1;  // ... and blends two broadcasts
      multi_run_halves += (lanes[7] != lanes[0]) + (lanes[15] != lanes[8]);
    }
    EXPECT_GT(odd_runs, 0) << name;
    EXPECT_GT(multi_run_halves, 0) << name;
    EXPECT_GT(multi_run_chunks, 0) << name;
    EXPECT_GT(one_run_chunks, 0) << name;
    EXPECT_GT(two_run_chunks, 0) << name;

    Posed posed(rig->skeleton);
    std::vector<Mat3x4> skin(posed.bind.size());
    Rng rng = Rng::from_seed(3000);
    for (int frame = 0; frame < 3; ++frame) {
      random_articulated_pose(rig->skeleton, posed.bind, rng, 0.8f, 0.3f, posed.pose);
      SkinMatricesJob matrices;
      matrices.bone_ms = posed.pose;
      matrices.inv_bind_ms = posed.inv_bind;
      matrices.out = skin;
      ASSERT_TRUE(matrices.run());
      std::vector<glm::vec3> ref_p, ref_n;
      ASSERT_TRUE(scalar_reference(c->palette, skin, c->mesh.positions_ms, c->mesh.normals_ms, &ref_p, &ref_n));
      for (const SkinLayout* layout : {&*chunked, &*plain}) {
        for (SkinKernel k : kKernels) {
          const std::string what = std::string(name) + (layout == &*chunked ? ", chunked" : ", plain") +
                                   " layout, kernel " + to_string(resolve_for(k, *layout)) + ", frame " +
                                   std::to_string(frame);
          std::vector<glm::vec3> p(ref_p.size(), glm::vec3(7.0f)), n(ref_n.size(), glm::vec3(7.0f));
          LayoutSkinningJob job = layout_job(*layout, skin, p, n, k);
          ASSERT_TRUE(job.run()) << what;
          EXPECT_TRUE(same_bits(p, ref_p)) << what;
          EXPECT_TRUE(same_bits(n, ref_n)) << what;
          std::vector<std::vector<int>> splits;
          for (int parts : {2, 3, 7}) {
            std::vector<int> bounds(static_cast<std::size_t>(parts) + 1);
            split_runs(*layout, parts, bounds);
            splits.push_back(bounds);
          }
          for (int round = 0; round < 3; ++round) {
            std::vector<int> cuts = {0, layout->runs()};
            for (int i = rng.range(1, 8); i > 0; --i) cuts.push_back(rng.range(0, layout->runs()));
            std::sort(cuts.begin(), cuts.end());
            splits.push_back(cuts);
          }
          // A range's first vertex (the layout is in order: runs follow each other in the output).
          auto first_vertex = [&](int run) {
            return run == layout->runs() ? static_cast<std::size_t>(vertices)
                                         : static_cast<std::size_t>(layout->group_first[layout->run_group[run]]);
          };
          for (const std::vector<int>& cuts : splits) {
            // Each range into fresh outputs: it writes its own vertices and nothing else (ranges run on
            // threads side by side).
            std::vector<glm::vec3> q(ref_p.size()), qn(ref_n.size());
            for (std::size_t i = cuts.size() - 1; i > 0; --i) {
              std::vector<glm::vec3> one(ref_p.size(), glm::vec3(9.0f)), one_n(ref_n.size(), glm::vec3(9.0f));
              LayoutSkinningJob piece = job;
              piece.out_positions_ms = one;
              piece.out_normals_ms = one_n;
              piece.run_begin = cuts[i - 1];
              piece.run_end = cuts[i];
              ASSERT_TRUE(piece.run()) << what;
              const std::size_t vb = first_vertex(cuts[i - 1]), ve = first_vertex(cuts[i]);
              for (std::size_t v = 0; v < one.size(); ++v) {
                if (v >= vb && v < ve) continue;
                ASSERT_EQ(one[v], glm::vec3(9.0f)) << what << ": runs [" << cuts[i - 1] << ", " << cuts[i]
                                                   << ") wrote vertex " << v;
                ASSERT_EQ(one_n[v], glm::vec3(9.0f)) << what << ": runs [" << cuts[i - 1] << ", " << cuts[i]
                                                     << ") wrote normal " << v;
              }
              std::copy(one.begin() + static_cast<std::ptrdiff_t>(vb), one.begin() + static_cast<std::ptrdiff_t>(ve),
                        q.begin() + static_cast<std::ptrdiff_t>(vb));
              std::copy(one_n.begin() + static_cast<std::ptrdiff_t>(vb), one_n.begin() + static_cast<std::ptrdiff_t>(ve),
                        qn.begin() + static_cast<std::ptrdiff_t>(vb));
            }
            EXPECT_TRUE(same_bits(q, ref_p)) << what << ", " << cuts.size() - 1 << " ranges";
            EXPECT_TRUE(same_bits(qn, ref_n)) << what << ", " << cuts.size() - 1 << " ranges";
          }
          std::vector<glm::vec3> po(ref_p.size(), glm::vec3(3.0f));
          LayoutSkinningJob positions_only = job;
          positions_only.out_positions_ms = po;
          positions_only.out_normals_ms = {};
          ASSERT_TRUE(positions_only.run()) << what;
          EXPECT_TRUE(same_bits(po, ref_p)) << what << ", positions only";
        }
      }
    }
  }
}

}  // namespace
}  // namespace cf
