// The ghost beside the player: a creature of its own world, posed by its own runtime, drawn
// see-through the console way without blending: pale, unlit, screen-door dithered like a herd
// creature that stands in front of the player.
#include "game/view/player_focus.h"
#include "game/view/view.h"

namespace cf {

void View::set_ghost(const Scene* scene, const WorldRuntime* runtime, float alpha) {
  ghost_runtime_ = scene ? runtime : nullptr;
  ghost_alpha_ = alpha;
  if (scene == ghost_scene_ && (!scene || scene->identity == ghost_identity_)) return;
  ghost_scene_ = scene;
  ghost_identity_ = scene ? scene->identity : 0;
  ghost_skinned_ = false;
  if (!scene) return;
  CreaturePose bind;
  bind.resize(scene->rig);
  ghost_inv_bind_.resize(bind.bind_ms.size());
  invert_bind_matrices(bind.bind_ms, ghost_inv_bind_);
  ghost_flesh_ = build_flesh(scene->rig.skeleton, SkinOptions{});
  if (!ghost_flesh_.skinned) return;
  ghost_skin_.resize_for(ghost_flesh_.skin);
  ghost_skinned_ = true;
}

void View::add_ghost_mesh(const glm::mat4& camera_view) {
  if (!ghost_runtime_ || !ghost_skinned_) return;
  blend_poses(ghost_runtime_->previous_pose(0), ghost_runtime_->pose(0), ghost_alpha_, &ghost_pose_);
  // Faded near the camera or the player, gone over the finish screen.
  const glm::vec3 camera_ws = glm::vec3(glm::inverse(camera_view)[3]);
  const glm::vec3 player_ws = poses_.empty() ? ghost_pose_.cog_ws : poses_.front().cog_ws;
  const std::uint8_t a = ghost_alpha(ghost_pose_.cog_ws, camera_ws, player_ws,
                                     trial_ && trial_->phase == TrialRun::Phase::kFinished);
  if (a == 0) return;
  if (!skin_with_palette(ghost_flesh_.skin, ghost_pose_.bone_ms, ghost_inv_bind_, &ghost_skin_)) return;
  MeshInput m;
  m.positions_ms = ghost_skin_.positions_ms.data();
  m.normals_ms = ghost_skin_.normals_ms.data();
  m.vertex_count = ghost_flesh_.skin.mesh.vertex_count();
  m.indices = ghost_flesh_.skin.mesh.indices.data();
  m.index_count = static_cast<int>(ghost_flesh_.skin.mesh.indices.size());
  m.model_to_world = ghost_pose_.model_to_world;
  m.color = Rgba8{150, 210, 255, a};  // every other pixel dithered away (three of four when faded)
  m.unlit = true;
  meshes_.push_back(m);
}

}  // namespace cf
