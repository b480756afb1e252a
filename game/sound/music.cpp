#include "game/sound/music.h"

#include <cmath>

#include "game/play/beat.h"
#include "game/session/session.h"
#include "world/level.h"

namespace cf {

LevelStyle level_style(const Level& level) {
  if (!level.walls.empty()) return LevelStyle::kYard;
  return level.fences.empty() ? LevelStyle::kMeadow : LevelStyle::kFields;
}

const char* roam_song(LevelStyle style) {
  switch (style) {
    case LevelStyle::kMeadow: return "meadow";
    case LevelStyle::kFields: return "fields";
    case LevelStyle::kYard: return "yard";
  }
  return "meadow";
}

double MusicClock::beats(std::uint64_t tick) const {
  if (!songs_ || song_ < 0 || tick < start_) return 0.0;
  return static_cast<double>(tick - start_) * songs_->songs[static_cast<std::size_t>(song_)].tempo_bpm / 3600.0;
}

double MusicClock::beat_phase(std::uint64_t tick) const {
  const double b = beats(tick);
  return b - std::floor(b);
}

bool MusicClock::ended(std::uint64_t tick) const {
  if (!songs_ || song_ < 0) return false;
  const Song& s = songs_->songs[static_cast<std::size_t>(song_)];
  return !s.loop && beats(tick) >= s.beats() - 1e-9;
}

bool MusicClock::update(int wanted, std::uint64_t tick, bool at_once, std::uint64_t bar_ticks) {
  const std::uint64_t line = bar_ticks > 0 && !at_once ? tick - tick % bar_ticks : tick;
  if (!songs_ || wanted >= static_cast<int>(songs_->songs.size())) wanted = -1;
  if (tick < start_) song_ = -1;  // the session restarted: its clock begins again
  if (wanted == song_) {
    pending_ = -1;
    return false;
  }
  if (song_ < 0 || at_once || ended(tick)) {
    song_ = wanted;
    start_ = line;
    pending_ = -1;
    return true;
  }
  if (wanted != pending_) {
    // The next bar line of the song playing (a song that plays once: its next beat).
    const Song& now = songs_->songs[static_cast<std::size_t>(song_)];
    const bool jingle = wanted >= 0 && !songs_->songs[static_cast<std::size_t>(wanted)].loop;
    const double unit = jingle ? 1.0 : now.beats_per_bar;
    const double b = beats(tick);
    double next = std::ceil(b / unit - 1e-9) * unit;
    if (next < b - 1e-9) next += unit;
    pending_ = wanted;
    change_at_ = next;
  }
  if (beats(tick) + 1e-9 >= change_at_) {  // the first tick at or after the line (at most a tick late)
    song_ = pending_;
    start_ = line;
    pending_ = -1;
    return true;
  }
  return false;
}

Json MusicClock::json(std::uint64_t tick) const {
  Json j = Json::object();
  j["song"] = songs_ && song_ >= 0 ? Json(songs_->songs[static_cast<std::size_t>(song_)].name) : Json(nullptr);
  j["tempo_bpm"] = songs_ && song_ >= 0 ? songs_->songs[static_cast<std::size_t>(song_)].tempo_bpm : 0.0;
  j["start_tick"] = start_;
  j["beat"] = beats(tick);
  j["beat_phase"] = beat_phase(tick);
  return j;
}

std::uint64_t song_bar_grid(const Session& session, const MusicClock& clock, int song) {
  const SongBank* bank = clock.songs();
  if (!bank || !session.context().level || song < 0) return 0;
  return song == bank->find(roam_song(level_style(*session.context().level))) ? kWorldBarTicks : 0;
}

int wanted_song(const Session& session, const MusicClock& clock) {
  const SongBank* bank = clock.songs();
  if (!bank || !session.context().level) return -1;
  const int roam = bank->find(roam_song(level_style(*session.context().level)));
  const std::uint64_t tick = session.state().tick;
  const auto playing = [&](const char* name) { return clock.song() >= 0 && clock.song() == bank->find(name); };
  switch (session.trial().phase) {
    case TrialRun::Phase::kNone: return roam;
    case TrialRun::Phase::kCountdown: return bank->find("trial_countdown");
    case TrialRun::Phase::kRunning: return bank->find("trial_race");
    case TrialRun::Phase::kFinished: {
      const char* jingle = session.trial().new_best ? "trial_new_best" : "trial_finish";
      if (playing(jingle)) return clock.ended(tick) ? roam : clock.song();
      if (playing("trial_race")) return bank->find(jingle);
      return roam;  // the jingle has played (or the run was finished before the music started)
    }
  }
  return roam;
}

}  // namespace cf
