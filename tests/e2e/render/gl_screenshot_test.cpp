// Screenshot tests of the fixed test scene against golden PNGs (tests/data/render/*.png), plus the
// 15-bit colour + dither check. Regenerate goldens with CF_UPDATE_GOLDENS=1.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>

#include <glm/gtc/matrix_transform.hpp>

#include "gl_fixture.h"
#include "image_compare.h"
#include "core/file_io.h"
#include "render/mesh_builders.h"

namespace cf::test {
namespace {

// Golden tolerance: one 15-bit step (8) per channel on at most 1% of the pixels, which absorbs
// rounding differences between Mesa/LLVM versions but not a changed picture.
constexpr int kTolerance = 8;
constexpr double kMaxFraction = 0.01;

// Goldens are taken at a 320x240 window, where the displayed frame is the target itself (the scaling
// to other window sizes is checked exactly in gl_display_test.cpp); this keeps the PNGs small.
TEST_F(GlRenderTest, DefaultSceneMatchesGolden) {
  render(FrameSettings{}, 640, 480);
  const Image low = target();
  EXPECT_EQ(low.width, 320);
  EXPECT_EQ(low.height, 240);
  render(FrameSettings{}, 320, 240);
  EXPECT_EQ(displayed().rgba, low.rgba);
  EXPECT_EQ(check_golden("default", displayed(), kTolerance, kMaxFraction), "");
}

TEST_F(GlRenderTest, OverlaysMatchGolden) {
  FrameSettings s;
  s.overlay_mask = kOverlayAll & ~kOverlayWeights;
  render(s, 320, 240);
  EXPECT_GT(list.lines.size(), 20u);
  EXPECT_EQ(check_golden("overlays", displayed(), kTolerance, kMaxFraction), "");
}

// Besides the golden: against the same frame without the weight view, the picture changes only where the
// creature's flesh is drawn (the untextured triangles of the weight view's command list), and most of
// it shows one bone's colour (bone_debug_color shaded 0.65..1, 15-bit dithered; the rest blends two
// bands), several different bones among them.
TEST_F(GlRenderTest, WeightViewMatchesGolden) {
  FrameSettings bones_only;
  bones_only.overlay_mask = kOverlayBones;
  render(bones_only, 320, 240);
  const Image plain = displayed();
  FrameSettings s;
  s.overlay_mask = kOverlayWeights | kOverlayBones;
  render(s, 320, 240);
  const Image weights = displayed();
  ASSERT_EQ(plain.rgba.size(), weights.rgba.size());
  int x_lo = 1 << 30, y_lo = 1 << 30, x_hi = -1, y_hi = -1;
  for (const ScreenTriangle& t : list.triangles) {
    if (t.texture != kNoTexture) continue;
    for (const ScreenVertex& v : t.v) {
      x_lo = std::min(x_lo, v.x / kSubpixelOne), x_hi = std::max(x_hi, v.x / kSubpixelOne);
      y_lo = std::min(y_lo, v.y / kSubpixelOne), y_hi = std::max(y_hi, v.y / kSubpixelOne);
    }
  }
  ASSERT_GE(x_hi, x_lo) << "the weight view drew no untextured flesh";
  long outside = 0;
  long changed = 0, bone_coloured = 0;
  std::set<int> bones_seen;
  for (std::size_t p = 0; p + 3 < weights.rgba.size(); p += 4) {
    const std::uint8_t* w = &weights.rgba[p];
    if (std::equal(w, w + 3, &plain.rgba[p])) continue;
    ++changed;
    const int x = static_cast<int>(p / 4) % weights.width, y = static_cast<int>(p / 4) / weights.width;
    if (x < x_lo - 1 || x > x_hi + 1 || y < y_lo - 1 || y > y_hi + 1) ++outside;
    int best = -1;
    for (int bone = 0; bone < 12 && best < 0; ++bone) {
      const Rgba8 c = bone_debug_color(bone);
      for (float shade = 0.6f; shade <= 1.02f && best < 0; shade += 0.01f) {
        const float want[3] = {c.r * shade, c.g * shade, c.b * shade};
        bool near = true;
        for (int k = 0; k < 3; ++k) near = near && std::fabs(w[k] - want[k]) <= 12.0f;
        if (near) best = bone;
      }
    }
    if (best >= 0) {
      ++bone_coloured;
      bones_seen.insert(best);
    }
  }
  const long creature_pixels = 320 * 240 / 50;  // the body and head cover far more than 2% of the frame
  EXPECT_GT(changed, creature_pixels);
  EXPECT_LT(changed, 320 * 240 / 2);
  EXPECT_EQ(outside, 0) << "pixels changed away from the creature";
  EXPECT_GE(bone_coloured, changed * 7 / 10) << changed << " pixels changed";
  EXPECT_GE(bones_seen.size(), 5u);
  EXPECT_EQ(check_golden("weights", weights, kTolerance, kMaxFraction), "");
}

TEST_F(GlRenderTest, ModernMatchesGoldenAtFullResolution) {
  FrameSettings s;
  s.modern = true;
  render(s, 400, 300);
  const Image full = target();
  EXPECT_EQ(full.width, 400);  // full window resolution, not 320x240
  EXPECT_EQ(full.height, 300);
  EXPECT_EQ(check_golden("modern", displayed(), kTolerance, kMaxFraction), "");
}

// The retro and modern pictures differ (dither, resolution, perspective), but show the same scene.
TEST_F(GlRenderTest, ModernAndRetroShowTheSameScene) {
  render(FrameSettings{}, 640, 480);
  const Image retro = displayed();
  FrameSettings s;
  s.modern = true;
  render(s, 640, 480);
  const Image modern = displayed();
  const ImageDiff exact = compare_images(retro, modern, 0);
  const ImageDiff loose = compare_images(retro, modern, 64);
  EXPECT_GT(exact.fraction(), 0.2);   // different looks
  EXPECT_LT(loose.fraction(), 0.15);  // same picture
}

// Unlit flat quads covering the target in colours that are not multiples of 8: every pixel must be
// a multiple of 8 (15-bit colour), and equal to (c + dither[y % 4][x % 4]) rounded down to 8.
TEST_F(GlRenderTest, FifteenBitColourWithOrderedDither) {
  static const int kDither[4][4] = {{-4, 0, -3, 1}, {2, -2, 3, -1}, {-3, 1, -4, 0}, {3, -1, 2, -2}};
  MeshData quad = make_ground_mesh(1.0f, 1);
  Camera cam;  // looking straight down at the quad, which fills the view
  cam.view = glm::lookAt(glm::vec3(0, 1, 0), glm::vec3(0, 0, 0), glm::vec3(0, 0, -1));
  cam.fov_y_rad = 2.0f;
  const Rgba8 color{101, 150, 203, 255};
  MeshInput m = quad.view(glm::scale(glm::mat4(1.0f), glm::vec3(10.0f)), color, kNoTexture);
  m.unlit = true;
  GeometryJob job;
  job.meshes = &m;
  job.mesh_count = 1;
  job.camera = cam;
  job.scratch = &scratch;
  job.out = &list;
  ASSERT_TRUE(job.run());
  ASSERT_EQ(list.triangles.size(), 2u);
  raster.draw(list, 640, 480);
  const Image img = target();
  ASSERT_EQ(img.width, 320);
  std::set<int> seen[3];
  long mismatches = 0;
  for (int y = 0; y < img.height; ++y) {
    for (int x = 0; x < img.width; ++x) {
      const std::uint8_t* p = &img.rgba[(static_cast<std::size_t>(y) * img.width + x) * 4];
      const int c[3] = {color.r, color.g, color.b};
      for (int k = 0; k < 3; ++k) {
        ASSERT_EQ(p[k] % 8, 0) << "pixel " << x << "," << y << " channel " << k << " = " << int(p[k]);
        seen[k].insert(p[k]);
        const int want = std::min(std::max(c[k] + kDither[y % 4][x % 4], 0), 255) / 8 * 8;
        if (p[k] != want) ++mismatches;
      }
    }
  }
  EXPECT_EQ(mismatches, 0);
  // 101 and 203 straddle a multiple of 8 under the dither offsets, so two levels show; 150 too.
  EXPECT_EQ(seen[0], (std::set<int>{96, 104}));
  EXPECT_EQ(seen[1], (std::set<int>{144, 152}));
  EXPECT_EQ(seen[2], (std::set<int>{192, 200}));
}

// A mesh covering the target over black, drawn once (one draw per test: the fixture reads back one
// frame): how many pixels are the mesh's, and how many neighbours along a row differ.
struct Coverage {
  long mesh = 0, changes = 0, pixels = 0, width = 0, height = 0;
};
class CoverageTest : public GlRenderTest {
 protected:
  Coverage full_screen_quad(std::uint8_t alpha);
};
Coverage CoverageTest::full_screen_quad(std::uint8_t alpha) {
  MeshData quad = make_ground_mesh(1.0f, 1);
  MeshInput m = quad.view(glm::scale(glm::mat4(1.0f), glm::vec3(10.0f)), Rgba8{248, 248, 248, alpha}, kNoTexture);
  m.unlit = true;
  GeometryJob job;
  job.meshes = &m;
  job.mesh_count = 1;
  job.camera.view = glm::lookAt(glm::vec3(0, 1, 0), glm::vec3(0, 0, 0), glm::vec3(0, 0, -1));
  job.camera.fov_y_rad = 2.0f;
  job.lighting.clear_color = Rgba8{0, 0, 0, 255};
  job.scratch = &scratch;
  job.out = &list;
  EXPECT_TRUE(job.run());
  raster.draw(list, 640, 480);
  const Image img = target();
  Coverage c;
  c.width = img.width, c.height = img.height, c.pixels = static_cast<long>(img.width) * img.height;
  for (int y = 0; y < img.height; ++y) {
    for (int x = 0; x < img.width; ++x) {
      const bool lit = img.rgba[(static_cast<std::size_t>(y) * img.width + x) * 4] > 128;
      c.mesh += lit;
      if (x > 0) c.changes += lit != (img.rgba[(static_cast<std::size_t>(y) * img.width + x - 1) * 4] > 128);
    }
  }
  return c;
}

// A see-through mesh (colour alpha below 192): exactly every other pixel, in a checker, is the mesh's;
// the rest show what is behind.
TEST_F(CoverageTest, SeeThroughMeshesDropEveryOtherPixelInAChecker) {
  const Coverage c = full_screen_quad(128);
  EXPECT_EQ(c.mesh, c.pixels / 2);
  EXPECT_EQ(c.changes, (c.width - 1) * c.height);
}

// The same mesh opaque covers every pixel.
TEST_F(CoverageTest, AnOpaqueMeshCoversEveryPixel) {
  const Coverage c = full_screen_quad(255);
  EXPECT_EQ(c.mesh, c.pixels);
  EXPECT_EQ(c.changes, 0);
}

// A floor triangle receding from z = -2 to z = -10, its u running 0 -> 1 from the near edge to the far
// corner over a 2x1 black|white texture. Along the centre column the switch to white happens where
// u = 0.5: with affine mapping at the screen-space midpoint (row 156 of 240), perspective-correct at
// the projection of the world midpoint z = -6 (row 140).
TEST_F(GlRenderTest, RetroTexturingIsAffineModernIsPerspectiveCorrect) {
  Image bw;
  bw.width = 2;
  bw.height = 1;
  bw.rgba = {0, 0, 0, 255, 255, 255, 255, 255};
  const TextureId tex = raster.create_texture(bw);
  ASSERT_NE(tex, kNoTexture);
  const std::vector<glm::vec3> pos = {{-2, -1, -2}, {2, -1, -2}, {0, -1, -10}};
  const std::vector<glm::vec3> nrm(3, glm::vec3(0, 1, 0));
  const std::vector<glm::vec2> uv = {{0.0f, 0.5f}, {0.0f, 0.5f}, {0.999f, 0.5f}};
  const std::uint32_t idx[] = {0, 1, 2};
  MeshInput m;
  m.positions_ms = pos.data();
  m.normals_ms = nrm.data();
  m.uvs = uv.data();
  m.vertex_count = 3;
  m.indices = idx;
  m.index_count = 3;
  m.texture = tex;
  m.unlit = true;
  auto boundary_row = [&](bool modern) {
    GeometryJob job;
    job.meshes = &m;
    job.mesh_count = 1;
    job.camera.fov_y_rad = 3.14159265f / 2.0f;
    job.camera.near_m = 1.0f;
    job.settings.modern = modern;
    job.settings.subpixel = true;
    job.settings.whole_polygons = true;  // the rasterizer's own mapping, not the stage's splitting
    job.window_width = 320;
    job.window_height = 240;
    job.scratch = &scratch;
    job.out = &list;
    EXPECT_TRUE(job.run());
    EXPECT_EQ(list.triangles.size(), 1u);
    raster.draw(list, 320, 240);
    const Image img = target();
    EXPECT_EQ(img.width, 320);
    int first_black = -1;
    for (int y = 0; y < img.height && first_black < 0; ++y) {
      const std::uint8_t* p = &img.rgba[(static_cast<std::size_t>(y) * img.width + 160) * 4];
      const bool on_triangle = y >= 133 && y < 180;  // far corner at row 132, near edge at 180
      if (on_triangle && p[0] < 128) first_black = y;
    }
    return first_black;
  };
  EXPECT_NEAR(boundary_row(false), 156, 2);
  EXPECT_NEAR(boundary_row(true), 140, 2);
}

TEST_F(GlRenderTest, MissingAndCorruptPngGivePlaceholderAndError) {
  Error e;
  const std::string missing = std::string(CF_BINARY_DIR) + "/render_out/no_such_texture.png";
  const TextureId a = raster.load_texture(missing, &e);
  EXPECT_EQ(a, raster.placeholder_texture());
  EXPECT_NE(e.to_string().find("no_such_texture.png"), std::string::npos) << e.to_string();
  const std::string corrupt = std::string(CF_BINARY_DIR) + "/render_out/corrupt.png";
  std::filesystem::create_directories(std::string(CF_BINARY_DIR) + "/render_out");
  const char junk[] = "\x89PNG\r\n\x1a\nthis is not really a png at all";
  ASSERT_TRUE(write_file_atomic(corrupt, std::string(junk, sizeof junk - 1)).ok());
  Error e2;
  const TextureId b = raster.load_texture(corrupt, &e2);
  EXPECT_EQ(b, raster.placeholder_texture());
  EXPECT_NE(e2.to_string().find("corrupt.png"), std::string::npos) << e2.to_string();
  EXPECT_NE(e2.to_string().find("corrupt PNG"), std::string::npos) << e2.to_string();

  // The placeholder is visible: a wall textured with it shows magenta and black.
  MeshData quad = make_ground_mesh(1.0f, 1, 4.0f);
  MeshInput m = quad.view(glm::scale(glm::mat4(1.0f), glm::vec3(10.0f)), Rgba8{255, 255, 255, 255}, b);
  m.unlit = true;
  Camera cam;
  cam.view = glm::lookAt(glm::vec3(0, 1, 0), glm::vec3(0, 0, 0), glm::vec3(0, 0, -1));
  cam.fov_y_rad = 2.0f;
  GeometryJob job;
  job.meshes = &m;
  job.mesh_count = 1;
  job.camera = cam;
  job.scratch = &scratch;
  job.out = &list;
  ASSERT_TRUE(job.run());
  raster.draw(list, 640, 480);
  const Image img = target();
  long magenta = 0, black = 0;
  for (std::size_t i = 0; i < img.rgba.size(); i += 4) {
    if (img.rgba[i] >= 240 && img.rgba[i + 1] <= 8 && img.rgba[i + 2] >= 240) ++magenta;
    if (img.rgba[i] <= 8 && img.rgba[i + 1] <= 8 && img.rgba[i + 2] <= 8) ++black;
  }
  const long total = static_cast<long>(img.width) * img.height;
  EXPECT_GT(magenta, total / 4);
  EXPECT_GT(black, total / 4);
}

}  // namespace
}  // namespace cf::test
