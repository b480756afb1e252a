#pragma once
// What a capture says about the ground, before it becomes a clip: a leading frame that is not part of
// the take (the T-pose some CMU files start with), the floor's slope along the travel (a capture
// volume's floor is rarely level: 02_03's rises 4 cm over its 3.7 m jog) and the foot contacts.
#include <vector>

#include <glm/glm.hpp>

namespace cf {

// Number of leading frames to drop: frames before a jump no real joint makes (faster than 15 m/s
// between two frames, e.g. a T-pose frame followed by the take). Only the first quarter is searched.
int leading_frames_to_skip(const std::vector<std::vector<glm::vec3>>& positions, double dt_s);

// The floor as a line along the travel direction (horizontal unit 'along'): y = height + slope * s,
// s = dot(p - origin, along) over x and z. Fitted through the lowest point of every slow stretch
// of each ankle; level (slope 0, height = the lowest ankle) when the capture travels under 0.5 m
// or shows fewer than two such stretches.
struct FloorLine {
  float height_m = 0.0f;
  float slope = 0.0f;  // metres up per metre along; at most 0.1 either way
  glm::vec3 origin{0.0f};
  glm::vec3 along{0.0f, 0.0f, 1.0f};
  float at(const glm::vec3& p) const { return height_m + slope * glm::dot(p - origin, along); }
};
FloorLine fit_floor(const std::vector<glm::vec3> ankle[2], const glm::vec3& travel_from, const glm::vec3& travel_to,
                    double dt_s);

// Contact runs per frame (true = planted): the ankle within 5 cm of the floor (ankle heights are
// measured from the floor line) and slower than 0.4 m/s horizontally, cleaned of short blips and gaps.
std::vector<bool> detect_contacts(const std::vector<glm::vec3>& ankle, double dt_s, float ground);

}  // namespace cf
