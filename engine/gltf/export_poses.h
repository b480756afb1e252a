#pragma once
// The motions a creature carries into a glTF file, posed exactly as the game poses them, one pose
// per tick (kTick_s apart, both ends included):
//   walk   the clip retargeted in place, plus its root motion (clip travel scaled by the creature's
//          leg scale) so the creature walks forward and its planted feet stay put
//   stand  the idle clip retargeted in place
//   vault  the vault played by engine/vault with no fence (no lift, hands where the clip puts them)
// These are the reference the export's keys are reduced against and the tests compare with.
#include <glm/glm.hpp>
#include <string>
#include <vector>

#include "core/result.h"
#include "core/tick.h"
#include "skeleton/skeleton.h"

namespace cf {

struct PosedMotion {
  std::string name;                            // "walk", "stand", "vault"
  bool loop = false;                           // the last frame is the first one, one cycle later
  std::vector<std::vector<glm::mat4>> frames;  // per tick: per bone frame, model space (bone_ms)
  double duration_s() const { return frames.empty() ? 0.0 : (frames.size() - 1) * kTick_s; }
};

// The motion names an export knows, in file order.
const std::vector<std::string>& exportable_motions();

// Poses one motion ("walk", "stand" or "vault", read from motions_dir/<name>.json) on the rig.
// Errors name the motion file and why the creature cannot play it.
Result<PosedMotion> pose_motion_for_export(const Rig& rig, const std::string& name,
                                           const std::string& motions_dir);

// The tick nearest to a time of a posed motion (clamped to its frames).
int export_frame_at(const PosedMotion& m, double time_s);

}  // namespace cf
