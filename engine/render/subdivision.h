#pragma once
// Subdivision of big near polygons, as console games did (engine/render internal). The retro path maps
// textures affinely (linear in screen space), which warps a triangle whose corners lie at very different
// depths. Edges are cut at their midpoints in clip space (where attributes are exact) while their ends'
// depths differ by more than kSplitDepthRatio and they span more than kSplitMinPx on screen. The rule
// looks at the edge alone, so two triangles sharing an edge cut it alike and no cracks (T-junctions)
// open between them.
#include <algorithm>
#include <cstdint>
#include <cstdlib>

#include "render/clip.h"
#include "render/command_list.h"
#include "render/ordering_table.h"
#include "render/screen_projection.h"

namespace cf {

constexpr float kSplitDepthRatio = 1.25f;
constexpr std::int32_t kSplitMinPx = 24 * kSubpixelOne;  // fixed-point pixels
constexpr int kSplitLevels = 6;  // a backstop; the rule above ends sooner in practice

// Inline: asked for every unclipped triangle of the retro path.
inline bool edge_needs_split(const ScreenVertex& p, const ScreenVertex& q, float wp, float wq) {
  if (!(std::max(wp, wq) > kSplitDepthRatio * std::min(wp, wq))) return false;
  return std::max(std::abs(p.x - q.x), std::abs(p.y - q.y)) > kSplitMinPx;
}

inline bool needs_split(const ScreenVertex& a, const ScreenVertex& b, const ScreenVertex& c, float wa, float wb,
                        float wc) {
  return edge_needs_split(a, b, wa, wb) || edge_needs_split(b, c, wb, wc) || edge_needs_split(c, a, wc, wa);
}

// The clip-space midpoint of an edge, every attribute halfway. Symmetric in p and q, so both triangles
// of an edge make the same vertex.
ClipVertex midpoint(const ClipVertex& p, const ClipVertex& q);

// Puts the triangle (inside the guard band, in front of the near plane) into the table with its long deep
// edges cut, recursively; counts it in stats->subdivided when it was cut.
void subdivide_into(const Viewport& viewport, const FaceStyle& style, const ClipVertex& a, const ClipVertex& b,
                    const ClipVertex& c, OrderingTable* table, GeometryStats* stats);

}  // namespace cf
