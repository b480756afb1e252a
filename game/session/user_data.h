#pragma once
// The player's own files under the data folder ($XDG_DATA_HOME/critterforge, default
// ~/.local/share/critterforge; --data-dir overrides):
//   creatures/<stem>.json        saved creatures (critterforge.creature/1)
//   history/<stem>.<n>.json      the last kKeptVersions versions a save replaced (1 = the newest)
//   drafts/<key>.json            unsaved work, one file per document (game/session/drafts.h)
//   trash/                       deleted creatures and discarded drafts (never removed by the game)
//   playtests/                   playtest replays
//   first_play_done              the control hints were shown once (game/session/first_play.h)
//   trials/                      trial best times and their ghosts (game/session/best_times.h)
//   friends/friends.json         the most friends per creature and level (game/session/friends_record.h)
// Shipped assets are listed beside them but never written.
#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"

namespace cf {

struct UserData {
  std::string root;  // the data folder
  std::string creatures_dir() const { return root + "/creatures"; }
  std::string history_dir() const { return root + "/history"; }
  std::string drafts_dir() const { return root + "/drafts"; }
  std::string trash_dir() const { return root + "/trash"; }
  std::string playtests_dir() const { return root + "/playtests"; }
  // The single draft of earlier versions of the game; still listed and continued, never written.
  std::string draft_path() const { return root + "/draft.creature.json"; }
};

// How many earlier versions of each saved creature are kept.
constexpr int kKeptVersions = 3;

// The data folder: override when given, else $XDG_DATA_HOME/critterforge, else
// $HOME/.local/share/critterforge, else ./critterforge-data.
UserData resolve_user_data(const std::string& override_dir);
// Removes what saves killed part way left behind in the data folders (our own temporaries, of
// processes that have exited; nothing else); the number removed. Called once at start.
int sweep_stale_saves(const UserData& data);
// Creates a folder and its parents; an error names the folder.
Status make_dirs(const std::string& path);
// True when something (a file, a folder, a dangling link) has this name.
bool path_taken(const std::string& path);
// Modification time, Unix seconds (0 when it cannot be read).
std::int64_t file_time(const std::string& path);
// "2024-05-01 14:03", local time.
std::string time_label(std::int64_t unix_s);

struct CreatureEntry {
  std::string name;  // the file's stem ("biped", "my_dog")
  std::string path;  // its file, or its card when the card alone is there (dropped in by hand)
  bool shipped = false;
  std::string card;  // its creature card (<stem>.card.png), "" when it has none
};
// Shipped creatures (assets/creatures) then saved ones (their files, and cards without a file), each
// group sorted by name.
std::vector<CreatureEntry> list_creatures(const UserData& data);
// Levels in assets/levels, sorted.
std::vector<CreatureEntry> list_levels();
// A file stem from a typed name: lower case letters, digits and '_' ("My Dog!" -> "my_dog");
// "creature" when nothing is left.
std::string creature_file_stem(const std::string& name);
// creatures/<stem>.json
std::string saved_creature_path(const UserData& data, const std::string& stem);

// The name to offer a creature called 'name' whose own file is 'own_stem' ("" for a creature not
// saved yet): 'name' itself when its file is free or its own, else the next free of NAME_2, NAME_3
// ... (a name that already ends in _<n> counts on from n), at most max_len characters.
std::string free_creature_name(const UserData& data, const std::string& name, const std::string& own_stem,
                               std::size_t max_len);

// Before a save replaces creatures/<stem>.json with 'new_content': the file becomes version 1 in
// history/, older versions move down one, and the oldest beyond kKeptVersions is dropped. Nothing
// happens when there is no file or it already holds new_content. A failure leaves the file in place.
Status keep_earlier_version(const UserData& data, const std::string& stem, const std::string& new_content);

struct SavedVersion {
  int generation = 0;       // 1 = the version the last save replaced
  std::string path;
  std::int64_t time = 0;    // when that version was saved (Unix seconds)
};
// The kept versions of creatures/<stem>.json, newest first.
std::vector<SavedVersion> list_versions(const UserData& data, const std::string& stem);

// Moves a file into trash/ (as "<name>.<time>[.n]"), never deleting anything; its new path.
Result<std::string> move_to_trash(const UserData& data, const std::string& path);

}  // namespace cf
