#include "render/geometry_stage.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "render/clip.h"
#include "math/angles.h"
#include "render/round.h"

namespace cf {
namespace {


float fov_or_default(const Camera& c) { return c.fov_y_rad > 0 ? c.fov_y_rad : kPi / 3.0f; }
float near_or_default(const Camera& c) { return c.near_m > 0 ? c.near_m : 0.1f; }
float far_or_default(const Camera& c) { return c.far_m > 0 ? c.far_m : 200.0f; }

std::uint8_t to_byte(float v) { return unit_to_byte(v); }

// Maps clip space to the target: fixed-point pixels (snapped or not), window depth and 1/w.
struct Viewport {
  float w = 0, h = 0;
  bool snap = true;

  std::int32_t to_fixed(float pixels) const {
    // Clipping keeps real coordinates within the guard band; this only tames NaN/inf input.
    if (!(std::fabs(pixels) < 1e6f)) pixels = 0.0f;
    if (snap) return round_half_away(pixels) * kSubpixelOne;
    return round_half_away(pixels * static_cast<float>(kSubpixelOne));
  }
  void project(const glm::vec4& clip, std::int32_t* x, std::int32_t* y, float* depth, float* inv_w) const {
    const float iw = 1.0f / clip.w;
    const float nx = clip.x * iw, ny = clip.y * iw, nz = clip.z * iw;
    *x = to_fixed((nx * 0.5f + 0.5f) * w);
    *y = to_fixed((0.5f - ny * 0.5f) * h);
    *depth = std::min(std::max(nz * 0.5f + 0.5f, 0.0f), 1.0f);
    *inv_w = iw;
  }
};

// Signed doubled area in fixed-point screen space (y down): negative for counter-clockwise-from-outside
// faces, i.e. faces looking at the camera.
std::int64_t screen_area2(const ScreenVertex& v0, const ScreenVertex& v1, const ScreenVertex& v2) {
  const std::int64_t ax = v1.x - v0.x, ay = v1.y - v0.y;
  const std::int64_t bx = v2.x - v0.x, by = v2.y - v0.y;
  return ax * by - ay * bx;
}

struct MeshContext {
  const MeshInput* mesh = nullptr;
  bool weights = false;  // draw the weight view colours
  bool ground = false;
};

class Builder {
 public:
  Builder(const GeometryJob& job, GeometryStats* stats) : job_(job), s_(*job.scratch), stats_(stats) {
    target_size(job.settings, job.window_width, job.window_height, &vp_.w_px, &vp_.h_px);
    vp_.vp.w = static_cast<float>(vp_.w_px);
    vp_.vp.h = static_cast<float>(vp_.h_px);
    vp_.vp.snap = !job.settings.subpixel && !job.settings.modern;
    near_ = near_or_default(job.camera);
    far_ = far_or_default(job.camera);
    view_proj_ = projection_matrix(job.camera, vp_.vp.w / vp_.vp.h) * job.camera.view;
    buckets_ = ot_buckets(job.settings);
    subdivide_ = !job.settings.modern && !job.settings.whole_polygons;  // modern: perspective-correct
    inv_near_ = 1.0f / near_;
    inv_log_range_ = 1.0f / std::log(far_ / near_);
    const glm::vec3 d = job.lighting.sun_dir_ws;
    to_sun_ = glm::length(d) > 0 ? -glm::normalize(d) : glm::vec3(0.0f);
    fog_on_ = job.lighting.fog_end_m > job.lighting.fog_start_m;
    // Overlay sizes are given at the internal resolution; scale them for the modern target.
    px_scale_ = vp_.vp.h / static_cast<float>(internal_height(job.settings));
  }

  void build() {
    CommandList& out = *job_.out;
    out.clear();
    out.width = vp_.w_px;
    out.height = vp_.h_px;
    out.modern = job_.settings.modern;
    out.clear_color = job_.lighting.clear_color;
    out.fog_color = job_.lighting.fog_color;
    s_.unsorted.clear();
    s_.bucket.clear();
    for (int i = 0; i < job_.mesh_count; ++i) add_mesh(job_.meshes[i]);
    sort_into(&out.triangles);
    for (int i = 0; i < job_.line_count; ++i) add_line(job_.lines[i]);
    for (int i = 0; i < job_.point_count; ++i) add_point(job_.points[i]);
    if (stats_) {
      stats_->triangles_out = static_cast<int>(out.triangles.size());
      stats_->lines_out = static_cast<int>(out.lines.size());
    }
  }

 private:
  struct Target {
    int w_px = 0, h_px = 0;
    Viewport vp;
  };

  void add_mesh(const MeshInput& m) {
    MeshContext ctx;
    ctx.mesh = &m;
    ctx.weights = (job_.settings.overlay_mask & kOverlayWeights) != 0 && m.weight_colors != nullptr;
    ctx.ground = m.ground_layer;
    transform_vertices(ctx);
    const int tris = m.index_count / 3;
    if (stats_) stats_->triangles_in += tris;
    for (int t = 0; t < tris; ++t) {
      const std::uint32_t i0 = m.indices[3 * t], i1 = m.indices[3 * t + 1], i2 = m.indices[3 * t + 2];
      const std::uint16_t o0 = s_.outcode[i0], o1 = s_.outcode[i1], o2 = s_.outcode[i2];
      if (o0 & o1 & o2 & kOutsideMask) {
        if (stats_) ++stats_->culled_outside;
        continue;
      }
      if (((o0 | o1 | o2) & kClipMask) == 0) {
        // Unclipped: the corners' screen vertices were made once per vertex.
        const ScreenVertex &a = s_.screen[i0], &b = s_.screen[i1], &c = s_.screen[i2];
        const float wa = s_.clip[i0].w, wb = s_.clip[i1].w, wc = s_.clip[i2].w;
        if (subdivide_ && needs_split(a, b, c, wa, wb, wc) && front_facing(ctx, a, b, c)) {
          split(ctx, clip_vertex(ctx, i0), clip_vertex(ctx, i1), clip_vertex(ctx, i2), 0);
          continue;
        }
        emit_screen(ctx, a, b, c, wa, wb, wc);
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
          split(ctx, poly.v[0], poly.v[k], poly.v[k + 1], 0);
        } else {
          emit(ctx, poly.v[0], poly.v[k], poly.v[k + 1]);
        }
      }
    }
  }

  // Big near polygons, as console games did: the retro path maps textures affinely (linear in screen
  // space), which warps a triangle whose corners lie at very different depths. Edges are cut at their
  // midpoints in clip space (where attributes are exact) while their ends' depths differ by more than
  // kSplitDepthRatio and they span more than kSplitMinPx on screen. The rule looks at the edge alone,
  // so two triangles sharing an edge cut it alike and no cracks (T-junctions) open between them.
  static constexpr float kSplitDepthRatio = 1.25f;
  static constexpr std::int32_t kSplitMinPx = 24 * kSubpixelOne;
  static constexpr int kSplitLevels = 6;  // a backstop; the rule above ends sooner in practice

  static bool edge_needs_split(const ScreenVertex& p, const ScreenVertex& q, float wp, float wq) {
    if (!(std::max(wp, wq) > kSplitDepthRatio * std::min(wp, wq))) return false;
    return std::max(std::abs(p.x - q.x), std::abs(p.y - q.y)) > kSplitMinPx;
  }

  static bool needs_split(const ScreenVertex& a, const ScreenVertex& b, const ScreenVertex& c, float wa, float wb,
                          float wc) {
    return edge_needs_split(a, b, wa, wb) || edge_needs_split(b, c, wb, wc) || edge_needs_split(c, a, wc, wa);
  }

  bool front_facing(const MeshContext& ctx, const ScreenVertex& a, const ScreenVertex& b,
                    const ScreenVertex& c) const {
    const std::int64_t area = screen_area2(a, b, c);
    return area < 0 || (area > 0 && ctx.mesh->double_sided);
  }

  static ClipVertex midpoint(const ClipVertex& p, const ClipVertex& q) {
    ClipVertex m;  // symmetric in p and q, so both triangles of an edge make the same vertex
    m.pos = (p.pos + q.pos) * 0.5f;
    m.color = (p.color + q.color) * 0.5f;
    m.uv = (p.uv + q.uv) * 0.5f;
    m.fog = (p.fog + q.fog) * 0.5f;
    return m;
  }

  // Emits the triangle (inside the guard band, in front of the near plane), its long deep edges cut.
  void split(const MeshContext& ctx, const ClipVertex& a, const ClipVertex& b, const ClipVertex& c, int level) {
    const ScreenVertex sa = to_screen(a), sb = to_screen(b), sc = to_screen(c);
    const bool cut[3] = {level < kSplitLevels && edge_needs_split(sa, sb, a.pos.w, b.pos.w),
                         level < kSplitLevels && edge_needs_split(sb, sc, b.pos.w, c.pos.w),
                         level < kSplitLevels && edge_needs_split(sc, sa, c.pos.w, a.pos.w)};
    const int n = cut[0] + cut[1] + cut[2];
    if (n == 0) {
      emit_screen(ctx, sa, sb, sc, a.pos.w, b.pos.w, c.pos.w);
      return;
    }
    if (level == 0 && stats_) ++stats_->subdivided;
    const ClipVertex* v[3] = {&a, &b, &c};  // corner k starts edge k
    if (n == 3) {
      const ClipVertex ab = midpoint(a, b), bc = midpoint(b, c), ca = midpoint(c, a);
      split(ctx, a, ab, ca, level + 1);
      split(ctx, ab, b, bc, level + 1);
      split(ctx, ca, bc, c, level + 1);
      split(ctx, ab, bc, ca, level + 1);
      return;
    }
    // Rotate (keeping the winding) so that edge 0 is cut, and for two cuts edge 1 too.
    int r = 0;
    if (n == 1) {
      r = cut[0] ? 0 : cut[1] ? 1 : 2;
    } else {
      r = !cut[2] ? 0 : !cut[0] ? 1 : 2;  // the uncut edge becomes edge 2
    }
    const ClipVertex &p = *v[r], &q = *v[(r + 1) % 3], &o = *v[(r + 2) % 3];
    const ClipVertex pq = midpoint(p, q);
    if (n == 1) {
      split(ctx, p, pq, o, level + 1);
      split(ctx, pq, q, o, level + 1);
      return;
    }
    const ClipVertex qo = midpoint(q, o);
    split(ctx, pq, q, qo, level + 1);
    split(ctx, p, pq, qo, level + 1);
    split(ctx, p, qo, o, level + 1);
  }

  void transform_vertices(const MeshContext& ctx) {
    const MeshInput& m = *ctx.mesh;
    const auto n = static_cast<std::size_t>(m.vertex_count);
    if (s_.clip.size() < n) {
      s_.clip.resize(n);
      s_.color.resize(n);
      s_.fog.resize(n);
      s_.outcode.resize(n);
      s_.screen.resize(n);
    }
    const glm::mat4 mvp = view_proj_ * m.model_to_world;
    const glm::mat3 normal_to_world = glm::transpose(glm::inverse(glm::mat3(m.model_to_world)));
    const glm::vec3 base = glm::vec3(m.color.r, m.color.g, m.color.b) * (1.0f / 255.0f);
    const float fog_span = job_.lighting.fog_end_m - job_.lighting.fog_start_m;
    for (std::size_t i = 0; i < n; ++i) {
      const glm::vec4 c = mvp * glm::vec4(m.positions_ms[i], 1.0f);
      s_.clip[i] = c;
      s_.outcode[i] = outcode(c, kGuardBand);
      float lit = 1.0f;
      glm::vec3 light(1.0f);
      if (!m.unlit || ctx.weights) {
        const glm::vec3 nw = glm::normalize(normal_to_world * m.normals_ms[i]);
        lit = std::max(0.0f, glm::dot(nw, to_sun_));
        light = job_.lighting.ambient + job_.lighting.sun_color * lit;
      }
      Rgba8 out;
      if (ctx.weights) {
        // Weight view: the bone colour, shaded just enough to read the shape.
        const Rgba8 w = m.weight_colors[i];
        const float shade = 0.65f + 0.35f * lit;
        out = Rgba8{to_byte(w.r / 255.0f * shade), to_byte(w.g / 255.0f * shade), to_byte(w.b / 255.0f * shade),
                    255};
      } else {
        const glm::vec3 rgb = m.unlit ? base : base * light;
        out = Rgba8{to_byte(rgb.r), to_byte(rgb.g), to_byte(rgb.b), m.color.a};
      }
      s_.color[i] = out;
      // Clip w is the view distance along the camera axis.
      s_.fog[i] = fog_on_ ? to_byte((c.w - job_.lighting.fog_start_m) / fog_span) : 0;
      // Only vertices that need no clipping are drawn straight from here. This equals
      // to_screen(clip_vertex(i)): colour and fog bytes survive the float round trip unchanged
      // (unit_to_byte(b / 255) == b for every byte, a test checks), and UVs are copied.
      if ((s_.outcode[i] & kClipMask) == 0) {
        ScreenVertex& sv = s_.screen[i];
        vp_.vp.project(c, &sv.x, &sv.y, &sv.depth, &sv.inv_w);
        const glm::vec2 uv = (m.uvs && !ctx.weights) ? m.uvs[i] : glm::vec2(0.0f);
        sv.u = uv.x;
        sv.v = uv.y;
        sv.color = out;
        sv.fog = s_.fog[i];
      }
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

  ScreenVertex to_screen(const ClipVertex& c) const {
    ScreenVertex s;
    vp_.vp.project(c.pos, &s.x, &s.y, &s.depth, &s.inv_w);
    s.u = c.uv.x;
    s.v = c.uv.y;
    s.color = Rgba8{to_byte(c.color.r / 255.0f), to_byte(c.color.g / 255.0f), to_byte(c.color.b / 255.0f),
                    to_byte(c.color.a / 255.0f)};
    s.fog = c.fog > 0.0f ? static_cast<std::uint8_t>(round_half_away(std::min(c.fog, 255.0f))) : 0;
    return s;
  }

  void emit(const MeshContext& ctx, const ClipVertex& a, const ClipVertex& b, const ClipVertex& c) {
    emit_screen(ctx, to_screen(a), to_screen(b), to_screen(c), a.pos.w, b.pos.w, c.pos.w);
  }

  // wa, wb, wc: the corners' clip w (view distances), for the ordering-table bucket.
  void emit_screen(const MeshContext& ctx, const ScreenVertex& a, const ScreenVertex& b, const ScreenVertex& c,
                   float wa, float wb, float wc) {
    // Cull on the fixed-point corners before copying anything.
    const std::int64_t area = screen_area2(a, b, c);
    if (area == 0 || (area > 0 && !ctx.mesh->double_sided)) {
      if (stats_) ++stats_->culled_back;
      return;
    }
    ScreenTriangle t;
    t.v[0] = a;
    t.v[1] = b;
    t.v[2] = c;
    t.texture = ctx.weights ? kNoTexture : ctx.mesh->texture;
    // Ordering-table bucket from the average view distance, logarithmic between near and far: every
    // bucket spans the same depth ratio (~0.2 % at 4096), so limbs a few centimetres in front of the
    // body sort in front of it at any distance (linear buckets were 20 cm deep and left arm and
    // torso to submission order).
    const float avg_w = (wa + wb + wc) * (1.0f / 3.0f);
    const float f = avg_w > near_ ? std::log(avg_w * inv_near_) * inv_log_range_ : 0.0f;
    int bucket = 0;
    if (f >= 1.0f) {
      bucket = buckets_ - 1;
    } else if (f > 0.0f) {  // NaN stays in bucket 0
      bucket = std::min(static_cast<int>(f * static_cast<float>(buckets_)), buckets_ - 1);
    }
    // Drawing order key: ground layer first, then everything else; far buckets before near ones.
    const int key = (ctx.ground ? 0 : buckets_) + (buckets_ - 1 - bucket);
    s_.unsorted.push_back(t);
    s_.bucket.push_back(key);
  }

  // Stable counting sort by key: the walk of the ordering table, back to front.
  void sort_into(std::vector<ScreenTriangle>* out) {
    const auto keys = static_cast<std::size_t>(2 * buckets_);
    s_.counts.assign(keys + 1, 0);
    for (std::int32_t k : s_.bucket) ++s_.counts[static_cast<std::size_t>(k) + 1];
    for (std::size_t k = 1; k <= keys; ++k) s_.counts[k] += s_.counts[k - 1];
    out->resize(s_.unsorted.size());
    for (std::size_t i = 0; i < s_.unsorted.size(); ++i) {
      const auto k = static_cast<std::size_t>(s_.bucket[i]);
      (*out)[static_cast<std::size_t>(s_.counts[k]++)] = s_.unsorted[i];
    }
  }

  void push_line(const glm::vec4& a, const glm::vec4& b, Rgba8 color, std::uint32_t kind) {
    glm::vec4 p0 = a, p1 = b;
    if (!clip_segment(&p0, &p1, kGuardBand)) return;
    ScreenLine l;
    float d, iw;
    vp_.vp.project(p0, &l.x0, &l.y0, &d, &iw);
    vp_.vp.project(p1, &l.x1, &l.y1, &d, &iw);
    l.color = color;
    l.kind = kind;
    job_.out->lines.push_back(l);
  }

  void add_line(const OverlayLineInput& in) {
    if ((in.kind & job_.settings.overlay_mask) == 0) return;
    push_line(view_proj_ * glm::vec4(in.a_ws, 1.0f), view_proj_ * glm::vec4(in.b_ws, 1.0f), in.color, in.kind);
  }

  // A diamond of four lines around the projected point, sized in pixels.
  void add_point(const OverlayPointInput& in) {
    if ((in.kind & job_.settings.overlay_mask) == 0) return;
    const glm::vec4 c = view_proj_ * glm::vec4(in.p_ws, 1.0f);
    if (outcode(c, kGuardBand) != 0) return;
    const float r_px = (in.radius_px > 0 ? in.radius_px : 2.0f) * px_scale_;
    // Offsets in clip space that move r_px pixels on screen.
    const float dx = r_px * 2.0f / vp_.vp.w * c.w, dy = r_px * 2.0f / vp_.vp.h * c.w;
    const glm::vec4 e(c.x + dx, c.y, c.z, c.w), n(c.x, c.y + dy, c.z, c.w);
    const glm::vec4 w(c.x - dx, c.y, c.z, c.w), s(c.x, c.y - dy, c.z, c.w);
    push_line(e, n, in.color, in.kind);
    push_line(n, w, in.color, in.kind);
    push_line(w, s, in.color, in.kind);
    push_line(s, e, in.color, in.kind);
  }

  const GeometryJob& job_;
  GeometryScratch& s_;
  GeometryStats* stats_;
  Target vp_;
  float near_ = 0.1f, far_ = 200.0f;
  bool subdivide_ = true;
  float inv_near_ = 10.0f, inv_log_range_ = 1.0f;  // for the logarithmic ordering table
  glm::mat4 view_proj_{1.0f};
  int buckets_ = kDefaultOtBuckets;
  glm::vec3 to_sun_{0.0f};
  bool fog_on_ = false;
  float px_scale_ = 1.0f;
};

}  // namespace

glm::mat4 projection_matrix(const Camera& camera, float aspect) {
  return glm::perspective(fov_or_default(camera), aspect, near_or_default(camera), far_or_default(camera));
}

bool GeometryJob::validate() const {
  if (!scratch || !out) return false;
  if (mesh_count < 0 || line_count < 0 || point_count < 0) return false;
  if ((mesh_count > 0 && !meshes) || (line_count > 0 && !lines) || (point_count > 0 && !points)) return false;
  const float fov = fov_or_default(camera), n = near_or_default(camera), f = far_or_default(camera);
  if (!(fov > 0 && fov < kPi) || !(n > 0 && n < f) || !std::isfinite(f)) return false;
  if (settings.internal_width < 0 || settings.internal_height < 0 || settings.ot_buckets < 0) return false;
  if (settings.internal_width > 4096 || settings.internal_height > 4096 || settings.ot_buckets > (1 << 20)) {
    return false;
  }
  for (int i = 0; i < mesh_count; ++i) {
    const MeshInput& m = meshes[i];
    if (m.vertex_count < 0 || m.index_count < 0 || m.index_count % 3 != 0) return false;
    if (m.vertex_count > 0 && (!m.positions_ms || !m.normals_ms)) return false;
    if (m.index_count > 0 && !m.indices) return false;
    // The largest index, in a loop the compiler vectorizes, then one comparison.
    std::uint32_t top = 0;
    for (int k = 0; k < m.index_count; ++k) top = std::max(top, m.indices[k]);
    if (m.index_count > 0 && top >= static_cast<std::uint32_t>(m.vertex_count)) return false;
  }
  return true;
}

bool GeometryJob::run() const {
  if (!validate()) {
    if (out) out->clear();
    return false;
  }
  if (stats) *stats = GeometryStats{};
  Builder(*this, stats).build();
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
