// The title menu's gallery through the real binary and a virtual pad: a card dropped into the
// creatures folder by hand appears in the Edit list as its picture, left/right step along the grid's
// rows, A opens the card's creature, and Y twice moves the card to the trash.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/file_io.h"
#include "creature/creature_card.h"
#include "editor_e2e_util.h"
#include "render/image_io.h"
#include "run_command.h"

namespace cf::test {
namespace {

int shipped_count() {
  int n = 0;
  for (const auto& e : std::filesystem::directory_iterator(CF_SOURCE_DIR "/assets/creatures"))
    n += e.path().extension() == ".json";
  return n;
}

// Magenta pixels (the dropped card's picture) in a box of the picture.
int magenta(const Image& img, int x0, int x1) {
  int n = 0;
  for (int y = 0; y < img.height; ++y)
    for (int x = x0; x < x1 && x < img.width; ++x) {
      const std::uint8_t* p = &img.rgba[(static_cast<std::size_t>(y) * img.width + x) * 4];
      n += p[0] > 170 && p[1] < 90 && p[2] > 150;
    }
  return n;
}

// A fresh data folder with one card dropped into its creatures folder: a shipped creature inside,
// 'pic' its picture (w x h RGBA8).
std::string data_with_card(const std::string& folder, const std::string& card, const std::string& shipped,
                           const std::vector<std::uint8_t>& pic, int w, int h) {
  const std::string data = ux_tmp(folder);
  std::filesystem::remove_all(data);
  std::filesystem::create_directories(data + "/creatures");
  Result<std::vector<std::uint8_t>> png =
      encode_card(w, h, pic.data(), *read_file(CF_SOURCE_DIR "/assets/creatures/" + shipped + ".json"));
  EXPECT_TRUE(png.ok());
  std::ofstream(data + "/creatures/" + card, std::ios::binary)
      .write(reinterpret_cast<const char*>(png->data()), static_cast<std::streamsize>(png->size()));
  return data;
}

TEST(GalleryE2E, ACardDroppedInByHandIsInTheGalleryOpensAndGoesToTheTrash) {
  // A card from elsewhere: a magenta picture, the shipped strider inside, renamed "friend".
  std::vector<std::uint8_t> pic(240 * 320 * 4, 0);
  for (std::size_t i = 0; i < pic.size(); i += 4) pic[i] = 220, pic[i + 1] = 40, pic[i + 2] = 200, pic[i + 3] = 255;
  const std::string data = data_with_card("gallery_data", "friend.card.png", "strider", pic, 240, 320);
  const std::string card_path = data + "/creatures/friend.card.png";

  // EDIT; the cursor onto the last creature (the card): down past every shipped one, then right and
  // left along its row (nothing to its right: it stays), and the picture taken there.
  PadSteps s;
  s.wait(10).press("down").press("a").wait(5).press("down", shipped_count()).press("right").wait(30);
  const int shot_tick = s.total_ticks();
  s.press("left").press("right").wait(5);
  s.press("y").press("y").wait(10);
  const std::string shot = ux_tmp("gallery_edit.png");
  CommandResult r = ux_game("--title --data-dir '" + data + "' --pad-script '" + ux_script("gallery_edit", s) + "' --ticks " +
                         std::to_string(s.total_ticks()) + " --screenshot '" + shot + "' --at-tick " + std::to_string(shot_tick));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Result<Image> img = load_png(shot);
  ASSERT_TRUE(img.ok());
  // The card's picture is a tile in the grid on the left (its 48 x 64 thumbnail at 3x: about 27000
  // pixels), and not in the preview on the right (that shows the strider turning).
  EXPECT_GT(magenta(*img, 0, img->width * 11 / 20), 15000);
  EXPECT_LT(magenta(*img, img->width * 11 / 20, img->width), 100);
  EXPECT_FALSE(std::filesystem::exists(card_path)) << "Y twice moves the card to the trash";
  int in_trash = 0;
  for (const auto& e : std::filesystem::directory_iterator(data + "/trash"))
    in_trash += e.path().filename().string().rfind("friend.card.png", 0) == 0;
  EXPECT_EQ(in_trash, 1);
}

TEST(GalleryE2E, ADroppedCardEditedAndSavedKeepsItsCreatureAsTheEarlierVersion) {
  const std::string data = data_with_card("gallery_keep", "quadruped.card.png", "quadruped", std::vector<std::uint8_t>(8 * 8 * 4, 128), 8, 8);
  const std::string text = *read_file(CF_SOURCE_DIR "/assets/creatures/quadruped.json");
  // EDIT, the card, paint it (a change), SAVE under the offered name (its own).
  PadSteps s;
  s.wait(10).press("down").press("a").wait(3).press("down", shipped_count()).press("a").wait(10);
  s.add({1, 0, 0, {"lb", "y"}}).add({1, 0, 0, {}}).wait(5).press("a").wait(5);  // paint mode: a new base colour
  s.press("start").press("down", 2).press("a").press("start").wait(10);
  CommandResult r = ux_game("--title --data-dir '" + data + "' --pad-script '" + ux_script("gallery_keep", s) +
                            "' --ticks " + std::to_string(s.total_ticks()));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_TRUE(std::filesystem::exists(data + "/creatures/quadruped.json")) << r.err;
  EXPECT_NE(*read_file(data + "/creatures/quadruped.json"), text) << "the edit was saved";
  EXPECT_EQ(*read_file(data + "/history/quadruped.1.json"), text) << "the card's creature is kept";
  const std::string now = *read_file(data + "/creatures/quadruped.card.png");
  Result<std::string> in_card = creature_text_of(now, "card");
  ASSERT_TRUE(in_card.ok());
  EXPECT_EQ(*in_card, *read_file(data + "/creatures/quadruped.json"));  // the new card holds the new file
}

TEST(GalleryE2E, ACardIsPlayedFromThePlayList) {
  const std::string data = data_with_card("gallery_play", "bug.card.png", "hexapod", std::vector<std::uint8_t>(8 * 8 * 4, 128), 8, 8);
  // PLAY, FREE ROAM, the card (after every shipped creature), the first level, then play: the state says hexapod.
  PadSteps s;
  s.wait(10).press("down", 2).press("a").wait(3).press("a").wait(3).press("down", shipped_count()).press("a").wait(3).press("a").wait(30);
  const std::string rec = ux_tmp("gallery_play.replay.json");
  std::filesystem::remove(rec);
  CommandResult r = ux_game("--title --data-dir '" + data + "' --pad-script '" + ux_script("gallery_play", s) + "' --ticks " +
                         std::to_string(s.total_ticks()) + " --record '" + rec + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // The session played the card's creature: the replay names the card and holds the hexapod.
  Result<std::string> replay = read_file(rec);
  ASSERT_TRUE(replay.ok()) << r.err;
  EXPECT_NE(replay->find("bug.card.png"), std::string::npos);
  EXPECT_NE(replay->find("hexapod"), std::string::npos);
}

}  // namespace
}  // namespace cf::test
