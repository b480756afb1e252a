#pragma once
// The motions a creature carries into a glTF file, posed exactly as the game poses them, through
// the same engine stages its actions call, one pose per tick (kTick_s apart, both ends included):
//   walk   the walker (the walk clip, feet planted in the world) at its natural speed, once it has
//          settled, for one whole gait cycle; the root joint travels forward, planted feet stay put
//   run    the same at full stick (run_gait's speed, cadence and reach); both cycles are rounded to
//          whole ticks so the loop closes
//   stand  the stand clip retargeted in place
//   idle   the idle over the standing walker, fully eased in, one whole loop at the clip's pace
//   jump   a standing jump from the walker's stand (a creature without legs hops on its body)
//   sit, greet, roar, dance   the emote over the standing walker, eased in (and a one-shot out) as
//          the game eases it; sit sits down and holds the seated loop for the sit clip's length
//   vault  the vault played by engine/vault with no fence (no lift, hands where the clip puts them)
// These are the reference the export's keys are reduced against and the tests compare with.
#include <glm/glm.hpp>
#include <string>
#include <vector>

#include "core/result.h"
#include "motion/motion_library.h"
#include "core/tick.h"
#include "skeleton/skeleton.h"

namespace cf {

struct PosedMotion {
  std::string name;                            // one of exportable_motions()
  bool loop = false;                           // the last frame is the first one, one cycle later
  std::vector<std::vector<glm::mat4>> frames;  // per tick: per bone frame, model space (bone_ms)
  double duration_s() const { return frames.empty() ? 0.0 : (frames.size() - 1) * kTick_s; }
};

// The motion names an export knows, in file order: the walk, run, stand, idle and jump, every motion of
// the library the game's clip action plays (library order), and the vault. Without a library, the
// shipped one (default_export_assets_dir()/motions).
std::vector<std::string> exportable_motions(const MotionLibrary* library = nullptr);
// The same names joined by ", " (for messages).
std::string exportable_motion_list(const MotionLibrary* library = nullptr);

// Poses one motion (a library motion's clip, or <name>.json of motions_dir, and walk.json for the
// stance of every motion played over the walker) on the rig. Errors name the motion file and why the
// creature cannot play it.
Result<PosedMotion> pose_motion_for_export(const Rig& rig, const std::string& name, const std::string& motions_dir,
                                           const MotionLibrary* library = nullptr);

// The tick nearest to a time of a posed motion (clamped to its frames).
int export_frame_at(const PosedMotion& m, double time_s);

}  // namespace cf
