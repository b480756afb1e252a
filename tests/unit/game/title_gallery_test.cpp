// The gallery of the title menu's Edit and Play lists: which files it lists (cards beside their
// files, cards alone), the page of card pictures, the tiles it draws, and stepping along a row.
#include "game/title/title_gallery.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "core/file_io.h"
#include "creature/creature_card.h"
#include "creature/creature_io.h"
#include "core/json.h"

namespace cf {
namespace {

UserData fresh(const std::string& name) {
  const std::string root = std::string(CF_BINARY_DIR) + "/gallery_" + name;
  std::filesystem::remove_all(root);
  std::filesystem::create_directories(root + "/creatures");
  return UserData{root};
}

// A card of the shipped biped whose picture is one colour.
void put_card(const std::string& path, Rgba8 c, int w = 24, int h = 32) {
  std::vector<std::uint8_t> px(static_cast<std::size_t>(w) * h * 4);
  for (std::size_t i = 0; i < px.size(); i += 4) px[i] = c.r, px[i + 1] = c.g, px[i + 2] = c.b, px[i + 3] = 255;
  Result<std::vector<std::uint8_t>> png = encode_card(w, h, px.data(), *read_file(std::string(CF_ASSETS_DIR) + "/creatures/biped.json"));
  ASSERT_TRUE(png.ok());
  ASSERT_TRUE(write_file_atomic(path, std::string(png->begin(), png->end())).ok());
}

std::vector<CreatureEntry> mine(const UserData& d) {
  std::vector<CreatureEntry> out;
  for (const CreatureEntry& e : list_creatures(d))
    if (!e.shipped) out.push_back(e);
  return out;
}

TEST(Gallery, ACardIsListedBesideItsFileAndAloneWhenDroppedInByHand) {
  const UserData d = fresh("list");
  const std::string dir = d.creatures_dir();
  ASSERT_TRUE(write_file_atomic(dir + "/rex.json", *read_file(std::string(CF_ASSETS_DIR) + "/creatures/biped.json")).ok());
  put_card(dir + "/rex.card.png", {200, 0, 0, 255});
  put_card(dir + "/friend.card.png", {0, 200, 0, 255});
  put_card(dir + "/.critterforge-tmp-x.card.png.1", {0, 0, 200, 255});  // a save's temporary: not a creature
  const std::vector<CreatureEntry> m = mine(d);
  ASSERT_EQ(m.size(), 2u);
  EXPECT_EQ(m[0].name, "friend");
  EXPECT_EQ(m[0].path, dir + "/friend.card.png");  // the card is the creature's file
  EXPECT_EQ(m[0].card, dir + "/friend.card.png");
  EXPECT_EQ(m[1].name, "rex");
  EXPECT_EQ(m[1].path, dir + "/rex.json");
  EXPECT_EQ(m[1].card, dir + "/rex.card.png");
}

TEST(Gallery, ThePageHoldsEachCardsPictureShrunkAndNothingForTheRest) {
  const UserData d = fresh("page");
  put_card(d.creatures_dir() + "/a.card.png", {200, 10, 10, 255}, 480, 640);
  std::vector<CreatureEntry> entries = {{"shipped", std::string(CF_ASSETS_DIR) + "/creatures/biped.json", true, ""},
                                        {"a", d.creatures_dir() + "/a.card.png", false, d.creatures_dir() + "/a.card.png"},
                                        {"broken", d.creatures_dir() + "/broken.card.png", false, d.creatures_dir() + "/broken.card.png"}};
  Gallery g;
  const std::uint64_t rev = g.revision();
  g.refresh(entries);
  EXPECT_GT(g.revision(), rev);
  ASSERT_EQ(g.page().width, kGalleryPage);
  // The first card went into cell 0: its picture's colour over the thumbnail, black beside it.
  const auto at = [&](int x, int y) { return &g.page().rgba[(static_cast<std::size_t>(y) * kGalleryPage + x) * 4]; };
  EXPECT_EQ(at(0, 0)[0], 200);
  EXPECT_EQ(at(kThumbW - 1, kThumbH - 1)[1], 10);
  EXPECT_EQ(at(kThumbW, 0)[0], 0);
  // Drawn: a textured tile for the card, plain ones for the shipped creature and the missing card.
  g.set_texture(TextureId{5});
  CommandList list;
  list.width = 320, list.height = 240;
  g.draw({"SHIPPED", "A", "BROKEN"}, {false, false, true}, 1, 0, 40, 180, 170, 1, HudTextStyle{}, &list);
  int textured = 0;
  for (const ScreenTriangle& t : list.triangles) textured += t.texture == TextureId{5};
  EXPECT_EQ(textured, 2);  // one quad
  EXPECT_EQ(list.triangles.size(), 3u * 4u);  // a rim and a tile each
  EXPECT_FALSE(list.lines.empty());            // the names
}

// Every shipped creature has its portrait beside it (tools/cards/make-shipped-cards), holding that very
// creature, and framed whole: flesh in the picture, none in the margin inside the frame.
TEST(Gallery, EveryShippedCreatureHasItsCardHoldingItFramedWhole) {
  const UserData d = fresh("shipped");
  int shipped = 0;
  for (const CreatureEntry& e : list_creatures(d)) {
    if (!e.shipped) continue;
    ++shipped;
    SCOPED_TRACE(e.name);
    ASSERT_FALSE(e.card.empty()) << "no card: run tools/cards/make-shipped-cards";
    Result<Creature> from_file = load_creature(e.path);
    Result<Creature> from_card = load_creature(e.card);
    ASSERT_TRUE(from_file.ok()) << from_file.error().to_string();
    ASSERT_TRUE(from_card.ok()) << from_card.error().to_string();
    Creature c = *from_card;
    c.name = from_file->name;  // the save prompt offers the name in capitals
    EXPECT_EQ(creature_to_json(c).dump(), creature_to_json(*from_file).dump()) << "stale card: run tools/cards/make-shipped-cards";
    Result<std::string> bytes = read_file(e.card);
    ASSERT_TRUE(bytes.ok());
    CardPicture pic;
    ASSERT_TRUE(decode_card(reinterpret_cast<const std::uint8_t*>(bytes->data()), bytes->size(), e.card, &pic).ok());
    // The unpainted skin is green; the background blue-grey, the frame gold, the banner dark.
    const auto flesh = [&](int x, int y) {
      const std::uint8_t* p = &pic.rgba[(static_cast<std::size_t>(y) * pic.width + x) * 4];
      return p[1] > p[0] + 12 && p[1] > p[2] + 12;
    };
    const int rim = pic.width / 40 + 2, banner_top = pic.height * 266 / 320;
    int inside = 0, margin = 0;
    for (int y = rim; y < banner_top; ++y)
      for (int x = rim; x < pic.width - rim; ++x) {
        const bool edge = y < rim + 8 || x < rim + 8 || x >= pic.width - rim - 8 || y >= banner_top - 8;
        (edge ? margin : inside) += flesh(x, y);
      }
    EXPECT_GT(inside, pic.width * pic.height / 100) << "the creature is too small or missing";
    EXPECT_EQ(margin, 0) << "the creature runs into the frame or the banner (cut off)";
  }
  EXPECT_GE(shipped, 7);
}

TEST(Gallery, ShrinkingAveragesEachBlock) {
  // 96 x 128 in 2 x 2 checks of 0 and 200: every thumbnail texel is their mean.
  std::vector<std::uint8_t> px(96 * 128 * 4);
  for (int y = 0; y < 128; ++y)
    for (int x = 0; x < 96; ++x)
      for (int c = 0; c < 4; ++c) px[(static_cast<std::size_t>(y) * 96 + x) * 4 + c] = ((x + y) & 1) ? 200 : 0;
  Image page;
  page.width = page.height = 64;
  page.rgba.assign(64 * 64 * 4, 7);
  shrink_into(px, 96, 128, &page, 0, 0);
  EXPECT_EQ(page.rgba[0], 100);
  EXPECT_EQ(page.rgba[((kThumbH - 1) * 64 + kThumbW - 1) * 4 + 2], 100);
  EXPECT_EQ(page.rgba[3], 255);
  EXPECT_EQ(page.rgba[(0 * 64 + kThumbW) * 4], 7);  // nothing written beside it
}

TEST(Gallery, LeftAndRightStepARowAndStopAtTheEnds) {
  Gallery g;  // two rows until drawn
  EXPECT_EQ(g.step(0, 9, 1), 2);
  EXPECT_EQ(g.step(3, 9, -1), 1);
  EXPECT_EQ(g.step(1, 9, -1), 1);
  EXPECT_EQ(g.step(7, 9, 1), 7);
  EXPECT_EQ(g.step(6, 9, 1), 8);
}

}  // namespace
}  // namespace cf
