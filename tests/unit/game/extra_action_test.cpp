// The action seam holds: a motion defined here only (a head nod) plays for the player and a herd
// creature through the real tick, the state hash, debug rewind and replay, with no change to the game.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <memory>

#include "core/file_io.h"
#include "game/play/action.h"
#include "game/play/actions/vault_action.h"
#include "game/play/herd.h"
#include "game/play/world_runtime.h"
#include "game/session/session.h"
#include "game_test_util.h"
#include "retarget/retarget.h"
#include "skeleton/skeleton.h"

namespace cf {
namespace {

constexpr std::uint32_t kNodTicks = 30;

// A nod: the creature stands still while its head bones dip and come back up over kNodTicks.
class NodAction final : public Action {
 public:
  struct State {
    std::uint32_t ticks_left = 0;
    std::uint32_t nods = 0;
  };
  const char* name() const override { return "nod"; }
  void init(CreatureState& c) const override { new (&state_of<State>(c)) State(); }
  bool active(const CreatureState& c) const override { return state_of<State>(c).ticks_left > 0; }
  bool poses(const CreatureState& c) const override { return active(c); }
  void start(const ActionCall& call) const override {
    if (!data_of<int>(call.species)) {
      call.hud(id(), 0);
      return;
    }
    State& st = state_of<State>(call.creature);
    st.ticks_left = kNodTicks;
    ++st.nods;
    call.creature.speed_mps = 0.0f;
  }
  void step(const ActionCall& call) const override { --state_of<State>(call.creature).ticks_left; }
  bool pose(const PoseCall& call) const override {
    call.ctx.registry().locomotion().pose(call);
    const float phase = 1.0f - static_cast<float>(state_of<State>(call.creature).ticks_left) / kNodTicks;
    const float dip_m = 0.08f * std::sin(phase * 3.14159265f);
    const Skeleton& sk = call.species.rig->skeleton;
    for (int b = 0; b < sk.size(); ++b) {
      if (sk.classes[static_cast<std::size_t>(b)] != BoneClass::kHead) continue;
      call.out->tail_ws[static_cast<std::size_t>(b)].y -= dip_m;
    }
    return true;
  }
  bool brain_wants(const BrainCall& call) const override { return data_of<int>(call.species) != nullptr; }
  void hash(const CreatureState& c, StateHasher* h) const override {
    h->u32(state_of<State>(c).ticks_left);
    h->u32(state_of<State>(c).nods);
  }
  std::string hud_text(int, const CreatureState&, const PreparedAction& p) const override {
    return "Can't nod: " + p.unavailable;
  }
  void debug_rows(const DebugRowsCall& call, std::vector<DebugRow>* rows) const override {
    rows->push_back({DebugRow::Style::kNormal, "nods " + std::to_string(state_of<State>(call.creature).nods)});
  }
  PreparedAction prepare(const ActionSetup& setup) const override {
    PreparedAction p;
    p.identity = "nod/1";
    if (setup.rig) p.data = std::make_shared<const int>(1);
    return p;
  }
};

struct NodActions : ActionRegistry {
  NodActions() {
    add<VaultAction>();
    add<NodAction>();
  }
};

const ActionBinding kNodBindings[] = {{kButtonA, "vault"}, {kButtonY, "nod"}};
const ControlMap kNodControls{kNodBindings, 2};

// Y pressed at tick 20; otherwise standing still.
InputFrame script(std::uint64_t tick) {
  InputFrame in;
  if (tick == 20) in.buttons = in.pressed = kButtonY;
  return in;
}

struct NodSession {
  NodActions actions;
  Session session;
  ActionId nod = kNoAction;
  NodSession() {
    nod = actions.find("nod");
    session.set_actions(&actions);
    session.set_controls(kNodControls);
    session.keep_history(300);
    Result<Json> herd_json = load_json_file(CF_ASSETS_DIR "/creatures/quadruped.json");
    EXPECT_TRUE(herd_json.ok());
    const Status st =
        session.start(test::biped_scene_in("open_ground.json"), 7, {HerdKind{"quadruped.json", *herd_json}});
    EXPECT_TRUE(st.ok()) << st.error.to_string();
  }
  const NodAction::State& nod_of(int creature) const {
    return actions[nod].state_of<NodAction::State>(session.state().creatures[static_cast<std::size_t>(creature)]);
  }
};

TEST(ExtraAction, ANodDefinedInATestPlaysForThePlayerAndTheHerdThroughTheRealTick) {
  NodSession n;
  ASSERT_NE(n.nod, kNoAction);
  ASSERT_EQ(n.session.state().creature_count, 2);
  Session& s = n.session;
  for (std::uint64_t t = 0; t < 20; ++t) s.tick(script(t));
  EXPECT_EQ(n.nod_of(0).nods, 0u);
  const Skeleton& sk = s.scene().rig.skeleton;
  int head = -1;
  for (int b = 0; b < sk.size() && head < 0; ++b)
    if (sk.classes[static_cast<std::size_t>(b)] == BoneClass::kHead) head = b;
  ASSERT_GE(head, 0);
  const float head_tip_before = s.runtime().pose(0).tail_ws[static_cast<std::size_t>(head)].y;
  s.tick(script(20));  // Y: the nod starts
  EXPECT_EQ(n.nod_of(0).nods, 1u);
  EXPECT_EQ(s.registry().current(s.state().player()), n.nod);
  for (std::uint64_t t = 21; t < 35; ++t) s.tick(script(t));
  // Mid-nod the posing stage drew the nod: the head's tip is lower than when standing.
  EXPECT_LT(s.runtime().pose(0).tail_ws[static_cast<std::size_t>(head)].y, head_tip_before - 0.05f);
  for (std::uint64_t t = 35; t < 60; ++t) s.tick(script(t));
  EXPECT_EQ(s.registry().current(s.state().player()), kLocomotion);  // it ended and handed back
  EXPECT_EQ(n.nod_of(0).nods, 1u);
  // The herd creature's brain asked for it too.
  EXPECT_GE(n.nod_of(1).nods, 1u);
  // The vault's state is untouched by the nod (its bytes sit beside the nod's).
  EXPECT_EQ(vault_of(s.state().player()).record.serial, 0u);

  // The nod's state is in the hash.
  SimState changed = s.state();
  n.actions[n.nod].state_of<NodAction::State>(changed.creatures[0]).nods = 5;
  EXPECT_NE(hash_state(changed, n.actions), s.hash());
}

TEST(ExtraAction, RewindAndReplayReproduceTheNod) {
  NodSession n;
  Session& s = n.session;
  std::vector<std::uint64_t> hashes;
  for (std::uint64_t t = 0; t < 90; ++t) {
    s.tick(script(t));
    hashes.push_back(s.hash());
  }
  // Debug rewind into the middle of the nod, then forward over the recording: the same states.
  ASSERT_TRUE(s.rewind_to(30));
  EXPECT_EQ(s.hash(), hashes[29]);
  EXPECT_GT(n.nod_of(0).ticks_left, 0u);
  for (std::uint64_t t = 30; t < 90; ++t) {
    ASSERT_TRUE(s.step_recorded());
    EXPECT_EQ(s.hash(), hashes[t]) << "tick " << t + 1;
  }
  // A replay of the run, played in a new session with the same actions, verifies tick for tick.
  const Replay r = s.recording();
  NodActions actions;
  Session again;
  again.set_actions(&actions);
  again.set_controls(kNodControls);
  ASSERT_TRUE(again.start_replay(r, "nod.replay.json").ok());
  while (again.tick(InputFrame{})) {
  }
  EXPECT_EQ(again.state().tick, 90u);
  EXPECT_FALSE(again.verifier().diverged()) << again.verifier().message();
  EXPECT_GE(again.verifier().checked(), 2);
  EXPECT_EQ(again.hash(), hashes.back());
  EXPECT_EQ(actions[actions.find("nod")].state_of<NodAction::State>(again.state().player()).nods, 1u);
}

TEST(ExtraAction, TheGameActionsHashAsBeforeAndKnowNoNod) {
  // The game's registry is locomotion, the vault, the jump, the idle (no state), the clip action, which
  // plays every library motion, and the climb (the jump, the clip action and the climb hash as nothing until
  // used): shipped replays hash as they always did. Library motions are not actions but the clip action's.
  EXPECT_EQ(game_actions().size(), 6);
  EXPECT_NE(game_actions().find("climb"), kNoAction);
  EXPECT_NE(game_actions().find("clip"), kNoAction);
  EXPECT_EQ(game_actions().find("sit"), kNoAction);
  ActionId a = kNoAction;
  std::uint16_t m = kNoMotion;
  EXPECT_TRUE(game_actions().resolve("dance", &a, &m));
  EXPECT_EQ(a, game_actions().find("clip"));
  EXPECT_NE(m, kNoMotion);
  EXPECT_NE(game_actions().find("jump"), kNoAction);
  EXPECT_EQ(game_actions().find("nod"), kNoAction);
  NodActions actions;
  EXPECT_EQ(actions.find("vault"), game_actions().find("vault"));
  EXPECT_EQ(hud_message_id(actions.find("vault"), kVaultRefused), vault_hud(kVaultRefused));
}

// Every action's state lives in the creature's fixed bytes: the game's fit (with room said), and an
// action that would not fit stops the game at start with one line, in every build (it once overwrote
// the herd's brains silently in Release when the clip action's records grew).
struct HugeAction final : Action {
  struct State {
    std::array<unsigned char, kActionStateBytes> bytes{};
  };
  const char* name() const override { return "huge"; }
  void init(CreatureState& c) const override { new (&state_of<State>(c)) State(); }
  bool active(const CreatureState&) const override { return false; }
  void start(const ActionCall&) const override {}
  void step(const ActionCall&) const override {}
  void hash(const CreatureState&, StateHasher*) const override {}
};
struct HugeActions : ActionRegistry {
  HugeActions() { add<HugeAction>(); }
};

TEST(ExtraActionDeathTest, AnActionWhoseStateDoesNotFitStopsTheGameWithOneLine) {
  EXPECT_LE(game_actions().state_bytes(), kActionStateBytes);
  std::printf("[ actions  ] the game's action states take %zu of %zu bytes a creature\n", game_actions().state_bytes(),
              kActionStateBytes);
  EXPECT_DEATH({ HugeActions huge; }, "action 'huge' does not fit");
}

// A nod that hands over for kCountedHandover ticks after it ends, counting every call the tick makes of it.
constexpr std::uint32_t kCountedHandover = 5;
class CountedNod final : public Action {
 public:
  struct State {
    std::uint32_t ticks_left = 0;
    std::uint32_t since_ended = kCountedHandover;
  };
  mutable int idle_calls = 0, handover_poses = 0, hands_over_calls = 0;
  const char* name() const override { return "nod"; }
  void init(CreatureState& c) const override { new (&state_of<State>(c)) State(); }
  bool active(const CreatureState& c) const override { return state_of<State>(c).ticks_left > 0; }
  void start(const ActionCall& call) const override { state_of<State>(call.creature).ticks_left = 10; }
  void step(const ActionCall& call) const override {
    State& st = state_of<State>(call.creature);
    if (--st.ticks_left == 0) st.since_ended = 0;
  }
  bool idle(const ActionCall& call) const override {
    ++idle_calls;
    State& st = state_of<State>(call.creature);
    if (st.since_ended < kCountedHandover) ++st.since_ended;
    return st.since_ended < kCountedHandover;
  }
  HandOver hand_over(const CreatureState& c) const override {
    ++hands_over_calls;
    const State& st = state_of<State>(c);
    if (st.ticks_left > 0 || st.since_ended >= kCountedHandover) return {};
    return {static_cast<int>(st.since_ended), static_cast<int>(kCountedHandover)};
  }
  bool pose_after_end(const PoseCall&, int) const override {
    ++handover_poses;
    return false;
  }
  void hash(const CreatureState& c, StateHasher* h) const override {
    h->u32(state_of<State>(c).ticks_left);
    h->u32(state_of<State>(c).since_ended);
  }
};

struct CountedActions : ActionRegistry {
  CountedActions() { add<CountedNod>(); }
};

TEST(ExtraAction, ADormantActionIsNotCalledWhileTheCreatureWalks) {
  CountedActions actions;
  const CountedNod& nod = static_cast<const CountedNod&>(actions[actions.find("nod")]);
  const ActionBinding bindings[] = {{kButtonY, "nod"}};
  Session s;
  s.set_actions(&actions);
  s.set_controls(ControlMap{bindings, 1});
  s.start(test::biped_scene_in("open_ground.json"), 7);
  auto walk = [](bool y) {
    InputFrame in;
    in.left_y = 20000;
    if (y) in.buttons = in.pressed = kButtonY;
    return in;
  };
  for (int t = 0; t < 60; ++t) s.tick(walk(false));
  // Never started: dormant, not called at all (not even asked whether it hands over).
  EXPECT_EQ(nod.idle_calls + nod.handover_poses + nod.hands_over_calls, 0);
  s.tick(walk(true));  // Y: it starts and plays 10 ticks
  EXPECT_EQ(s.registry().current(s.state().player()), actions.find("nod"));
  for (int t = 0; t < 9; ++t) s.tick(walk(false));
  EXPECT_EQ(nod.idle_calls, 0);  // the current action steps, it is not idle
  for (int t = 0; t < 100; ++t) s.tick(walk(false));
  EXPECT_EQ(s.registry().current(s.state().player()), kLocomotion);
  // After it ended: called while its hand-over counts (5 ticks), then dormant again for the other 95.
  EXPECT_EQ(nod.idle_calls, static_cast<int>(kCountedHandover));
  const int poses = nod.handover_poses;
  EXPECT_EQ(poses, static_cast<int>(kCountedHandover));  // its hand-over was posed, once a tick
  for (int t = 0; t < 50; ++t) s.tick(walk(false));
  EXPECT_EQ(nod.handover_poses, poses);  // and no more once asleep
  EXPECT_EQ(nod.idle_calls, static_cast<int>(kCountedHandover));
  const int asked = nod.hands_over_calls;
  s.tick(walk(true));  // asked again: now the tick asks whether it hands over (it does not) and starts it
  // Asleep, the controls did not ask it; started, it is awake, and the posing stage asks it once.
  EXPECT_EQ(nod.hands_over_calls, asked + 1);
  EXPECT_EQ(s.registry().current(s.state().player()), actions.find("nod"));
}

}  // namespace
}  // namespace cf
