#include "game/sound/sound_director.h"

#include "game/play/creature_size.h"
#include "world/level.h"

namespace cf {

void SoundDirector::set_settings(const SoundSettings& s) {
  settings_ = s;
  rumble_.set_strength(s.rumble);
  if (output_) output_->set_settings(s);
}

void SoundDirector::set_place(MusicPlace place) {
  if (place == place_ && place == MusicPlace::kPlay) return;
  const bool entering = place != place_;
  place_ = place;
  if (place == MusicPlace::kPlay) {
    clock_.update(-1, 0, true);  // the session's song starts at its next tick, on the session's clock
    return;
  }
  ++menu_ticks_;
  if (entering && output_) output_->ambience(0, Listener{}, LevelStyle::kMeadow, 0.0f);  // no bed in menus
  const SongBank* bank = clock_.songs();
  const int wanted = bank ? bank->find(place == MusicPlace::kTitle ? "title" : "editor") : -1;
  if (clock_.update(wanted, menu_ticks_, true) && output_) output_->play_song(clock_.song());
}

void SoundDirector::on_tick(const Session& session) {
  const SimState& s = session.state();
  if (place_ == MusicPlace::kPlay) {
    // The beat is the simulation's: the song and its start tick from the ticks alone (even headless,
    // for --print-state). The countdown sting and the race start at once: the sting is the countdown.
    const TrialRun::Phase phase = session.trial().phase;
    const bool at_once = phase == TrialRun::Phase::kCountdown || phase == TrialRun::Phase::kRunning;
    const int wanted = wanted_song(session, clock_);
    if (clock_.update(wanted, s.tick, at_once, song_bar_grid(session, clock_, wanted)) && output_)
      output_->play_song(clock_.song(), s.tick - clock_.start_tick());
    // The song follows the beat clock: it waits while the game pauses, and a rewind takes it back.
    if (output_ && clock_.song() >= 0) output_->follow_song(s.tick - clock_.start_tick());
  }
  if (!output_ && !print_ && !sink_ && !derive_always_) return;  // nobody listens (a headless run)
  derive_sound_events(session.previous(), s, session.context(), session.runtime(), &events_);
  if (session.trial().phase == TrialRun::Phase::kFinished) {  // the finish screen shows no refusal: none heard
    int kept = 0;
    for (int i = 0; i < events_.count; ++i)
      if (events_.items[static_cast<std::size_t>(i)].kind != SoundKind::kRefused)
        events_.items[static_cast<std::size_t>(kept++)] = events_.items[static_cast<std::size_t>(i)];
    events_.count = kept;
  }
  if (print_) {
    for (const SoundEvent& e : events_) std::fprintf(print_, "%s\n", sound_event_json(s.tick, e).c_str());
  }
  if (output_ && s.creature_count > 0) {
    const SimContext& ctx = session.context();
    for (const SoundEvent& e : events_) {
      const Species* sp = e.creature >= 0 ? ctx.species_of(s.creatures[static_cast<std::size_t>(e.creature)].species) : nullptr;
      if (sp && sp->rig) weights_[static_cast<std::size_t>(e.creature)] = creature_size(*sp->rig).weight();
    }
    const float ground = ctx.level ? ctx.level->ground_y : 0.0f;
    const Listener ear = camera_listener(s, session.runtime().pose(0).cog_ws.y - ground);
    output_->play(events_, ear, weights_.data());
    if (ctx.level) output_->ambience(s.tick, ear, level_style(*ctx.level), place_ == MusicPlace::kPlay ? ambience_ : 0.0f);
  }
  RumbleCommand r;
  if (rumble_.tick(events_, &r) && sink_) sink_(r, s.tick);
}

void SoundDirector::interface_sound(SoundKind kind, std::uint64_t tick) {
  SoundEvent e;
  e.kind = kind;
  e.loudness = 0.7f;
  interface_event(e, tick);
}

void SoundDirector::interface_event(const SoundEvent& e, std::uint64_t tick) {
  bool print = print_ != nullptr;
  if (e.hold) {
    bool& on = holding_[e.hold];
    const bool sounding = e.loudness > 0.0f;
    if (!sounding && !on) return;  // nothing held to release
    print = print && sounding != on;
    on = sounding;
  }
  if (print) std::fprintf(print_, "%s\n", sound_event_json(tick, e).c_str());
  if (output_) output_->play_interface(e);
}

}  // namespace cf
