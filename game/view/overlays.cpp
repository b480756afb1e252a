// The view's debug overlays: bones, joints, the cog, IK targets, the walker's control points, each
// action's own lines (a vault's reference line), wall planes and movable regions.
#include <algorithm>

#include "game/play/action.h"
#include "game/play/world_runtime.h"
#include "game/view/view.h"
#include "world/level.h"

namespace cf {

void View::add_pose_overlays(const CreatureState& c, const CreaturePose& pose, const WorldRuntime& runtime,
                             int creature) {
  const ActionRegistry& actions = scene_->actions_for ? *scene_->actions_for : game_actions();
  const Scene& sc = *scene_;
  const float ground = sc.level.ground_y;
  const Rgba8 white{255, 255, 255, 255}, yellow{255, 230, 40, 255}, red{255, 60, 60, 255};
  const Rgba8 violet{200, 120, 255, 255}, orange{255, 150, 40, 255};
  for (std::size_t b = 0; b < pose.head_ws.size(); ++b) {
    lines_.push_back({pose.head_ws[b], pose.tail_ws[b], bone_debug_color(static_cast<int>(b)), kOverlayBones});
    points_.push_back({pose.head_ws[b], white, kOverlayJoints, 0});
  }
  const glm::vec3 cog = pose.cog_ws;
  lines_.push_back({cog, glm::vec3(cog.x, ground, cog.z), yellow, kOverlayCog});
  points_.push_back({cog, yellow, kOverlayCog, 3});
  for (const LimbPose& l : pose.limbs) {
    if (l.root_ms == l.target_ms) continue;  // not posed
    points_.push_back({l.target_ws, l.contact ? red : orange, kOverlayIkTargets, 3});
    const glm::vec3 root_ws = glm::vec3(pose.model_to_world * glm::vec4(l.root_ms, 1.0f));
    const glm::vec3 pole_ws = glm::vec3(pose.model_to_world * glm::vec4(l.pole_ms, 0.0f));
    lines_.push_back({root_ws, root_ws + pole_ws * 0.15f, orange, kOverlayIkTargets});
  }
  // Motion control points: where the walker plants and aims each foot.
  const bool walking = actions.posing(c) == nullptr;
  for (int i = 0; i < c.walker.leg_count && walking; ++i) {
    const FootState& f = c.walker.feet[static_cast<std::size_t>(i)];
    points_.push_back({f.plant_ws, violet, kOverlayControlPoints, 2});
    if (!f.planted) lines_.push_back({f.plant_ws, f.goal_ws, violet, kOverlayControlPoints});
  }
  // Each action's own lines (a vault's reference line).
  for (ActionId a = 1; a < actions.size(); ++a) actions[a].overlays(c, runtime.held_runtime(creature, a), &lines_);
}

void View::add_level_overlays(const Level& lv) {
  for (const Wall& w : lv.walls) {
    if (!w.has_virtual_plane) continue;
    const glm::vec3 n = w.plane_normal, along(-n.z, 0.0f, n.x);
    const glm::vec3 p = w.plane_point, up(0.0f, w.box.top_y() - lv.ground_y, 0.0f);
    const float half = std::max(w.box.half_extents.x, w.box.half_extents.z);
    const glm::vec3 a = glm::vec3(p.x, lv.ground_y, p.z) - along * half, b = a + along * (2.0f * half);
    const Rgba8 cyan{60, 230, 255, 255};
    lines_.push_back({a, a + up, cyan, kOverlayVirtualPlanes});
    lines_.push_back({a + up, b + up, cyan, kOverlayVirtualPlanes});
    lines_.push_back({b + up, b, cyan, kOverlayVirtualPlanes});
  }
  for (const Region& r : lv.regions) {
    for (std::size_t i = 0; i < r.points_xz.size(); ++i) {
      const glm::vec2 a = r.points_xz[i], b = r.points_xz[(i + 1) % r.points_xz.size()];
      lines_.push_back({{a.x, lv.ground_y + 0.01f, a.y}, {b.x, lv.ground_y + 0.01f, b.y}, Rgba8{80, 255, 120, 255},
                        kOverlayRegions});
    }
  }
}

}  // namespace cf
