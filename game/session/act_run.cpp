#include "game/session/act_run.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "game/play/actions/clip_action.h"
#include "game/play/controls.h"
#include "game/play/actions/jump_action.h"
#include "game/play/world_runtime.h"
#include "game/session/session.h"
#include "retarget/jump.h"
#include "retarget/run_gait.h"
#include "retarget/walker.h"
#include "world/ground_query.h"

namespace cf {

namespace {

const char* const kActs[] = {"walk", "run", "jump", "running-jump"};

// The button an act presses for a library motion: its own binding's, else Y bound to it for the act.
constexpr std::uint32_t kActButton = kButtonY;

InputFrame act_input(const std::string& action, bool motion, bool held, int tick, bool jump_started, int min_ticks) {
  InputFrame f;
  if (motion) {  // walk 1 s, the motion, then (held: after the seconds) the stick stands it up
    const bool walk = tick < 60 || (held && tick >= min_ticks);
    f.left_y = static_cast<std::int16_t>((walk ? 0.6f : 0.0f) * 32767.0f);
    if (tick == 60) f.buttons = f.pressed = kActButton;
    return f;
  }
  const bool runs = action == "run" || (action == "running-jump" && (tick < 60 || jump_started));
  const float y = action == "walk" ? 0.6f : runs ? 1.0f : 0.0f;
  f.left_y = static_cast<std::int16_t>(y * 32767.0f);
  const int jump_tick = action == "jump" ? 10 : action == "running-jump" ? 60 : -1;
  if (tick == jump_tick) f.buttons = f.pressed = kButtonX;
  return f;
}

bool finite3(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

}  // namespace

bool is_act_name(const std::string& name, const ActionRegistry& actions) {
  for (const char* a : kActs)
    if (name == a) return true;
  ActionId id = kNoAction;
  std::uint16_t m = kNoMotion;
  return actions.resolve(name, &id, &m) && m != kNoMotion;
}

std::string act_names(const ActionRegistry& actions) {
  std::string out = "walk, run, jump, running-jump";
  const ClipAction& clips = clip_action(actions);
  for (int m = 0; m < clips.library().size(); ++m)
    if (clips.plays(m)) out += ", " + clips.library()[m].name;
  return out;
}

void set_start(Scene* scene, float x, float z, float heading_deg) {
  Level& lv = scene->level;
  lv.spawn = glm::vec3(x, LevelGround(&lv).at(x, z).y, z);
  lv.spawn_heading_deg = heading_deg;
}

Result<ActReport> run_act(Scene scene, const std::string& action, double seconds, const ActionRegistry& actions) {
  if (!is_act_name(action, actions))
    return Error{"", "action", "unknown action '" + action + "' (one of " + act_names(actions) + ")"};
  if (!(seconds > 0.0 && seconds <= 600.0)) return Error{"", "seconds", "must be from 0 to 600"};
  ActReport r;
  r.action = action;
  ActionId clip_id = kNoAction;
  std::uint16_t motion = kNoMotion;
  const bool plays_motion = actions.resolve(action, &clip_id, &motion) && motion != kNoMotion;
  const ClipAction& clips = clip_action(actions);
  const bool held = plays_motion && clips.library()[motion].about().kind != MotionKind::kOneShot;
  // The game's bindings, with Y asking for the motion (so a motion only the menu offers plays too).
  std::vector<ActionBinding> bindings = actions.bindings();
  if (plays_motion) bindings.insert(bindings.begin(), ActionBinding{kButtonY, "clip", motion, ""});
  Session s;
  s.set_actions(&actions);
  s.set_controls(ControlMap{bindings.data(), static_cast<int>(bindings.size())});
  s.start(std::move(scene), 1);
  const Rig& rig = s.scene().rig;
  const Skeleton& sk = rig.skeleton;
  const LevelGround ground(&s.scene().level);  // heights are measured from the ground under each point
  r.start_xz = glm::vec2(s.state().player().root_ws.x, s.state().player().root_ws.z);
  r.start_ground_m = ground.at(r.start_xz.x, r.start_xz.y).y;
  const Species& sp = s.context().species[0];
  const JumpMotion* jm = jump_motion(sp);
  const std::size_t bones = static_cast<std::size_t>(sk.size());
  std::vector<glm::vec3> last_head(bones), last_tail(bones), anchor(rig.limbs.size());
  std::vector<bool> planted(rig.limbs.size(), false);
  std::vector<glm::vec3> last_ankle(rig.limbs.size(), glm::vec3(0.0f));
  int near_ground_ticks = 0, skating_ticks = 0;
  glm::vec3 last_cog(0.0f);
  r.min_flesh_height_m = 1e9f;
  const int min_ticks = static_cast<int>(std::ceil(seconds * 60.0));
  bool jump_started = false, ran = false;
  for (int t = 0; t < 36000; ++t) {
    const bool busy = jump_of(s.state().player()).playing() ||
                      (plays_motion && clip_play_of(s.state().player(), action, actions).playing());
    if (t >= min_ticks && !busy) break;
    s.tick(act_input(action, plays_motion, held, t, jump_started, min_ticks));
    jump_started = jump_started || jump_of(s.state().player()).jumps > 0;
    // A cadence above the walk's top (2.2 x natural), or a quarter of the run by the walker's speed
    // (a biped's shorter running stance needs less cadence), is the run's gait.
    const WalkerState& w = s.state().player().walker;
    ran = ran || (sp.walks() && (w.cadence_hz > 2.25f * natural_cadence(*sp.walk_setup) ||
                                 run_share_of_speed(*sp.walk_setup, w.speed_mps) > 0.25f));
    const CreaturePose& pose = s.runtime().pose(0);
    for (std::size_t b = 0; b < bones; ++b) {
      r.finite = r.finite && finite3(pose.head_ws[b]) && finite3(pose.tail_ws[b]);
      for (const glm::vec3& p : {pose.head_ws[b], pose.tail_ws[b]})
        r.min_flesh_height_m = std::min(r.min_flesh_height_m, p.y - sk.radius[b] - ground.at(p.x, p.z).y);
      if (t > 0) {
        r.max_joint_step_m = std::max(r.max_joint_step_m, glm::length(pose.head_ws[b] - last_head[b]));
        r.max_joint_step_m = std::max(r.max_joint_step_m, glm::length(pose.tail_ws[b] - last_tail[b]));
      }
      last_head[b] = pose.head_ws[b];
      last_tail[b] = pose.tail_ws[b];
    }
    if (t > 0) r.max_root_step_m = std::max(r.max_root_step_m, glm::length(pose.cog_ws - last_cog));
    last_cog = pose.cog_ws;
    for (std::size_t l = 0; l < rig.limbs.size() && l < pose.limbs.size(); ++l) {
      const LimbChain& limb = rig.limbs[l];
      if (limb.tag != PartTag::kLeg || limb.bones[1] < 0) continue;
      const LimbPose& lp = pose.limbs[l];
      const glm::vec3 c = pose.tail_ws[static_cast<std::size_t>(limb.bones[1])];
      // Skating: a foot within 5 cm of the ground under it that moves more than 2.5 cm in a tick.
      if (t > 0 && c.y - ground.at(c.x, c.z).y - foot_radius(rig, limb) < 0.05f + rig.sole_height) {
        ++near_ground_ticks;
        if (glm::length(glm::vec2(c.x - last_ankle[l].x, c.z - last_ankle[l].z)) > 0.025f) ++skating_ticks;
      }
      last_ankle[l] = c;
      if (lp.contact) {
        if (!planted[l]) anchor[l] = c;
        r.max_foot_skate_m = std::max(r.max_foot_skate_m, glm::length(glm::vec2(c.x - anchor[l].x, c.z - anchor[l].z)));
        if (!lp.reached) ++r.unreached_ik_ticks;
      }
      planted[l] = lp.contact;
    }
    r.clip_events += static_cast<std::uint64_t>(s.clips().count());
    ++r.ticks;
  }
  r.skate_ratio = near_ground_ticks > 0 ? static_cast<float>(skating_ticks) / static_cast<float>(near_ground_ticks) : 0.0f;
  r.jumps = static_cast<int>(jump_of(s.state().player()).jumps);
  if (plays_motion) {
    const ClipPlay st = clip_play_of(s.state().player(), action, actions);
    r.variant = st.plays == 0 ? "none" : to_string(st.variant);
    r.plays = static_cast<int>(st.plays);
  } else if (action == "jump" || action == "running-jump") {
    r.variant = !jm ? "none" : jm->legless ? "hop" : "jump";
  } else {
    r.variant = !sp.walks() ? "slide" : ran ? "run" : "walk";
  }
  return r;
}

}  // namespace cf
