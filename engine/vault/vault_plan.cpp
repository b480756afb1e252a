// Vault planning: forward travel, hand plants, lift over the fence, knee turns, the safety check and
// the landing, each found by posing the vault's ticks in order.
#include "vault/vault_plan.h"

#include <algorithm>
#include <cmath>
#include <string>

#include <glm/gtc/matrix_transform.hpp>

#include "core/tick.h"
#include "core/worker_pool.h"
#include "math/scalar.h"
#include "vault/knee_turns.h"
#include "vault/vault_contacts.h"
#include "vault/vault_pose.h"

namespace cf {
namespace {

constexpr int kLiftSmoothTicks = 8;        // half width of the window the lift is widened and averaged over
constexpr int kLiftRounds = 4;             // lift searches, each from the last round's smoothed lift
constexpr float kLiftFirstStep_m = 0.05f;  // first raise tried above a tick's starting lift
constexpr float kLiftMax_m = 8.0f;         // the raise is doubled until clear or this far above the start
constexpr int kLiftBisections = 14;
constexpr float kLiftSpare_m = 0.001f;     // added to the least clear raise found

Error cannot_pose() { return Error{"", "pose", "the motion could not be posed"}; }

// Extra travel while no clip foot is planted, so feet never slide: the placement's extra distance,
// eased in over the airborne ticks (VaultFit::airborne_first .. airborne_last).
void plan_forward_travel(const VaultFit& fit, VaultPlan* plan) {
  for (int k = 0; k < plan->ticks; ++k)
    plan->forward_m[static_cast<std::size_t>(k)] =
        plan->decision.place.extra_forward_m *
        smooth01(float(k - fit.airborne_first) / float(std::max(1, fit.airborne_last - fit.airborne_first)));
}

// Where the vault ends, from the last tick's pose: the ground point under the waist (y = the lowest
// sole of any foot, ankle or toe less the foot's radius) and the walker's new model origin.
void plan_landing(const Level& level, const Rig& rig, const VaultFit& fit, const CreaturePose& last_pose,
                  VaultPlan* plan) {
  float lowest = 1e30f;
  for (std::size_t i = 0; i < rig.limbs.size(); ++i) {
    const int foot = rig.limbs[i].bones[2];
    if (rig.limbs[i].tag != PartTag::kLeg || foot < 0) continue;
    const float radius = foot_radius(rig, rig.limbs[i]);
    lowest = std::min({lowest, last_pose.head_ws[foot].y - radius, last_pose.tail_ws[foot].y - radius});
  }
  plan->landed_ws = glm::vec3(last_pose.cog_ws.x, lowest < 1e29f ? lowest : level.ground_y, last_pose.cog_ws.z);
  plan->landed_heading_rad = plan->decision.place.heading_rad;
  const glm::mat4 end = vault_tick_placement(*plan, plan->ticks - 1);
  const glm::vec3 cog_shift = last_pose.cog_ms - fit.ref_start_ms;
  plan->end_position_ws = glm::vec3(end * glm::vec4(cog_shift.x, 0.0f, cog_shift.z, 1.0f));
  plan->end_position_ws.y = level.ground_y;
}

}  // namespace

const MotionClip& chosen_clip(const VaultPlan& plan, const VaultMotion& vm) {
  return plan.decision.mirrored ? vm.mirrored : vm.clip;
}

const RetargetSetup& chosen_setup(const VaultPlan& plan, const VaultMotion& vm) {
  return plan.decision.mirrored ? vm.setup_mirrored : vm.setup;
}

double vault_tick_time_s(const MotionClip& clip, int tick) { return std::min(tick * kTick_s, clip.duration_s); }

glm::mat4 vault_tick_placement(const VaultPlan& plan, int tick) {
  const std::size_t k = static_cast<std::size_t>(tick);
  float lift = k < plan.lift_m.size() ? plan.lift_m[k] : 0.0f;
  float forward = k < plan.forward_m.size() ? plan.forward_m[k] : 0.0f;
  return plan.decision.place.model_to_world * glm::translate(glm::mat4(1.0f), glm::vec3(0.0f, lift, forward));
}

Result<VaultPlan> plan_vault(const Level& level, const Rig& rig, const VaultMotion& vm, const VaultDecision& decision) {
  VaultPlanner planner;
  planner.start(level, rig, vm, decision);
  return planner.take();
}

glm::vec3 vault_end_position(const Level& level, const Rig& rig, const VaultMotion& vm, const VaultDecision& decision,
                             CreaturePose* scratch) {
  VaultPlan plan;
  plan.decision = decision;
  const VaultFit& fit = decision.mirrored ? vm.fit_mirrored : vm.fit;
  plan.ticks = fit.ticks;
  if (decision.refused || plan.ticks <= 0) return glm::vec3(0.0f);
  plan.lift_m.assign(static_cast<std::size_t>(plan.ticks), 0.0f);
  plan.forward_m.assign(static_cast<std::size_t>(plan.ticks), 0.0f);
  plan_forward_travel(fit, &plan);
  CreaturePose& pose = *scratch;
  if (!pose.sized_for(rig)) pose.resize(rig);
  RetargetJob job;
  job.setup = &chosen_setup(plan, vm);
  job.rig = &rig;
  job.clip = &chosen_clip(plan, vm);
  job.time_s = vault_tick_time_s(*job.clip, plan.ticks - 1);
  job.model_to_world = vault_tick_placement(plan, plan.ticks - 1);
  job.root_motion = RootMotion::kFromClip;
  job.out = &pose;
  if (!retarget_targets(job)) return glm::vec3(0.0f);
  plan_landing(level, rig, fit, pose, &plan);
  return plan.end_position_ws;
}

// ---- VaultPlanner: the passes, resumable. Each step() poses one tick once.

void VaultPlanner::start(const Level& level, const Rig& rig, const VaultMotion& vm, const VaultDecision& decision) {
  level_ = &level;
  rig_ = &rig;
  vm_ = &vm;
  plan_ = VaultPlan{};
  plan_.decision = decision;
  error_.reset();
  stage_ = Stage::kDone;
  k_ = 0;
  round_ = 0;
  poses_ = 0;
  if (decision.refused) return;
  const int fence_index = decision.place.fence;
  if (fence_index < 0 || static_cast<std::size_t>(fence_index) >= level.fences.size()) {
    error_ = Error{"", "fence", "the decision names no fence of this level"};
    return;
  }
  const VaultFit& fit = decision.mirrored ? vm.fit_mirrored : vm.fit;
  plan_.ticks = fit.ticks;
  plan_.entry_tick = std::clamp(fit.entry_tick, 0, std::max(0, fit.ticks - 1));
  const std::size_t tick_count = static_cast<std::size_t>(plan_.ticks);
  plan_.lift_m.assign(tick_count, 0.0f);
  plan_.forward_m.assign(tick_count, 0.0f);
  const std::size_t limbs = rig.limbs.size();
  plan_.plants.assign(limbs, 0);
  plan_.plant_ws.assign(limbs, glm::vec3(0.0f));
  plan_forward_travel(fit, &plan_);
  pose_.resize(rig);
  fence_only_.fences.assign(1, level.fences[static_cast<std::size_t>(fence_index)]);
  need_.assign(tick_count, 0.0f);
  widened_.assign(tick_count, 0.0f);
  sampled_ = -1;
  stage_ = plan_.ticks > 0 ? Stage::kPlants : Stage::kDone;
}

bool VaultPlanner::advance(int pose_budget) {
  const std::uint64_t until = poses_ + static_cast<std::uint64_t>(std::max(0, pose_budget));
  while (stage_ != Stage::kDone && (pose_budget < 0 || poses_ < until)) step();
  return stage_ == Stage::kDone;
}

Result<VaultPlan> VaultPlanner::take(WorkerPool* pool) {
  if (pool && pool->threads() > 1) finish_on(*pool);
  advance(-1);
  if (error_) return *error_;
  return std::move(plan_);
}

bool VaultPlanner::pose_at(int k, TurnTrack* track) {
  ++poses_;
  if (pose_vault_tick_tracked(plan_, *vm_, *rig_, *level_, k, track, &pose_)) return true;
  error_ = cannot_pose();
  stage_ = Stage::kDone;
  return false;
}

bool VaultPlanner::touches_at(int k, float lift) {
  ++poses_;
  plan_.lift_m[static_cast<std::size_t>(k)] = lift;
  const bool held = sampled_ == k;
  sampled_ = k;
  return vault_tick_touches(plan_, *vm_, *rig_, *level_, k, fence_only_, held, &pose_);
}

void VaultPlanner::step() {
  const int ticks = plan_.ticks;
  const std::size_t limbs = rig_->limbs.size();
  switch (stage_) {
    case Stage::kPlants: {
      // Hand plants: where each of the clip's planted hands first touches down, moved onto the fence
      // top (within its length, inset by the hand's flesh). Later ticks aim the hand there.
      if (!pose_at(k_, nullptr)) return;
      for (std::size_t i = 0; i < limbs; ++i)
        if (pose_.limbs[i].contact) plant_hand(i, pose_.limbs[i].target_ws);
      if (++k_ == ticks) next_lift_round();
      return;
    }
    case Stage::kLift: {
      // Lift: per tick, the least raise that keeps all flesh out of the vaulted fence (bisection). Only
      // whether flesh enters the fence counts here, not how deep. A tick posed again straight after
      // itself keeps its clip samples. One pose per step: the tick's start, then doubling, then halving.
      const float start = base_[static_cast<std::size_t>(k_)];
      switch (search_) {
        case Search::kStart:
          if (!touches_at(k_, start)) break;  // keeps its need from the earlier rounds
          any_ = true;
          lo_ = start, hi_ = start + kLiftFirstStep_m;
          search_ = Search::kDouble;
          return;
        case Search::kDouble:
          if (touches_at(k_, hi_) && hi_ < start + kLiftMax_m) {
            lo_ = hi_, hi_ = start + 2.0f * (hi_ - start);
            return;
          }
          search_ = Search::kHalve;
          halvings_ = 0;
          return;
        case Search::kHalve: {
          const float mid = 0.5f * (lo_ + hi_);
          (touches_at(k_, mid) ? lo_ : hi_) = mid;
          if (++halvings_ < kLiftBisections) return;
          need_[static_cast<std::size_t>(k_)] = hi_ + kLiftSpare_m;
          break;
        }
      }
      search_ = Search::kStart;
      if (++k_ < ticks) return;
      end_lift_round();
      return;
    }
    case Stage::kKneesFind: {
      // Knee turns, in tick order: a knee the IK swings round is held and eased back, a knee touching
      // the fence turns the way that keeps it nearest where it was; the fence turns are eased in and out.
      track_.previous = k_ > 0 ? &before_ : nullptr;
      track_.hold = hold_.data() + static_cast<std::size_t>(k_) * limbs;
      track_.needed = needed_.data() + static_cast<std::size_t>(k_) * limbs;
      if (!pose_at(k_, &track_)) return;
      before_ = pose_;
      if (++k_ < ticks) return;
      plan_.turn_rad = smooth_turns(needed_, ticks, limbs);
      settled_.assign(static_cast<std::size_t>(ticks) * limbs, 0.0f);
      track_.settling = true;
      track_.last.assign(limbs, 0.0f);
      stage_ = Stage::kKneesSettle;
      k_ = 0;
      return;
    }
    case Stage::kKneesSettle: {
      // Then settled, in tick order: the knees follow the holds at once and the fence turns at a
      // limited rate, never into the fence.
      track_.hold = hold_.data() + static_cast<std::size_t>(k_) * limbs;
      track_.settled = settled_.data() + static_cast<std::size_t>(k_) * limbs;
      if (!pose_at(k_, &track_)) return;
      if (++k_ < ticks) return;
      plan_.turn_rad = settled_;
      plan_.cog_y.assign(static_cast<std::size_t>(ticks), 0.0f);
      stage_ = Stage::kCheck;
      k_ = 0;
      return;
    }
    case Stage::kCheck: {
      // The whole vault checked once: nothing may enter a wall or fence.
      if (!pose_at(k_, nullptr)) return;
      plan_.cog_y[static_cast<std::size_t>(k_)] = pose_.cog_ws.y;
      Penetration p = pose_penetration(*level_, *rig_, pose_);
      if (p.depth > plan_.max_penetration_m) plan_.max_penetration_m = p.depth, plan_.deepest = p.kind;
      if (++k_ < ticks) return;
      end_check();
      return;
    }
    case Stage::kDone: return;
  }
}

// A limb in contact at a tick, its target there: the first touch-down of a hand is its plant, moved
// onto the fence top (within its length, inset by the hand's flesh).
void VaultPlanner::plant_hand(std::size_t i, const glm::vec3& target_ws) {
  if (rig_->limbs[i].tag != PartTag::kArm || plan_.plants[i]) return;
  const Box& fence = fence_only_.fences[0];
  const float radius = limb_radius(*rig_, rig_->limbs[i]);
  glm::vec3 local = fence.to_local(target_ws);
  const float half_x = std::max(0.0f, fence.half_extents.x - radius);
  local.x = std::clamp(local.x, -half_x, half_x);
  local.z = std::clamp(local.z, -fence.half_extents.z, fence.half_extents.z);
  glm::vec3 on_top = fence.to_world(local);
  on_top.y = fence.top_y() + radius + kContactGap_m;
  plan_.plant_ws[i] = on_top;
  plan_.plants[i] = 1;
}

// After a lift round's last tick: the round's needs widened and smoothed into the lift, so it is >= the
// need at every tick; rounds repeat until every tick is clear.
void VaultPlanner::end_lift_round() {
  const int ticks = plan_.ticks;
  plan_.lift_m = base_;
  if (!any_) {
    start_knees();
    return;
  }
  for (int k = 0; k < ticks; ++k) {
    float most = 0.0f;
    for (int j = std::max(0, k - kLiftSmoothTicks); j <= std::min(ticks - 1, k + kLiftSmoothTicks); ++j)
      most = std::max(most, need_[static_cast<std::size_t>(j)]);
    widened_[static_cast<std::size_t>(k)] = most;
  }
  for (int k = 0; k < ticks; ++k) {
    float sum = 0.0f;
    int count = 0;
    for (int j = k - kLiftSmoothTicks; j <= k + kLiftSmoothTicks; ++j, ++count)
      sum += widened_[static_cast<std::size_t>(std::clamp(j, 0, ticks - 1))];
    plan_.lift_m[static_cast<std::size_t>(k)] = std::max(need_[static_cast<std::size_t>(k)], sum / float(count));
  }
  if (++round_ < kLiftRounds) {
    next_lift_round();
  } else {
    start_knees();
  }
}

// After the check's last tick (pose_ holds it): the landing, and a refusal when anything was touched.
void VaultPlanner::end_check() {
  plan_landing(*level_, *rig_, plan_.decision.mirrored ? vm_->fit_mirrored : vm_->fit, pose_, &plan_);
  if (plan_.max_penetration_m > 0.0f) {
    plan_.decision.refused = true;
    plan_.decision.reason = std::string("the creature would touch a ") + to_string(plan_.deepest);
    plan_.ticks = 0;
  }
  stage_ = Stage::kDone;
}

// The kLift steps for one tick, from its start to its need, on the given pose. Reads the plan (its lift
// at other ticks is not read by a tick's pose) and writes only this tick's lift.
VaultPlanner::TickLift VaultPlanner::search_tick(int k, CreaturePose* pose, int* sampled) {
  TickLift out;
  VaultPlan& plan = plan_;  // this tick's lift slot only is written
  auto touches = [&](float lift) {
    ++out.poses;
    plan.lift_m[static_cast<std::size_t>(k)] = lift;
    const bool held = *sampled == k;
    *sampled = k;
    return vault_tick_touches(plan, *vm_, *rig_, *level_, k, fence_only_, held, pose);
  };
  const float start = base_[static_cast<std::size_t>(k)];
  if (!touches(start)) return out;
  out.touched = true;
  float lo = start, hi = start + kLiftFirstStep_m;
  while (touches(hi) && hi < start + kLiftMax_m) lo = hi, hi = start + 2.0f * (hi - start);
  for (int h = 0; h < kLiftBisections; ++h) {
    const float mid = 0.5f * (lo + hi);
    (touches(mid) ? lo : hi) = mid;
  }
  out.need = hi + kLiftSpare_m;
  return out;
}

// Finishes the plan with the lift rounds' and the check's ticks spread over the pool, one pose per
// thread; the rest (hand plants, knee turns: each tick follows the one before)
// steps on this thread. Each tick's result goes to its own slot and is gathered in tick order, so the
// plan is the one step() makes.
void VaultPlanner::finish_on(WorkerPool& pool) {
  const int threads = pool.threads();
  if (static_cast<int>(thread_poses_.size()) < threads) thread_poses_.resize(static_cast<std::size_t>(threads));
  for (CreaturePose& p : thread_poses_)
    if (!p.sized_for(*rig_)) p.resize(*rig_);
  const std::size_t ticks = static_cast<std::size_t>(plan_.ticks);
  // Ticks [from, ticks) dealt round the threads (the ticks near the fence cost the most and come
  // together): thread t takes from + t, from + t + threads, ...
  auto spread = [&](int from, auto&& one_tick) {
    pool.for_each(threads, [&](int t) {
      int sampled = -1;
      for (int k = from + t; k < plan_.ticks; k += threads)
        one_tick(k, &thread_poses_[static_cast<std::size_t>(t)], &sampled);
    });
  };
  // Ticks [from, ticks) were posed once each (tick_ok_): counted, or the plan fails at the first that
  // could not be, as step() would.
  auto all_posed = [&](int from) {
    for (std::size_t k = static_cast<std::size_t>(from); k < ticks; ++k) {
      ++poses_;
      if (tick_ok_[k]) continue;
      error_ = cannot_pose();
      stage_ = Stage::kDone;
      return false;
    }
    return true;
  };
  const std::size_t limbs = rig_->limbs.size();
  while (stage_ != Stage::kDone) {
    if (stage_ == Stage::kPlants) {
      // A hand's plant is where it first touches down; posing a tick aims only the hands already planted
      // there, so each tick can be posed with the plants found before this pass and read in order.
      tick_ok_.assign(ticks, 0);
      tick_contact_.assign(ticks * limbs, 0);
      tick_target_.assign(ticks * limbs, glm::vec3(0.0f));
      const int from = k_;
      spread(from, [&](int k, CreaturePose* pose, int*) {
        const std::size_t at = static_cast<std::size_t>(k);
        if (!pose_vault_tick_tracked(plan_, *vm_, *rig_, *level_, k, nullptr, pose)) return;
        tick_ok_[at] = 1;
        for (std::size_t i = 0; i < limbs; ++i) {
          tick_contact_[at * limbs + i] = pose->limbs[i].contact ? 1 : 0;
          tick_target_[at * limbs + i] = pose->limbs[i].target_ws;
        }
      });
      if (!all_posed(from)) return;
      for (std::size_t k = static_cast<std::size_t>(from); k < ticks; ++k)
        for (std::size_t i = 0; i < limbs; ++i)
          if (tick_contact_[k * limbs + i]) plant_hand(i, tick_target_[k * limbs + i]);
      std::swap(pose_, thread_poses_[static_cast<std::size_t>((plan_.ticks - 1 - from) % threads)]);
      next_lift_round();
    } else if (stage_ == Stage::kLift && search_ == Search::kStart) {
      tick_lift_.assign(ticks, TickLift{});
      const int from = k_;
      spread(from, [&](int k, CreaturePose* pose, int* sampled) {
        tick_lift_[static_cast<std::size_t>(k)] = search_tick(k, pose, sampled);
      });
      for (std::size_t k = static_cast<std::size_t>(from); k < ticks; ++k) {
        poses_ += tick_lift_[k].poses;
        if (!tick_lift_[k].touched) continue;
        any_ = true;
        need_[k] = tick_lift_[k].need;
      }
      sampled_ = -1;  // this thread's pose holds none of these ticks
      search_ = Search::kStart;
      k_ = plan_.ticks;
      end_lift_round();
    } else if (stage_ == Stage::kCheck) {
      tick_depth_.assign(ticks, 0.0f);
      tick_kind_.assign(ticks, HitKind::kNone);
      tick_ok_.assign(ticks, 0);
      const int from = k_;
      spread(from, [&](int k, CreaturePose* pose, int*) {
        const std::size_t at = static_cast<std::size_t>(k);
        if (!pose_vault_tick_tracked(plan_, *vm_, *rig_, *level_, k, nullptr, pose)) return;
        tick_ok_[at] = 1;
        plan_.cog_y[at] = pose->cog_ws.y;
        const Penetration p = pose_penetration(*level_, *rig_, *pose);
        tick_depth_[at] = p.depth;
        tick_kind_[at] = p.kind;
      });
      if (!all_posed(from)) return;
      for (std::size_t k = static_cast<std::size_t>(from); k < ticks; ++k)
        if (tick_depth_[k] > plan_.max_penetration_m)
          plan_.max_penetration_m = tick_depth_[k], plan_.deepest = tick_kind_[k];
      std::swap(pose_, thread_poses_[static_cast<std::size_t>((plan_.ticks - 1 - from) % threads)]);  // the last tick's
      k_ = plan_.ticks;
      end_check();
    } else {
      step();
    }
  }
}

void VaultPlanner::next_lift_round() {
  stage_ = Stage::kLift;
  search_ = Search::kStart;
  k_ = 0;
  any_ = false;
  base_ = plan_.lift_m;
}

void VaultPlanner::start_knees() {
  const std::size_t per_plan = static_cast<std::size_t>(plan_.ticks) * rig_->limbs.size();
  hold_.assign(per_plan, 0.0f);
  needed_.assign(per_plan, 0.0f);
  track_ = TurnTrack{};
  track_.knees.resize(rig_->limbs.size());
  before_ = pose_;
  stage_ = Stage::kKneesFind;
  k_ = 0;
}

}  // namespace cf
