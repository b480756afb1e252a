// The mixer's cost per second of audio with a herd of 64 (the player's creature plus 64 walking the
// default level): 10 s of the herd's sound events recorded once, then played back into the mixer and
// rendered (24 voices, reverb, limiter). One iteration is one second of audio (60 ticks x 735 frames).
// Also the events' derivation per tick for the same herd, and the audio callback's cost per buffer of
// 512 frames (SDL's) with the herd's effects alone and with the music playing too (arg 1), in one run.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <vector>

#include "game/play/creature_size.h"
#include "game/play/herd.h"
#include "game/session/session.h"
#include "game/sound/sound_director.h"
#include "world/level.h"

namespace {

void start_herd(cf::Session* s) {
  cf::Result<cf::Scene> scene =
      cf::load_scene(CF_ASSETS_DIR "/creatures/biped.json", CF_ASSETS_DIR "/levels/default.json");
  cf::Result<std::vector<cf::HerdKind>> herd = cf::pick_herd(64, 1, CF_ASSETS_DIR "/creatures");
  if (!scene || !herd) std::abort();
  (void)s->start(std::move(*scene), 1, *herd);
  for (int t = 0; t < 120; ++t) s->tick(cf::InputFrame{});  // everyone under way
}

void BM_MixerSecondOfAudioHerd64(benchmark::State& st) {
  cf::Session s;
  start_herd(&s);
  cf::SoundOutput out;
  cf::SoundDirector d;
  d.set_derive_always(true);
  s.set_tick_listener(&d);
  std::vector<std::vector<cf::PlayCommand>> ticks(600);
  std::size_t events = 0;
  for (auto& commands : ticks) {
    s.tick(cf::InputFrame{});
    const cf::Listener ear = cf::camera_listener(s.state(), s.runtime().pose(0).cog_ws.y);
    for (const cf::SoundEvent& e : d.events()) {
      const cf::Species* sp = s.context().species_of(s.state().creatures[static_cast<std::size_t>(e.creature)].species);
      const cf::PlayCommand c = out.command(e, ear, cf::creature_size(*sp->rig).weight());
      if (c.gain > 1e-4f) commands.push_back(c);
      ++events;
    }
  }
  std::vector<float> buffer(2 * 735);
  std::size_t next = 0;
  for (auto _ : st) {
    for (int t = 0; t < 60; ++t, next = (next + 1) % ticks.size()) {
      for (const cf::PlayCommand& c : ticks[next]) out.mixer().play(c);
      out.mixer().render(buffer.data(), 735);
    }
    benchmark::DoNotOptimize(buffer.data());
  }
  st.counters["events_per_s"] = static_cast<double>(events) / 10.0;
  st.counters["max_voices"] = out.mixer().max_voices();
}
BENCHMARK(BM_MixerSecondOfAudioHerd64)->Unit(benchmark::kMillisecond);

// One audio callback (512 frames) of the herd as the game hears it (each tick's events through
// SoundOutput::play: thinned, with the ambience bed; a tick every 735 frames, outside the timing), with
// the yard's song playing when the arg is 1. The effects-only baseline is arg 0, in the same run.
void BM_CallbackPerBuffer(benchmark::State& st) {
  cf::Session s;
  start_herd(&s);
  cf::Result<cf::SongBank> songs = cf::load_song_dir(CF_ASSETS_DIR "/music");
  if (!songs) std::abort();
  cf::SoundOutput out(44100, &*songs);
  cf::SoundDirector d;
  d.set_derive_always(true);
  s.set_tick_listener(&d);
  struct Tick {
    cf::SoundEvents events;
    cf::Listener ear;
  };
  std::vector<Tick> ticks(300);
  std::vector<float> weights(static_cast<std::size_t>(s.state().creature_count));
  for (std::size_t i = 0; i < weights.size(); ++i) {
    const cf::Species* sp = s.context().species_of(s.state().creatures[i].species);
    weights[i] = cf::creature_size(*sp->rig).weight();
  }
  for (Tick& t : ticks) {
    s.tick(cf::InputFrame{});
    t.events = d.events();
    t.ear = cf::camera_listener(s.state(), s.runtime().pose(0).cog_ws.y);
  }
  if (st.range(0) == 1) out.play_song(songs->find("yard"));
  std::vector<float> buffer(2 * 512);
  std::size_t next = 0;
  std::int64_t frames = 0;
  int music_voices = 0;
  for (auto _ : st) {
    if (frames >= 735) {  // the tick due before this buffer (a buffer is shorter than a tick)
      st.PauseTiming();
      const Tick& t = ticks[next];
      out.play(t.events, t.ear, weights.data());
      out.ambience(next, t.ear, cf::LevelStyle::kYard, 1.0f);
      next = (next + 1) % ticks.size();
      frames -= 735;
      st.ResumeTiming();
    }
    out.mixer().render(buffer.data(), 512);
    frames += 512;
    music_voices = std::max(music_voices, out.mixer().music_voices());
    benchmark::DoNotOptimize(buffer.data());
  }
  st.counters["music_voices"] = music_voices;
  st.counters["max_voices"] = out.mixer().max_voices();
  st.SetLabel(st.range(0) == 1 ? "effects + music" : "effects only");
}
BENCHMARK(BM_CallbackPerBuffer)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

void BM_SoundEventsPerTickHerd64(benchmark::State& st) {
  cf::Session s;
  start_herd(&s);
  cf::SimState before = s.previous(), after = s.state();
  cf::SoundEvents ev;
  for (auto _ : st) {
    cf::derive_sound_events(before, after, s.context(), s.runtime(), &ev);
    benchmark::DoNotOptimize(ev.count);
  }
}
BENCHMARK(BM_SoundEventsPerTickHerd64);

}  // namespace
