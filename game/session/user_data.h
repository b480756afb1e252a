#pragma once
// The player's own files: saved creatures and the editor's draft under the data folder
// ($XDG_DATA_HOME/critterforge, default ~/.local/share/critterforge; --data-dir overrides).
// Shipped assets are listed beside them but never written.
#include <string>
#include <vector>

#include "core/result.h"

namespace cf {

struct UserData {
  std::string root;  // the data folder
  std::string creatures_dir() const { return root + "/creatures"; }
  std::string draft_path() const { return root + "/draft.creature.json"; }
  std::string playtests_dir() const { return root + "/playtests"; }
};

// The data folder: override when given, else $XDG_DATA_HOME/critterforge, else
// $HOME/.local/share/critterforge, else ./critterforge-data.
UserData resolve_user_data(const std::string& override_dir);
// Removes what saves killed part way left behind in the data folders (temporaries of processes that
// have exited); the number removed. Called once at start.
int sweep_stale_saves(const UserData& data);
// Creates a folder and its parents; an error names the folder.
Status make_dirs(const std::string& path);

struct CreatureEntry {
  std::string name;  // the file's stem ("biped", "my_dog")
  std::string path;
  bool shipped = false;
};
// Shipped creatures (assets/creatures) then saved ones, each group sorted by name.
std::vector<CreatureEntry> list_creatures(const UserData& data);
// Levels in assets/levels, sorted.
std::vector<CreatureEntry> list_levels();
// A file stem from a typed name: lower case letters, digits and '_' ("My Dog!" -> "my_dog");
// "creature" when nothing is left.
std::string creature_file_stem(const std::string& name);

}  // namespace cf
