// The glTF animation importer on the five CC0 Mesh2Motion sets (tests/data/external/gltf-anim): each
// set's clip count and body plan, the clips as valid library motions, and hostile files refused with
// one line.
#include <gtest/gtest.h>

#include <cctype>
#include <string>

#include "core/file_io.h"
#include "motion/gltf_anim_import.h"
#include "core/json.h"

namespace cf {
namespace {

const std::string kDir = std::string(CF_TEST_DATA_DIR) + "/gltf-anim/";

struct Set {
  const char* name;
  int animations, imported, legs, wings;
  bool head, tail;
};
// Every animation of a set but its "Rest Pose" (one still pose) becomes a motion.
constexpr Set kSets[] = {{"fox", 14, 13, 4, 0, true, true},
                         {"horse", 14, 13, 4, 0, true, true},
                         {"spider", 10, 9, 8, 0, true, true},
                         {"bird", 5, 4, 2, 2, true, true},
                         {"snake", 8, 7, 0, 0, true, true}};

GltfAnimImport import_set(const Set& s) {
  GltfImportOptions o;
  o.source = s.name;
  Result<GltfAnimImport> r = import_gltf_file(kDir + s.name + "-animations.glb", o);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().to_string());
  return r.ok() ? *r : GltfAnimImport{};
}

TEST(GltfAnimImport, EachSetGivesItsClipsAndBodyPlan) {
  for (const Set& s : kSets) {
    SCOPED_TRACE(s.name);
    const GltfAnimImport g = import_set(s);
    EXPECT_EQ(g.animations, s.animations);
    EXPECT_EQ(static_cast<int>(g.clips.size()), s.imported);
    EXPECT_EQ(static_cast<int>(g.skipped.size()), s.animations - s.imported);
    EXPECT_EQ(g.plan.legs, s.legs);
    EXPECT_EQ(g.plan.arms, s.wings);
    EXPECT_EQ(g.plan.head, s.head);
    EXPECT_EQ(g.plan.tail, s.tail);
    int left = 0;
    for (const FoundLimb& l : g.plan.limbs) left += l.side == 0 ? 1 : 0;
    EXPECT_EQ(2 * left, static_cast<int>(g.plan.limbs.size())) << "as many limbs on the left as on the right";
  }
}

TEST(GltfAnimImport, LeftIsLeftAndTheHeadIsInFront) {
  const GltfAnimImport fox = import_set(kSets[0]);
  for (const FoundLimb& l : fox.plan.limbs) {
    // The rig's own names agree with the sides and the order found from positions alone.
    const char want = l.side == 0 ? 'L' : 'R';
    EXPECT_EQ(l.leaf.back(), want) << l.leaf;
    EXPECT_NE(l.top.find(l.rank == 0 ? "Front" : "Back"), std::string::npos) << l.top;
  }
  EXPECT_EQ(fox.plan.forward_from, "leaves");
}

TEST(GltfAnimImport, ClipsAreLibraryMotionsWithinTheirBound) {
  for (const Set& s : kSets) {
    SCOPED_TRACE(s.name);
    const GltfAnimImport g = import_set(s);
    for (const ImportedClip& c : g.clips) {
      EXPECT_TRUE(validate_motion(c.clip, c.clip.name).ok()) << c.clip.name;
      EXPECT_EQ(c.clip.name.rfind(std::string(s.name) + "_", 0), 0u) << c.clip.name;
      EXPECT_EQ(c.clip.name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_"), std::string::npos);
      EXPECT_TRUE(c.clip.description.given);
      EXPECT_TRUE(c.clip.description.dpad.empty()) << "menu-only";
      EXPECT_TRUE(c.clip.description.herd.empty()) << "never chosen by a herd";
      std::string group = s.name;  // the menu's group: the set's name
      group[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(group[0])));
      EXPECT_EQ(c.clip.description.source, group);
      ASSERT_EQ(c.clip.description.variants.size(), 1u);
      const BodyPredicate& w = c.clip.description.variants[0].when;
      // The words say what the body does; a capture keeps no beat of the game's ("bobs to the beat").
      EXPECT_EQ(c.clip.description.variants[0].words.find("beat"), std::string::npos) << c.clip.name;
      if (s.legs == 0) EXPECT_EQ(w.max_legs, 0) << "a legless source drives legless bodies only";
      else EXPECT_EQ(w.min_legs, 1) << "a legged source needs legs";
      EXPECT_LE(c.error_m, 1.25f * c.bound_m + 1e-4f) << c.clip.name;
      EXPECT_GT(c.keys, 0);
      // The file round-trips.
      Result<MotionClip> back = parse_motion(motion_file_json(c.clip).dump(), "x.json");
      EXPECT_TRUE(back.ok()) << (back.ok() ? "" : back.error().to_string());
    }
  }
  // A walk captured on the spot gets its travel: the fox's walk is a loop that moves forward.
  const GltfAnimImport fox = import_set(kSets[0]);
  bool walk = false;
  for (const ImportedClip& c : fox.clips)
    if (c.source_name == "Walk") {
      walk = true;
      EXPECT_TRUE(c.clip.loop);
      EXPECT_GT(c.clip.cycle_offset_ms.z, 0.1f);
      EXPECT_GT(c.contacts, 0);
    }
  EXPECT_TRUE(walk);
}

// The gaits captured on the spot are travelling loops with their feet planted: the fox's Run (a gallop
// of 13 frames whose last key repeats the one before it, its hind feet touching down for a frame or two),
// the horse's Run and Trot — not one-shots without contacts.
TEST(GltfAnimImport, RunsAndTrotsAreTravellingLoopsWithContacts) {
  struct Gait {
    int set;
    const char* clip;
  };
  for (const Gait& g : {Gait{0, "Run"}, Gait{1, "Run"}, Gait{1, "Trot"}, Gait{0, "Walk"}, Gait{1, "Walk"}}) {
    SCOPED_TRACE(std::string(kSets[g.set].name) + " " + g.clip);
    const GltfAnimImport imp = import_set(kSets[g.set]);
    const ImportedClip* found = nullptr;
    for (const ImportedClip& c : imp.clips)
      if (c.source_name == g.clip) found = &c;
    ASSERT_NE(found, nullptr);
    EXPECT_TRUE(found->clip.loop);
    EXPECT_EQ(found->clip.description.kind, MotionKind::kHeldLoop);
    EXPECT_GT(found->clip.cycle_offset_ms.z, 0.1f) << "it travels forward";
    EXPECT_GT(found->contacts, 0) << "its feet plant";
    EXPECT_LT(found->clip.duration_s, 1.0);
  }
}

// A rig map names what the rest pose would get wrong: here it says the fox has only its hind legs (a
// biped's plan), so the forelegs are neither legs nor the clips' arms; the head and tail it names are
// kept. A map naming a joint the skin lacks, or not a map at all, is one line naming the field.
TEST(GltfAnimImport, ARigMapDecidesTheBodyPlan) {
  const GltfAnimImport found = import_set(kSets[0]);
  std::string legs;
  for (const FoundLimb& l : found.plan.limbs)
    if (l.kind == "leg" && l.rank == 1)
      legs += std::string(legs.empty() ? "" : ", ") + "{\"top\": \"" + l.top + "\", \"leaf\": \"" + l.leaf + "\"}";
  ASSERT_FALSE(legs.empty());
  const std::string text = "{\"format\": \"critterforge.rigmap/1\", \"legs\": [" + legs + "], \"head\": \"" +
                           found.plan.head_joint + "\"}";
  Result<RigMap> map = parse_rig_map(text, "fox.rigmap.json");
  ASSERT_TRUE(map.ok()) << map.error().to_string();
  EXPECT_EQ(map->legs.size(), 2u);
  GltfImportOptions o;
  o.source = "fox";
  o.map = *map;
  Result<GltfAnimImport> mapped = import_gltf_file(kDir + "fox-animations.glb", o);
  ASSERT_TRUE(mapped.ok()) << mapped.error().to_string();
  EXPECT_EQ(mapped->plan.legs, 2) << "the map's legs only";
  EXPECT_EQ(mapped->plan.arms, 0);
  EXPECT_TRUE(mapped->plan.head);
  EXPECT_EQ(mapped->plan.head_joint, found.plan.head_joint);
  EXPECT_EQ(mapped->clips.size(), found.clips.size());
  for (const ImportedClip& c : mapped->clips) EXPECT_TRUE(c.clip.hand_contact[0].values.empty()) << c.source_name;

  o.map.legs[0].top = "no_such_joint";
  Result<GltfAnimImport> missing = import_gltf_file(kDir + "fox-animations.glb", o);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().field, "map.legs[0].top");
  EXPECT_NE(missing.error().to_string().find("no_such_joint"), std::string::npos);
  EXPECT_EQ(missing.error().to_string().find('\n'), std::string::npos);
  o.map.legs[0] = {found.plan.head_joint, found.plan.limbs[0].leaf};  // not a chain
  EXPECT_FALSE(import_gltf_file(kDir + "fox-animations.glb", o).ok());

  EXPECT_EQ(parse_rig_map("{\"format\": \"critterforge.rigmap/1\", \"wings\": []}", "m").error().field, "wings");
  EXPECT_EQ(parse_rig_map("{\"format\": \"x\"}", "m").error().field, "format");
  EXPECT_EQ(parse_rig_map("{\"format\": 1}", "m").error().field, "format");
  EXPECT_FALSE(parse_rig_map("[]", "m").ok());
  EXPECT_EQ(parse_rig_map("{\"format\": \"critterforge.rigmap/1\", \"legs\": [{\"top\": 1}]}", "m").error().field,
            "legs[0]");
  EXPECT_FALSE(parse_rig_map(std::string(kMaxRigMapBytes + 1, ' '), "m").ok());
  EXPECT_FALSE(parse_rig_map("[[[[", "m").ok());
}

TEST(GltfAnimImport, NamesAreSanitized) {
  EXPECT_EQ(sanitize_motion_name("Idle Alert"), "idle_alert");
  EXPECT_EQ(sanitize_motion_name("../../etc/passwd"), "etc_passwd");
  EXPECT_EQ(sanitize_motion_name("/\\..:"), "clip");
  EXPECT_EQ(sanitize_motion_name(std::string(200, 'a')).size(), 48u);
  EXPECT_EQ(sanitize_motion_name("Ünïcode\n\x01"), "n_code");
}

TEST(GltfAnimImport, HostileAndDamagedFilesAreRefusedWithOneLine) {
  Result<std::string> fox = read_file(kDir + "fox-animations.glb");
  ASSERT_TRUE(fox.ok());
  const std::string& b = *fox;
  std::vector<std::pair<std::string, std::string>> cases = {
      {"empty", ""},
      {"truncated header", b.substr(0, 10)},
      {"truncated", b.substr(0, b.size() / 2)},
      {"json only", "{\"asset\": {\"version\": \"2.0\"}}"},
      {"not json", "hello"},
      {"external buffer", "{\"asset\": {\"version\": \"2.0\"}, \"buffers\": [{\"uri\": \"../../secret.bin\", \"byteLength\": 4}]}"},
      {"deep", std::string(100000, '[')},
  };
  std::string bad_len = b;  // the JSON chunk claims more than the file holds
  bad_len[12] = '\xff', bad_len[13] = '\xff', bad_len[14] = '\xff', bad_len[15] = '\x7f';
  cases.push_back({"long chunk", bad_len});
  std::string flipped = b;  // garbage in the JSON text
  for (std::size_t i = 200; i < 400; ++i) flipped[i] = '}';
  cases.push_back({"garbled json", flipped});
  for (const auto& [what, bytes] : cases) {
    Result<GltfAnimImport> r = import_gltf_animations(bytes, "hostile.glb");
    ASSERT_FALSE(r.ok()) << what;
    const std::string line = r.error().to_string();
    EXPECT_EQ(line.find('\n'), std::string::npos) << what << ": " << line;
    EXPECT_EQ(line.rfind("hostile.glb", 0), 0u) << what << ": " << line;
  }
  GltfImportOptions small;
  small.budget.max_file_bytes = 1000;
  EXPECT_FALSE(import_gltf_animations(b, "big.glb", small).ok()) << "the size budget";
  // Every cut of the file ends in a line, never a crash (every 997th byte).
  for (std::size_t n = 0; n < b.size(); n += 997) EXPECT_FALSE(import_gltf_animations(b.substr(0, n), "cut.glb").ok()) << n;
}

}  // namespace
}  // namespace cf
