#pragma once
// Whether the player has played before (and so seen the control hints): a small file in the data
// folder, written the first time play starts.
#include <string>

#include "core/result.h"
#include "game/session/user_data.h"

namespace cf {

std::string first_play_path(const UserData& data);  // <data>/first_play_done
bool first_play_seen(const UserData& data);
// Creates the data folder when needed; an error names the file.
Status remember_first_play(const UserData& data);

}  // namespace cf
