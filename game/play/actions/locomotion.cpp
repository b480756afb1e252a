#include "game/play/actions/locomotion.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <glm/gtc/matrix_transform.hpp>

#include "core/tick.h"
#include "game/play/creature_size.h"
#include "math/angles.h"
#include "math/geometry.h"
#include "math/scalar.h"
#include "retarget/retarget.h"
#include "retarget/run_gait.h"
#include "vault/knee_turns.h"
#include "vault/vault_contacts.h"
#include "world/clearance.h"
#include "world/footprint.h"
#include "world/ground_query.h"
#include "world/movement_collision.h"
#include "world/level.h"
#include "core/json.h"

namespace cf {

constexpr float kLandingMargin_m = 0.03f;
// The ground a body walks onto without jumping: a step up to this share of its leg, a slope up to this.
constexpr float kStepShareOfLeg = 0.3f;
constexpr float kOneLevel_m = 0.02f;  // a platform's top this much above the ground beside it is a face to a foot
constexpr float kDropShareOfStep = 1.5f;  // a step down may be this much deeper than one up; a deeper drop is climbed down
constexpr float kWalkableSlope_deg = 35.0f;

// A push within this of straight back is a corner met head-on (see round_corner); one within
// kCornerFace of a box's axis is off a face.
constexpr float kCornerHeadOn_rad = 0.5f;
constexpr float kCornerFace_rad = 0.09f;

bool collide_walker(const Level& level, const Species& sp, float heading_before, const glm::vec3& root_before,
                    WalkerState* w, glm::vec3* p, bool player) {
  bool hit = false;
  // The rail stops the player's footprint as a wall does; a body already over it (a level's spawn, a
  // vault's landing) is not thrown off it in a tick: it only goes no further over.
  const float over_before = player ? footprint_edge_depth(level, sp.footprint, heading_before, root_before) : 0.0f;
  const bool edges = player && over_before <= 0.002f;
  if (sp.footprint.count > 0 && w->speed_mps > kTurnOnTheSpot_mps) {
    // Walking: the push slides it. A turn the push cannot clear (a long body turning between two close
    // walls, pushed from one into the other) is undone, and a step that still leaves flesh in a wall
    // is not taken.
    const float step_m = glm::length(glm::vec2(p->x - root_before.x, p->z - root_before.z));
    const FootprintMove m = move_footprint(level, sp.footprint, heading_before, &w->heading_rad, p, step_m + 0.08f, edges);
    if (m.turn_undone) w->turn_rate_rps = 0.0f;
    hit = m.hit;
    if (hit && footprint_depth(level, sp.footprint, w->heading_rad, *p, edges) > 1e-3f) {
      *p = root_before;  // into a gap narrower than the body (a wall's end beside a fence): not taken
      w->heading_rad = heading_before;
      w->turn_rate_rps = 0.0f;
    }
  } else if (sp.footprint.count > 0) {
    // Turning on the spot: a turn the push cannot clear is undone.
    const FootprintMove m = move_footprint(level, sp.footprint, heading_before, &w->heading_rad, p, 0.08f, edges);
    if (m.turn_undone) w->turn_rate_rps = 0.0f;  // turning into a wall: the body stops turning
    hit = m.hit;
  } else {
    hit = resolve_circle_collisions(level, sp.body_radius_m, p);
  }
  if (!in_regions(level, *p)) {  // the movable regions' edge stops the creature
    *p = root_before;
    hit = true;
    // Stopped there, it turns only as far as its body stays clear (its tail would sweep a fence).
    if (sp.footprint.count > 0 && footprint_depth(level, sp.footprint, w->heading_rad, *p, edges) > 1e-3f) {
      w->heading_rad = heading_before;
      w->turn_rate_rps = 0.0f;
    }
  }
  if (player && !edges && footprint_edge_depth(level, sp.footprint, w->heading_rad, *p) > over_before + 1e-4f) {
    *p = root_before;
    w->heading_rad = heading_before;
    w->turn_rate_rps = 0.0f;
    hit = true;
  }
  return hit;
}

void stand_feet_clear(const Level& level, const Rig& rig, WalkerState* w) {
  const glm::vec3 fwd = heading_forward(w->heading_rad);
  int k = 0;
  for (const LimbChain& l : rig.limbs) {
    if (l.tag != PartTag::kLeg) continue;
    if (k >= w->leg_count) break;
    FootState& foot = w->feet[static_cast<std::size_t>(k++)];
    if (!foot.planted) continue;
    float r = 0.0f;
    for (int b : {l.bones[1], l.bones[2]})
      if (b >= 0) r = std::max(r, rig.skeleton.radius[static_cast<std::size_t>(b)]);
    r += kLandingMargin_m;
    const float reach_y = l.l1 + l.l2;
    // The ankle and the toe each pushed out, the toe's push carrying the ankle (a box is convex, so a
    // foot whose two ends are clear beside one face is clear along it).
    auto push = [&](glm::vec3* at) {
      for (const Box& f : level.fences) push_circle_out_of_box(f, r, at);
      for (const Wall& wall : level.walls) {
        push_circle_out_of_box(wall.box, r, at);
        for (const Pipe& pipe : wall.pipes)
          if (std::min(pipe.a.y, pipe.b.y) - pipe.radius < reach_y) push_circle_out_of_pipe(pipe, r, at);
      }
    };
    glm::vec3 p = foot.plant_ws;
    for (int it = 0; it < 3; ++it) {
      glm::vec3 toe = p + fwd * l.l3;
      const glm::vec3 was = toe;
      push(&toe);
      p += toe - was;
      push(&p);
    }
    p.y = LevelGround(&level).at(p.x, p.z).y;
    foot.plant_ws = foot.goal_ws = p;
  }
}

namespace {

// Distance from c to the ground swept by a foot of ground vector f whose ankle moves from a to b (a
// parallelogram; 0 inside), and the swing's share t (0 at a, 1 at b) of the nearest point.
float swept_foot_distance(glm::vec2 a, glm::vec2 b, glm::vec2 f, glm::vec2 c, float* t) {
  auto cross = [](glm::vec2 u, glm::vec2 v) { return u.x * v.y - u.y * v.x; };
  const glm::vec2 ab = b - a;
  float best = 1e30f;
  auto edge = [&](glm::vec2 p, glm::vec2 q, float tp, float tq) {
    const glm::vec2 pq = q - p;
    const float l2 = glm::dot(pq, pq);
    const float s = l2 > 1e-12f ? std::clamp(glm::dot(c - p, pq) / l2, 0.0f, 1.0f) : 0.0f;
    const float d = glm::length(c - (p + pq * s));
    if (d < best) best = d, *t = tp + (tq - tp) * s;
  };
  edge(a, b, 0.0f, 1.0f);
  edge(a + f, b + f, 0.0f, 1.0f);
  edge(a, a + f, 0.0f, 0.0f);
  edge(b, b + f, 1.0f, 1.0f);
  const float s1 = cross(ab, c - a), s2 = cross(ab, c - a - f), s3 = cross(f, c - a), s4 = cross(f, c - b);
  if (s1 * s2 < 0.0f && s3 * s4 < 0.0f) return 0.0f;  // inside
  return best;
}

// A swing passing a pipe that stands out from its wall (a drain pipe beside the path) is moved aside
// at its landing until the ground the foot sweeps from lift-off to landing clears the pipe by 'need'.
void keep_swing_clear_of_pipe(const Pipe& pipe, const glm::vec3& plant, glm::vec2 f, float need, glm::vec3* goal) {
  const glm::vec2 pa(pipe.a.x, pipe.a.z), pb(pipe.b.x, pipe.b.z), a(plant.x, plant.z);
  for (int it = 0; it < 4; ++it) {
    const glm::vec2 b(goal->x, goal->z);
    const glm::vec2 mid = 0.5f * (a + b) + 0.5f * f, ptrace = pb - pa;
    const float l2 = glm::dot(ptrace, ptrace);
    const glm::vec2 c = pa + ptrace * (l2 > 1e-12f ? std::clamp(glm::dot(mid - pa, ptrace) / l2, 0.0f, 1.0f) : 0.0f);
    float t = 1.0f;
    const float d = swept_foot_distance(a, b, f, c, &t);
    if (d >= need) return;
    const glm::vec2 ab = b - a;
    const float len = glm::length(ab);
    if (len < 1e-4f) return;  // no swing to steer: the landing push alone keeps it clear
    glm::vec2 side(-ab.y / len, ab.x / len);
    if (glm::dot(side, mid - c) < 0.0f) side = -side;
    const glm::vec2 shift = side * ((need - d) / std::max(t, 0.25f) + 1e-3f);
    goal->x += shift.x;
    goal->z += shift.y;
  }
}

// The swing from plant to goal crossing the fence's thin middle plane within its length (and 'reach'
// beyond its ends): the goal is put back on the plant's side, 'reach' from the fence.
void keep_swing_on_its_side(const Box& fence, const glm::vec3& plant, float reach, glm::vec3* goal) {
  const bool thin_z = fence.half_extents.z <= fence.half_extents.x;
  auto across = [&](const glm::vec3& l) { return thin_z ? l.z : l.x; };
  auto along = [&](const glm::vec3& l) { return thin_z ? l.x : l.z; };
  const float half_across = thin_z ? fence.half_extents.z : fence.half_extents.x;
  const float half_along = thin_z ? fence.half_extents.x : fence.half_extents.z;
  const glm::vec3 lp = fence.to_local(plant), lg = fence.to_local(*goal);
  const float ap = across(lp), ag = across(lg);
  if (std::fabs(ap) <= half_across || ap * ag > 0.0f) return;  // on one side (or lifted from on top)
  const float t = ap / (ap - ag);
  const float at = along(lp) + (along(lg) - along(lp)) * t;
  if (std::fabs(at) > half_along + reach) return;  // passes beyond the fence's end
  glm::vec3 back = lg;
  (thin_z ? back.z : back.x) = (ap > 0.0f ? 1.0f : -1.0f) * (half_across + reach);
  *goal = fence.to_world(back);
}

// A foot of a body standing on a platform lands on it, not over its edge where the ground drops more
// than the body may step down (the body stops at the edge: its feet stay on top until it climbs down).
void keep_landing_on_its_platform(const Level& level, const glm::vec3& body_ws, float drop_m, float r, glm::vec3* goal_ws) {
  if (level.platforms.empty()) return;
  const LevelGround ground(&level);
  if (!(ground.at(goal_ws->x, goal_ws->z).y < body_ws.y - drop_m)) return;
  for (const Box& b : level.platforms) {
    const glm::vec3 body = b.to_local(body_ws);
    if (std::fabs(b.top_y() - body_ws.y) > 0.02f || std::fabs(body.x) > b.half_extents.x ||
        std::fabs(body.z) > b.half_extents.z)
      continue;
    glm::vec3 g = b.to_local(*goal_ws);
    const float hx = std::max(0.0f, b.half_extents.x - r), hz = std::max(0.0f, b.half_extents.z - r);
    g.x = std::clamp(g.x, -hx, hx);
    g.z = std::clamp(g.z, -hz, hz);
    *goal_ws = b.to_world(glm::vec3(g.x, 0.0f, g.z));
    return;
  }
}

}  // namespace

// A swinging foot lands clear of walls and their low pipes: its landing is pushed out by the leg's flesh,
// a tenth of its thigh (a long thigh swings its knee out) and a margin. Turning on the spot, the walk
// predicts the landing as if the turn carried on, and beside a wall that turn may be stopped: the foot may
// then point any way, so it is pushed by the foot's whole length (from fences always). Planted feet stay.
void keep_landings_clear(const Level& level, const Rig& rig, WalkerState* w, bool turning, bool held) {
  float legs = 0.0f;
  int n = 0;
  for (const LimbChain& l : rig.limbs)
    if (l.tag == PartTag::kLeg) legs += l.l1 + l.l2, ++n;
  const float drop_m = kDropShareOfStep * kStepShareOfLeg * (n > 0 ? legs / static_cast<float>(n) : 0.0f);
  int k = 0;
  for (const LimbChain& l : rig.limbs) {
    if (l.tag != PartTag::kLeg) continue;
    if (k >= w->leg_count) break;
    FootState& foot = w->feet[static_cast<std::size_t>(k++)];
    if (foot.planted) continue;
    float r = 0.0f;
    for (int b : {l.bones[1], l.bones[2]})
      if (b >= 0) r = std::max(r, rig.skeleton.radius[static_cast<std::size_t>(b)]);
    // A fence is met at any slant (along a wall into the fence at its end, at 45 degrees into a wall
    // beside one): the foot, pointing along the heading, is kept its whole length clear of it.
    const float fence_r = r + l.l3 + kLandingMargin_m;
    r += (turning ? l.l3 : 0.1f * l.l1) + kLandingMargin_m;
    const float reach_y = l.l1 + l.l2;  // pipes above the hip cannot be stepped into
    // The toe too, along the heading (a body sliding along a wall at a slant points its feet into it);
    // its push carries the ankle.
    const glm::vec3 toe_dir = heading_forward(w->heading_rad) * l.l3;
    for (const Box& f : level.fences) push_circle_out_of_box(f, fence_r, &foot.goal_ws);
    for (const Wall& wall : level.walls) {
      glm::vec3 toe = foot.goal_ws + toe_dir;
      if (push_circle_out_of_box(wall.box, r, &toe)) foot.goal_ws = toe - toe_dir;
      push_circle_out_of_box(wall.box, r, &foot.goal_ws);
      for (const Pipe& pipe : wall.pipes)
        if (std::min(pipe.a.y, pipe.b.y) - pipe.radius < reach_y) push_circle_out_of_pipe(pipe, r, &foot.goal_ws);
    }
    // The foot's own flesh and length along the heading, swept from lift-off to the landing, clear of low pipes.
    const int end = l.bones[2] >= 0 ? l.bones[2] : l.bones[1];
    const float flesh = end >= 0 ? rig.skeleton.radius[static_cast<std::size_t>(end)] : 0.0f;
    const glm::vec3 fwd = heading_forward(w->heading_rad) * l.l3;
    for (const Wall& wall : level.walls)
      for (const Pipe& pipe : wall.pipes)
        if (std::min(pipe.a.y, pipe.b.y) - pipe.radius < reach_y)
          keep_swing_clear_of_pipe(pipe, foot.plant_ws, glm::vec2(fwd.x, fwd.z), flesh + pipe.radius + kLandingMargin_m,
                                   &foot.goal_ws);
    // Held against something, a foot never swings across a fence (a body pressed at a fence's end steps
    // its far foot over the end): one whose swing would pass the fence's plane within the fence's length
    // and a foot's reach lands on the side it lifted from.
    if (held)
      for (const Box& f : level.fences) keep_swing_on_its_side(f, foot.plant_ws, fence_r, &foot.goal_ws);
    keep_landing_on_its_platform(level, w->position_ws, drop_m, r, &foot.goal_ws);
    // A foot lands on one level: beside a platform's face (a step's or a ledge's), ankle and toe clear
    // of the top unless the ankle is on it (a toe in the face, or a foot half over the edge, is neither).
    for (const Box& b : level.platforms) {
      if (!(b.top_y() - LevelGround(&level).at(foot.goal_ws.x, foot.goal_ws.z).y > kOneLevel_m)) continue;
      glm::vec3 toe = foot.goal_ws + toe_dir;
      if (push_circle_out_of_box(b, r, &toe)) foot.goal_ws = toe - toe_dir;
      push_circle_out_of_box(b, r, &foot.goal_ws);
    }
    foot.goal_ws.y = LevelGround(&level).at(foot.goal_ws.x, foot.goal_ws.z).y;
  }
}

namespace {

// Room to run: the body clears walls, fences and the regions' edge along the path of the next
// kRunLookahead_s (a run's stride plants feet further ahead than a walk's, so it walks near them).
constexpr float kRunLookahead_s = 0.6f;
constexpr float kRunSideRoom_m = 0.25f;
constexpr float kRunSlideBack_m = 0.1f;  // about 14 degrees into a wall at a run's look-ahead
bool room_to_run(const ActionCall& a, float speed_mps, float turn_rps) {
  const WalkerState& w = a.creature.walker;
  for (int k = 1; k <= 3; ++k) {
    const float t = kRunLookahead_s * static_cast<float>(k) / 3.0f;
    const glm::vec3 p = w.position_ws + heading_forward(w.heading_rad + 0.5f * turn_rps * t) * (0.2f + speed_mps * t);
    const float heading = w.heading_rad + turn_rps * t;
    const glm::vec3 side = heading_forward(heading + 1.5707963f) * kRunSideRoom_m;
    const glm::vec3 fwd = heading_forward(heading);
    for (int j = 0; j < 3; ++j) {  // the path, and room beside it: a running leg swings wider
      const glm::vec3 at = j == 0 ? p : j == 1 ? p + side : p - side;
      if (!in_regions(*a.ctx.level, at)) return false;
      glm::vec3 q = at;
      // A wall met at a slant pushes the path along it (the run slides on); one met more head-on than
      // kRunSlideBack_m of push against the heading leaves no room to run, as does a ditch on the path
      // (its push may be forward, to its far lip).
      if (resolve_footprint_collisions(*a.ctx.level, a.species.footprint, heading, &q) &&
          -glm::dot(q - at, fwd) > kRunSlideBack_m)
        return false;
      if (j == 0)
        for (const Box& g : a.ctx.level->gaps) {
          glm::vec3 in_gap = at;
          if (push_circle_out_of_box(g, kGapEdge_m, &in_gap)) return false;
        }
    }
  }
  return true;
}

// The wall nearest p (its footprint's box), or null beyond 'reach' or with a fence within it (a fence's
// end is not stepped round: it is vaulted, and a stride crossing its corner reaches into it).
const Box* nearest_wall(const Level& level, const glm::vec3& p, float reach) {
  const Box* best = nullptr;
  float best_d = reach;
  for (const Wall& w : level.walls) {
    const float d = distance_to_footprint(w.box, p);
    if (d < best_d) best = &w.box, best_d = d;
  }
  for (const Box& f : level.fences)
    if (distance_to_footprint(f, p) < reach) return nullptr;
  return best;
}

// A body pushed straight back off a wall's corner (its end met near head-on) steps round
// it: from where the push left it, sideways along the corner's tangent by the step it wanted, away from
// the box (round its nearer end), keeping its heading; so does a body
// past a face's end whose nose meets that face, toward the end. True when that took it further on. A
// face met head-on otherwise stops it, as before.
bool round_corner(const Level& level, const Species& sp, const glm::vec3& root, const glm::vec3& stepped,
                  WalkerState* w, glm::vec3* p, bool edges) {
  const glm::vec3 push(p->x - stepped.x, 0.0f, p->z - stepped.z), step(stepped.x - root.x, 0.0f, stepped.z - root.z);
  const float push_len = glm::length(push), step_len = glm::length(step);
  if (!(push_len > 1e-5f) || !(step_len > 1e-5f)) return false;
  const glm::vec3 n = push / push_len;
  if (-glm::dot(n, step) < std::cos(kCornerHeadOn_rad) * step_len) return false;  // a slant: it slides already
  const Box* box = nearest_wall(level, *p, sp.footprint.bound_m + 0.2f);
  if (!box) return false;
  glm::vec3 t(-n.z, 0.0f, n.x);
  bool face = false;
  for (int k = 0; k < 2 && !face; ++k) {
    const glm::vec3 axis = k == 0 ? box->axis_x() : box->axis_z();
    if (!(std::fabs(glm::dot(n, axis)) > std::cos(kCornerFace_rad))) continue;
    // Off a face: only a body already past that face's end (its nose met the face) steps round it,
    // toward that end.
    const glm::vec3 along = k == 0 ? box->axis_z() : box->axis_x();
    const float half = k == 0 ? box->half_extents.z : box->half_extents.x;
    const float at = glm::dot(*p - box->centre, along);
    if (std::fabs(at) <= half) return false;  // a face met head-on: it stops there
    t = at > 0.0f ? along : -along;
    face = true;
  }
  if (!face && glm::dot(t, *p - box->centre) < 0.0f) t = -t;  // round the corner, away from the box
  glm::vec3 q = *p + t * step_len;
  const float heading = w->heading_rad;
  collide_walker(level, sp, heading, *p, w, &q, edges);
  if (w->heading_rad != heading || footprint_depth(level, sp.footprint, heading, q, edges) > 1e-3f) {
    w->heading_rad = heading;
    return false;
  }
  const glm::vec3 went(q.x - p->x, 0.0f, q.z - p->z);
  if (glm::dot(went, t) < 0.5f * step_len) return false;
  *p = q;
  return true;
}

constexpr float kSlideSlant_rad = 0.17f;  // 10 degrees
constexpr float kSteerUpTo_rad = 0.9f;     // 52 degrees: steeper is head-on, and stops
constexpr float kSteerRate_rps = 2.0f;
constexpr float kEdgeProbe_m = 0.3f;  // the edge is this close ahead of the body

// The stick pulled back (more back than sideways) turns the creature round on the spot.
constexpr float kStickBack = -0.5f;
constexpr int kTurnRoundTicks = 24;
// A biped steps round foot by foot; more legs turn with a quick hop of every foot, their far feet too
// far from the pivot for a planted foot to stay put while the body turns.
constexpr float kBipedStagger = 0.45f, kManyLegsStagger = 0.12f;

// Whether the rail (the regions' edge) stops this body's footprint: the player's, unless it stands over the
// rail already (then it goes no further over: collide_walker).
bool rail_holds(const ActionCall& a) {
  const CreatureState& c = a.creature;
  return !c.wanders && !footprint_over_edges(*a.ctx.level, a.species.footprint, c.walker.heading_rad, c.walker.position_ws);
}

// Whether the body can turn from its heading by turn_rad, stepping away from what its turn sweeps
// into: every 7.5 degrees on the way its footprint clears with a small push from where the last left
// it, never through a wall (a long body between two walls cannot). *end_ws: where it ends up.
bool room_to_turn(const ActionCall& a, float turn_rad, glm::vec3* end_ws) {
  const WalkerState& w = a.creature.walker;
  const Level& level = *a.ctx.level;
  const bool edges = rail_holds(a);
  constexpr int kSteps = 24;
  constexpr float kStepPush_m = 0.1f, kTotalPush_m = 0.8f;
  glm::vec3 q = w.position_ws;
  float h_before = w.heading_rad;
  for (int k = 1; k <= kSteps; ++k) {
    const float h = w.heading_rad + turn_rad * static_cast<float>(k) / kSteps;
    const glm::vec3 was = q;
    resolve_footprint_collisions(level, a.species.footprint, h, &q, true, edges);
    const glm::vec3 push = q - was, total = q - w.position_ws;
    if (glm::dot(push, push) > kStepPush_m * kStepPush_m || glm::dot(total, total) > kTotalPush_m * kTotalPush_m ||
        footprint_depth(level, a.species.footprint, h, q, edges) > 1e-3f || !in_regions(level, q) ||
        footprint_swept_through(level, a.species.footprint, was, h_before, q, h, edges))
      return false;
    h_before = h;
  }
  *end_ws = q;
  return true;
}

// Starts a turn round when the stick is pulled back (not while it stays back): the way the stick
// leans, else the way with room, left first. True when one started.
bool start_turn_round(const ActionCall& a) {
  CreatureState& c = a.creature;
  const bool back = a.command.move_y < kStickBack && std::fabs(a.command.move_x) < -a.command.move_y;
  const bool pulled = back && c.walker.stick_back == 0;
  c.walker.stick_back = back ? 1 : 0;
  if (!pulled || pivoting(c.walker) || a.species.footprint.count == 0) return false;
  const float lean = a.command.move_x > 0.2f ? -1.0f : 1.0f;  // stick right turns right
  for (float side : {lean, -lean}) {
    const float turn = side * 3.14159265f;
    glm::vec3 end(0.0f);
    if (!room_to_turn(a, turn, &end)) continue;
    const LevelGround ground(a.ctx.level);
    int legs = 0;
    for (const LimbChain& l : a.species.rig->limbs) legs += l.tag == PartTag::kLeg ? 1 : 0;
    start_pivot(&c.walker, *a.species.walk_setup, *a.species.rig, turn, kTurnRoundTicks,
                legs == 2 ? kBipedStagger : kManyLegsStagger, end, &ground);
    return true;
  }
  return false;
}

// Held against the edge of the ground one may walk on (the level's regions) with the stick pushing on,
// the HUD says why it stops, once per press.
void say_at_the_edge(const ActionCall& a) {
  const CreatureState& c = a.creature;
  if (c.blocked_ticks != kEdgeSayTicks || a.command.move_y <= kStickMoves || a.ctx.level->regions.empty()) return;
  // The body stops as its footprint meets the edge: looked for beyond the footprint's reach.
  const float reach = (a.species.footprint.count > 0 ? a.species.footprint.bound_m : a.species.body_radius_m) + kEdgeProbe_m;
  if (!in_regions(*a.ctx.level, c.root_ws + heading_forward(c.heading_rad) * reach)) a.hud(kLocomotion, kAtTheEdge);
}

void step_walking(const ActionCall& a) {
  CreatureState& c = a.creature;
  start_turn_round(a);
  WalkCommand cmd;
  // Turning hard slows the run to a walk (fully at half the stick sideways): runs go mostly straight.
  const float straight = std::clamp((0.5f - std::fabs(a.command.move_x)) / 0.2f, 0.0f, 1.0f);
  float stick = std::max(0.0f, a.command.move_y);
  if (stick > kRunStickShare) stick = kRunStickShare + (stick - kRunStickShare) * straight;
  cmd.turn_rate_rps = -a.command.move_x * or_default(a.ctx.tuning.turn_rate_rps, 2.0f);  // stick right turns right
  const float heading_before = c.walker.heading_rad;
  const RetargetSetup& setup = *a.species.walk_setup;
  const float run_top = stick_speed(setup, 1.0f);
  const bool room = !(run_share(stick) > 0.0f || c.walker.speed_mps > stick_speed(setup, kRunStickShare)) ||
                    room_to_run(a, std::max(c.walker.speed_mps, run_top), cmd.turn_rate_rps);
  if (!room) stick = std::min(stick, kRunStickShare);
  cmd.speed_mps = stick_speed(setup, stick);  // past 80% the walk blends into a run
  const LevelGround ground(a.ctx.level);
  step_walker(&c.walker, cmd, setup, *a.species.rig, kTick_sf, gait_params(setup, stick, room ? c.walker.speed_mps : 0.0f),
              &ground);
  glm::vec3 p = c.walker.position_ws;
  bool hit = false;
  if (pivoting(c.walker) || c.walker.pivot_tick != 0) {
    // A turn round was planned clear of what is near (room_to_turn): pushed along the way it planned.
    const bool rail = !c.wanders && !footprint_over_edges(*a.ctx.level, a.species.footprint, heading_before, c.root_ws);
    hit = resolve_footprint_collisions(*a.ctx.level, a.species.footprint, c.walker.heading_rad, &p, true, rail);
    if (!in_regions(*a.ctx.level, p)) p = c.root_ws, hit = true;
    if (footprint_depth(*a.ctx.level, a.species.footprint, c.walker.heading_rad, p, rail) > 1e-3f) {
      c.walker.heading_rad = heading_before;  // something moved into its way: it stops turning here
      p = c.root_ws;
      stop_pivot_turn(&c.walker, setup, *a.species.rig, &ground);
    }
    c.walker.position_ws = p;
    hit = false;  // turning round beside a wall is not being blocked
  } else {
    const glm::vec3 stepped = p;
    // Walls and fences, then a ledge's face (a platform's top more than a step above the ground under the
    // body): a wall to the whole body, not only to its centre, so its head and flanks stay out of it.
    const float ledge_y = ground.at(c.root_ws.x, c.root_ws.z).y + kStepShareOfLeg * setup.creature_leg_length_m;
    auto collide = [&](float heading_from, glm::vec3* q) {
      const bool walls = collide_walker(*a.ctx.level, a.species, heading_from, c.root_ws, &c.walker, q, !c.wanders);
      return resolve_footprint_out_of_ledges(*a.ctx.level, a.species.footprint, c.walker.heading_rad, ledge_y, q) || walls;
    };
    hit = collide(heading_before, &p);
    // Pressed against a wall, the stick turning further into it does not turn the body past a slant
    // of kSlideSlant: it slides on along the wall, and turns again once past its end.
    const glm::vec3 push(p.x - stepped.x, 0.0f, p.z - stepped.z);
    const float push_len = glm::length(push);
    const float turned = wrap_angle(c.walker.heading_rad - heading_before);
    if (hit && push_len > 1e-4f && turned != 0.0f && a.species.footprint.count > 0) {
      const glm::vec3 n = push / push_len, fwd = heading_forward(c.walker.heading_rad);
      const glm::vec3 turning_to = heading_forward(c.walker.heading_rad + (turned > 0.0f ? 1.5707963f : -1.5707963f));
      if (-glm::dot(fwd, n) > std::sin(kSlideSlant_rad) && glm::dot(turning_to, n) < 0.0f) {
        c.walker.heading_rad = heading_before;
        c.walker.turn_rate_rps = 0.0f;
        p = stepped;
        collide(heading_before, &p);
      }
    }
    // Met at a steeper slant (short of head-on), the body turns along the wall to that slant and slides
    // on, as a walker does; its feet then step along the wall rather than into it.
    const glm::vec3 push2(p.x - stepped.x, 0.0f, p.z - stepped.z);
    const float push2_len = glm::length(push2);
    // Not along a wall with drain pipes: arms swinging past them would reach into them.
    bool pipes_near = false;
    for (const Wall& wall : a.ctx.level->walls)
      for (const Pipe& pipe : wall.pipes)
        pipes_near = pipes_near || std::sqrt(distance2_to_segment(p, pipe.a, pipe.b)) < a.species.footprint.bound_m + 1.0f;
    // A herd creature's brain steers its own way round (its goals); only a stick is turned along the wall.
    if (hit && push2_len > 1e-4f && a.species.footprint.count > 0 && !pipes_near && !c.wanders) {
      const glm::vec3 n = push2 / push2_len, fwd = heading_forward(c.walker.heading_rad);
      const float into = -glm::dot(fwd, n);  // sin of the slant into the wall
      if (into > std::sin(kSlideSlant_rad) && into < std::sin(kSteerUpTo_rad)) {
        const glm::vec3 along = fwd + n * into;  // the wall's direction nearest the heading
        const float delta = wrap_angle(std::atan2(along.x, along.z) - c.walker.heading_rad);
        const float want = delta - (delta > 0.0f ? kSlideSlant_rad : -kSlideSlant_rad);
        const float turn = std::clamp(want, -kSteerRate_rps * kTick_sf, kSteerRate_rps * kTick_sf);
        const float h0 = c.walker.heading_rad;
        c.walker.heading_rad = wrap_angle(h0 + turn);
        collide(h0, &p);
      }
    }
  }
  bool rounding = false;
  if (hit && !pivoting(c.walker) && c.walker.pivot_tick == 0 && a.species.footprint.count > 0 && !c.wanders)
    rounding = round_corner(*a.ctx.level, a.species, c.root_ws, c.walker.position_ws, &c.walker, &p, !c.wanders);
  // (from the ground under the body, not its height: a body straddling a ledge's edge sinks toward the
  // ground below, and one with its forefeet up on a ledge rises toward its top)
  const float here_y = ground.at(c.root_ws.x, c.root_ws.z).y;
  if (!hit && (ground_blocks(ground, glm::vec2(p.x, p.z), here_y, kStepShareOfLeg * setup.creature_leg_length_m,
                             kWalkableSlope_deg) ||
               ground_drops(ground, glm::vec2(c.root_ws.x, c.root_ws.z), glm::vec2(p.x, p.z),
                            kDropShareOfStep * kStepShareOfLeg * setup.creature_leg_length_m))) {
    hit = true;  // a step too high or ground too steep is a wall, and so is a ledge's edge
    p = c.root_ws;
  }
  keep_landings_clear(*a.ctx.level, *a.species.rig, &c.walker, c.walker.speed_mps <= kTurnOnTheSpot_mps,
                      hit || c.blocked_ticks > 0);
  if (hit) {
    // Into a wall head-on the body shuffles; at a slant it slides on along the wall at the share of
    // the step the wall leaves it (70% of the step or more keeps the whole speed).
    const glm::vec3 wanted = c.walker.position_ws - c.root_ws, got = p - c.root_ws;
    const float wanted2 = glm::dot(wanted, wanted);
    // (round a corner, the sideways step is the way on)
    const float kept = wanted2 > 1e-10f ? (rounding ? std::sqrt(glm::dot(got, got) / wanted2) : glm::dot(got, wanted) / wanted2)
                                        : 0.0f;
    const float share = std::clamp((kept - 0.3f) / 0.4f, 0.0f, 1.0f);
    c.walker.position_ws = p;
    c.walker.speed_mps = std::min(c.walker.speed_mps, 0.2f + share * std::max(0.0f, c.walker.speed_mps - 0.2f));
    hit = share < 1.0f;  // sliding freely along a wall is not being blocked
  }
  c.blocked_ticks = hit ? c.blocked_ticks + 1u : 0u;
  c.root_ws = c.walker.position_ws;
  c.heading_rad = wrap_angle(c.walker.heading_rad);
  c.speed_mps = c.walker.speed_mps;
  say_at_the_edge(a);
}

// Creatures that cannot walk (no legs) slide: speed along the heading, turn with the stick.
void step_sliding(const ActionCall& a) {
  CreatureState& c = a.creature;
  const SimTuning& t = a.ctx.tuning;
  c.heading_rad = wrap_angle(c.heading_rad - a.command.move_x * or_default(t.turn_rate_rps, 2.0f) * kTick_sf);
  c.speed_mps = approach(c.speed_mps, std::max(0.0f, a.command.move_y) * or_default(t.max_speed_mps, 1.4f),
                         or_default(t.accel_mps2, 4.0f) * kTick_sf);
  if (c.speed_mps > 0.0f) {
    glm::vec3 p = c.root_ws + heading_forward(c.heading_rad) * (c.speed_mps * kTick_sf);
    bool hit = resolve_circle_collisions(*a.ctx.level, a.species.body_radius_m, &p);
    if (!in_regions(*a.ctx.level, p)) {
      p = c.root_ws;
      hit = true;
    }
    c.blocked_ticks = hit ? c.blocked_ticks + 1u : 0u;
    c.root_ws = p;
  }
  say_at_the_edge(a);
}

}  // namespace

// How far a creature without legs is lowered so its lowest flesh rests on the ground (it is drawn at
// any height; with legs, the feet stand it on the ground through the rig's sole height).
float legless_drop_m(const Rig& rig) {
  for (const LimbChain& l : rig.limbs)
    if (l.tag == PartTag::kLeg) return 0.0f;
  const Skeleton& sk = rig.skeleton;
  if (sk.size() == 0) return 0.0f;
  float lowest = 1e9f;
  for (int b = 0; b < sk.size(); ++b) {
    const auto i = static_cast<std::size_t>(b);
    lowest = std::min(lowest, std::min(sk.head_ms[i].y, sk.tail_ms[i].y) - sk.radius[i]);
  }
  return lowest;
}

void pose_bind_at_root(const CreatureState& c, const Rig& rig, CreaturePose* pose) {
  const Skeleton& sk = rig.skeleton;
  const glm::vec3 lift(rig.cog.x, -rig.sole_height + legless_drop_m(rig), rig.cog.z);
  pose->model_to_world =
      glm::rotate(glm::translate(glm::mat4(1.0f), c.root_ws - lift), c.heading_rad, glm::vec3(0, 1, 0));
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

std::string LocomotionAction::hud_text(int code, const CreatureState&, const PreparedAction&) const {
  return code == kAtTheEdge ? "The edge of the field: no way on" : std::string();
}

void LocomotionAction::step(const ActionCall& call) const {
  if (call.species.walks()) {
    step_walking(call);
  } else {
    step_sliding(call);
  }
}

bool LocomotionAction::pose(const PoseCall& call) const {
  const Species& sp = call.species;
  const LevelGround ground(call.ctx.level);
  if (sp.walks() && pose_walker(call.creature.walker, *sp.walk_setup, *sp.rig, *sp.walk_clip, call.out, &ground)) {
    return true;
  }
  pose_bind_at_root(call.creature, *sp.rig, call.out);
  return false;
}

// A footstep for every foot whose stance started this tick, where it planted, pitched by the legs'
// length and weighted by the body and the walk's speed. Only on ticks the walker stepped (a walker
// just made, after a vault's landing, starts with every foot planted: the landing is the vault's sound).
void LocomotionAction::sounds(const SoundCall& call, SoundEvents* out) const {
  const WalkerState& was = call.before.walker;
  const WalkerState& now = call.after.walker;
  if (!call.species.walks() || now.tick != was.tick + 1) return;
  const CreatureSize size = creature_size(*call.species.rig);
  const float pace = std::min(1.5f, now.speed_mps / std::max(0.05f, natural_speed(*call.species.walk_setup)));
  const float loudness = std::clamp(0.22f * size.weight() * (0.6f + 0.4f * pace), 0.05f, 1.0f);
  for (int i = 0; i < now.leg_count && i < kMaxLegs; ++i) {
    const auto leg = static_cast<std::size_t>(i);
    if (!now.feet[leg].planted || was.feet[leg].planted) continue;
    SoundEvent e;
    e.kind = SoundKind::kFootstep;
    e.position_ws = now.feet[leg].plant_ws;
    e.loudness = loudness;
    e.pitch = size.pitch();
    e.creature = static_cast<std::int16_t>(call.index);
    e.limb = static_cast<std::int8_t>(i);
    out->push(e);
  }
}

void LocomotionAction::hash(const CreatureState& c, StateHasher* h) const {
  h->u32(c.blocked_ticks);
  if (c.queued_request != kNoAction) {  // only when one waits, so runs without hash as they always did
    h->u8(0x71);
    h->u8(c.queued_request);
  }
  hash_walker(c.walker, h);
}

void LocomotionAction::describe(const CreatureState& c, Json* j) const { (*j)["blocked_ticks"] = c.blocked_ticks; }

void LocomotionAction::debug_rows(const DebugRowsCall& call, std::vector<DebugRow>* rows) const {
  const WalkerState& w = call.creature.walker;
  char line[128];
  std::snprintf(line, sizeof line, "gait phase %.3f  cadence %.2f Hz  speed %.2f m/s", w.gait_phase, w.cadence_hz,
                w.speed_mps);
  rows->push_back({DebugRow::Style::kNormal, line});
  rows->push_back({DebugRow::Style::kDisabled, "limb   phase  contact  IK reach  IK error"});
  const Rig& rig = call.rig;
  for (std::size_t l = 0; l < rig.limbs.size() && l < call.pose.limbs.size(); ++l) {
    const LimbPose& lp = call.pose.limbs[l];
    const bool leg = rig.limbs[l].tag == PartTag::kLeg;
    const bool planted = leg && static_cast<int>(l) < w.leg_count ? w.feet[l].planted : lp.contact;
    std::snprintf(line, sizeof line, "%s %zu  %5.2f  %-7s  %-8s  %5.1f mm", leg ? "leg" : "arm", l, lp.phase,
                  planted ? "stance" : "swing", lp.reached ? "reached" : "short", lp.ik_error_m * 1000.0f);
    rows->push_back({DebugRow::Style::kNormal, line});
  }
}

}  // namespace cf
