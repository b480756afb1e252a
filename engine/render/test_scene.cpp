#include "render/test_scene.h"

#include <glm/gtc/matrix_transform.hpp>

namespace cf {
namespace {

glm::mat4 place(const glm::vec3& pos_ws, float yaw_rad, const glm::vec3& scale = glm::vec3(1.0f)) {
  glm::mat4 m = glm::translate(glm::mat4(1.0f), pos_ws);
  m = glm::rotate(m, yaw_rad, glm::vec3(0, 1, 0));
  return glm::scale(m, scale);
}

// Weight-view colours by height band, standing in for "dominant bone".
std::vector<Rgba8> band_colors(const MeshData& m, int first_bone) {
  std::vector<Rgba8> c;
  c.reserve(m.positions_ms.size());
  for (const glm::vec3& p : m.positions_ms) {
    const int band = p.y > 0.25f ? 0 : (p.y > -0.25f ? 1 : 2);
    c.push_back(bone_debug_color(first_bone + band + (p.x > 0 ? 3 : 0)));
  }
  return c;
}

}  // namespace

void build_test_scene(const TestSceneTextures& tex, TestScene* s) {
  s->ground = make_ground_mesh(12.0f, 12, 0.5f);
  s->fence = make_box_mesh(glm::vec3(1.5f, 0.45f, 0.08f), 0.5f, 1.0f);
  s->wall = make_box_mesh(glm::vec3(0.2f, 1.2f, 2.0f), 0.6f, 0.75f);
  s->body = make_sphere_mesh(0.5f, 10, 14);
  s->head = make_sphere_mesh(0.22f, 6, 10);
  s->body_weights = band_colors(s->body, 0);
  s->head_weights = band_colors(s->head, 6);

  s->meshes.clear();
  MeshInput ground = s->ground.view(glm::mat4(1.0f), Rgba8{255, 255, 255, 255}, tex.ground);
  ground.ground_layer = true;
  s->meshes.push_back(ground);
  s->meshes.push_back(s->fence.view(place({0.0f, 0.45f, 1.6f}, 0.0f), Rgba8{255, 240, 220, 255}, tex.wood));
  s->meshes.push_back(s->wall.view(place({1.9f, 1.2f, 1.2f}, 0.1f), Rgba8{255, 255, 255, 255}, tex.brick));
  MeshInput body = s->body.view(place({0.0f, 0.75f, 0.0f}, 0.3f, {1.0f, 0.8f, 1.3f}), Rgba8{255, 255, 255, 255},
                                tex.skin);
  body.weight_colors = s->body_weights.data();
  s->meshes.push_back(body);
  MeshInput head = s->head.view(place({0.0f, 1.05f, 0.62f}, 0.3f), Rgba8{255, 230, 200, 255}, tex.skin);
  head.weight_colors = s->head_weights.data();
  s->meshes.push_back(head);

  const Rgba8 white{255, 255, 255, 255}, yellow{255, 230, 40, 255}, red{255, 60, 60, 255};
  const Rgba8 cyan{60, 230, 255, 255}, green{80, 255, 120, 255}, orange{255, 150, 40, 255};
  const Rgba8 violet{200, 120, 255, 255};
  s->lines = {
      {{0.0f, 0.75f, -0.5f}, {0.0f, 0.75f, 0.45f}, white, kOverlayBones},
      {{0.0f, 0.75f, 0.45f}, {0.0f, 1.05f, 0.62f}, white, kOverlayBones},
      {{0.25f, 0.6f, 0.3f}, {0.3f, 0.0f, 0.35f}, white, kOverlayBones},
      {{-0.25f, 0.6f, 0.3f}, {-0.3f, 0.0f, 0.35f}, white, kOverlayBones},
      {{0.25f, 0.6f, -0.3f}, {0.3f, 0.0f, -0.35f}, white, kOverlayBones},
      {{-0.25f, 0.6f, -0.3f}, {-0.3f, 0.0f, -0.35f}, white, kOverlayBones},
      {{0.0f, 0.7f, 0.1f}, {0.0f, 0.0f, 0.1f}, yellow, kOverlayCog},
      {{-1.5f, 0.9f, 1.5f}, {1.5f, 0.9f, 1.5f}, orange, kOverlayReferenceLine},
      {{0.0f, 0.9f, 1.5f}, {1.5f, 0.9f, 1.5f}, red, kOverlayReferenceLine},
      {{1.7f, 0.0f, -0.8f}, {1.7f, 2.4f, -0.8f}, cyan, kOverlayVirtualPlanes},
      {{1.7f, 2.4f, -0.8f}, {1.7f, 2.4f, 3.2f}, cyan, kOverlayVirtualPlanes},
      {{1.7f, 2.4f, 3.2f}, {1.7f, 0.0f, 3.2f}, cyan, kOverlayVirtualPlanes},
      {{-3.0f, 0.01f, -3.0f}, {1.5f, 0.01f, -3.0f}, green, kOverlayRegions},
      {{1.5f, 0.01f, -3.0f}, {1.5f, 0.01f, 3.5f}, green, kOverlayRegions},
      {{1.5f, 0.01f, 3.5f}, {-3.0f, 0.01f, 3.5f}, green, kOverlayRegions},
      {{-3.0f, 0.01f, 3.5f}, {-3.0f, 0.01f, -3.0f}, green, kOverlayRegions},
  };
  s->points = {
      {{0.0f, 0.75f, -0.5f}, white, kOverlayJoints, 0},
      {{0.0f, 0.75f, 0.45f}, white, kOverlayJoints, 0},
      {{0.0f, 0.7f, 0.1f}, yellow, kOverlayCog, 3},
      {{0.3f, 0.0f, 0.35f}, red, kOverlayIkTargets, 3},
      {{-0.3f, 0.0f, 0.35f}, red, kOverlayIkTargets, 3},
      {{0.28f, 0.35f, 0.33f}, violet, kOverlayControlPoints, 2},
      {{-0.28f, 0.35f, 0.33f}, violet, kOverlayControlPoints, 2},
  };
  s->camera.view = glm::lookAt(glm::vec3(-3.8f, 2.0f, 2.8f), glm::vec3(0.5f, 0.6f, 0.3f), glm::vec3(0, 1, 0));
  s->camera.fov_y_rad = 0.9f;
  s->camera.near_m = 0.1f;
  s->camera.far_m = 40.0f;
  s->lighting = Lighting{};
  s->lighting.fog_start_m = 10.0f;
  s->lighting.fog_end_m = 25.0f;
}

GeometryJob test_scene_job(const TestScene& s, const FrameSettings& settings, int window_w, int window_h) {
  GeometryJob job;
  job.meshes = s.meshes.data();
  job.mesh_count = static_cast<int>(s.meshes.size());
  job.lines = s.lines.data();
  job.line_count = static_cast<int>(s.lines.size());
  job.points = s.points.data();
  job.point_count = static_cast<int>(s.points.size());
  job.camera = s.camera;
  job.lighting = s.lighting;
  job.settings = settings;
  job.window_width = window_w;
  job.window_height = window_h;
  return job;
}

void build_big_test_scene(BigTestScene* s) {
  s->sphere = make_sphere_mesh(0.45f, 25, 41);
  s->ground = make_ground_mesh(20.0f, 16);
  s->meshes.clear();
  for (int i = 0; i < 25; ++i) {
    const glm::vec3 pos(static_cast<float>(i % 5) - 2.0f, 0.5f + static_cast<float>(i / 5) * 0.2f,
                        -static_cast<float>(i / 5) * 1.2f);
    s->meshes.push_back(s->sphere.view(glm::translate(glm::mat4(1.0f), pos), Rgba8{230, 200, 170, 255}, TextureId{1}));
  }
  MeshInput g = s->ground.view(glm::mat4(1.0f), Rgba8{255, 255, 255, 255}, TextureId{2});
  g.ground_layer = true;
  s->meshes.push_back(g);
  s->triangles = 0;
  for (const MeshInput& m : s->meshes) s->triangles += m.index_count / 3;
  s->camera = Camera{};
  s->camera.view = glm::lookAt(glm::vec3(0.0f, 2.5f, 6.0f), glm::vec3(0.0f, 0.5f, -1.5f), glm::vec3(0, 1, 0));
  s->lighting = Lighting{};
  s->lighting.fog_start_m = 10.0f;
  s->lighting.fog_end_m = 30.0f;
}

GeometryJob big_test_scene_job(const BigTestScene& s) {
  GeometryJob j;
  j.meshes = s.meshes.data();
  j.mesh_count = static_cast<int>(s.meshes.size());
  j.camera = s.camera;
  j.lighting = s.lighting;
  return j;
}

}  // namespace cf
