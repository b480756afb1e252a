#pragma once
// What the motion tests share: the shipped motions folder and loading a clip from it.
#include <string>

#include <gtest/gtest.h>

#include "motion/motion_clip.h"

namespace cf::test {

inline const std::string kMotions = std::string(CF_ASSETS_DIR) + "/motions/";

inline MotionClip load_shipped_motion(const std::string& name) {
  auto c = load_motion(kMotions + name);
  EXPECT_TRUE(c.ok()) << (c.ok() ? "" : c.error().to_string());
  return c.ok() ? *c : MotionClip{};
}

}  // namespace cf::test
