#pragma once
// Drafts: the unsaved work of each document the editor opened, one file per document in
// <data>/drafts/<key>.json, written on every way out of the editor (and every 10 s of changes) and
// removed only when that document is saved or the player discards it.
//
//   {"format": "critterforge.draft/1", "file": "my_dog", "creature": { ...critterforge.creature/1... }}
//
// "file" is the stem of the saved creature (creatures/<stem>.json) the draft is the unsaved work
// of; null (or absent) for a creature never saved. The time shown is the file's modification time.
#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"
#include "creature/creature.h"
#include "game/session/user_data.h"

namespace cf {

constexpr const char* kDraftFormat = "critterforge.draft/1";

struct Draft {
  std::string path;       // the draft's own file
  std::string file_stem;  // the saved creature it belongs to ("" for a creature not saved yet)
  std::int64_t time = 0;  // when it was written (Unix seconds)
  bool legacy = false;    // <data>/draft.creature.json of earlier versions (a bare creature file)
  std::string damage;     // why it cannot be read ("" when it can)
  Creature creature;
  // The name the title menu shows: the creature's, else its file's, else "new creature".
  std::string shown_name() const;
};

// The newest kMaxListedDrafts drafts, newest first (damaged ones too, with the reason): every file's
// time is read before the cut, so the newest is never left out. *not_listed (when given) is how many
// older ones were cut.
constexpr std::size_t kMaxListedDrafts = 200;
std::vector<Draft> list_drafts(const UserData& data, std::size_t* not_listed = nullptr);
// Reads one draft; an error names the file and the field.
Result<Draft> load_draft(const std::string& path);
// A draft path no file has yet: drafts/<slug of preferred>.json, else <slug>_2.json ... (file_slug;
// "new" when nothing is left of it).
std::string free_draft_path(const UserData& data, const std::string& preferred);
// Writes a draft atomically (drafts/ is created); *os_error as write_file_atomic's.
Status write_draft(const std::string& path, const std::string& file_stem, const Creature& creature,
                   int* os_error = nullptr);
// The first draft that belongs to creatures/<stem>.json, or nullptr.
const Draft* draft_of_file(const std::vector<Draft>& drafts, const std::string& stem);
// After another creature took creatures/<stem>.json: its drafts become drafts of a new creature,
// so continuing one later can never replace the new owner silently.
void detach_drafts_of(const UserData& data, const std::string& stem);

}  // namespace cf
