#include "audio/spatial.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace cf {
namespace {

TEST(Spatial, FartherIsQuieterAndSilentPastTheEnd) {
  Listener l;  // at the origin, right = +X
  float last = 2.0f;
  for (float d : {0.5f, 4.0f, 8.0f, 16.0f, 40.0f, 55.0f}) {
    const Placement p = place_sound(l, glm::vec3(0.0f, 0.0f, d));
    EXPECT_LE(p.gain, last) << d;
    last = p.gain;
  }
  EXPECT_EQ(place_sound(l, glm::vec3(0, 0, 2)).gain, 1.0f);
  EXPECT_NEAR(place_sound(l, glm::vec3(0, 0, 8)).gain, 0.5f, 1e-5f);  // ref 4 / (4 + 4)
  EXPECT_EQ(place_sound(l, glm::vec3(0, 0, 61)).gain, 0.0f);
  EXPECT_EQ(place_sound(l, glm::vec3(std::numeric_limits<float>::quiet_NaN(), 0, 0)).gain, 0.0f);
}

TEST(Spatial, PanFollowsTheListenersRight) {
  Listener l;
  l.right_ws = glm::vec3(-1, 0, 0);  // a camera looking along +Z
  EXPECT_NEAR(place_sound(l, glm::vec3(-5, 0, 0)).pan, 1.0f, 1e-5f);
  EXPECT_NEAR(place_sound(l, glm::vec3(5, 0, 0)).pan, -1.0f, 1e-5f);
  EXPECT_NEAR(place_sound(l, glm::vec3(0, 0, 5)).pan, 0.0f, 1e-5f);
  EXPECT_EQ(place_sound(l, glm::vec3(0.0f)).pan, 0.0f) << "at the ear: centred";
}

TEST(Spatial, PanGainsKeepThePower) {
  for (float pan : {-1.0f, -0.3f, 0.0f, 0.6f, 1.0f, 7.0f}) {
    float a = 0, b = 0;
    pan_gains(pan, &a, &b);
    EXPECT_NEAR(a * a + b * b, 1.0f, 1e-5f) << pan;
  }
  float a = 0, b = 0;
  pan_gains(-1.0f, &a, &b);
  EXPECT_NEAR(b, 0.0f, 1e-6f);
  pan_gains(std::numeric_limits<float>::quiet_NaN(), &a, &b);
  EXPECT_NEAR(a, b, 1e-6f);
}

}  // namespace
}  // namespace cf
