// Debug mode: the history ring, stepping back and forward (hashes and poses equal the original
// run's, vault frames included), resuming after a rewind cuts the recording so the saved replay
// plays back to what was seen, slow motion, and the actions of the debug chords.
#include <vector>

#include <gtest/gtest.h>

#include "core/hash.h"
#include "game/modes/modes.h"
#include "game/play/actions/vault_action.h"
#include "game/title/game_modes.h"
#include "platform/input.h"

namespace cf {
namespace {

InputFrame pressed(std::uint32_t button, std::uint32_t held = 0) {
  InputFrame f;
  f.buttons = button | held;
  f.pressed = button;
  return f;
}

// The shipped vault input (walk to the fence, A, land) then a walk with turns: 760 ticks.
std::vector<InputFrame> vault_then_walk() {
  Result<Replay> r = load_replay(CF_SOURCE_DIR "/tests/data/game/vault_default.replay.json");
  EXPECT_TRUE(r.ok());
  std::vector<InputFrame> in = r->inputs;
  for (int t = 0; t < 450; ++t) {
    InputFrame f;
    f.left_y = 32767;
    f.left_x = static_cast<std::int16_t>(t % 200 < 100 ? 12000 : -9000);
    in.push_back(f);
  }
  return in;
}

Scene default_scene() {
  Result<Scene> scene = load_scene(CF_ASSETS_DIR "/creatures/biped.json", CF_ASSETS_DIR "/levels/default.json");
  EXPECT_TRUE(scene.ok());
  return std::move(*scene);
}

struct Shown {
  std::uint64_t hash;
  std::vector<glm::vec3> head_ws, prev_head_ws;
};

Shown shown(const Session& s) {
  return Shown{hash_state(s.state()), s.runtime().pose(0).head_ws, s.runtime().previous_pose(0).head_ws};
}

TEST(StateRing, KeepsTheLastTicksAndDropsWhatAResumeCutOut) {
  StateRing ring;
  ring.reserve(4);
  SimState s;
  for (std::uint64_t t = 0; t < 6; ++t) {
    s.tick = t;
    ring.push(s);
  }
  EXPECT_EQ(ring.size(), 4);
  EXPECT_EQ(ring.oldest_tick(), 2u);
  EXPECT_EQ(ring.newest_tick(), 5u);
  EXPECT_EQ(ring.find(1), nullptr);
  ASSERT_NE(ring.find(3), nullptr);
  EXPECT_EQ(ring.find(3)->tick, 3u);
  ring.drop_after(3);
  EXPECT_EQ(ring.newest_tick(), 3u);
  EXPECT_EQ(ring.find(4), nullptr);
  s.tick = 3;  // a state at a held tick replaces it and everything after
  ring.push(s);
  EXPECT_EQ(ring.newest_tick(), 3u);
  EXPECT_EQ(ring.size(), 2);
  s.tick = 9;  // a gap: nothing before it is consecutive any more
  ring.push(s);
  EXPECT_EQ(ring.size(), 1);
  EXPECT_EQ(ring.oldest_tick(), 9u);
}

TEST(DebugMode, StepBack600ThenForward600GivesTheOriginalHashesAndPoses) {
  const std::vector<InputFrame> inputs = vault_then_walk();
  Session s;
  s.start(default_scene(), 1);
  s.keep_history(kDebugHistoryTicks);
  std::vector<Shown> original{shown(s)};
  for (const InputFrame& in : inputs) {
    ASSERT_TRUE(s.tick(in));
    original.push_back(shown(s));
  }
  EXPECT_GE(vault_of(s.state().player()).vaults_played, 1u);  // the window covers a vault's frames
  const std::uint64_t end = s.state().tick;
  ASSERT_GE(end, 700u);
  for (int k = 1; k <= 600; ++k) {
    ASSERT_TRUE(DebugMode::step_back(s)) << k;
    const Shown now = shown(s);
    const Shown& was = original[end - static_cast<std::uint64_t>(k)];
    ASSERT_EQ(now.hash, was.hash) << "tick " << s.state().tick;
    ASSERT_EQ(now.head_ws, was.head_ws) << "pose at tick " << s.state().tick;
    ASSERT_EQ(now.prev_head_ws, was.prev_head_ws) << "previous pose at tick " << s.state().tick;
  }
  EXPECT_TRUE(s.behind_recording());
  for (int k = 0; k < 600; ++k) {
    ASSERT_TRUE(DebugMode::step_forward(s, InputFrame{}));
    const Shown now = shown(s);
    const Shown& was = original[s.state().tick];
    ASSERT_EQ(now.hash, was.hash) << "tick " << s.state().tick;
    ASSERT_EQ(now.head_ws, was.head_ws) << "pose at tick " << s.state().tick;
  }
  EXPECT_EQ(s.state().tick, end);
  EXPECT_FALSE(s.behind_recording());
  EXPECT_EQ(s.recorded_ticks(), end);  // stepping through history recorded nothing new
}

TEST(DebugMode, StepBackStopsAtTheRingsOldestState) {
  Session s;
  s.start(default_scene(), 1);
  s.keep_history(kDebugHistoryTicks);
  for (int t = 0; t < kDebugHistoryTicks + 50; ++t) ASSERT_TRUE(s.tick(InputFrame{}));
  int steps = 0;
  while (DebugMode::step_back(s)) ++steps;
  EXPECT_EQ(steps, kDebugHistoryTicks - 1);
  EXPECT_EQ(s.state().tick, 51u);
  EXPECT_GE(kDebugHistoryTicks, 600);
}

TEST(DebugMode, ResumingAfterARewindCutsTheRecordingAndTheReplayMatches) {
  const std::vector<InputFrame> inputs = vault_then_walk();
  Session s;
  s.start(default_scene(), 1);
  s.keep_history(kDebugHistoryTicks);
  for (std::size_t t = 0; t < 500; ++t) ASSERT_TRUE(s.tick(inputs[t]));
  for (int k = 0; k < 200; ++k) ASSERT_TRUE(DebugMode::step_back(s));
  ASSERT_EQ(s.state().tick, 300u);
  // Resume with different input: the recording is cut at tick 300 and continues from there.
  InputFrame turn;
  turn.left_x = -32767;
  turn.left_y = 20000;
  for (int t = 0; t < 130; ++t) ASSERT_TRUE(s.tick(turn));
  ASSERT_EQ(s.state().tick, 430u);
  const Replay rec = s.recording();
  ASSERT_EQ(rec.inputs.size(), 430u);
  EXPECT_EQ(rec.inputs[299], inputs[299]);
  EXPECT_EQ(rec.inputs[300], turn);
  for (std::size_t i = 1; i < rec.hashes.size(); ++i) EXPECT_LT(rec.hashes[i - 1].tick, rec.hashes[i].tick);
  // Saved, loaded and played back headless: every checkpoint matches, the final hash too.
  const std::string path = std::string(CF_BINARY_DIR) + "/debug_resume_test.replay.json";
  ASSERT_TRUE(save_replay(path, rec).ok());
  Result<Replay> loaded = load_replay(path);
  ASSERT_TRUE(loaded.ok());
  Session play;
  ASSERT_TRUE(play.start_replay(*loaded, path).ok());
  while (play.state().tick < play.replay_ticks()) ASSERT_TRUE(play.tick(InputFrame{})) << play.verifier().message();
  EXPECT_FALSE(play.verifier().diverged());
  EXPECT_GE(play.verifier().checked(), 7);
  EXPECT_EQ(hash_state(play.state()), hash_state(s.state()));
}

TEST(DebugMode, WatchingAReplayStepsBackAndForwardThroughIt) {
  const std::vector<InputFrame> inputs = vault_then_walk();
  Session live;
  live.start(default_scene(), 1);
  for (const InputFrame& in : inputs) ASSERT_TRUE(live.tick(in));
  const Replay rec = live.recording();
  Session s;
  ASSERT_TRUE(s.start_replay(rec, "memory").ok());
  s.keep_history(kDebugHistoryTicks);
  for (int t = 0; t < 400; ++t) ASSERT_TRUE(s.tick(InputFrame{}));
  const std::uint64_t h400 = hash_state(s.state());
  for (int k = 0; k < 100; ++k) ASSERT_TRUE(DebugMode::step_back(s));
  for (int k = 0; k < 100; ++k) ASSERT_TRUE(DebugMode::step_forward(s, InputFrame{}));
  EXPECT_EQ(hash_state(s.state()), h400);
  while (s.state().tick < s.replay_ticks()) ASSERT_TRUE(s.tick(InputFrame{}));
  EXPECT_FALSE(s.verifier().diverged());
  EXPECT_EQ(hash_state(s.state()), hash_state(live.state()));
}

struct ModeFixture {
  Session session;
  RunHarness harness;
  FrameSettings fs;
  GameModes modes;
  InputFrame pad;
  std::function<InputFrame()> sample = [this] { return pad; };
  ModeContext ctx{session, harness, fs};
  ModeFixture() {
    session.start(default_scene(), 1);
    session.keep_history(kDebugHistoryTicks);
    EXPECT_TRUE(harness.configure(RunOptions{}, session).ok());
  }
  void frame(int due, std::uint32_t hotkeys = 0) {
    modes.current = modes.active().update(ModeFrame{due, hotkeys, &sample}, ctx);
    pad.pressed = 0;
  }
};

TEST(DebugMode, ChordsEnterStepScrubSlowDownAndResume) {
  ModeFixture f;
  f.frame(10);
  ASSERT_EQ(f.session.state().tick, 10u);
  f.pad = pressed(kButtonStart, kButtonLeftShoulder);  // LB + Start: debug, not pause
  f.frame(1);
  EXPECT_EQ(f.modes.current, ModeId::kDebug);
  const std::uint64_t t0 = f.session.state().tick;
  f.pad = InputFrame{};
  f.frame(5);
  EXPECT_EQ(f.session.state().tick, t0);  // paused
  f.pad = pressed(kButtonDpadLeft);
  f.frame(1);
  EXPECT_EQ(f.session.state().tick, t0 - 1);
  for (int i = 1; i < DebugMode::kScrubDelayFrames; ++i) f.frame(1);  // held: no scrub yet
  EXPECT_EQ(f.session.state().tick, t0 - 1);
  f.frame(1);
  f.frame(1);
  EXPECT_EQ(f.session.state().tick, t0 - 3);  // scrubbing back one tick a frame
  f.pad = pressed(kButtonDpadRight);
  f.frame(1);
  EXPECT_EQ(f.session.state().tick, t0 - 2);
  f.pad = pressed(kButtonDpadUp);  // 1/8 speed
  f.frame(1);
  EXPECT_DOUBLE_EQ(f.modes.debug.speed(), 0.125);
  f.pad = InputFrame{};
  for (int i = 0; i < 16; ++i) f.frame(1);
  EXPECT_EQ(f.session.state().tick, t0);  // 16 frames at 1/8: two ticks (re-run from the recording)
  f.pad = pressed(kButtonDpadUp);
  f.frame(1);
  f.pad = pressed(kButtonDpadUp);
  f.frame(1);
  EXPECT_DOUBLE_EQ(f.modes.debug.speed(), 0.5);
  f.pad = pressed(kButtonDpadDown);
  f.frame(1);
  EXPECT_DOUBLE_EQ(f.modes.debug.speed(), 0.25);
  f.pad = pressed(kButtonDpadLeft);
  f.frame(1);
  f.pad = pressed(kButtonStart);  // resume: live play from this state
  f.frame(1);
  EXPECT_EQ(f.modes.current, ModeId::kPlay);
  const std::uint64_t resumed = f.session.state().tick;
  f.pad = InputFrame{};
  f.frame(3);
  EXPECT_EQ(f.session.recording().inputs.size(), resumed + 3);
  f.frame(1, kHotkeyDebug);  // F12 enters too, and leaves
  EXPECT_EQ(f.modes.current, ModeId::kDebug);
  f.frame(1, kHotkeyDebug);
  EXPECT_EQ(f.modes.current, ModeId::kPlay);
}

TEST(DebugMode, AReplaysRecordedChordDoesNotSwitchTheViewersMode) {
  Session live;
  live.start(default_scene(), 1);
  for (int t = 0; t < 20; ++t) live.tick(t == 5 ? pressed(kButtonStart, kButtonLeftShoulder) : InputFrame{});
  Session s;
  ASSERT_TRUE(s.start_replay(live.recording(), "memory").ok());
  RunHarness harness;
  ASSERT_TRUE(harness.configure(RunOptions{}, s).ok());
  FrameSettings fs;
  ModeContext ctx{s, harness, fs};
  PlayMode play;
  InputFrame pad;
  std::function<InputFrame()> sample = [&] { return pad; };
  EXPECT_EQ(play.update(ModeFrame{10, 0, &sample}, ctx), ModeId::kPlay);  // tick 6 held the chord
  pad = pressed(kButtonStart, kButtonLeftShoulder);  // the viewer's own chord does
  EXPECT_EQ(play.update(ModeFrame{1, 0, &sample}, ctx), ModeId::kDebug);
}

TEST(DebugMode, ChordActionsAreMappedInOnePlace) {
  EXPECT_EQ(map_actions(ModeId::kPlay, pressed(kButtonStart, kButtonLeftShoulder), 0), kActionDebug);
  EXPECT_EQ(map_actions(ModeId::kPaused, pressed(kButtonStart, kButtonLeftShoulder), 0), kActionDebug);
  EXPECT_EQ(map_actions(ModeId::kPlay, pressed(kButtonSelect, kButtonLeftShoulder), 0), kActionSaveReplay);
  EXPECT_EQ(map_actions(ModeId::kPlay, InputFrame{}, kHotkeySaveReplay), kActionSaveReplay);
  EXPECT_EQ(map_actions(ModeId::kDebug, pressed(kButtonStart), 0), kActionResume);
  EXPECT_EQ(map_actions(ModeId::kDebug, pressed(kButtonDpadLeft), 0), kActionStepBack | kActionScrubBack);
  EXPECT_EQ(map_actions(ModeId::kPlay, pressed(kButtonDpadLeft), 0), 0u);  // d-pad means nothing in play
}

}  // namespace
}  // namespace cf

namespace cf {
namespace {

TEST(DebugMode, HerdCreaturesBonesAreNamedFromTheirOwnSkeleton) {
  Result<Scene> scene = load_scene(CF_ASSETS_DIR "/creatures/biped.json", CF_ASSETS_DIR "/levels/open_ground.json");
  ASSERT_TRUE(scene.ok());
  Result<std::vector<HerdKind>> herd = pick_herd(12, 3, CF_ASSETS_DIR "/creatures");
  ASSERT_TRUE(herd.ok());
  Session session;
  (void)session.start(std::move(*scene), 3, *herd);
  const SimState& s = session.state();
  ASSERT_GT(s.creature_count, 1);
  const std::vector<const Scene*> scenes = session.species_scenes();
  int other_species = 0;
  for (int c = 0; c < s.creature_count; ++c) {
    const int species = s.creatures[static_cast<std::size_t>(c)].species;
    const Skeleton& sk = scenes[static_cast<std::size_t>(species)]->rig.skeleton;
    other_species += species != 0;
    for (int b = 0; b < sk.size(); ++b) {
      EXPECT_EQ(std::string(creature_bone_name(session, c, b)), sk.names[static_cast<std::size_t>(b)]) << c << " " << b;
    }
    EXPECT_STREQ(creature_bone_name(session, c, sk.size()), "?");
  }
  EXPECT_GT(other_species, 0) << "the herd has creatures of other species (their own bone names)";
  EXPECT_STREQ(creature_bone_name(session, s.creature_count, 0), "?");
  EXPECT_STREQ(creature_bone_name(session, -1, 0), "?");
}

}  // namespace
}  // namespace cf
