// Creature cards wherever a creature file is taken: creature-lab and the game's --creature read a
// card as the file it holds, a card re-encoded and painted over by another PNG writer (Pillow) still
// loads, and hostile cards are refused with one line naming the file.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/file_io.h"
#include "creature/creature_card.h"
#include "run_command.h"

namespace cf::test {
namespace {

std::string tmp(const std::string& name) { return std::string(CF_BINARY_DIR) + "/card_cli_" + name; }
const std::string kBiped = CF_SOURCE_DIR "/assets/creatures/biped_arms_tail.json";

CommandResult lab(const std::string& args) { return run_command("'" CF_LAB_EXE "' " + args); }

// A card of the shipped file, the way the game writes one (a plain picture: the pixels never matter).
std::string make_card(const std::string& name) {
  const std::string text = *read_file(kBiped);
  std::vector<std::uint8_t> px(64 * 80 * 4, 90);
  Result<std::vector<std::uint8_t>> png = encode_card(64, 80, px.data(), text);
  EXPECT_TRUE(png.ok());
  const std::string path = tmp(name);
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(png->data()), static_cast<std::streamsize>(png->size()));
  return path;
}

std::string last_line(std::string s) {
  while (!s.empty() && s.back() == '\n') s.pop_back();
  const std::size_t nl = s.find_last_of('\n');
  return nl == std::string::npos ? s : s.substr(nl + 1);
}

TEST(CardCli, CreatureLabReadsACardAsTheFileItHolds) {
  const std::string card = make_card("lab.card.png");
  const CommandResult a = lab("skeleton --creature '" + card + "'");
  const CommandResult b = lab("skeleton --creature '" + kBiped + "'");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  ASSERT_EQ(b.exit_code, 0) << b.err;
  EXPECT_EQ(a.out, b.out);
  EXPECT_GT(a.out.size(), 100u);
}

TEST(CardCli, ACardReencodedAndPaintedOverByPillowStillLoads) {
  const std::string card = make_card("pil_in.card.png"), out = tmp("pil_out.card.png");
  std::filesystem::remove(out);
  const CommandResult py = run_command("/usr/bin/python3 '" CF_CARD_TEST_DIR "/reencode.py' '" + card + "' '" + out + "'");
  ASSERT_EQ(py.exit_code, 0) << "Pillow (Debian python3-pil, installed by tools/setup) failed: " << py.err;
  // Really another file: other bytes, other pixels (RGB now, a red box over the picture).
  ASSERT_NE(*read_file(out), *read_file(card));
  CardPicture pic;
  const std::string bytes = *read_file(out);
  Result<std::string> text = decode_card(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size(), out, &pic);
  ASSERT_TRUE(text.ok()) << text.error().to_string();
  EXPECT_EQ(*text, *read_file(kBiped));
  ASSERT_EQ(pic.width, 64);
  EXPECT_EQ(pic.rgba[(30 * 64 + 30) * 4], 255);  // the box Pillow painted
  EXPECT_EQ(pic.rgba[(30 * 64 + 30) * 4 + 1], 0);
  const CommandResult a = lab("skeleton --creature '" + out + "'");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  EXPECT_EQ(a.out, lab("skeleton --creature '" + kBiped + "'").out);
}

TEST(CardCli, TheGamePlaysACardAsItsFile) {
  const std::string card = make_card("game.card.png");
  const std::string env = "env -u DISPLAY SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy '" CF_GAME_EXE "' --headless --ticks 120 --print-hash ";
  const CommandResult a = run_command(env + "--creature '" + card + "'");
  const CommandResult b = run_command(env + "--creature '" + kBiped + "'");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  ASSERT_EQ(b.exit_code, 0) << b.err;
  EXPECT_EQ(last_line(a.out), last_line(b.out));
}

TEST(CardCli, HostileCardsAreRefusedWithOneLineNamingTheFile) {
  const std::string corpus = CF_SOURCE_DIR "/tests/fuzz/card/corpus/";
  const std::pair<const char*, const char*> cases[] = {
      {"no_chunk.card.png", "not a creature card: no critterforge.creature/1 text chunk"},
      {"truncated.card.png", "truncated"},
      {"bomb.card.png", "inflate past 1 MiB"},
      {"wrong_checksum.card.png", "wrong checksum"},
      {"huge_header.card.png", "damaged PNG"},
  };
  for (const auto& [file, words] : cases) {
    const std::string path = corpus + file;
    const CommandResult r = lab("skeleton --creature '" + path + "'");
    EXPECT_EQ(r.exit_code, 2) << file;
    EXPECT_EQ(r.out, "") << file;
    EXPECT_NE(r.err.find(path + ": "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(words), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    const CommandResult g = run_command("env -u DISPLAY SDL_VIDEODRIVER=offscreen SDL_AUDIODRIVER=dummy '" CF_GAME_EXE
                                        "' --headless --ticks 5 --creature '" + path + "'");
    EXPECT_EQ(g.exit_code, 2) << file << g.err;
    EXPECT_NE(g.err.find(words), std::string::npos) << g.err;
  }
}

}  // namespace
}  // namespace cf::test
