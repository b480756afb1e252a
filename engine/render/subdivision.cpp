// Subdivision: a triangle's long deep edges cut at their midpoints, one, two or all three at a time.
#include "render/subdivision.h"

namespace cf {
namespace {

void split(const Viewport& viewport, const FaceStyle& style, const ClipVertex& a, const ClipVertex& b,
           const ClipVertex& c, int level, OrderingTable* table, GeometryStats* stats) {
  const ScreenVertex sa = to_screen(viewport, a), sb = to_screen(viewport, b), sc = to_screen(viewport, c);
  const bool cut[3] = {level < kSplitLevels && edge_needs_split(sa, sb, a.pos.w, b.pos.w),
                       level < kSplitLevels && edge_needs_split(sb, sc, b.pos.w, c.pos.w),
                       level < kSplitLevels && edge_needs_split(sc, sa, c.pos.w, a.pos.w)};
  const int cuts = cut[0] + cut[1] + cut[2];
  if (cuts == 0) {
    table->add_face(style, sa, sb, sc, a.pos.w, b.pos.w, c.pos.w, stats);
    return;
  }
  if (level == 0 && stats) ++stats->subdivided;
  const int next = level + 1;
  const ClipVertex* v[3] = {&a, &b, &c};  // corner k starts edge k
  if (cuts == 3) {
    const ClipVertex ab = midpoint(a, b), bc = midpoint(b, c), ca = midpoint(c, a);
    split(viewport, style, a, ab, ca, next, table, stats);
    split(viewport, style, ab, b, bc, next, table, stats);
    split(viewport, style, ca, bc, c, next, table, stats);
    split(viewport, style, ab, bc, ca, next, table, stats);
    return;
  }
  // Rotate (keeping the winding) so that edge 0 is cut, and for two cuts edge 1 too.
  int first = 0;
  if (cuts == 1) {
    first = cut[0] ? 0 : cut[1] ? 1 : 2;
  } else {
    first = !cut[2] ? 0 : !cut[0] ? 1 : 2;  // the uncut edge becomes edge 2
  }
  const ClipVertex &p = *v[first], &q = *v[(first + 1) % 3], &o = *v[(first + 2) % 3];
  const ClipVertex pq = midpoint(p, q);
  if (cuts == 1) {
    split(viewport, style, p, pq, o, next, table, stats);
    split(viewport, style, pq, q, o, next, table, stats);
    return;
  }
  const ClipVertex qo = midpoint(q, o);
  split(viewport, style, pq, q, qo, next, table, stats);
  split(viewport, style, p, pq, qo, next, table, stats);
  split(viewport, style, p, qo, o, next, table, stats);
}

}  // namespace

ClipVertex midpoint(const ClipVertex& p, const ClipVertex& q) {
  ClipVertex m;
  m.pos = (p.pos + q.pos) * 0.5f;
  m.color = (p.color + q.color) * 0.5f;
  m.uv = (p.uv + q.uv) * 0.5f;
  m.fog = (p.fog + q.fog) * 0.5f;
  return m;
}

void subdivide_into(const Viewport& viewport, const FaceStyle& style, const ClipVertex& a, const ClipVertex& b,
                    const ClipVertex& c, OrderingTable* table, GeometryStats* stats) {
  split(viewport, style, a, b, c, 0, table, stats);
}

}  // namespace cf
