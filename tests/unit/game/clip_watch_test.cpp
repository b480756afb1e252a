// The clip watch in the game: forced clips (a pipe across the path that collision does not stop; a
// fence walked into by a creature whose collision circle is shrunk) are found at the tick, bone and
// obstacle an independent penetration scan finds; the auto-saved playtest replay reproduces them.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "core/file_io.h"

#include "game/session/clip_run.h"
#include "game/play/controls.h"
#include "game/session/session.h"
#include "game/modes/modes.h"
#include "game/session/playtest_saver.h"
#include "game/session/user_data.h"
#include "vault/vault_play.h"
#include "world/clearance.h"

namespace cf {
namespace {

constexpr const char* kPipeLevel = CF_SOURCE_DIR "/tests/data/game/clip_pipe.level.json";
constexpr const char* kWalkScript = CF_SOURCE_DIR "/tests/data/game/clip_walk_forward.pad.json";

// Independent of the detector: clearance's capsule-versus-pipe depth for every bone.
struct Deepest {
  float depth = 0.0f;
  int bone = -1;
};
Deepest deepest_in_pipe(const Session& s, const Pipe& pipe) {
  Deepest d;
  const Rig& rig = s.scene().rig;
  const CreaturePose& pose = s.runtime().pose(0);
  for (int b = 0; b < rig.skeleton.size(); ++b) {
    const float p = penetration_capsule_pipe(Capsule{pose.head_ws[b], pose.tail_ws[b], rig.skeleton.radius[b]}, pipe);
    if (p > d.depth) d = Deepest{p, b};
  }
  return d;
}

TEST(ClipWatch, PipeAcrossThePathIsFoundAtTheRightTickBoneAndObstacle) {
  Result<Scene> scene = load_scene(CF_ASSETS_DIR "/creatures/biped.json", kPipeLevel);
  ASSERT_TRUE(scene.ok()) << scene.error().to_string();
  Result<PadScript> script = load_pad_script(kWalkScript);
  ASSERT_TRUE(script.ok());
  Session s;
  s.start(std::move(*scene), 1);
  const Pipe pipe = s.scene().level.walls[0].pipes[0];
  std::uint64_t expected_tick = 0;
  Deepest expected;
  const ClipEvent* found = nullptr;
  ClipEvent found_copy;
  for (std::uint64_t t = 0; t < script->total_ticks() && !found; ++t) {
    ASSERT_TRUE(s.tick(scripted_frame(*script, t)));
    const Deepest d = deepest_in_pipe(s, pipe);
    if (expected.bone < 0 && d.depth > kClipDefaultDepthM) expected = d, expected_tick = s.state().tick;
    for (int k = 0; k < s.clips().count(); ++k) {
      if (s.clips().events()[k].obstacle != ObstacleKind::kPipe) continue;
      if (!found || s.clips().events()[k].depth_m > found_copy.depth_m) found_copy = s.clips().events()[k];
      found = &found_copy;
    }
  }
  ASSERT_NE(found, nullptr) << "walking through the pipe gave no pipe clip";
  ASSERT_GE(expected.bone, 0);
  EXPECT_EQ(found->tick, expected_tick);
  EXPECT_EQ(found->bone, expected.bone) << s.scene().rig.skeleton.names[static_cast<std::size_t>(found->bone)];
  EXPECT_EQ(found->index, 0);
  EXPECT_EQ(found->pipe, 0);
  EXPECT_NEAR(found->depth_m, expected.depth, 2e-3f);
  EXPECT_NEAR(found->point_ws.z, 2.0f, 0.15f);  // at the pipe
}

TEST(ClipWatch, FenceWalkedIntoWithoutVaultingIsFoundAtTheRightTickAndBone) {
  // A creature whose collision is shrunk to a 1 cm circle walks head-on into the default level's fence.
  Result<Scene> scene = load_scene(CF_ASSETS_DIR "/creatures/quadruped.json", CF_ASSETS_DIR "/levels/default.json");
  ASSERT_TRUE(scene.ok());
  scene->level.walls.clear();  // nothing but the fence ahead
  Species sp = make_species(*scene);
  sp.body_radius_m = 0.01f;
  sp.footprint = Footprint{};  // no body footprint: the 1 cm circle is all that collides
  SimContext ctx;
  ctx.level = &scene->level;
  ctx.species = &sp;
  ctx.species_count = 1;
  SimState st = initial_state(ctx, 1);
  st.creatures[0].walker.position_ws.x = st.creatures[0].root_ws.x = -0.9f;  // the fence's middle
  WorldRuntime rt;
  ClipWatch watch;
  InputFrame fwd;
  fwd.left_y = 32767;
  std::uint64_t expected_tick = 0, found_tick = 0;
  int expected_bone = -1, found_bone = -1;
  for (int t = 0; t < 400 && (expected_bone < 0 || found_bone < 0); ++t) {
    step(st, fwd, ctx, rt);
    watch.check(st, ctx, rt);
    PenetrationOptions only_fences;
    only_fences.walls = false;
    const Rig& rig = *sp.rig;
    float best = 0.0f;
    int best_bone = -1;
    for (int b = 0; b < rig.skeleton.size(); ++b) {
      const Penetration p = level_penetration(
          scene->level, Capsule{rt.pose(0).head_ws[b], rt.pose(0).tail_ws[b], rig.skeleton.radius[b]}, only_fences);
      if (p.depth > best) best = p.depth, best_bone = b;
    }
    if (expected_bone < 0 && best > kClipDefaultDepthM) expected_bone = best_bone, expected_tick = st.tick;
    float found_depth = 0.0f;
    for (int k = 0; k < watch.count(); ++k) {
      const ClipEvent& e = watch.events()[k];
      if (e.obstacle != ObstacleKind::kFence || found_bone >= 0 || e.depth_m <= found_depth) continue;
      found_depth = e.depth_m;
      EXPECT_EQ(e.index, 0);
      found_tick = e.tick;
      found_bone = e.bone;
    }
  }
  ASSERT_GE(expected_bone, 0) << "the creature never reached the fence";
  EXPECT_EQ(found_tick, expected_tick);
  EXPECT_EQ(found_bone, expected_bone);
}

TEST(ClipWatch, AutoSavedReplayReproducesTheClipEventsAtTheSameTicks) {
  const std::string dir = std::string(CF_BINARY_DIR) + "/clip_watch_test_playtests";
  std::filesystem::remove_all(dir);
  Result<Scene> scene = load_scene(CF_ASSETS_DIR "/creatures/biped.json", kPipeLevel);
  ASSERT_TRUE(scene.ok());
  Result<PadScript> script = load_pad_script(kWalkScript);
  ASSERT_TRUE(script.ok());
  // Feet rest on the ground, so with the default threshold the pipe is the session's first clip.
  Session s;
  s.start(std::move(*scene), 1);
  RunHarness harness;
  ASSERT_TRUE(harness.configure(RunOptions{}, s).ok());
  FrameSettings fs;
  PlaytestSaver saver;
  saver.configure(dir, true);
  ModeContext ctx{s, harness, fs};
  ctx.saver = &saver;
  PlayMode play;
  std::function<InputFrame()> sample = [&] { return scripted_frame(*script, s.state().tick); };
  std::vector<ClipEvent> live;
  while (s.state().tick < script->total_ticks()) {
    play.update(ModeFrame{1, 0, &sample}, ctx);
    for (int k = 0; k < s.clips().count(); ++k) live.push_back(s.clips().events()[k]);
  }
  saver.flush();
  ASSERT_TRUE(s.clips().has_first());
  const ClipEvent first = s.clips().first();
  EXPECT_EQ(first.obstacle, ObstacleKind::kPipe);
  const std::string file = dir + "/" + playtest_file_name(s.scene().creature_path, kPipeLevel, first.tick, "clip");
  ASSERT_TRUE(std::filesystem::exists(file)) << file;
  EXPECT_EQ(saver.saved(), 1);
  EXPECT_NE(saver.last_message().find("Replay saved: playtest_biped_clip_pipe_t"), std::string::npos);

  Result<Replay> r = load_replay(file);
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_EQ(r->inputs.size(), first.tick);  // it ends on the clip's tick
  Session again;
  ASSERT_TRUE(again.start_replay(*r, file).ok());
  const ClipRun run = run_clip_check(again, nullptr, again.replay_ticks(), 100000);
  EXPECT_FALSE(again.verifier().diverged());
  ASSERT_FALSE(run.events.empty());
  std::size_t n = 0;
  for (const ClipEvent& e : live) {
    if (e.tick > first.tick) break;
    ASSERT_LT(n, run.events.size());
    const ClipEvent& g = run.events[n++];
    EXPECT_EQ(g.tick, e.tick);
    EXPECT_EQ(g.bone, e.bone);
    EXPECT_EQ(g.obstacle, e.obstacle);
    EXPECT_EQ(g.depth_m, e.depth_m);
  }
  EXPECT_EQ(n, run.events.size());
}

TEST(PlaytestSaver, NamesFilesAfterCreatureLevelAndTick) {
  EXPECT_EQ(playtest_file_name("/a/b/quadruped.json", "levels/default.json", 42, "manual"),
            "playtest_quadruped_default_t000042_manual.replay.json");
  EXPECT_EQ(resolve_user_data("/tmp/x").playtests_dir(), "/tmp/x/playtests");
  PlaytestSaver none;
  none.configure("", true);
  EXPECT_FALSE(none.auto_save());
  EXPECT_EQ(none.save(Replay{}, "x.json"), "");
  EXPECT_NE(none.last_message().find("Can't save the replay"), std::string::npos);
}


// A save killed part way leaves ".critterforge-tmp-<file>.<pid>"; the game sweeps the data folders at
// start and takes only those: a player's own "ideas.tmp.99999" stays.
TEST(UserData, StartSweepsTemporariesOfKilledSaves) {
  const std::string root = std::string(CF_BINARY_DIR) + "/sweep_test_data";
  std::filesystem::remove_all(root);
  const UserData data = resolve_user_data(root);
  ASSERT_TRUE(make_dirs(data.creatures_dir()).ok());
  ASSERT_TRUE(make_dirs(data.playtests_dir()).ok());
  ASSERT_TRUE(make_dirs(data.drafts_dir()).ok());
  const long dead = 2147483;  // no process has this pid
  for (const std::string& f : {temp_path_for(data.creatures_dir() + "/dog.json", dead),
                               temp_path_for(data.playtests_dir() + "/p.replay.json", dead),
                               temp_path_for(data.drafts_dir() + "/new.json", dead),
                               data.creatures_dir() + "/cat.json", data.creatures_dir() + "/ideas.tmp.99999",
                               data.root + "/ideas.tmp.99999", data.playtests_dir() + "/notes.json.tmp.2147483"}) {
    std::ofstream(f) << "{}";
  }
  EXPECT_EQ(sweep_stale_saves(data), 3);
  EXPECT_TRUE(std::filesystem::exists(data.creatures_dir() + "/cat.json"));  // saved work stays
  EXPECT_TRUE(std::filesystem::exists(data.creatures_dir() + "/ideas.tmp.99999"));
  EXPECT_TRUE(std::filesystem::exists(data.root + "/ideas.tmp.99999"));
  EXPECT_TRUE(std::filesystem::exists(data.playtests_dir() + "/notes.json.tmp.2147483"));
  EXPECT_FALSE(std::filesystem::exists(temp_path_for(data.drafts_dir() + "/new.json", dead)));
  std::filesystem::remove_all(root);
}

TEST(PlaytestSaver, FileNamesUseOnlyLettersDigitsDashAndUnderscore) {
  const std::string n = playtest_file_name("<editor: My Dog>", "levels/default.json", 7, "manual");
  EXPECT_EQ(n, "playtest_editor_my_dog_default_t000007_manual.replay.json");
  for (const std::string& odd : {std::string("<editor: critter>"), std::string("C:\\x\\y?*|\"<>"),
                                 std::string("\x01\x7f\xc3\xa9t\xc3\xa9"), std::string("...")}) {
    const std::string f = playtest_file_name(odd, "a:b", 1, "clip");
    const std::string stem = f.substr(0, f.size() - std::string(".replay.json").size());
    EXPECT_EQ(stem.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_-"), std::string::npos) << f;
  }
}

TEST(ClipWatch, HudLineReadsAsASentence) {
  ClipEvent e;
  e.tick = 12;
  e.bone = 0;
  e.obstacle = ObstacleKind::kGround;
  e.depth_m = 0.07f;
  EXPECT_EQ(clip_event_line(e, nullptr), "Clip at tick 12: bone 0 7.0 cm under the ground");
  e.obstacle = ObstacleKind::kWall;
  e.index = 2;
  e.depth_m = 0.031f;
  const std::string line = clip_event_line(e, nullptr);
  EXPECT_EQ(line, "Clip at tick 12: bone 0 3.1 cm into wall 2");
}

}  // namespace
}  // namespace cf
