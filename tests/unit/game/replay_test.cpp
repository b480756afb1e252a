#include "game/session/replay.h"

#include <gtest/gtest.h>

#include <cstdio>

#include "game/session/session.h"

namespace cf {
namespace {

InputFrame scripted(std::uint64_t tick) {
  InputFrame f;
  if (tick >= 10 && tick < 100) f.left_y = 30000;
  if (tick >= 50 && tick < 70) f.right_x = -12000;
  if (tick == 75) f.buttons = f.pressed = kButtonA;
  if (tick == 76) f.buttons = kButtonA;
  return f;
}

Replay record_session(std::uint64_t ticks) {
  Session s;
  Result<Scene> scene = load_scene("", "");
  EXPECT_TRUE(scene.ok());
  s.start(std::move(*scene), 42);
  for (std::uint64_t t = 0; t < ticks; ++t) EXPECT_TRUE(s.tick(scripted(t)));
  return s.recording();
}

TEST(Replay, JsonRoundTripIsExactAndCompact) {
  const Replay r = record_session(130);
  ASSERT_EQ(r.inputs.size(), 130u);
  ASSERT_EQ(r.hashes.size(), 3u);  // 60, 120 and the final 130
  EXPECT_EQ(r.hashes[0].tick, 60u);
  EXPECT_EQ(r.hashes[2].tick, 130u);
  const Json j = replay_to_json(r);
  EXPECT_EQ(j["format"], kReplayFormat);
  EXPECT_TRUE(j["creature"]["content"].is_object());
  EXPECT_TRUE(j["level"]["content"].is_object());
  EXPECT_LT(j["inputs"].size(), 12u);  // run-length encoded
  Result<Replay> back = parse_replay(j.dump(), "mem.replay.json");
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ(back->seed, 42u);
  EXPECT_EQ(back->creature_path, r.creature_path);
  EXPECT_EQ(back->creature_json, r.creature_json);
  EXPECT_EQ(back->level_json, r.level_json);
  ASSERT_EQ(back->inputs.size(), r.inputs.size());
  for (std::size_t i = 0; i < r.inputs.size(); ++i) EXPECT_EQ(back->inputs[i], r.inputs[i]) << "tick " << i;
  ASSERT_EQ(back->hashes.size(), r.hashes.size());
  for (std::size_t i = 0; i < r.hashes.size(); ++i) EXPECT_EQ(back->hashes[i].hash, r.hashes[i].hash);
}

// Pad-only ticks keep the 9-field form every older replay has (so those load unchanged); ticks with
// the mouse pointer or a typed key carry 12 fields, and both read back exactly.
TEST(Replay, MouseAndTypedKeysRoundTripAndPadOnlyTicksKeepTheOldForm) {
  Replay r;
  r.inputs.resize(5);
  r.inputs[1].left_x = 1200;
  r.inputs[2].mouse_x = -32767;
  r.inputs[2].mouse_y = 12345;
  r.inputs[2].buttons = r.inputs[2].pressed = kButtonMouseLeft;
  r.inputs[3].typed = 'W';
  r.inputs[4].typed = kTypedEscape;
  const Json j = replay_to_json(r);
  ASSERT_EQ(j["inputs"].size(), 5u);
  EXPECT_EQ(j["inputs"][0].size(), 9u);
  EXPECT_EQ(j["inputs"][1].size(), 9u);
  EXPECT_EQ(j["inputs"][2].size(), 12u);
  EXPECT_EQ(j["inputs"][3].size(), 12u);
  Json with_assets = j;
  with_assets["creature"] = Json{{"path", "c"}, {"content", Json::object()}};
  with_assets["level"] = Json{{"path", "l"}, {"content", Json::object()}};
  Result<Replay> back = parse_replay(with_assets.dump(), "mem.replay.json");
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  ASSERT_EQ(back->inputs.size(), 5u);
  for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(back->inputs[i], r.inputs[i]) << "tick " << i;
  InputFrame differs = r.inputs[3];
  differs.typed = 'V';
  EXPECT_NE(differs, r.inputs[3]) << "a typed key is part of the input's identity (run-length encoding)";
}

TEST(Replay, PlaysBackToTheSameHashes) {
  const Replay r = record_session(250);
  Result<Replay> loaded = parse_replay(replay_to_json(r).dump(), "r.json");
  ASSERT_TRUE(loaded.ok());
  Session s;
  ASSERT_TRUE(s.start_replay(*loaded, "r.json").ok());
  EXPECT_EQ(s.replay_ticks(), 250u);
  while (s.tick(InputFrame{})) {
  }
  EXPECT_FALSE(s.verifier().diverged()) << s.verifier().message();
  EXPECT_EQ(s.state().tick, 250u);
  EXPECT_EQ(s.verifier().checked(), 5);  // 60, 120, 180, 240, 250
}

TEST(Replay, AlteredInputReportsTheFirstDivergingCheckpoint) {
  Replay r = record_session(250);
  r.inputs[70].left_x = 32767;  // tick 71 (walking) turns instead of going straight
  Session s;
  ASSERT_TRUE(s.start_replay(r, "altered.json").ok());
  while (s.tick(InputFrame{})) {
  }
  ASSERT_TRUE(s.verifier().diverged());
  EXPECT_EQ(s.verifier().diverged_tick(), 120u);
  EXPECT_EQ(s.verifier().last_good_tick(), 60u);
  EXPECT_EQ(s.state().tick, 120u);  // stops at the divergence
  EXPECT_NE(s.verifier().message().find("diverged at tick 120"), std::string::npos) << s.verifier().message();
}

TEST(Replay, AlteredHashIsReported) {
  Replay r = record_session(130);
  r.hashes[0].hash ^= 1;
  Session s;
  ASSERT_TRUE(s.start_replay(r, "x.json").ok());
  while (s.tick(InputFrame{})) {
  }
  EXPECT_TRUE(s.verifier().diverged());
  EXPECT_EQ(s.verifier().diverged_tick(), 60u);
  EXPECT_EQ(s.verifier().last_good_tick(), 0u);
}

TEST(Replay, InputScriptWithPathsOnlyLoadsTheFiles) {
  const std::string text = std::string(R"({"format": "critterforge.replay/1",
    "creature": {"path": ")") + CF_ASSETS_DIR + R"(/creatures/biped.json"},
    "level": {"path": ")" + CF_ASSETS_DIR + R"(/levels/default.json"},
    "seed": 3, "inputs": [[30, 0, 32767, 0, 0, 0, 0, 0, 0]]})";
  Result<Replay> r = parse_replay(text, "script.json");
  ASSERT_TRUE(r.ok()) << r.error().to_string();
  EXPECT_TRUE(r->creature_json.is_null());
  EXPECT_TRUE(r->hashes.empty());
  Session s;
  ASSERT_TRUE(s.start_replay(*r, "script.json").ok());
  while (s.tick(InputFrame{})) {
  }
  EXPECT_EQ(s.state().tick, 30u);
  EXPECT_GT(s.state().player().root_ws.z, 0.1f);
  EXPECT_TRUE(s.recording().creature_json.is_object());  // a re-recording embeds the content
}

struct BadCase {
  std::string text;
  const char* field;
};

TEST(Replay, BadFilesNameTheFieldAndProblem) {
  const std::string ok_assets =
      R"("creature": {"path": "c", "content": {}}, "level": {"path": "l", "content": {}})";
  const BadCase cases[] = {
      {R"([1, 2])", ""},
      {R"({"format": "critterforge.replay/9"})", "format"},
      {R"({"format": "critterforge.replay/1", "level": {"path": "l"}, "seed": 1, "inputs": []})", "creature"},
      {std::string(R"({"format": "critterforge.replay/1", )") + ok_assets + R"(, "inputs": []})", "seed"},
  };
  for (const BadCase& c : cases) {
    Result<Replay> r = parse_replay(c.text, "bad.json");
    ASSERT_FALSE(r.ok()) << c.text;
    EXPECT_EQ(r.error().file, "bad.json");
    EXPECT_EQ(r.error().field, c.field) << r.error().to_string();
  }
  const std::string head = std::string(R"({"format": "critterforge.replay/1", )") + ok_assets + R"(, "seed": 1, )";
  const BadCase more[] = {
      {R"("inputs": [[1, 0, 0, 0, 0, 0, 0, 0]]})", "inputs[0]"},
      {R"("inputs": [[1, 40000, 0, 0, 0, 0, 0, 0, 0]]})", "inputs[0][1]"},
      {R"("inputs": [[0, 0, 0, 0, 0, 0, 0, 0, 0]]})", "inputs[0][0]"},
      {R"("inputs": [[1, 0, 0, 0, 0, -1, 0, 0, 0]]})", "inputs[0][5]"},
      {R"("inputs": [[1, 0, 0, 0, 0, 0, 0, 1.5, 0]]})", "inputs[0][7]"},
      {R"("inputs": [[99999999, 0, 0, 0, 0, 0, 0, 0, 0]]})", "inputs[0][0]"},
      {R"("inputs": [[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]]})", "inputs[0]"},
      {R"("inputs": [[1, 0, 0, 0, 0, 0, 0, 0, 0, 40000, 0, 0]]})", "inputs[0][9]"},
      {R"("inputs": [[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 200]]})", "inputs[0][11]"},
      {R"("inputs": [[2, 0, 0, 0, 0, 0, 0, 0, 0]], "ticks": 3})", "ticks"},
      {R"("inputs": [[2, 0, 0, 0, 0, 0, 0, 0, 0]], "hashes": [{"tick": 3, "hash": "0000000000000000"}]})", "hashes[0].tick"},
      {R"("inputs": [[2, 0, 0, 0, 0, 0, 0, 0, 0]], "hashes": [{"tick": 1, "hash": "xyz"}]})", "hashes[0].hash"},
      {R"("inputs": [[2, 0, 0, 0, 0, 0, 0, 0, 0]], "hashes": [{"tick": 2, "hash": "0000000000000000"}, {"tick": 1, "hash": "0000000000000000"}]})", "hashes[1].tick"},
  };
  for (const BadCase& c : more) {
    Result<Replay> r = parse_replay(head + c.text, "bad.json");
    ASSERT_FALSE(r.ok()) << c.text;
    EXPECT_EQ(r.error().field, c.field) << r.error().to_string();
  }
}

TEST(Replay, BadEmbeddedCreatureIsReportedAgainstTheReplay) {
  Replay r = record_session(10);
  r.creature_json["parts"] = "nope";
  Session s;
  Status st = s.start_replay(r, "broken.replay.json");
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error.file, "broken.replay.json");
  EXPECT_EQ(st.error.field, "parts");
}

TEST(Replay, SaveIsAtomicAndLoadable) {
  const Replay r = record_session(61);
  const std::string path = std::string(CF_BINARY_DIR) + "/replay_test_save.replay.json";
  ASSERT_TRUE(save_replay(path, r).ok());
  Result<Replay> back = load_replay(path);
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ(back->inputs.size(), 61u);
  std::remove(path.c_str());
  EXPECT_FALSE(load_replay(path).ok());
}

}  // namespace
}  // namespace cf
