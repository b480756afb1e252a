#pragma once
// The geometry stage: transforms, lights, clips and projects meshes and debug lines into a CommandList
// of screen-space primitives sorted through an ordering table (back to front, no depth buffer).
// CPU only, no GL. The job style follows ozz: plain non-owning inputs, validate(), run().
#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "render/command_list.h"
#include "render/frame_settings.h"

namespace cf {

class WorkerPool;

// A mesh to draw this frame (non-owning views; skinned flesh, level boxes and the ground alike).
struct MeshInput {
  const glm::vec3* positions_ms = nullptr;  // model space, metres
  const glm::vec3* normals_ms = nullptr;    // model space, unit length
  const glm::vec2* uvs = nullptr;           // optional; nullptr => (0, 0)
  const Rgba8* weight_colors = nullptr;     // optional per-vertex colour (dominant bone) for the weight view
  const Rgba8* vertex_colors = nullptr;     // optional per-vertex colour (the console's Gouraud colours):
                                            // multiplies 'color' before lighting; alpha unused
  int vertex_count = 0;
  const std::uint32_t* indices = nullptr;   // triangle list; front faces are counter-clockwise seen from outside
  int index_count = 0;                      // multiple of 3
  glm::mat4 model_to_world{1.0f};           // rigid transform (+ uniform scale) model -> world
  Rgba8 color{255, 255, 255, 255};          // flat colour, modulated by lighting and texel; a < 192: see-through
                                            // (the rasterizer drops every other pixel, a screen-door dither)
  TextureId texture = kNoTexture;
  std::int16_t clut = -1;                   // ScreenTriangle::clut: the texture is indexed through this row
  bool unlit = false;                       // true: colour used as is (no sun, no ambient)
  bool double_sided = false;                // true: back faces are drawn too
  bool ground_layer = false;                // true: sorted behind every other mesh (the floor under the scene)
  bool floor_mark = false;                  // true: flat on the floor (a ditch): over the ground layer, under the rest
  float sort_bias_m = 0.0f;                 // sorted as if this much farther (rising ground: what stands on it
                                            // sorts in front, what is behind a hill stays behind it)
  bool sky = false;                         // true: the backdrop: drawn before everything (the ground layer too),
                                            // its triangles in submission order, never fogged
};

// A world-space debug line; drawn when its kind's bit is in FrameSettings::overlay_mask.
struct OverlayLineInput {
  glm::vec3 a_ws{0.0f}, b_ws{0.0f};
  Rgba8 color{255, 255, 255, 255};
  std::uint32_t kind = kOverlayBones;  // one OverlayKind bit
};

// A world-space debug point, drawn as a small screen-space diamond of lines.
struct OverlayPointInput {
  glm::vec3 p_ws{0.0f};
  Rgba8 color{255, 255, 255, 255};
  std::uint32_t kind = kOverlayJoints;
  float radius_px = 0;  // diamond radius in target pixels at the internal resolution; 0 => 2
};

struct Camera {
  glm::mat4 view{1.0f};  // world -> view (right-handed, looking down -Z)
  float fov_y_rad = 0;   // vertical field of view; 0 => 60 degrees
  float near_m = 0;      // near plane distance; 0 => 0.1 m
  float far_m = 0;       // far plane distance; 0 => 200 m
  float shift_x = 0;     // lens shift: the picture's centre moved right by this share of its half width
  float shift_y = 0;     // and up by this share of its half height
};

struct Lighting {
  glm::vec3 sun_dir_ws{0.35f, -0.8f, -0.5f};   // direction the light travels (need not be unit)
  glm::vec3 sun_color{0.85f, 0.8f, 0.7f};       // linear 0..1 per channel
  glm::vec3 ambient{0.35f, 0.35f, 0.42f};
  float fog_start_m = 0;  // view distance where fog begins
  float fog_end_m = 0;    // view distance of full fog; fog is off when fog_end_m <= fog_start_m
  Rgba8 fog_color{120, 140, 170, 255};
  Rgba8 clear_color{40, 48, 72, 255};
};

// What happened to the triangles (for tests and the HUD).
struct GeometryStats {
  int triangles_in = 0;
  int culled_back = 0;      // back-facing or zero area on screen
  int culled_outside = 0;   // wholly outside the view volume (with those of meshes_outside)
  int meshes_outside = 0;   // meshes skipped whole, every triangle outside one plane (render/mesh_cull.h)
  int clipped = 0;          // input triangles cut by a clip plane
  int subdivided = 0;       // triangles (or clipped pieces) split for being big and near (retro path)
  int triangles_out = 0;    // triangles written to the command list
  int lines_out = 0;
};

// Reusable work buffers: keep one alive between frames so run() does not allocate after warm-up.
struct GeometryScratch {
  std::vector<glm::vec4> clip;          // per vertex of the current mesh
  std::vector<Rgba8> color;
  std::vector<std::uint8_t> fog;
  std::vector<std::uint16_t> outcode;
  std::vector<ScreenVertex> screen;     // per vertex that needs no clipping: its projected corner
  std::vector<std::int32_t> xy;          // per vertex: its screen x and y (when it needs no clipping)
  std::vector<std::int32_t> kept;        // per triangle of the current mesh that is drawn or clipped
  std::vector<std::uint8_t> shaded;     // per vertex: used by a kept triangle, so lit and fogged
  std::vector<std::uint32_t> shade_list;  // the vertices to light
  std::vector<std::uint8_t> mesh_outside;  // per mesh, with a pool: wholly outside the view (render/mesh_cull.h)
  std::vector<ScreenTriangle> unsorted;  // triangles in submission order
  std::vector<std::int32_t> bucket;     // per unsorted triangle
  std::vector<std::int32_t> counts;     // per bucket
  // With a worker pool: a scratch per share of the meshes, each share's first mesh (and the end), its stats.
  std::vector<GeometryScratch> shares;
  std::vector<int> share_begin;
  std::vector<GeometryStats> share_stats;
  std::size_t share_peak = 0;  // the most triangles one share has kept in a frame so far
};

struct GeometryJob {
  const MeshInput* meshes = nullptr;
  int mesh_count = 0;
  const OverlayLineInput* lines = nullptr;
  int line_count = 0;
  const OverlayPointInput* points = nullptr;
  int point_count = 0;
  Camera camera;
  Lighting lighting;
  FrameSettings settings;
  int window_width = 0, window_height = 0;  // drawable size (sizes the modern target); 0 => internal
  GeometryScratch* scratch = nullptr;       // required
  CommandList* out = nullptr;               // required; cleared and refilled
  // Optional: the meshes are drawn in shares on its threads; the command list is the same with any count.
  WorkerPool* pool = nullptr;
  // False: every mesh goes triangle by triangle, none is skipped whole (tests compare the two lists).
  bool skip_outside_meshes = true;
  // Points meshes, lines and points at the given arrays (which must outlive run()).
  void set_inputs(const std::vector<MeshInput>& m, const std::vector<OverlayLineInput>& l,
                  const std::vector<OverlayPointInput>& p) {
    meshes = m.data();
    mesh_count = static_cast<int>(m.size());
    lines = l.data();
    line_count = static_cast<int>(l.size());
    points = p.data();
    point_count = static_cast<int>(p.size());
  }
  GeometryStats* stats = nullptr;           // optional

  // False when a pointer is missing for a non-zero count, an index is out of range, an index count is
  // not a multiple of 3, or the camera is unusable (near >= far, fov outside (0, pi)).
  bool validate() const;
  // Validates, then fills *out. Returns false (out cleared) when validation fails.
  bool run() const;
};

// The projection used by the stage (OpenGL clip conventions), with the camera's zero-means-default.
glm::mat4 projection_matrix(const Camera& camera, float aspect);

// A distinct, bright colour per bone index for the weight view.
Rgba8 bone_debug_color(int bone_index);

}  // namespace cf
