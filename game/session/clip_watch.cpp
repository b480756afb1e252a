#include "game/session/clip_watch.h"

#include <cstdio>

#include "game/play/action.h"
#include "game/play/world_runtime.h"
#include "skeleton/skeleton.h"
#include "core/json.h"

namespace cf {

ClipWatch::ClipWatch() : tick_(static_cast<std::size_t>(kTickCapacity)), contact_(64, 0) {}

void ClipWatch::check(const SimState& s, const SimContext& ctx, const WorldRuntime& runtime) {
  ClipEventBuffer buf{tick_.data(), kTickCapacity, 0, 0};
  const ActionRegistry& actions = ctx.registry();
  if (ctx.level) {
    for (int i = 0; i < s.creature_count; ++i) {
      const CreatureState& c = s.creatures[static_cast<std::size_t>(i)];
      const Species* sp = ctx.species_of(c.species);
      if (!sp || !sp->rig) continue;
      const Rig& rig = *sp->rig;
      const CreaturePose& pose = runtime.pose(i);
      if (!pose.sized_for(rig)) continue;
      const int bones = rig.skeleton.size();
      ClipDetectJob job;
      job.level = ctx.level;
      job.head_ws = pose.head_ws.data();
      job.tail_ws = pose.tail_ws.data();
      job.radius_m = rig.skeleton.radius.data();
      job.bones = bones;
      job.min_depth_m = min_depth_m_;
      job.tick = s.tick;
      job.creature = i;
      job.out = &buf;
      // What the creature's actions plant by design (a vault's hands on its fence) is left out.
      PlantedContact planted;
      // (Asked of the actions the tick called: a dormant one plants nothing.)
      for (std::uint32_t bits = (actions.awake(c) | (1u << c.current_action)) & ~1u; bits != 0 && planted.fence < 0;
           bits &= bits - 1)
        planted = actions[static_cast<ActionId>(lowest_bit(bits))].contact(c);
      if (planted.fence >= 0) {
        if (contact_.size() < static_cast<std::size_t>(bones)) contact_.resize(static_cast<std::size_t>(bones));
        std::fill(contact_.begin(), contact_.end(), std::uint8_t{0});
        for (std::size_t l = 0; l < rig.limbs.size() && l < pose.limbs.size(); ++l) {
          if (!planted.arms || rig.limbs[l].tag != PartTag::kArm || !pose.limbs[l].contact) continue;
          for (int b : rig.limbs[l].bones)
            if (b >= 0 && b < bones) contact_[static_cast<std::size_t>(b)] = 1;
        }
        job.contact = contact_.data();
        job.contact_fence = planted.fence;
      }
      job.run();
    }
  }
  count_ = buf.count;
  dropped_ = buf.dropped;
  total_ += static_cast<std::uint64_t>(buf.count + buf.dropped);
  if (!has_first_ && count_ > 0) {
    first_ = tick_[0];
    for (int k = 1; k < count_; ++k)
      if (tick_[static_cast<std::size_t>(k)].depth_m > first_.depth_m) first_ = tick_[static_cast<std::size_t>(k)];
    has_first_ = true;
  }
}

void ClipWatch::forget_after(std::uint64_t tick) {
  if (has_first_ && first_.tick > tick) has_first_ = false;
}

void ClipWatch::reset() {
  count_ = dropped_ = 0;
  total_ = 0;
  has_first_ = false;
}

Json clip_event_json(const ClipEvent& e, const Skeleton* sk) {
  Json j = Json::object();
  j["tick"] = e.tick;
  j["creature"] = e.creature;
  j["bone"] = e.bone;
  if (sk && e.bone >= 0 && e.bone < sk->size()) j["bone_name"] = sk->names[static_cast<std::size_t>(e.bone)];
  j["obstacle"] = to_string(e.obstacle);
  j["index"] = e.index;
  if (e.obstacle == ObstacleKind::kPipe) j["pipe"] = e.pipe;
  j["depth_m"] = e.depth_m;
  j["point"] = Json::array({e.point_ws.x, e.point_ws.y, e.point_ws.z});
  return j;
}

std::string clip_event_line(const ClipEvent& e, const Skeleton* sk) {
  // Bone names as in the files (the HUD font has '_'), so they can be searched for.
  const std::string bone = sk && e.bone >= 0 && e.bone < sk->size() ? sk->names[static_cast<std::size_t>(e.bone)]
                                                                     : "bone " + std::to_string(e.bone);
  char buf[160];
  if (e.obstacle == ObstacleKind::kGround) {
    std::snprintf(buf, sizeof buf, "Clip at tick %llu: %s %.1f cm under the ground",
                  static_cast<unsigned long long>(e.tick), bone.c_str(), e.depth_m * 100.0f);
  } else {
    std::snprintf(buf, sizeof buf, "Clip at tick %llu: %s %.1f cm into %s %d", static_cast<unsigned long long>(e.tick),
                  bone.c_str(), e.depth_m * 100.0f, to_string(e.obstacle), e.index);
  }
  return buf;
}

}  // namespace cf
