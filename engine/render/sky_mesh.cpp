// The backdrop: dome, two rings of hills, clouds; every vertex coloured.
#include "render/sky_mesh.h"

#include <algorithm>
#include <cmath>

#include "math/angles.h"

namespace cf {
namespace {

// A small deterministic generator for the outline and the clouds (no global state).
struct Dice {
  std::uint32_t s;
  float next() {  // [0, 1)
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    return static_cast<float>(s >> 8) * (1.0f / 16777216.0f);
  }
};

glm::vec3 on_sphere(float azimuth_rad, float elevation_rad, float r) {
  return glm::vec3(std::cos(elevation_rad) * std::sin(azimuth_rad), std::sin(elevation_rad),
                   std::cos(elevation_rad) * std::cos(azimuth_rad)) * r;
}

std::uint32_t add_vertex(MeshData* m, const glm::vec3& p, Rgba8 c) {
  m->positions_ms.push_back(p);
  m->normals_ms.push_back(glm::vec3(0, 1, 0));
  m->uvs.push_back(glm::vec2(0.0f));
  m->colors.push_back(c);
  return static_cast<std::uint32_t>(m->positions_ms.size() - 1);
}

// Quads between consecutive rows of 'columns + 1' vertices starting at 'first' (rows bottom to top),
// counter-clockwise seen from the centre.
void stitch_rows(MeshData* m, std::uint32_t first, int rows, int columns) {
  const auto row = static_cast<std::uint32_t>(columns + 1);
  for (int r = 0; r + 1 < rows; ++r) {
    for (int c = 0; c < columns; ++c) {
      const std::uint32_t a = first + static_cast<std::uint32_t>(r) * row + static_cast<std::uint32_t>(c);
      const std::uint32_t b = a + 1, d = a + row, e = d + 1;
      m->indices.insert(m->indices.end(), {a, d, b, b, d, e});
    }
  }
}

// A ring of hills: at each of 'columns' azimuths a top height (metres) from a few seeded waves that wrap
// round; the ring stands from below the horizon (the horizon's colour) to its tops.
void add_hill_ring(MeshData* m, Dice* dice, float radius, float base_m, float swell_m, Rgba8 top, Rgba8 haze) {
  constexpr int kColumns = 72;
  float freq[3], phase[3], amp[3];
  for (int k = 0; k < 3; ++k) {
    freq[k] = static_cast<float>(2 + k * 3) + std::floor(dice->next() * 3.0f);  // whole waves: the ring closes
    phase[k] = dice->next() * 2.0f * kPi;
    amp[k] = (0.25f + 0.75f * dice->next()) / static_cast<float>(k + 1);
  }
  const std::uint32_t first = static_cast<std::uint32_t>(m->positions_ms.size());
  const float heights[3] = {-0.25f * kSkyRadius_m, 0.0f, 1.0f};  // the last row: the outline
  const Rgba8 colors[3] = {haze, mix_color(top, haze, 0.55f), top};
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c <= kColumns; ++c) {
      const float az = 2.0f * kPi * static_cast<float>(c % kColumns) / kColumns;
      float y = heights[r];
      if (r == 2) {
        float wave = 0.0f;
        for (int k = 0; k < 3; ++k) wave += amp[k] * (0.5f + 0.5f * std::sin(freq[k] * az + phase[k]));
        y = base_m + swell_m * wave;
      }
      add_vertex(m, glm::vec3(std::sin(az) * radius, y, std::cos(az) * radius), colors[r]);
    }
  }
  stitch_rows(m, first, 3, kColumns);
}

// A cloud: a few flattened puffs side by side, facing the centre, lit from above.
void add_cloud(MeshData* m, Dice* dice, const SkyLook& look) {
  const float az = dice->next() * 2.0f * kPi;
  const float el = (6.0f + 16.0f * dice->next()) * kPi / 180.0f;
  const glm::vec3 centre = on_sphere(az, el, 0.82f * kSkyRadius_m);
  const glm::vec3 to_centre = -glm::normalize(centre);
  const glm::vec3 right = glm::normalize(glm::cross(glm::vec3(0, 1, 0), to_centre));
  const glm::vec3 up = glm::cross(to_centre, right);
  const int puffs = 3 + static_cast<int>(dice->next() * 2.0f);
  const float size = 5.0f + 5.0f * dice->next();
  const Rgba8 shade = mix_color(look.clouds, look.horizon, 0.5f);
  for (int p = 0; p < puffs; ++p) {
    const float along = (static_cast<float>(p) - 0.5f * static_cast<float>(puffs - 1)) * size * 0.9f;
    const float w = size * (0.8f + 0.5f * dice->next()), h = w * 0.42f;
    const glm::vec3 c = centre + right * along + up * (h * 0.3f * dice->next());
    constexpr int kRim = 8;
    const std::uint32_t mid = add_vertex(m, c, look.clouds);
    for (int k = 0; k <= kRim; ++k) {
      const float a = 2.0f * kPi * static_cast<float>(k % kRim) / kRim;
      const float s = std::sin(a);
      add_vertex(m, c + right * (std::cos(a) * w) + up * (s * h), s < 0.0f ? shade : look.clouds);
    }
    for (int k = 0; k < kRim; ++k) {
      const std::uint32_t a = mid + 1 + static_cast<std::uint32_t>(k);
      m->indices.insert(m->indices.end(), {mid, a + 1, a});
    }
  }
}

}  // namespace

Rgba8 mix_color(Rgba8 a, Rgba8 b, float t) {
  t = std::clamp(t, 0.0f, 1.0f);
  auto ch = [t](std::uint8_t x, std::uint8_t y) {
    return static_cast<std::uint8_t>(std::lround(static_cast<float>(x) + (static_cast<float>(y) - static_cast<float>(x)) * t));
  };
  return Rgba8{ch(a.r, b.r), ch(a.g, b.g), ch(a.b, b.b), ch(a.a, b.a)};
}

MeshData make_sky_mesh(const SkyLook& look) {
  MeshData m;
  Dice dice{look.seed * 2654435761u + 12345u};
  // The dome: rows of constant elevation, bottom (below the horizon) to the zenith.
  constexpr int kColumns = 24;
  constexpr float kElevations_deg[] = {-30.0f, -2.0f, 3.0f, 9.0f, 18.0f, 32.0f, 50.0f, 70.0f, 90.0f};
  constexpr int kRows = static_cast<int>(sizeof kElevations_deg / sizeof kElevations_deg[0]);
  const std::uint32_t first = 0;
  for (float el_deg : kElevations_deg) {
    const float el = el_deg * kPi / 180.0f;
    // Most of the change near the horizon, as a hazy sky looks.
    const float t = std::sqrt(std::max(0.0f, std::sin(el)));
    const Rgba8 c = mix_color(look.horizon, look.zenith, t);
    for (int k = 0; k <= kColumns; ++k) {
      add_vertex(&m, on_sphere(2.0f * kPi * static_cast<float>(k % kColumns) / kColumns, el, kSkyRadius_m), c);
    }
  }
  stitch_rows(&m, first, kRows, kColumns);
  const Rgba8 far_top = mix_color(look.hills, look.horizon, 0.55f);
  add_hill_ring(&m, &dice, 0.95f * kSkyRadius_m, 5.0f, 9.0f, far_top, look.horizon);
  add_hill_ring(&m, &dice, 0.88f * kSkyRadius_m, 1.5f, 9.0f, mix_color(look.hills, look.horizon, 0.2f), look.horizon);
  for (int i = 0; i < 7; ++i) add_cloud(&m, &dice, look);
  return m;
}

}  // namespace cf
