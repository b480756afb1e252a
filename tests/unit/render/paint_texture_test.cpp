#include "render/paint_texture.h"

#include <set>

#include <gtest/gtest.h>

namespace cf {
namespace {

Creature painted(int parts, PaintPattern pattern) {
  Creature c;
  c.painted = true;
  for (int i = 0; i < parts; ++i) {
    Part p;
    p.tag = i == 0 ? PartTag::kTorso : (i == 1 ? PartTag::kHead : PartTag::kLeg);
    p.stroke = {glm::vec3(0, 1, 0), glm::vec3(0, 1, 0.5f)};
    p.paint.base = palette_colour(4);
    p.paint.second = palette_colour(13);
    p.paint.pattern = pattern;
    c.parts.push_back(p);
  }
  return c;
}

// The texels of part p's cell.
std::vector<std::uint8_t> cell(const IndexedTexture& t, int part, int parts) {
  const int g = paint_grid(parts), n = kPaintPageSize / g;
  std::vector<std::uint8_t> out;
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) out.push_back(t.texels[static_cast<std::size_t>((part / g) * n + y) * kPaintPageSize + (part % g) * n + x]);
  return out;
}

Rgba8 rgba8(Rgb555 c) {
  Rgba8 o;
  rgb555_to_rgb8(c, &o.r, &o.g, &o.b);
  o.r = static_cast<std::uint8_t>((o.r & 0xf8) | (o.r >> 5));
  o.g = static_cast<std::uint8_t>((o.g & 0xf8) | (o.g >> 5));
  o.b = static_cast<std::uint8_t>((o.b & 0xf8) | (o.b >> 5));
  return o;
}

int count_colour(const IndexedTexture& t, const std::vector<std::uint8_t>& texels, Rgba8 c) {
  int n = 0;
  for (std::uint8_t i : texels) n += t.clut[i] == c;
  return n;
}

TEST(PaintTexture, APageIsAtMostTheConsolesAndEveryTexelIndexesItsSixteenColourTable) {
  IndexedTexture t;
  Creature c = painted(7, PaintPattern::kStripes);
  c.eyes = 0;  // eyes take their own entries (an 8-bit table, below)
  build_paint_texture(c, {}, &t);
  EXPECT_EQ(t.width, kPaintPageSize);
  EXPECT_EQ(t.height, kPaintPageSize);
  EXPECT_LE(kPaintPageSize, 256);
  EXPECT_EQ(t.bits, 4);
  EXPECT_LE(t.clut.size(), 16u);
  ASSERT_EQ(t.texels.size(), 256u * 256u);
  for (std::uint8_t i : t.texels) ASSERT_LT(i, t.clut.size());
}

TEST(PaintTexture, ManyColoursTakeAnEightBitTableOfAtMost256) {
  Creature c = painted(64, PaintPattern::kBands);
  for (int i = 0; i < 64; ++i) {
    c.parts[static_cast<std::size_t>(i)].paint.base = static_cast<Rgb555>(i * 97 + 3);
    c.parts[static_cast<std::size_t>(i)].paint.second = static_cast<Rgb555>(i * 131 + 20000);
  }
  IndexedTexture t;
  build_paint_texture(c, {}, &t);
  EXPECT_EQ(t.bits, 8);
  EXPECT_GT(t.clut.size(), 16u);
  EXPECT_LE(t.clut.size(), 256u);
  for (std::uint8_t i : t.texels) ASSERT_LT(i, t.clut.size());
  // Each part's two colours are on its cell.
  for (int p = 0; p < 64; p += 9) {
    const auto texels = cell(t, p, 64);
    EXPECT_GT(count_colour(t, texels, rgba8(c.parts[static_cast<std::size_t>(p)].paint.base)), 0) << p;
    EXPECT_GT(count_colour(t, texels, rgba8(c.parts[static_cast<std::size_t>(p)].paint.second)), 0) << p;
  }
}

TEST(PaintTexture, SamePaintSameBytes) {
  IndexedTexture a, b;
  build_paint_texture(painted(5, PaintPattern::kSpots), {0.1f, 0.2f, 0.3f, 0.4f, 0.5f}, &a);
  build_paint_texture(painted(5, PaintPattern::kSpots), {0.1f, 0.2f, 0.3f, 0.4f, 0.5f}, &b);
  EXPECT_EQ(a.texels, b.texels);
  EXPECT_TRUE(a.clut == b.clut);
}

TEST(PaintTexture, SolidShowsNoSecondColourAndEveryPatternDoes) {
  const Rgba8 second = rgba8(palette_colour(13));
  IndexedTexture t;
  Creature c = painted(3, PaintPattern::kSolid);
  c.eyes = 0;
  build_paint_texture(c, {}, &t);
  EXPECT_EQ(count_colour(t, cell(t, 0, 3), second), 0);
  for (PaintPattern p : {PaintPattern::kStripes, PaintPattern::kSpots, PaintPattern::kBelly, PaintPattern::kBands}) {
    c = painted(3, p);
    c.eyes = 0;
    build_paint_texture(c, {}, &t);
    const int n = count_colour(t, cell(t, 0, 3), second);
    const int all = static_cast<int>(cell(t, 0, 3).size());
    EXPECT_GT(n, all / 20) << to_string(p);
    EXPECT_LT(n, all * 3 / 4) << to_string(p);
  }
}

TEST(PaintTexture, BellyShadingLiesWhereThePartFacesDown) {
  for (float belly : {0.25f, 0.8f}) {
    Creature c = painted(1, PaintPattern::kBelly);
    c.eyes = 0;
    IndexedTexture t;
    build_paint_texture(c, {belly}, &t);
    const Rgba8 second = rgba8(palette_colour(13));
    const int n = kPaintPageSize;  // one part: the whole page
    const int mid = n / 2;
    auto at = [&](float u) { return t.clut[t.texels[static_cast<std::size_t>(mid) * kPaintPageSize + static_cast<std::size_t>(u * n)]]; };
    EXPECT_TRUE(at(belly) == second) << belly;
    const float top = belly + 0.5f > 1.0f ? belly - 0.5f : belly + 0.5f;
    EXPECT_FALSE(at(top) == second) << belly;
  }
}

TEST(PaintTexture, EyesArePaintedOnTheHeadOnly) {
  auto whites = [&](int eyes, int part) {
    Creature c = painted(3, PaintPattern::kSolid);
    c.eyes = eyes;
    IndexedTexture t;
    build_paint_texture(c, {}, &t);
    const Rgba8 w = t.clut[1];  // the eyes' white
    EXPECT_TRUE(w.r > 200 && w.g > 200 && w.b > 200);
    return count_colour(t, cell(t, part, 3), w);
  };
  EXPECT_EQ(whites(0, 1), 0);
  EXPECT_GT(whites(2, 1), 0);
  EXPECT_GT(whites(4, 1), whites(2, 1));
  EXPECT_EQ(whites(2, 0), 0);  // the torso has none when there is a head
}

TEST(PaintTexture, UvsLandInTheirPartsCell) {
  const std::vector<glm::vec2> uvs{{0, 0}, {1, 1}, {0.5f, 0.25f}, {0.99f, 0.01f}};
  const std::vector<int> part{0, 1, 5, 6};
  std::vector<glm::vec2> out;
  paint_uvs(uvs, part, 7, &out);  // 7 parts: 4 x 4 cells of 64 texels
  ASSERT_EQ(out.size(), 4u);
  for (std::size_t i = 0; i < out.size(); ++i) {
    const int p = part[i];
    EXPECT_GT(out[i].x, (p % 4) / 4.0f) << i;
    EXPECT_LT(out[i].x, (p % 4 + 1) / 4.0f) << i;
    EXPECT_GT(out[i].y, (p / 4) / 4.0f) << i;
    EXPECT_LT(out[i].y, (p / 4 + 1) / 4.0f) << i;
  }
  EXPECT_NEAR(out[2].x, (1 + 0.5f) / 4.0f, 1e-6f);
}

TEST(PaintTexture, BellyUFollowsTheDownwardNormals) {
  // A ring of 8 vertices of part 0 whose normal at u = 0.75 points straight down.
  std::vector<glm::vec2> uvs;
  std::vector<glm::vec3> normals;
  std::vector<int> part;
  for (int j = 0; j < 8; ++j) {
    const float u = j / 8.0f, a = 6.2831853f * (u - 0.75f);
    uvs.push_back({u, 0.5f});
    normals.push_back({std::sin(a), -std::cos(a), 0.0f});
    part.push_back(0);
  }
  std::vector<float> belly;
  paint_belly_u(uvs, normals, part, 2, &belly);
  ASSERT_EQ(belly.size(), 2u);
  EXPECT_NEAR(belly[0], 0.75f, 0.02f);
  EXPECT_FLOAT_EQ(belly[1], 0.5f);  // no vertices
}

TEST(PaintTexture, ExpandingGivesTheTableColours) {
  IndexedTexture t;
  build_paint_texture(painted(2, PaintPattern::kBands), {}, &t);
  Image img;
  expand_indexed(t, &img);
  ASSERT_EQ(img.rgba.size(), t.texels.size() * 4);
  for (std::size_t i = 0; i < t.texels.size(); i += 997) {
    const Rgba8 c = t.clut[t.texels[i]];
    EXPECT_EQ(img.rgba[i * 4], c.r);
    EXPECT_EQ(img.rgba[i * 4 + 1], c.g);
    EXPECT_EQ(img.rgba[i * 4 + 2], c.b);
    EXPECT_EQ(img.rgba[i * 4 + 3], 255);
  }
  EXPECT_TRUE(check_texture_image(img, "").ok());
}

}  // namespace
}  // namespace cf

namespace cf {
namespace {

// The colours the eye texels of the head's cell show through a colour table.
struct EyeColours {
  int white = 0, pupil = 0, lid = 0;
  float pupil_v = 0.0f;  // mean v of the pupil texels (along the head)
};
EyeColours eye_colours(const IndexedTexture& t, const std::vector<Rgba8>& clut, int part, int parts) {
  EyeColours e;
  const int g = paint_grid(parts), n = kPaintPageSize / g;
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      const std::uint8_t i = t.texels[static_cast<std::size_t>((part / g) * n + y) * kPaintPageSize + (part % g) * n + x];
      if (i < t.eye_first || i >= t.eye_first + kEyeTableEntries) continue;
      const Rgba8 c = clut[i];
      if (c == t.eye_lid) ++e.lid;
      else if (c == t.eye_white) ++e.white;
      else if (c == t.eye_pupil) {
        ++e.pupil;
        e.pupil_v += static_cast<float>(y);
      }
    }
  if (e.pupil) e.pupil_v /= static_cast<float>(e.pupil);
  return e;
}

TEST(PaintTexture, EachEyeTexelIsAnEyeEntrySoABlinkIsAColourTableChange) {
  Creature c = painted(3, PaintPattern::kStripes);
  c.eyes = 2;
  IndexedTexture t;
  build_paint_texture(c, {}, &t);
  ASSERT_GE(t.eye_first, 2);
  EXPECT_EQ(t.bits, 8);
  EXPECT_LE(t.clut.size(), 256u);
  // The page's own table: open, white and pupil both showing, no lid.
  const EyeColours open = eye_colours(t, t.clut, 1, 3);
  EXPECT_GT(open.white, open.pupil);
  EXPECT_GT(open.pupil, 0);
  EXPECT_EQ(open.lid, 0);
  // Shut: every eye texel is the lid, and only the eye entries changed.
  std::vector<Rgba8> row = t.clut;
  EyeLook shut;
  shut.closure = 1.0f;
  write_eye_clut(t, shut, 1.0f, row.data());
  const EyeColours closed = eye_colours(t, row, 1, 3);
  EXPECT_EQ(closed.white + closed.pupil, 0);
  EXPECT_EQ(closed.lid, open.white + open.pupil);
  for (int i = 0; i < t.eye_first; ++i) EXPECT_TRUE(row[static_cast<std::size_t>(i)] == t.clut[static_cast<std::size_t>(i)]);
  // Half shut: the lid covers part of the eye.
  EyeLook half;
  half.closure = 0.5f;
  write_eye_clut(t, half, 1.0f, row.data());
  const EyeColours mid = eye_colours(t, row, 1, 3);
  EXPECT_GT(mid.lid, 0);
  EXPECT_LT(mid.lid, closed.lid);
  // Looking up and down moves the pupils along the eye without leaving it.
  EyeLook up, down;
  up.pitch = 1.0f;
  down.pitch = -1.0f;
  write_eye_clut(t, up, 1.0f, row.data());
  const EyeColours u = eye_colours(t, row, 1, 3);
  write_eye_clut(t, down, 1.0f, row.data());
  const EyeColours d = eye_colours(t, row, 1, 3);
  EXPECT_GT(u.pupil, 0);
  EXPECT_GT(d.pupil, 0);
  EXPECT_EQ(u.lid + d.lid, 0);
}

TEST(PaintTexture, TheEyesLookAheadAlongTheHeadAndBackWhenTheLookTurnsAway) {
  Creature c = painted(3, PaintPattern::kSolid);
  c.eyes = 1;  // the odd one on top: its forward is the head's v
  IndexedTexture t;
  build_paint_texture(c, {}, &t);
  std::vector<Rgba8> row = t.clut;
  EyeLook back;
  back.pitch = 1.0f;  // the top eye looking up rolls its pupil back along the head
  write_eye_clut(t, back, 1.0f, row.data());
  const EyeColours ahead = eye_colours(t, t.clut, 1, 3), behind = eye_colours(t, row, 1, 3);
  ASSERT_GT(ahead.pupil, 0);
  ASSERT_GT(behind.pupil, 0);
  EXPECT_GT(ahead.pupil_v, behind.pupil_v);  // the head's front end is at its large v
}

TEST(PaintTexture, NoEyesNoEyeEntries) {
  Creature c = painted(7, PaintPattern::kStripes);
  c.eyes = 0;
  IndexedTexture t;
  build_paint_texture(c, {}, &t);
  EXPECT_EQ(t.eye_first, -1);
  EXPECT_EQ(t.bits, 4);
  std::vector<Rgba8> row = t.clut;
  write_eye_clut(t, EyeLook{0, 0, 1.0f}, 1.0f, row.data());  // nothing to write
  EXPECT_TRUE(row == t.clut);
}

}  // namespace
}  // namespace cf
