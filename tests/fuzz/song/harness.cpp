// Fuzzes the song loader, then plays what loads: a second of it through the mixer's sequencer, which
// must start only notes in their instruments' ranges and put out finite samples below full scale.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "audio/mixer.h"
#include "audio/song.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto song = cf::parse_song(text, "fuzz.json");
  if (!song.ok()) {
    const std::string line = song.error().to_string();
    if (song.error().file != "fuzz.json" || line.find('\n') != std::string::npos) std::abort();  // one line, naming the file
    return 0;
  }
  if (song->rows <= 0 || song->cells.size() != static_cast<std::size_t>(song->rows) * song->channels.size()) std::abort();
  static const cf::SoundBank bank = [] {
    cf::SoundBank b;
    for (auto& s : cf::make_instrument_samples(8000)) b.samples.push_back(std::move(s));
    return b;
  }();
  cf::SongBank songs;
  songs.songs.push_back(std::move(*song));
  cf::Mixer m(bank, 8000);
  m.set_songs(&songs, 0);
  m.play_song(0);
  std::vector<float> out(2 * 1000);
  for (int block = 0; block < 8; ++block) {
    m.render(out.data(), 1000);
    for (float v : out)
      if (!std::isfinite(v) || std::fabs(v) > 0.9f) std::abort();
  }
  if (m.music_out_of_range() != 0 || m.max_voices() > cf::Mixer::kVoiceLimit) std::abort();
  return 0;
}
