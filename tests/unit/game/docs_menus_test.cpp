// The docs' menu orders are the menus': the list of menus (docs/playing.md) and the controls tables (README's
// pause menu row, docs/making-creatures.md's editor menu row) name the items in the order the game shows them.
#include <gtest/gtest.h>

#include <cctype>
#include <map>
#include <string>
#include <vector>

#include "core/file_io.h"
#include "game/editor/editor.h"
#include "game/options/options_menu.h"
#include "game/options/pause_menu.h"
#include "game/session/drafts.h"
#include "game/session/session.h"
#include "game_test_util.h"
#include "run_command.h"
#include "title_test_util.h"

namespace cf {
namespace {

// "a, b (a note), c" -> {"A", "B", "C"}: notes in lower case dropped, upper-cased, trimmed.
std::vector<std::string> items_of(const std::string& text) {
  std::string plain;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const std::size_t close = text[i] == '(' ? text.find(')', i) : std::string::npos;
    bool note = false;
    for (std::size_t k = i; close != std::string::npos && k < close; ++k)
      note |= std::islower(static_cast<unsigned char>(text[k])) != 0;
    if (note) {
      i = close;
      continue;
    }
    plain += static_cast<char>(std::toupper(static_cast<unsigned char>(text[i])));
  }
  std::vector<std::string> out;
  for (std::size_t a = 0; a <= plain.size();) {
    const std::size_t b = std::min(plain.find(',', a), plain.size());
    std::string item = plain.substr(a, b - a);
    while (!item.empty() && item.front() == ' ') item.erase(item.begin());
    while (!item.empty() && item.back() == ' ') item.pop_back();
    if (!item.empty()) out.push_back(item);
    a = b + 1;
  }
  return out;
}

// Each documented item starts the game's label at its place ("SYMMETRY" for "SYMMETRY: OFF").
void expect_same_order(const std::vector<std::string>& docs, const std::vector<std::string>& game, const std::string& what) {
  ASSERT_EQ(docs.size(), game.size()) << what << ": the docs list " << ::testing::PrintToString(docs)
                                      << ", the game " << ::testing::PrintToString(game);
  for (std::size_t i = 0; i < game.size(); ++i)
    EXPECT_EQ(game[i].rfind(docs[i], 0), 0u) << what << " item " << i << ": docs \"" << docs[i] << "\", game \"" << game[i] << "\"";
}

// The text after 'head' on the page's line that starts with it, up to 'end' (or the line's end).
std::string page_line(const std::string& page, const std::string& head, const std::string& end) {
  const std::size_t at = page.find("\n" + head);
  if (at == std::string::npos) return "";
  const std::size_t from = at + 1 + head.size();
  const std::size_t eol = page.find('\n', from);
  const std::string line = page.substr(from, eol - from);
  return end.empty() ? line : line.substr(0, line.find(end));
}

struct GameMenus {
  std::map<std::string, std::vector<std::string>> menus;
  GameMenus() {
    // A folder of each test's own: two tests building the menus at once (ctest -j2) emptied each other's draft.
    const UserData data{test::fresh_scratch_dir("docs_menus_", ::testing::UnitTest::GetInstance()->current_test_info()->name())};
    Creature c;
    EXPECT_TRUE(write_draft(free_draft_path(data, "a"), "a", c).ok());
    Session session;
    session.start(test::biped_scene_in("default.json"), 1);
    test::TitleRig rig(session, data);
    menus["title menu"] = rig.title.items();
    menus["pause menu"] = pause_menu_items(false);
    menus["pause menu in a test walk"] = pause_menu_items(true);
    std::vector<std::string> editor;
    for (int i = 0; i < static_cast<int>(EditorMenuItem::kCount); ++i)
      editor.push_back(editor_menu_label(static_cast<EditorMenuItem>(i), false));
    menus["editor menu"] = editor;
    OptionsMode options;
    for (const MenuRow& r : options.rows()) menus["options"].push_back(r.label);
  }
};

TEST(DocsMenus, TheListOfMenusHasEachMenusItemsInOrder) {
  Result<std::string> playing = read_file(CF_SOURCE_DIR "/docs/playing.md");
  ASSERT_TRUE(playing.ok());
  const GameMenus g;
  for (const auto& [name, items] : g.menus) {
    const std::string line = page_line(*playing, "- " + name + ": ", "");
    ASSERT_NE(line, "") << "docs/playing.md's list of menus has no line for the " << name;
    expect_same_order(items_of(line), items, name);
  }
}

TEST(DocsMenus, TheControlsTablesNameThePauseAndEditorMenusInOrder) {
  Result<std::string> readme = read_file(CF_SOURCE_DIR "/README.md");
  Result<std::string> editor = read_file(CF_SOURCE_DIR "/docs/making-creatures.md");
  ASSERT_TRUE(readme.ok());
  ASSERT_TRUE(editor.ok());
  const GameMenus g;
  expect_same_order(items_of(page_line(*readme, "| pause menu: ", " |")), g.menus.at("pause menu"), "README's pause menu row");
  expect_same_order(items_of(page_line(*editor, "| editor menu: ", " |")), g.menus.at("editor menu"), "the editor's menu row");
}

}  // namespace
}  // namespace cf
