#pragma once
// Ledges: where a platform's top edge stands in front of a body too high to step (a climb up), or where
// the platform a body stands on ends over ground too far below to step (a climb down). The seed's FIG. 7:
// the climb is judged against the lip, the top edge of the platform's face; the body is kept out of a
// region around it (lip_region_depth).
#include <glm/glm.hpp>

#include "world/level.h"

namespace cf {

struct Ledge {
  int platform = -1;            // the platform whose edge it is
  glm::vec3 lip_ws{0.0f};       // on the top edge where the way ahead crosses it (y: the top)
  glm::vec3 out_ws{0.0f};       // horizontal unit normal of the face, pointing away from the platform
  float top_y = 0.0f;           // the platform's top (the upper ground), world y
  float low_y = 0.0f;           // the ground in front of the face (the lower ground), world y
  float distance_m = 0.0f;      // horizontal, from the body's point to the lip along the way ahead
  float half_span_m = 0.0f;     // how far the edge runs either side of lip_ws, the shorter side
  bool down = false;            // the body stands on top and the way ahead drops (a climb down)
  float height() const { return top_y - low_y; }
};

// The nearest ledge ahead of a body at p_ws (its ground point) facing forward_ws (horizontal, unit):
// a platform face within reach_m whose top is more than min_height_m above the ground under p (up), or the
// edge of the platform under p within reach_m with the ground beyond more than min_height_m below (down);
// met within max_slant_deg of square. False when none.
bool find_ledge(const Level& level, const glm::vec3& p_ws, const glm::vec3& forward_ws, float reach_m,
                float min_height_m, float max_slant_deg, Ledge* out);

// How deep a capsule goes into the region kept around a ledge's lip (the seed's area 70): the platform's
// box grown by margin_m on every side but its bottom, metres (0 when clear).
float lip_region_depth(const Level& level, const Ledge& ledge, const glm::vec3& a, const glm::vec3& b, float radius,
                       float margin_m);

}  // namespace cf
