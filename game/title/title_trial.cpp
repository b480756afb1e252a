#include "game/title/title_trial.h"

#include <cctype>
#include <cstdio>

#include "game/session/best_times.h"
#include "world/level.h"

namespace cf {

std::vector<CreatureEntry> levels_for_play(const std::vector<CreatureEntry>& all, bool trial) {
  std::vector<CreatureEntry> out;
  for (const CreatureEntry& e : all) {
    Result<Level> lv = load_level(e.path);
    if (lv && lv->fixture) continue;  // a level for tests, not a place to play
    if ((lv && lv->trial.present) == trial) out.push_back(e);
  }
  return out;
}

std::vector<std::string> trial_board_lines(const UserData& data, const CreatureEntry& level, std::size_t rows) {
  // Kept by the course's content: another course of the same name has its own board.
  const std::string key = course_key_of_file(level.path);
  std::string report;
  const BestTimes table = load_best_times(data, &report);
  std::vector<std::string> out{"BEST TIMES"};
  if (!report.empty()) out.push_back("DAMAGED: " + report);  // said where it happens, not only on stderr
  const std::vector<const BestRun*> board = table.board(key);
  if (board.empty()) out.push_back("NONE YET: BE THE FIRST");
  for (std::size_t i = 0; i < board.size() && i < rows; ++i) {
    std::string who = board[i]->name;
    for (char& c : who) c = c == '_' ? ' ' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    char line[64];
    std::snprintf(line, sizeof line, "%zu  %-12.12s %s", i + 1, who.c_str(), format_trial_time(board[i]->times.finish).c_str());
    out.push_back(line);
  }
  return out;
}

}  // namespace cf
