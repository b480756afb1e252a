#include "game/play/world_runtime.h"

#include <glm/gtc/matrix_transform.hpp>

#include "retarget/pose_blend.h"
#include "world/level.h"

namespace cf {

namespace {

// A creature that cannot walk: its bind pose placed with its cog's ground point at the root.
void pose_bind_at_root(const CreatureState& c, const Rig& rig, CreaturePose* pose) {
  const Skeleton& sk = rig.skeleton;
  pose->model_to_world =
      glm::rotate(glm::translate(glm::mat4(1.0f), c.root_ws - glm::vec3(rig.cog.x, -rig.sole_height, rig.cog.z)),
                  c.heading_rad, glm::vec3(0, 1, 0));
  pose->bone_ms = pose->bind_ms;
  for (int b = 0; b < sk.size(); ++b) {
    const auto i = static_cast<std::size_t>(b);
    pose->head_ms[i] = sk.head_ms[i];
    pose->tail_ms[i] = sk.tail_ms[i];
    pose->head_ws[i] = glm::vec3(pose->model_to_world * glm::vec4(sk.head_ms[i], 1.0f));
    pose->tail_ws[i] = glm::vec3(pose->model_to_world * glm::vec4(sk.tail_ms[i], 1.0f));
  }
  pose->cog_ms = rig.cog;
  pose->cog_ws = glm::vec3(pose->model_to_world * glm::vec4(rig.cog, 1.0f));
  for (LimbPose& l : pose->limbs) l = LimbPose{};
}

}  // namespace

WorldRuntime::WorldRuntime() : slots_(static_cast<std::size_t>(kMaxCreatures)) {}

VaultPlan make_vault_plan(const Level& level, const Species& species, VaultDecision decision) {
  VaultPlan plan;
  if (!decision.refused) {
    Result<VaultPlan> made = plan_vault(level, *species.rig, *species.vault, decision);
    if (made) return std::move(*made);
    decision.refused = true;
    decision.reason = made.error().message;
  }
  plan.decision = std::move(decision);
  return plan;
}

const VaultPlan* WorldRuntime::plan(int creature, const CreatureState& c, const SimContext& ctx) {
  Slot& s = slot(creature);
  if (c.vault_record.serial == 0) return nullptr;
  if (s.plan_serial != c.vault_record.serial) {
    const Species* sp = ctx.species_of(c.species);
    if (!sp || !sp->vault || !ctx.level) return nullptr;
    Result<VaultDecision> d = decide_vault(*ctx.level, c.vault_record.fence, *sp->vault, c.vault_record.from_ws);
    if (!d) return nullptr;
    s.plan = make_vault_plan(*ctx.level, *sp, std::move(*d));
    s.plan_serial = c.vault_record.serial;
  }
  return &s.plan;
}

void WorldRuntime::set_plan(int creature, VaultPlan plan, std::uint32_t serial) {
  Slot& s = slot(creature);
  s.plan = std::move(plan);
  s.plan_serial = serial;
}

void WorldRuntime::pose_creatures(const SimState& s, const SimContext& ctx) {
  const double t0 = now_ ? now_() : 0.0;
  pose_all(s, ctx);
  if (now_) posing_s_ = now_() - t0;
}

void WorldRuntime::pose_all(const SimState& s, const SimContext& ctx) {
  if (pool_) {
    pool_->for_each(s.creature_count, [&](int i) { pose_one(s, ctx, i); });
  } else {
    for (int i = 0; i < s.creature_count; ++i) pose_one(s, ctx, i);
  }
}

void WorldRuntime::pose_one(const SimState& s, const SimContext& ctx, int i) {
  const CreatureState& c = s.creatures[static_cast<std::size_t>(i)];
  const Species* sp = ctx.species_of(c.species);
  if (!sp || !sp->rig) return;
  Slot& slot_i = slot(i);
  std::swap(slot_i.pose, slot_i.prev);
  if (!slot_i.pose.sized_for(*sp->rig)) slot_i.pose.resize(*sp->rig);  // once, when a creature arrives
  if (!slot_i.prev.sized_for(*sp->rig)) slot_i.prev.resize(*sp->rig);
  ++slot_i.poses;
  CreaturePose* out = &slot_i.pose;
  if (c.vaulting() && sp->vault) {
    const VaultPlan* p = plan(i, c, ctx);
    const VaultPoseJob job{p, sp->vault, sp->rig, ctx.level, vault_tick_to_pose(c.vault), out};
    if (p && job.run()) {
      // The first ticks hand over from the walking pose the vault started from (no pop).
      const int k = vault_tick_to_pose(c.vault);
      if (k < kVaultBlendInTicks && sp->walks()) blend_from_walker(c, *sp, handover_weight(k, kVaultBlendInTicks), &slot_i);
      return;
    }
  } else if (sp->walks() && pose_walker(c.walker, *sp->walk_setup, *sp->rig, *sp->walk_clip, out)) {
    // After a landing the walker takes over from the vault's last frame over a few ticks.
    if (c.vault.phase == VaultPhase::kLanded && c.vault.since_landed < kVaultLandingBlendTicks && sp->vault) {
      const VaultPlan* p = plan(i, c, ctx);
      if (!slot_i.scratch.sized_for(*sp->rig)) slot_i.scratch.resize(*sp->rig);
      const VaultPoseJob last{p, sp->vault, sp->rig, ctx.level, p ? p->ticks - 1 : 0, &slot_i.scratch};
      if (p && last.run())
        blend_pose_world(slot_i.scratch, *out, handover_weight(c.vault.since_landed, kVaultLandingBlendTicks), out);
    }
    return;
  }
  pose_bind_at_root(c, *sp->rig, out);
}

void WorldRuntime::blend_from_walker(const CreatureState& c, const Species& sp, float w, Slot* s) {
  if (!s->scratch.sized_for(*sp.rig)) s->scratch.resize(*sp.rig);
  if (pose_walker(c.walker, *sp.walk_setup, *sp.rig, *sp.walk_clip, &s->scratch))
    blend_pose_world(s->scratch, s->pose, w, &s->pose);
}

void WorldRuntime::pose_as_shown(const SimState& s, const SimState& before, const SimState& before2,
                                 const SimContext& ctx) {
  // The posing stage ran on each state before its vaults advanced: step the vault back one frame.
  auto as_posed = [](const SimState& st, const SimState& prior, SimState* out) {
    *out = st;
    for (int i = 0; i < st.creature_count; ++i) {
      CreatureState& c = out->creatures[static_cast<std::size_t>(i)];
      const CreatureState& p = prior.creatures[static_cast<std::size_t>(i)];
      if (c.vaulting() && c.vault.tick > 0) {
        --c.vault.tick;
      } else if (c.vault.phase == VaultPhase::kLanded && i < prior.creature_count && p.vaulting() &&
                 p.vault_record.serial == c.vault_record.serial && c.vault.ticks > 0) {
        c.vault = p.vault;  // landed this tick: shown on the vault's last frame
        c.vault.tick = c.vault.ticks - 1;
      }
    }
  };
  as_posed(before, before2, &shown_);
  pose_creatures(shown_, ctx);
  as_posed(s, before, &shown_);
  pose_creatures(shown_, ctx);
}

}  // namespace cf
