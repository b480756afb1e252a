#include "retarget/walk_report.h"

#include <algorithm>
#include <cmath>

#include "core/file_io.h"

namespace cf {

namespace {
std::string leg_name(const Rig& rig, const LimbChain& l, int ordinal) {
  int b = l.bones[0];
  if (b >= 0 && b < rig.skeleton.size()) {
    std::string n = rig.skeleton.names[b];
    const std::string suffix = "_upper";
    if (n.size() > suffix.size() && n.compare(n.size() - suffix.size(), suffix.size(), suffix) == 0)
      n.resize(n.size() - suffix.size());
    return n;
  }
  return "leg" + std::to_string(ordinal);
}
}  // namespace

void WalkMeter::begin(const Rig& rig, const RetargetSetup& setup) {
  report = WalkReport{};
  report.stand_cog_height = setup.stand_cog_height_m;
  report.cog_min_height = 1e30f;
  report.cog_max_height = -1e30f;
  int k = 0;
  for (const LimbChain& l : rig.limbs) {
    if (l.tag != PartTag::kLeg) continue;
    LegWalkStats s;
    s.name = leg_name(rig, l, k++);
    s.length_m = l.l1 + l.l2;
    report.legs.push_back(s);
  }
  anchor_ws.assign(report.legs.size(), glm::vec3(0.0f));
  in_stance.assign(report.legs.size(), false);
}

void WalkMeter::add(const Rig& rig, const CreaturePose& pose, const Ground* under) {
  const glm::vec3 ground = glm::vec3(pose.model_to_world * glm::vec4(rig.cog.x, 0.0f, rig.cog.z, 1.0f));
  if (report.ticks > 0) report.distance_m += glm::length(glm::vec2(ground.x - last_ground.x, ground.z - last_ground.z));
  last_ground = ground;
  ++report.ticks;
  // Heights over the bone line the feet stand on (the pose is raised by the sole height), from the
  // ground under each point.
  const float cog_y = pose.cog_ws.y - rig.sole_height - ground_height(under, pose.cog_ws.x, pose.cog_ws.z);
  report.cog_min_height = std::min(report.cog_min_height, cog_y);
  report.cog_max_height = std::max(report.cog_max_height, cog_y);
  std::size_t k = 0;
  for (std::size_t i = 0; i < rig.limbs.size() && k < report.legs.size(); ++i) {
    const LimbChain& l = rig.limbs[i];
    if (l.tag != PartTag::kLeg) continue;
    LegWalkStats& s = report.legs[k];
    const LimbPose& lp = pose.limbs[i];
    // Joints A, B, C, D in world space.
    glm::vec3 joints[4];
    const glm::mat4& M = pose.model_to_world;
    joints[0] = glm::vec3(M * glm::vec4(lp.root_ms, 1.0f));
    for (int j = 0; j < 3; ++j) {
      int b = l.bones[j];
      joints[j + 1] = b >= 0 ? pose.tail_ws[b] : joints[j];
    }
    if (l.bones[0] >= 0) joints[0] = pose.head_ws[l.bones[0]];
    const glm::vec3 c = joints[2];
    // Flesh below the ground: a joint lower than the leg's flesh radius.
    const float r = foot_radius(rig, l);
    for (const glm::vec3& p : joints)
      s.max_penetration_m = std::max(s.max_penetration_m, r - (p.y - ground_height(under, p.x, p.z)));
    if (lp.reached) {
      s.max_ik_error_m = std::max(s.max_ik_error_m, glm::length(lp.target_ws - c));
    } else {
      ++s.unreachable_ticks;
    }
    if (lp.contact) {
      ++s.stance_ticks;
      if (!in_stance[k]) anchor_ws[k] = c;
      s.max_skate_m = std::max(s.max_skate_m, glm::length(glm::vec2(c.x - anchor_ws[k].x, c.z - anchor_ws[k].z)));
      s.max_float_m = std::max(s.max_float_m, c.y - ground_height(under, c.x, c.z) - r);
    }
    in_stance[k] = lp.contact;
    ++k;
  }
}

WalkReport simulate_walk(const Rig& rig, const MotionClip& clip, const RetargetSetup& setup, const WalkRun& run,
                         const std::function<void(const WalkerState&, const CreaturePose&)>& on_tick) {
  WalkerState st = make_walker(setup, rig, run.start_ws, run.heading_rad, run.ground);
  CreaturePose pose;
  pose.resize(rig);
  WalkMeter meter;
  meter.begin(rig, setup);
  WalkCommand cmd;
  cmd.speed_mps = run.speed_mps < 0.0f ? natural_speed(setup) : run.speed_mps;
  cmd.turn_rate_rps = run.turn_rate_rps;
  const int ticks = static_cast<int>(std::lround(run.seconds / run.dt_s));
  for (int t = 0; t < ticks; ++t) {
    step_walker(&st, cmd, setup, rig, run.dt_s, {}, run.ground);
    pose_walker(st, setup, rig, clip, &pose, run.ground);
    meter.add(rig, pose, run.ground);
    if (on_tick) on_tick(st, pose);
  }
  return meter.report;
}

std::string default_walk_motion_path() {
  const std::string rel = "assets/motions/walk.json";
  if (is_regular_file(rel)) return rel;
#ifdef CF_RETARGET_ASSETS_DIR
  return std::string(CF_RETARGET_ASSETS_DIR) + "/motions/walk.json";
#else
  return rel;
#endif
}

}  // namespace cf
