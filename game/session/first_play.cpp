#include "game/session/first_play.h"

#include "core/file_io.h"

namespace cf {

std::string first_play_path(const UserData& data) { return data.root + "/first_play_done"; }

bool first_play_seen(const UserData& data) { return path_taken(first_play_path(data)); }

Status remember_first_play(const UserData& data) {
  if (Status s = make_dirs(data.root); !s) return s;
  return write_file_atomic(first_play_path(data), "the control hints were shown\n");
}

}  // namespace cf
