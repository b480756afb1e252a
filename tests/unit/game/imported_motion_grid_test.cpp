// Every imported motion of the shipped library (the captured animal sets, menu-only motions) on seeded
// random creatures through the real tick and the real motion menu (RB, the d-pad to it, A): a body its
// variants fit plays it and stops (a held one when the stick moves); a body none fits is told it cannot
// and nothing plays. Every tick: no clip event, no root pop, no planted foot skating, no knee bent
// backwards, every pose finite (the motion grid's checks). Prints the pass count; the bar is 99%.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "grid_creature.h"

#include "../retarget/test_creatures.h"
#include "core/file_io.h"
#include "game/play/actions/clip_action.h"
#include "game/play/scene.h"
#include "game/session/session.h"
#include "game_test_util.h"

namespace cf {
namespace {

// The bodies: legless, two, four, six and eight legs; two legs with arms; four legs with an arm and a tail.
Creature body(Rng& rng, int legs, int arms, bool tail) { return grid_body(rng, legs, arms, tail); }

struct Cell {
  int legs, arms;
  bool tail;
};
constexpr Cell kBodies[] = {{0, 0, false}, {2, 0, false}, {4, 0, true}, {6, 0, false}, {8, 0, false}, {2, 2, true}, {4, 1, false}};

// The imported motions: the library's menu-only clip motions made by the importer (their notes say so).
std::vector<int> imported_motions() {
  const MotionLibrary& lib = clip_action().library();
  std::vector<int> out;
  for (int m = 0; m < lib.size(); ++m)
    if (plays_as_clip(lib[m]) && lib[m].clip.notes.rfind("Imported from", 0) == 0) out.push_back(m);
  return out;
}

InputFrame pad(std::uint32_t buttons, float y = 0.0f) {
  InputFrame f = test::stick(0.0f, y);
  f.buttons = f.pressed = buttons;
  return f;
}

// The checks of one tick (the motion grid's): false when the pose is not finite.
struct Checks {
  const Rig& rig;
  std::vector<glm::vec3> anchor;
  std::vector<bool> planted;
  glm::vec3 last_cog{0.0f}, last_root{0.0f}, last_move{0.0f};
  int ticks = 0;
  std::string failure;
  explicit Checks(const Rig& r) : rig(r), anchor(r.limbs.size()), planted(r.limbs.size(), false) {}
  void fail(const std::string& s) {
    if (failure.empty()) failure = s;
  }
  void check(const Session& s, bool playing) {
    const CreaturePose& p = s.runtime().pose(0);
    const CreatureState& c = s.state().player();
    const std::string at = " at tick " + std::to_string(ticks);
    for (std::size_t b = 0; b < static_cast<std::size_t>(rig.skeleton.size()); ++b)
      if (!std::isfinite(p.head_ws[b].x + p.head_ws[b].y + p.head_ws[b].z + p.tail_ws[b].x + p.tail_ws[b].y + p.tail_ws[b].z))
        return fail("a pose not finite" + at);
    if (s.clips().count() > 0) fail("a clip event (" + std::string(to_string(s.clips().events()[0].obstacle)) + ")" + at);
    if (ticks > 0) {
      const glm::vec3 move = (p.cog_ws - last_cog) - (c.root_ws - last_root);
      const float step = glm::length(move - (ticks > 1 ? last_move : glm::vec3(0.0f)));
      last_move = move;
      if (step > 0.06f) fail("root popped " + std::to_string(step) + " m" + at);
    }
    last_cog = p.cog_ws;
    last_root = c.root_ws;
    for (std::size_t l = 0; l < rig.limbs.size(); ++l) {
      const LimbChain& limb = rig.limbs[l];
      if (limb.tag != PartTag::kLeg) continue;
      const LimbPose& lp = p.limbs[l];
      const glm::vec3 ankle = p.tail_ws[static_cast<std::size_t>(limb.bones[1])];
      if (test::knee_bent_backwards(rig, p, l)) fail("a knee bent backwards" + at);
      if (lp.contact && !planted[l]) anchor[l] = ankle;
      if (lp.contact && playing) {
        const float skate = glm::length(glm::vec2(ankle.x - anchor[l].x, ankle.z - anchor[l].z));
        if (skate > 0.02f * (limb.l1 + limb.l2) + 0.005f) fail("a planted foot skated " + std::to_string(skate) + " m" + at);
      }
      planted[l] = lp.contact;
    }
    ++ticks;
  }
};

// Plays library motion m on one body through the menu; "" when it passed, else the first failure.
// *offered: the body's variants fit it (else it must be refused).
std::string play_one(const Json& creature, const Json& level, int m, bool* offered) {
  Session s;
  Result<Scene> scene = scene_from_json("grid.json", creature, "grid.json", "open_field.level.json", level, "open_field.level.json");
  if (!scene) return "scene: " + scene.error().to_string();
  s.start(std::move(*scene), 1);
  const ClipAction& clips = clip_action();
  const LibraryMotion& lm = clips.library()[m];
  *offered = choose_variant(lm.about(), s.scene().rig) >= 0;
  Checks checks(s.scene().rig);
  auto tick = [&](const InputFrame& in) {
    s.tick(in);
    checks.check(s, clips.playing_motion(s.state().player()) >= 0);
  };
  for (int t = 0; t < 20; ++t) tick(pad(0));
  tick(pad(MotionMenu::kOpenButton));
  tick(pad(0));
  const auto& entries = s.motion_menu().entries();
  int target = -1;
  for (std::size_t i = 0; i < entries.size(); ++i)
    if (entries[i].motion == m) target = static_cast<int>(i);
  if (target < 0) return *offered ? "not in the motion menu" : checks.failure;  // refused: not listed
  if (!*offered) return "listed on a body its variants do not fit";
  for (int guard = 0; s.motion_menu().cursor() != target && guard < 400; ++guard) {
    tick(pad(kButtonDpadDown));
    tick(pad(0));
  }
  tick(pad(kButtonA));
  const ClipPlay started = clip_play_of(s.state().player(), lm.name);
  if (started.plays != 1) return "did not start (" + std::to_string(started.plays) + " plays)";
  const int clip_ticks = static_cast<int>(std::ceil(lm.clip.duration_s * 60.0)) + 90;
  for (int t = 0; t < clip_ticks; ++t) tick(pad(0));
  for (int t = 0; t < 200 && clip_play_of(s.state().player(), lm.name).playing(); ++t) tick(pad(0, 0.6f));  // held: the stick ends it
  if (clip_play_of(s.state().player(), lm.name).playing()) return "still playing at the end";
  return checks.failure;
}

void run_cells(int shard, int shards) {
  Result<Json> level = load_json_file(CF_SOURCE_DIR "/tests/data/game/open_field.level.json");
  ASSERT_TRUE(level.ok());
  const std::vector<int> motions = imported_motions();
  ASSERT_GE(motions.size(), 40u) << "the shipped library holds the imported animal sets";
  Rng rng = Rng::from_seed(5151);
  std::vector<Json> bodies;
  for (const Cell& c : kBodies) bodies.push_back(creature_to_json(body(rng, c.legs, c.arms, c.tail)));
  int cells = 0, passed = 0, refused = 0;
  for (std::size_t k = 0; k < motions.size(); ++k) {
    if (static_cast<int>(k) % shards != shard) continue;
    for (std::size_t b = 0; b < bodies.size(); ++b) {
      bool offered = false;
      const std::string why = play_one(bodies[b], *level, motions[k], &offered);
      ++cells;
      refused += offered ? 0 : 1;
      if (why.empty()) {
        ++passed;
      } else {
        std::printf("FAILED %s on body %zu (%d legs, %d arms): %s\n", clip_action().library()[motions[k]].name.c_str(), b,
                    kBodies[b].legs, kBodies[b].arms, why.c_str());
      }
    }
  }
  std::printf("imported motion grid (shard %d/%d): %d / %d (motion, body) cells pass; %d of them refused as the variants say\n",
              shard + 1, shards, passed, cells, refused);
  EXPECT_GE(passed * 100, cells * 99) << "below the bar of 99%";
}

TEST(ImportedMotionGrid, EveryImportedMotionOnSevenBodiesShard1) { run_cells(0, 2); }
TEST(ImportedMotionGrid, EveryImportedMotionOnSevenBodiesShard2) { run_cells(1, 2); }

}  // namespace
}  // namespace cf
