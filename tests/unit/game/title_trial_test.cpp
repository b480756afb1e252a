// The title menu's course list: Play -> Trial lists the shipped levels with a trial course, by
// themselves (no list to keep up to date), and Free roam the rest.
#include "game/title/title_trial.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace cf {
namespace {

std::vector<std::string> names(const std::vector<CreatureEntry>& v) {
  std::vector<std::string> out;
  for (const CreatureEntry& e : v) out.push_back(e.name);
  std::sort(out.begin(), out.end());
  return out;
}

TEST(TitleTrial, TrialListsEveryShippedCourseAndFreeRoamThePlacesButNoFixture) {
  const std::vector<CreatureEntry> all = list_levels();
  const std::vector<std::string> courses = names(levels_for_play(all, true));
  EXPECT_EQ(courses, (std::vector<std::string>{"trial_detour", "trial_ditch", "trial_hills", "trial_sprint"}));
  const std::vector<std::string> free_roam = names(levels_for_play(all, false));
  // The test fixtures ("fixture": true) are left out of both lists; the places are offered.
  EXPECT_EQ(free_roam, (std::vector<std::string>{"canyon", "default", "dunes", "hills", "meadow", "terraces"}));
  EXPECT_EQ(all.size(), free_roam.size() + courses.size() + 7u) << "seven fixtures";
  for (const std::string& n : free_roam) EXPECT_NE(n.rfind("trial_", 0), 0u) << n;
}

}  // namespace
}  // namespace cf
