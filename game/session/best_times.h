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
struct Scene;

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
// The level name best times are kept under (the level's name, else its file stem).
std::string trial_level_key(const Scene& scene);

// The ghosts a course offers to race: this creature's best first (own), then every other creature's
// best on it, fastest first (those without a ghost file are left out).
struct GhostChoice {
  BestRun run;
  bool own = false;
};
std::vector<GhostChoice> ghost_choices(const BestTimes& table, const std::string& level, std::uint64_t creature);
// "YOUR BEST 0:09.12" or "STRIDER 0:08.50" (what the menu lists and the HUD's ghost line names).
std::string ghost_label(const GhostChoice& choice);

// Gives a session started on a trial level its creature's best on it to compare with and 'ghost' to
// race (null: none); a missing or damaged ghost file is only not shown (stderr says why).
void apply_trial_choice(Session* session, const UserData& data, const GhostChoice* ghost);
// The same racing the creature's own best (the command line's and a pad-scripted run's default).
void apply_trial_best(Session* session, const UserData& data);

}  // namespace cf
