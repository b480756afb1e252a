// The export read back by our own glTF loader: structure, weights, and every pose it plays against
// the game's skinning; plus the failure cases (motions a creature cannot play, unwritable output).
#include "gltf/gltf_export.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <vector>

#include "core/file_io.h"
#include "creature/creature_io.h"
#include "gltf/gltf_skin.h"
#include "motion/motion_library.h"
#include "retarget/emote.h"
#include "sweep.h"

namespace cf {
namespace {

const std::string kAssets = CF_ASSETS_DIR;

// The shipped library; a motion imported from a capture set (its description's source).
const MotionLibrary& library() {
  static const MotionLibrary lib = load_motion_library({kAssets + "/motions"});
  return lib;
}
bool imported(const std::string& name) {
  const int m = library().find(name);
  return m >= 0 && !library()[m].about().source.empty();
}
// The export's default motions a body can play: every exportable one whose variants fit it.
std::vector<std::string> playable(const Rig& rig) {
  std::vector<std::string> out;
  for (const std::string& n : exportable_motions()) {
    const int m = library().find(n);
    if (m < 0 || choose_variant(library()[m].about(), rig) >= 0) out.push_back(n);
  }
  return out;
}
std::vector<std::string> made_here(const std::vector<std::string>& names) {
  std::vector<std::string> out;
  for (const std::string& n : names)
    if (!imported(n)) out.push_back(n);
  return out;
}

Creature load(const std::string& name) {
  Result<Creature> c = load_creature(kAssets + "/creatures/" + name + ".json");
  EXPECT_TRUE(c.ok()) << (c.ok() ? "" : c.error().to_string());
  return c.ok() ? *c : Creature{};
}

std::string temp_path(const std::string& name) { return ::testing::TempDir() + "cf_gltf_" + name; }

class ExportRoundTrip : public ::testing::TestWithParam<const char*> {};

// Every tick of every motion, read back through tinygltf and skinned by our blend job, lands within
// the 1 mm bound of the game's palette skinning of the exact pose.
TEST_P(ExportRoundTrip, EveryTickMatchesTheGameWithinOneMillimetre) {
  ExportOptions opt;
  opt.assets_dir = kAssets;
  const std::string out = temp_path(std::string(GetParam()) + ".glb");
  Result<ExportReport> rep = export_glb(load(GetParam()), opt, out);
  ASSERT_TRUE(rep.ok()) << rep.error().to_string();
  std::vector<std::string> skipped;
  Result<ExportSource> src = prepare_export(load(GetParam()), opt, &skipped);
  ASSERT_TRUE(src.ok());
  ASSERT_EQ(rep->motions.size(), playable(src->rig).size());
  Result<SkinnedGltf> g = load_skinned_gltf(out);
  ASSERT_TRUE(g.ok()) << g.error().to_string();
  ASSERT_EQ(g->primitives.size(), 1u);
  const GltfSkinnedPrimitive& prim = g->primitives[0];
  EXPECT_EQ(prim.joints.size(), static_cast<std::size_t>(src->rig.skeleton.size()));
  EXPECT_EQ(prim.positions.size(), static_cast<std::size_t>(src->flesh.mesh.vertex_count()));
  EXPECT_EQ(g->animation_names, playable(src->rig));
  EXPECT_EQ(made_here(g->animation_names), (std::vector<std::string>{"walk", "run", "stand", "idle", "jump", "sit", "greet",
                                                                     "roar", "dance", "vault"}));

  std::vector<glm::mat4> inv_bind(src->bind_ms.size()), world;
  invert_bind_matrices(src->bind_ms, inv_bind);
  SkinBuffers game;
  game.resize_for(src->flesh);
  std::vector<glm::vec3> ours;
  for (std::size_t m = 0; m < src->motions.size(); ++m) {
    const PosedMotion& pm = src->motions[m];
    EXPECT_LE(rep->motions[m].max_error_m, 0.001f) << pm.name;
    EXPECT_LT(rep->motions[m].keys_after, rep->motions[m].keys_before) << pm.name;
    float worst = 0.0f;
    for (std::size_t k = 0; k < pm.frames.size(); k += static_cast<std::size_t>(test::sweep_step(4))) {
      pose_gltf_nodes(*g, static_cast<int>(m), k * kTick_s, &world);
      ASSERT_TRUE(skin_gltf_primitive(*g, 0, world, &ours));
      ASSERT_TRUE(skin_with_palette(src->flesh, pm.frames[k], inv_bind, &game));
      for (std::size_t v = 0; v < ours.size(); ++v)
        worst = std::max(worst, glm::length(ours[v] - game.positions_ms[v]));
    }
    EXPECT_LE(worst, 0.001f) << pm.name;
  }
  std::remove(out.c_str());
}

// Under the sanitizers two bodies (arms and a tail; long legs): each export there costs 30-60 s.
std::vector<const char*> export_bodies() {
  if (test::kUnderSanitizer) return {"biped_arms_tail", "strider"};
  return {"biped", "biped_arms_tail", "hexapod", "octopod", "quadruped", "strider", "stubby"};
}

INSTANTIATE_TEST_SUITE_P(ShippedCreatures, ExportRoundTrip, ::testing::ValuesIn(export_bodies()));

TEST(GltfExport, WeightsAreTheGamesFourAtMostSummingToOne) {
  ExportOptions opt;
  opt.assets_dir = kAssets;
  opt.motions = {"stand"};
  Result<ExportSource> src = prepare_export(load("quadruped"), opt, nullptr);
  ASSERT_TRUE(src.ok());
  ExportReport rep;
  Result<std::string> glb = build_glb(*src, "", opt, &rep);
  ASSERT_TRUE(glb.ok());
  EXPECT_EQ(glb->substr(0, 4), "glTF");
  EXPECT_EQ(rep.bytes, glb->size());
  const std::string out = temp_path("weights.glb");
  ASSERT_TRUE(write_file_atomic(out, *glb).ok());
  Result<SkinnedGltf> g = load_skinned_gltf(out);
  ASSERT_TRUE(g.ok());
  const FixedInfluences& in = g->primitives[0].influences;
  const WeightTable game = palette_weights(src->flesh.palette);
  ASSERT_EQ(in.slots, 4);
  for (int v = 0; v < game.vertex_count(); ++v) {
    float sum = 0.0f;
    for (int k = 0; k < 4; ++k) sum += in.weights[static_cast<std::size_t>(v * 4 + k)];
    EXPECT_EQ(sum, 1.0f) << v;  // multiples of 1/128: exact in float
    for (const Influence* i = game.begin(v); i != game.end(v); ++i) {
      float w = 0.0f;
      for (int k = 0; k < 4; ++k)
        if (in.bones[static_cast<std::size_t>(v * 4 + k)] == i->bone)
          w += in.weights[static_cast<std::size_t>(v * 4 + k)];
      EXPECT_EQ(w, i->weight) << "vertex " << v << " bone " << i->bone;
    }
  }
  std::remove(out.c_str());
}

TEST(GltfExport, LooserBoundKeepsFewerKeys) {
  ExportOptions fine, coarse;
  fine.assets_dir = coarse.assets_dir = kAssets;
  fine.motions = coarse.motions = {"walk"};
  coarse.max_error_m = 0.01f;
  Result<ExportSource> src = prepare_export(load("biped"), fine, nullptr);
  ASSERT_TRUE(src.ok());
  ExportReport a, b;
  ASSERT_TRUE(build_glb(*src, "", fine, &a).ok());
  ASSERT_TRUE(build_glb(*src, "", coarse, &b).ok());
  EXPECT_LT(b.motions[0].keys_after, a.motions[0].keys_after);
  EXPECT_LE(b.motions[0].max_error_m, 0.01f);
  EXPECT_LT(b.bytes, a.bytes);
}

const PosedMotion& motion(const ExportSource& s, const std::string& name) {
  for (const PosedMotion& m : s.motions)
    if (m.name == name) return m;
  ADD_FAILURE() << "no " << name;
  return s.motions.front();
}

glm::vec3 at(const PosedMotion& m, std::size_t tick, int bone) { return glm::vec3(m.frames[tick][bone][3]); }

// Every default motion of a shipped creature, as the export prepares them.
ExportSource prepared(const std::string& name) {
  ExportOptions opt;
  opt.assets_dir = kAssets;
  Result<ExportSource> src = prepare_export(load(name), opt, nullptr);
  EXPECT_TRUE(src.ok()) << name;
  return src.ok() ? std::move(*src) : ExportSource{};
}

TEST(GltfExport, WalkTravelsForwardAndLoopsInPlaceOtherwise) {
  const ExportSource s = prepared("biped");
  ASSERT_EQ(s.motions.size(), playable(s.rig).size());
  const ExportSource* src = &s;
  const int root = src->rig.cog_bone;
  const PosedMotion& walk = src->motions[0];
  ASSERT_EQ(walk.name, "walk");
  EXPECT_TRUE(walk.loop);
  EXPECT_GT(walk.frames.size(), 20u);  // one gait cycle of a metre-tall biped: under a second
  EXPECT_LT(walk.frames.size(), 70u);
  const glm::vec3 start(walk.frames.front()[root][3]);
  const glm::vec3 end(walk.frames.back()[root][3]);
  EXPECT_GT(end.z - start.z, 0.5f);  // one stride of a metre-tall biped
  EXPECT_NEAR(end.y, start.y, 1e-3f);
  const PosedMotion& stand = motion(*src, "stand");
  const glm::vec3 s0(stand.frames.front()[root][3]), s1(stand.frames.back()[root][3]);
  EXPECT_LT(glm::length(s1 - s0), 1e-4f);
}

// The run: one whole cycle of the settled walker, a longer stride than the walk's, the loop closing.
TEST(GltfExport, TheRunLoopsOneCycleWithALongerStrideThanTheWalk) {
  for (const char* name : {"biped", "quadruped", "hexapod"}) {
    const ExportSource s = prepared(name);
    ASSERT_EQ(s.motions.size(), playable(s.rig).size()) << name;
    const ExportSource* src = &s;
    const PosedMotion &walk = motion(*src, "walk"), &run = motion(*src, "run");
    EXPECT_TRUE(run.loop);
    const int root = src->rig.cog_bone;
    const std::size_t last = run.frames.size() - 1;
    const glm::vec3 stride = at(run, last, root) - at(run, 0, root);
    const float walk_stride = at(walk, walk.frames.size() - 1, root).z - at(walk, 0, root).z;
    EXPECT_GT(stride.z, 1.1f * walk_stride) << name;  // a reach-limited walk's stride is its reach
    EXPECT_NEAR(stride.x, 0.0f, 1e-3f) << name;
    EXPECT_NEAR(stride.y, 0.0f, 1e-3f) << name;
    // A cycle later every bone is where it was, one stride on: the loop closes.
    for (int b = 0; b < src->rig.skeleton.size(); ++b)
      EXPECT_LT(glm::length(at(run, last, b) - at(run, 0, b) - stride), 2e-3f) << name << " bone " << b;
    // Faster than the walk: a shorter cycle per metre.
    EXPECT_GT(stride.z / run.duration_s(), 1.5f * walk_stride / walk.duration_s()) << name;
  }
}

// Jump, sit and the emotes start from the stand; the one-shots end at it, the sit seated.
TEST(GltfExport, OneShotsStartAtTheStandAndTheSitEndsSeated) {
  const ExportSource s = prepared("biped_arms_tail");
  ASSERT_EQ(s.motions.size(), playable(s.rig).size());
  const ExportSource* src = &s;
  const int root = src->rig.cog_bone;
  const PosedMotion& idle = motion(*src, "idle");
  float idle_low = 1e9f;
  for (std::size_t k = 0; k < idle.frames.size(); ++k) idle_low = std::min(idle_low, at(idle, k, root).y);
  const glm::vec3 stand = at(idle, 0, root);
  for (const char* name : {"jump", "sit", "greet", "roar", "dance"}) {
    const PosedMotion& m = motion(*src, name);
    EXPECT_FALSE(m.loop) << name;
    EXPECT_LT(glm::length(at(m, 0, root) - stand), 0.01f) << name;
    float moved = 0.0f;
    for (std::size_t k = 0; k < m.frames.size(); ++k)
      for (int b = 0; b < src->rig.skeleton.size(); ++b) moved = std::max(moved, glm::length(at(m, k, b) - at(m, 0, b)));
    EXPECT_GT(moved, 0.05f) << name;
    if (std::string(name) == "sit") continue;
    for (int b = 0; b < src->rig.skeleton.size(); ++b)
      EXPECT_LT(glm::length(at(m, m.frames.size() - 1, b) - at(m, 0, b)), 0.01f) << name << " bone " << b;
  }
  EXPECT_LT(at(motion(*src, "sit"), motion(*src, "sit").frames.size() - 1, root).y, idle_low - 0.1f);
  EXPECT_NEAR(motion(*src, "sit").duration_s(), 4.0, 1e-9);  // the sit clip's length
  EXPECT_NEAR(motion(*src, "idle").duration_s(), 6.0, 1e-9);  // one loop of the idle clip
}

TEST(GltfExport, LeglessCreatureHopsAndEmotesButSkipsWhatNeedsLegs) {
  Result<Creature> c = parse_creature(R"({"format": "critterforge.creature/1", "name": "worm", "parts": [
      {"tag": "torso", "radius": 0.1, "stroke": [[0, 0.1, -0.5], [0, 0.1, 0], [0, 0.1, 0.5]]}]})",
                                      "worm.json");
  ASSERT_TRUE(c.ok()) << c.error().to_string();
  ExportOptions opt;
  opt.assets_dir = kAssets;
  std::vector<std::string> skipped;
  Result<ExportSource> src = prepare_export(*c, opt, &skipped);
  ASSERT_TRUE(src.ok()) << src.error().to_string();
  std::vector<std::string> names;
  for (const PosedMotion& m : src->motions) names.push_back(m.name);
  // As in the game: it hops, sits (its torso lowers), greets (nods), roars (rears its front), dances.
  EXPECT_EQ(made_here(names), (std::vector<std::string>{"jump", "sit", "greet", "roar", "dance"}));
  std::vector<std::string> captures, fitting;  // and the captured motions its variants fit (the snake's)
  for (const std::string& n : names)
    if (imported(n)) captures.push_back(n);
  for (const std::string& n : playable(src->rig))
    if (imported(n)) fitting.push_back(n);
  EXPECT_EQ(captures, fitting);
  std::vector<std::string> skipped_here;
  for (const std::string& k : skipped)
    if (!imported(k.substr(0, k.find(':')))) skipped_here.push_back(k);
  skipped = skipped_here;
  ASSERT_EQ(skipped.size(), 5u);
  for (const char* n : {"walk", "run", "stand", "idle", "vault"})
    EXPECT_TRUE(std::any_of(skipped.begin(), skipped.end(), [&](const std::string& s) { return s.rfind(n, 0) == 0; }))
        << n;
  const int root = src->rig.cog_bone;
  const PosedMotion& hop = src->motions[0];
  float top = 0.0f;
  for (const auto& f : hop.frames) top = std::max(top, f[root][3].y - hop.frames[0][root][3].y);
  EXPECT_GT(top, 0.1f);  // the hop lifts the body
  EXPECT_NEAR(hop.frames.back()[root][3].y, hop.frames[0][root][3].y, 1e-5f);
  ExportReport rep;
  EXPECT_TRUE(build_glb(*src, "", opt, &rep).ok());  // a still creature is still a valid file
  opt.motions = {"walk"};
  Result<ExportSource> refused = prepare_export(*c, opt, nullptr);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().to_string().find("walk.json"), std::string::npos);
  opt.motions = {"run"};
  EXPECT_FALSE(prepare_export(*c, opt, nullptr).ok());
  opt.motions = {"vault"};
  EXPECT_FALSE(prepare_export(*c, opt, nullptr).ok());
}

TEST(GltfExport, UnwritableOutputIsAnErrorNamingTheFile) {
  ExportOptions opt;
  opt.assets_dir = kAssets;
  opt.motions = {"stand"};
  const std::string out = "/nonexistent-dir/biped.glb";
  Result<ExportReport> r = export_glb(load("biped"), opt, out);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().to_string().find(out), std::string::npos) << r.error().to_string();
}

TEST(GltfExport, MissingTextureIsAnError) {
  ExportOptions opt;
  opt.assets_dir = ::testing::TempDir();  // no motions, no texture
  opt.motions = {"stand"};
  EXPECT_FALSE(export_glb(load("biped"), opt, temp_path("x.glb")).ok());
}

TEST(GltfExport, EditorSavesBesideTheCreature) {
  EXPECT_EQ(export_path_beside("/data/critterforge/creatures/newt.json"),
            "/data/critterforge/creatures/newt.glb");
  EXPECT_EQ(export_path_beside("newt"), "newt.glb");
  EXPECT_EQ(export_path_beside(".json"), ".json.glb");
}

TEST(GltfSkin, CorruptFileIsAnErrorNotACrash) {
  const std::string path = temp_path("corrupt.gltf");
  ASSERT_TRUE(
      write_file_atomic(path, "{\"asset\": {\"version\": \"2.0\"}, \"nodes\": [{\"children\": [0]}]}").ok());
  EXPECT_FALSE(load_skinned_gltf(path).ok());
  ASSERT_TRUE(write_file_atomic(path, "glTF\x02garbage").ok());
  EXPECT_FALSE(load_skinned_gltf(path).ok());
  EXPECT_FALSE(load_skinned_gltf(temp_path("missing.gltf")).ok());
  std::remove(path.c_str());
}

}  // namespace
}  // namespace cf
