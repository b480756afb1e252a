// A trial against a ghost: another creature's best chosen from the best times replays tick-exactly
// beside a player whose hash is the no-ghost run's; debug rewind and step bring back the trial's clock,
// checkpoints and splits and the ghost's tick; the finish screen shows no refusal line; the title
// menu's ghost choice (own best by default, another creature's by name and time, none; B goes back).
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "game/session/best_times.h"
#include "game/session/clip_run.h"
#include "game/session/pad_script.h"
#include "game/session/session.h"
#include "game/sound/sound_director.h"
#include "game/view/view.h"
#include "title_test_util.h"

#include "run_command.h"
#include "trial_test_util.h"

namespace cf {
namespace {

std::string fresh_dir(const std::string& name) { return test::fresh_scratch_dir("trial_ghost_", name); }

Scene course(const std::string& creature) { return test::trial_scene(creature); }
PadScript script(const std::string& name) { return test::trial_script(name); }

constexpr std::uint64_t kMaxTicks = 4000;

// Runs the session with the script until the run has finished and 'after' more ticks passed; every
// tick's hash (index = tick) into *hashes when given.
void run_course(Session* s, const PadScript& p, std::uint64_t after, std::vector<std::uint64_t>* hashes = nullptr) {
  if (hashes) hashes->assign(1, s->hash());
  std::uint64_t left = after;
  while (s->state().tick < kMaxTicks) {
    ASSERT_TRUE(s->tick(scripted_frame(p, s->state().tick)));
    if (hashes) hashes->push_back(s->hash());
    if (s->trial().phase == TrialRun::Phase::kFinished && left-- == 0) return;
  }
  FAIL() << "the course was not finished in " << kMaxTicks << " ticks";
}

TEST(TrialGhost, AnotherCreaturesBestIsOfferedAndReplaysTickExactlyBesideAnUnchangedPlayer) {
  const UserData data{fresh_dir("other")};
  // The strider's run, saved as its best (its ghost); every tick's hash kept to check the ghost by.
  std::vector<std::uint64_t> strider_hashes;
  {
    Session strider;
    strider.start(course("strider"), 1);
    run_course(&strider, script("sprint_strider"), 0, &strider_hashes);
    bool best = false;
    ASSERT_TRUE(record_trial_finish(data, strider, &best).ok());
    ASSERT_TRUE(best);
  }
  // The hexapod alone: its hashes tick by tick.
  std::vector<std::uint64_t> alone;
  {
    Session s;
    s.start(course("hexapod"), 1);
    run_course(&s, script("sprint_hexapod"), 30, &alone);
  }
  // What the menu offers the hexapod: no best of its own, the strider's by name and time.
  Session s;
  s.start(course("hexapod"), 1);
  std::string report;
  const BestTimes table = load_best_times(data, &report);
  const std::vector<GhostChoice> choices =
      ghost_choices(table, trial_level_key(s.scene()), creature_content_hash(s.scene().creature_json));
  ASSERT_EQ(choices.size(), 1u);
  EXPECT_FALSE(choices[0].own);
  EXPECT_EQ(ghost_label(choices[0]), "STRIDER " + format_trial_time(choices[0].run.times.finish));
  apply_trial_choice(&s, data, &choices[0]);
  ASSERT_NE(s.ghost(), nullptr) << s.ghost_line();
  EXPECT_EQ(s.ghost_line(), "GHOST: " + ghost_label(choices[0]));
  EXPECT_TRUE(s.racing_other_ghost());
  EXPECT_FALSE(s.trial().has_best) << "the splits compare with the hexapod's own best: it has none";
  // The ghost is the strider, its own body: another rig than the player's.
  EXPECT_NE(s.ghost()->scene().identity, s.scene().identity);
  EXPECT_NE(s.ghost()->scene().creature_json, s.scene().creature_json);
  EXPECT_EQ(s.ghost()->scene().creature_path, CF_ASSETS_DIR "/creatures/strider.json");
  const PadScript p = script("sprint_hexapod");
  for (std::uint64_t t = 0; t + 1 < alone.size(); ++t) {
    ASSERT_TRUE(s.tick(scripted_frame(p, t)));
    ASSERT_EQ(s.hash(), alone[t + 1]) << "the player's hash is the no-ghost run's at tick " << t + 1;
    ASSERT_NE(s.ghost(), nullptr) << s.ghost_line();
    const std::uint64_t gt = s.ghost()->state().tick;
    ASSERT_EQ(gt, std::min<std::uint64_t>(t + 1, strider_hashes.size() - 1));
    ASSERT_EQ(s.ghost()->hash(), strider_hashes[gt]) << "the strider's own run at tick " << gt;
  }
  EXPECT_FALSE(s.ghost()->verifier().diverged());
  EXPECT_GT(s.ghost()->verifier().checked(), 10) << "its recorded hashes were checked as it ran";
  EXPECT_EQ(s.trial().phase, TrialRun::Phase::kFinished);
}

TEST(TrialGhost, TheOwnBestIsOfferedFirstThenTheOthersFastestFirst) {
  BestTimes t;
  auto run = [](std::uint64_t creature, const char* name, std::uint32_t finish, const char* ghost) {
    BestRun r;
    r.level = "sprint";
    r.creature = creature;
    r.name = name;
    r.times.finish = finish;
    r.ghost = ghost;
    return r;
  };
  t.runs = {run(1, "slow_bug", 900, "a"), run(2, "me", 800, "b"), run(3, "strider", 600, "c"), run(4, "lost", 500, ""),
            run(5, "elsewhere", 400, "e")};
  t.runs.back().level = "detour";
  const std::vector<GhostChoice> c = ghost_choices(t, "sprint", 2);
  ASSERT_EQ(c.size(), 3u) << "a run without a ghost file and another course's are not offered";
  EXPECT_TRUE(c[0].own);
  EXPECT_EQ(ghost_label(c[0]), "YOUR BEST 0:13.33");
  EXPECT_EQ(ghost_label(c[1]), "STRIDER 0:10.00");
  EXPECT_EQ(ghost_label(c[2]), "SLOW BUG 0:15.00");
  EXPECT_TRUE(ghost_choices(t, "nowhere", 2).empty());
}

TEST(TrialGhost, DebugRewindBringsBackTheClockTheSplitsAndTheGhostTickExactly) {
  const UserData data{fresh_dir("rewind")};
  {
    Session first;
    first.start(course("biped"), 1);
    run_course(&first, script("sprint_biped"), 0);
    bool best = false;
    ASSERT_TRUE(record_trial_finish(data, first, &best).ok());
  }
  Session s;
  s.keep_history(kDebugHistoryTicks);
  s.start(course("biped"), 1);
  apply_trial_best(&s, data);
  ASSERT_NE(s.ghost(), nullptr) << s.ghost_line();
  // Forward to 20 ticks past the first checkpoint, keeping what each tick showed.
  const PadScript p = script("sprint_biped_late");
  std::vector<Json> trial_at{trial_json(s.trial())};
  std::vector<std::uint64_t> ghost_hash{s.ghost()->hash()};
  std::vector<std::uint32_t> clock{s.trial().clock_ticks(0)};
  std::uint64_t split = 0;
  while (s.state().tick < kMaxTicks && (split == 0 || s.state().tick < split + 20)) {
    ASSERT_TRUE(s.tick(scripted_frame(p, s.state().tick)));
    trial_at.push_back(trial_json(s.trial()));
    ghost_hash.push_back(s.ghost()->hash());
    clock.push_back(s.trial().clock_ticks(s.state().tick));
    if (split == 0 && s.trial().next == 1) split = s.state().tick;
  }
  ASSERT_GT(split, 0u) << "the first checkpoint was passed";
  const std::uint64_t end = s.state().tick;
  const std::uint32_t split_time = s.trial().times.splits[0];
  // Back to 10 ticks before the checkpoint: no split, the clock as it read then, the ghost there too.
  ASSERT_TRUE(s.rewind_to(split - 10));
  EXPECT_EQ(s.trial().next, 0u);
  EXPECT_TRUE(trial_json(s.trial())["splits"].empty()) << trial_json(s.trial()).dump();
  EXPECT_EQ(s.trial().clock_ticks(s.state().tick), clock[split - 10]);
  EXPECT_EQ(s.ghost()->state().tick, split - 10);
  EXPECT_EQ(s.ghost()->hash(), ghost_hash[split - 10]);
  // Stepping forward again: the same split at the same tick, the same clock and ghost, tick for tick.
  for (std::uint64_t t = split - 9; t <= end; ++t) {
    ASSERT_TRUE(s.step_recorded());
    ASSERT_EQ(trial_json(s.trial()), trial_at[t]) << "tick " << t;
    ASSERT_EQ(s.trial().clock_ticks(t), clock[t]);
    ASSERT_EQ(s.ghost()->state().tick, t);
    ASSERT_EQ(s.ghost()->hash(), ghost_hash[t]) << "tick " << t;
  }
  EXPECT_EQ(s.trial().next, 1u);
  EXPECT_EQ(s.trial().times.splits[0], split_time);
  // Played on live from a rewind, the same inputs pass the checkpoint at the same tick again.
  ASSERT_TRUE(s.rewind_to(split - 5));
  for (std::uint64_t t = split - 4; t <= split; ++t) ASSERT_TRUE(s.tick(scripted_frame(p, t - 1)));
  EXPECT_EQ(trial_json(s.trial()), trial_at[split]);
  EXPECT_EQ(s.ghost()->hash(), ghost_hash[split]);
}

TEST(TrialFinish, APressAfterTheFinishPutsNoRefusalLineOnTheFinishScreenNorItsBuzz) {
  Session s;
  SoundDirector sound;
  sound.set_derive_always(true);
  s.set_tick_listener(&sound);
  s.start(course("biped"), 1);
  View view;
  view.init(s.scene(), ViewTextures{});
  view.set_trial(&s.trial());
  run_course(&s, script("sprint_biped"), 0);
  // A past the finish, nothing to vault: the simulation refuses it as anywhere (its state says so) ...
  InputFrame a;
  a.buttons = a.pressed = kButtonA;
  ASSERT_TRUE(s.tick(a));
  ASSERT_EQ(s.state().hud_ticks, kHudTicks) << "the refusal came up with the press";
  bool warns = false;
  ASSERT_EQ(view.hud_text(s.state(), &warns), "No fence in reach");
  EXPECT_TRUE(warns);
  // ... but the finish screen shows no refusal line, and its buzz is not heard.
  EXPECT_EQ(view.action_line(s.state()), "");
  for (const SoundEvent& e : sound.events()) EXPECT_NE(e.kind, SoundKind::kRefused);
  // While running, the same refusal is shown.
  TrialRun running = s.trial();
  running.phase = TrialRun::Phase::kRunning;
  view.set_trial(&running);
  EXPECT_EQ(view.action_line(s.state()), "No fence in reach");
}

// Records 'creature's run of its sprint script as its best in 'data'.
void record_best(const UserData& data, const std::string& creature) {
  Session s;
  s.start(course(creature), 1);
  run_course(&s, script("sprint_" + creature), 0);
  bool best = false;
  ASSERT_TRUE(record_trial_finish(data, s, &best).ok());
  ASSERT_TRUE(best);
}

TEST(TrialMenu, TheGhostIsChosenAfterTheCourseOwnBestFirstAnotherCreaturesByNameOrNone) {
  const UserData data{fresh_dir("menu")};
  record_best(data, "strider");
  Session session;
  session.start(course("biped"), 1);
  test::TitleRig rig(session, data);
  TitleMode& title = rig.title;
  auto press = [&](std::uint32_t b) { rig.press(b); };
  // PLAY, TRIAL, the biped (the first creature), TRIAL SPRINT (the fourth course: detour, ditch, hills, sprint).
  ASSERT_EQ(title.items()[2], "PLAY");
  press(kButtonDpadDown), press(kButtonDpadDown), press(kButtonA);
  press(kButtonDpadDown), press(kButtonA);
  ASSERT_EQ(title.screen(), TitleScreen::kPlayCreature);
  ASSERT_EQ(title.items()[0], "BIPED");
  press(kButtonA);
  ASSERT_EQ(title.screen(), TitleScreen::kPlayLevel);
  ASSERT_EQ(title.items()[3], "TRIAL SPRINT");
  press(kButtonDpadDown), press(kButtonDpadDown), press(kButtonDpadDown), press(kButtonA);
  ASSERT_EQ(title.screen(), TitleScreen::kPlayGhost);
  const std::vector<std::string> items = title.items();
  ASSERT_EQ(items.size(), 2u);
  EXPECT_EQ(items[0].rfind("STRIDER          0:", 0), 0u) << items[0] << ": the times in a column";
  EXPECT_EQ(items[1], "NO GHOST");
  EXPECT_EQ(title.cursor(), 1) << "no best of its own: no ghost unless one is picked";
  press(kButtonB);
  EXPECT_EQ(title.screen(), TitleScreen::kPlayLevel);
  EXPECT_EQ(title.cursor(), 3) << "on the course picked";
  // The biped's own best now exists: it is first and chosen by default.
  record_best(data, "biped");
  press(kButtonA);
  ASSERT_EQ(title.screen(), TitleScreen::kPlayGhost);
  ASSERT_EQ(title.items().size(), 3u);
  EXPECT_EQ(title.items()[0].rfind("YOUR BEST        0:", 0), 0u) << title.items()[0];
  EXPECT_EQ(title.items()[1], items[0]);
  EXPECT_EQ(title.cursor(), 0);
  press(kButtonDpadDown), press(kButtonA);  // the strider's
  ASSERT_EQ(rig.chosen, ModeId::kPlay);
  ASSERT_NE(session.ghost(), nullptr) << session.ghost_line();
  EXPECT_EQ(session.ghost_line(), "GHOST: STRIDER " + items[0].substr(items[0].rfind(' ') + 1));
  EXPECT_EQ(session.ghost()->scene().creature_path, CF_ASSETS_DIR "/creatures/strider.json");
  EXPECT_TRUE(session.trial().has_best) << "the splits still compare with the biped's own best";
  EXPECT_EQ(std::filesystem::path(session.scene().creature_path).filename(), "biped.json");
}

}  // namespace
}  // namespace cf
