#pragma once
// The motion library: every clip file in the motion folders, each with its description
// (motion_description.h). It is the one list of motions: a new motion is one file dropped in a
// folder, read at start, no compile. Folders are searched in order: a file in an earlier folder
// (a player's --motions DIR) replaces one of the same motion name in a later one (the assets).
#include <string>
#include <vector>

#include "motion/motion_clip.h"

namespace cf {

struct LibraryMotion {
  std::string name;  // the clip's "name" (unique in the library)
  std::string path;  // the file it came from
  MotionClip clip;   // with its description
  const MotionDescription& about() const { return clip.description; }
  // The HUD's word for it ("Greet"): the description's, else the name.
  std::string title() const;
};

// What a library holds at most, and how much it reads: a folder of hostile files costs at most this.
struct LibraryBudget {
  int max_files = 1024;                   // motion files read per folder
  std::size_t max_file_bytes = 16u << 20; // one file
  std::size_t max_total_bytes = 256u << 20;
};

struct MotionLibrary {
  // In the library's order: by description order, then name (a fixed order whatever else is in it).
  std::vector<LibraryMotion> motions;
  // One line per file left out (unreadable, damaged, a name already taken, over budget).
  std::vector<std::string> problems;

  int size() const { return static_cast<int>(motions.size()); }
  const LibraryMotion& operator[](int i) const { return motions[static_cast<std::size_t>(i)]; }
  // The index of the motion named 'name', or -1.
  int find(const std::string& name) const;
};

// Reads every "*.json" motion file of the folders (searched first to last; a missing folder is a
// problem line, not an error). Never throws; damaged files are left out with a line in 'problems'.
MotionLibrary load_motion_library(const std::vector<std::string>& folders, const LibraryBudget& budget = {});

// True when motion m is one the generic clip action plays (one-shot, held loop, held pose).
bool plays_as_clip(const LibraryMotion& m);

}  // namespace cf
