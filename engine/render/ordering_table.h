#pragma once
// The ordering table (engine/render internal): screen triangles bucketed by view distance, logarithmic
// between the near and far planes, walked back to front; the sky first (in submission order), then the
// ground layer behind everything else, then the marks flat on the floor.
// Stable: triangles of one bucket keep their submission order. No depth buffer is needed after it.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "render/command_list.h"
#include "render/geometry_stage.h"
#include "render/screen_projection.h"

namespace cf {

// What a mesh's triangles enter the table with.
struct FaceStyle {
  bool double_sided = false;  // back faces enter too
  bool sky = false;           // the backdrop: before everything, in submission order (no depth)
  bool ground = false;        // the ground layer: behind every other triangle but the sky's
  bool floor_mark = false;    // on the floor: over the ground layer, behind every other triangle
  float sort_bias_m = 0.0f;  // added to the view distance it is sorted by (MeshInput::sort_bias_m)
  TextureId texture = kNoTexture;
  std::int16_t clut = -1;  // ScreenTriangle::clut
};

// Keys: one layer of buckets each for the sky, the ground, the floor marks and the rest.
constexpr int kOtLayers = 4;

class OrderingTable {
 public:
  // Buckets between near_m and far_m (view distances, 0 < near < far); the scratch's triangle and key
  // buffers are emptied and reused, so a warm table does not allocate.
  OrderingTable(float near_m, float far_m, int buckets, GeometryScratch* scratch);

  // A triangle facing the camera (or double-sided) enters the table at the bucket of its corners'
  // average view distance wa, wb, wc (clip w); back faces and zero-area ones are counted in
  // stats->culled_back and dropped.
  void add_face(const FaceStyle& style, const ScreenVertex& a, const ScreenVertex& b, const ScreenVertex& c, float wa,
                float wb, float wc, GeometryStats* stats) {
    // Cull on the fixed-point corners before copying anything.
    const std::int64_t area = screen_area2(a, b, c);
    if (area == 0 || (area > 0 && !style.double_sided)) {
      if (stats) ++stats->culled_back;
      return;
    }
    ScreenTriangle t;
    t.v[0] = a;
    t.v[1] = b;
    t.v[2] = c;
    t.texture = style.texture;
    t.clut = style.clut;
    // Every bucket spans the same depth ratio (~0.2 % at 4096), so limbs a few centimetres in front of
    // the body sort in front of it at any distance (linear buckets were 20 cm deep and left arm and
    // torso to submission order).
    const float avg_w = (wa + wb + wc) * (1.0f / 3.0f) + style.sort_bias_m;
    const float f = avg_w > near_ ? std::log(avg_w * inv_near_) * inv_log_range_ : 0.0f;
    int bucket = 0;
    if (f >= 1.0f) {
      bucket = buckets_ - 1;
    } else if (f > 0.0f) {  // NaN stays in bucket 0
      bucket = std::min(static_cast<int>(f * static_cast<float>(buckets_)), buckets_ - 1);
    }
    // Drawing order key: the sky first (one key: its dome, hills and clouds in the order given), then the ground
    // layer, then floor marks, then everything else; far buckets before near ones (a mark's average depth is not
    // the depth of what stands on it: a ring at the feet sorted under a ditch).
    const int layer = style.sky ? 0 : style.ground ? 1 : style.floor_mark ? 2 : 3;
    const int key = style.sky ? 0 : layer * buckets_ + (buckets_ - 1 - bucket);
    scratch_.unsorted.push_back(t);
    scratch_.bucket.push_back(key);
  }

  // The walk of the table, back to front (a stable counting sort by key), into *out.
  void sort_into(std::vector<ScreenTriangle>* out);

  // The same walk over tables filled from consecutive runs of meshes (one per thread): count_keys() in
  // each, place_runs() over all of them in mesh order, then scatter_run() from each (on any thread) into
  // an array of place_runs()' size. The result is sort_into()'s for one table fed every run in order.
  void count_keys();
  static std::size_t place_runs(GeometryScratch* runs, int run_count, int buckets);
  static void scatter_run(GeometryScratch* run, ScreenTriangle* out);

 private:
  GeometryScratch& scratch_;
  float near_ = 0.1f;
  float inv_near_ = 10.0f, inv_log_range_ = 1.0f;
  int buckets_ = kDefaultOtBuckets;
};

}  // namespace cf
