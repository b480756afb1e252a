#include "render/console_budget.h"

#include <algorithm>
#include <bitset>
#include <cmath>
#include <cstdio>

namespace cf {

namespace {

constexpr int kMaxCountedTextures = 1024;  // texture slots told apart (the rasterizer's table is 64 by default)

// The triangle's area inside the target (pixels squared, subpixel units): the geometry stage keeps a guard
// band, so a triangle may reach past the screen's edges, where the console would draw nothing.
double area_on_screen(const ScreenTriangle& t, double w, double h) {
  double xs[12], ys[12], nx[12], ny[12];
  int n = 3;
  for (int i = 0; i < 3; ++i) {
    xs[i] = t.v[i].x;
    ys[i] = t.v[i].y;
  }
  // Sutherland-Hodgman against x >= 0, x <= w, y >= 0, y <= h: at most 7 corners.
  for (int edge = 0; edge < 4 && n > 0; ++edge) {
    auto inside = [&](double x, double y) {
      switch (edge) {
        case 0: return x >= 0.0;
        case 1: return x <= w;
        case 2: return y >= 0.0;
        default: return y <= h;
      }
    };
    int m = 0;
    for (int i = 0; i < n; ++i) {
      const int j = (i + 1) % n;
      const bool a_in = inside(xs[i], ys[i]), b_in = inside(xs[j], ys[j]);
      if (a_in) {
        nx[m] = xs[i];
        ny[m++] = ys[i];
      }
      if (a_in != b_in) {
        const double c = edge == 0 ? 0.0 : edge == 1 ? w : edge == 2 ? 0.0 : h;
        const double s = edge < 2 ? (c - xs[i]) / (xs[j] - xs[i]) : (c - ys[i]) / (ys[j] - ys[i]);
        nx[m] = xs[i] + s * (xs[j] - xs[i]);
        ny[m++] = ys[i] + s * (ys[j] - ys[i]);
      }
    }
    n = m;
    for (int i = 0; i < n; ++i) {
      xs[i] = nx[i];
      ys[i] = ny[i];
    }
  }
  double twice = 0.0;
  for (int i = 0; i < n; ++i) {
    const int j = (i + 1) % n;
    twice += xs[i] * ys[j] - xs[j] * ys[i];
  }
  return std::fabs(twice) * 0.5;
}

}  // namespace

ConsoleBudget measure_console_budget(const CommandList& list, const GeometryStats& stats, const std::vector<int>& texels) {
  ConsoleBudget b;
  const int drawn = std::clamp(stats.triangles_out, 0, static_cast<int>(list.triangles.size()));
  b.polygons = drawn;
  b.transformed = std::max(0, stats.triangles_in - stats.culled_outside);
  b.gte_cycles = static_cast<std::int64_t>(b.transformed) * (kGteRtpt + kGteNclip) +
                 static_cast<std::int64_t>(drawn) * (kGteAvsz3 + kGteNcdt);
  // Fixed-size sets: the meter runs every frame in debug mode and allocates nothing.
  std::bitset<kMaxCountedTextures> textures;
  std::bitset<kClutRows> tables;
  double area = 0.0;
  std::int64_t bytes = 0;
  const double w = static_cast<double>(list.width) * kSubpixelOne, h = static_cast<double>(list.height) * kSubpixelOne;
  for (int i = 0; i < drawn; ++i) {
    const ScreenTriangle& t = list.triangles[static_cast<std::size_t>(i)];
    area += area_on_screen(t, w, h);
    const int k = t.texture.index;
    if (k < 0 || k >= kMaxCountedTextures || textures[static_cast<std::size_t>(k)]) continue;
    textures.set(static_cast<std::size_t>(k));
    const int n = k < static_cast<int>(texels.size()) ? std::max(texels[static_cast<std::size_t>(k)], 0) : 0;
    const bool indexed = t.clut >= 0 && t.clut < kClutRows;
    bytes += static_cast<std::int64_t>(n) * (indexed ? 1 : 2);
    if (indexed && !tables[static_cast<std::size_t>(t.clut)]) {
      tables.set(static_cast<std::size_t>(t.clut));
      bytes += kConsoleClutBytes;
    }
  }
  b.fill_screens = w > 0.0 && h > 0.0 ? area / (w * h) : 0.0;
  b.texture_bytes = static_cast<int>(std::min<std::int64_t>(bytes, 0x7fffffff));
  return b;
}

std::string ConsoleBudget::over_text() const {
  if (!over()) return "";
  std::string out = "over the console's budget:";
  char part[96];
  const char* sep = " ";
  if (polygons_over()) {
    std::snprintf(part, sizeof part, "%spolygons %d of %d", sep, polygons, kConsolePolygonsPerFrame);
    out += part;
    sep = ", ";
  }
  if (gte_over()) {
    std::snprintf(part, sizeof part, "%sGTE %lld of %lld cycles", sep, static_cast<long long>(gte_cycles),
                  static_cast<long long>(gte_cycles_per_frame()));
    out += part;
    sep = ", ";
  }
  if (fill_over()) {
    std::snprintf(part, sizeof part, "%sfill %.1f of %.0f screens", sep, fill_screens, kConsoleFillScreens);
    out += part;
    sep = ", ";
  }
  if (texture_over()) {
    std::snprintf(part, sizeof part, "%stextures %d of %d KB", sep, texture_bytes / 1024, kConsoleTextureBytes / 1024);
    out += part;
  }
  return out;
}

void ConsoleBudgetLog::add(const ConsoleBudget& b) {
  ++frames;
  polygons_sum += b.polygons;
  if (b.over()) {
    if (frames_over == 0) worst_over = b.over_text();
    ++frames_over;
  }
  most.polygons = std::max(most.polygons, b.polygons);
  most.transformed = std::max(most.transformed, b.transformed);
  most.gte_cycles = std::max(most.gte_cycles, b.gte_cycles);
  most.fill_screens = std::max(most.fill_screens, b.fill_screens);
  most.texture_bytes = std::max(most.texture_bytes, b.texture_bytes);
}

std::string ConsoleBudgetLog::summary() const {
  char line[768];
  std::snprintf(line, sizeof line,
                "{\"console_budget\": {\"frames\": %d, \"polygons_max\": %d, \"polygons_mean\": %.1f, "
                "\"transformed_max\": %d, \"gte_cycles_max\": %lld, \"gte_share_max\": %.3f, \"fill_screens_max\": %.3f, "
                "\"texture_kb_max\": %d, \"frames_over\": %d, \"limits\": {\"polygons\": %d, \"gte_cycles\": %lld, "
                "\"fill_screens\": %.0f, \"texture_kb\": %d}",
                frames, most.polygons, frames > 0 ? polygons_sum / frames : 0.0, most.transformed,
                static_cast<long long>(most.gte_cycles),
                static_cast<double>(most.gte_cycles) / static_cast<double>(ConsoleBudget::gte_cycles_per_frame()),
                most.fill_screens, most.texture_bytes / 1024, frames_over, kConsolePolygonsPerFrame,
                static_cast<long long>(ConsoleBudget::gte_cycles_per_frame()), kConsoleFillScreens,
                kConsoleTextureBytes / 1024);
  std::string out = line;
  if (!worst_over.empty()) out += ", \"first_over\": \"" + worst_over + "\"";
  return out + "}}";
}

}  // namespace cf
