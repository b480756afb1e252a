#include "render/paint_texture.h"

#include <algorithm>
#include <cmath>

namespace cf {

namespace {

constexpr float kTau = 6.28318530718f;

float fract(float x) { return x - std::floor(x); }

// Distance around the tube, 0..0.5.
float around(float a, float b) {
  const float d = std::fabs(fract(a - b));
  return std::min(d, 1.0f - d);
}

std::uint32_t mix_hash(std::uint32_t a, std::uint32_t b, std::uint32_t c) {
  std::uint32_t h = a * 0x9e3779b1u ^ (b + 0x7f4a7c15u) * 0x85ebca6bu ^ (c + 0x165667b1u) * 0xc2b2ae35u;
  h ^= h >> 15;
  h *= 0x2c1b3c6du;
  h ^= h >> 12;
  return h;
}

// Whether the pattern shows the second colour at (u, v); u turned so that 0.5 is the underside. x, y
// are the texel's place in the page (the belly's dithered edge).
bool second_at(const PartPaint& p, int part, float u, float v, int x, int y) {
  const float k = p.scale;
  switch (p.pattern) {
    case PaintPattern::kSolid:
    case PaintPattern::kCount: return false;
    case PaintPattern::kStripes: {
      if (around(u, 0.5f) < 0.1f) return false;  // tigers' stripes fade out under the belly
      const float t = v * 6.0f * k + 0.15f * std::sin(kTau * 2.0f * u);
      return fract(t) < 0.35f;
    }
    case PaintPattern::kSpots: {
      const float gu = u * 5.0f * k, gv = v * 7.0f * k;
      const auto i = static_cast<std::uint32_t>(static_cast<int>(std::floor(gu)) + 1000);
      const auto j = static_cast<std::uint32_t>(static_cast<int>(std::floor(gv)) + 1000);
      const std::uint32_t h = mix_hash(i, j, static_cast<std::uint32_t>(part));
      const float cx = 0.3f + 0.4f * static_cast<float>(h & 255u) / 255.0f;
      const float cy = 0.3f + 0.4f * static_cast<float>((h >> 8) & 255u) / 255.0f;
      const float du = fract(gu) - cx, dv = fract(gv) - cy;
      return (h >> 16) % 5u != 0u && du * du + dv * dv < 0.06f;
    }
    case PaintPattern::kBelly: {
      const float d = around(u, 0.5f);
      const float edge = 0.16f + 0.04f * (k - 1.0f);
      if (d < edge) return true;
      return d < edge + 0.05f && ((x + y) & 1) == 0;  // a dithered seam, as the console blended
    }
    case PaintPattern::kBands: return fract(v * 5.0f * k) < 0.5f;
  }
  return false;
}

// Small dark edges of scales, as the shared skin has: texel in the scale pattern's groove.
bool groove_at(int x, int y) {
  const int row = y / 6;
  const int xs = x + (row & 1) * 3;
  return (y % 6) == 5 || (xs % 6) == 5;
}

struct Eye {
  float u, v, r;  // centre and radius in the part's (turned u, v)
};

// Where the eyes go: on the head (first head part) near its free end, else the torso's front end.
int eye_part(const Creature& c, float* v_eye) {
  for (std::size_t i = 0; i < c.parts.size(); ++i) {
    if (c.parts[i].tag == PartTag::kHead) {
      *v_eye = 0.72f;
      return static_cast<int>(i);
    }
  }
  const int t = find_torso(c);
  if (t < 0) return -1;
  const Part& torso = c.parts[static_cast<std::size_t>(t)];
  const bool front_first = !torso.stroke.empty() && torso.stroke.front().z >= torso.stroke.back().z;
  *v_eye = front_first ? 0.16f : 0.84f;
  return t;
}

void place_eyes(int count, float v_eye, std::vector<Eye>* eyes) {
  eyes->clear();
  const float dir = v_eye > 0.5f ? -1.0f : 1.0f;  // further pairs go back along the part
  for (int k = 0; k < count / 2; ++k) {
    const float v = v_eye + dir * 0.1f * static_cast<float>(k);
    const float side = 0.27f - 0.02f * static_cast<float>(k);
    eyes->push_back({0.5f - side, v, 0.06f});
    eyes->push_back({0.5f + side, v, 0.06f});
  }
  if (count % 2) eyes->push_back({0.0f, v_eye, 0.07f});  // the odd one on top
}

int add_colour(std::vector<Rgba8>* clut, Rgba8 c) {
  for (std::size_t i = 0; i < clut->size(); ++i)
    if ((*clut)[i] == c) return static_cast<int>(i);
  clut->push_back(c);
  return static_cast<int>(clut->size() - 1);
}

Rgba8 rgba(Rgb555 c, float shade) {
  std::uint8_t r, g, b;
  rgb555_to_rgb8(c, &r, &g, &b);
  auto s = [shade](std::uint8_t v) { return static_cast<std::uint8_t>(std::lround(static_cast<float>(v) * shade)); };
  // Truncated to 15 bits like every texel of the console.
  auto q = [](std::uint8_t v) { return static_cast<std::uint8_t>((v & 0xf8) | (v >> 5)); };
  return Rgba8{q(s(r)), q(s(g)), q(s(b)), 255};
}

}  // namespace

int paint_grid(int part_count) {
  int g = 1;
  while (g * g < part_count && g < 8) g *= 2;
  return g;
}

void paint_belly_u(const std::vector<glm::vec2>& uvs, const std::vector<glm::vec3>& normals,
                   const std::vector<int>& vertex_part, int part_count, std::vector<float>* out) {
  std::vector<glm::vec2> sum(static_cast<std::size_t>(std::max(0, part_count)), glm::vec2(0.0f));
  const std::size_t n = std::min({uvs.size(), normals.size(), vertex_part.size()});
  for (std::size_t i = 0; i < n; ++i) {
    const int p = vertex_part[i];
    if (p < 0 || p >= part_count) continue;
    // Down most of all; for an upright leg (no normal points down) the back of it.
    const float w = std::max(0.0f, -normals[i].y - 0.3f * normals[i].z);
    const float a = kTau * uvs[i].x;
    sum[static_cast<std::size_t>(p)] += w * glm::vec2(std::cos(a), std::sin(a));
  }
  out->assign(sum.size(), 0.5f);
  for (std::size_t p = 0; p < sum.size(); ++p) {
    if (glm::length(sum[p]) > 1e-6f) (*out)[p] = fract(std::atan2(sum[p].y, sum[p].x) / kTau);
  }
}

void paint_uvs(const std::vector<glm::vec2>& uvs, const std::vector<int>& vertex_part, int part_count,
               std::vector<glm::vec2>* out) {
  const int g = paint_grid(part_count);
  const float cell = 1.0f / static_cast<float>(g);
  const float half_texel = 0.5f / static_cast<float>(kPaintPageSize / g);
  out->resize(uvs.size());
  for (std::size_t i = 0; i < uvs.size(); ++i) {
    const int p = i < vertex_part.size() ? std::clamp(vertex_part[i], 0, std::max(0, part_count - 1)) : 0;
    const float u = std::clamp(uvs[i].x, half_texel, 1.0f - half_texel);
    const float v = std::clamp(uvs[i].y, half_texel, 1.0f - half_texel);
    (*out)[i] = glm::vec2((static_cast<float>(p % g) + u) * cell, (static_cast<float>(p / g) + v) * cell);
  }
}

int paint_eye_part(const Creature& c) {
  float v = 0.0f;
  return eye_part(c, &v);
}

void build_paint_texture(const Creature& c, const std::vector<float>& belly_u, IndexedTexture* out) {
  const int parts = static_cast<int>(std::min<std::size_t>(c.parts.size(), 64));
  const int g = paint_grid(std::max(1, parts));
  const int cell = kPaintPageSize / g;
  out->width = out->height = kPaintPageSize;
  out->texels.assign(static_cast<std::size_t>(kPaintPageSize) * kPaintPageSize, 0);
  out->clut.clear();
  // The colour table: each colour and its groove tone (dropped if they would not fit in 8 bits).
  std::size_t distinct = 0;
  {
    std::vector<Rgb555> seen;
    for (int p = 0; p < parts; ++p)
      for (Rgb555 col : {c.parts[static_cast<std::size_t>(p)].paint.base, c.parts[static_cast<std::size_t>(p)].paint.second})
        if (std::find(seen.begin(), seen.end(), col) == seen.end()) seen.push_back(col);
    distinct = seen.size();
  }
  const bool grooves = 2 * distinct + 2 + (c.eyes > 0 ? kEyeTableEntries : 0) <= 256;
  add_colour(&out->clut, rgba(rgb555(20, 20, 24), 1.0f));   // 0: unused texels and pupils
  add_colour(&out->clut, rgba(rgb555(232, 232, 216), 1.0f));  // 1: the eyes' white
  float v_eye = 0.0f;
  const int eye_at = c.eyes > 0 ? eye_part(c, &v_eye) : -1;
  std::vector<Eye> eyes;
  place_eyes(c.eyes, v_eye, &eyes);
  out->eye_first = -1;
  out->eye_seed = eye_seed(c);
  if (eye_at >= 0 && !eyes.empty()) {  // the eyes' own entries, never shared with a part's colour
    out->eye_first = static_cast<int>(out->clut.size());
    out->clut.resize(out->clut.size() + kEyeTableEntries, out->clut[1]);
    out->eye_white = out->clut[1];
    out->eye_pupil = out->clut[0];
    out->eye_lid = rgba(c.parts[static_cast<std::size_t>(eye_at)].paint.base, 0.85f);
  }
  const float forward = v_eye > 0.5f ? 1.0f : -1.0f;  // along v towards the part's front end
  for (int p = 0; p < parts; ++p) {
    const PartPaint& pp = c.parts[static_cast<std::size_t>(p)].paint;
    const int idx[2] = {add_colour(&out->clut, rgba(pp.base, 1.0f)), add_colour(&out->clut, rgba(pp.second, 1.0f))};
    const int dark[2] = {grooves ? add_colour(&out->clut, rgba(pp.base, 0.78f)) : idx[0],
                         grooves ? add_colour(&out->clut, rgba(pp.second, 0.78f)) : idx[1]};
    const float belly = static_cast<std::size_t>(p) < belly_u.size() ? belly_u[static_cast<std::size_t>(p)] : 0.5f;
    const int x0 = (p % g) * cell, y0 = (p / g) * cell;
    for (int y = 0; y < cell; ++y) {
      for (int x = 0; x < cell; ++x) {
        const float u = (static_cast<float>(x) + 0.5f) / static_cast<float>(cell);
        const float v = (static_cast<float>(y) + 0.5f) / static_cast<float>(cell);
        const float tu = fract(u - belly + 0.5f);  // the pattern's u: 0.5 underneath
        const int s = second_at(pp, p, tu, v, x0 + x, y0 + y) ? 1 : 0;
        int ix = groove_at(x0 + x, y0 + y) ? dark[s] : idx[s];
        if (p == eye_at) {
          for (const Eye& e : eyes) {
            const float du = around(tu, e.u) * (fract(tu - e.u) < 0.5f ? 1.0f : -1.0f), dv = v - e.v;
            if (du * du + dv * dv >= e.r * e.r) continue;
            // The eye's own frame: x forward (towards the front end), y up (the top is u = 0; for
            // the odd eye on top, towards the first flank).
            const int flank = e.u == 0.0f ? 2 : e.u < 0.5f ? 0 : 1;
            const float x = forward * dv / e.r, y = (flank == 0 ? -du : du) / e.r;
            const int i = std::clamp(static_cast<int>((x + 1.0f) * 0.5f * kEyeGrid), 0, kEyeGrid - 1);
            const int j = std::clamp(static_cast<int>((y + 1.0f) * 0.5f * kEyeGrid), 0, kEyeGrid - 1);
            ix = out->eye_first + (flank * kEyeGrid + j) * kEyeGrid + i;
          }
        }
        out->texels[static_cast<std::size_t>(y0 + y) * kPaintPageSize + static_cast<std::size_t>(x0 + x)] =
            static_cast<std::uint8_t>(ix);
      }
    }
  }
  out->bits = out->clut.size() <= 16 ? 4 : 8;
  if (out->eye_first >= 0) write_eye_clut(*out, EyeLook{}, 1.0f, out->clut.data());  // open, looking ahead
}

float paint_first_flank(const std::vector<glm::vec2>& uvs, const std::vector<glm::vec3>& normals,
                        const std::vector<int>& vertex_part, int part, float belly_u) {
  float x = 0.0f;
  const std::size_t n = std::min({uvs.size(), normals.size(), vertex_part.size()});
  for (std::size_t i = 0; i < n; ++i) {
    if (vertex_part[i] != part) continue;
    const float tu = fract(uvs[i].x - belly_u + 0.5f);
    if (tu > 0.1f && tu < 0.4f) x += normals[i].x;
  }
  return x < 0.0f ? -1.0f : 1.0f;
}

void write_eye_clut(const IndexedTexture& page, const EyeLook& look, float first_flank, Rgba8* clut) {
  if (page.eye_first < 0 || page.eye_first + kEyeTableEntries > static_cast<int>(page.clut.size())) return;
  const float closure = std::clamp(std::isfinite(look.closure) ? look.closure : 0.0f, 0.0f, 1.0f);
  const float flank_side[3] = {first_flank, -first_flank, 0.0f};
  for (int flank = 0; flank < 3; ++flank) {
    glm::vec2 o = pupil_offset(look, flank_side[flank]);
    if (flank == 2) o.y *= first_flank;  // the top eye's y points to the first flank, the look's to the left
    for (int j = 0; j < kEyeGrid; ++j) {
      const float y = (static_cast<float>(j) + 0.5f) * 2.0f / kEyeGrid - 1.0f;
      for (int i = 0; i < kEyeGrid; ++i) {
        const float x = (static_cast<float>(i) + 0.5f) * 2.0f / kEyeGrid - 1.0f;
        const float dx = x - o.x, dy = y - o.y;
        // The lid comes down from the top: shut, it covers the whole eye.
        const bool lid = flank != 2 ? y > 1.0f - 2.0f * closure : closure > 0.5f;
        Rgba8 c = dx * dx + dy * dy < 0.3f ? page.eye_pupil : page.eye_white;
        if (lid) c = page.eye_lid;
        clut[page.eye_first + (flank * kEyeGrid + j) * kEyeGrid + i] = c;
      }
    }
  }
}

void expand_indexed(const IndexedTexture& t, Image* out) {
  out->width = t.width;
  out->height = t.height;
  out->rgba.resize(t.texels.size() * 4);
  for (std::size_t i = 0; i < t.texels.size(); ++i) {
    const Rgba8 c = t.texels[i] < t.clut.size() ? t.clut[t.texels[i]] : Rgba8{255, 0, 255, 255};
    out->rgba[i * 4 + 0] = c.r;
    out->rgba[i * 4 + 1] = c.g;
    out->rgba[i * 4 + 2] = c.b;
    out->rgba[i * 4 + 3] = c.a;
  }
}

}  // namespace cf
