// Sound events against the simulation they are derived from: footsteps on the walker's stance starts
// for every shipped creature, the vault's sounds on its ticks, the refusal, determinism, and that sound
// never changes a state hash.
#include "game/sound/sound_events.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "game/play/actions/clip_action.h"
#include "game/play/actions/jump_action.h"
#include "game/play/actions/vault_action.h"
#include "game/sound/sound_director.h"
#include "retarget/idle.h"
#include "sound_test_util.h"

namespace cf {
namespace {

const char* kCreatures[] = {"biped.json", "biped_arms_tail.json", "hexapod.json", "octopod.json",
                            "quadruped.json", "strider.json", "stubby.json"};

TEST(SoundEvents, EachStanceStartGivesOneFootstepAtThatTickFromThatFoot) {
  for (const char* creature : kCreatures) {
    SCOPED_TRACE(creature);
    test::HeardSession h;
    test::start_heard(&h, creature, "open_ground.json");
    Session& s = h.session;
    SoundDirector& d = h.director;
    const Species& sp = s.context().species[0];
    const Rig& rig = *sp.rig;
    int steps = 0;
    for (const InputFrame& in : test::walk_and_turn(240)) {
      ASSERT_TRUE(s.tick(in));
      const WalkerState& was = s.previous().player().walker;
      const WalkerState& now = s.state().player().walker;
      std::map<int, const SoundEvent*> heard;
      for (const SoundEvent& e : d.events()) {
        if (e.kind != SoundKind::kFootstep || e.creature != 0) continue;
        EXPECT_EQ(heard.count(e.limb), 0u) << "two footsteps of one foot in tick " << s.state().tick;
        heard[e.limb] = &e;
      }
      for (int leg = 0; leg < now.leg_count; ++leg) {
        const FootState& f = now.feet[static_cast<std::size_t>(leg)];
        const bool starts = f.planted && !was.feet[static_cast<std::size_t>(leg)].planted;
        ASSERT_EQ(heard.count(leg), starts ? 1u : 0u) << "tick " << s.state().tick << " leg " << leg;
        if (!starts) continue;
        ++steps;
        const SoundEvent& e = *heard[leg];
        EXPECT_EQ(e.position_ws, f.plant_ws);
        // Where the foot is seen: the posed ankle stands over the plant point.
        const int ankle = rig.limbs[static_cast<std::size_t>(leg)].bones[2];
        const glm::vec3 seen = s.runtime().pose(0).head_ws[static_cast<std::size_t>(ankle)];
        EXPECT_LT(glm::length(glm::vec2(seen.x - f.plant_ws.x, seen.z - f.plant_ws.z)), 0.12f)
            << "tick " << s.state().tick << " leg " << leg;
        EXPECT_GT(e.loudness, 0.0f);
        EXPECT_GT(e.pitch, 0.0f);
      }
      for (const auto& [limb, e] : heard) EXPECT_LT(limb, now.leg_count) << "a footstep of no leg";
    }
    if (sp.walks()) {
      EXPECT_GE(steps, 4 * s.state().player().walker.leg_count) << "a 4 s walk plants every foot several times";
    } else {
      EXPECT_EQ(steps, 0) << "a creature that slides has no feet to hear";
    }
  }
}

TEST(SoundEvents, AnIdlingCreaturesShuffledFootTapsSoftlyAsItComesDown) {
  for (const char* creature : {"biped.json", "quadruped.json"}) {
    SCOPED_TRACE(creature);
    test::HeardSession h;
    test::start_heard(&h, creature, "open_ground.json");
    Session& s = h.session;
    int taps = 0;
    for (int t = 0; t < 1500; ++t) {
      ASSERT_TRUE(s.tick(InputFrame{}));
      const CreatureState& was = s.previous().player();
      const CreatureState& now = s.state().player();
      for (const SoundEvent& e : h.director.events()) {
        if (e.kind != SoundKind::kFootstep || e.creature != 0) continue;
        // Standing still, only a fidget's foot coming down is heard: the walker takes no step.
        for (int leg = 0; leg < now.walker.leg_count; ++leg) {
          const auto l = static_cast<std::size_t>(leg);
          ASSERT_FALSE(now.walker.feet[l].planted && !was.walker.feet[l].planted) << "tick " << now.idle_ticks;
        }
        ASSERT_GT(now.idle_ticks, kIdleStartTicks + kIdleEaseTicks);
        ++taps;
        EXPECT_EQ(e.position_ws, now.walker.feet[static_cast<std::size_t>(e.limb)].plant_ws);
        EXPECT_GT(e.loudness, 0.0f);
        EXPECT_LT(e.loudness, 0.2f);
      }
    }
    EXPECT_GE(taps, 1) << "25 s standing still: at least one foot shuffle is heard";
  }
}

// The events of a run as JSON lines, tick by tick.
std::vector<std::string> heard_lines(const std::vector<InputFrame>& inputs, const char* level, bool sound_on,
                                     std::vector<std::uint64_t>* hashes) {
  Session s;
  test::start_session(&s, "biped.json", level);
  SoundDirector d;
  SoundOutput out;
  if (sound_on) {
    d.set_output(&out);
    s.set_tick_listener(&d);
  }
  std::vector<std::string> lines;
  std::vector<float> buffer(2 * 735);
  for (const InputFrame& in : inputs) {
    if (!s.tick(in)) break;
    hashes->push_back(s.hash());
    for (const SoundEvent& e : d.events()) lines.push_back(sound_event_json(s.state().tick, e));
    if (sound_on) out.mixer().render(buffer.data(), 735);
  }
  return lines;
}

TEST(SoundEvents, SoundNeverChangesAHashAndAReplayHearsTheSameTickForTick) {
  std::vector<InputFrame> in = test::replay_inputs("vault_default.replay.json");
  for (const InputFrame& f : test::walk_and_turn(120)) in.push_back(f);
  std::vector<std::uint64_t> on, on_again, off;
  const std::vector<std::string> a = heard_lines(in, "default.json", true, &on);
  const std::vector<std::string> b = heard_lines(in, "default.json", true, &on_again);
  heard_lines(in, "default.json", false, &off);
  ASSERT_EQ(on.size(), in.size());
  EXPECT_EQ(on, off) << "the same hashes with sound on and off";
  EXPECT_EQ(on, on_again);
  EXPECT_EQ(a, b) << "the same events, tick for tick";
  EXPECT_GT(a.size(), 20u);
}

TEST(SoundEvents, TheVaultIsHeardOnItsTicks) {
  for (const char* creature : {"biped.json", "biped_arms_tail.json", "quadruped.json"}) {
    SCOPED_TRACE(creature);
    test::HeardSession h;
    test::start_heard(&h, creature, "default.json");
    Session& s = h.session;
    SoundDirector& d = h.director;
    std::map<SoundKind, std::vector<std::uint64_t>> ticks;
    std::uint64_t started = 0, landed = 0;
    float landing_loudness = 0.0f, loudest_step = 0.0f;
    bool brushed_over_the_fence = false;
    for (const InputFrame& in : test::replay_inputs("vault_default.replay.json")) {
      ASSERT_TRUE(s.tick(in));
      const VaultActionState& was = vault_of(s.previous().player());
      const VaultActionState& now = vault_of(s.state().player());
      if (now.playing() && !was.playing()) started = s.state().tick;
      if (was.playing() && now.vault.phase == VaultPhase::kLanded) landed = s.state().tick;
      for (const SoundEvent& e : d.events()) {
        ticks[e.kind].push_back(s.state().tick);
        if (e.kind == SoundKind::kLanding) landing_loudness = e.loudness;
        if (e.kind == SoundKind::kFootstep && !now.playing()) loudest_step = std::max(loudest_step, e.loudness);
        if (e.kind == SoundKind::kFenceBrush) {
          // The body is over the fence's top: its centre of gravity within the fence's thickness
          // (and one tick's travel), above the top, where the sound is.
          const Box& fence = s.context().level->fences[static_cast<std::size_t>(now.record.fence)];
          const glm::vec3 cog = s.runtime().pose(0).cog_ws, local = fence.to_local(cog);
          const float thin = std::min(fence.half_extents.x, fence.half_extents.z);
          const float across = fence.half_extents.x < fence.half_extents.z ? local.x : local.z;
          EXPECT_LT(std::fabs(across), thin + 0.06f) << "tick " << s.state().tick;
          EXPECT_GT(cog.y, fence.top_y());
          EXPECT_NEAR(e.position_ws.y, fence.top_y(), 1e-3f);
          EXPECT_GT(e.loudness, 0.0f);
          EXPECT_LT(e.loudness, landing_loudness > 0.0f ? landing_loudness : 1.0f) << "a brush, not a knock";
          brushed_over_the_fence = std::fabs(across) < thin + 0.06f;
        }
      }
    }
    ASSERT_EQ(ticks[SoundKind::kFenceBrush].size(), 1u) << "one brush over the fence";
    EXPECT_TRUE(brushed_over_the_fence);
    EXPECT_GT(ticks[SoundKind::kFenceBrush][0], started);
    EXPECT_LT(ticks[SoundKind::kFenceBrush][0], landed);
    ASSERT_GT(landed, started) << "the replay vaults";
    EXPECT_EQ(ticks[SoundKind::kTakeoff], std::vector<std::uint64_t>{started});
    EXPECT_EQ(ticks[SoundKind::kLanding], std::vector<std::uint64_t>{landed});
    ASSERT_EQ(ticks[SoundKind::kWhoosh].size(), 1u);
    EXPECT_GT(ticks[SoundKind::kWhoosh][0], started);
    EXPECT_LT(ticks[SoundKind::kWhoosh][0], landed);
    EXPECT_GT(landing_loudness, loudest_step) << "the landing thumps louder than a step";
    for (std::uint64_t t : ticks[SoundKind::kHandPlant]) {
      EXPECT_GT(t, started);
      EXPECT_LE(t, landed);
    }
    if (std::string(creature) == "biped_arms_tail.json") {
      EXPECT_FALSE(ticks[SoundKind::kHandPlant].empty()) << "its hands plant on the fence";
    }
  }
}

TEST(SoundEvents, ARefusedVaultBuzzesOnceWhenItsMessageShows) {
  test::HeardSession h;
  test::start_heard(&h, "biped.json", "fence_walls_both.json");
  Session& s = h.session;
  SoundDirector& d = h.director;
  std::vector<std::uint64_t> buzzes, shown;
  for (const InputFrame& in : test::replay_inputs("vault_refused.replay.json")) {
    ASSERT_TRUE(s.tick(in));
    if (s.state().hud != kHudNone && s.state().hud_ticks == kHudTicks) shown.push_back(s.state().tick);
    for (const SoundEvent& e : d.events())
      if (e.kind == SoundKind::kRefused) buzzes.push_back(s.state().tick);
  }
  ASSERT_FALSE(shown.empty());
  EXPECT_EQ(buzzes, shown);
  EXPECT_EQ(vault_of(s.state().player()).vaults_played, 0u);
}

// A motion that plays says so on the HUD (not a warning) and makes no refusal buzz: every d-pad motion
// of the library, on the biped (before, each played the buzz and its rumble at the press).
TEST(SoundEvents, AMotionThatPlaysMakesNoRefusalBuzz) {
  for (const ActionBinding& b : game_actions().bindings()) {
    if (b.motion == kNoMotion) continue;
    SCOPED_TRACE(b.hint);
    test::HeardSession h;
    test::start_heard(&h, "biped.json", "open_ground.json");
    Session& s = h.session;
    int buzzes = 0, shown = 0;
    for (int t = 0; t < 90; ++t) {
      InputFrame in;
      if (t == 10) in.buttons = in.pressed = b.button;
      ASSERT_TRUE(s.tick(in));
      if (s.state().hud != kHudNone && s.state().hud_ticks == kHudTicks) ++shown;
      for (const SoundEvent& e : h.director.events()) buzzes += e.kind == SoundKind::kRefused ? 1 : 0;
    }
    EXPECT_EQ(shown, 1) << "the HUD says what plays";
    EXPECT_EQ(buzzes, 0);
    EXPECT_TRUE(clip_action().record(s.state().player(), b.motion) != nullptr);
  }
}

TEST(SoundEvents, AJumpIsHeardAtItsTakeOffAndItsLanding) {
  for (const char* creature : {"biped.json", "quadruped.json", "strider.json", "stubby.json"}) {
    SCOPED_TRACE(creature);
    test::HeardSession h;
    test::start_heard(&h, creature, "open_ground.json");
    Session& s = h.session;
    SoundDirector& d = h.director;
    std::vector<std::uint64_t> takeoffs, landings;
    std::uint64_t flight = 0, landing = 0;
    float cog_low_in_flight = 1e9f, cog_standing = 0.0f;
    for (int t = 0; t < 240; ++t) {
      InputFrame in;
      if (t == 30) in.buttons = in.pressed = kButtonX;
      ASSERT_TRUE(s.tick(in));
      if (t == 29) cog_standing = s.runtime().pose(0).cog_ws.y;
      const std::string phase = jump_phase(jump_of(s.state().player()));
      if (phase == "flight" && flight == 0) flight = s.state().tick;
      if (phase == "landing" && landing == 0) landing = s.state().tick;
      if (phase == "flight") cog_low_in_flight = std::min(cog_low_in_flight, s.runtime().pose(0).cog_ws.y);
      for (const SoundEvent& e : d.events()) {
        if (e.kind == SoundKind::kTakeoff) takeoffs.push_back(s.state().tick);
        if (e.kind == SoundKind::kLanding) landings.push_back(s.state().tick);
        if (e.kind == SoundKind::kTakeoff || e.kind == SoundKind::kLanding) {
          EXPECT_EQ(e.creature, 0);
          EXPECT_GT(e.loudness, 0.0f);
          EXPECT_LE(e.loudness, 1.0f);
        }
      }
    }
    ASSERT_GT(flight, 0u) << "X jumps";
    ASSERT_GT(landing, flight);
    EXPECT_EQ(takeoffs, std::vector<std::uint64_t>{flight}) << "one take-off, on the first tick in the air";
    EXPECT_EQ(landings, std::vector<std::uint64_t>{landing}) << "one landing, on the first tick down again";
    EXPECT_GT(cog_low_in_flight, cog_standing - 0.05f) << "between the two sounds the body is up, not crouched";
  }
}

// A jump that starts is not a refusal: shortened before a wall (its HUD line says why) it makes no
// buzz, and its take-off is heard on its first tick in the air, 5 ticks after X (before: the buzz and
// its rumble at the press, the take-off 24 ticks later).
TEST(SoundEvents, AShortenedJumpSaysWhyWithoutTheRefusalsBuzzAndTakesOffWithItsSound) {
  test::HeardSession h;
  test::start_heard(&h, "biped.json", "fence_walls_both.json");
  Session& s = h.session;
  int buzzes = 0, lines = 0;
  std::uint64_t press = 0, takeoff = 0;
  for (int t = 0; t < 400 && takeoff == 0; ++t) {
    InputFrame in;
    in.left_y = 32767;
    const bool near_wall = press == 0 && t > 20 && s.state().player().blocked_ticks > 0;
    if (near_wall) {
      in.buttons = in.pressed = kButtonX;
      press = s.state().tick + 1;
    }
    ASSERT_TRUE(s.tick(in));
    if (s.state().hud != kHudNone && s.state().hud_ticks == kHudTicks) ++lines;
    for (const SoundEvent& e : h.director.events()) {
      buzzes += e.kind == SoundKind::kRefused ? 1 : 0;
      if (e.kind == SoundKind::kTakeoff) takeoff = s.state().tick;
    }
  }
  ASSERT_GT(press, 0u) << "walked into the wall or fence ahead";
  EXPECT_EQ(jump_of(s.state().player()).jumps, 1u);
  EXPECT_NE(jump_of(s.state().player()).block, JumpBlock::kNone) << "the jump was shortened or made in place";
  EXPECT_EQ(lines, 1) << "and the HUD says why";
  EXPECT_EQ(buzzes, 0);
  ASSERT_GT(takeoff, press);
  EXPECT_LE(takeoff - press, 6u);
}

// The emotes' voices: d-pad up greets with one chirp and d-pad right roars once, each on the motion's
// tenth tick, from the creature; a roar's pitch comes from the body, so a big long-necked strider roars
// lower than the stubby, and no two shipped bodies roar alike.
TEST(SoundEvents, GreetingsChirpAndRoarsArePitchedByTheBody) {
  std::map<std::string, float> roar_pitch;
  for (const char* creature : {"biped.json", "quadruped.json", "strider.json", "stubby.json", "octopod.json"}) {
    SCOPED_TRACE(creature);
    test::HeardSession h;
    test::start_heard(&h, creature, "open_ground.json");
    Session& s = h.session;
    std::vector<std::uint64_t> chirps, roars;
    std::uint64_t greet_from = 0, roar_from = 0;  // the first tick each motion plays (after settling)
    for (int t = 0; t < 400; ++t) {
      InputFrame in;
      if (t == 20) in.buttons = in.pressed = kButtonDpadUp;
      if (t == 200) in.buttons = in.pressed = kButtonDpadRight;
      ASSERT_TRUE(s.tick(in));
      const CreatureState& c = s.state().player();
      if (greet_from == 0 && clip_play_of(c, "greet").phase == EmotePhase::kPlay) greet_from = s.state().tick;
      if (roar_from == 0 && clip_play_of(c, "roar").phase == EmotePhase::kPlay) roar_from = s.state().tick;
      for (const SoundEvent& e : h.director.events()) {
        if (e.kind != SoundKind::kGreetVoice && e.kind != SoundKind::kRoarVoice) continue;
        (e.kind == SoundKind::kGreetVoice ? chirps : roars).push_back(s.state().tick);
        EXPECT_EQ(e.creature, 0);
        EXPECT_GT(e.loudness, 0.0f);
        EXPECT_LE(e.loudness, 1.0f);
        if (e.kind == SoundKind::kRoarVoice) roar_pitch[creature] = e.pitch;
      }
    }
    // One voice each, 10 ticks into the motion (the body shows it), within a second of the press.
    ASSERT_GT(greet_from, 0u);
    ASSERT_GT(roar_from, 0u);
    EXPECT_LE(greet_from, 21u + 60u);
    EXPECT_EQ(chirps, std::vector<std::uint64_t>{greet_from + 10});
    EXPECT_EQ(roars, std::vector<std::uint64_t>{roar_from + 10});
  }
  EXPECT_LT(roar_pitch["strider.json"], roar_pitch["stubby.json"]);
  std::set<float> distinct;
  for (const auto& [c, p] : roar_pitch) distinct.insert(p);
  EXPECT_EQ(distinct.size(), roar_pitch.size()) << "every body roars at its own pitch";
}

}  // namespace
}  // namespace cf
