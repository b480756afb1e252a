// The rasterizer draws triangles with up to 8 textures per draw call, each triangle picking its own:
// the picture must be what one draw call per texture gave (every triangle its texture's colour, in
// list order) and the number of draw calls must stay low (llvmpipe pays for each one).
#include "gl_fixture.h"
#include "render/draw_ranges.h"

namespace cf::test {
namespace {

Image solid(std::uint8_t r, std::uint8_t g, std::uint8_t b) {
  Image img;
  img.width = img.height = 2;
  img.rgba.assign(16, 255);
  for (std::size_t i = 0; i < 16; i += 4) img.rgba[i] = r, img.rgba[i + 1] = g, img.rgba[i + 2] = b;
  return img;
}

// A white, unfogged triangle covering the pixel square [x, x + 8) x [y, y + 8) (and more).
ScreenTriangle square(int x, int y, TextureId tex) {
  ScreenTriangle t;
  const int xs[3] = {x, x + 16, x}, ys[3] = {y, y, y + 16};
  for (int k = 0; k < 3; ++k) {
    t.v[k].x = xs[k] * kSubpixelOne;
    t.v[k].y = ys[k] * kSubpixelOne;
    t.v[k].color = Rgba8{255, 255, 255, 255};
  }
  t.texture = tex;
  return t;
}

TEST_F(GlRenderTest, TwelveTexturesInterleavedDrawInThreeCallsWithEachTrianglesTexture) {
  std::vector<TextureId> tex;
  std::vector<Rgba8> colour;
  for (int i = 0; i < 12; ++i) {
    // Colours on the 15-bit grid (multiples of 8) far from each other, so dither cannot blur them.
    const auto r = static_cast<std::uint8_t>((i % 3) * 120), g = static_cast<std::uint8_t>((i / 3) * 80);
    const auto b = static_cast<std::uint8_t>(i % 2 ? 248 : 0);
    tex.push_back(raster.create_texture(solid(r, g, b)));
    ASSERT_NE(tex.back(), kNoTexture);
    colour.push_back(Rgba8{r, g, b, 255});
  }
  CommandList l;
  l.width = 320;
  l.height = 240;
  l.clear_color = Rgba8{0, 0, 0, 255};
  // 24 triangles, textures 0..11 then 11..0, one untextured (white) after every fourth; each drawn
  // over the previous one's corner, so list order matters.
  std::vector<Rgba8> expect;
  for (int i = 0; i < 24; ++i) {
    const int t = i < 12 ? i : 23 - i;
    const bool untextured = i % 4 == 3;
    l.triangles.push_back(square(8 + i * 12, 100, untextured ? kNoTexture : tex[static_cast<std::size_t>(t)]));
    expect.push_back(untextured ? Rgba8{248, 248, 248, 255} : colour[static_cast<std::size_t>(t)]);
  }
  raster.draw(l, 320, 240);
  // Batches of 8 distinct textures in list order: {0 1 2 4 5 6 8 9}, {10 11 9 7 6 5 3 2}, {1 0}.
  EXPECT_EQ(raster.draw_calls(), 3);
  Image img = target();
  ASSERT_EQ(img.width, 320);
  for (int i = 0; i < 24; ++i) {
    const int x = 8 + i * 12 + 2, y = 102;  // inside the triangle, left of the next one
    const std::uint8_t* p = &img.rgba[(static_cast<std::size_t>(y) * 320 + x) * 4];
    EXPECT_NEAR(p[0], expect[static_cast<std::size_t>(i)].r, 8) << "triangle " << i;
    EXPECT_NEAR(p[1], expect[static_cast<std::size_t>(i)].g, 8) << "triangle " << i;
    EXPECT_NEAR(p[2], expect[static_cast<std::size_t>(i)].b, 8) << "triangle " << i;
  }
}

TEST_F(GlRenderTest, TestSceneBindsItsTexturesOnce) {
  render(FrameSettings{}, 320, 240);
  ASSERT_GT(list.triangles.size(), 10u);
  EXPECT_EQ(raster.texture_batches(), 1);
}

// Triangles Mesa has to clip go in short draw calls (render/draw_ranges.h): the picture must be byte for
// byte what one draw call per texture batch gives, on both paths.
TEST_F(GlRenderTest, ShortCallsAroundClippedTrianglesKeepThePicture) {
  for (const bool modern : {false, true}) {
    FrameSettings fs;
    fs.modern = modern;
    render(fs, 640, 480);
    std::vector<DrawRange> expect_ranges;
    split_for_clipping(list.triangles.data(), 0, static_cast<int>(list.triangles.size()), list.width, list.height,
                       list.modern, kClippedRunTriangles, &expect_ranges);
    EXPECT_EQ(raster.draw_calls(), static_cast<int>(expect_ranges.size()));
    ASSERT_GT(raster.draw_calls(), 2) << "the test scene must have triangles crossing the edge";
    const Image split = target();

    Rasterizer whole;  // one call per batch, as before the split
    RasterizerDesc desc;
    desc.clipped_run_triangles = 1 << 30;
    ASSERT_TRUE(whole.init(desc).ok());
    const std::string dir = std::string(CF_ASSETS_DIR) + "/textures/";
    Error e;  // the same texture ids as the fixture's rasterizer
    for (const char* name : {"creature_skin.png", "ground.png", "fence_wood.png", "wall_brick.png"}) {
      whole.load_texture(dir + name, &e);
    }
    ASSERT_TRUE(e.message.empty()) << e.to_string();
    whole.draw(list, 640, 480);
    EXPECT_EQ(whole.draw_calls(), 1);
    Image one;
    ASSERT_TRUE(whole.read_back_target(&one.rgba, &one.width, &one.height));
    whole.shutdown();
    EXPECT_EQ(one.width, split.width);
    EXPECT_EQ(one.height, split.height);
    EXPECT_TRUE(one.rgba == split.rgba) << (modern ? "modern" : "retro") << " picture changed";
  }
}

}  // namespace
}  // namespace cf::test
