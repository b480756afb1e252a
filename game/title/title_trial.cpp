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
    if ((lv && lv->trial.present) == trial) out.push_back(e);
  }
  return out;
}

std::vector<std::string> trial_board_lines(const UserData& data, const CreatureEntry& level, std::size_t rows) {
  Result<Level> lv = load_level(level.path);
  const std::string name = lv && !lv->name.empty() ? lv->name : level.name;
  std::string report;
  const BestTimes table = load_best_times(data, &report);
  std::vector<std::string> out{"BEST TIMES"};
  const std::vector<const BestRun*> board = table.board(name);
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
