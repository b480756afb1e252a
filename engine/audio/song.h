#pragma once
// Music as data: tracker-style songs ("critterforge.song/1", assets/music/*.json) played by the mixer's
// sequencer on its voices. A song is a tempo, channels (each an instrument: one of the FM patches below
// or a noise drum) and patterns of notes, one token per row per channel, played in a given order.
// Loaded once at start; the audio thread only reads a SongBank (no allocation while it plays).
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "audio/synth.h"
#include "core/result.h"

namespace cf {

constexpr const char* kSongFormat = "critterforge.song/1";

// The loader's budget: a song file is at most this big, and a song at most this long.
constexpr std::size_t kSongMaxBytes = 128 * 1024;
constexpr int kSongMaxChannels = 8, kSongMaxPatterns = 32, kSongMaxPatternRows = 256, kSongMaxOrder = 64,
              kSongMaxRows = 4096;

// A sequencer instrument: a synthesized sample at base_note, played at other notes by rate (the mixer
// resamples 0.25..4: two octaves either way). Notes outside low..high are refused by the loader.
struct Instrument {
  const char* name;
  SynthPatch patch;  // made at base_note's frequency
  int base_note;     // MIDI note (60 = C4)
  int low, high;     // playable MIDI notes
};
constexpr int kInstrumentCount = 8;
const std::array<Instrument, kInstrumentCount>& instruments();
int find_instrument(const std::string& name);  // -1 when unknown
// Each instrument's sample at 'sample_rate', in instruments() order.
std::vector<std::vector<float>> make_instrument_samples(int sample_rate);
// Playback rate of 'note' on instrument i (2^((note - base) / 12)).
float note_rate(int instrument, int note);
double note_hz(int note);

// One cell: a note to start, a rest (the channel's note rings on), or a note-off.
constexpr std::int8_t kNoteRest = -1, kNoteOff = -2;

struct SongChannel {
  int instrument = 0;
  float volume = 0.5f;  // 0..1
  float pan = 0.0f;     // -1..1
};

struct Song {
  std::string name, title;
  double tempo_bpm = 120.0;
  int rows_per_beat = 4, beats_per_bar = 4;
  bool loop = true;
  std::vector<SongChannel> channels;
  int rows = 0;                    // the whole song, patterns laid out in order
  std::vector<std::int8_t> cells;  // rows x channels, row-major

  std::int8_t cell(int row, int channel) const {
    return cells[static_cast<std::size_t>(row) * channels.size() + static_cast<std::size_t>(channel)];
  }
  int rows_per_bar() const { return rows_per_beat * beats_per_bar; }
  double seconds() const { return rows / (tempo_bpm / 60.0 * rows_per_beat); }
  double beats() const { return static_cast<double>(rows) / rows_per_beat; }
};

// Parses a song file's text; errors name the file and the field ("patterns.A[1]: row 5: ...").
Result<Song> parse_song(const std::string& text, const std::string& file);
Result<Song> load_song(const std::string& path);

// The songs a mixer plays (never changed while it plays them).
struct SongBank {
  std::vector<Song> songs;
  int find(const std::string& name) const;  // -1 when absent
};
// Every *.json in dir, sorted by file name; the first bad file fails the whole bank.
Result<SongBank> load_song_dir(const std::string& dir);

}  // namespace cf
