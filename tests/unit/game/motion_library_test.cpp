// The motion library as the one list of motions: a dropped-in file plays for the player (the motion
// menu) and for a herd creature (its command) through the real tick, survives a debug rewind, and a run
// that never plays it hashes the same with it in the library; the bindings, hints and menu come from
// the descriptions; no source outside the data names a library motion.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>
#include <fstream>
#include <regex>
#include <sstream>
#include <sys/stat.h>

#include "game/options/pause_menu.h"
#include "game/play/actions/clip_action.h"
#include "game/play/controls.h"
#include "game/session/session.h"
#include "platform/input.h"
#include "bow_motion.h"
#include "game_test_util.h"

namespace cf {
namespace {

std::string read(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

std::string bow_folder(const std::string& tag, const std::string& extra_description = "") {
  return test::write_bow_folder(::testing::TempDir() + "cf_library_" + tag, extra_description);
}

std::shared_ptr<const MotionLibrary> library_with(const std::string& dir) {
  return std::make_shared<const MotionLibrary>(load_motion_library(motion_folders(dir)));
}

InputFrame press(std::uint32_t b) {
  InputFrame f;
  f.buttons = f.pressed = b;
  return f;
}

TEST(MotionLibrary, ShippedLibraryDescribesEveryMotionAndLoadsV1Files) {
  const MotionLibrary lib = load_motion_library({CF_ASSETS_DIR "/motions"});
  EXPECT_TRUE(lib.problems.empty()) << lib.problems.front();
  ASSERT_GE(lib.size(), 4);
  int clips = 0;
  for (const LibraryMotion& m : lib.motions) {
    if (plays_as_clip(m)) {
      ++clips;
      EXPECT_TRUE(m.about().given) << m.name << ": a played motion says how it plays";
      EXPECT_FALSE(m.about().variants.empty()) << m.name;
      EXPECT_FALSE(m.about().hud.empty()) << m.name;
      // What the HUD says it does is what it does: a motion said to keep the beat is timed to it.
      for (const MotionVariant& v : m.about().variants) {
        if (v.words.find("beat") != std::string::npos || v.tail_words.find("beat") != std::string::npos) {
          EXPECT_GT(m.about().beat_s, 0.0) << m.name << " says \"" << v.words << "\" but keeps no beat";
        }
      }
    }
  }
  EXPECT_GE(clips, 4);
  // The library's order: description order, then name.
  for (int i = 1; i < lib.size(); ++i) {
    const auto& a = lib[i - 1].about();
    const auto& b = lib[i].about();
    EXPECT_TRUE(a.order < b.order || (a.order == b.order && lib[i - 1].name < lib[i].name)) << lib[i].name;
  }
  // A /1 file (no description) still loads: a loop is a gait.
  const int mocap = lib.find("walk_mocap");
  ASSERT_GE(mocap, 0);
  EXPECT_FALSE(lib[mocap].about().given);
  EXPECT_EQ(lib[mocap].about().kind, MotionKind::kGait);
}

TEST(MotionLibrary, DamagedFilesAreLeftOutWithALineAndAnEarlierFolderWins) {
  const std::string dir = bow_folder("damaged");
  std::ofstream(dir + "/broken.json") << "{\"format\": \"critterforge.motion/2\", \"name\": ";
  auto greet = parse_json(read(CF_ASSETS_DIR "/motions/greet.json"), "greet.json");
  Json bad_kind = *greet;
  bad_kind["name"] = "wobble";
  bad_kind["description"]["kind"] = "teleport";
  std::ofstream(dir + "/wobble.json") << bad_kind.dump();
  Json over = *greet;  // a greet of the player's own: it replaces the shipped one
  over["description"]["hud"] = "Hello";
  std::ofstream(dir + "/my_greet.json") << over.dump();
  const MotionLibrary lib = load_motion_library(motion_folders(dir));
  ASSERT_EQ(lib.problems.size(), 2u);
  for (const std::string& p : lib.problems) EXPECT_EQ(p.find('\n'), std::string::npos) << p;
  EXPECT_NE(lib.problems[0].find("broken.json"), std::string::npos) << lib.problems[0];
  EXPECT_NE(lib.problems[1].find("description.kind"), std::string::npos) << lib.problems[1];
  EXPECT_LT(lib.find("wobble"), 0);
  ASSERT_GE(lib.find("bow"), 0);
  EXPECT_EQ(lib[lib.find("greet")].title(), "Hello");
  // A budget of files per folder: the rest are reported, never read.
  LibraryBudget tiny;
  tiny.max_files = 1;
  const MotionLibrary cut = load_motion_library({dir}, tiny);
  EXPECT_EQ(cut.size(), 1);
  EXPECT_NE(cut.problems.back().find("only the first 1"), std::string::npos);
}

TEST(MotionLibrary, BindingsHintsAndTheMenuComeFromTheDescriptions) {
  const ActionRegistry& actions = game_actions();
  const MotionLibrary& lib = clip_action(actions).library();
  int dpad = 0;
  for (const ActionBinding& b : actions.bindings()) {
    if (b.motion == kNoMotion) {
      const int m = lib.find(b.action);  // a planned motion's button: its file names it
      ASSERT_GE(m, 0) << b.action;
      Button want;
      ASSERT_TRUE(button_named(lib[m].about().button, &want));
      EXPECT_EQ(b.button, want);
      continue;
    }
    ++dpad;
    Button want;
    ASSERT_TRUE(button_named(lib[b.motion].about().dpad, &want)) << lib[b.motion].name;
    EXPECT_EQ(b.button, want);
    // The control hints name it.
    std::string hint = b.hint;
    for (char& c : hint) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    EXPECT_NE(control_hint_text(nullptr, actions).find(hint), std::string::npos) << hint;
  }
  EXPECT_EQ(dpad, 4);
  // A dropped-in motion without a d-pad slot is in the menu, and in no binding.
  auto own = make_game_actions(library_with(bow_folder("menu")));
  MotionMenu menu;
  menu.set_registry(*own);
  bool listed = false;
  for (const MotionMenu::Entry& e : menu.entries()) listed = listed || e.label == "BOW";
  EXPECT_TRUE(listed);
  for (const ActionBinding& b : own->bindings()) EXPECT_NE(std::string(b.hint), "bow");
}

// The player's run with the bow folder: RB, down to BOW, A; the bow plays through the real tick and
// the HUD says the file's words.
TEST(MotionLibrary, APlayerPlaysADroppedInMotionThroughTheMenu) {
  auto own = make_game_actions(library_with(bow_folder("player")));
  Session s;
  s.set_actions(own.get());
  s.start(test::biped_scene_in("open_ground.json"), 1);
  for (int t = 0; t < 20; ++t) s.tick(InputFrame{});
  s.tick(press(kButtonRightShoulder));
  EXPECT_TRUE(s.motion_menu().open());
  int guard = 0;
  while (s.motion_menu().entries()[static_cast<std::size_t>(s.motion_menu().cursor())].label != "BOW" && guard++ < 20) {
    s.tick(InputFrame{});
    s.tick(press(kButtonDpadDown));
  }
  s.tick(InputFrame{});
  s.tick(press(kButtonA));
  EXPECT_FALSE(s.motion_menu().open());
  const ClipAction& clips = clip_action(*own);
  EXPECT_EQ(clips.library()[clips.playing_motion(s.state().player())].name, "bow");
  EXPECT_EQ(s.state().player().queued_request, kNoAction);
  for (int t = 0; t < 200; ++t) s.tick(InputFrame{});
  const ClipPlay p = clip_play_of(s.state().player(), "bow", *own);
  EXPECT_EQ(p.plays, 1u);
  EXPECT_FALSE(p.playing());
  EXPECT_EQ(p.variant, EmoteVariant::kAsAuthored);
  EXPECT_EQ(clip_play_of(s.state().player(), "greet", *own).plays, 0u) << "A in the menu is not the vault, up is not greet";
}

// A herd creature commanded to bow (its brain's commands are the only way in) plays it through the real
// tick; a rewind to the middle of it (the state copied back, the derived data rebuilt in a fresh runtime,
// as debug mode does) and the same ticks again give the same hash every tick.
TEST(MotionLibrary, AHerdCreaturePlaysItAndARewindReplaysIt) {
  auto own = make_game_actions(library_with(bow_folder("herd")));
  Session s;
  s.set_actions(own.get());
  ASSERT_TRUE(s.start(test::biped_scene_in("open_ground.json"), 1, {}).ok());
  ASSERT_EQ(s.add_creature(glm::vec3(3.0f, 0.0f, 3.0f), 0.0f), 1);
  ActionId clip = kNoAction;
  std::uint16_t bow = kNoMotion;
  ASSERT_TRUE(own->resolve("bow", &clip, &bow));
  auto input = [&](int t, std::array<CreatureCommand, 1>* others) {
    (*others)[0] = CreatureCommand{};
    if (t == 10) (*others)[0].request = clip, (*others)[0].motion = bow;
    TickInput in;
    in.others = others->data();
    return in;
  };
  SimState st = s.state(), mid;
  WorldRuntime runtime;
  std::array<CreatureCommand, 1> others{};
  std::vector<std::uint64_t> hashes;
  bool played_mid = false;
  for (int t = 0; t < 150; ++t) {
    step(st, input(t, &others), s.context(), runtime);
    hashes.push_back(hash_state(st, *own));
    if (t == 40) {
      mid = st;
      played_mid = clip_action(*own).playing_motion(st.creatures[1]) == bow;
    }
  }
  EXPECT_TRUE(played_mid);
  EXPECT_EQ(clip_play_of(st.creatures[1], "bow", *own).plays, 1u);
  EXPECT_FALSE(clip_play_of(st.creatures[1], "bow", *own).playing());
  EXPECT_EQ(clip_play_of(st.player(), "bow", *own).plays, 0u);
  WorldRuntime fresh;
  for (int t = 41; t < 150; ++t) {
    step(mid, input(t, &others), s.context(), fresh);
    ASSERT_EQ(hash_state(mid, *own), hashes[static_cast<std::size_t>(t)]) << "tick " << t;
  }
}

// Hash neutrality by the rule (clip_action.h): the same pad, the shipped library and the library with
// bow.json in it (which sorts among the others) give the same hash every tick, emotes and herd included.
TEST(MotionLibrary, ARunThatNeverPlaysAMotionHashesTheSameWithItInTheLibrary) {
  auto own = make_game_actions(library_with(bow_folder("neutral", "{\"order\": 2}")));
  Session a, b;
  b.set_actions(own.get());
  Result<std::vector<HerdKind>> herd = pick_herd(8, 5, CF_ASSETS_DIR "/creatures");
  ASSERT_TRUE(herd.ok());
  ASSERT_TRUE(a.start(test::biped_scene_in("open_ground.json"), 5, *herd).ok());
  ASSERT_TRUE(b.start(test::biped_scene_in("open_ground.json"), 5, *herd).ok());
  for (int t = 0; t < 900; ++t) {
    InputFrame in = test::stick(0.0f, t < 60 ? 0.6f : 0.0f);
    if (t == 80) in.buttons = in.pressed = kButtonDpadDown;   // sit
    if (t == 300) in.buttons = in.pressed = kButtonDpadUp;    // a greet (the sit stands first)
    if (t == 600) in.buttons = in.pressed = kButtonDpadLeft;  // dance
    a.tick(in);
    b.tick(in);
    ASSERT_EQ(hash_state(a.state(), game_actions()), hash_state(b.state(), *own)) << "tick " << t;
  }
  EXPECT_GT(clip_play_of(a.state().player(), "dance").plays, 0u);
}

// The README's controls table has a row for every binding the library makes: its first cell starts with
// the hint's word, its gamepad cell names the button and its keyboard cell the button's default key; and
// one for the motion menu's RB (C).
TEST(MotionLibrary, TheReadmeControlsTableMatchesTheBindings) {
  const std::string readme = read(CF_SOURCE_DIR "/README.md");
  const std::size_t from = readme.find("## Controls");
  ASSERT_NE(from, std::string::npos);
  const std::string table = readme.substr(from, readme.find("\n\n", readme.find("|---|", from)) - from);
  auto pad_name = [](Button b) -> std::string {
    switch (b) {
      case kButtonA: return "A";
      case kButtonB: return "B";
      case kButtonX: return "X";
      case kButtonY: return "Y";
      case kButtonDpadUp: return "d-pad up";
      case kButtonDpadDown: return "d-pad down";
      case kButtonDpadLeft: return "d-pad left";
      case kButtonDpadRight: return "d-pad right";
      case kButtonRightShoulder: return "RB";
      default: return "?";
    }
  };
  const InputControls keys = default_input_controls();
  auto key_of = [&](Button b) {
    int bit = 0;
    while (bit < kRemapButtons && (1u << bit) != static_cast<std::uint32_t>(b)) ++bit;
    return bit < kRemapButtons ? key_name(keys.key[bit]) : std::string("?");
  };
  auto has_row = [&](const std::string& first, Button b) {
    std::istringstream lines(table);
    const std::string cells = "| " + pad_name(b) + " | " + key_of(b) + " |";
    for (std::string l; std::getline(lines, l);)
      if (l.rfind("| " + first, 0) == 0 && l.size() >= cells.size() && l.compare(l.size() - cells.size(), cells.size(), cells) == 0)
        return true;
    return false;
  };
  ASSERT_FALSE(game_actions().bindings().empty());
  for (const ActionBinding& b : game_actions().bindings())
    EXPECT_TRUE(has_row(b.hint, b.button)) << "no README row for " << b.hint << " on " << pad_name(b.button) << " (" << key_of(b.button) << ")";
  EXPECT_TRUE(has_row("the motion menu", kButtonRightShoulder));
  EXPECT_FALSE(has_row("sit", kButtonDpadUp)) << "the check can fail";
}

// No source outside the library names a motion the clip action plays: no list of names in game/,
// tools/ or the grids (comments aside).
TEST(MotionLibrary, NoSourceListsLibraryMotionNames) {
  const MotionLibrary lib = load_motion_library({CF_ASSETS_DIR "/motions"});
  std::string names;
  for (const LibraryMotion& m : lib.motions)
    if (plays_as_clip(m)) names += (names.empty() ? "" : "|") + m.name;
  const std::regex literal("\"(" + names + ")(\\.json)?\"");
  std::vector<std::string> offenders;
  auto scan = [&](const std::filesystem::path& p) {
    std::ifstream f(p);
    std::string line;
    for (int n = 1; std::getline(f, line); ++n) {
      const std::size_t comment = line.find("//");
      if (std::regex_search(comment == std::string::npos ? line : line.substr(0, comment), literal))
        offenders.push_back(p.string() + ":" + std::to_string(n) + ": " + line);
    }
  };
  for (const char* dir : {"game", "tools", "engine"})
    for (const auto& e : std::filesystem::recursive_directory_iterator(std::string(CF_SOURCE_DIR) + "/" + dir))
      if (e.path().extension() == ".cpp" || e.path().extension() == ".h") scan(e.path());
  for (const char* grid : {"motion_grid_test.cpp", "clip_grid_test.cpp", "vault_continuity_test.cpp"})
    scan(std::string(CF_SOURCE_DIR) + "/tests/unit/game/" + grid);
  EXPECT_TRUE(offenders.empty()) << offenders.size() << " lines, first: " << offenders.front();
  // The check can fail: a line that lists them is found.
  EXPECT_TRUE(std::regex_search(std::string("for (auto n : {\"sit\", \"greet\"})"), literal));
}

// The include graph of game/play, a source and its header one node (an action's sounds file is its
// action's): node -> the nodes it includes.
using IncludeGraph = std::map<std::string, std::set<std::string>>;

// The edges that lie on a cycle ("a -> b" where b reaches a).
std::vector<std::string> edges_on_cycles(const IncludeGraph& g) {
  auto reaches = [&](const std::string& from, const std::string& to) {
    std::set<std::string> seen;
    std::vector<std::string> todo{from};
    while (!todo.empty()) {
      const std::string n = todo.back();
      todo.pop_back();
      if (n == to) return true;
      const auto it = g.find(n);
      if (it == g.end()) continue;
      for (const std::string& m : it->second)
        if (seen.insert(m).second) todo.push_back(m);
    }
    return false;
  };
  std::vector<std::string> out;
  for (const auto& [a, to] : g)
    for (const std::string& b : to)
      if (reaches(b, a)) out.push_back(a + " -> " + b);
  return out;
}

TEST(PlayLayers, NoFileInGamePlayIncludesOneThatIncludesItBack) {
  const std::string root = std::string(CF_SOURCE_DIR) + "/game/play/";
  auto node = [](std::string rel) {
    rel = rel.substr(0, rel.rfind('.'));
    for (const char* sounds : {"_sounds"})
      if (rel.size() > 7 && rel.compare(rel.size() - 7, 7, sounds) == 0) rel = rel.substr(0, rel.size() - 7) + "_action";
    return rel;
  };
  IncludeGraph g;
  const std::regex include("^#include \"game/play/([^\"]+)\"");
  int files = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(root)) {
    const std::string ext = e.path().extension().string();
    if (ext != ".cpp" && ext != ".h") continue;
    ++files;
    const std::string self = node(e.path().string().substr(root.size()));
    std::ifstream f(e.path());
    std::string line;
    std::smatch m;
    while (std::getline(f, line))
      if (std::regex_search(line, m, include) && node(m[1].str()) != self) g[self].insert(node(m[1].str()));
  }
  EXPECT_GT(files, 40);
  EXPECT_GT(g["sim"].size(), 3u);  // the scan reads the includes
  const std::vector<std::string> cycles = edges_on_cycles(g);
  EXPECT_TRUE(cycles.empty()) << cycles.size() << " includes on a cycle, first: " << cycles.front();
  // The check can fail: a brain including the tick that includes it is found.
  IncludeGraph two_way = g;
  two_way["sim"].insert("herd");
  two_way["herd"].insert("sim");
  EXPECT_FALSE(edges_on_cycles(two_way).empty());
}

}  // namespace
}  // namespace cf
