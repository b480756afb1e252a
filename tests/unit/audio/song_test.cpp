// The song format and loader: every shipped song loads, bad files give one line naming the file and
// the field, and the loader's budget holds.
#include "audio/song.h"

#include <gtest/gtest.h>

#include <string>

namespace cf {
namespace {

std::string song_text(const std::string& channels, const std::string& patterns, const std::string& order = "[\"A\"]",
                      const std::string& extra = "") {
  return std::string("{\"format\": \"critterforge.song/1\", \"name\": \"t\", \"tempo_bpm\": 120, \"rows_per_beat\": 4, ") +
         "\"beats_per_bar\": 1, " + extra + "\"channels\": " + channels + ", \"patterns\": " + patterns +
         ", \"order\": " + order + "}";
}
const std::string kOneBass = "[{\"instrument\": \"bass\", \"volume\": 0.5}]";

TEST(Song, AGoodSongLaysItsPatternsOutInOrder) {
  Result<Song> s = parse_song(song_text(kOneBass, "{\"A\": [\"C2 . - .\"], \"B\": [\"G2 G2 . .\"]}", "[\"A\", \"B\", \"A\"]"), "t.json");
  ASSERT_TRUE(s.ok()) << s.error().to_string();
  EXPECT_EQ(s->rows, 12);
  EXPECT_EQ(s->cell(0, 0), 36);
  EXPECT_EQ(s->cell(1, 0), kNoteRest);
  EXPECT_EQ(s->cell(2, 0), kNoteOff);
  EXPECT_EQ(s->cell(4, 0), 43);
  EXPECT_EQ(s->cell(8, 0), 36);
  EXPECT_DOUBLE_EQ(s->seconds(), 1.5);  // 12 sixteenths at 120 beats a minute
}

TEST(Song, BadFilesSayWhichFileAndField) {
  struct Case {
    std::string text, field, words;
  };
  const Case cases[] = {
      {song_text(kOneBass, "{\"A\": [\"C7 . . .\"]}"), "patterns.A[0]", "outside the bass's range"},
      {song_text(kOneBass, "{\"A\": [\"H2 . . .\"]}"), "patterns.A[0]", "row 0: \"H2\" is not a note"},
      {song_text(kOneBass, "{\"A\": [\"C2 . .\"]}"), "patterns.A", "whole number of bars"},
      {song_text("[{\"instrument\": \"tuba\"}]", "{\"A\": [\"C2 . . .\"]}"), "channels[0].instrument", "not an instrument"},
      {song_text(kOneBass, "{\"A\": [\"C2 . . .\"]}", "[\"Z\"]"), "order[0]", "not a pattern"},
      {song_text(kOneBass, "{\"A\": [\"C2 . . .\", \"C2 . . .\"]}"), "patterns.A", "one per channel"},
      {song_text("[{\"instrument\": \"bass\", \"volume\": 3}]", "{\"A\": [\"C2 . . .\"]}"), "channels[0].volume", "0..1"},
      {song_text(kOneBass, "{\"A\": [\"C2 . . .\"]}", "[\"A\"]", "\"tempo\": 1, "), "tempo", "unknown field"},
  };
  for (const Case& c : cases) {
    Result<Song> s = parse_song(c.text, "bad.json");
    ASSERT_FALSE(s.ok()) << c.text;
    EXPECT_EQ(s.error().file, "bad.json");
    EXPECT_EQ(s.error().field, c.field) << s.error().to_string();
    EXPECT_NE(s.error().to_string().find(c.words), std::string::npos) << s.error().to_string();
    EXPECT_EQ(s.error().to_string().find('\n'), std::string::npos);
  }
  std::string fast = song_text(kOneBass, "{\"A\": [\"C2 . . .\"]}");
  fast.replace(fast.find("120"), 3, "999");
  Result<Song> tempo = parse_song(fast, "bad.json");
  ASSERT_FALSE(tempo.ok());
  EXPECT_EQ(tempo.error().field, "tempo_bpm");
}

TEST(Song, TheLoadersBudgetHolds) {
  // Too big a file, and too long a song (65 orders of a 64-row pattern is over 4096 rows).
  EXPECT_FALSE(parse_song(std::string(kSongMaxBytes + 1, ' '), "big.json").ok());
  std::string rows;
  for (int i = 0; i < 64; ++i) rows += "C2 ";
  std::string order = "[";
  for (int i = 0; i < 64; ++i) order += std::string(i ? "," : "") + "\"A\"";
  Result<Song> at_limit = parse_song(song_text(kOneBass, "{\"A\": [\"" + rows + "\"]}", order + "]"), "ok.json");
  ASSERT_TRUE(at_limit.ok()) << at_limit.error().to_string();
  EXPECT_EQ(at_limit->rows, 4096);
  Result<Song> over = parse_song(song_text(kOneBass, "{\"A\": [\"" + rows + "\"]}", order + ",\"A\"]"), "long.json");
  ASSERT_FALSE(over.ok());
  EXPECT_EQ(over.error().field, "order");
}

TEST(Song, EveryShippedSongLoadsAndEveryInstrumentHasASample) {
  Result<SongBank> bank = load_song_dir(CF_ASSETS_DIR "/music");
  ASSERT_TRUE(bank.ok()) << bank.error().to_string();
  for (const char* name : {"title", "editor", "meadow", "fields", "yard", "trial_countdown", "trial_race",
                           "trial_finish", "trial_new_best"})
    EXPECT_GE(bank->find(name), 0) << name;
  for (const auto& s : make_instrument_samples(44100)) EXPECT_GT(s.size(), 1000u);
  // The countdown sting lasts exactly the trial's 3 s countdown (180 ticks), so the race starts on GO.
  const Song& sting = bank->songs[static_cast<std::size_t>(bank->find("trial_countdown"))];
  EXPECT_DOUBLE_EQ(sting.seconds(), 3.0);
  for (const char* roam : {"meadow", "fields", "yard"})
    EXPECT_EQ(bank->songs[static_cast<std::size_t>(bank->find(roam))].tempo_bpm, 120.0) << "the dance's tempo";
}

}  // namespace
}  // namespace cf
