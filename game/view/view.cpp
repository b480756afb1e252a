#include "game/view/view.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "game/play/befriend.h"
#include "game/play/camera.h"
#include "game/session/motion_menu.h"
#include "game/view/player_focus.h"
#include "math/angles.h"
#include "retarget/walker.h"
#include "world/ground_query.h"

namespace cf {

namespace {

glm::mat4 place(const glm::vec3& pos_ws, float yaw_rad) {
  return glm::rotate(glm::translate(glm::mat4(1.0f), pos_ws), yaw_rad, glm::vec3(0, 1, 0));
}

// Appends a sphere mesh translated to c into m.
void append_sphere(MeshData* m, const MeshData& sphere, const glm::vec3& c) {
  const auto base = static_cast<std::uint32_t>(m->positions_ms.size());
  for (const glm::vec3& p : sphere.positions_ms) m->positions_ms.push_back(p + c);
  m->normals_ms.insert(m->normals_ms.end(), sphere.normals_ms.begin(), sphere.normals_ms.end());
  m->uvs.insert(m->uvs.end(), sphere.uvs.begin(), sphere.uvs.end());
  for (std::uint32_t i : sphere.indices) m->indices.push_back(base + i);
}

// Fallback flesh when skinning cannot be built: overlapping spheres along every stroke.
MeshData creature_blob_mesh(const Creature& c) {
  MeshData m;
  for (const Part& part : c.parts) {
    const MeshData sphere = make_sphere_mesh(part.radius, 5, 8);
    const float spacing = std::max(part.radius * 0.9f, 0.01f);
    for (std::size_t i = 0; i + 1 < part.stroke.size(); ++i) {
      const glm::vec3 a = part.stroke[i], b = part.stroke[i + 1];
      const int n = std::max(1, static_cast<int>(std::ceil(glm::length(b - a) / spacing)));
      for (int k = 0; k < n; ++k) append_sphere(&m, sphere, a + (b - a) * (static_cast<float>(k) / n));
    }
    if (!part.stroke.empty()) append_sphere(&m, sphere, part.stroke.back());
  }
  return m;
}

}  // namespace

MeshInput bind_flesh_input(const SkinMesh& m, TextureId texture) {
  MeshInput in;
  in.positions_ms = m.positions_ms.data();
  in.normals_ms = m.normals_ms.data();
  in.uvs = m.uvs.data();
  in.vertex_count = m.vertex_count();
  in.indices = m.indices.data();
  in.index_count = static_cast<int>(m.indices.size());
  in.texture = texture;
  return in;
}

SimState blend_for_drawing(const SimState& prev, const SimState& cur, float alpha) {
  SimState s = cur;
  const float t = std::clamp(alpha, 0.0f, 1.0f);
  for (int i = 0; i < std::min(prev.creature_count, cur.creature_count); ++i) {
    const CreatureState& p = prev.creatures[static_cast<std::size_t>(i)];
    const CreatureState& c = cur.creatures[static_cast<std::size_t>(i)];
    CreatureState& o = s.creatures[static_cast<std::size_t>(i)];
    o.root_ws = p.root_ws + (c.root_ws - p.root_ws) * t;
    o.heading_rad = lerp_angle(p.heading_rad, c.heading_rad, t);
    o.look_yaw_rad = p.look_yaw_rad + (c.look_yaw_rad - p.look_yaw_rad) * t;
  }
  s.camera_yaw_offset_rad = lerp_angle(prev.camera_yaw_offset_rad, cur.camera_yaw_offset_rad, t);
  s.camera_pitch_rad = prev.camera_pitch_rad + (cur.camera_pitch_rad - prev.camera_pitch_rad) * t;
  s.camera_lift_rad = prev.camera_lift_rad + (cur.camera_lift_rad - prev.camera_lift_rad) * t;
  s.camera_distance_m = prev.camera_distance_m + (cur.camera_distance_m - prev.camera_distance_m) * t;
  return s;
}

void blend_poses(const CreaturePose& prev, const CreaturePose& cur, float alpha, CreaturePose* out) {
  const float t = std::clamp(alpha, 0.0f, 1.0f);
  const std::size_t n = cur.bone_ms.size();
  if (t >= 1.0f || prev.bone_ms.size() != n) {
    out->head_ws.assign(cur.head_ws.begin(), cur.head_ws.end());
    out->tail_ws.assign(cur.tail_ws.begin(), cur.tail_ws.end());
    out->bone_ms.assign(cur.bone_ms.begin(), cur.bone_ms.end());
    out->limbs.assign(cur.limbs.begin(), cur.limbs.end());
    out->cog_ws = cur.cog_ws;
    out->model_to_world = cur.model_to_world;
    return;
  }
  // One tick apart, rotations differ by a few degrees: an entry-wise blend of the frames stays within
  // 1e-3 of a rotation, and skinning renormalizes normals.
  auto mix = [t](const auto& a, const auto& b) { return a + (b - a) * t; };
  out->head_ws.resize(n);
  out->tail_ws.resize(n);
  out->bone_ms.resize(n);
  for (std::size_t b = 0; b < n; ++b) {
    out->head_ws[b] = mix(prev.head_ws[b], cur.head_ws[b]);
    out->tail_ws[b] = mix(prev.tail_ws[b], cur.tail_ws[b]);
    out->bone_ms[b] = mix(prev.bone_ms[b], cur.bone_ms[b]);
  }
  out->limbs.assign(cur.limbs.begin(), cur.limbs.end());
  for (std::size_t l = 0; l < out->limbs.size() && l < prev.limbs.size(); ++l) {
    out->limbs[l].target_ws = mix(prev.limbs[l].target_ws, cur.limbs[l].target_ws);
  }
  out->cog_ws = mix(prev.cog_ws, cur.cog_ws);
  out->model_to_world = mix(prev.model_to_world, cur.model_to_world);
}

glm::mat4 orbit_camera_view(const SimState& s, const Level& level, float target_height_m) {
  return camera_view_matrix(camera_pose(s, level, target_height_m));
}

View::Flesh View::build_flesh(const Skeleton& skeleton, const SkinOptions& options) {
  Flesh f;
  Result<SkinnedCreature> skin = build_skinned_creature(skeleton, options);
  f.skinned = skin.ok();
  if (!f.skinned) return f;
  f.skin = std::move(*skin);
  f.weight_colors.resize(static_cast<std::size_t>(f.skin.mesh.vertex_count()));
  for (int v = 0; v < f.skin.mesh.vertex_count(); ++v) {
    const Influence* best = nullptr;
    for (const Influence* i = f.skin.limited.weights.begin(v); i != f.skin.limited.weights.end(v); ++i) {
      if (!best || i->weight > best->weight) best = i;
    }
    f.weight_colors[static_cast<std::size_t>(v)] = bone_debug_color(best ? best->bone : 0);
  }
  return f;
}

void View::init(const Scene& scene, const ViewTextures& textures) { init(std::vector<const Scene*>{&scene}, textures); }

void View::init(const std::vector<const Scene*>& species, const ViewTextures& textures) {
  scene_ = species.front();
  tex_ = textures;
  const Level& lv = scene_->level;
  ground_ = build_ground_look(lv);
  sky_look_ = level_sky_look(lv);
  sky_ = make_sky_mesh(sky_look_);
  prop_meshes_.clear();
  for (Prop::Kind k : {Prop::Kind::kRock, Prop::Kind::kBush, Prop::Kind::kTree}) prop_meshes_.push_back(make_prop_mesh(k));
  platforms_.clear();
  for (const Box& b : lv.platforms) platforms_.push_back(make_box_mesh(b.half_extents, 1.0f, 1.0f));
  fences_.clear();
  walls_.clear();
  gaps_.clear();
  // A gap is drawn as its dark floor just over the ground (the ground is drawn behind everything).
  for (const Box& g : lv.gaps) gaps_.push_back(make_box_mesh(glm::vec3(g.half_extents.x, 0.01f, g.half_extents.z), 0.5f, 1.0f));
  pits_.clear();
  for (const Box& g : lv.gaps) pits_.push_back(make_pit_walls_mesh(g.half_extents.x, g.half_extents.z, 0.5f, 1.0f));
  for (const Box& f : lv.fences) fences_.push_back(make_box_mesh(f.half_extents, 0.5f, 1.0f));
  for (const Wall& w : lv.walls) walls_.push_back(make_box_mesh(w.box.half_extents, 0.6f, 0.75f));
  scenery_ = build_scenery(lv);
  marker_ = make_player_marker_mesh();
  heart_ = make_heart_mesh();
  marker_radius_m_ = 0.0f;
  kinds_.clear();
  kinds_.resize(species.size());
  for (std::size_t k = 0; k < species.size(); ++k) {
    const Scene& sc = *species[k];
    Kind& kind = kinds_[k];
    CreaturePose bind;
    bind.resize(sc.rig);
    kind.inv_bind_ms.resize(bind.bind_ms.size());
    invert_bind_matrices(bind.bind_ms, kind.inv_bind_ms);
    kind.full = build_flesh(sc.rig.skeleton, SkinOptions{});
    if (kind.full.skinned) {
      SkinOptions low;
      low.mesh.target_vertices = lod_.low_vertices;
      kind.low = build_flesh(sc.rig.skeleton, low);
      SkinOptions far;
      far.mesh.target_vertices = lod_.far_vertices;
      kind.far = build_flesh(sc.rig.skeleton, far);
      // A body of many parts meets the mesh's least tube (6 around, 2 rings) before the far target: when its
      // far mesh is not well under the low one in triangles, the low one draws it in the distance too.
      if (kind.far.skinned && kind.low.skinned &&
          kind.far.skin.mesh.indices.size() * 3 > kind.low.skin.mesh.indices.size() * 2)
        kind.far = Flesh{};
      // The sphere must hold every level's mesh.
      kind.reach_m = std::max({flesh_reach_m(sc.rig.skeleton, kind.full.skin.mesh.positions_ms),
                               flesh_reach_m(sc.rig.skeleton, kind.low.skin.mesh.positions_ms),
                               flesh_reach_m(sc.rig.skeleton, kind.far.skin.mesh.positions_ms)});
    } else {
      kind.blob = creature_blob_mesh(sc.creature);
      kind.reach_m = flesh_reach_m(sc.rig.skeleton, kind.blob.positions_ms);
    }
    if (sc.creature.painted && kind.full.skinned) {
      kind.painted = true;
      const SkinMesh& m = kind.full.skin.mesh;
      const int parts = static_cast<int>(sc.creature.parts.size());
      std::vector<float> belly;
      paint_belly_u(m.uvs, m.normals_ms, m.vertex_part, parts, &belly);
      build_paint_texture(sc.creature, belly, &kind.page);
      kind.eyes = species_eyes(sc.creature, sc.rig.skeleton, m.uvs, m.normals_ms, m.vertex_part, belly);
      paint_uvs(m.uvs, m.vertex_part, parts, &kind.paint_uvs_full);
      if (kind.low.skinned) paint_uvs(kind.low.skin.mesh.uvs, kind.low.skin.mesh.vertex_part, parts, &kind.paint_uvs_low);
      if (kind.far.skinned) paint_uvs(kind.far.skin.mesh.uvs, kind.far.skin.mesh.vertex_part, parts, &kind.paint_uvs_far);
    }
  }
  poses_.clear();
  skin_out_.clear();
  skin_low_.clear();
  skin_far_.clear();
  detail_.clear();
  drawn_.clear();
}

const IndexedTexture* View::paint_page(int species) const {
  if (species < 0 || species >= static_cast<int>(kinds_.size())) return nullptr;
  const Kind& k = kinds_[static_cast<std::size_t>(species)];
  return k.painted ? &k.page : nullptr;
}

void View::set_species_texture(int species, TextureId texture) {
  if (species >= 0 && species < static_cast<int>(kinds_.size())) kinds_[static_cast<std::size_t>(species)].texture = texture;
}

const SkinnedCreature* View::low_flesh(int species) const {
  if (species < 0 || species >= static_cast<int>(kinds_.size())) return nullptr;
  const Flesh& f = kinds_[static_cast<std::size_t>(species)].low;
  return f.skinned ? &f.skin : nullptr;
}

const SkinnedCreature* View::far_flesh(int species) const {
  if (species < 0 || species >= static_cast<int>(kinds_.size())) return nullptr;
  const Flesh& f = kinds_[static_cast<std::size_t>(species)].far;
  return f.skinned ? &f.skin : nullptr;
}

void View::choose_flesh(const SimState& draw, const glm::mat4& camera_view, const FrameSettings& settings,
                        int window_w, int window_h) {
  int tw = 0, th = 0;
  target_size(settings, window_w, window_h, &tw, &th);
  Camera cam;  // the stage's defaults (fov, near, far), as GeometryJob uses them
  cam.view = camera_view;
  cam.shift_x = lens_shift_;
  cam.shift_y = text_shift_;
  const glm::mat4 view_proj = projection_matrix(cam, static_cast<float>(tw) / static_cast<float>(th)) * camera_view;
  const float fov = glm::radians(60.0f);
  lod_counts_ = FleshLodCounts{};
  for (int i = 0; i < draw.creature_count; ++i) {
    const auto k = static_cast<std::size_t>(i);
    const auto species = static_cast<std::size_t>(draw.creatures[k].species);
    drawn_[k] = FleshDetail::kNone;
    if (species >= kinds_.size()) continue;
    const Kind& kind = kinds_[species];
    if (!lod_.enabled) {
      drawn_[k] = FleshDetail::kFull;
    } else {
      const CreatureBounds b = creature_bounds(poses_[k], kind.reach_m);
      const float size_px = projected_diameter_px(b, camera_view, fov, th);
      // The hysteresis follows the creature even while it is culled, so it does not pop on return.
      detail_[k] = i == 0 ? FleshDetail::kFull : choose_detail(detail_[k], size_px, lod_);  // the player stays full
      if (!lod_.cull || sphere_in_view(b, view_proj)) {
        const FleshDetail d = detail_[k];  // a level whose mesh could not be built falls back to the next finer
        drawn_[k] = d == FleshDetail::kFar && kind.far.skinned ? d
                    : d != FleshDetail::kFull && kind.low.skinned ? FleshDetail::kLow
                                                                  : FleshDetail::kFull;
      }
    }
    if (drawn_[k] == FleshDetail::kNone) ++lod_counts_.culled;
    else if (drawn_[k] == FleshDetail::kLow) ++lod_counts_.low;
    else if (drawn_[k] == FleshDetail::kFar) ++lod_counts_.far;
    else ++lod_counts_.full;
  }
}

void View::add_level_meshes(const Level& lv) {
  const glm::mat4 at_ground = glm::translate(glm::mat4(1.0f), glm::vec3(0, lv.ground_y, 0));
  for (const std::vector<std::uint32_t>* part : {&ground_.grass, &ground_.earth, &ground_.grass_raised, &ground_.earth_raised}) {
    if (part->empty()) continue;
    const bool earth = part == &ground_.earth || part == &ground_.earth_raised;
    const bool raised = part == &ground_.grass_raised || part == &ground_.earth_raised;
    const bool sand = lv.ground_material == GroundMaterial::kSand && tex_.sand.valid();
    MeshInput ground = ground_.mesh.view(at_ground, Rgba8{255, 255, 255, 255},
                                         earth && tex_.earth.valid() ? tex_.earth : sand ? tex_.sand : tex_.ground);
    ground.indices = part->data();
    ground.index_count = static_cast<int>(part->size());
    ground.ground_layer = !raised;
    ground.sort_bias_m = raised ? kRaisedGroundSortBias_m : 0.0f;
    meshes_.push_back(ground);
  }
  for (std::size_t i = 0; i < fences_.size(); ++i) {
    const Box& b = lv.fences[i];
    meshes_.push_back(fences_[i].view(place(b.centre, b.yaw_deg * kDegToRad), Rgba8{255, 240, 220, 255},
                                      tex_.wood));
  }
  for (std::size_t i = 0; i < walls_.size(); ++i) {
    if (lv.walls[i].prop >= 0) continue;  // drawn as its prop
    const Box& b = lv.walls[i].box;
    meshes_.push_back(walls_[i].view(place(b.centre, b.yaw_deg * kDegToRad), Rgba8{255, 255, 255, 255},
                                     tex_.brick));
  }
  for (std::size_t i = 0; i < platforms_.size() && i < lv.platforms.size(); ++i) {
    const Box& b = lv.platforms[i];
    meshes_.push_back(platforms_[i].view(place(b.centre, b.yaw_deg * kDegToRad), Rgba8{200, 190, 170, 255},
                                         tex_.brick));
    meshes_.back().sort_bias_m = kRaisedGroundSortBias_m;  // its top is ground: what stands on it sorts in front
  }
  for (std::size_t i = 0; i < gaps_.size(); ++i) {
    const Box& b = lv.gaps[i];
    meshes_.push_back(gaps_[i].view(place(glm::vec3(b.centre.x, lv.ground_y, b.centre.z), b.yaw_deg * kDegToRad),
                                    kDitchFloorColor, tex_.ground));
    meshes_.back().floor_mark = true;  // under the player's ring and anything standing at its edge
    meshes_.back().sort_bias_m = kDitchFloorSortBias_m;  // the ditch's floor, under its walls
  }
  pit_first_mesh_ = meshes_.size();
  for (std::size_t i = 0; i < pits_.size() && i < lv.gaps.size(); ++i) {
    const Box& b = lv.gaps[i];
    meshes_.push_back(pits_[i].view(place(glm::vec3(b.centre.x, lv.ground_y, b.centre.z), b.yaw_deg * kDegToRad),
                                    kDitchWallColor, tex_.earth.valid() ? tex_.earth : tex_.ground));
    meshes_.back().floor_mark = true;
  }
  const LevelGround under(&lv);
  for (const Prop& p : lv.props) {
    const glm::vec3 at(p.position_xz.x, under.at(p.position_xz.x, p.position_xz.y).y, p.position_xz.y);
    const glm::mat4 to = glm::scale(place(at, p.yaw_deg * kDegToRad), glm::vec3(p.scale));
    meshes_.push_back(prop_meshes_[static_cast<std::size_t>(p.kind)].view(to, Rgba8{255, 255, 255, 255}, kNoTexture));
  }
  scenery_first_mesh_ = meshes_.size();
  for (const SceneryPiece& p : scenery_) {
    const bool pipe = p.kind == SceneryPiece::Kind::kPipe;
    const Rgba8 color = pipe ? Rgba8{235, 240, 245, 255}
                        : p.kind == SceneryPiece::Kind::kGate ? p.color
                                                              : Rgba8{240, 236, 226, 255};
    meshes_.push_back(p.mesh.view(p.model_to_world, color, pipe ? tex_.metal : kNoTexture));
  }
}

void View::pose_between_ticks(const SimState& draw, const WorldRuntime& runtime, float alpha) {
  const auto count = static_cast<std::size_t>(draw.creature_count);
  if (poses_.size() < count) {  // grows when creatures arrive, not per frame
    poses_.resize(count);
    skin_out_.resize(count);
    skin_low_.resize(count);
    skin_far_.resize(count);
    skinned_ok_.resize(count);
    detail_.resize(count, FleshDetail::kNone);
    drawn_.resize(count, FleshDetail::kNone);
    cluts_.resize(count * kClutEntries);
    clut_set_.resize(count, 0);
  }
  for (int i = 0; i < draw.creature_count; ++i) {
    blend_poses(runtime.previous_pose(i), runtime.pose(i), alpha, &poses_[static_cast<std::size_t>(i)]);
  }
}

void View::skin_creatures(const SimState& draw) {
  // Across the pool's threads: each creature writes only its own buffers.
  auto skin_one = [&](int i) {
    const auto k = static_cast<std::size_t>(i);
    skinned_ok_[k] = 0;
    const auto species = static_cast<std::size_t>(draw.creatures[k].species);
    if (species >= kinds_.size()) return;
    const Kind& kind = kinds_[species];
    // Every level's buffers at the creature's first frame, so switching detail later allocates nothing.
    auto size_for = [](const Flesh& f, SkinBuffers* b) {
      const auto verts = static_cast<std::size_t>(f.skin.mesh.vertex_count());
      if (f.skinned && b->positions_ms.size() != verts) b->resize_for(f.skin);
    };
    size_for(kind.full, &skin_out_[k]);
    size_for(kind.low, &skin_low_[k]);
    size_for(kind.far, &skin_far_[k]);
    if (drawn_[k] == FleshDetail::kNone) return;
    const Flesh& flesh = kind.at(drawn_[k]);
    SkinBuffers& out = skin_buffers(k, drawn_[k]);
    skinned_ok_[k] =
        flesh.skinned && skin_with_palette(flesh.skin, poses_[k].bone_ms, kind.inv_bind_ms, &out) ? 1 : 0;
  };
  const double skin_t0 = now_ ? now_() : 0.0;
  if (pool_) {
    pool_->for_each(draw.creature_count, skin_one);
  } else {
    for (int i = 0; i < draw.creature_count; ++i) skin_one(i);
  }
  skinning_s_ = now_ ? now_() - skin_t0 : 0.0;
}

void View::add_creature_meshes(const SimState& draw, const WorldRuntime& runtime, const glm::mat4& camera_view) {
  const glm::vec3 eye_ws = glm::vec3(glm::inverse(camera_view)[3]);
  // The player's points the camera must see: its cog, its feet's ground point and its highest bone end.
  glm::vec3 sight[3]{};
  if (!poses_.empty()) {
    const CreaturePose& p = poses_[0];
    sight[0] = sight[1] = sight[2] = p.cog_ws;
    sight[1].y = LevelGround(&scene_->level).at(p.cog_ws.x, p.cog_ws.z).y + 0.05f;
    for (const auto* ends : {&p.head_ws, &p.tail_ws})
      for (const glm::vec3& h : *ends) sight[2] = h.y > sight[2].y ? h : sight[2];
  }
  for (int i = 0; i < draw.creature_count; ++i) {
    const auto k = static_cast<std::size_t>(i);
    const auto species = static_cast<std::size_t>(draw.creatures[k].species);
    if (species >= kinds_.size()) continue;
    const Kind& kind = kinds_[species];
    const CreaturePose& pose = poses_[k];
    const Flesh& flesh = kind.at(drawn_[k]);
    const SkinBuffers& out = skin_buffers(k, drawn_[k]);
    // A herd creature between the camera and the player is dithered see-through, so the player shows.
    const bool see_through = i > 0 && hides_player(pose, kind.reach_m, sight, 3, eye_ws);
    const std::size_t first_mesh = meshes_.size();
    clut_set_[k] = 0;
    if (skinned_ok_[k]) {
      MeshInput m;
      m.positions_ms = out.positions_ms.data();
      m.normals_ms = out.normals_ms.data();
      const bool paint = kind.painted && kind.texture.valid();
      const std::vector<glm::vec2>& paint_uvs = drawn_[k] == FleshDetail::kLow   ? kind.paint_uvs_low
                                                : drawn_[k] == FleshDetail::kFar ? kind.paint_uvs_far
                                                                                 : kind.paint_uvs_full;
      m.uvs = paint ? paint_uvs.data() : flesh.skin.mesh.uvs.data();
      m.weight_colors = flesh.weight_colors.data();
      m.vertex_count = flesh.skin.mesh.vertex_count();
      m.indices = flesh.skin.mesh.indices.data();
      m.index_count = static_cast<int>(flesh.skin.mesh.indices.size());
      m.model_to_world = pose.model_to_world;
      m.texture = paint ? kind.texture : tex_.skin;
      if (paint && i < kEditorClutRow) {  // its own colour table: the eyes as they look now
        m.clut = static_cast<std::int16_t>(i);
        const EyeLook look = creature_look(kind.eyes, eye_seed(kind.eyes.seed, i), pose,
                                           draw.creatures[k].walker.turn_rate_rps, draw.tick);
        creature_clut(kind.page, kind.eyes, look, cluts_.data() + k * kClutEntries);
        clut_set_[k] = 1;
      }
      meshes_.push_back(m);
    } else if (!kind.blob.positions_ms.empty() && drawn_[k] != FleshDetail::kNone) {
      meshes_.push_back(kind.blob.view(pose.model_to_world, Rgba8{255, 255, 255, 255}, tex_.skin));
    }
    if (see_through && meshes_.size() > first_mesh) meshes_.back().color.a = kSeeThroughAlpha;
    // A lost friend fades out and back in, in the dither's steps.
    if (const float shown = friend_shown(draw.creatures[k].wander); shown < 0.85f && meshes_.size() > first_mesh) {
      MeshInput& m = meshes_.back();
      if (shown < 0.2f) m.index_count = 0;
      else m.color.a = std::min(m.color.a, shown < 0.5f ? kFadedAlpha : kSeeThroughAlpha);
    }
    if (const float age = i > 0 ? heart_age(draw.creatures[k].wander) : -1.0f; age >= 0.0f) {
      glm::vec3 top = pose.cog_ws;
      for (const auto* ends : {&pose.head_ws, &pose.tail_ws})
        for (const glm::vec3& h : *ends) top.y = std::max(top.y, h.y);
      MeshInput heart = heart_.view(heart_transform(top, age, eye_ws), kHeartColor, kNoTexture);
      heart.unlit = true;
      heart.double_sided = true;
      meshes_.push_back(heart);
    }
    // The finish screen's text is over the player: a ring there only shows through its gaps.
    if (i == 0 && !(trial_ && trial_->phase == TrialRun::Phase::kFinished)) add_player_marker(draw.player(), pose);
    add_pose_overlays(draw.creatures[k], pose, runtime, i);
  }
}

const CommandList& View::build(const SimState& draw, const WorldRuntime& runtime, float alpha,
                               const FrameSettings& settings, int window_w, int window_h, GeometryStats* stats) {
  const Level& lv = scene_->level;
  meshes_.clear();
  lines_.clear();
  points_.clear();
  add_level_meshes(lv);
  // Poses between ticks first: the camera follows the player's, and the level of detail reads them all.
  pose_between_ticks(draw, runtime, alpha);
  // The camera aims at the body's centre of gravity: its height over the player's ground point (on a
  // slope that point lies off the ground under the cog, and the body would sit off the picture's centre).
  const float cog_height = poses_.empty() || draw.creature_count == 0 ? 0.3f : poses_[0].cog_ws.y - draw.player().root_ws.y;
  const glm::mat4 camera_view = orbit_camera_view(draw, lv, cog_height);
  // The Test drive's list covers the picture's left: its centre eases right so the body playing stays
  // in sight (not at larger text, where the list is one line at the top).
  const bool drive_list = menu_ && menu_->open() && menu_->drive() && text_scale(settings) < 2;
  lens_shift_ += 0.2f * ((drive_list ? kDriveLensShift : 0.0f) - lens_shift_);
  if (std::fabs(lens_shift_) < 1e-3f) lens_shift_ = 0.0f;
  // The hints and the test walk's banner cover the picture's top: its centre eases down to the middle
  // of the rows below them, so a tall body's head or a low camera's subject is not under the words.
  text_shift_ += 0.2f * (-std::min(text_over_share_, kMaxTextShift) - text_shift_);
  if (std::fabs(text_shift_) < 1e-3f) text_shift_ = 0.0f;
  see_through_gates(camera_view);
  dig_ditches(camera_view);
  choose_flesh(draw, camera_view, settings, window_w, window_h);
  skin_creatures(draw);
  add_creature_meshes(draw, runtime, camera_view);
  add_ghost_mesh(camera_view);
  add_level_overlays(lv);

  // The backdrop round the eye: never nearer, never fogged (its colours are the haze already).
  MeshInput sky = sky_.view(glm::translate(glm::mat4(1.0f), glm::vec3(glm::inverse(camera_view)[3])),
                            Rgba8{255, 255, 255, 255}, kNoTexture);
  sky.unlit = true;
  sky.double_sided = true;
  sky.sky = true;
  meshes_.push_back(sky);

  GeometryJob job = scene_geometry_job(camera_view, settings, window_w, window_h, &scratch_, &list_);
  job.camera.shift_x = lens_shift_;
  job.camera.shift_y = text_shift_;
  job.set_inputs(meshes_, lines_, points_);
  level_fog(lv, sky_look_, &job.lighting);
  job.lighting.sun_dir_ws = key_light_direction(camera_view);
  job.stats = stats ? stats : &stats_;
  job.pool = pool_;
  const double geo_t0 = now_ ? now_() : 0.0;
  if (!job.run()) list_.clear();
  if (stats) stats_ = *stats;
  if (now_) geometry_s_ = now_() - geo_t0;
  add_hud(draw, settings);
  return list_;
}

void View::dig_ditches(const glm::mat4& camera_view) {
  const Level& lv = scene_->level;
  const glm::vec3 eye_ws = glm::vec3(glm::inverse(camera_view)[3]);
  for (std::size_t i = 0; i < pits_.size() && i < lv.gaps.size() && pit_first_mesh_ + i < meshes_.size(); ++i) {
    const Box& b = lv.gaps[i];
    const glm::vec3 eye = b.to_local(glm::vec3(eye_ws.x, lv.ground_y, eye_ws.z));
    const float h = eye_ws.y - lv.ground_y;
    // Across each axis the eye is outside of, the sight line over the near edge meets the far wall
    // width * h / distance below the ground; over the ditch it sees to the floor.
    float depth = kDitchDepth_m;
    const float out_x = std::fabs(eye.x) - b.half_extents.x, out_z = std::fabs(eye.z) - b.half_extents.z;
    if (out_x > 0.0f) depth = std::min(depth, 2.0f * b.half_extents.x * h / out_x);
    if (out_z > 0.0f) depth = std::min(depth, 2.0f * b.half_extents.z * h / out_z);
    MeshInput& m = meshes_[pit_first_mesh_ + i];
    if (!(h > 0.0f) || !(depth > 1e-3f)) {
      m.index_count = 0;
      continue;
    }
    m.model_to_world = glm::scale(m.model_to_world, glm::vec3(1.0f, depth, 1.0f));
  }
}

void View::see_through_gates(const glm::mat4& camera_view) {
  if (poses_.empty()) return;
  const glm::vec3 eye_ws = glm::vec3(glm::inverse(camera_view)[3]);
  for (std::size_t k = 0; k < scenery_.size() && scenery_first_mesh_ + k < meshes_.size(); ++k) {
    MeshInput& m = meshes_[scenery_first_mesh_ + k];
    switch (gate_look(scenery_[k], eye_ws, poses_[0].cog_ws)) {
      case GateLook::kHidden: m.index_count = 0; break;
      case GateLook::kSeeThrough: m.color.a = kSeeThroughAlpha; break;
      case GateLook::kSolid: break;
    }
  }
}

void View::add_player_marker(const CreatureState& c, const CreaturePose& pose) {
  if (marker_radius_m_ <= 0.0f) {  // sized once, on the first pose: the body's reach on the ground
    const glm::vec2 cog(pose.cog_ws.x, pose.cog_ws.z);
    for (std::size_t b = 0; b < pose.head_ws.size(); ++b) {
      for (const glm::vec3& p : {pose.head_ws[b], pose.tail_ws[b]}) {
        marker_radius_m_ = std::max(marker_radius_m_, glm::length(glm::vec2(p.x, p.z) - cog));
      }
    }
    marker_radius_m_ = std::max(marker_radius_m_, 0.2f);
  }
  // On a slope the ring lies on the plane through the ground at its rim (four points across it), lifted to
  // the highest of them and the centre so no part of it sinks into a hill.
  const LevelGround ground(&scene_->level);
  const float x = pose.cog_ws.x, z = pose.cog_ws.z, r = player_marker_radius(marker_radius_m_);
  const float y0 = ground.at(x, z).y;
  const float xa = ground.at(x + r, z).y, xb = ground.at(x - r, z).y;
  const float za = ground.at(x, z + r).y, zb = ground.at(x, z - r).y;
  const glm::vec3 normal = glm::cross(glm::vec3(0.0f, za - zb, 2.0f * r), glm::vec3(2.0f * r, xa - xb, 0.0f));
  const float ground_y = std::max({y0, 0.5f * (xa + xb), 0.5f * (za + zb)});
  MeshInput m = marker_.view(player_marker_transform(pose.cog_ws, c.heading_rad, marker_radius_m_, ground_y, normal),
                             kPlayerMarkerColor, kNoTexture);
  m.unlit = true;
  m.double_sided = true;
  meshes_.push_back(m);
}

GeometryJob scene_geometry_job(const glm::mat4& camera_view, const FrameSettings& settings, int window_w,
                               int window_h, GeometryScratch* scratch, CommandList* out) {
  GeometryJob job;
  job.camera.view = camera_view;
  job.settings = settings;
  job.window_width = window_w;
  job.window_height = window_h;
  job.scratch = scratch;
  job.out = out;
  return job;
}

}  // namespace cf
