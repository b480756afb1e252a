#pragma once
// The camera's zero-means-default fields as the geometry stage reads them (engine/render internal).
#include "math/angles.h"
#include "render/geometry_stage.h"

namespace cf {

inline float fov_or_default(const Camera& c) { return c.fov_y_rad > 0 ? c.fov_y_rad : kPi / 3.0f; }
inline float near_or_default(const Camera& c) { return c.near_m > 0 ? c.near_m : 0.1f; }
inline float far_or_default(const Camera& c) { return c.far_m > 0 ? c.far_m : 200.0f; }

}  // namespace cf
