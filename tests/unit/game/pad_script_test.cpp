// Pad script lookup: the binary search over the steps gives what walking the steps one by one gives
// (zero-tick steps, typed keys, the pointer after the end), and a 100,000-step script costs a
// logarithmic number of probes per tick, not a linear one (111 s against 3 s for the same ticks).
#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/rng.h"
#include "game/session/pad_script.h"

namespace cf {
namespace {

// The definition, step by step (what the game did before the search).
InputFrame frame_by_walking(const std::vector<PadScript::Step>& steps, std::uint64_t tick) {
  InputFrame last;
  for (const PadScript::Step& s : steps) {
    if (tick < s.ticks) return s.frame;
    tick -= s.ticks;
    last = s.frame;
  }
  InputFrame after;
  after.mouse_x = last.mouse_x;
  after.mouse_y = last.mouse_y;
  return after;
}

const std::string* text_by_walking(const std::vector<PadScript::Step>& steps, std::uint64_t tick) {
  for (const PadScript::Step& s : steps) {
    if (tick == 0 && s.ticks > 0) return s.type.empty() ? nullptr : &s.type;
    if (tick < s.ticks) return nullptr;
    tick -= s.ticks;
  }
  return nullptr;
}

TEST(PadScript, TheSearchGivesWhatWalkingTheStepsGives) {
  Rng rng = Rng::from_seed(24);
  std::vector<PadScript::Step> steps;
  for (int i = 0; i < 3000; ++i) {
    PadScript::Step s;
    s.ticks = static_cast<std::uint64_t>(rng.range(0, 4));  // a quarter of them hold no tick
    s.frame.buttons = static_cast<std::uint32_t>(i + 1);    // names the step
    s.frame.mouse_x = static_cast<std::int16_t>(rng.range(-32767, 32767));
    if (rng.range(0, 3) == 0) s.type = "k" + std::to_string(i);
    steps.push_back(s);
  }
  const PadScript script(steps);
  std::uint64_t total = 0;
  for (const PadScript::Step& s : steps) total += s.ticks;
  ASSERT_EQ(script.total_ticks(), total);
  int typed = 0;
  for (std::uint64_t t = 0; t < total + 5; ++t) {
    const InputFrame got = script.frame_at(t), want = frame_by_walking(steps, t);
    ASSERT_EQ(got.buttons, want.buttons) << "tick " << t;
    ASSERT_EQ(got.mouse_x, want.mouse_x) << "tick " << t;
    const std::string* a = script.text_at(t);
    const std::string* b = text_by_walking(steps, t);
    ASSERT_EQ(a == nullptr, b == nullptr) << "tick " << t;
    if (a) {
      EXPECT_EQ(*a, *b) << "tick " << t;
      ++typed;
    }
  }
  EXPECT_GT(typed, 300);  // the comparison saw typed keys, not only nulls
  EXPECT_EQ(script.frame_at(total + 100).buttons, 0u);
  EXPECT_EQ(PadScript().frame_at(0).buttons, 0u);
  EXPECT_EQ(PadScript().text_at(0), nullptr);
}

TEST(PadScript, AHundredThousandOneTickStepsCostLogarithmicProbesATick) {
  std::string text = R"({"format": "critterforge.padscript/1", "steps": [)";
  constexpr std::uint64_t kSteps = 100000;
  for (std::uint64_t i = 0; i < kSteps; ++i) text += i % 2 ? R"({"ticks": 1, "buttons": ["a"]},)" : R"({"ticks": 1},)";
  text.back() = ']';
  text += "}";
  Result<PadScript> script = parse_pad_script(text, "long.pad.json");
  ASSERT_TRUE(script.ok()) << script.error().to_string();
  ASSERT_EQ(script->total_ticks(), kSteps);
  std::size_t most = 0, all = 0;
  for (std::uint64_t t = 0; t <= kSteps; ++t) {
    std::size_t probes = 0;
    ASSERT_EQ(script->step_at(t, &probes), t);
    most = std::max(most, probes);
    all += probes;
    ASSERT_EQ(script->frame_at(t).buttons, t % 2 && t < kSteps ? static_cast<std::uint32_t>(kButtonA) : 0u) << t;
  }
  // ceil(log2(100,001)) = 17 probes; walking the steps would take up to 100,000 for one tick
  // and 5e9 over the run.
  EXPECT_LE(most, 17u);
  EXPECT_LE(all, 17u * (kSteps + 1));
}

}  // namespace
}  // namespace cf
