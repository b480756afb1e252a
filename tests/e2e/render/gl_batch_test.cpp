// The rasterizer keeps every texture in one atlas and draws a frame in one draw call, each triangle
// picking its own texture: the picture must be what one draw call per texture gave (every triangle its
// texture's colour, in list order; each texel where GL's own repeat and nearest filtering put it) and the
// number of draw calls must stay low (llvmpipe pays for each one).
#include "gl_fixture.h"
#include "render/draw_ranges.h"
#include "render/gl_program.h"
#include "render/gl_read_back.h"

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

TEST_F(GlRenderTest, TwelveTexturesInterleavedDrawInOneCallWithEachTrianglesTexture) {
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
  EXPECT_EQ(raster.draw_calls(), 1);
  EXPECT_EQ(raster.texture_batches(), 1);
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

// An 8x4 texture of distinct texels over a square whose texture coordinates run from -2.37 to 3.61 (both
// ways: wrapped, negative, past the texture's sides): the atlas's fetch gives every pixel the texel GL's
// own GL_REPEAT and GL_NEAREST give a standalone texture drawn with the same corners (the modern path,
// full colour, so nothing but the texel is in the pixel).
TEST_F(GlRenderTest, AtlasTexelsAreWhereGlsOwnRepeatAndNearestPutThem) {
  Image tex;
  tex.width = 8;
  tex.height = 4;
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 8; ++x) {
      const std::uint8_t c[4] = {static_cast<std::uint8_t>(30 * x + 7), static_cast<std::uint8_t>(60 * y + 11),
                                 static_cast<std::uint8_t>(255 - 9 * (x + 8 * y)), 255};
      tex.rgba.insert(tex.rgba.end(), c, c + 4);
    }
  // Behind the fixture's textures in the atlas, so its rectangle is not at the origin.
  const TextureId id = raster.create_texture(tex);
  ASSERT_NE(id, kNoTexture);
  constexpr int kSide = 64;
  const float us[2] = {-2.37f, 3.61f}, vs[2] = {3.3f, -1.9f};
  const float px[4][2] = {{0, 0}, {kSide, 0}, {kSide, kSide}, {0, kSide}};
  const float uv[4][2] = {{us[0], vs[0]}, {us[1], vs[0]}, {us[1], vs[1]}, {us[0], vs[1]}};
  const int corners[2][3] = {{0, 1, 2}, {0, 2, 3}};
  CommandList l;
  l.width = l.height = kSide;
  l.modern = true;
  l.clear_color = Rgba8{0, 0, 0, 255};
  for (const auto& tri : corners) {
    ScreenTriangle t;
    for (int k = 0; k < 3; ++k) {
      t.v[k].x = static_cast<std::int32_t>(px[tri[k]][0]) * kSubpixelOne;
      t.v[k].y = static_cast<std::int32_t>(px[tri[k]][1]) * kSubpixelOne;
      t.v[k].u = uv[tri[k]][0];
      t.v[k].v = uv[tri[k]][1];
      t.v[k].depth = 0.5f;
      t.v[k].inv_w = 1.0f;
      t.v[k].color = Rgba8{255, 255, 255, 255};
    }
    t.texture = id;
    l.triangles.push_back(t);
  }
  raster.draw(l, kSide, kSide);
  const Image atlas = target();
  ASSERT_EQ(atlas.width, kSide);
  ASSERT_EQ(atlas.height, kSide);

  // The reference: the same corners through GL's own sampler.
  const char* vs_src = R"(#version 330 core
in vec2 a_pos; in vec2 a_uv; out vec2 v_uv;
void main() { gl_Position = vec4(a_pos.x / 64.0 * 2.0 - 1.0, 1.0 - a_pos.y / 64.0 * 2.0, 0.0, 1.0); v_uv = a_uv; })";
  const char* fs_src = R"(#version 330 core
in vec2 v_uv; uniform sampler2D u_tex; out vec4 o;
void main() { o = vec4(textureLod(u_tex, v_uv, 0.0).rgb, 1.0); })";
  auto shader = [](GLenum type, const char* src) {
    const GLuint sh = glCreateShader(type);
    glShaderSource(sh, 1, &src, nullptr);
    glCompileShader(sh);
    return sh;
  };
  const GLuint prog = glCreateProgram();
  const GLuint vsh = shader(GL_VERTEX_SHADER, vs_src), fsh = shader(GL_FRAGMENT_SHADER, fs_src);
  glAttachShader(prog, vsh);
  glAttachShader(prog, fsh);
  glBindAttribLocation(prog, 0, "a_pos");
  glBindAttribLocation(prog, 1, "a_uv");
  glLinkProgram(prog);
  GLint linked = 0;
  glGetProgramiv(prog, GL_LINK_STATUS, &linked);
  ASSERT_TRUE(linked);
  GLuint gl_tex = 0, color = 0, fbo = 0, vao = 0, vbo = 0;
  glGenTextures(1, &gl_tex);
  glBindTexture(GL_TEXTURE_2D, gl_tex);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, tex.rgba.data());
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
  glGenTextures(1, &color);
  glBindTexture(GL_TEXTURE_2D, color);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, kSide, kSide, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, color, 0);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  std::vector<float> verts;
  for (const auto& tri : corners)
    for (int k = 0; k < 3; ++k) verts.insert(verts.end(), {px[tri[k]][0], px[tri[k]][1], uv[tri[k]][0], uv[tri[k]][1]});
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  glGenBuffers(1, &vbo);
  glBindBuffer(GL_ARRAY_BUFFER, vbo);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(verts.size() * sizeof(float)), verts.data(), GL_STATIC_DRAW);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 16, nullptr);
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, 16, reinterpret_cast<void*>(8));
  glViewport(0, 0, kSide, kSide);
  glDisable(GL_DEPTH_TEST);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glUseProgram(prog);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, gl_tex);
  glUniform1i(glGetUniformLocation(prog, "u_tex"), 0);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  Image want;
  want.width = want.height = kSide;
  ASSERT_TRUE(gl_read_rgba(fbo, GL_COLOR_ATTACHMENT0, kSide, kSide, &want.rgba));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glBindVertexArray(0);
  glUseProgram(0);
  glDeleteBuffers(1, &vbo);
  glDeleteVertexArrays(1, &vao);
  glDeleteFramebuffers(1, &fbo);
  glDeleteTextures(1, &color);
  glDeleteTextures(1, &gl_tex);
  glDeleteShader(vsh);
  glDeleteShader(fsh);
  glDeleteProgram(prog);

  int differing = 0, texels_seen = 0;
  std::vector<bool> seen(32, false);
  for (int i = 0; i < kSide * kSide; ++i) {
    const std::uint8_t* a = &atlas.rgba[static_cast<std::size_t>(i) * 4];
    const std::uint8_t* b = &want.rgba[static_cast<std::size_t>(i) * 4];
    differing += a[0] != b[0] || a[1] != b[1] || a[2] != b[2];
    const int x = (a[0] - 7) / 30, y = (a[1] - 11) / 60;
    if (x >= 0 && x < 8 && y >= 0 && y < 4 && !seen[static_cast<std::size_t>(x + 8 * y)]) {
      seen[static_cast<std::size_t>(x + 8 * y)] = true;
      ++texels_seen;
    }
  }
  EXPECT_EQ(differing, 0) << "pixels whose texel differs from GL's own repeat";
  EXPECT_EQ(texels_seen, 32) << "every texel of the wrapped texture shows";
}

// A texture that changes size moves to a block of its new size; the others keep theirs.
TEST_F(GlRenderTest, ATextureThatChangesSizeKeepsItsIdAndShowsItsNewPixels) {
  const TextureId id = raster.create_texture(solid(248, 0, 0));
  ASSERT_NE(id, kNoTexture);
  Image big;
  big.width = big.height = 64;
  big.rgba.assign(64 * 64 * 4, 255);
  for (std::size_t i = 0; i < big.rgba.size(); i += 4) big.rgba[i] = 0, big.rgba[i + 1] = 248, big.rgba[i + 2] = 0;
  ASSERT_TRUE(raster.update_texture(id, big));
  CommandList l;
  l.width = 320;
  l.height = 240;
  l.clear_color = Rgba8{0, 0, 0, 255};
  l.triangles.push_back(square(8, 8, id));
  l.triangles.push_back(square(40, 8, textures.ground));
  raster.draw(l, 320, 240);
  const Image img = target();
  const std::uint8_t* p = &img.rgba[(static_cast<std::size_t>(10) * 320 + 10) * 4];
  EXPECT_NEAR(p[0], 0, 8);
  EXPECT_NEAR(p[1], 248, 8);
  EXPECT_NEAR(p[2], 0, 8);
  EXPECT_EQ(raster.texture_texels()[static_cast<std::size_t>(id.index)], 64 * 64);
  EXPECT_FALSE(raster.update_texture(TextureId{0}, big)) << "the placeholder is never replaced";
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
