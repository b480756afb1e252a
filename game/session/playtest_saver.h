#pragma once
// Playtest replays: saved on request ("save replay now") and automatically at the session's first
// clip, into <data dir>/playtests/ ($XDG_DATA_HOME/critterforge, default ~/.local/share/critterforge,
// or --data-dir), named with creature, level and tick. The main thread only copies the recording;
// writing the JSON happens on a worker thread, so saving never stalls a frame.
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <thread>

#include "game/session/replay.h"

namespace cf {


// "playtest_biped_default_t000123_clip.replay.json": creature and level file stems and the tick.
std::string playtest_file_name(const std::string& creature_path, const std::string& level_path, std::uint64_t tick,
                               const char* why);

class PlaytestSaver {
 public:
  PlaytestSaver() = default;
  ~PlaytestSaver();  // waits for the writes still queued
  PlaytestSaver(const PlaytestSaver&) = delete;
  PlaytestSaver& operator=(const PlaytestSaver&) = delete;

  // Where replays go (created on the first save). auto_save: save once at the first clip.
  void configure(const std::string& playtests_dir, bool auto_save);
  bool auto_save() const { return auto_save_; }
  const std::string& dir() const { return dir_; }

  // Queues 'replay' for writing as 'file_name' (a plain name) in the playtests directory; returns its
  // full path. A name some file has already gets _2, _3 ... (never replaced): last_message names it,
  // or says 'saved_line' when given (a player's own save: a short line, the path on stderr).
  std::string save(Replay replay, const std::string& file_name, const char* saved_line = nullptr);
  // True once for each clip tick: whether the first clip at 'tick' still needs its auto-save.
  bool claim_auto_save(std::uint64_t tick);
  // Whether a player's save at session tick 'tick' may go now: one per kManualSaveCooldownTicks of
  // play (a tick before the last save's is a new run), so mashing the chord saves once.
  static constexpr std::uint64_t kManualSaveCooldownTicks = 180;
  bool claim_manual_save(std::uint64_t tick);

  // Waits until every queued write is done (tests, exit).
  void flush();
  int saved() const;                    // files written so far
  std::string last_message() const;     // "SAVED playtest_....json" or the error, for the HUD
  int messages() const;                 // changes whenever last_message() does (cheap to poll)

 private:
  void worker();
  std::string dir_;
  bool auto_save_ = false;
  bool have_auto_ = false;
  std::uint64_t auto_tick_ = 0;
  bool have_manual_ = false;
  std::uint64_t manual_tick_ = 0;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  struct Job {
    std::string path;
    Replay replay;
    const char* saved_line = nullptr;
  };
  std::deque<Job> queue_;
  bool busy_ = false, quit_ = false;
  int saved_ = 0;
  int messages_ = 0;
  std::string message_;
  std::thread thread_;
};

}  // namespace cf
