#include "game/run/args.h"

#include <gtest/gtest.h>

#include <tuple>

namespace cf {
namespace {

Result<RunOptions> parse(std::vector<std::string> a) { return parse_run_options(a); }

TEST(RunOptions, ParsesEveryMode) {
  Result<RunOptions> o = parse({"--ticks", "120", "--screenshot", "s.png", "--at-tick", "100", "--print-hash",
                                "--record", "r.json", "--creature", "c.json", "--level", "l.json", "--seed", "9"});
  ASSERT_TRUE(o.ok()) << o.error().to_string();
  EXPECT_TRUE(o->has_ticks);
  EXPECT_EQ(o->ticks, 120u);
  EXPECT_EQ(o->at_tick, 100u);
  EXPECT_TRUE(o->print_hash);
  EXPECT_EQ(o->record_path, "r.json");
  EXPECT_EQ(o->screenshot_path, "s.png");
  EXPECT_EQ(o->creature_path, "c.json");
  EXPECT_EQ(o->level_path, "l.json");
  EXPECT_EQ(o->seed, 9u);
  EXPECT_TRUE(parse({"--headless", "--ticks", "600"}).ok());
  EXPECT_TRUE(parse({"--headless", "--replay", "r.json"}).ok());
  EXPECT_TRUE(parse({"--help"})->help);
  EXPECT_TRUE(parse({}).ok());
}

TEST(RunOptions, PrintBudgetNeedsDrawnFrames) {
  EXPECT_TRUE(parse({"--ticks", "60", "--print-budget"})->print_budget);
  Result<RunOptions> headless = parse({"--headless", "--ticks", "60", "--print-budget"});
  ASSERT_FALSE(headless.ok());
  EXPECT_EQ(headless.error().field, "--print-budget");
}

TEST(RunOptions, SeveralScreenshotTicksInOneRun) {
  Result<RunOptions> o = parse({"--ticks", "900", "--screenshot", "out/emotes.png", "--at-tick", "540", "--at-tick",
                                "200", "--at-tick", "540", "--at-tick", "720"});
  ASSERT_TRUE(o.ok()) << o.error().to_string();
  EXPECT_EQ(o->shot_ticks, (std::vector<std::uint64_t>{200, 540, 720})) << "ascending, each once";
  EXPECT_EQ(o->at_tick, 200u);
  EXPECT_EQ(screenshot_path_at("out/emotes.png", 540), "out/emotes_t540.png");
  EXPECT_EQ(screenshot_path_at("a.b/shot", 7), "a.b/shot_t7");
  Result<RunOptions> late = parse({"--ticks", "500", "--screenshot", "s.png", "--at-tick", "100", "--at-tick", "600"});
  ASSERT_FALSE(late.ok());
  EXPECT_EQ(late.error().to_string(), "--at-tick: 600 is after the last tick (500)");
  Result<RunOptions> debug = parse({"--debug", "--at-tick", "100", "--at-tick", "200"});
  ASSERT_FALSE(debug.ok());
  EXPECT_NE(debug.error().to_string().find("give --at-tick once"), std::string::npos);
}

TEST(RunOptions, SoundSettingsFromTheCommandLine) {
  Result<RunOptions> o = parse({"--volume", "0.25", "--rumble", "0", "--mute", "--print-sound-events"});
  ASSERT_TRUE(o.ok()) << o.error().to_string();
  EXPECT_FLOAT_EQ(o->sound.master, 0.25f);
  EXPECT_EQ(o->sound.rumble, 0.0f);
  EXPECT_FLOAT_EQ(o->sound.effects, 1.0f);
  EXPECT_TRUE(o->mute);
  EXPECT_TRUE(o->print_sound_events);
  EXPECT_EQ(parse({})->sound.rumble, 1.0f);
  for (const char* bad : {"1.5", "-0.1", "nan", "loud", "0.5x"}) {
    Result<RunOptions> r = parse({"--volume", bad});
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_NE(r.error().to_string().find("is not a level from 0 to 1"), std::string::npos) << r.error().to_string();
    EXPECT_FALSE(parse({"--rumble", bad}).ok()) << bad;
  }
  EXPECT_FALSE(parse({"--print-rumble"}).ok()) << "only the scripted pad reports its rumble";
  EXPECT_TRUE(parse({"--print-rumble", "--pad-script", "p.json"}).ok());
}

TEST(RunOptions, RejectsBadInputWithOneLine) {
  const std::vector<std::vector<std::string>> bad = {
      {"--bogus"},
      {"--ticks"},
      {"--ticks", "-1"},
      {"--ticks", "12x"},
      {"--ticks", "99999999999999999999999"},
      {"--seed", ""},
      {"--headless"},
      {"--headless", "--ticks", "5", "--screenshot", "a.png"},
      {"--at-tick", "3"},
      {"--ticks", "5", "--screenshot", "a.png", "--at-tick", "6"},
      {"--replay", "r.json", "--seed", "3"},
      {"--replay", "r.json", "--record", "r.json"},
      {"--screenshot", "a.png"},
  };
  for (const auto& a : bad) {
    Result<RunOptions> o = parse(a);
    ASSERT_FALSE(o.ok()) << a[0];
    const std::string line = o.error().to_string();
    EXPECT_FALSE(line.empty());
    EXPECT_EQ(line.find('\n'), std::string::npos) << line;
  }
}

TEST(RunOptions, WindowSizeIsWidthByHeightInRange) {
  Result<RunOptions> d = parse({});
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d->window_w, 960);
  EXPECT_EQ(d->window_h, 720);
  for (const auto& [text, w, h] : std::vector<std::tuple<std::string, int, int>>{
           {"320x240", 320, 240}, {"3840x2160", 3840, 2160}, {"640X480", 640, 480}}) {
    Result<RunOptions> o = parse({"--window", text});
    ASSERT_TRUE(o.ok()) << text << ": " << o.error().to_string();
    EXPECT_EQ(o->window_w, w) << text;
    EXPECT_EQ(o->window_h, h) << text;
  }
  for (const std::string bad : {"319x240", "320x239", "3841x2160", "3840x2161", "320", "x240", "320x", "320x240x1",
                                "-320x240", "320 x240", "0x0", "99999999999999999999x240", "axb"}) {
    Result<RunOptions> o = parse({"--window", bad});
    ASSERT_FALSE(o.ok()) << bad;
    const std::string line = o.error().to_string();
    EXPECT_NE(line.find("--window"), std::string::npos) << line;
    EXPECT_EQ(line.find('\n'), std::string::npos) << line;
  }
  EXPECT_FALSE(parse({"--window"}).ok());
}

TEST(RunOptions, RefusesAnOptionGivenTwice) {
  Result<RunOptions> r = parse_run_options({"--screenshot", "a.png", "--ticks", "5", "--screenshot", "b.png"});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().to_string().find("--screenshot"), std::string::npos);
  EXPECT_NE(r.error().to_string().find("twice"), std::string::npos);
  EXPECT_FALSE(parse_run_options({"--headless", "--headless"}).ok());
}

}  // namespace
}  // namespace cf
