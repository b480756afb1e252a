#pragma once
// Trial best times, per course and per creature, in the data folder. A course is its level file's
// content (course_key: a hash of it, its name left out), never its name: two courses of one name
// keep apart, and a name never becomes a path. A creature is its file's content, so a renamed
// creature keeps its times and an edited one starts fresh.
//   trials/best_times.json   critterforge.besttimes/2: every course's best run of every creature
//                            (besttimes/1, keyed by course name, is read and moved over to keys)
//   trials/ghosts/<slug>-<course>-<creature>-<ticks>.replay.json   each best run's replay (its ghost)
// Both written atomically; the table is written after its ghost and the old ghost removed after the
// table, so a save killed at any moment leaves a table whose every ghost exists (a ghost without
// its entry is removed at the next start: remove_orphan_ghosts).
#include <cstdint>
#include <string>
#include <vector>

#include "core/json_util.h"
#include "core/result.h"
#include "game/play/trial_run.h"
#include "game/session/replay.h"
#include "game/session/user_data.h"

namespace cf {

class Session;
struct Scene;

struct BestRun {
  std::string level;          // the course's key (course_key), or an old table's course name
  std::string course_name;    // the level's name when it ran (shown only)
  std::uint64_t creature = 0; // creature_content_hash of its file
  std::string name;           // the creature's file stem when it ran (shown in the leaderboard)
  std::string creature_path;  // where its file was
  TrialTimes times;
  std::string ghost;          // file name under trials/ghosts/ ("" none)
};

struct BestTimes {
  std::vector<BestRun> runs;
  bool old_format = false;  // read from besttimes/1: its runs' level is a course name
  const BestRun* find(const std::string& level, std::uint64_t creature) const;
  // A level's runs, fastest first.
  std::vector<const BestRun*> board(const std::string& level) const;
};

// Hash of a creature file's content (canonical JSON; its paint left out: a repaint runs the same).
std::uint64_t creature_content_hash(const Json& creature_json);

std::string trials_dir(const UserData& data);
std::string best_times_path(const UserData& data);
std::string ghost_path(const UserData& data, const BestRun& run);
std::string ghosts_dir(const UserData& data);

// A course's key: 16 hex digits of a hash of its level file's JSON, its "name" left out.
std::string course_key(const Json& level_json);
// The key of the level file at 'path' ("" when it cannot be read).
std::string course_key_of_file(const std::string& path);

// What a best-times table or a ghost may be: a size limit far above the largest real one (a ghost
// is about 20 KB, a table about 300 bytes a run), and a parsed-memory budget (parse_json).
constexpr std::size_t kMaxBestTimesBytes = 8u << 20;
constexpr std::size_t kMaxGhostBytes = 4u << 20;
constexpr std::size_t kGhostMemoryBudget = 64u << 20;
// A ghost's replay, within those budgets.
Result<Replay> load_ghost(const std::string& path);

Result<BestTimes> parse_best_times(const std::string& text, const std::string& file);
Json best_times_to_json(const BestTimes& times);
// The table (empty when there is none yet; a damaged or newer one is reported and read as empty, never
// overwritten: it is kept aside as best_times.json.damaged-<n>, a fresh n, first). A run whose ghost
// file is missing reads as one without a ghost. *damaged (when given) says whether the table was
// damaged (then its ghosts are not orphans).
BestTimes load_best_times(const UserData& data, std::string* report, bool* damaged = nullptr);
Status save_best_times(const UserData& data, const BestTimes& times);

// After a trial finished in 'session': when it beats the creature's best on this level (or is its
// first), writes its replay as the ghost and the table. *is_best says whether it was. Errors name the file.
Status record_trial_finish(const UserData& data, const Session& session, bool* is_best);
// The key best times are kept under: course_key of the scene's level.
std::string trial_level_key(const Scene& scene);
// The course's name as shown (the level's name, else its file stem).
std::string trial_level_name(const Scene& scene);

// Removes ghosts no entry of a sound table names (a save killed between a ghost and its table);
// nothing when the table is damaged. The number removed. Called once at start.
int remove_orphan_ghosts(const UserData& data);

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
