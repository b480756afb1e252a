#pragma once
// The title menu's Play -> Free roam / Trial: which levels each lists, and a trial course's leaderboard.
#include <string>
#include <vector>

#include "game/session/user_data.h"

namespace cf {

// The levels of 'all' that are trial courses (trial true) or free-roam levels (false); a level that
// does not load is left to free roam, where choosing it says why.
std::vector<CreatureEntry> levels_for_play(const std::vector<CreatureEntry>& all, bool trial);

// A course's best runs, fastest first: "1  STRIDER  0:09.12" (at most 'rows'); one line saying
// there are none yet when so.
std::vector<std::string> trial_board_lines(const UserData& data, const CreatureEntry& level, std::size_t rows);

}  // namespace cf
