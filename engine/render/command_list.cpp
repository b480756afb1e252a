#include "render/command_list.h"

#include <cstdio>

namespace cf {

const char* overlay_kind_name(std::uint32_t kind) {
  switch (kind) {
    case kOverlayBones: return "bones";
    case kOverlayJoints: return "joints";
    case kOverlayCog: return "cog";
    case kOverlayIkTargets: return "ik";
    case kOverlayControlPoints: return "control";
    case kOverlayReferenceLine: return "refline";
    case kOverlayVirtualPlanes: return "planes";
    case kOverlayRegions: return "regions";
    case kOverlayWeights: return "weights";
    case kOverlayHud: return "hud";
    default: return "?";
  }
}

namespace {

void append_vertex(std::string* s, const ScreenVertex& v) {
  char buf[160];
  std::snprintf(buf, sizeof buf, " (%d,%d %d,%d,%d,%d uv=%.4f,%.4f f=%d z=%.5f)", v.x, v.y, v.color.r, v.color.g,
                v.color.b, v.color.a, static_cast<double>(v.u), static_cast<double>(v.v), v.fog,
                static_cast<double>(v.depth));
  *s += buf;
}

}  // namespace

std::string dump_command_list(const CommandList& list) {
  std::string s;
  char buf[160];
  std::snprintf(buf, sizeof buf, "commands %dx%d modern=%d clear=%d,%d,%d fog=%d,%d,%d tris=%zu lines=%zu\n",
                list.width, list.height, list.modern ? 1 : 0, list.clear_color.r, list.clear_color.g,
                list.clear_color.b, list.fog_color.r, list.fog_color.g, list.fog_color.b, list.triangles.size(),
                list.lines.size());
  s += buf;
  for (std::size_t i = 0; i < list.triangles.size(); ++i) {
    const ScreenTriangle& t = list.triangles[i];
    std::snprintf(buf, sizeof buf, "tri %zu tex=%d", i, t.texture.index);
    s += buf;
    if (t.clut >= 0) s += " clut=" + std::to_string(t.clut);
    for (const ScreenVertex& v : t.v) append_vertex(&s, v);
    s += '\n';
  }
  for (std::size_t i = 0; i < list.lines.size(); ++i) {
    const ScreenLine& l = list.lines[i];
    std::snprintf(buf, sizeof buf, "line %zu %s (%d,%d)-(%d,%d) %d,%d,%d,%d\n", i, overlay_kind_name(l.kind), l.x0,
                  l.y0, l.x1, l.y1, l.color.r, l.color.g, l.color.b, l.color.a);
    s += buf;
  }
  return s;
}

}  // namespace cf
