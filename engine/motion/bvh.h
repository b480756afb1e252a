#pragma once
// BVH motion capture files: parsing and forward kinematics, in the file's own units and axes.
// Converting to a MotionClip (metres, Y up, forward +Z, reference parts) is bvh_import.h.
#include <array>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "core/result.h"

namespace cf {

enum class BvhChannel { kXpos, kYpos, kZpos, kXrot, kYrot, kZrot };

struct BvhJoint {
  std::string name;                  // "End Site" ends are named "<parent>_end"
  int parent = -1;                   // index into BvhSkeleton::joints; parents precede children
  glm::vec3 offset{0.0f};            // from the parent joint, file units, parent frame
  std::array<BvhChannel, 6> channels{};
  int channel_count = 0;             // 0 for end sites
  int first_channel = 0;             // index of this joint's first value in a frame
  bool end_site = false;
};

struct BvhClip {
  std::vector<BvhJoint> joints;      // depth-first order
  int channels_per_frame = 0;
  int frame_count = 0;
  double frame_time_s = 0.0;         // > 0
  std::vector<float> values;         // frame_count * channels_per_frame; rotations in degrees
  int find(const std::string& name) const;  // -1 when absent (exact name)
  const float* frame(int f) const { return values.data() + static_cast<std::size_t>(f) * channels_per_frame; }
};

// Limits beyond which a file is rejected as absurd.
constexpr int kBvhMaxJoints = 1000;
constexpr int kBvhMaxFrames = 1000000;
constexpr std::size_t kBvhMaxValues = 50000000;  // frames x channels

// Parses BVH text (LF, CRLF and CR line ends, mixed). Errors carry file, "line N" and the problem.
Result<BvhClip> parse_bvh(const std::string& text, const std::string& file);
Result<BvhClip> load_bvh(const std::string& path);

// Global joint positions of one frame, file units and axes (root translation = offset + position
// channels; rotations applied in channel order). out is resized to joints.size() (allocates once).
void bvh_joint_positions(const BvhClip& clip, int frame, std::vector<glm::vec3>* out);

}  // namespace cf
