#pragma once
// A fixed, deterministic scene (ground, fence, wall, a blob creature, every overlay kind) used by the
// renderer's golden tests, screenshot tests and benchmarks, and by `creature-lab`-style tools.
#include <vector>

#include "render/geometry_stage.h"
#include "render/mesh_builders.h"

namespace cf {

struct TestSceneTextures {
  TextureId skin = kNoTexture, ground = kNoTexture, wood = kNoTexture, brick = kNoTexture;
};

struct TestScene {
  MeshData ground, fence, wall, body, head;
  std::vector<Rgba8> body_weights, head_weights;  // per-vertex weight-view colours
  std::vector<MeshInput> meshes;
  std::vector<OverlayLineInput> lines;
  std::vector<OverlayPointInput> points;
  Camera camera;
  Lighting lighting;
};

// Builds the scene. The MeshInputs point into the scene itself, so do not copy or move it afterwards.
void build_test_scene(const TestSceneTextures& textures, TestScene* scene);

// A job over the scene with the given settings (scratch and out still to be set).
GeometryJob test_scene_job(const TestScene& scene, const FrameSettings& settings, int window_w, int window_h);

// ~50k triangles for throughput: a 5x5 grid of spheres (2000 triangles each) in front of the camera,
// half of them back-facing as in any closed mesh, on a tiled ground, with fog.
struct BigTestScene {
  MeshData sphere, ground;
  std::vector<MeshInput> meshes;
  Camera camera;
  Lighting lighting;
  int triangles = 0;
};
// Builds it in place (the MeshInputs point into the scene: do not copy or move it afterwards).
void build_big_test_scene(BigTestScene* scene);
// A job over it with default settings (scratch and out still to be set).
GeometryJob big_test_scene_job(const BigTestScene& scene);

}  // namespace cf
