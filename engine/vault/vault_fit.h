#pragma once
// How far a motion reaches sideways for one creature (lmax), and the once-per-creature preparation
// of the vault: the clip, its mirror, their retarget setups and fits. Computing these samples the
// whole clip, so callers cache the VaultMotion per creature (rebuild it when the creature changes).
//
// Reference line: the vertical line through the creature's waist (its centre of gravity, which
// retargeting drives with the clip's waist) at the start of the motion, carried along the motion's
// direction of travel (+Z of the creature). Distances are measured horizontally, perpendicular to
// the travel: what is ahead or behind is the vault's own path over the fence, while the sides are
// where walls can be. So lmax_dir is the creature's left (+X) or right (-X), and the reference
// plane (vertical, through the line, perpendicular to lmax_dir) is the creature's sagittal plane:
// mirroring across it swaps left and right and gives a natural motion, not a twisted one.
#include <string>

#include <glm/glm.hpp>

#include "core/result.h"
#include "core/tick.h"
#include "motion/motion_clip.h"
#include "retarget/retarget.h"
#include "skeleton/skeleton.h"

namespace cf {

// The approach: the creature stands far enough back that nothing reaches the fence this early,
// so any lift over the fence starts gently rather than at the first tick.
constexpr double kVaultEarly_s = 0.25;

// The reach of one creature-clip pair over the whole motion, model space of the creature.
struct VaultFit {
  float lmax = 0.0f;              // metres: max(reach_left, reach_right)
  glm::vec2 lmax_dir{1.0f, 0.0f};  // (x, z) unit, creature's local frame: (1, 0) left, (-1, 0) right
  float reach_left = 0.0f;        // metres from the reference line to the farthest flesh on +X
  float reach_right = 0.0f;       // same on -X
  float front = 0.0f;             // metres: farthest flesh ahead of the moving waist (+Z), >= 0
  float back = 0.0f;              // metres: farthest flesh behind the moving waist, >= 0
  float front_start = 0.0f;       // model z of the frontmost flesh at the first tick
  float front_early = 0.0f;       // model z of the frontmost flesh over the first kVaultEarly_s
  float back_end = 0.0f;          // model z of the rearmost flesh at the last tick
  float back_land = 0.0f;         // model z of the rearmost flesh when the feet touch down again
                                  // (last tick with both clip feet off the ground; last tick if none)
  float y_min = 0.0f, y_max = 0.0f;  // vertical span of the flesh over the motion, model space
  glm::vec3 ref_start_ms{0.0f};   // waist (cog) at the first tick, model space
  glm::vec3 ref_end_ms{0.0f};     // waist at the last tick
  int ticks = 0;                  // samples taken (one per tick, kTick_s, both ends included)
  // Ticks with both clip feet off the ground, first and last (the middle third of the ticks when the
  // clip never leaves the ground): where a vault adds its travel (vault_plan.h). Set by prepare_vault.
  int airborne_first = 0, airborne_last = 0;
  // The tick play enters the clip: the start of its last span with both feet planted before the take-off
  // (0 when there is none). The clip's wind-up step before it is the approach's to walk, so the vault
  // takes off a moment after it starts, carried on from the walk or run that brought the creature.
  int entry_tick = 0;
  glm::vec3 ref_entry_ms{0.0f};   // waist (cog) at the entry tick, model space
};

// Samples the retargeted clip every tick (model space, RootMotion::kFromClip) and measures every
// bone as a capsule with its flesh radius. Fails when the setup does not match the rig or the
// pose cannot be computed.
Result<VaultFit> compute_lmax(const Rig& rig, const RetargetSetup& setup, const MotionClip& clip);

// The vault prepared for one creature: the authored clip and its mirror across the reference
// plane, each with its retarget setup and fit.
struct VaultMotion {
  MotionClip clip;             // as authored
  MotionClip mirrored;         // mirror_clip across the reference plane (left and right swapped)
  RetargetSetup setup, setup_mirrored;
  VaultFit fit, fit_mirrored;
  glm::vec3 plane_point_clip{0.0f};   // reference plane in clip space: point (the clip's waist at t=0)
  glm::vec3 plane_normal_clip{1.0f, 0.0f, 0.0f};  // and normal (clip +X or -X, the lmax side)
  int fence_hand = -1;         // arm side (0 left, 1 right) the authored clip plants on the fence, -1 none
};

// Builds both clips' setups and fits. Errors name the problem (no legs, clip not a vault...).
Result<VaultMotion> prepare_vault(const Rig& rig, const MotionClip& clip);

// Which hand (0 left, 1 right) the clip plants longest (hand contact flags), -1 when none.
int planted_hand(const MotionClip& clip);

}  // namespace cf
