#pragma once
// A shipped creature on a trial level (trial_sprint unless told) and a shipped trial pad script, for
// the trial unit tests.
#include <string>

#include <gtest/gtest.h>

#include "game/session/pad_script.h"
#include "game/session/session.h"

namespace cf::test {

inline Scene trial_scene(const std::string& creature, const std::string& level = CF_ASSETS_DIR "/levels/trial_sprint.json") {
  Result<Scene> s = load_scene(CF_ASSETS_DIR "/creatures/" + creature + ".json", level);
  EXPECT_TRUE(s.ok()) << s.error().to_string();
  return std::move(*s);
}

inline PadScript trial_script(const std::string& name) {
  Result<PadScript> p = load_pad_script(CF_SOURCE_DIR "/tests/data/game/trial/" + name + ".pad.json");
  EXPECT_TRUE(p.ok()) << p.error().to_string();
  return p.ok() ? *p : PadScript{};
}

}  // namespace cf::test
