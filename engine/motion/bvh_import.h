#pragma once
// Converts a parsed BVH capture into a MotionClip for the reference body: joint mapping (3ds Max and
// MotionBuilder names), scaling to metres, axes (Y up, forward +Z), contact detection, optional gait
// cycle extraction and key decimation within an error bound.
#include <string>

#include "core/result.h"
#include "motion/bvh.h"
#include "motion/motion_clip.h"

namespace cf {

struct BvhImportOptions {
  double start_s = 0.0;       // first capture second used
  double end_s = -1.0;        // last capture second used; < 0 means the end of the capture
  bool cycle = false;         // extract one gait cycle (left heel strike to the next) as a looping clip
  double max_error_m = 0.0;   // 0: a key at every capture frame; > 0: fewest keys within this error (metres;
                              // the waist orientation's error is its angle times the hip height)
  double scale = 0.0;         // metres per file unit; 0: detect from the leg length (CMU units, cm or m)
  std::string name = "bvh";   // clip name
};

// Indices of the BVH joints that drive the reference parts (-1 for optional ones that are absent).
struct BvhMapping {
  int hips = -1;
  int spine = -1, neck = -1, head = -1, head_top = -1;
  int hip[2] = {-1, -1}, knee[2] = {-1, -1}, ankle[2] = {-1, -1}, toe[2] = {-1, -1};
  int shoulder[2] = {-1, -1}, elbow[2] = {-1, -1}, wrist[2] = {-1, -1}, hand_tip[2] = {-1, -1};
};

// Finds the joints by name (case-insensitive); an error names the missing joint and the names tried.
Result<BvhMapping> map_bvh_joints(const BvhClip& bvh, const std::string& file);

// Metres per file unit detected from the rest-pose leg length; 0 when it fits no known unit.
double detect_bvh_scale(const BvhClip& bvh, const BvhMapping& map);

// What the conversion found and did (creature-lab prints it).
struct BvhImportReport {
  int first_frame = 0, last_frame = 0;  // capture frames used (a loop's last frame is the next cycle's first)
  int skipped_frames = 0;               // leading frames dropped as not part of the take (a T-pose)
  float floor_slope = 0.0f;             // the floor's rise per metre of travel that was levelled out
  float loop_closure_m = 0.0f;          // a loop: the largest mismatch between the cut's ends, spread over it
};

// The whole conversion. Errors name the file and the option or joint at fault.
Result<MotionClip> bvh_to_motion(const BvhClip& bvh, const BvhImportOptions& options, const std::string& file,
                                 BvhImportReport* report = nullptr);

}  // namespace cf
