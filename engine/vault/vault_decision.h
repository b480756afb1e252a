#pragma once
// The vault decision: where the creature stands to vault a fence, how much room there is beside
// the vault's path (lref), and whether the authored vault, its mirror, or nothing is played.
//
// Rule (issue 6): with lmax and lmax_dir from the authored clip's fit, lref is the distance from
// the reference line to the nearest object in lmax_dir (world/clearance ray_clearance, the vaulted
// fence skipped), taken as the minimum over the reference line's positions along the whole path
// (every 2 cm from the rearmost to the frontmost flesh). The vault is mirrored when
// lref - lmax < tolerance. A clip "fits" when on BOTH sides the room minus its reach on that side
// is >= tolerance. When the chosen clip does not fit, the other is tried; when neither fits the
// vault is refused with a reason for the HUD.
#include <string>

#include <glm/glm.hpp>

#include "vault/vault_fit.h"
#include "world/level.h"

namespace cf {

struct VaultSettings {
  float tolerance_m = 0.05f;     // room to spare beside the vault, metres (a setting, >= 0)
  float margin_m = 0.01f;        // clearance kept from the fence when placing, metres
  float ray_step_m = 0.02f;      // spacing of the clearance rays along the path, metres
};

// Where the creature stands and faces to vault one fence.
struct VaultPlacement {
  int fence = -1;
  glm::mat4 model_to_world{1.0f};  // placement(position, heading): model space of the creature -> world
  glm::vec3 position_ws{0.0f};     // model origin on the ground, world space
  float heading_rad = 0.0f;        // about +Y; 0 faces +Z
  glm::vec3 forward_ws{0.0f, 0.0f, 1.0f};  // unit, horizontal, towards and over the fence
  glm::vec3 left_ws{1.0f, 0.0f, 0.0f};     // unit, the creature's left (+X of its model space)
  float near_ms = 0.0f;            // model z of the fence's near face
  float far_ms = 0.0f;             // model z of the fence's far face
  float top_y_ms = 0.0f;           // fence top in model space (the ground is y = 0 in model space)
  float extra_forward_m = 0.0f;    // travel added (or, < 0, taken away) while airborne so the creature lands just beyond the far face
  float path_start_ms = 0.0f;      // model z range the reference line's rays cover
  float path_end_ms = 0.0f;
  float ref_x_ms = 0.0f;           // model x of the reference line
};

struct VaultDecision {
  VaultPlacement place;
  float lmax = 0.0f;               // authored clip's fit, metres
  glm::vec2 lmax_dir{1.0f, 0.0f};  // creature's local frame (x, z)
  float lref = 0.0f;               // room in lmax_dir, metres
  float lref_other = 0.0f;         // room on the other side, metres
  float delta = 0.0f;              // lref - lmax
  float tolerance = 0.05f;
  bool mirrored = false;           // the mirrored clip is (or was to be) played
  bool refused = false;
  float room_left = 0.0f, room_right = 0.0f;  // room beside the path on the creature's left / right, metres
  float need_left = 0.0f, need_right = 0.0f;  // what the clip played (or tried last) needs there: reach + tolerance
  std::string reason;              // for the HUD, naming the side short of room; empty when the vault is played
};

// Placement facing the fence at walking distance: the creature's lateral position is 'from_ws'
// projected onto the fence (kept inside its length); it approaches from the side 'from_ws' is on.
// The near face stands where the clip's fence is (scaled to the creature), or farther when the
// creature's front would touch it.
VaultPlacement place_for_vault(const Level& level, int fence, const VaultMotion& vm, const glm::vec3& from_ws,
                               const VaultSettings& settings = {});

// The room beside the path in one direction of the creature's frame (+1 left, -1 right): minimum of
// ray_clearance over the path, fence skipped.
float room_beside_path(const Level& level, const VaultPlacement& place, float side, const VaultSettings& settings);

// Decides for a creature at from_ws vaulting 'fence'. Fails (Error) only for a bad fence index.
Result<VaultDecision> decide_vault(const Level& level, int fence, const VaultMotion& vm, const glm::vec3& from_ws,
                                   const VaultSettings& settings = {});

}  // namespace cf
