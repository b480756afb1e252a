// Paint through the real binary and a virtual pad: paint a shipped creature in the editor, save,
// reload (the same file, the same page), and painted creatures in play (their paint on screen, the
// same state hash as unpainted).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/file_io.h"
#include "creature/creature_io.h"
#include "editor_scripts.h"
#include "game/editor/editor_doc.h"
#include "render/image_io.h"
#include "run_command.h"

namespace cf::test {
namespace {

std::string tmp(const std::string& name) { return scratch_path("e2e_paint_", name); }

CommandResult game(const std::string& args) { return run_game_offscreen(args); }

std::string script(const std::string& name, const PadSteps& s) {
  const std::string path = tmp(name + ".pad.json");
  std::ofstream(path) << s.pad_script().dump(1);
  return path;
}

std::string last_line(const std::string& out) {
  std::string s = out;
  while (!s.empty() && s.back() == '\n') s.pop_back();
  const std::size_t nl = s.find_last_of('\n');
  return nl == std::string::npos ? s : s.substr(nl + 1);
}

// Pixels whose red clearly leads green and blue (the painted ladybug's shell) in the box where the
// camera keeps the creature (the middle of a 960 x 720 picture; the brick walls are outside it).
int red_pixels(const Image& img) {
  int n = 0;
  for (int y = 300; y < 440 && y < img.height; ++y) {
    for (int x = 440; x < 540 && x < img.width; ++x) {
      const std::size_t i = (static_cast<std::size_t>(y) * static_cast<std::size_t>(img.width) + static_cast<std::size_t>(x)) * 4;
      const int r = img.rgba[i], g = img.rgba[i + 1], b = img.rgba[i + 2];
      n += r > 90 && r > 2 * g && r > 2 * b;
    }
  }
  return n;
}

const char* kQuadruped = CF_SOURCE_DIR "/assets/creatures/quadruped.json";

TEST(PaintE2E, PaintedInTheEditorSavedAndReloadedIsTheSameFileAndTheSamePage) {
  const std::string data = tmp("data");
  std::filesystem::remove_all(data);
  PadSteps s;
  s.wait(10).add({1, 0, 0, {"lb", "y"}}).add({1, 0, 0, {}}).wait(20);  // paint mode
  s.press("a", 4).press("y").press("x", 2).wait(10);                   // every part: base, suggested second, spots
  s.press("right", 4).press("x", 2).wait(10);                          // a leg and its twin: bands
  s.press("up", 2).press("select").press("rb").wait(30);               // 4 eyes, undone, redone
  s.press("start").press("down", 2).press("a").press("start").wait(6);  // SAVE under the offered name
  const std::string shot = tmp("editor.png");
  const CommandResult r = game("--edit '" + std::string(kQuadruped) + "' --data-dir '" + data + "' --pad-script '" +
                               script("paint", s) + "' --ticks " + std::to_string(s.total_ticks()) +
                               " --screenshot '" + shot + "' --at-tick " + std::to_string(s.total_ticks() - 40));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_TRUE(std::filesystem::is_directory(data + "/creatures")) << r.err;
  std::string saved;  // the name the prompt offered (the shipped name may count as taken)
  for (const auto& e : std::filesystem::directory_iterator(data + "/creatures"))
    if (e.path().extension() == ".json") saved = e.path().string();
  ASSERT_FALSE(saved.empty()) << r.err;
  Result<std::string> text = read_file(saved);
  ASSERT_TRUE(text.ok()) << r.err;
  Result<Creature> c = parse_creature(*text, saved);
  ASSERT_TRUE(c.ok()) << c.error().to_string();
  ASSERT_TRUE(c->painted);
  EXPECT_EQ(c->eyes, 4);
  // What the presses asked for, worked out here from the palette, not read from the game.
  Result<Creature> shipped = load_creature(kQuadruped);
  ASSERT_TRUE(shipped.ok());
  Creature want = *shipped;
  want.painted = true;
  want.eyes = 4;
  const PartPaint d;
  const Rgb555 base = palette_colour(palette_index(d.base) + 4);
  for (Part& p : want.parts) {
    p.paint.base = base;
    p.paint.second = suggest_second(base, 0);
    p.paint.pattern = PaintPattern::kSpots;
  }
  want.parts[3].paint.pattern = want.parts[4].paint.pattern = PaintPattern::kBands;  // the left front leg and its twin
  want.name = c->name;
  for (std::size_t i = 0; i < want.parts.size(); ++i) EXPECT_EQ(c->parts[i].paint, want.parts[i].paint) << i;
  // Reloaded and written again: the same bytes; the page from the file is the page of the paint asked for.
  EXPECT_EQ(creature_to_json(*c).dump(2) + "\n", *text);
  EditorPreview from_file, from_want;
  from_file.rebuild(*c);
  from_want.rebuild(want);
  ASSERT_TRUE(from_file.painted);
  EXPECT_EQ(from_file.page.texels, from_want.page.texels);
  EXPECT_TRUE(from_file.page.clut == from_want.page.clut);
  EXPECT_LE(from_file.page.clut.size() - (from_file.page.eye_first >= 0 ? kEyeTableEntries : 0), 16u);
  EXPECT_TRUE(std::filesystem::exists(shot));
  // The save wrote its card beside the file: the same creature byte for byte, and a portrait in the paint.
  const std::string card = saved.substr(0, saved.size() - 5) + ".card.png";
  Result<Creature> from_card = load_creature(card);
  ASSERT_TRUE(from_card.ok()) << from_card.error().to_string() << r.err;
  EXPECT_EQ(creature_to_json(*from_card).dump(2) + "\n", *text);
  Result<Image> pic = load_png(card);
  ASSERT_TRUE(pic.ok());
  EXPECT_EQ(pic->width, 480);
  EXPECT_EQ(pic->height, 640);
  std::uint8_t br, bg, bb;
  rgb555_to_rgb8(base, &br, &bg, &bb);
  int in_base = 0;  // lit and dithered, the base colour stays within a few steps of itself
  for (std::size_t i = 0; i < pic->rgba.size(); i += 4)
    in_base += std::abs(pic->rgba[i] - br) < 48 && std::abs(pic->rgba[i + 1] - bg) < 48 && std::abs(pic->rgba[i + 2] - bb) < 48;
  EXPECT_GT(in_base, 480 * 640 / 20) << "the card does not show the creature's base colour";
}

TEST(PaintE2E, ACardThatCannotBeWrittenLosesNothing) {
  // A file size limit of 8 KiB: the creature file (4 KiB) fits, its card (30 KiB) does not (EFBIG).
  const std::string data = tmp("nocard");
  std::filesystem::remove_all(data);
  PadSteps s;
  s.wait(10).press("start").press("down", 2).press("a").press("start").wait(6);  // SAVE under the offered name
  const CommandResult r = run_command("ulimit -f 16 && cd '" CF_SOURCE_DIR "' && env -u DISPLAY SDL_VIDEODRIVER=offscreen "
                                      "SDL_AUDIODRIVER=dummy ASAN_OPTIONS=detect_leaks=0 '" CF_GAME_EXE "' --edit '" +
                                      std::string(kQuadruped) + "' --data-dir '" + data + "' --pad-script '" +
                                      script("nocard", s) + "' --ticks " + std::to_string(s.total_ticks()));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Result<Creature> c = load_creature(data + "/creatures/quadruped.json");
  ASSERT_TRUE(c.ok()) << c.error().to_string() << r.err;
  Creature want = *load_creature(kQuadruped);
  want.name = c->name;  // the name the prompt gave it
  EXPECT_EQ(creature_to_json(*c).dump(2), creature_to_json(want).dump(2));
  EXPECT_NE(r.err.find("cannot write the card " + data + "/creatures/quadruped.card.png"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("(the creature file is saved)"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(data + "/creatures/quadruped.card.png"));  // no half-written card
}

TEST(PaintE2E, APaintedCreatureWearsItsPaintInPlayAndComputesWhatTheUnpaintedOneDoes) {
  const std::string painted = tmp("ladybug.png"), plain = tmp("hexapod.png");
  const CommandResult a = game("--creature tests/data/creatures/painted/hexapod.json --ticks 90 --print-hash --screenshot '" +
                               painted + "'");
  const CommandResult b = game("--creature assets/creatures/hexapod.json --ticks 90 --print-hash --screenshot '" + plain + "'");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  ASSERT_EQ(b.exit_code, 0) << b.err;
  EXPECT_EQ(last_line(a.out), last_line(b.out)) << "paint changed what the simulation computes";
  Result<Image> pa = load_png(painted), pb = load_png(plain);
  ASSERT_TRUE(pa.ok() && pb.ok());
  EXPECT_GT(red_pixels(*pa), 500) << "the red shell is not on screen";
  EXPECT_LT(red_pixels(*pb), 20) << "the unpainted hexapod is green";
}

TEST(PaintE2E, AHerdPickedFromPaintedCreaturesComputesWhatTheShippedHerdDoes) {
  // The painted copies keep their names and bodies, so the same seed picks and places the same herd.
  const std::string args = " --level assets/levels/open_ground.json --herd 12 --ticks 120 --print-hash";
  const CommandResult a = game("--creature tests/data/creatures/painted/biped.json --herd-from tests/data/creatures/painted" + args);
  const CommandResult b = game("--creature assets/creatures/biped.json" + args);
  ASSERT_EQ(a.exit_code, 0) << a.err;
  ASSERT_EQ(b.exit_code, 0) << b.err;
  EXPECT_EQ(last_line(a.out), last_line(b.out));
  EXPECT_NE(game("--replay tests/data/game/walk.replay.json --herd-from x").exit_code, 0);
}

}  // namespace
}  // namespace cf
