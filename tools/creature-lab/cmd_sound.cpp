// creature-lab sound: the sound events of a session (a replay, or a creature on a level driven by a
// pad script) as JSON, tick by tick, and with --wav the game's mix of them rendered offline into a
// 16-bit stereo WAV (heard from the camera, as the game plays it: its music and ambience bed too, each
// tick's 735 frames rendered after the tick). --music V and --ambience V set their levels (0: off),
// as the options do; --herd N adds a herd, --herd-thinning 0 plays every herd footstep (as before the
// thinning). The JSON ends with the share of 1/60 s windows below -54 dBFS (quiet_share).
// Exit 0, or 2 on bad input.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "audio/song.h"
#include "core/file_io.h"
#include "game/play/herd.h"
#include "game/session/clip_run.h"
#include "game/sound/sound_director.h"
#include "lab_args.h"
#include "lab_session.h"

namespace cf::lab {

namespace {

void put32(std::string* s, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) s->push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}
void put16(std::string* s, std::uint16_t v) {
  s->push_back(static_cast<char>(v & 0xff));
  s->push_back(static_cast<char>(v >> 8));
}

// A 16-bit PCM stereo WAV file of interleaved float samples.
std::string wav_file(const std::vector<float>& stereo, int rate) {
  std::string w = "RIFF";
  const auto data_bytes = static_cast<std::uint32_t>(stereo.size() * 2);
  put32(&w, 36 + data_bytes);
  w += "WAVEfmt ";
  put32(&w, 16);
  put16(&w, 1);
  put16(&w, 2);
  put32(&w, static_cast<std::uint32_t>(rate));
  put32(&w, static_cast<std::uint32_t>(rate * 4));
  put16(&w, 4);
  put16(&w, 16);
  w += "data";
  put32(&w, data_bytes);
  for (float v : stereo) put16(&w, static_cast<std::uint16_t>(static_cast<std::int16_t>(std::lround(std::clamp(v, -1.0f, 1.0f) * 32767.0f))));
  return w;
}

}  // namespace

// creature-lab sound --replay FILE [--wav OUT] [--music V] [--ambience V]
// creature-lab sound --creature FILE --level FILE [--from X,Z] [--heading DEG] [--pad-script FILE] [--ticks N] [--seed N] [--wav OUT] ...
int cmd_sound(const Args& a) {
  if (!a.only({"replay", "creature", "level", "from", "heading", "pad-script", "ticks", "seed", "wav", "music", "ambience", "herd",
               "herd-thinning"}))
    return kExitBadInput;
  double music = 1.0, ambience = 1.0, thinning = 1.0, herd = 0.0;
  if (!a.get_number("music", 1.0, &music) || !a.get_number("ambience", 1.0, &ambience) ||
      !a.get_number("herd-thinning", 1.0, &thinning) || !a.get_number("herd", 0.0, &herd))
    return kExitBadInput;
  if (!(herd >= 0.0 && herd <= 64.0 && herd == std::floor(herd))) return fail(a, "--herd: must be a whole number 0..64");
  if (herd > 0.0 && (a.has("replay") || !a.has("level"))) return fail(a, "--herd: with --creature and --level only");
  if (!(music >= 0.0 && music <= 1.0)) return fail(a, "--music: must be 0..1");
  if (!(ambience >= 0.0 && ambience <= 1.0)) return fail(a, "--ambience: must be 0..1");
  Result<SongBank> songs = load_song_dir(default_assets_dir() + "/music");
  if (!songs) return fail(a, songs.error().to_string());
  Session session;
  LabRun lab;
  if (const int code = start_lab_run(a, &session, &lab); code != kExitOk) return code;
  if (herd > 0.0) {  // the same creature and level again, with a herd (the level's own "herd" is the game's)
    double seed = 1.0;
    (void)a.get_number("seed", 1.0, &seed);
    Result<Scene> scene = load_scene(a.get("creature"), a.get("level"));
    Result<std::vector<HerdKind>> kinds = pick_herd(static_cast<int>(herd), static_cast<std::uint64_t>(seed),
                                                    default_assets_dir() + "/creatures");
    if (!scene || !kinds) return fail(a, (scene ? kinds.error() : scene.error()).to_string());
    if (Status s = session.start(std::move(*scene), static_cast<std::uint64_t>(seed), *kinds); !s)
      return fail(a, s.error.to_string());
  }
  const bool render = a.has("wav");
  SoundOutput out(44100, &*songs);
  out.set_herd_thinning(thinning != 0.0);
  SoundDirector director;
  director.set_derive_always(true);  // events are printed even without a WAV
  director.set_songs(&*songs);
  director.set_ambience(static_cast<float>(ambience));
  SoundSettings volumes;
  volumes.music = static_cast<float>(music);
  director.set_settings(volumes);
  if (render) director.set_output(&out);
  session.set_tick_listener(&director);
  constexpr int kTickFrames = 44100 / 60;
  std::vector<float> stereo;
  Json events = Json::array();
  for (std::uint64_t t = 0; t < lab.ticks; ++t) {
    if (!session.tick(lab.scripted ? scripted_frame(lab.script, t) : InputFrame{})) break;
    for (const SoundEvent& e : director.events()) events.push_back(Json::parse(sound_event_json(session.state().tick, e)));
    if (render) {
      stereo.resize(stereo.size() + 2 * kTickFrames);
      out.mixer().render(stereo.data() + stereo.size() - 2 * kTickFrames, kTickFrames);
    }
  }
  if (lab.replay && session.verifier().diverged()) return fail(a, a.get("replay") + ": " + session.verifier().message());
  Json j = Json::object();
  j["ticks"] = session.state().tick;
  j["count"] = events.size();
  j["events"] = std::move(events);
  if (render) {
    float peak = 0.0f;
    double energy = 0.0;
    for (float v : stereo) peak = std::max(peak, std::fabs(v)), energy += static_cast<double>(v) * v;
    if (Status s = write_file_atomic(a.get("wav"), wav_file(stereo, 44100)); !s) return fail(a, s.error.to_string());
    j["wav"] = a.get("wav");
    j["peak"] = peak;
    j["rms"] = stereo.empty() ? 0.0 : std::sqrt(energy / static_cast<double>(stereo.size()));
    j["max_voices"] = out.mixer().max_voices();
    // Windows of one tick (735 frames) whose RMS is below -54 dBFS: how much of the run is near silence.
    int quiet = 0, windows = 0;
    for (std::size_t w = 0; w + 2 * kTickFrames <= stereo.size(); w += 2 * kTickFrames, ++windows) {
      double e = 0.0;
      for (std::size_t i = w; i < w + 2 * kTickFrames; ++i) e += static_cast<double>(stereo[i]) * stereo[i];
      quiet += std::sqrt(e / (2 * kTickFrames)) < std::pow(10.0, -54.0 / 20.0);
    }
    j["quiet_share"] = windows ? static_cast<double>(quiet) / windows : 1.0;
    j["music_notes"] = out.mixer().music_notes();
    j["herd_steps_heard"] = out.herd_steps_heard();
    j["herd_steps_thinned"] = out.herd_steps_thinned();
  }
  j["music"] = director.music().json(session.state().tick);
  return print_json(j);
}

}  // namespace cf::lab
