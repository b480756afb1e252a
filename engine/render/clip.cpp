#include "render/clip.h"

namespace cf {
namespace {

// Signed distances to the six clip planes; inside when >= 0.
float plane_distance(const glm::vec4& p, int plane, float g) {
  switch (plane) {
    case 0: return p.z + p.w;      // near
    case 1: return p.w - p.z;      // far
    case 2: return g * p.w + p.x;  // guard left
    case 3: return g * p.w - p.x;  // guard right
    case 4: return g * p.w + p.y;  // guard bottom
    default: return g * p.w - p.y; // guard top
  }
}

ClipVertex lerp(const ClipVertex& a, const ClipVertex& b, float t) {
  ClipVertex r;
  r.pos = a.pos + (b.pos - a.pos) * t;
  r.color = a.color + (b.color - a.color) * t;
  r.uv = a.uv + (b.uv - a.uv) * t;
  r.fog = a.fog + (b.fog - a.fog) * t;
  return r;
}

}  // namespace

void clip_polygon(ClipPolygon* poly, float g) {
  ClipPolygon tmp;
  ClipPolygon* in = poly;
  ClipPolygon* out = &tmp;
  for (int plane = 0; plane < 6 && in->count >= 3; ++plane) {
    out->count = 0;
    bool any_out = false;
    for (int i = 0; i < in->count; ++i) {
      if (plane_distance(in->v[i].pos, plane, g) < 0) any_out = true;
    }
    if (!any_out) continue;
    for (int i = 0; i < in->count; ++i) {
      const ClipVertex& a = in->v[i];
      const ClipVertex& b = in->v[(i + 1) % in->count];
      const float da = plane_distance(a.pos, plane, g), db = plane_distance(b.pos, plane, g);
      if (da >= 0) out->v[out->count++] = a;
      if ((da >= 0) != (db >= 0)) out->v[out->count++] = lerp(a, b, da / (da - db));
    }
    ClipPolygon* t = in;
    in = out;
    out = t;
  }
  if (in != poly) *poly = *in;
  if (poly->count < 3) poly->count = 0;
}

bool clip_segment(glm::vec4* a, glm::vec4* b, float g) {
  for (int plane = 0; plane < 6; ++plane) {
    const float da = plane_distance(*a, plane, g), db = plane_distance(*b, plane, g);
    if (da < 0 && db < 0) return false;
    if (da >= 0 && db >= 0) continue;
    const glm::vec4 p = *a + (*b - *a) * (da / (da - db));
    if (da < 0) *a = p; else *b = p;
  }
  return true;
}

}  // namespace cf
