// The motion menu over the shipped library: it lists exactly the motions the body's variants fit, in
// groups — the motions made here (ONCE, HELD), then each capture set in library order (FOX, HORSE,
// SPIDER, BIRD, SNAKE) — and a motion imported for another body plan is not offered; the Test drive keeps
// the list open while its choices play.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/file_io.h"
#include "game/play/actions/clip_action.h"
#include "game/play/sim.h"
#include "game/session/motion_menu.h"
#include "game/session/replay.h"
#include "game/session/session.h"
#include "retarget/emote.h"

namespace cf {
namespace {

// A shipped creature, or (name "legless") a body of a torso, a head and a tail, on the open field.
Scene scene_of(const std::string& creature) {
  Result<Json> level = load_json_file(CF_SOURCE_DIR "/tests/data/game/open_field.level.json");
  EXPECT_TRUE(level.ok());
  Json body;
  if (creature == "legless") {
    body = Json::parse(R"({"format": "critterforge.creature/1", "name": "legless", "parts": [
      {"tag": "torso", "radius": 0.14, "stroke": [[0, 0.16, -0.5], [0, 0.16, 0], [0, 0.16, 0.5]]},
      {"tag": "head", "radius": 0.1, "stroke": [[0, 0.18, 0.55], [0, 0.22, 0.7]]},
      {"tag": "tail", "radius": 0.05, "stroke": [[0, 0.15, -0.55], [0, 0.12, -0.9]]}]})");
  } else {
    Result<Json> j = load_json_file(std::string(CF_ASSETS_DIR "/creatures/") + creature + ".json");
    EXPECT_TRUE(j.ok());
    body = *j;
  }
  Result<Scene> s = scene_from_json(creature + ".json", body, creature + ".json", "open_field.level.json", *level,
                                    "open_field.level.json");
  EXPECT_TRUE(s.ok()) << s.error().to_string();
  return std::move(*s);
}

const char* const kBodies[] = {"biped", "biped_arms_tail", "hexapod", "octopod", "quadruped", "strider", "stubby", "legless"};

TEST(MotionMenu, ListsExactlyTheMotionsTheBodysVariantsFit) {
  const ClipAction& clips = clip_action();
  const MotionLibrary& lib = clips.library();
  for (const char* name : kBodies) {
    SCOPED_TRACE(name);
    const Scene scene = scene_of(name);
    MotionMenu menu;
    menu.set_registry(game_actions(), &scene.rig);
    std::vector<bool> listed(static_cast<std::size_t>(lib.size()), false);
    for (const MotionMenu::Entry& e : menu.entries()) listed[e.motion] = true;
    int offered = 0;
    for (int m = 0; m < lib.size(); ++m) {
      const bool menu_motion = clips.plays(m) && lib[m].about().menu;
      const bool fits = choose_variant(lib[m].about(), scene.rig) >= 0;
      EXPECT_EQ(listed[static_cast<std::size_t>(m)], menu_motion && fits) << lib[m].name;
      offered += listed[static_cast<std::size_t>(m)];
    }
    EXPECT_GT(offered, 0);
    std::printf("%s: %d motions in the menu, %zu groups\n", name, offered, menu.groups().size());
  }
}

TEST(MotionMenu, GroupsAreTheMotionsMadeHereThenEachCaptureSetInLibraryOrder) {
  const MotionLibrary& lib = clip_action().library();
  const Scene quadruped = scene_of("quadruped"), legless = scene_of("legless");
  MotionMenu four, none, all;
  four.set_registry(game_actions(), &quadruped.rig);
  none.set_registry(game_actions(), &legless.rig);
  all.set_registry(game_actions());
  EXPECT_EQ(all.groups(), (std::vector<std::string>{"ONCE", "HELD", "FOX", "HORSE", "SPIDER", "BIRD", "SNAKE"}));
  // A quadruped: the fox's and the horse's clips, none of the snake's; a legless body the reverse.
  auto has = [](const MotionMenu& m, const char* g) {
    return std::find(m.groups().begin(), m.groups().end(), g) != m.groups().end();
  };
  EXPECT_TRUE(has(four, "FOX") && has(four, "HORSE") && has(four, "SPIDER"));
  EXPECT_FALSE(has(four, "SNAKE"));
  EXPECT_TRUE(has(none, "SNAKE"));
  EXPECT_FALSE(has(none, "FOX") || has(none, "HORSE") || has(none, "SPIDER"));
  for (const MotionMenu* m : {&four, &none, &all}) {
    int last_group = 0;
    for (const MotionMenu::Entry& e : m->entries()) {
      ASSERT_GE(e.group, last_group) << "a group's entries are together, groups in order";
      ASSERT_LT(e.group, static_cast<int>(m->groups().size()));
      last_group = e.group;
      const std::string& src = lib[e.motion].about().source;
      const std::string& g = m->groups()[static_cast<std::size_t>(e.group)];
      if (src.empty()) {
        EXPECT_TRUE(g == "ONCE" || g == "HELD") << e.label;
        EXPECT_EQ(g == "ONCE", lib[e.motion].about().kind == MotionKind::kOneShot) << e.label;
      } else {
        std::string upper = src;
        for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        EXPECT_EQ(g, upper) << e.label;
        EXPECT_NE(e.label.rfind(upper + " ", 0), 0u) << "the set's name is the header, not in each line";
        EXPECT_FALSE(e.label.empty());
      }
    }
  }
}

// The session's menu is the player's body's: a legless player is offered the snake, never the fox, and
// a new scene lists again for its body.
TEST(MotionMenu, TheSessionsMenuFollowsThePlayersBody) {
  const MotionLibrary& lib = clip_action().library();
  auto sources_after_opening = [&](const std::string& creature) {
    Session s;
    s.start(scene_of(creature), 1);
    InputFrame rb;
    rb.buttons = rb.pressed = MotionMenu::kOpenButton;
    s.tick(InputFrame{});
    s.tick(rb);
    EXPECT_TRUE(s.motion_menu().open());
    std::vector<std::string> sources;
    for (const MotionMenu::Entry& e : s.motion_menu().entries()) sources.push_back(lib[e.motion].about().source);
    return sources;
  };
  const std::vector<std::string> legless = sources_after_opening("legless");
  EXPECT_NE(std::find(legless.begin(), legless.end(), "Snake"), legless.end());
  EXPECT_EQ(std::find(legless.begin(), legless.end(), "Fox"), legless.end());
  const std::vector<std::string> quadruped = sources_after_opening("quadruped");
  EXPECT_NE(std::find(quadruped.begin(), quadruped.end(), "Fox"), quadruped.end());
  EXPECT_EQ(std::find(quadruped.begin(), quadruped.end(), "Snake"), quadruped.end());
}

// The Test drive: A plays and the list stays open with the choice marked; a second choice plays after
// the first; B closes it. A replay carries the drive, so its frames work the list the same way again;
// a run that is no test drive closes the list on A, as before.
TEST(MotionMenu, TheTestDriveKeepsTheListOpenAndItsReplayPlaysTheSame) {
  auto press = [](Button b) {
    InputFrame f;
    f.buttons = f.pressed = b;
    return f;
  };
  const std::vector<InputFrame> frames = {InputFrame{}, press(MotionMenu::kOpenButton), InputFrame{}, press(kButtonA)};
  Session s;
  s.start(scene_of("quadruped"), 1);
  s.set_test_drive(true);
  for (const InputFrame& f : frames) ASSERT_TRUE(s.tick(f));
  EXPECT_TRUE(s.motion_menu().open()) << "A played and the list stayed";
  EXPECT_EQ(s.motion_menu().chosen(), 0);
  const std::uint16_t first = s.motion_menu().entries()[0].motion;
  for (int t = 0; t < 150; ++t) ASSERT_TRUE(s.tick(InputFrame{}));
  ASSERT_TRUE(s.tick(press(kButtonDpadDown)));
  ASSERT_TRUE(s.tick(InputFrame{}));
  ASSERT_TRUE(s.tick(press(kButtonA)));
  EXPECT_EQ(s.motion_menu().chosen(), 1);
  for (int t = 0; t < 150; ++t) ASSERT_TRUE(s.tick(InputFrame{}));
  const MotionLibrary& lib = clip_action().library();
  const std::uint16_t second = s.motion_menu().entries()[1].motion;
  EXPECT_EQ(clip_play_of(s.state().player(), lib[first].name, s.registry()).plays, 1u);
  EXPECT_EQ(clip_play_of(s.state().player(), lib[second].name, s.registry()).plays, 1u);
  ASSERT_TRUE(s.tick(press(kButtonB)));
  EXPECT_FALSE(s.motion_menu().open());

  // Its replay, through the file format, plays the same.
  Result<Replay> again = parse_replay(replay_to_json(s.recording()).dump(), "drive.replay.json");
  ASSERT_TRUE(again.ok()) << again.error().to_string();
  EXPECT_TRUE(again->test_drive);
  Session played;
  ASSERT_TRUE(played.start_replay(*again, "drive.replay.json").ok());
  EXPECT_TRUE(played.motion_menu().drive());
  while (played.tick(InputFrame{})) {
  }
  EXPECT_EQ(hash_state(played.state(), played.registry()), hash_state(s.state(), s.registry()));

  // Not a test drive: A closes the list.
  Session run;
  run.start(scene_of("quadruped"), 1);
  for (const InputFrame& f : frames) ASSERT_TRUE(run.tick(f));
  EXPECT_FALSE(run.motion_menu().open());
  EXPECT_FALSE(run.recording().test_drive);
  EXPECT_EQ(replay_to_json(run.recording()).count("test_drive"), 0u);
}

}  // namespace
}  // namespace cf
