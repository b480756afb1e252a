// The scene identity folded into the state hash: the hash names the creature, level and motions it
// ran with, and a replay's embedded copy of a scene has the same identity as the files.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/file_io.h"
#include "grey_png.h"
#include "render/image_io.h"
#include "game/play/scene.h"
#include "game/play/controls.h"
#include "game/session/session.h"
#include "game/play/sim.h"
#include "game/play/world_runtime.h"

namespace cf {
namespace {

std::string creature(const char* name) { return std::string(CF_ASSETS_DIR "/creatures/") + name + ".json"; }
std::string level(const char* name) { return std::string(CF_ASSETS_DIR "/levels/") + name + ".json"; }

std::uint64_t idle_hash(const Scene& scene) {
  const Species species = make_species(scene);
  SimContext ctx;
  ctx.level = &scene.level;
  ctx.species = &species;
  ctx.species_count = 1;
  ctx.scene_id = scene.identity;
  SimState s = initial_state(ctx, 1);
  WorldRuntime runtime;
  for (int i = 0; i < 30; ++i) step(s, InputFrame(), ctx, runtime);
  return hash_state(s);
}

TEST(SceneIdentity, EmbeddedContentHasTheSameIdentityAsTheFiles) {
  Result<Scene> files = load_scene(creature("quadruped"), level("fence_region"));
  ASSERT_TRUE(files.ok()) << files.error().to_string();
  ASSERT_NE(files->identity, 0u);
  // As a replay carries it: parsed JSON, then rebuilt.
  Result<Scene> embedded = scene_from_json("q.json", files->creature_json, "r.json", "l.json", files->level_json, "r.json");
  ASSERT_TRUE(embedded.ok()) << embedded.error().to_string();
  EXPECT_EQ(embedded->identity, files->identity);
  EXPECT_EQ(idle_hash(*embedded), idle_hash(*files));
}

// The finding: an idle run hashed the same for different creature/level pairs.
// A level whose ground is a heightmap PNG: the scene's JSON (what the identity hashes and a replay carries)
// holds the heights themselves, so a replay plays anywhere and a changed picture is a different scene.
TEST(SceneIdentity, AHeightmapsHeightsAreInTheSceneNotItsName) {
  Result<Scene> files = load_scene(creature("biped"), level("dunes"));
  ASSERT_TRUE(files.ok()) << files.error().to_string();
  ASSERT_EQ(files->level.terrain.heightmap, "dunes.png");
  const Json& terrain = files->level_json["terrain"];
  EXPECT_FALSE(terrain.contains("heightmap"));
  ASSERT_TRUE(terrain.contains("heights_m"));
  EXPECT_EQ(terrain["heights_m"].size(), static_cast<std::size_t>(files->level.terrain.rows));
  Result<Scene> embedded = scene_from_json("b.json", files->creature_json, "/nowhere/r.json", "l.json", files->level_json,
                                           "/nowhere/r.json");
  ASSERT_TRUE(embedded.ok()) << embedded.error().to_string();
  EXPECT_EQ(embedded->identity, files->identity);
  EXPECT_EQ(embedded->level.terrain.heights_m, files->level.terrain.heights_m);
  EXPECT_EQ(idle_hash(*embedded), idle_hash(*files));
  // The same level beside a picture one sample higher at its centre.
  const std::string dir = std::string(CF_BINARY_DIR) + "/scene_identity_heightmap";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::filesystem::copy_file(level("dunes"), dir + "/dunes.json");
  Result<GreyImage> img = load_grey_png(std::string(CF_ASSETS_DIR) + "/levels/dunes.png", 512);
  ASSERT_TRUE(img.ok()) << img.error().to_string();
  std::vector<std::uint16_t> samples(img->samples.begin(), img->samples.end());
  samples[samples.size() / 2] += 1;
  std::ofstream(dir + "/dunes.png", std::ios::binary) << test::png(img->width, img->height, 16, 0, samples);
  Result<Scene> changed = load_scene(creature("biped"), dir + "/dunes.json");
  ASSERT_TRUE(changed.ok()) << changed.error().to_string();
  EXPECT_NE(changed->identity, files->identity);
}

TEST(SceneIdentity, IdleHashDiffersForEveryCreatureAndLevelPair) {
  std::vector<std::uint64_t> ids, hashes;
  for (const char* c : {"biped", "quadruped", "hexapod", "stubby"}) {
    for (const char* l : {"default", "open_ground"}) {
      Result<Scene> s = load_scene(creature(c), level(l));
      ASSERT_TRUE(s.ok()) << s.error().to_string();
      ids.push_back(s->identity);
      hashes.push_back(idle_hash(*s));
    }
  }
  for (std::size_t i = 0; i < ids.size(); ++i)
    for (std::size_t k = i + 1; k < ids.size(); ++k) {
      EXPECT_NE(ids[i], ids[k]) << i << " " << k;
      EXPECT_NE(hashes[i], hashes[k]) << i << " " << k;
    }
}

TEST(SceneIdentity, CoversEveryPieceOfContent) {
  Result<Scene> s = load_scene(creature("biped"), level("default"));
  ASSERT_TRUE(s.ok());
  const Json& c = s->creature_json;
  const Json& l = s->level_json;
  const std::uint64_t base = scene_identity(c, l, &s->walk_clip, {});
  EXPECT_EQ(base, scene_identity(c, l, &s->walk_clip, {}));  // deterministic
  Json c2 = c;
  c2["parts"][0]["radius"] = c["parts"][0]["radius"].get<double>() + 1e-6;
  EXPECT_NE(scene_identity(c2, l, &s->walk_clip, {}), base);
  Json l2 = l;
  l2["name"] = "renamed";
  EXPECT_NE(scene_identity(c, l2, &s->walk_clip, {}), base);
  MotionClip walk2 = s->walk_clip;
  walk2.duration_s += 0.01;
  EXPECT_NE(scene_identity(c, l, &walk2, {}), base);
  EXPECT_NE(scene_identity(c, l, nullptr, {}), base);
  EXPECT_NE(scene_identity(c, l, nullptr, {motion_to_json(s->walk_clip).dump()}), scene_identity(c, l, &s->walk_clip, {}));
  // Creature and level content cannot stand in for each other.
  EXPECT_NE(scene_identity(c, l, nullptr, {}), scene_identity(l, c, nullptr, {}));
}

// The ground's material is a look (the dunes' sand): a level that sets it computes what it did without it.
TEST(SceneIdentity, TheGroundsMaterialIsALookNotPartOfTheScene) {
  Result<Scene> s = load_scene(creature("biped"), level("default"));
  ASSERT_TRUE(s.ok());
  Json sand = s->level_json;
  sand["ground"]["material"] = "sand";
  EXPECT_EQ(scene_identity(s->creature_json, sand, &s->walk_clip, {}),
            scene_identity(s->creature_json, s->level_json, &s->walk_clip, {}));
  Json moved = sand;
  moved["ground"]["y"] = 0.5;  // the ground itself still counts
  EXPECT_NE(scene_identity(s->creature_json, moved, &s->walk_clip, {}),
            scene_identity(s->creature_json, sand, &s->walk_clip, {}));
}

}  // namespace
}  // namespace cf
