#include "audio/song.h"

#include <algorithm>
#include <cmath>
#include <dirent.h>
#include <map>
#include <sstream>

#include "core/file_io.h"
#include "core/json_util.h"
#include "core/json.h"

namespace cf {

namespace {

// An FM voice of the console's grit (held at 22 kHz, 8 bits), like the effects.
SynthPatch fm(float dur, float hz, float ratio, float index, float mod_decay, float attack, float hold, float decay,
              float peak) {
  SynthPatch p;
  p.duration_s = dur;
  p.start_hz = hz;
  p.mod_ratio = ratio;
  p.mod_index = index;
  p.mod_decay_s = mod_decay;
  p.attack_s = attack;
  p.hold_s = hold;
  p.decay_s = decay;
  p.hold_rate_hz = 22050;
  p.bits = 8;
  p.peak = peak;
  return p;
}

SynthPatch drum(float dur, float f0, float f1, float tone, float noise, float lowpass, float decay, float peak,
                std::uint32_t seed) {
  SynthPatch p = fm(dur, f0, 1.0f, 1.5f, decay * 0.5f, 0.001f, 0.0f, decay, peak);
  p.end_hz = f1;
  p.tone = tone;
  p.noise = noise;
  p.noise_lowpass_hz = lowpass;
  p.seed = seed;
  p.hold_rate_hz = 11025;
  return p;
}

std::array<Instrument, kInstrumentCount> make_instruments() {
  const auto hz = [](int note) { return static_cast<float>(note_hz(note)); };
  return {{
      // A round FM bass: the modulator an octave below... the carrier, its brightness falling fast.
      {"bass", fm(0.6f, hz(36), 1.0f, 2.2f, 0.12f, 0.003f, 0.08f, 0.25f, 0.8f), 36, 24, 55},
      // A reedy lead (modulator at twice the carrier: odd and even harmonics, a square-ish tone).
      {"lead", fm(0.9f, hz(72), 2.0f, 1.3f, 0.5f, 0.006f, 0.18f, 0.35f, 0.7f), 72, 60, 91},
      // A bright short pluck for arpeggios.
      {"arp", fm(0.25f, hz(72), 3.0f, 1.6f, 0.05f, 0.002f, 0.0f, 0.07f, 0.6f), 72, 57, 96},
      // A bell (inharmonic ratio) for jingles and stings.
      {"bell", fm(1.2f, hz(84), 3.5f, 2.0f, 0.4f, 0.002f, 0.0f, 0.35f, 0.7f), 84, 67, 100},
      // A soft square pluck for chords and counter-melodies.
      {"pluck", fm(0.45f, hz(60), 1.0f, 0.9f, 0.15f, 0.003f, 0.03f, 0.15f, 0.6f), 60, 48, 84},
      // Noise drums: a kick (a falling sine thump), a snare (tone and noise), a closed hat (bright noise).
      {"kick", drum(0.22f, 150, 45, 1.0f, 0.25f, 900, 0.07f, 0.9f, 31), 60, 48, 72},
      {"snare", drum(0.2f, 190, 160, 0.35f, 1.0f, 7000, 0.06f, 0.7f, 32), 60, 48, 72},
      {"hat", drum(0.06f, 8000, 8000, 0.0f, 1.0f, 0.0f, 0.015f, 0.5f, 33), 60, 48, 72},
  }};
}

// "C4", "F#3", "Bb2" -> MIDI note; -1 when not a note.
int parse_note(const std::string& t) {
  static const int kSemis[7] = {9, 11, 0, 2, 4, 5, 7};  // A B C D E F G
  if (t.size() < 2 || t.size() > 3 || t[0] < 'A' || t[0] > 'G') return -1;
  int semi = kSemis[t[0] - 'A'];
  std::size_t i = 1;
  if (t[i] == '#') ++semi, ++i;
  else if (t[i] == 'b') --semi, ++i;
  if (i + 1 != t.size() || t[i] < '0' || t[i] > '8') return -1;
  const int n = 12 * (t[i] - '0' + 1) + semi;
  return n >= 0 && n <= 127 ? n : -1;
}

Status number(const Json& j, const char* key, double lo, double hi, double* out, const std::string& file,
              const std::string& where, bool required = true) {
  if (!j.contains(key)) return required ? Status(Error{file, field_path(where, key), "missing"}) : Status{};
  if (!j[key].is_number()) return Error{file, field_path(where, key), "must be a number"};
  const double v = j[key].get<double>();
  if (!(v >= lo && v <= hi)) {
    std::ostringstream m;
    m << "must be " << lo << ".." << hi;
    return Error{file, field_path(where, key), m.str()};
  }
  *out = v;
  return {};
}

}  // namespace

double note_hz(int note) { return 440.0 * std::pow(2.0, (note - 69) / 12.0); }

const std::array<Instrument, kInstrumentCount>& instruments() {
  static const std::array<Instrument, kInstrumentCount> table = make_instruments();
  return table;
}

int find_instrument(const std::string& name) {
  for (int i = 0; i < kInstrumentCount; ++i)
    if (name == instruments()[static_cast<std::size_t>(i)].name) return i;
  return -1;
}

std::vector<std::vector<float>> make_instrument_samples(int sample_rate) {
  std::vector<std::vector<float>> out;
  for (const Instrument& i : instruments()) out.push_back(synthesize(i.patch, sample_rate));
  return out;
}

float note_rate(int instrument, int note) {
  if (instrument < 0 || instrument >= kInstrumentCount) return 1.0f;
  return static_cast<float>(std::pow(2.0, (note - instruments()[static_cast<std::size_t>(instrument)].base_note) / 12.0));
}

Result<Song> parse_song(const std::string& text, const std::string& file) {
  if (text.size() > kSongMaxBytes) return Error{file, "", "larger than a song may be (128 KB)"};
  Result<Json> parsed = parse_json(text, file);
  if (!parsed) return parsed.error();
  const Json& j = *parsed;
  if (!j.is_object()) return Error{file, "", "must be a JSON object"};
  if (Status s = check_format(j, kSongFormat, file); !s) return s.error;
  if (Status s = check_keys(j, {"format", "name", "title", "notes", "tempo_bpm", "rows_per_beat", "beats_per_bar",
                                "loop", "channels", "patterns", "order"},
                            file, "");
      !s)
    return s.error;
  Song song;
  if (Status s = read_string(j, "name", &song.name, file, ""); !s) return s.error;
  if (song.name.empty() || song.name.size() > 40) return Error{file, "name", "must be 1..40 characters"};
  if (j.contains("title")) {
    if (Status s = read_string(j, "title", &song.title, file, ""); !s) return s.error;
  }
  double v = 0.0;
  if (Status s = number(j, "tempo_bpm", 40, 300, &song.tempo_bpm, file, ""); !s) return s.error;
  if (Status s = number(j, "rows_per_beat", 1, 8, &v, file, ""); !s) return s.error;
  song.rows_per_beat = static_cast<int>(v);
  if (v != song.rows_per_beat) return Error{file, "rows_per_beat", "must be a whole number"};
  if (Status s = number(j, "beats_per_bar", 1, 8, &v, file, ""); !s) return s.error;
  song.beats_per_bar = static_cast<int>(v);
  if (v != song.beats_per_bar) return Error{file, "beats_per_bar", "must be a whole number"};
  if (j.contains("loop")) {
    if (!j["loop"].is_boolean()) return Error{file, "loop", "must be true or false"};
    song.loop = j["loop"].get<bool>();
  }
  // Channels.
  if (!j.contains("channels") || !j["channels"].is_array()) return Error{file, "channels", "must be an array"};
  const Json& chans = j["channels"];
  if (chans.empty() || chans.size() > kSongMaxChannels) return Error{file, "channels", "must have 1..8 channels"};
  for (std::size_t c = 0; c < chans.size(); ++c) {
    const std::string w = "channels[" + std::to_string(c) + "]";
    const Json& cj = chans[c];
    if (!cj.is_object()) return Error{file, w, "must be an object"};
    if (Status s = check_keys(cj, {"instrument", "volume", "pan"}, file, w); !s) return s.error;
    std::string inst;
    if (Status s = read_string(cj, "instrument", &inst, file, w); !s) return s.error;
    SongChannel ch;
    ch.instrument = find_instrument(inst);
    if (ch.instrument < 0) {
      std::string names;
      for (const Instrument& i : instruments()) names += std::string(names.empty() ? "" : ", ") + i.name;
      return Error{file, w + ".instrument", "\"" + inst.substr(0, 40) + "\" is not an instrument (" + names + ")"};
    }
    double vol = 0.5, pan = 0.0;
    if (Status s = number(cj, "volume", 0, 1, &vol, file, w, false); !s) return s.error;
    if (Status s = number(cj, "pan", -1, 1, &pan, file, w, false); !s) return s.error;
    ch.volume = static_cast<float>(vol);
    ch.pan = static_cast<float>(pan);
    song.channels.push_back(ch);
  }
  // Patterns: each a whole number of bars, one string of row tokens per channel.
  if (!j.contains("patterns") || !j["patterns"].is_object()) return Error{file, "patterns", "must be an object"};
  const Json& pats = j["patterns"];
  if (pats.empty() || pats.size() > kSongMaxPatterns) return Error{file, "patterns", "must have 1..32 patterns"};
  std::map<std::string, std::vector<std::int8_t>> cells_of;  // pattern -> rows x channels
  for (auto it = pats.begin(); it != pats.end(); ++it) {
    const std::string w = "patterns." + it.key().substr(0, 40);
    const Json& p = it.value();
    if (!p.is_array() || p.size() != song.channels.size())
      return Error{file, w, "must be an array of " + std::to_string(song.channels.size()) + " strings (one per channel)"};
    int rows = -1;
    std::vector<std::vector<std::int8_t>> per_channel;
    for (std::size_t c = 0; c < p.size(); ++c) {
      const std::string wc = w + "[" + std::to_string(c) + "]";
      if (!p[c].is_string()) return Error{file, wc, "must be a string of notes"};
      std::istringstream in(p[c].get<std::string>());
      std::vector<std::int8_t> col;
      const Instrument& inst = instruments()[static_cast<std::size_t>(song.channels[c].instrument)];
      for (std::string t; in >> t;) {
        if (t == "|") continue;  // a bar line, for the reader
        if (col.size() >= kSongMaxPatternRows) return Error{file, wc, "more than 256 rows"};
        const int row = static_cast<int>(col.size());
        if (t == ".") {
          col.push_back(kNoteRest);
        } else if (t == "-") {
          col.push_back(kNoteOff);
        } else {
          const int n = parse_note(t);
          if (n < 0)
            return Error{file, wc, "row " + std::to_string(row) + ": \"" + t.substr(0, 8) +
                                       "\" is not a note (C4, F#3, Bb2), '.' (rest) or '-' (off)"};
          if (n < inst.low || n > inst.high)
            return Error{file, wc, "row " + std::to_string(row) + ": " + t + " is outside the " + inst.name + "'s range"};
          col.push_back(static_cast<std::int8_t>(n));
        }
      }
      if (rows >= 0 && static_cast<int>(col.size()) != rows)
        return Error{file, wc, "has " + std::to_string(col.size()) + " rows, channel 0 has " + std::to_string(rows)};
      rows = static_cast<int>(col.size());
      per_channel.push_back(std::move(col));
    }
    if (rows <= 0 || rows % song.rows_per_bar() != 0)
      return Error{file, w, "must be a whole number of bars (" + std::to_string(song.rows_per_bar()) + " rows each)"};
    std::vector<std::int8_t>& cells = cells_of[it.key()];
    for (int r = 0; r < rows; ++r)
      for (const auto& col : per_channel) cells.push_back(col[static_cast<std::size_t>(r)]);
  }
  if (!j.contains("order") || !j["order"].is_array() || j["order"].empty() || j["order"].size() > kSongMaxOrder)
    return Error{file, "order", "must be an array of 1..64 pattern names"};
  for (std::size_t i = 0; i < j["order"].size(); ++i) {
    const Json& o = j["order"][i];
    const std::string w = "order[" + std::to_string(i) + "]";
    if (!o.is_string()) return Error{file, w, "must be a pattern name"};
    auto it = cells_of.find(o.get<std::string>());
    if (it == cells_of.end()) return Error{file, w, "\"" + o.get<std::string>().substr(0, 40) + "\" is not a pattern"};
    song.cells.insert(song.cells.end(), it->second.begin(), it->second.end());
    song.rows += static_cast<int>(it->second.size() / song.channels.size());
    if (song.rows > kSongMaxRows) return Error{file, "order", "the song is longer than 4096 rows"};
  }
  return song;
}

Result<Song> load_song(const std::string& path) { return read_and_parse<Song>(path, kSongMaxBytes, &parse_song); }

int SongBank::find(const std::string& name) const {
  for (std::size_t i = 0; i < songs.size(); ++i)
    if (songs[i].name == name) return static_cast<int>(i);
  return -1;
}

Result<SongBank> load_song_dir(const std::string& dir) {
  DIR* d = opendir(dir.c_str());
  if (!d) return Error{dir, "", "cannot open the music folder"};
  std::vector<std::string> files;
  while (dirent* e = readdir(d)) {
    const std::string n = e->d_name;
    if (n.size() > 5 && n.compare(n.size() - 5, 5, ".json") == 0) files.push_back(n);
  }
  closedir(d);
  std::sort(files.begin(), files.end());
  SongBank bank;
  for (const std::string& f : files) {
    Result<Song> s = load_song(dir + "/" + f);
    if (!s) return s.error();
    if (bank.find(s->name) >= 0) return Error{dir + "/" + f, "name", "\"" + s->name + "\" is already another song's name"};
    bank.songs.push_back(std::move(*s));
  }
  return bank;
}

}  // namespace cf
