// The natural wrong things, clip by clip: every shipped creature on every shipped level driven into
// and along each wall at 30 and 60 degrees, hugging each wall round its end, turned round beside it
// with the stick pulled back, ahead from the spawn then turning hard (between two close walls on
// fence_walls_both), turning on the spot beside each wall, orbiting the camera
// while walking beside a wall, pressing A touching each fence from both sides, and vaulting a fence
// and back. No run may give a clip event; the camera keeps at least 1.5 m (or twice the footprint)
// from the creature every tick and stays 35 degrees short of looking straight down (it rises to 52
// degrees at most: following a vault, or short of room until it has swung round; otherwise 29, the
// horizon in view).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "game/play/actions/clip_action.h"
#include "game/play/actions/vault_action.h"
#include "game/play/camera.h"
#include "game/session/clip_run.h"
#include "game_test_util.h"
#include "math/angles.h"
#include "world/clearance.h"
#include "world/footprint.h"
#include "world/movement_collision.h"
#include "world/penetration.h"

namespace cf {
namespace {

const char* const kCreatures[] = {"biped", "biped_arms_tail", "hexapod", "octopod", "quadruped", "strider", "stubby"};
const char* const kLevels[] = {"default",          "fence_region", "fence_wall_left",         "fence_wall_right",
                               "fence_walls_both", "open_ground",  "wall_pipes_virtual_plane"};

PadScript::Step hold(std::uint64_t ticks, float lx, float ly, std::uint32_t buttons = 0, float rx = 0.0f) {
  PadScript::Step s;
  s.ticks = ticks;
  s.frame.left_x = static_cast<std::int16_t>(lx * 32767.0f);
  s.frame.left_y = static_cast<std::int16_t>(ly * 32767.0f);
  s.frame.right_x = static_cast<std::int16_t>(rx * 32767.0f);
  s.frame.buttons = buttons;
  return s;
}

float heading_of(glm::vec3 d) { return std::atan2(d.x, d.z); }

// Walked up to what the creature faces (walk_ticks, 0: already there), then every emote in turn, each
// let play out (greet 2.2 s, roar 1.9 s, dance 4 s), then the sit, stood up from by the stick walking
// on into it.
std::vector<PadScript::Step> every_emote(std::uint64_t walk_ticks) {
  std::vector<PadScript::Step> s = {hold(10, 0, 0)};
  if (walk_ticks > 0) s.insert(s.end(), {hold(walk_ticks, 0, 1), hold(20, 0, 0)});
  s.insert(s.end(), {hold(2, 0, 0, kButtonDpadUp), hold(200, 0, 0), hold(2, 0, 0, kButtonDpadRight), hold(160, 0, 0),
                     hold(2, 0, 0, kButtonDpadLeft), hold(280, 0, 0), hold(2, 0, 0, kButtonDpadDown), hold(200, 0, 0),
                     hold(60, 0, 1)});
  return s;
}

// Where a run starts: 'touch' starts are moved out of the walls and fences by the creature's own
// footprint (so it stands touching them), the others by its body circle.
struct Scenario {
  std::string name;
  glm::vec3 start{0.0f};
  float heading_rad = 0.0f;
  bool touch = false;
  std::vector<PadScript::Step> steps;
  glm::vec3 away{0.0f};  // touch starts: the direction out from what they touch
  bool from_far = false;  // touch starts: walked in from clear ground (fences)
  bool whole_body = false;  // run only where the whole footprint stands clear at the start (not across a passage)
};

std::vector<Scenario> adversarial(const Level& lv) {
  std::vector<Scenario> out;
  const glm::vec3 spawn = lv.spawn;
  for (std::size_t i = 0; i < lv.walls.size(); ++i) {
    const Box& b = lv.walls[i].box;
    const bool thin_x = b.half_extents.x < b.half_extents.z;
    glm::vec3 n = thin_x ? b.axis_x() : b.axis_z();
    if (glm::dot(spawn - b.centre, n) < 0.0f) n = -n;
    const glm::vec3 along = thin_x ? b.axis_z() : b.axis_x();
    const float half_t = thin_x ? b.half_extents.x : b.half_extents.z, half_l = thin_x ? b.half_extents.z : b.half_extents.x;
    const glm::vec3 face = glm::vec3(b.centre.x, 0.0f, b.centre.z) + n * half_t;
    const std::string w = "wall " + std::to_string(i);
    for (float deg : {30.0f, 60.0f}) {
      const float a = deg * kDegToRad;
      const glm::vec3 dir = along * std::cos(a) - n * std::sin(a);
      // Starts so that the line meets the face a little past the wall's first third.
      const glm::vec3 hit = face - along * (0.3f * half_l);
      const float run = 1.8f;
      out.push_back({w + " into at " + std::to_string(static_cast<int>(deg)) + " deg", hit - dir * run, heading_of(dir),
                     false, {hold(10, 0, 0), hold(300, 0, 1)}});
    }
    const glm::vec3 along_start = face - along * (half_l - 0.4f);
    out.push_back({w + " along, orbiting", along_start, heading_of(along), true,
                   {hold(10, 0, 0), hold(150, 0, 1, 0, 1.0f), hold(150, 0, 1, 0, -1.0f)}, n});
    // Beside the wall where no fence is near (a fence may stand against part of it).
    glm::vec3 beside = face;
    for (float off : {0.0f, 0.5f, -0.5f, 0.8f, -0.8f}) {
      const glm::vec3 q = face + along * (off * half_l);
      bool near_fence = false;
      for (const Box& f : lv.fences) near_fence |= distance_to_footprint(f, q) < 1.2f;
      if (!near_fence) {
        beside = q;
        break;
      }
    }
    out.push_back({w + " turn on the spot", beside, heading_of(along), true,
                   {hold(10, 0, 0), hold(200, 1, 0), hold(120, -1, 0), hold(30, 0, 0)}, n});
    // Hugging the wall to its end and round it: walked along it from 1.5 m before its end with the stick
    // leaning towards it (the slide along it, then the turn round the end), and turned round beside it
    // with the stick pulled back, then walked off and turned round again.
    const glm::vec3 left = heading_forward(heading_of(along) + 0.5f * kPi);
    const float towards = glm::dot(left, -n) > 0.0f ? -1.0f : 1.0f;  // stick x turning towards the wall
    out.push_back({w + " hugged round its end", face + along * (half_l - 1.5f), heading_of(along), true,
                   {hold(10, 0, 0), hold(150, 0.3f * towards, 0.9f), hold(150, 0.6f * towards, 0.7f)}, n, false,
                   true});  // not from a start straddling a fence beside the wall
    out.push_back({w + " turned round beside it", beside, heading_of(along), true,
                   {hold(10, 0, 0), hold(20, 0, -1), hold(20, 0, 0), hold(50, 0, 1), hold(20, 0.3f, -1),
                    hold(40, 0, 0)}, n});
    // Walked up to the wall as a player would (a place beside it computed by the footprint alone can
    // leave flesh in it), then every emote.
    out.push_back({w + " emotes facing it", beside + n * 1.2f, heading_of(-n), false, every_emote(100), {}, false, true});
  }
  // From the spawn (between close walls on some levels): ahead, then turning hard either way; and the
  // stick pulled back at once.
  for (float side : {-1.0f, 1.0f})
    out.push_back({std::string("spawn ahead then turning ") + (side < 0 ? "left" : "right"), spawn,
                   lv.spawn_heading_deg * kDegToRad, false, {hold(10, 0, 0), hold(60, 0, 1), hold(150, side, 0.6f)}});
  out.push_back({"spawn turned round", spawn, lv.spawn_heading_deg * kDegToRad, false,
                 {hold(10, 0, 0), hold(25, 0, -1), hold(60, 0, 1), hold(25, -0.3f, -1), hold(30, 0, 0)}});
  for (std::size_t i = 0; i < lv.fences.size(); ++i) {
    const Box& f = lv.fences[i];
    for (float side : {1.0f, -1.0f}) {
      const glm::vec3 n = f.axis_z() * side;
      const glm::vec3 face = glm::vec3(f.centre.x, 0.0f, f.centre.z) + n * f.half_extents.z;
      const std::string fn = "fence " + std::to_string(i) + (side > 0 ? " +z" : " -z");
      out.push_back({fn + " A touching", face, heading_of(-n), true,
                     {hold(10, 0, 0), hold(2, 0, 0, kButtonA), hold(420, 0, 0), hold(60, 0, 1)}, n, true});
      out.push_back({fn + " emotes touching", face, heading_of(-n), true, every_emote(0), n, true});
    }
    glm::vec3 n = f.axis_z();
    if (glm::dot(spawn - f.centre, n) < 0.0f) n = -n;
    const glm::vec3 start = glm::vec3(f.centre.x, 0.0f, f.centre.z) + n * (f.half_extents.z + 1.6f);
    // Vault, turn round (about half a turn at the stick's 2 rad/s), vault back.
    out.push_back({"fence " + std::to_string(i) + " vault and back", start, heading_of(-n), false,
                   {hold(10, 0, 0), hold(2, 0, 0, kButtonA), hold(360, 0, 0), hold(94, 1, 0), hold(30, 0, 0),
                    hold(2, 0, 0, kButtonA), hold(420, 0, 0), hold(40, 0, 1)}});
  }
  return out;
}

struct Outcome {
  int clips = 0;
  ClipEvent deepest;
  float min_camera_m = 1e9f;
  float max_pitch_rad = -1e9f;
  int emotes_possible = 0;  // of sit, greet, roar and dance, those the body has
  int emotes_played = 0;    // and of those, the ones that played
  std::string not_played;   // the others, by name
};

// The camera's distance bound for a creature (orbit_stop_m's rule with the 1.5 m floor) and
// how far short of straight down its pitch must stay.
constexpr float kCameraFloorM = 1.5f;
constexpr float kPitchMarginRad = 35.0f * kDegToRad;

Outcome run_one(const Scene& base, const Species& sp, const Scenario& sc, bool* started) {
  Scene scene = base;
  glm::vec3 p = sc.start;
  if (sc.touch && sp.footprint.count > 0) {
    // Fences: walked in from clear ground until the footprint touches (coming out from a fence could
    // find a place straddling it). Walls: moved out from the face to the first clear place (a wall's
    // other side may be another wall, as in a passage).
    bool clear = false;
    if (sc.from_far) {
      for (float d = sp.footprint.bound_m + 0.3f; d >= 0.0f; d -= 0.01f) {
        glm::vec3 q = sc.start + sc.away * d;
        if (resolve_footprint_collisions(scene.level, sp.footprint, sc.heading_rad, &q)) break;
        p = q;
        clear = true;
      }
    }
    for (float d = 0.0f; d <= 1.5f && !clear; d += 0.01f) {
      glm::vec3 q = sc.start + sc.away * d;
      if (!resolve_footprint_collisions(scene.level, sp.footprint, sc.heading_rad, &q)) {
        p = q;
        clear = true;
      }
    }
    if (!clear) resolve_footprint_collisions(scene.level, sp.footprint, sc.heading_rad, &p);
  } else {
    resolve_circle_collisions(scene.level, sp.body_radius_m, &p);
  }
  Outcome o;
  glm::vec3 whole = p;
  *started = in_regions(scene.level, p) &&
             !(sc.whole_body && sp.footprint.count > 0 &&
               resolve_footprint_collisions(scene.level, sp.footprint, sc.heading_rad, &whole));
  if (!*started) return o;
  scene.level.spawn = p;
  scene.level.spawn_heading_deg = sc.heading_rad * kRadToDeg;
  Session s;
  s.start(std::move(scene), 1);
  const PadScript script(sc.steps);
  for (std::uint64_t t = 0; t < script.total_ticks(); ++t) {
    if (!s.tick(scripted_frame(script, s.state().tick))) break;
    const ClipWatch& w = s.clips();
    for (int k = 0; k < w.count(); ++k) {
      const ClipEvent& e = w.events()[k];
      if (o.clips++ == 0 || e.depth_m > o.deepest.depth_m) o.deepest = e;
      if (std::getenv("CF_GRID_TRACE")) {
        const CreatureState& c = s.state().player();
        const VaultActionState& v = vault_of(c);
        std::printf("clip tick %llu bone %d depth %.3f action %d vault %s tick %d approaching %d at %.2f %.2f heading %.1f\n",
                    static_cast<unsigned long long>(e.tick), e.bone, e.depth_m, s.registry().current(c),
                    to_string(v.vault.phase), v.vault.tick, v.approaching, c.root_ws.x, c.root_ws.z, c.heading_rad * kRadToDeg);
      }
    }
    const float height = s.runtime().pose(0).cog_ws.y - s.scene().level.ground_y;
    const CameraPose cam = camera_pose(s.state(), s.scene().level, height);
    const glm::vec3 to_eye = cam.eye_ws - cam.target_ws;
    o.min_camera_m = std::min(o.min_camera_m, glm::length(to_eye));
    o.max_pitch_rad = std::max(o.max_pitch_rad, std::asin(std::clamp(to_eye.y / std::max(glm::length(to_eye), 1e-6f), -1.0f, 1.0f)));
  }
  for (const ActionBinding& b : game_actions().bindings()) {  // the d-pad's library motions
    if (b.motion == kNoMotion) continue;
    const std::string& name = clip_action().library()[b.motion].name;
    if (!fitted_motion(s.context().species[0], name)) continue;
    ++o.emotes_possible;
    if (clip_play_of(s.state().player(), name).plays > 0) ++o.emotes_played;
    else o.not_played += " " + name;
  }
  return o;
}

struct Pair {
  const char* creature;
  const char* level;
};
std::vector<Pair> pairs() {
  std::vector<Pair> out;
  for (const char* c : kCreatures)
    for (const char* l : kLevels) out.push_back({c, l});
  return out;
}

class AdversarialClipGrid : public ::testing::TestWithParam<Pair> {};

TEST_P(AdversarialClipGrid, NaturalWrongThingsGiveNoClipsAndTheCameraKeepsTheHorizon) {
  const Pair pr = GetParam();
  Result<Scene> base = load_scene(std::string(CF_ASSETS_DIR) + "/creatures/" + pr.creature + ".json",
                                  std::string(CF_ASSETS_DIR) + "/levels/" + pr.level + ".json");
  ASSERT_TRUE(base.ok()) << base.error().to_string();
  const Species sp = make_species(*base);
  const Skeleton& sk = base->rig.skeleton;
  const float bound = std::max(kCameraFloorM, 2.0f * sp.footprint.bound_m);
  int runs = 0, camera_short = 0;
  for (const Scenario& sc : adversarial(base->level)) {
    bool started = false;
    const Outcome o = run_one(*base, sp, sc, &started);
    if (!started) {
      std::printf("[adversarial grid] %s %s: start outside the movable ground or too narrow, not run: %s\n", pr.creature, pr.level,
                  sc.name.c_str());
      continue;
    }
    ++runs;
    const std::string where = std::string(pr.creature) + "|" + pr.level + "|" + sc.name;
    EXPECT_EQ(o.clips, 0) << where << ": deepest " << o.deepest.depth_m * 100.0f << " cm ("
                          << to_string(o.deepest.obstacle) << " " << o.deepest.index << ", "
                          << sk.names[static_cast<std::size_t>(std::max(o.deepest.bone, 0))] << " at tick "
                          << o.deepest.tick << ")";
    // An emote beside a wall or fence is played (kept clear of it), never refused or skipped.
    if (sc.name.find("emotes") != std::string::npos) {
      EXPECT_GT(o.emotes_possible, 0) << where;
      EXPECT_EQ(o.emotes_played, o.emotes_possible) << where << ": not played:" << o.not_played;
    }
    if (o.min_camera_m < bound) ++camera_short;
    EXPECT_GE(o.min_camera_m, bound) << where << ": the camera came to " << o.min_camera_m << " m";
    EXPECT_LE(o.max_pitch_rad, 0.5f * kPi - kPitchMarginRad) << where << ": pitch " << o.max_pitch_rad * kRadToDeg
                                                          << " deg";
    std::printf("[adversarial grid] %s|%s|%s: %d clips, camera >= %.2f m, pitch <= %.0f deg\n", pr.creature, pr.level,
                sc.name.c_str(), o.clips, o.min_camera_m, o.max_pitch_rad * kRadToDeg);
  }
  std::printf("[adversarial grid] %s|%s: %d runs, camera nearer than %.2f m in %d\n", pr.creature, pr.level, runs,
              bound, camera_short);
  EXPECT_GE(runs, 1);  // every level has a wall or a fence the scripts start from
}

// A pressed touching the fence: the creature backs up along its line and vaults, never turning round
// on the spot (it used to spin about 353 degrees first, 164 ticks for the biped).
TEST(AtTheFence, APressedTouchingTheFenceVaultsWithoutTurningRound) {
  for (const char* creature : kCreatures) {
    Result<Scene> base = load_scene(std::string(CF_ASSETS_DIR) + "/creatures/" + creature + ".json",
                                    std::string(CF_ASSETS_DIR) + "/levels/open_ground.json");
    ASSERT_TRUE(base.ok());
    const Species sp = make_species(*base);
    if (sp.footprint.count == 0 || !vault_motion(sp)) continue;  // cannot vault
    const Box& f = base->level.fences[0];
    Scene scene = *base;
    const glm::vec3 n = -f.axis_z();  // the spawn's side
    glm::vec3 p(0.0f);
    // Walked in from clear ground until it touches (coming out from the fence could find a place
    // straddling it, a small circle wholly beyond).
    for (float d = sp.footprint.bound_m + 0.3f; d >= 0.0f; d -= 0.01f) {
      glm::vec3 q = glm::vec3(f.centre.x, 0.0f, f.centre.z) + n * (f.half_extents.z + d);
      if (resolve_footprint_collisions(scene.level, sp.footprint, 0.0f, &q)) break;
      p = q;
    }
    scene.level.spawn = p;
    scene.level.spawn_heading_deg = 0.0f;
    Session s;
    s.start(std::move(scene), 1);
    InputFrame a;
    a.buttons = a.pressed = kButtonA;
    s.tick(a);
    float turned = 0.0f, before = s.state().player().heading_rad;
    int approach_ticks = 0;
    for (int t = 0; t < 600 && vault_of(s.state().player()).vaults_played == 0; ++t) {
      s.tick(InputFrame{});
      const float h = s.state().player().heading_rad;
      turned += std::fabs(wrap_angle(h - before));
      before = h;
      approach_ticks += vault_of(s.state().player()).approaching ? 1 : 0;
    }
    EXPECT_EQ(vault_of(s.state().player()).vaults_played, 1u) << creature;
    EXPECT_LT(turned, 30.0f * kDegToRad) << creature << ": turned " << turned * kRadToDeg << " deg";
    EXPECT_LT(approach_ticks, 90) << creature;  // a short step back, not a loop
    std::printf("[at the fence] %s: approach %d ticks, turned %.1f deg\n", creature, approach_ticks, turned * kRadToDeg);
  }
}

INSTANTIATE_TEST_SUITE_P(ShippedCreaturesAndLevels, AdversarialClipGrid, ::testing::ValuesIn(pairs()),
                         [](const ::testing::TestParamInfo<Pair>& i) {
                           return std::string(i.param.creature) + "_" + i.param.level;
                         });

}  // namespace
}  // namespace cf

namespace cf {
namespace {

// The quadruped greets by lifting a foreleg forward; touching a fence it lifts it straight up (or
// drawn back) instead: the foot rises as high as in the open and never enters the fence (it went
// 6 cm in before, walked up to fence_wall_right's fence).
TEST(AtTheFence, AGreetingForelegRisesClearOfTheFenceItTouches) {
  Result<Scene> base = load_scene(std::string(CF_ASSETS_DIR) + "/creatures/quadruped.json",
                                  std::string(CF_ASSETS_DIR) + "/levels/fence_wall_right.json");
  ASSERT_TRUE(base.ok());
  const Species sp = make_species(*base);
  const EmoteMotion* greet = fitted_motion(sp, "greet");
  ASSERT_NE(greet, nullptr);
  ASSERT_EQ(greet->variant, EmoteVariant::kLiftForeleg);
  // The foreleg's highest rise in a greet begun after walk_ticks of walking ahead (0: at the spawn,
  // 3 m from the fence), the toe's distance to the fence when it begins, and the clip events.
  struct Greeting {
    float rise = 0.0f, toe_to_fence = 0.0f;
    int clips = 0;
  };
  auto greet_after = [&](int walk_ticks) {
    Greeting g;
    Session s;
    s.start(*base, 1);
    for (int t = 0; t < walk_ticks + 30; ++t) s.tick(t >= 10 && t < 10 + walk_ticks ? test::stick(0.0f, 1.0f) : InputFrame{});
    const LimbChain& leg = s.scene().rig.limbs[static_cast<std::size_t>(greet->lift_leg)];
    const auto ankle = static_cast<std::size_t>(leg.bones[1]);
    const auto toe = static_cast<std::size_t>(leg.bones[2] >= 0 ? leg.bones[2] : leg.bones[1]);
    g.toe_to_fence = box_signed_distance(s.scene().level.fences[0], s.runtime().pose(0).tail_ws[toe]);
    const float planted = s.runtime().pose(0).tail_ws[ankle].y;
    InputFrame up;
    up.buttons = up.pressed = kButtonDpadUp;
    s.tick(up);
    for (int t = 0; t < 200; ++t) {
      s.tick(InputFrame{});
      g.rise = std::max(g.rise, s.runtime().pose(0).tail_ws[ankle].y - planted);
      g.clips += s.clips().count();
    }
    EXPECT_EQ(clip_play_of(s.state().player(), "greet").plays, 1u);
    return g;
  };
  const Greeting open = greet_after(0), at_fence = greet_after(100);
  EXPECT_GT(open.toe_to_fence, 1.0f);
  EXPECT_LT(at_fence.toe_to_fence, 0.25f) << "the walk did not bring the forefoot near the fence";
  EXPECT_EQ(open.clips, 0);
  EXPECT_EQ(at_fence.clips, 0);
  // As high as in the open: turned up instead of cut short (cutting the motion's share alone: 70%).
  EXPECT_GT(at_fence.rise, 0.9f * open.rise) << at_fence.rise << " m at the fence, " << open.rise << " m in the open";
  std::printf("[at the fence] quadruped greeting: foreleg rose %.3f m in the open, %.3f m with its toe %.2f m from the "
              "fence, %d clips\n", open.rise, at_fence.rise, at_fence.toe_to_fence, at_fence.clips);
}

}  // namespace
}  // namespace cf
