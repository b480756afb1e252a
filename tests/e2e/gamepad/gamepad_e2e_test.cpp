// The real game binary driven by a virtual SDL gamepad (--pad-script): the input goes through SDL's
// virtual joystick, the GameController mapping, controller events and Input::sample, as a
// physical pad's would. Offscreen SDL video with Mesa's software OpenGL.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

#include "core/json_util.h"
#include "render/image_io.h"
#include "run_command.h"
#include "core/json.h"

namespace cf {
namespace {

using test::CommandResult;
using test::run_command;

CommandResult game(const std::string& args) { return test::run_game_offscreen(args); }

std::string last_line(const std::string& out) {
  std::size_t end = out.find_last_not_of('\n');
  if (end == std::string::npos) return "";
  std::size_t start = out.rfind('\n', end);
  return out.substr(start == std::string::npos ? 0 : start + 1, end - (start == std::string::npos ? 0 : start + 1) + 1);
}

// The --print-state line (the line before the hash when both are printed).
Json state_of(const CommandResult& r) {
  std::string out = r.out;
  std::size_t brace = out.rfind("\n{");
  std::string line = out.substr(brace == std::string::npos ? 0 : brace + 1);
  line = line.substr(0, line.find('\n'));
  return Json::parse(line, nullptr, false);
}

std::string tmp(const std::string& name) { return std::string(CF_BINARY_DIR) + "/gamepad_e2e_" + name; }

const char* kWalkPad = "--level tests/data/game/open_field.level.json --pad-script tests/data/game/walk_forward_3s.pad.json";

TEST(GamepadE2E, StickForwardThreeSecondsWalksTheExpectedDistanceDeterministically) {
  // Steady walking speed at full stick, read mid-walk.
  const CommandResult mid = game(std::string(kWalkPad) + " --ticks 130 --print-state");
  ASSERT_EQ(mid.exit_code, 0) << mid.err;
  const Json m = state_of(mid);
  ASSERT_FALSE(m.is_discarded()) << mid.out;
  const double v = m["speed_mps"].get<double>();
  EXPECT_GT(v, 0.5) << "the creature should be walking at full stick";

  const std::string rec = tmp("walk.replay.json");
  const CommandResult a = game(std::string(kWalkPad) + " --ticks 250 --print-state --print-hash --record '" + rec + "'");
  const CommandResult b = game(std::string(kWalkPad) + " --ticks 250 --print-state --print-hash");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  ASSERT_EQ(b.exit_code, 0) << b.err;
  EXPECT_EQ(last_line(a.out), last_line(b.out)) << "same pad input, same state hash";
  EXPECT_EQ(last_line(a.out).size(), 16u);

  // 3 s of full stick from standing, then 1 s to stop: about 3 s at the steady speed.
  const Json s = state_of(a);
  ASSERT_FALSE(s.is_discarded()) << a.out;
  const double forward = s["root"][2].get<double>();
  EXPECT_NEAR(s["root"][0].get<double>(), 0.0, 0.05) << "walked straight";
  EXPECT_GT(forward, 0.9 * 3.0 * v);
  EXPECT_LT(forward, 1.15 * 3.0 * v);

  // The inputs the game saw came through the pad: the recording holds stick-forward ticks, and
  // replaying that recording reproduces the same run.
  Result<Json> replay = load_json_file(rec);
  ASSERT_TRUE(replay.ok()) << replay.error().to_string();
  EXPECT_NE(replay->dump().find("32767"), std::string::npos) << "no full-stick input was recorded";
  const CommandResult again = game("--headless --replay '" + rec + "' --print-hash");
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(last_line(again.out), last_line(a.out));
  std::remove(rec.c_str());
}

TEST(GamepadE2E, PressingANearTheFenceBesideTheWallPlaysTheMirroredVaultAndLandsBeyond) {
  const std::string shot = tmp("vault_mid.png");
  const std::string pad = " --pad-script tests/data/game/vault_beside_wall.pad.json --ticks 350 --print-state --print-hash";
  const CommandResult r = game(pad + " --screenshot '" + shot + "' --at-tick 120");
  const CommandResult again = game(pad);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(last_line(r.out), last_line(again.out)) << "a screenshot must not change the simulation";
  const Json s = state_of(r);
  ASSERT_FALSE(s.is_discarded()) << r.out;
  EXPECT_EQ(s["vaults_played"], 1);
  EXPECT_EQ(s["vault_mirrored"], true) << "the wall stands on the vault's side in the default level";
  EXPECT_EQ(s["vault_phase"], "landed");
  EXPECT_EQ(s["vault_max_penetration_m"].get<double>(), 0.0);
  // The default level's fence spans z 2.96..3.04; the creature ends beyond it, on the ground.
  EXPECT_GT(s["root"][2].get<double>(), 3.04 + 0.2);
  EXPECT_NEAR(s["root"][1].get<double>(), 0.0, 0.01);

  Result<Image> img = load_png(shot);
  ASSERT_TRUE(img.ok()) << img.error().to_string();
  EXPECT_GE(img->width, 320);
  EXPECT_GE(img->height, 240);
  std::size_t differing = 0;
  for (std::size_t i = 4; i + 3 < img->rgba.size(); i += 4) differing += img->rgba[i] != img->rgba[0];
  EXPECT_GT(differing, img->rgba.size() / 40) << "mid-vault frame is nearly one colour";
  std::remove(shot.c_str());
}

// The quadruped walks at the fixture's ledge (0.7 m, a lip jutting over its face), A climbs it; turned round,
// it walks to the edge, which stops it, and A climbs down: the real game, its virtual pad, no clip.
TEST(GamepadE2E, AAtALedgeClimbsOntoItAndAtItsEdgeClimbsDown) {
  const std::string base = "--creature assets/creatures/quadruped.json --level assets/levels/ledge_lip.json"
                           " --pad-script tests/data/game/climb_up_and_down.pad.json --print-state --print-hash";
  const CommandResult up = game(base + " --ticks 240");
  ASSERT_EQ(up.exit_code, 0) << up.err;
  const Json top = state_of(up);
  ASSERT_FALSE(top.is_discarded()) << up.out;
  EXPECT_EQ(top["climbs"], 1);
  EXPECT_NEAR(top["root"][1].get<double>(), 0.7, 0.01) << "on the top";
  EXPECT_GT(top["root"][2].get<double>(), 1.88) << "past the lip";
  const CommandResult down = game(base + " --ticks 466");
  const CommandResult again = game(base + " --ticks 466");
  ASSERT_EQ(down.exit_code, 0) << down.err;
  EXPECT_EQ(last_line(down.out), last_line(again.out)) << "same pad input, same state hash";
  const Json s = state_of(down);
  ASSERT_FALSE(s.is_discarded()) << down.out;
  EXPECT_EQ(s["climbs"], 2);
  EXPECT_EQ(s["climb_down"], true);
  EXPECT_NEAR(s["root"][1].get<double>(), 0.0, 0.01) << "down again";
  EXPECT_LT(s["root"][2].get<double>(), 1.88);
  EXPECT_TRUE(s["first_clip"].is_null()) << s["first_clip"].dump();
}

TEST(GamepadE2E, BadPadScriptIsOneLineAndExitTwo) {
  const std::string bad = tmp("bad.pad.json");
  std::FILE* f = std::fopen(bad.c_str(), "w");
  ASSERT_NE(f, nullptr);
  std::fputs(R"({"format": "critterforge.padscript/1", "steps": [{"ticks": 5, "buttons": ["turbo"]}]})", f);
  std::fclose(f);
  const CommandResult r = game("--ticks 5 --pad-script '" + bad + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("bad.pad.json"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("steps[0].buttons"), std::string::npos) << r.err;
  const CommandResult missing = game("--ticks 5 --pad-script /nonexistent/pad.json");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("/nonexistent/pad.json"), std::string::npos);
  const CommandResult headless = game("--headless --ticks 5 --pad-script tests/data/game/walk_forward_3s.pad.json");
  EXPECT_EQ(headless.exit_code, 2);
  std::remove(bad.c_str());
}

constexpr int kFirstJumpTick = 81;  // the pad script's first X (running)

// Every shipped creature runs and jumps: a running jump and a standing one, the frame at the top of the
// flight written as a screenshot, and the session's recording replays to the same hash.
TEST(GamepadE2E, EveryShippedCreatureRunsAndJumpsThroughTheVirtualPad) {
  for (const char* c : {"biped", "biped_arms_tail", "hexapod", "octopod", "quadruped", "strider", "stubby"}) {
    SCOPED_TRACE(c);
    const std::string base = std::string("--creature assets/creatures/") + c +
                             ".json --level tests/data/game/open_field.level.json"
                             " --pad-script tests/data/game/running_jump.pad.json --print-state";
    // Just after the first X: the running jump has started, and says when it is in the air.
    const CommandResult started = game(base + " --ticks " + std::to_string(kFirstJumpTick + 1));
    ASSERT_EQ(started.exit_code, 0) << started.err;
    const Json s0 = state_of(started);
    ASSERT_FALSE(s0.is_discarded()) << started.out;
    EXPECT_EQ(s0["jumps"], 1);
    EXPECT_EQ(s0["jump_phase"], "crouch");
    EXPECT_GT(s0["jump_distance_m"].get<double>(), 0.1) << "a running jump goes forward";
    const int air0 = s0["jump_air_ticks"][0].get<int>(), air1 = s0["jump_air_ticks"][1].get<int>();
    ASSERT_LT(air0, air1);
    // The top of the flight, on screen.
    const int top = kFirstJumpTick + (air0 + air1) / 2;
    const std::string shot = tmp(std::string("motions_") + c + "_midjump.png");
    const CommandResult mid = game(base + " --ticks " + std::to_string(top) + " --screenshot '" + shot +
                                   "' --at-tick " + std::to_string(top));
    ASSERT_EQ(mid.exit_code, 0) << mid.err;
    EXPECT_EQ(state_of(mid)["jump_phase"], "flight");
    Result<Image> img = load_png(shot);
    ASSERT_TRUE(img.ok()) << img.error().to_string();
    std::size_t differing = 0;
    for (std::size_t i = 4; i + 3 < img->rgba.size(); i += 4) differing += img->rgba[i] != img->rgba[0];
    EXPECT_GT(differing, img->rgba.size() / 40) << "mid-jump frame is nearly one colour";
    if (!std::getenv("CF_KEEP_SHOTS")) std::remove(shot.c_str());
    // The whole script: two jumps, standing again at the end, and the recording replays to the same hash.
    const std::string rec = tmp(std::string("motions_") + c + ".replay.json");
    const CommandResult all = game(base + " --ticks 354 --print-hash --record '" + rec + "'");
    ASSERT_EQ(all.exit_code, 0) << all.err;
    const Json s = state_of(all);
    EXPECT_EQ(s["jumps"], 2);
    EXPECT_EQ(s["jump_phase"], "");
    EXPECT_EQ(s["jump_distance_m"].get<double>(), 0.0) << "the second jump, standing, is in place";
    const CommandResult again = game("--headless --replay '" + rec + "' --print-hash");
    ASSERT_EQ(again.exit_code, 0) << again.err;
    EXPECT_EQ(last_line(again.out), last_line(all.out));
    std::remove(rec.c_str());
  }
}

// Every shipped creature sits and does each emote through the virtual pad (d-pad down, up, right,
// left): seated, mid-greet, mid-roar and mid-dance on screen (one run, a screenshot at each moment)
// with the variant its body plays, each played once, standing again at the end; the session's
// recording replays to the same hash, and replayed up to each moment shows that emote playing.
TEST(GamepadE2E, EveryShippedCreatureSitsAndEmotesThroughTheVirtualPad) {
  const std::map<std::string, std::string> greet = {{"biped", "nod_wag"},     {"biped_arms_tail", "wave_arm"},
                                                    {"hexapod", "lift_foreleg"}, {"octopod", "lift_foreleg"},
                                                    {"quadruped", "lift_foreleg"}, {"strider", "nod_wag"},
                                                    {"stubby", "lift_foreleg"}};
  struct Moment {
    const char* name;
    int tick;
    const char* phase_key;
  };
  const Moment moments[] = {{"seated", 200, "sit_phase"}, {"midgreet", 400, "greet_phase"}, {"midroar", 540, "roar_phase"},
                            {"middance", 720, "dance_phase"}};
  for (const auto& [c, greet_variant] : greet) {
    SCOPED_TRACE(c);
    const std::string shot = tmp("motions_" + c + ".png");
    const std::string rec = tmp("motions_" + c + "_emotes.replay.json");
    std::string at;
    for (const Moment& m : moments) at += " --at-tick " + std::to_string(m.tick);
    const CommandResult all = game("--creature assets/creatures/" + c +
                                   ".json --level tests/data/game/open_field.level.json"
                                   " --pad-script tests/data/game/emotes.pad.json --print-state --ticks 898 --print-hash"
                                   " --record '" + rec + "' --screenshot '" + shot + "'" + at);
    ASSERT_EQ(all.exit_code, 0) << all.err;
    const Json s = state_of(all);
    ASSERT_FALSE(s.is_discarded()) << all.out;
    for (const char* k : {"sit", "greet", "roar", "dance"}) {
      EXPECT_EQ(s[std::string(k) + "_plays"], 1) << k;
      EXPECT_EQ(s[std::string(k) + "_phase"], "") << k << " still playing at the end";
    }
    for (const Moment& m : moments) {
      const std::string file = tmp("motions_" + c + "_t" + std::to_string(m.tick) + ".png");  // FILE_tN.png
      Result<Image> img = load_png(file);
      ASSERT_TRUE(img.ok()) << img.error().to_string();
      std::size_t differing = 0;
      for (std::size_t i = 4; i + 3 < img->rgba.size(); i += 4) differing += img->rgba[i] != img->rgba[0];
      EXPECT_GT(differing, img->rgba.size() / 40) << m.name << " frame is nearly one colour";
      if (!std::getenv("CF_KEEP_SHOTS")) std::remove(file.c_str());
      const CommandResult r = game("--headless --replay '" + rec + "' --ticks " + std::to_string(m.tick) + " --print-state");
      ASSERT_EQ(r.exit_code, 0) << r.err;
      const Json at_moment = state_of(r);
      ASSERT_FALSE(at_moment.is_discarded()) << r.out;
      EXPECT_EQ(at_moment[m.phase_key], "play") << m.name;
      if (std::string(m.name) == "midgreet") {
        EXPECT_EQ(at_moment["greet_variant"], greet_variant);
      }
      if (std::string(m.name) == "seated") {
        EXPECT_EQ(at_moment["sit_variant"], "lower_body");
      }
    }
    const CommandResult again = game("--headless --replay '" + rec + "' --print-hash");
    ASSERT_EQ(again.exit_code, 0) << again.err;
    EXPECT_EQ(last_line(again.out), last_line(all.out));
    std::remove(rec.c_str());
  }
}

}  // namespace
}  // namespace cf
