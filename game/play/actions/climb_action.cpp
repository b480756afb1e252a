#include "game/play/actions/climb_action.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include <glm/gtc/quaternion.hpp>

#include "core/json.h"
#include "game/play/actions/locomotion.h"
#include "game/play/creature_size.h"
#include "math/angles.h"
#include "retarget/bone_frames.h"
#include "retarget/ik.h"
#include "retarget/walker.h"
#include "world/clearance.h"
#include "world/footprint.h"
#include "world/ground_query.h"
#include "world/ledge.h"

namespace cf {

namespace {

constexpr float kStepShare = 0.3f;        // a rise this share of the legs or lower is stepped, not climbed
constexpr float kMaxSlant_deg = 50.0f;    // a face met further from square is not climbed
constexpr float kArmReachShare = 0.95f;   // of a lead arm's length it reaches up (or down) the face
constexpr float kLegReachShare = 0.6f;    // ...of a lead leg's (a paw set on the top: a leg lifts less far)
constexpr float kLipMargin_m = 0.04f;     // the region kept round the lip: the platform grown by this
constexpr float kTopInset_m = 0.08f;      // the body stands this far past the lip at the end (its back clear)
constexpr float kGripInset_m = 0.06f;     // a gripping hand or paw this far past the lip
constexpr float kSwingClear_m = 0.06f;    // a foot passing the lip clears it by this
constexpr float kMaxPitch_rad = 0.35f;    // the body tips nose up (up) or down (down) at most this
constexpr int kHandOverTicks = 8;

// The phases of a climb as shares of its length: the body draws back and rises, is carried over the lip,
// settles; the lead limbs grip and later step to their places; the hind legs step up.
struct Schedule {
  float rise0, rise1, over0, over1, settle0, settle1;
  float lead0, lead1, place0, place1, hind0, hind1;
  float turn1;  // squared up to the face by this share
};
constexpr Schedule kUp{0.10f, 0.42f, 0.38f, 0.74f, 0.72f, 0.92f, 0.02f, 0.26f, 0.76f, 0.94f, 0.52f, 0.82f, 0.25f};
constexpr Schedule kDown{0.0f, 0.1f, 0.04f, 0.42f, 0.40f, 0.80f, 0.36f, 0.62f, 0.80f, 0.96f, 0.58f, 0.88f, 0.2f};

float smooth(float x) {
  x = std::clamp(x, 0.0f, 1.0f);
  return x * x * (3.0f - 2.0f * x);
}
float phase(float s, float a, float b) { return b > a ? smooth((s - a) / (b - a)) : (s >= b ? 1.0f : 0.0f); }

const ClimbAction* self_of(const ActionRegistry& r) {
  const ActionId id = r.find("climb");
  return id == kNoAction ? nullptr : static_cast<const ClimbAction*>(&r[id]);
}

float step_of(const Species& sp) { return kStepShare * sp.walk_setup->creature_leg_length_m; }

// The limbs that lead a climb: arms going up; else legs in the front half; else (a biped) the left legs.
bool leads(const Rig& rig, std::size_t i, bool down) {
  const LimbChain& limb = rig.limbs[i];
  bool arms = false, front = false, left = false;
  for (const LimbChain& l : rig.limbs) {
    arms = arms || l.tag == PartTag::kArm;
    front = front || (l.tag == PartTag::kLeg && l.nodes[0].z > rig.cog.z + 0.02f);
    left = left || (l.tag == PartTag::kLeg && l.side == Side::kLeft);
  }
  if (arms && !down) return limb.tag == PartTag::kArm;
  if (limb.tag == PartTag::kArm) return false;
  if (front) return limb.nodes[0].z > rig.cog.z + 0.02f;
  return !left || limb.side == Side::kLeft;  // (one leg in the middle: it leads and follows)
}

// How high a ledge the lead limbs reach over (their root's height standing plus most of their length).
float reach_of(const Species& sp, bool down) {
  const Rig& rig = *sp.rig;
  float best = 0.0f;
  for (std::size_t i = 0; i < rig.limbs.size(); ++i)
    if (leads(rig, i, down)) {
      const LimbChain& l = rig.limbs[i];
      const float share = l.tag == PartTag::kArm ? kArmReachShare : kLegReachShare;
      best = std::max(best, l.nodes[0].y - sp.walk_setup->crouch_m + share * (l.l1 + l.l2));
    }
  return best;
}

// How far the body's lowest flesh (torso, head and tail, standing) is below its centre of gravity.
float under_cog(const Species& sp) {
  const Rig& rig = *sp.rig;
  float low = 1e9f;
  for (int b = 0; b < rig.skeleton.size(); ++b) {
    const BoneClass k = rig.skeleton.classes[static_cast<std::size_t>(b)];
    if (k == BoneClass::kLeg || k == BoneClass::kArm) continue;
    const auto i = static_cast<std::size_t>(b);
    low = std::min(low, std::min(rig.skeleton.head_ms[i].y, rig.skeleton.tail_ms[i].y) - rig.skeleton.radius[i]);
  }
  return low < 1e8f ? std::max(0.0f, rig.cog.y - low) : 0.0f;
}

// The footprint's reach in front of and behind its origin (model +z and -z), metres.
void body_extent(const Species& sp, float* front, float* back) {
  *front = *back = sp.body_radius_m;
  if (sp.footprint.count <= 0) return;
  *front = *back = 0.0f;
  for (int k = 0; k < sp.footprint.count; ++k) {
    const FootprintCircle& c = sp.footprint.circles[static_cast<std::size_t>(k)];
    *front = std::max(*front, c.offset_ms.y + c.radius);
    *back = std::max(*back, -c.offset_ms.y + c.radius);
  }
}

float heading_of(const glm::vec3& dir) { return std::atan2(dir.x, dir.z); }

// Whether the body fits standing at p facing heading on ground at height y (every circle's ground within
// a step of it, clear of walls and fences, inside the movable regions).
bool fits_at(const Level& level, const Species& sp, const glm::vec3& p, float heading, float y) {
  const LevelGround ground(&level);
  if (!in_regions(level, p)) return false;
  if (sp.footprint.count > 0 && footprint_depth(level, sp.footprint, heading, p) > 0.01f) return false;
  const float c = std::cos(heading), s = std::sin(heading);
  for (int k = 0; k < std::max(1, sp.footprint.count); ++k) {
    glm::vec2 o(0.0f);
    if (sp.footprint.count > 0) o = sp.footprint.circles[static_cast<std::size_t>(k)].offset_ms;
    const glm::vec3 q = p + glm::vec3(c * o.x + s * o.y, 0.0f, -s * o.x + c * o.y);
    if (std::fabs(ground.at(q.x, q.z).y - y) > step_of(sp)) return false;
  }
  return true;
}

// The ledge in front of a walking creature, if any.
bool ledge_ahead(const CreatureState& c, const Species& sp, const Level& level, Ledge* out) {
  if (!sp.walks()) return false;
  // (a drop up to half as deep again as a step is walked down: locomotion's kDropShareOfStep)
  // (a long body held at a ledge's face by its head, chest or flank stands further back: its reach counts)
  return find_ledge(level, c.walker.position_ws, heading_forward(c.walker.heading_rad),
                    std::max(kClimbReachM, sp.footprint.bound_m + kClimbFrontGapM), step_of(sp),
                    kMaxSlant_deg, out) &&
         (!out->down || out->height() > 1.5f * step_of(sp));
}

// A foot or hand's way from a to b at share e: over the lip (outside its face, above its top) when the two
// are on either side of it, else a low arc.
glm::vec3 swing(const ClimbActionState& st, const glm::vec3& a, const glm::vec3& b, float e, float radius) {
  if (e <= 0.0f) return a;
  if (e >= 1.0f) return b;
  const bool crosses = (a.y < st.top_y - 0.02f) != (b.y < st.top_y - 0.02f) || std::fabs(a.y - b.y) > 0.1f;
  if (!crosses) return glm::mix(a, b, e) + glm::vec3(0.0f, 0.06f * std::sin(3.14159265f * e), 0.0f);
  const glm::vec3 along = glm::normalize(glm::cross(glm::vec3(0.0f, 1.0f, 0.0f), st.out_ws));
  const float w = glm::dot(glm::mix(a, b, 0.5f) - st.lip_ws, along);
  const glm::vec3 over = st.lip_ws + along * w + st.out_ws * (radius + kSwingClear_m) +
                         glm::vec3(0.0f, radius + kSwingClear_m, 0.0f);
  // The low end goes up (or comes down) outside the face; the high end crosses above the top.
  const glm::vec3 low = a.y < b.y ? a : b;
  const glm::vec3 beside(over.x, low.y, over.z);
  const bool from_low = a.y < b.y;
  const glm::vec3 p0 = a, p3 = b;
  const glm::vec3 p1 = from_low ? glm::mix(beside, over, 0.3f) : over, p2 = from_low ? over : glm::mix(beside, over, 0.3f);
  const float t = e * 3.0f;
  if (t < 1.0f) return glm::mix(p0, p1, smooth(t));
  if (t < 2.0f) return glm::mix(p1, p2, smooth(t - 1.0f));
  return glm::mix(p2, p3, smooth(t - 2.0f));
}

// Reaches limb i's ankle or wrist toward target_ws (stretched toward it when out of reach), its end bone
// carried along with offset end_ws - target_ws.
void reach_limb(const Rig& rig, std::size_t i, const glm::vec3& target_ws, const glm::vec3& end_ws, CreaturePose* pose) {
  const LimbChain& limb = rig.limbs[i];
  if (limb.bones[0] < 0 || limb.bones[1] < 0 || limb.bones[2] < 0) return;
  const auto b0 = static_cast<std::size_t>(limb.bones[0]);
  const glm::mat4& m2w = pose->model_to_world;
  const glm::vec3 root = pose->head_ms[b0];
  const glm::vec3 target = to_frame_rigid(m2w, target_ws), end = to_frame_rigid(m2w, end_ws);
  TwoBoneResult<float> r;
  TwoBoneIk job;
  job.root = root;
  job.target = target;
  job.pole = pose->limbs[i].pole_ms;
  job.l1 = limb.l1;
  job.l2 = limb.l2;
  job.out = &r;
  (void)job.run();
  write_limb_bones(rig, static_cast<int>(i), LimbPoints{root, r.joint, r.tip, r.tip + (end - target)},
                   pose->limbs[i].pole_ms, &m2w, pose);
  pose->limbs[i].target_ms = target;
  pose->limbs[i].target_ws = target_ws;
  pose->limbs[i].reached = r.reached;
}

// Places every bone of *pose (posed in model space) by model_to_world.
void place_bones(const glm::mat4& m2w, CreaturePose* pose) {
  pose->model_to_world = m2w;
  for (std::size_t b = 0; b < pose->head_ms.size(); ++b) {
    pose->head_ws[b] = glm::vec3(m2w * glm::vec4(pose->head_ms[b], 1.0f));
    pose->tail_ws[b] = glm::vec3(m2w * glm::vec4(pose->tail_ms[b], 1.0f));
  }
  pose->cog_ws = glm::vec3(m2w * glm::vec4(pose->cog_ms, 1.0f));
}

// The climb's tick posed into *out ('end' is scratch: the stand where it ends).
bool pose_climb(const ClimbActionState& st, const Species& sp, const Level& level, int tick, CreaturePose* out,
                CreaturePose* end) {
  const Rig& rig = *sp.rig;
  const LevelGround ground(&level);
  const WalkerState from = make_walker(*sp.walk_setup, rig, st.from_ws, st.heading_from_rad, &ground);
  const WalkerState to = make_walker(*sp.walk_setup, rig, st.to_ws, st.heading_to_rad, &ground);
  if (!pose_walker(from, *sp.walk_setup, rig, *sp.walk_clip, out, &ground) ||
      !pose_walker(to, *sp.walk_setup, rig, *sp.walk_clip, end, &ground))
    return false;
  const Schedule& k = st.down ? kDown : kUp;
  const float s = st.ticks > 1 ? std::clamp(static_cast<float>(tick) / static_cast<float>(st.ticks - 1), 0.0f, 1.0f) : 1.0f;
  const glm::vec3 in = st.down ? st.out_ws : -st.out_ws;  // the way the body goes
  const glm::vec3 up(0.0f, 1.0f, 0.0f), along = glm::cross(up, in);
  // The centre of gravity's way: drawn back and raised, carried over the lip, set down.
  const glm::vec3 c0 = out->cog_ws, c1 = end->cog_ws;
  const float back = glm::dot(st.back_ws - st.from_ws, in);
  const float u0 = glm::dot(c0 - st.lip_ws, in), u1 = glm::dot(c1 - st.lip_ws, in);
  const float w0 = glm::dot(c0 - st.lip_ws, along), w1 = glm::dot(c1 - st.lip_ws, along);
  const float rise = phase(s, k.rise0, k.rise1), over = phase(s, k.over0, k.over1), settle = phase(s, k.settle0, k.settle1);
  const float u = u0 + back * rise + (u1 - (u0 + back)) * over;
  const float v = c0.y + (st.high_y - c0.y) * rise + (c1.y - st.high_y) * settle;
  const float w = w0 + (w1 - w0) * phase(s, 0.0f, k.over1);
  glm::vec3 cog = st.lip_ws + in * u + along * w;
  cog.y = v;
  // Nose up while it rises (up), nose down while it is lowered (down).
  const float tip = st.down ? -kMaxPitch_rad * (phase(s, k.over0 + 0.5f * (k.over1 - k.over0), k.settle0) -
                                                 phase(s, k.settle0 + 0.5f * (k.settle1 - k.settle0), k.settle1))
                            : kMaxPitch_rad * (phase(s, k.rise0, k.rise1) - phase(s, k.over0, k.over0 + 0.7f * (k.over1 - k.over0)));
  const glm::quat q0 = glm::quat_cast(glm::mat3(out->model_to_world)), q1 = glm::quat_cast(glm::mat3(end->model_to_world));
  const glm::quat turn = glm::slerp(q0, q1, phase(s, 0.0f, k.turn1));
  const glm::quat q = turn * glm::angleAxis(-tip, glm::vec3(1.0f, 0.0f, 0.0f));
  // Where each limb stood at the start (legs stay there until they step).
  constexpr std::size_t kMaxLimbs = 24;
  std::array<glm::vec3, kMaxLimbs> stood{}, stood_end{};
  std::array<bool, kMaxLimbs> stood_on{};  // the foot was on the ground there (not one hanging off a step)
  for (std::size_t i = 0; i < rig.limbs.size() && i < kMaxLimbs; ++i) {
    const LimbChain& limb = rig.limbs[i];
    if (limb.bones[1] < 0 || limb.bones[2] < 0) continue;
    stood[i] = out->tail_ws[static_cast<std::size_t>(limb.bones[1])];
    stood_end[i] = out->tail_ws[static_cast<std::size_t>(limb.bones[2])];
    stood_on[i] = out->limbs[i].contact;
  }
  const Ledge lip{st.platform, st.lip_ws, st.out_ws, st.top_y, st.low_y, 0.0f, 0.0f, st.down};
  // The region round the lip (the seed's area 70): flesh of the body that would enter it lifts the body.
  for (int pass = 0; pass < 3; ++pass) {
    const glm::mat4 m2w = glm::translate(glm::mat4(1.0f), cog) * glm::mat4_cast(q) *
                          glm::translate(glm::mat4(1.0f), -out->cog_ms);
    place_bones(m2w, out);
    float deepest = 0.0f;
    for (int b = 0; b < rig.skeleton.size(); ++b) {
      const auto i = static_cast<std::size_t>(b);
      const BoneClass kind = rig.skeleton.classes[i];
      if (kind == BoneClass::kLeg || kind == BoneClass::kArm) continue;
      deepest = std::max(deepest, lip_region_depth(level, lip, out->head_ws[i], out->tail_ws[i], rig.skeleton.radius[i],
                                                   kLipMargin_m));
    }
    if (!(deepest > 0.0f)) break;
    cog.y += deepest + 0.002f;
  }
  // The limbs: the lead ones grip past the lip (or reach down to the ground below), then step to where
  // they stand at the end; the hind legs stay where they stood, then step up (or down) last.
  const float place = phase(s, k.place0, k.place1);
  for (std::size_t i = 0; i < rig.limbs.size() && i < kMaxLimbs; ++i) {
    const LimbChain& limb = rig.limbs[i];
    if (limb.bones[1] < 0 || limb.bones[2] < 0) continue;
    const auto cb = static_cast<std::size_t>(limb.bones[1]), db = static_cast<std::size_t>(limb.bones[2]);
    const float radius = std::max(rig.skeleton.radius[cb], rig.skeleton.radius[db]);
    const bool arm = limb.tag == PartTag::kArm;
    if (arm && st.down) continue;  // arms ride with the body going down
    // A leg starts where it stood; an arm from where the body carries it.
    const glm::vec3 s0 = arm ? out->tail_ws[cb] : stood[i], s0_end = arm ? out->tail_ws[db] : stood_end[i];
    const glm::vec3 e0 = end->tail_ws[cb], e0_end = end->tail_ws[db];
    glm::vec3 target, target_end;
    if (leads(rig, i, st.down)) {
      // Where it grips: just past the lip at its side, on the upper ground (up) or the lower (down).
      const float ground_y = st.down ? st.low_y : st.top_y;
      // Beside where it will stand, drawn in toward the body's line while that is off the ground it grips
      // (a wide body's outer foot past the platform's end).
      float side = glm::dot(e0 - st.lip_ws, along);
      for (int k = 0; k < 12; ++k) {
        const glm::vec3 at = st.lip_ws + along * side + in * (kGripInset_m + radius);
        if (std::fabs(ground.at(at.x, at.z).y - ground_y) < 0.02f) break;
        side *= 0.75f;
      }
      // (a foot as high over the ground it grips as it will stand over the ground under it)
      const float above = arm ? radius + 0.005f : std::max(e0.y - ground.at(e0.x, e0.z).y, 0.0f);
      const glm::vec3 grip = st.lip_ws + along * side + in * (kGripInset_m + radius) +
                             glm::vec3(0.0f, ground_y - st.top_y + above, 0.0f);
      const glm::vec3 grip_end = grip + (arm ? in * limb.l3 : e0_end - e0);
      const float g = phase(s, k.lead0, k.lead1);
      target = swing(st, s0, grip, g, radius);
      target_end = glm::mix(s0_end - s0, grip_end - grip, g) + target;
      if (place > 0.0f) {
        target = swing(st, grip, e0, place, radius);
        target_end = glm::mix(grip_end - grip, e0_end - e0, place) + target;
      }
      out->limbs[i].contact = g >= 1.0f && place <= 0.0f;
    } else {
      const float h = phase(s, k.hind0, k.hind1);
      target = swing(st, s0, e0, h, radius);
      target_end = glm::mix(s0_end - s0, e0_end - e0, h) + target;
      out->limbs[i].contact = (h <= 0.0f && stood_on[i]) || (h >= 1.0f && end->limbs[i].contact);
    }
    reach_limb(rig, i, target, target_end, out);
    // A foot the rising body has drawn out of its leg's reach hangs off its foothold: not on the ground.
    constexpr float kLeftGround_m = 0.01f;
    if (out->limbs[i].contact && glm::length(out->tail_ws[cb] - target) > kLeftGround_m) out->limbs[i].contact = false;
  }
  return true;
}

}  // namespace

float climb_step_m(const Species& sp) { return sp.walks() ? step_of(sp) : 0.0f; }
float climb_reach_m(const Species& sp, bool down) { return sp.walks() ? reach_of(sp, down) : 0.0f; }

void ClimbAction::init(CreatureState& c) const { new (&state_of<State>(c)) State(); }

bool ledge_in_climb_reach(const CreatureState& c, const Species& sp, const Level& level) {
  Ledge l;
  return ledge_ahead(c, sp, level, &l) && l.height() <= reach_of(sp, l.down);
}

bool climb_instead(const ActionCall& a) {
  const ClimbAction* climb = self_of(a.ctx.registry());
  Ledge l;
  if (!climb || !ledge_ahead(a.creature, a.species, *a.ctx.level, &l)) return false;
  climb->start(a);
  a.ctx.registry().started(a.creature, climb->id());
  return true;
}

void ClimbAction::start(const ActionCall& a) const {
  CreatureState& c = a.creature;
  State& st = state_of<State>(c);
  const Species& sp = a.species;
  const Level& level = *a.ctx.level;
  Ledge l;
  if (!ledge_ahead(c, sp, level, &l)) {
    a.hud(hud_first(), kCannotClimb);
    return;
  }
  auto refuse = [&](ClimbMessage m) {
    st.refused = static_cast<std::uint8_t>(m);
    a.hud(hud_first(), m);
  };
  if (l.height() > reach_of(sp, l.down)) return refuse(kClimbTooHigh);
  const glm::vec3 in = l.down ? l.out_ws : -l.out_ws;
  const glm::vec3 from = c.walker.position_ws;
  // The lip square in front of the body, and where it stands at the end: its back clear of the lip.
  glm::vec3 lip = from + in * glm::dot(l.lip_ws - from, in);
  lip.y = l.top_y;
  float front = 0.0f, back = 0.0f;
  body_extent(sp, &front, &back);
  const float heading = heading_of(in);
  glm::vec3 to = lip + in * (back + kTopInset_m);
  to.y = l.down ? l.low_y : l.top_y;
  if (!fits_at(level, sp, to, heading, to.y)) return refuse(l.down ? kClimbNoRoomBelow : kClimbNoRoomOnTop);
  // Going up, the body first draws back (or in) until its front is just clear of the face.
  glm::vec3 drawn = from;
  if (!l.down) {
    const float u = glm::dot(from - lip, in), need = -(front + kLipMargin_m);
    drawn = from + in * (need - u);
    if (!fits_at(level, sp, drawn, heading, from.y)) return refuse(kClimbNoRoomBehind);
  }
  const float legs = sp.walk_setup->creature_leg_length_m;
  const float stand = sp.walk_setup->stand_cog_height_m;
  st.climbs += 1;
  st.tick = 0;
  st.ticks = std::clamp(static_cast<int>(std::lround(40.0f + 30.0f * l.height() / std::max(legs, 0.05f))), 50, 96);
  st.since_end = 0xffffffffu;
  st.from_ws = from;
  st.back_ws = drawn;
  st.to_ws = to;
  st.lip_ws = lip;
  st.out_ws = l.out_ws;
  st.heading_from_rad = c.walker.heading_rad;
  st.heading_to_rad = heading;
  st.top_y = l.top_y;
  st.low_y = l.low_y;
  st.high_y = std::max({from.y + stand, to.y + stand, l.top_y + under_cog(sp) + kLipMargin_m + 0.02f});
  st.platform = l.platform;
  st.down = l.down;
  st.refused = 0;
  c.speed_mps = 0.0f;
}

bool ClimbAction::idle(const ActionCall& a) const {
  State& st = state_of<State>(a.creature);
  if (st.since_end < static_cast<std::uint32_t>(kHandOverTicks)) ++st.since_end;
  return st.since_end < static_cast<std::uint32_t>(kHandOverTicks);
}

Action::HandOver ClimbAction::hand_over(const CreatureState& c) const {
  const State& st = state_of<State>(c);
  if (st.playing() || st.ticks <= 0 || st.since_end >= static_cast<std::uint32_t>(kHandOverTicks)) return {};
  return {static_cast<int>(st.since_end), kHandOverTicks};
}

bool ClimbAction::pose(const PoseCall& call) const {
  const State& st = state_of<State>(call.creature);
  if (!st.playing() || !call.species.walks()) return false;
  return pose_climb(st, call.species, *call.ctx.level, st.tick, call.out, call.scratch);
}

bool ClimbAction::pose_after_end(const PoseCall& call, int) const {
  const State& st = state_of<State>(call.creature);
  if (st.ticks <= 0 || !call.species.walks() || !call.scratch) return false;
  return pose_climb(st, call.species, *call.ctx.level, st.ticks - 1, call.out, call.scratch);
}

void ClimbAction::after_pose(const ActionCall& a) const {
  CreatureState& c = a.creature;
  State& st = state_of<State>(c);
  if (!st.playing()) return;
  ++st.tick;
  const float s = static_cast<float>(st.tick) / static_cast<float>(st.ticks);
  const Schedule& k = st.down ? kDown : kUp;
  const float over = phase(s, k.over0, k.over1);
  const glm::vec3 p = glm::mix(st.back_ws, st.to_ws, over);
  c.root_ws = glm::vec3(p.x, over < 0.5f ? st.from_ws.y : st.to_ws.y, p.z);
  c.heading_rad = wrap_angle(st.heading_from_rad + wrap_angle(st.heading_to_rad - st.heading_from_rad) * phase(s, 0.0f, k.turn1));
  c.speed_mps = 0.0f;
  if (st.tick < st.ticks) return;
  const LevelGround ground(a.ctx.level);
  c.walker = make_walker(*a.species.walk_setup, *a.species.rig, st.to_ws, st.heading_to_rad, &ground);
  c.root_ws = c.walker.position_ws;
  c.heading_rad = wrap_angle(st.heading_to_rad);
  st.since_end = 0;
}

void ClimbAction::as_posed(CreatureState& c, const CreatureState& prior, bool prior_exists) const {
  State& st = state_of<State>(c);
  const State& before = state_of<State>(prior);
  if (st.playing() && st.tick > 0) {
    --st.tick;
  } else if (st.since_end == 0 && prior_exists && before.playing() && before.climbs == st.climbs) {
    st.tick = st.ticks - 1;
  }
}

bool ClimbAction::destination(const CreatureState& c, glm::vec3* ground_ws) const {
  const State& st = state_of<State>(c);
  if (!st.playing()) return false;
  *ground_ws = st.to_ws;
  return true;
}

void ClimbAction::sounds(const SoundCall& call, SoundEvents* out) const {
  const State& was = state_of<State>(call.before);
  const State& now = state_of<State>(call.after);
  if (now.ticks <= 0 || now.climbs == 0) return;
  const std::int32_t from = was.climbs == now.climbs ? was.tick : -1;
  const Schedule& k = now.down ? kDown : kUp;
  const auto at = [&](float share) {
    const std::int32_t t = static_cast<std::int32_t>(std::lround(share * static_cast<float>(now.ticks - 1)));
    return from < t && now.tick >= t;
  };
  const CreatureSize size = creature_size(*call.species.rig);
  SoundEvent e;
  e.position_ws = call.after.root_ws;
  e.pitch = size.pitch();
  e.creature = static_cast<std::int16_t>(call.index);
  if (from < 0) {
    e.kind = SoundKind::kTakeoff;  // the effort of the start
    e.loudness = std::clamp(0.2f * size.weight(), 0.05f, 1.0f);
    out->push(e);
  }
  if (at(k.lead1)) {
    e.kind = now.down ? SoundKind::kFootstep : SoundKind::kHandPlant;
    e.loudness = std::clamp(0.4f * size.weight(), 0.05f, 1.0f);
    out->push(e);
  }
  if (at(k.hind1)) {
    e.kind = SoundKind::kFootstep;
    e.loudness = std::clamp(0.4f * size.weight(), 0.05f, 1.0f);
    out->push(e);
  }
  if (now.tick >= now.ticks && from < now.ticks && from >= 0) {
    e.kind = SoundKind::kLanding;
    e.loudness = std::clamp((now.down ? 0.5f : 0.3f) * size.weight(), 0.05f, 1.0f);
    out->push(e);
  }
}

void ClimbAction::hash(const CreatureState& c, StateHasher* h) const {
  const State& st = state_of<State>(c);
  if (st.climbs == 0 && st.refused == 0) return;  // never climbed: nothing, so runs without a climb hash as before
  h->u8(0x43);
  h->u32(st.climbs);
  h->i32(st.tick);
  h->i32(st.ticks);
  h->u32(st.since_end);
  for (const glm::vec3* v : {&st.from_ws, &st.back_ws, &st.to_ws, &st.lip_ws, &st.out_ws})
    for (int k = 0; k < 3; ++k) h->f32((*v)[k]);
  for (float f : {st.heading_from_rad, st.heading_to_rad, st.top_y, st.low_y, st.high_y}) h->f32(f);
  h->i32(st.platform);
  h->u8(st.down ? 1 : 0);
  h->u8(st.refused);
}

void ClimbAction::describe(const CreatureState& c, Json* j) const {
  const State& st = state_of<State>(c);
  (*j)["climbs"] = st.climbs;
  (*j)["climb_tick"] = st.tick;
  (*j)["climb_ticks"] = st.ticks;
  (*j)["climb_down"] = st.down;
  (*j)["climb_height_m"] = st.ticks > 0 ? st.top_y - st.low_y : 0.0f;
}

std::string ClimbAction::hud_text(int code, const CreatureState&, const PreparedAction&) const {
  switch (code) {
    case kClimbTooHigh: return "Too high to climb";
    case kClimbNoRoomOnTop: return "Can't climb: no room on top";
    case kClimbNoRoomBehind: return "Can't climb: no room to draw back";
    case kClimbNoRoomBelow: return "Can't climb down: no room below";
    case kCannotClimb: return "No ledge to climb";
    default: return {};
  }
}

void ClimbAction::debug_rows(const DebugRowsCall& call, std::vector<DebugRow>* rows) const {
  const State& st = state_of<State>(call.creature);
  if (st.climbs == 0) {
    rows->push_back({DebugRow::Style::kDisabled, "no climb yet"});
    return;
  }
  char line[160];
  std::snprintf(line, sizeof line, "%s %.2f m  tick %d / %d", st.down ? "down" : "up", st.top_y - st.low_y, st.tick,
                st.ticks);
  rows->push_back({DebugRow::Style::kNormal, line});
}

const ClimbAction& game_climb() { return *self_of(game_actions()); }
const ClimbActionState& climb_of(const CreatureState& c) { return game_climb().state_of<ClimbActionState>(c); }
HudMessage climb_hud(ClimbMessage m) { return hud_message_id(game_climb().hud_first(), m); }

}  // namespace cf
