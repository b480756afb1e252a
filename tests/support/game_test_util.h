#pragma once
// Shared by the game's unit tests: the biped in a shipped level, and a left-stick input.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "core/input_frame.h"
#include "game/play/scene.h"

namespace cf::test {

// The biped in assets/levels/<level>.
inline Scene biped_scene_in(const char* level) {
  Result<Scene> s = load_scene(CF_ASSETS_DIR "/creatures/biped.json", std::string(CF_ASSETS_DIR "/levels/") + level);
  EXPECT_TRUE(s.ok()) << s.error().to_string();
  return std::move(*s);
}

// The left stick at (x, y) in [-1, 1].
inline InputFrame stick(float x, float y) {
  InputFrame f;
  f.left_x = static_cast<std::int16_t>(x * 32767.0f);
  f.left_y = static_cast<std::int16_t>(y * 32767.0f);
  return f;
}

}  // namespace cf::test
