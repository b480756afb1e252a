#pragma once
// The simulation's one tick: a fixed 60 Hz. Every module takes its step length from here.
namespace cf {

constexpr int kTicksPerSecond = 60;
constexpr double kTick_s = 1.0 / kTicksPerSecond;
constexpr float kTick_sf = static_cast<float>(kTick_s);  // the same step for float maths

}  // namespace cf
