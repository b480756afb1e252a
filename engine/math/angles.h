#pragma once
// Angles: the one definition of pi and the helpers every module shares (radians unless named _deg).
namespace cf {

constexpr double kPiD = 3.14159265358979323846;
constexpr float kPi = static_cast<float>(kPiD);
constexpr float kTwoPi = 2.0f * kPi;
constexpr float kDegToRad = kPi / 180.0f;
constexpr float kRadToDeg = 180.0f / kPi;

// The angle wrapped to (-pi, pi].
inline float wrap_angle(float a) {
  while (a > kPi) a -= kTwoPi;
  while (a <= -kPi) a += kTwoPi;
  return a;
}

// From a towards b by t in [0, 1] along the shorter way round.
inline float lerp_angle(float a, float b, float t) {
  float d = b - a;
  while (d > kPi) d -= kTwoPi;
  while (d < -kPi) d += kTwoPi;
  return a + d * t;
}

}  // namespace cf
