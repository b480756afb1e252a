// The vault's sounds, derived after each tick from its state, its plan and the poses: the take-off,
// hands planting on the fence, the whoosh of the flight, the feet coming down and the landing's thump
// (louder for a longer drop and a heavier body), and the body brushing the fence top as it passes over.
#include <algorithm>
#include <cstddef>

#include <glm/gtc/matrix_inverse.hpp>

#include "game/play/actions/vault_action.h"
#include "game/play/creature_size.h"
#include "game/play/world_runtime.h"

namespace cf {

namespace {

// How high the body rises over where play starts (the entry tick), metres, and the first tick after
// it that is past half of that: the flight starts (-1: it never rises).
float rise_m(const VaultPlan& plan) {
  const auto from = static_cast<std::size_t>(std::max(0, plan.entry_tick));
  if (plan.cog_y.size() <= from) return 0.0f;
  return *std::max_element(plan.cog_y.begin() + static_cast<std::ptrdiff_t>(from), plan.cog_y.end()) - plan.cog_y[from];
}
int flight_tick(const VaultPlan& plan) {
  const float rise = rise_m(plan);
  if (rise <= 0.02f) return -1;
  const auto from = static_cast<std::size_t>(std::max(0, plan.entry_tick));
  for (std::size_t k = from; k < plan.cog_y.size(); ++k)
    if (plan.cog_y[k] - plan.cog_y[from] >= 0.5f * rise) return static_cast<int>(k);
  return -1;
}

SoundEvent body_event(SoundKind kind, const glm::vec3& where, float loudness, const CreatureSize& size, int index) {
  SoundEvent e;
  e.kind = kind;
  e.position_ws = where;
  e.loudness = std::clamp(loudness, 0.05f, 1.0f);
  e.pitch = size.pitch();
  e.creature = static_cast<std::int16_t>(index);
  return e;
}

// The tick the body passes over the fence: its centre of gravity crosses the fence's middle (model z,
// the vault's placement) between the prior pose and this one.
bool passes_fence(const VaultPlacement& place, const glm::vec3& prior_cog_ws, const glm::vec3& cog_ws) {
  const glm::mat4 to_model = glm::affineInverse(place.model_to_world);
  const float mid = 0.5f * (place.near_ms + place.far_ms);
  const float was = (to_model * glm::vec4(prior_cog_ws, 1.0f)).z, now = (to_model * glm::vec4(cog_ws, 1.0f)).z;
  return was < mid && now >= mid;
}

}  // namespace

void VaultAction::sounds(const SoundCall& call, SoundEvents* out) const {
  const State& was = state_of<State>(call.before);
  const State& now = state_of<State>(call.after);
  const bool same_vault = was.record.serial == now.record.serial;
  const bool started = now.playing() && !(was.playing() && same_vault);
  const bool landed = was.playing() && same_vault && now.vault.phase == VaultPhase::kLanded;
  if (!now.playing() && !landed) return;
  const Rig& rig = *call.species.rig;
  const CreatureSize size = creature_size(rig);
  const CreaturePose& pose = call.runtime.pose(call.index);
  const CreaturePose& prior = call.runtime.previous_pose(call.index);
  const auto* rt = static_cast<const VaultRuntime*>(call.runtime.held_runtime(call.index, id()));
  const VaultPlan* plan = rt ? rt->held(now.record.serial) : nullptr;
  // The vault tick posed this tick, and how many of its ticks were played before it (the first ones
  // hand over from the walk).
  const bool going = was.playing() && same_vault && plan;
  const int posed = going ? was.vault.tick : 0;
  const int played = going ? vault_ticks_played(was.vault, *plan) : 0;
  if (started) out->push(body_event(SoundKind::kTakeoff, call.after.root_ws, 0.25f * size.weight(), size, call.index));

  // Limbs touching down in the vault's own frames (once its hand-over from the walk is over).
  if (played > kVaultBlendInTicks && pose.limbs.size() == rig.limbs.size() && prior.limbs.size() == rig.limbs.size()) {
    for (std::size_t i = 0; i < rig.limbs.size(); ++i) {
      if (!pose.limbs[i].contact || prior.limbs[i].contact) continue;
      const bool arm = rig.limbs[i].tag == PartTag::kArm;
      const int bone = rig.limbs[i].bones[2];
      const glm::vec3 where = bone >= 0 ? pose.head_ws[static_cast<std::size_t>(bone)] : pose.cog_ws;
      SoundEvent e = body_event(arm ? SoundKind::kHandPlant : SoundKind::kFootstep, where,
                                (arm ? 0.4f : 0.25f) * size.weight(), size, call.index);
      e.limb = static_cast<std::int8_t>(i);
      out->push(e);
    }
  }
  if (!plan) return;
  const float rise = rise_m(*plan);
  if (now.playing() && posed == flight_tick(*plan))
    out->push(body_event(SoundKind::kWhoosh, pose.cog_ws, 0.25f + 0.5f * std::min(1.0f, rise), size, call.index));
  if (now.playing() && played > 0 && passes_fence(plan->decision.place, prior.cog_ws, pose.cog_ws)) {
    // Softer the higher the body clears the top: a brush, not a knock.
    const VaultPlacement& place = plan->decision.place;
    const glm::vec3 top = glm::vec3(place.model_to_world * glm::vec4(0.0f, place.top_y_ms, 0.5f * (place.near_ms + place.far_ms), 1.0f));
    const glm::vec3 over(pose.cog_ws.x, top.y, pose.cog_ws.z);
    const float clearance = std::max(0.0f, pose.cog_ws.y - top.y);
    out->push(body_event(SoundKind::kFenceBrush, over, (0.35f - 0.3f * std::min(1.0f, clearance)) * size.weight(), size,
                         call.index));
  }
  if (landed && !plan->cog_y.empty()) {
    // The drop: from the body's highest point down to where it lands.
    const float drop = *std::max_element(plan->cog_y.begin(), plan->cog_y.end()) - plan->cog_y.back();
    out->push(body_event(SoundKind::kLanding, call.after.root_ws, (0.5f + 0.8f * drop) * size.weight(), size,
                         call.index));
  }
}

}  // namespace cf
