#pragma once
// Where a displayed frame's time went, for the debug panel. The simulation never reads a clock:
// main hands the timed parts a clock function (NowFn), and they only record durations.
namespace cf {

using NowFn = double (*)();  // seconds on a monotonic clock; null: not timed

struct StageTimes {
  double frame_s = 0.0;       // whole displayed frame
  double simulation_s = 0.0;  // the mode's ticks (posing and the clip check included)
  double posing_s = 0.0;      // the posing stage of the last tick
  double skinning_s = 0.0;    // CPU skinning of every creature (View::build)
  double geometry_s = 0.0;    // geometry stage: ordering table of screen primitives (View::build)
  double rasterizer_s = 0.0;  // submitting the list to OpenGL
};

}  // namespace cf
