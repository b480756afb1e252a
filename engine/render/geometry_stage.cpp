// The geometry stage's front: each mesh's vertices transformed, lit, fogged and projected once, its
// triangles culled, clipped or split into the ordering table; then the overlays.
#include "render/geometry_stage.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "core/worker_pool.h"
#include "math/angles.h"
#include "render/camera_defaults.h"
#include "render/clip.h"
#include "render/mesh_cull.h"
#include "render/ordering_table.h"
#include "render/overlay_lines.h"
#include "render/place_vertices.h"
#include "render/round.h"
#include "render/screen_projection.h"
#include "render/subdivision.h"

namespace cf {
namespace {

std::uint8_t to_byte(float v) { return unit_to_byte(v); }

struct MeshContext {
  const MeshInput* mesh = nullptr;
  bool weights = false;  // draw the weight view colours
  FaceStyle style;
  glm::mat3 normal_to_world{1.0f};
  glm::vec3 base{1.0f};  // the flat colour, 0..1
};

// What every mesh of the frame is drawn with.
struct Frame {
  explicit Frame(const GeometryJob& j) : job(j) {
    target_size(job.settings, job.window_width, job.window_height, &w_px, &h_px);
    viewport.w = static_cast<float>(w_px);
    viewport.h = static_cast<float>(h_px);
    viewport.snap = !job.settings.subpixel && !job.settings.modern;
    view_proj = projection_matrix(job.camera, viewport.w / viewport.h) * job.camera.view;
    // Splitting only fights the affine warp: perspective-correct texturing has none.
    subdivide = !job.settings.modern && !job.settings.perspective_correct && !job.settings.whole_polygons;
    const glm::vec3 d = job.lighting.sun_dir_ws;
    to_sun = glm::length(d) > 0 ? -glm::normalize(d) : glm::vec3(0.0f);
    fog_on = job.lighting.fog_end_m > job.lighting.fog_start_m;
  }
  const GeometryJob& job;
  int w_px = 0, h_px = 0;
  Viewport viewport;
  bool subdivide = true;
  glm::mat4 view_proj{1.0f};
  glm::vec3 to_sun{0.0f};
  bool fog_on = false;
};

void grow_vertex_buffers(GeometryScratch* s, std::size_t n) {
  if (s->clip.size() >= n) return;
  s->clip.resize(n);
  s->color.resize(n);
  s->fog.resize(n);
  s->outcode.resize(n);
  s->screen.resize(n);
  s->xy.resize(2 * n);
  s->shaded.resize(n);
  s->shade_list.resize(n);
}

// A mesh wholly outside the view: each of its triangles would be dropped as outside one by one.
bool mesh_outside(const Frame& f, const MeshInput& m) {
  return f.job.skip_outside_meshes && m.index_count > 0 &&
         box_outside(mesh_box(m.positions_ms, m.vertex_count), f.view_proj * m.model_to_world);
}

// Meshes into one scratch's ordering table.
class MeshWriter {
 public:
  MeshWriter(const Frame& f, GeometryScratch* scratch, GeometryStats* stats)
      : frame_(f),
        job_(f.job),
        s_(*scratch),
        stats_(stats),
        table_(near_or_default(f.job.camera), far_or_default(f.job.camera), ot_buckets(f.job.settings), scratch),
        viewport_(f.viewport),
        subdivide_(f.subdivide),
        view_proj_(f.view_proj),
        to_sun_(f.to_sun),
        fog_on_(f.fog_on) {}

  OrderingTable& table() { return table_; }

  // outside: mesh_outside(m) when already asked, -1 when not.
  void add_mesh(const MeshInput& m, int outside = -1) {
    const int tris = m.index_count / 3;
    if (stats_) stats_->triangles_in += tris;
    if (tris == 0) return;
    if (outside < 0) outside = mesh_outside(frame_, m) ? 1 : 0;
    if (outside) {  // every triangle outside one plane: counted as the per-triangle path counts them
      if (stats_) {
        stats_->culled_outside += tris;
        ++stats_->meshes_outside;
      }
      return;
    }
    MeshContext ctx;
    ctx.mesh = &m;
    ctx.weights = (job_.settings.overlay_mask & kOverlayWeights) != 0 && m.weight_colors != nullptr;
    ctx.style.double_sided = m.double_sided;
    ctx.style.sky = m.sky;
    ctx.style.sort_bias_m = m.sort_bias_m;
    ctx.style.ground = m.ground_layer;
    ctx.style.floor_mark = m.floor_mark;
    ctx.style.texture = ctx.weights ? kNoTexture : m.texture;
    ctx.style.clut = ctx.weights ? std::int16_t{-1} : m.clut;
    place_mesh(ctx);
    const int kept = keep_triangles(m);
    shade_kept(ctx, kept);
    for (int k = 0; k < kept; ++k) {
      const int t = s_.kept[static_cast<std::size_t>(k)];
      const std::uint32_t i0 = m.indices[3 * t], i1 = m.indices[3 * t + 1], i2 = m.indices[3 * t + 2];
      const std::uint16_t o0 = s_.outcode[i0], o1 = s_.outcode[i1], o2 = s_.outcode[i2];
      if (((o0 | o1 | o2) & kClipMask) == 0) {
        // Unclipped and facing the camera: the corners' screen vertices were made once per vertex.
        const ScreenVertex &a = s_.screen[i0], &b = s_.screen[i1], &c = s_.screen[i2];
        const float wa = s_.clip[i0].w, wb = s_.clip[i1].w, wc = s_.clip[i2].w;
        if (subdivide_ && needs_split(a, b, c, wa, wb, wc)) {
          subdivide_into(viewport_, ctx.style, clip_vertex(ctx, i0), clip_vertex(ctx, i1), clip_vertex(ctx, i2),
                         &table_, stats_);
          continue;
        }
        table_.add_face(ctx.style, a, b, c, wa, wb, wc, stats_);
        continue;
      }
      ClipPolygon poly;
      poly.count = 3;
      poly.v[0] = clip_vertex(ctx, i0);
      poly.v[1] = clip_vertex(ctx, i1);
      poly.v[2] = clip_vertex(ctx, i2);
      clip_polygon(&poly, kGuardBand);
      if (stats_) ++stats_->clipped;
      if (poly.count < 3) {
        if (stats_) ++stats_->culled_outside;
        continue;
      }
      for (int k = 1; k + 1 < poly.count; ++k) {
        if (subdivide_) {
          subdivide_into(viewport_, ctx.style, poly.v[0], poly.v[k], poly.v[k + 1], &table_, stats_);
        } else {
          const ClipVertex &a = poly.v[0], &b = poly.v[k], &c = poly.v[k + 1];
          table_.add_face(ctx.style, to_screen(viewport_, a), to_screen(viewport_, b), to_screen(viewport_, c),
                          a.pos.w, b.pos.w, c.pos.w, stats_);
        }
      }
    }
  }

 private:
  // The triangles to draw or clip into s_.kept, in order; the others counted as wholly outside or back-facing
  // (or of zero area: most of a small creature's on the snapped grid). No branch on the verdict: in a herd it
  // goes either way at random and mispredicted. Returns the count kept.
  int keep_triangles(const MeshInput& m) {
    const int tris = m.index_count / 3;
    if (s_.kept.size() < static_cast<std::size_t>(tris)) s_.kept.resize(static_cast<std::size_t>(tris));
    std::int32_t* const kept = s_.kept.data();
    const std::uint32_t* const idx = m.indices;
    const std::uint16_t* const code = s_.outcode.data();
    const std::int32_t* const xy = s_.xy.data();
    const bool double_sided = m.double_sided;
    int n = 0, outside = 0, back = 0;
    for (int t = 0; t < tris; ++t) {
      const std::uint32_t i0 = idx[3 * t], i1 = idx[3 * t + 1], i2 = idx[3 * t + 2];
      const unsigned o0 = code[i0], o1 = code[i1], o2 = code[i2];
      const int out = (o0 & o1 & o2 & kOutsideMask) != 0 ? 1 : 0;
      const int clip = ((o0 | o1 | o2) & kClipMask) != 0 ? 1 : 0;
      // A clipped corner's screen vertex is stale (but harmless): the clip flag decides first.
      const std::int64_t x0 = xy[2 * i0], y0 = xy[2 * i0 + 1];  // screen_area2() on the packed corners
      const std::int64_t area = (xy[2 * i1] - x0) * (xy[2 * i2 + 1] - y0) - (xy[2 * i1 + 1] - y0) * (xy[2 * i2] - x0);
      const int front = static_cast<int>(area < 0) | (static_cast<int>(area > 0) & static_cast<int>(double_sided));
      kept[n] = t;
      n += (1 - out) & (clip | front);
      outside += out;
      back += (1 - out) & (1 - clip) & (1 - front);
    }
    if (stats_) {
      stats_->culled_outside += outside;
      stats_->culled_back += back;
    }
    return n;
  }

  // Clip position, outcode and (when it needs no clipping) screen position of every vertex; colour and fog
  // wait for shade_kept(): most vertices only belong to back faces or triangles too small to draw.
  void place_mesh(MeshContext& ctx) {
    const MeshInput& m = *ctx.mesh;
    const auto n = static_cast<std::size_t>(m.vertex_count);
    grow_vertex_buffers(&s_, n);
    ctx.normal_to_world = glm::transpose(glm::inverse(glm::mat3(m.model_to_world)));
    ctx.base = glm::vec3(m.color.r, m.color.g, m.color.b) * (1.0f / 255.0f);
    PlacedVertices out;
    out.clip = s_.clip.data();
    out.outcode = s_.outcode.data();
    out.screen = s_.screen.data();
    out.xy = s_.xy.data();
    place_vertices(view_proj_ * m.model_to_world, m.positions_ms, m.vertex_count, viewport_, out);
    std::fill(s_.shaded.begin(), s_.shaded.begin() + static_cast<std::ptrdiff_t>(n), std::uint8_t{0});
  }

  // The kept triangles' vertices lit and fogged, each once, in vertex order; without a branch per use (a
  // vertex's first use or a later one went either way at random).
  void shade_kept(const MeshContext& ctx, int kept) {
    const MeshInput& m = *ctx.mesh;
    std::uint8_t* const used = s_.shaded.data();
    for (int k = 0; k < kept; ++k) {
      const int t = s_.kept[static_cast<std::size_t>(k)];
      used[m.indices[3 * t]] = used[m.indices[3 * t + 1]] = used[m.indices[3 * t + 2]] = 1;
    }
    std::uint32_t* const list = s_.shade_list.data();
    int n = 0;
    for (int i = 0; i < m.vertex_count; ++i) {
      list[n] = static_cast<std::uint32_t>(i);
      n += used[i];
    }
    for (int k = 0; k < n; ++k) shade(ctx, list[k]);
  }

  // A vertex's lit colour and fog (and its screen vertex's, when it needs no clipping).
  void shade(const MeshContext& ctx, std::uint32_t i) {
    const MeshInput& m = *ctx.mesh;
    float lit = 1.0f;
    glm::vec3 light(1.0f);
    if (!m.unlit || ctx.weights) {
      const glm::vec3 nw = glm::normalize(ctx.normal_to_world * m.normals_ms[i]);
      lit = std::max(0.0f, glm::dot(nw, to_sun_));
      light = job_.lighting.ambient + job_.lighting.sun_color * lit;
    }
    Rgba8 out;
    if (ctx.weights) {
      // Weight view: the bone colour, shaded just enough to read the shape.
      const Rgba8 w = m.weight_colors[i];
      const float shade = 0.65f + 0.35f * lit;
      out = Rgba8{to_byte(w.r / 255.0f * shade), to_byte(w.g / 255.0f * shade), to_byte(w.b / 255.0f * shade),
                  m.color.a};
    } else {
      glm::vec3 base = ctx.base;
      if (m.vertex_colors) {
        const Rgba8 vc = m.vertex_colors[i];
        base *= glm::vec3(vc.r, vc.g, vc.b) * (1.0f / 255.0f);
      }
      const glm::vec3 rgb = m.unlit ? base : base * light;
      out = Rgba8{to_byte(rgb.r), to_byte(rgb.g), to_byte(rgb.b), m.color.a};
    }
    s_.color[i] = out;
    // Clip w is the view distance along the camera axis.
    const float fog_span = job_.lighting.fog_end_m - job_.lighting.fog_start_m;
    s_.fog[i] = fog_on_ && !m.sky ? to_byte((s_.clip[i].w - job_.lighting.fog_start_m) / fog_span) : 0;
    // Only vertices that need no clipping are drawn straight from here. This equals
    // to_screen(clip_vertex(i)): colour and fog bytes survive the float round trip unchanged
    // (unit_to_byte(b / 255) == b for every byte, a test checks), and UVs are copied.
    if ((s_.outcode[i] & kClipMask) == 0) {
      ScreenVertex& sv = s_.screen[i];
      const glm::vec2 uv = (m.uvs && !ctx.weights) ? m.uvs[i] : glm::vec2(0.0f);
      sv.u = uv.x;
      sv.v = uv.y;
      sv.color = out;
      sv.fog = s_.fog[i];
    }
  }

  ClipVertex clip_vertex(const MeshContext& ctx, std::uint32_t i) const {
    ClipVertex v;
    v.pos = s_.clip[i];
    const Rgba8 c = s_.color[i];
    v.color = glm::vec4(c.r, c.g, c.b, c.a);
    v.fog = s_.fog[i];
    v.uv = (ctx.mesh->uvs && !ctx.weights) ? ctx.mesh->uvs[i] : glm::vec2(0.0f);
    return v;
  }

  const Frame& frame_;
  const GeometryJob& job_;
  GeometryScratch& s_;
  GeometryStats* stats_;
  OrderingTable table_;
  Viewport viewport_;
  bool subdivide_ = true;
  glm::mat4 view_proj_{1.0f};
  glm::vec3 to_sun_{0.0f};
  bool fog_on_ = false;
};

int triangles_of(const MeshInput& m) { return m.index_count / 3; }

// One share per thread when a pool is given and there is more than one mesh.
int share_count(const GeometryJob& job) {
  if (!job.pool || job.pool->threads() < 2 || job.mesh_count < 2) return 1;
  return std::min(job.pool->threads(), job.mesh_count);
}

// The meshes in n contiguous shares of about equal triangle counts, each drawn on a thread into its own
// scratch, then walked as one table in mesh order: the list is the one-thread list, triangle for triangle.
void draw_shares(const Frame& frame, int n, std::vector<ScreenTriangle>* out) {
  const GeometryJob& job = frame.job;
  GeometryScratch& s = *job.scratch;
  if (static_cast<int>(s.shares.size()) < n) s.shares.resize(static_cast<std::size_t>(n));
  s.share_begin.resize(static_cast<std::size_t>(n) + 1);
  s.share_stats.resize(static_cast<std::size_t>(n));
  // The meshes wholly outside first (on the threads): they cost next to nothing, so the shares balance the rest.
  s.mesh_outside.resize(static_cast<std::size_t>(job.mesh_count));
  job.pool->for_each(job.mesh_count, [&](int i) {
    s.mesh_outside[static_cast<std::size_t>(i)] = mesh_outside(frame, job.meshes[i]) ? 1 : 0;
  });
  auto cost = [&](int i) { return s.mesh_outside[static_cast<std::size_t>(i)] ? 0 : triangles_of(job.meshes[i]); };
  long long total = 0;
  int most_vertices = 0, most_triangles = 0;
  for (int i = 0; i < job.mesh_count; ++i) {
    total += cost(i);
    most_vertices = std::max(most_vertices, job.meshes[i].vertex_count);
    most_triangles = std::max(most_triangles, triangles_of(job.meshes[i]));
  }
  // A share ends at the mesh whose middle passes its part of the drawn meshes' triangles.
  int mesh = 0;
  long long done = 0;
  s.share_begin[0] = 0;
  for (int k = 1; k < n; ++k) {
    const long long goal = total * k / n;
    while (mesh < job.mesh_count && 2 * done + cost(mesh) <= 2 * goal) done += cost(mesh++);
    s.share_begin[static_cast<std::size_t>(k)] = mesh;
  }
  s.share_begin[static_cast<std::size_t>(n)] = job.mesh_count;
  // Every share sized as the largest so far, and twice the most one has kept (the headroom a growing
  // vector keeps): meshes move between shares and poses change from frame to frame, and a warm frame
  // must not allocate.
  std::size_t room = 2 * s.share_peak;
  for (int k = 0; k < n; ++k) room = std::max(room, s.shares[static_cast<std::size_t>(k)].unsorted.capacity());
  for (int k = 0; k < n; ++k) {
    GeometryScratch& share = s.shares[static_cast<std::size_t>(k)];
    grow_vertex_buffers(&share, static_cast<std::size_t>(most_vertices));
    const auto tris = static_cast<std::size_t>(most_triangles);
    if (share.kept.size() < tris) share.kept.resize(tris);
    share.unsorted.reserve(room);
    share.bucket.reserve(room);
  }
  job.pool->for_each(n, [&](int k) {
    const auto kk = static_cast<std::size_t>(k);
    GeometryStats* stats = job.stats ? &s.share_stats[kk] : nullptr;
    if (stats) *stats = GeometryStats{};
    MeshWriter writer(frame, &s.shares[kk], stats);
    for (int i = s.share_begin[kk]; i < s.share_begin[kk + 1]; ++i) {
      writer.add_mesh(job.meshes[i], s.mesh_outside[static_cast<std::size_t>(i)]);
    }
    writer.table().count_keys();
  });
  for (int k = 0; k < n; ++k) s.share_peak = std::max(s.share_peak, s.shares[static_cast<std::size_t>(k)].unsorted.size());
  out->resize(OrderingTable::place_runs(s.shares.data(), n, ot_buckets(job.settings)));
  ScreenTriangle* const dst = out->data();
  job.pool->for_each(n, [&](int k) { OrderingTable::scatter_run(&s.shares[static_cast<std::size_t>(k)], dst); });
  if (job.stats) {
    for (int k = 0; k < n; ++k) {
      const GeometryStats& st = s.share_stats[static_cast<std::size_t>(k)];
      job.stats->triangles_in += st.triangles_in;
      job.stats->culled_back += st.culled_back;
      job.stats->culled_outside += st.culled_outside;
      job.stats->meshes_outside += st.meshes_outside;
      job.stats->clipped += st.clipped;
      job.stats->subdivided += st.subdivided;
    }
  }
}

void build(const GeometryJob& job) {
  const Frame frame(job);
  CommandList& out = *job.out;
  // The triangles are kept: the table's walk overwrites every one, and clearing them first made the
  // walk construct each again (a tenth of the stage's time).
  out.lines.clear();
  out.texts.clear();
  out.width = frame.w_px;
  out.height = frame.h_px;
  out.modern = job.settings.modern;
  out.perspective = job.settings.modern || job.settings.perspective_correct;
  out.dither = !job.settings.modern && !job.settings.no_dither;
  out.clear_color = job.lighting.clear_color;
  out.fog_color = job.lighting.fog_color;
  const int shares = share_count(job);
  if (shares > 1) {
    draw_shares(frame, shares, &out.triangles);
  } else {
    MeshWriter writer(frame, job.scratch, job.stats);
    for (int i = 0; i < job.mesh_count; ++i) writer.add_mesh(job.meshes[i]);
    writer.table().sort_into(&out.triangles);
  }
  OverlayProjection overlays;
  overlays.view_proj = frame.view_proj;
  overlays.viewport = frame.viewport;
  overlays.mask = job.settings.overlay_mask;
  // Overlay sizes are given at the internal resolution; scale them for the modern target.
  overlays.px_scale = frame.viewport.h / static_cast<float>(internal_height(job.settings));
  for (int i = 0; i < job.line_count; ++i) add_overlay_line(overlays, job.lines[i], &out);
  for (int i = 0; i < job.point_count; ++i) add_overlay_point(overlays, job.points[i], &out);
  if (job.stats) {
    job.stats->triangles_out = static_cast<int>(out.triangles.size());
    job.stats->lines_out = static_cast<int>(out.lines.size());
  }
}

}  // namespace

glm::mat4 projection_matrix(const Camera& camera, float aspect) {
  glm::mat4 p = glm::perspective(fov_or_default(camera), aspect, near_or_default(camera), far_or_default(camera));
  // Clip x gains shift_x * w: every point moves the same share of the half width, clipping unchanged.
  if (std::isfinite(camera.shift_x) && camera.shift_x != 0.0f)
    for (int c = 0; c < 4; ++c) p[c][0] += camera.shift_x * p[c][3];
  if (std::isfinite(camera.shift_y) && camera.shift_y != 0.0f)
    for (int c = 0; c < 4; ++c) p[c][1] += camera.shift_y * p[c][3];
  return p;
}
bool GeometryJob::run() const {
  if (!validate()) {
    if (out) out->clear();
    return false;
  }
  if (stats) *stats = GeometryStats{};
  build(*this);
  return true;
}

Rgba8 bone_debug_color(int bone_index) {
  // Well-separated hues: golden-ratio steps around the colour wheel, full saturation.
  static constexpr Rgba8 kPalette[12] = {
      {230, 25, 75, 255},  {60, 180, 75, 255},   {255, 225, 25, 255}, {0, 130, 200, 255},
      {245, 130, 48, 255}, {145, 30, 180, 255},  {70, 240, 240, 255}, {240, 50, 230, 255},
      {210, 245, 60, 255}, {250, 190, 212, 255}, {0, 128, 128, 255},  {170, 110, 40, 255}};
  if (bone_index < 0) return Rgba8{128, 128, 128, 255};
  return kPalette[bone_index % 12];
}

}  // namespace cf
