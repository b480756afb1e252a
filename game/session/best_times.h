#pragma once
// Trial best times, per level and per creature (by the creature file's content, so a renamed
// creature keeps its times and an edited one starts fresh), in the data folder:
//   trials/best_times.json          critterforge.besttimes/1: every level's best run of every creature
//   trials/ghosts/<level>_<creature>_<ticks>.replay.json   each best run's replay (its ghost)
// Both written atomically; the table is written after its ghost and the old ghost removed after the
// table, so a save killed at any moment leaves a table whose every ghost exists.
#include <cstdint>
#include <string>
#include <vector>

#include "core/json_util.h"
#include "core/result.h"
#include "game/play/trial_run.h"
#include "game/session/user_data.h"

namespace cf {

class Session;

struct BestRun {
  std::string level;          // the level's name
  std::uint64_t creature = 0; // creature_content_hash of its file
  std::string name;           // the creature's file stem when it ran (shown in the leaderboard)
  std::string creature_path;  // where its file was
  TrialTimes times;
  std::string ghost;          // file name under trials/ghosts/ ("" none)
};

struct BestTimes {
  std::vector<BestRun> runs;
  const BestRun* find(const std::string& level, std::uint64_t creature) const;
  // A level's runs, fastest first.
  std::vector<const BestRun*> board(const std::string& level) const;
};

// Hash of a creature file's content (canonical JSON; its paint left out: a repaint runs the same).
std::uint64_t creature_content_hash(const Json& creature_json);

std::string trials_dir(const UserData& data);
std::string best_times_path(const UserData& data);
std::string ghost_path(const UserData& data, const BestRun& run);

Result<BestTimes> parse_best_times(const std::string& text, const std::string& file);
Json best_times_to_json(const BestTimes& times);
// The table (empty when there is none yet; a damaged one is reported and read as empty, never overwritten
// silently: it is kept aside as best_times.json.damaged first).
BestTimes load_best_times(const UserData& data, std::string* report);
Status save_best_times(const UserData& data, const BestTimes& times);

// After a trial finished in 'session': when it beats the creature's best on this level (or is its
// first), writes its replay as the ghost and the table. *is_best says whether it was. Errors name the file.
Status record_trial_finish(const UserData& data, const Session& session, bool* is_best);
// Gives a session started on a trial level its creature's best on it to race (nothing elsewhere).
void apply_trial_best(Session* session, const UserData& data);

}  // namespace cf
