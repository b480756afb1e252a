#include "game/view/world_look.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "render/round.h"
#include "world/ground_query.h"

namespace cf {
namespace {

constexpr float kGroundUvPerM = 0.5f;
constexpr float kCoarseStep_m = 8.0f;  // ground lines beyond the terrain (flat: only far fogged ground)

Rgba8 rgb(float r, float g, float b) {
  return Rgba8{unit_to_byte(r), unit_to_byte(g), unit_to_byte(b), 255};
}

// Appends 'src' moved by 'to', each vertex coloured by 'color' (and the top lighter by 'lift').
void append(MeshData* m, const MeshData& src, const glm::mat4& to, Rgba8 color, Rgba8 top, float top_y0,
            float top_y1) {
  const auto base = static_cast<std::uint32_t>(m->positions_ms.size());
  const glm::mat3 n_to = glm::transpose(glm::inverse(glm::mat3(to)));
  for (std::size_t i = 0; i < src.positions_ms.size(); ++i) {
    const glm::vec3 p = glm::vec3(to * glm::vec4(src.positions_ms[i], 1.0f));
    m->positions_ms.push_back(p);
    m->normals_ms.push_back(glm::normalize(n_to * src.normals_ms[i]));
    m->uvs.push_back(src.uvs.empty() ? glm::vec2(0.0f) : src.uvs[i]);
    m->colors.push_back(mix_color(color, top, (p.y - top_y0) / std::max(1e-3f, top_y1 - top_y0)));
  }
  for (std::uint32_t i : src.indices) m->indices.push_back(base + i);
}

// A fixed, gentle wobble of a blob's vertices (deterministic: from the vertex's direction), so rocks and
// bushes are lumps, not balls. Poles and seams keep their shared positions.
void wobble(MeshData* m, float amount) {
  for (glm::vec3& p : m->positions_ms) {
    const float k = std::sin(p.x * 7.1f + p.y * 3.3f) * std::cos(p.z * 5.7f - p.y * 2.1f);
    p *= 1.0f + amount * k;
  }
}

// A cone (apex up) of the given radius and height on y = 0: a ring of 'sides' triangles and its base.
MeshData make_cone(float radius, float height, int sides) {
  MeshData m;
  constexpr float kTau = 6.2831853f;
  const float slope = radius / std::max(height, 1e-3f);
  for (int s = 0; s < sides; ++s) {
    const float a0 = kTau * static_cast<float>(s) / sides, a1 = kTau * static_cast<float>(s + 1) / sides;
    const glm::vec3 p0(std::sin(a0) * radius, 0, std::cos(a0) * radius), p1(std::sin(a1) * radius, 0, std::cos(a1) * radius);
    const glm::vec3 n0 = glm::normalize(glm::vec3(std::sin(a0), slope, std::cos(a0)));
    const glm::vec3 n1 = glm::normalize(glm::vec3(std::sin(a1), slope, std::cos(a1)));
    const auto b = static_cast<std::uint32_t>(m.positions_ms.size());
    m.positions_ms.insert(m.positions_ms.end(), {p0, p1, glm::vec3(0, height, 0), p1, p0, glm::vec3(0)});
    m.normals_ms.insert(m.normals_ms.end(),
                        {n0, n1, glm::normalize(n0 + n1), glm::vec3(0, -1, 0), glm::vec3(0, -1, 0), glm::vec3(0, -1, 0)});
    m.uvs.insert(m.uvs.end(), 6, glm::vec2(0.0f));
    m.indices.insert(m.indices.end(), {b, b + 1, b + 2, b + 3, b + 4, b + 5});
  }
  return m;
}

}  // namespace

Rgba8 ground_tint(float slope_deg, float height01) {
  const float h = std::clamp(height01, 0.0f, 1.0f);
  // Hollows a little dark and cool, tops sunlit and pale.
  glm::vec3 c = glm::mix(glm::vec3(0.74f, 0.80f, 0.76f), glm::vec3(1.0f, 1.0f, 0.86f), std::pow(h, 0.8f));
  // A slope dries towards straw before it turns to earth.
  const float s = std::clamp((slope_deg - 6.0f) / (kEarthSlope_deg - 6.0f), 0.0f, 1.0f);
  c = glm::mix(c, glm::vec3(0.98f, 0.86f, 0.66f), 0.65f * s);
  return rgb(c.r, c.g, c.b);
}

std::vector<float> ground_lines(float lo, float hi, float fine_lo, float fine_hi, float fine_step, float coarse_step) {
  std::vector<float> out;
  auto coarse = [&](float a, float b) {  // a included, b not
    const int n = std::max(1, static_cast<int>(std::ceil((b - a) / coarse_step - 1e-4f)));
    for (int k = 0; k < n; ++k) out.push_back(a + (b - a) * static_cast<float>(k) / static_cast<float>(n));
  };
  fine_lo = std::max(fine_lo, lo);
  fine_hi = std::min(fine_hi, hi);
  if (!(fine_hi > fine_lo) || !(fine_step > 0.0f)) {
    coarse(lo, hi);
    out.push_back(hi);
    return out;
  }
  if (fine_lo > lo + 1e-3f) coarse(lo, fine_lo);
  const int n = std::max(1, static_cast<int>(std::lround((fine_hi - fine_lo) / fine_step)));
  for (int k = 0; k < n; ++k) out.push_back(fine_lo + (fine_hi - fine_lo) * static_cast<float>(k) / static_cast<float>(n));
  if (fine_hi < hi - 1e-3f) coarse(fine_hi, hi);
  out.push_back(hi);
  return out;
}

GroundLook build_ground_look(const Level& lv) {
  GroundLook g;
  const float half = lv.ground_half_size;
  if (!lv.terrain.present()) {
    g.mesh = make_ground_mesh(half, std::clamp(static_cast<int>(half), 1, 64), kGroundUvPerM);
    g.grass = g.mesh.indices;
    return g;
  }
  // Drawn past the walkable square to where the fog has it all: no edge of the world shows.
  const float drawn = std::max(half, kDrawnGroundHalf_m);
  const Terrain& t = lv.terrain;
  const float x1 = t.origin_xz.x + t.cell_m * static_cast<float>(t.columns - 1);
  const float z1 = t.origin_xz.y + t.cell_m * static_cast<float>(t.rows - 1);
  const std::vector<float> xs = ground_lines(-drawn, drawn, t.origin_xz.x, x1, t.cell_m, kCoarseStep_m);
  const std::vector<float> zs = ground_lines(-drawn, drawn, t.origin_xz.y, z1, t.cell_m, kCoarseStep_m);
  const auto [lo_it, hi_it] = std::minmax_element(t.heights_m.begin(), t.heights_m.end());
  const float lo = std::min(*lo_it, lv.ground_y), hi = std::max(*hi_it, lv.ground_y);
  MeshData& m = g.mesh;
  for (float z : zs) {
    for (float x : xs) {
      GroundPoint p;
      p.y = lv.ground_y;
      p.normal = glm::vec3(0, 1, 0);
      terrain_at(t, x, z, &p);
      m.positions_ms.push_back(glm::vec3(x, p.y - lv.ground_y, z));
      m.normals_ms.push_back(p.normal);
      m.uvs.push_back(glm::vec2(x, z) * kGroundUvPerM);
      const float slope = glm::degrees(std::acos(std::clamp(p.normal.y, -1.0f, 1.0f)));
      m.colors.push_back(ground_tint(slope, hi > lo ? (p.y - lo) / (hi - lo) : 0.0f));
    }
  }
  const auto cols = static_cast<std::uint32_t>(xs.size());
  const float earth_cos = std::cos(glm::radians(kEarthSlope_deg));
  for (std::uint32_t r = 0; r + 1 < zs.size(); ++r) {
    for (std::uint32_t c = 0; c + 1 < cols; ++c) {
      const std::uint32_t a = r * cols + c, b = a + 1, d = a + cols, e = d + 1;
      const std::uint32_t tris[2][3] = {{a, d, b}, {b, d, e}};
      for (const auto& tri : tris) {
        const glm::vec3 n = glm::cross(m.positions_ms[tri[1]] - m.positions_ms[tri[0]],
                                       m.positions_ms[tri[2]] - m.positions_ms[tri[0]]);
        const float len = glm::length(n);
        const bool earth = len > 0.0f && n.y / len < earth_cos;
        const bool raised = std::max({m.positions_ms[tri[0]].y, m.positions_ms[tri[1]].y, m.positions_ms[tri[2]].y}) > 0.02f;
        std::vector<std::uint32_t>& into = earth ? (raised ? g.earth_raised : g.earth) : (raised ? g.grass_raised : g.grass);
        into.insert(into.end(), tri, tri + 3);
      }
    }
  }
  return g;
}

MeshData make_prop_mesh(Prop::Kind kind) {
  MeshData m;
  switch (kind) {
    case Prop::Kind::kRock: {
      MeshData blob = make_sphere_mesh(1.0f, 3, 7);
      wobble(&blob, 0.18f);
      // Wider than tall, its foot sunk a little into the ground.
      const glm::mat4 to = glm::scale(glm::translate(glm::mat4(1.0f), glm::vec3(0, 0.28f, 0)), glm::vec3(0.55f, 0.45f, 0.45f));
      append(&m, blob, to, Rgba8{118, 114, 108, 255}, Rgba8{176, 172, 160, 255}, -0.1f, 0.7f);
      break;
    }
    case Prop::Kind::kBush: {
      MeshData blob = make_sphere_mesh(1.0f, 3, 7);
      wobble(&blob, 0.22f);
      append(&m, blob, glm::scale(glm::translate(glm::mat4(1.0f), glm::vec3(0, 0.38f, 0)), glm::vec3(0.55f, 0.45f, 0.55f)),
             Rgba8{34, 72, 30, 255}, Rgba8{92, 140, 58, 255}, 0.0f, 0.8f);
      append(&m, blob, glm::scale(glm::translate(glm::mat4(1.0f), glm::vec3(0.22f, 0.55f, 0.12f)), glm::vec3(0.32f, 0.3f, 0.32f)),
             Rgba8{40, 84, 34, 255}, Rgba8{104, 152, 64, 255}, 0.3f, 0.85f);
      break;
    }
    case Prop::Kind::kTree: {
      const MeshData trunk = make_box_mesh(glm::vec3(0.11f, 0.8f, 0.11f));
      append(&m, trunk, glm::translate(glm::mat4(1.0f), glm::vec3(0, 0.7f, 0)), Rgba8{74, 52, 34, 255},
             Rgba8{110, 80, 52, 255}, 0.0f, 1.5f);
      // A pine: three cones, each smaller and higher.
      const float radii[3] = {1.05f, 0.82f, 0.55f}, bases[3] = {1.1f, 1.8f, 2.45f}, heights[3] = {1.3f, 1.15f, 1.0f};
      for (int k = 0; k < 3; ++k) {
        append(&m, make_cone(radii[k], heights[k], 7), glm::translate(glm::mat4(1.0f), glm::vec3(0, bases[k], 0)),
               Rgba8{22, 60, 34, 255}, Rgba8{66, 118, 60, 255}, bases[k], bases[k] + heights[k]);
      }
      break;
    }
  }
  return m;
}

SkyLook level_sky_look(const Level& lv) {
  SkyLook look;
  auto to_rgba = [](const glm::vec3& c) { return rgb(c.r, c.g, c.b); };
  if (lv.sky.present && lv.sky.zenith.r >= 0.0f) look.zenith = to_rgba(lv.sky.zenith);
  if (lv.sky.present && lv.sky.horizon.r >= 0.0f) look.horizon = to_rgba(lv.sky.horizon);
  // The hills' outline follows the level's name, so places differ and stay the same each visit.
  std::uint32_t h = 2166136261u;
  for (char c : lv.name) h = (h ^ static_cast<std::uint8_t>(c)) * 16777619u;
  look.seed = h;
  return look;
}

glm::vec3 key_light_direction(const glm::mat4& camera_view) {
  const glm::mat4 eye = glm::inverse(camera_view);  // columns: the camera's right, up and back in the world
  glm::vec3 back(eye[2].x, 0.0f, eye[2].z), right(eye[0].x, 0.0f, eye[0].z);
  back = glm::length(back) > 1e-4f ? glm::normalize(back) : glm::vec3(0.0f, 0.0f, 1.0f);
  right = glm::length(right) > 1e-4f ? glm::normalize(right) : glm::vec3(1.0f, 0.0f, 0.0f);
  // Towards the light: 50 degrees up, a third of the way round from behind the camera to its right.
  const glm::vec3 round = glm::normalize(back * 0.87f + right * 0.5f);
  const glm::vec3 to_light = round * 0.64f + glm::vec3(0.0f, 0.77f, 0.0f);
  return -to_light;
}

void level_fog(const Level& lv, const SkyLook& look, Lighting* lighting) {
  lighting->fog_start_m = kDefaultFogStart_m;
  lighting->fog_end_m = kDefaultFogEnd_m;
  if (lv.sky.present && lv.sky.fog_end_m > lv.sky.fog_start_m) {
    lighting->fog_start_m = lv.sky.fog_start_m;
    lighting->fog_end_m = lv.sky.fog_end_m;
  }
  lighting->fog_color = look.horizon;
  lighting->clear_color = look.horizon;
}

}  // namespace cf
