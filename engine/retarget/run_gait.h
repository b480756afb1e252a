#pragma once
// The run: past kRunStickShare of the stick the walk blends into a run, the same walk clip retargeted
// through the same stages, at a higher speed and cadence. Speed and cadence both scale from the
// creature's natural walk (stride ~ leg length, cadence ~ 1/sqrt(leg length)), so long legs run faster.
// Below kRunStickShare the stick asks for the walk exactly as before.
#include "retarget/walker.h"

namespace cf {

constexpr float kRunStickShare = 0.8f;    // stick deflection where the run starts blending in
constexpr float kRunSpeedRatio = 2.6f;    // top running speed / natural walking speed
constexpr float kRunCadenceRatio = 3.0f;  // top running cadence / natural walking cadence
constexpr float kRunReachShare = 0.9f;    // share of a leg's stance reach a running stride may use (walk 0.8)

// How much of a run the stick asks for: 0 up to kRunStickShare, 1 at full deflection.
float run_share(float stick);
// How much of a run the walker's own speed is: 0 up to the walk's speed at kRunStickShare, 1 at the
// run's top speed. The walker shortens its stance by it (a biped's flight phase), so it is state, not stick.
float run_share_of_speed(const RetargetSetup& setup, float speed_mps);
// The walker's tuning for that stick and the walker's current speed: the walk's limits, raised towards
// the run's by whichever asks for more of a run, the stick or the speed (so easing the stick lowers
// the limits only as fast as the speed blends down: the body never stops short).
WalkerParams gait_params(const RetargetSetup& setup, float stick, float speed_mps);
// The forward speed the stick asks for: stick x the walk's top speed up to kRunStickShare, then
// blending up to the run's top speed at full deflection. Continuous in the stick.
float stick_speed(const RetargetSetup& setup, float stick);

}  // namespace cf
