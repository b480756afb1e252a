#pragma once
// How the rasterizer cuts a run of triangles into draw calls so that Mesa's clipper stays cheap.
// llvmpipe has no guard band: a triangle with a corner outside the target is clipped by Mesa's draw
// module, and then the whole draw call's vertex chunk (up to ~1000 vertices) takes its slow pipeline
// path, which walks every vertex of the chunk again each time its small output buffer fills (about
// every 17 triangles). A few hundred such triangles spread through the herd's 10k made that walk the
// biggest single cost of a frame. Triangles that need clipping therefore go in short draw calls;
// runs that need none stay in one long call on the fast path. Same triangles, same order, same clipping:
// the picture does not change, only the CPU time.
#include <vector>

#include "render/command_list.h"

namespace cf {

struct DrawRange {
  int first = 0, count = 0;  // triangles
};

// Longest draw call holding a triangle that needs clipping.
constexpr int kClippedRunTriangles = 32;

// True when a corner of t lies outside the width x height target (or, on the modern path, outside
// the depth range), so the GPU-side clipper has to cut it.
bool needs_clipping(const ScreenTriangle& t, int width, int height, bool modern);

// Appends to *out the ranges covering triangles [first, first + count) of tris in order: ranges
// holding a triangle that needs clipping have at most max_clipped triangles; the others are as long as
// the run allows.
void split_for_clipping(const ScreenTriangle* tris, int first, int count, int width, int height, bool modern,
                        int max_clipped, std::vector<DrawRange>* out);

}  // namespace cf
