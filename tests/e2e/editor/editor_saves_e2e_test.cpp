// Saves a player can trust, through the real binary and SDL's virtual gamepad (--pad-script): new
// creatures saved with the offered name never replace each other; "new blank canvas" starts a new
// creature; leaving for the title menu, SIGTERM and SIGHUP keep the work in its draft; a clean save
// leaves no draft to offer; a file size limit and a full disk fail the save with the reason while the
// game keeps running; the start-up sweep takes only our own temporaries.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "core/file_io.h"
#include "creature/creature_io.h"
#include "editor_scripts.h"
#include "game/session/drafts.h"
#include "game/session/user_data.h"
#include "render/image_io.h"
#include "run_command.h"

namespace cf::test {
namespace {

std::string tmp(const std::string& name) { return scratch_path("e2e_saves_", name); }

#define CF_GAME_ENV "env -u DISPLAY SDL_VIDEODRIVER=offscreen " CF_GAME_TEST_ENV
std::string game_line(const std::string& args) { return offscreen_game_line(args); }
CommandResult game(const std::string& args) { return run_game_offscreen(args); }

std::string last_line(const std::string& out) {
  std::string s = out;
  while (!s.empty() && s.back() == '\n') s.pop_back();
  const std::size_t nl = s.find_last_of('\n');
  return nl == std::string::npos ? s : s.substr(nl + 1);
}

std::string fresh_dir(const std::string& name) {
  const std::string d = tmp(name);
  std::filesystem::remove_all(d);
  return d;
}

std::string script(const std::string& name, const PadSteps& s) {
  const std::string path = tmp(name + ".pad.json");
  std::ofstream(path) << s.pad_script().dump(1);
  return path;
}

// Title menu -> NEW CREATURE.
PadSteps new_creature() {
  PadSteps s;
  s.wait(10).press("a").wait(2);
  return s;
}
// Start -> the editor menu -> item (2 save, 5 new blank canvas, 6 title menu), A.
PadSteps menu(int item) {
  PadSteps s;
  s.press("start").press("down", item).press("a");
  return s;
}
// SAVE, and Start takes the name the prompt offers.
PadSteps save_offered() { return menu(2).press("start").wait(4); }
// After draw_biped (pen on the head): an arm from the middle of the torso forward, the last stroke.
PadSteps arm_stroke() {
  PadSteps s;
  s.press("x", 2).move(0, -1, 30).draw(1, 0, 20);
  return s;
}

int legs_in(const std::string& path) {
  Result<Creature> c = load_creature(path);
  if (!c) return -1;
  int n = 0;
  for (const Part& p : c->parts) n += p.tag == PartTag::kLeg;
  return n;
}

std::string read_text(const std::string& path) {
  Result<std::string> t = read_file(path);
  return t ? *t : "";
}

TEST(SavesE2E, TwoNewCreaturesSavedWithTheOfferedNameAreTwoFiles) {
  const std::string data = fresh_dir("two");
  PadSteps s = new_creature().then(draw_biped()).then(save_offered()).then(menu(6)).wait(4);
  s.then(new_creature()).then(draw_quadruped()).then(save_offered());
  const CommandResult r = game("--title --data-dir '" + data + "' --pad-script '" + script("two", s) +
                               "' --ticks " + std::to_string(s.total_ticks()));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(legs_in(data + "/creatures/critter.json"), 2) << r.err;
  EXPECT_EQ(legs_in(data + "/creatures/critter_2.json"), 4) << r.err;
  EXPECT_FALSE(std::filesystem::exists(data + "/history")) << "nothing was replaced";
}

TEST(SavesE2E, NewBlankCanvasThenSaveKeepsTheFirstCreature) {
  const std::string data = fresh_dir("blank");
  PadSteps first = new_creature().then(draw_biped()).then(save_offered());
  CommandResult r = game("--title --data-dir '" + data + "' --pad-script '" + script("blank1", first) +
                         "' --ticks " + std::to_string(first.total_ticks()));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string biped = read_text(data + "/creatures/critter.json");
  ASSERT_FALSE(biped.empty());
  PadSteps s = first;
  s.then(menu(5)).press("a").move(0, -1, 40).draw(0, 1, 34).then(save_offered());  // a torso on the blank canvas
  std::filesystem::remove_all(data);
  r = game("--title --data-dir '" + data + "' --pad-script '" + script("blank2", s) + "' --ticks " +
           std::to_string(s.total_ticks()));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_text(data + "/creatures/critter.json"), biped) << "the first creature was replaced";
  Result<Creature> second = load_creature(data + "/creatures/critter_2.json");
  ASSERT_TRUE(second.ok()) << second.error().to_string() << "\n" << r.err;
  EXPECT_EQ(second->parts.size(), 1u);
}

// The hash of the editor opened by --edit on 'creature' (the document as a restart would show it).
std::string edit_hash(const Creature& creature, const std::string& data) {
  const std::string file = tmp("edit_hash_creature.json");
  EXPECT_TRUE(save_creature(file, creature).ok());
  PadSteps idle;
  idle.wait(4);
  const CommandResult e = game("--edit '" + file + "' --data-dir '" + data + "_edit' --pad-script '" +
                               script("edit_hash", idle) + "' --ticks 4 --print-hash");
  EXPECT_EQ(e.exit_code, 0) << e.err;
  return last_line(e.out);
}

TEST(SavesE2E, DrawGoToTheTitleMenuRestartTheWorkIsOfferedBack) {
  const std::string data = fresh_dir("to_title");
  PadSteps s = new_creature().then(draw_biped()).then(menu(6)).wait(10);
  ASSERT_LT(s.total_ticks(), 600) << "ends before the first autosave, so only the way out writes the draft";
  CommandResult r = game("--title --data-dir '" + data + "' --pad-script '" + script("to_title", s) +
                         "' --ticks " + std::to_string(s.total_ticks()));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("back to the title menu: the unsaved work is in the draft"), std::string::npos)
      << r.err;
  const std::vector<Draft> drafts = list_drafts(UserData{data});
  ASSERT_EQ(drafts.size(), 1u);
  EXPECT_EQ(drafts[0].creature.parts.size(), 4u);
  // Restarted: CONTINUE DRAFT (second), the list, A on the draft: the editor holds the work.
  PadSteps cont;
  cont.wait(10).press("down").press("a").press("a").wait(4);
  r = game("--title --data-dir '" + data + "' --pad-script '" + script("to_title_cont", cont) + "' --ticks " +
           std::to_string(cont.total_ticks()) + " --print-hash");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(last_line(r.out), edit_hash(drafts[0].creature, data));
}

// Starts the game unbounded (ticks follow the wall clock, 60 a second) as a child of its own; pid.
pid_t start_game(const std::string& args, const std::string& err_path) {
  const std::string line = game_line(args);
  const pid_t pid = fork();
  if (pid == 0) {
    const std::string cmd = "exec " + line.substr(line.find("&&") + 3) + " 2>'" + err_path + "' >/dev/null";
    if (::chdir(CF_SOURCE_DIR) != 0) _exit(127);
    execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  return pid;
}

// Waits for the child to end, at most 'seconds'; its wait status, or -1 (then it is killed).
int wait_for(pid_t pid, double seconds) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  int status = 0;
  while (std::chrono::steady_clock::now() < until) {
    if (waitpid(pid, &status, WNOHANG) == pid) return status;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  kill(pid, SIGKILL);
  waitpid(pid, &status, 0);
  return -1;
}

// Kills the game if a check fails before it was stopped.
struct ChildGuard {
  pid_t pid;
  ~ChildGuard() {
    if (pid > 0 && waitpid(pid, nullptr, WNOHANG) == 0) {
      kill(pid, SIGKILL);
      waitpid(pid, nullptr, 0);
    }
  }
};

TEST(SavesE2E, SigtermOrSighupDuringEditingLeavesADraftWithTheLastStroke) {
  for (int sig : {SIGTERM, SIGHUP}) {
    const char* name = sig == SIGTERM ? "SIGTERM" : "SIGHUP";
    SCOPED_TRACE(name);
    const std::string data = fresh_dir(std::string("signal_") + name);
    // A saved biped (a bounded run: the pad script is exact there).
    PadSteps first = new_creature().then(draw_biped()).then(save_offered());
    const CommandResult r =
        game("--title --data-dir '" + data + "' --pad-script '" + script("signal1", first) + "' --ticks " +
             std::to_string(first.total_ticks()));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string saved = data + "/creatures/critter.json";
    ASSERT_EQ(legs_in(saved), 2);
    // Edited again in a live run (ticks follow the wall clock, 60 a second): after 2 s an arm is
    // drawn, the last stroke, done by 3.5 s; the first autosave would come at 10 s. Only long holds:
    // a frame may run several ticks on one pad state.
    PadSteps arm;
    arm.wait(120).add({10, 0, 0, {"x"}}).wait(10).move(0, 1, 23).add({20, 1, 0, {"a"}}).wait(10);
    const std::string err = tmp(std::string("signal_") + name + ".err");
    const pid_t pid = start_game("--edit '" + saved + "' --window 320x240 --data-dir '" + data +
                                     "' --pad-script '" + script("signal2", arm) + "'",
                                 err);
    ASSERT_GT(pid, 0);
    ChildGuard guard{pid};
    std::this_thread::sleep_for(std::chrono::milliseconds(6500));
    ASSERT_TRUE(list_drafts(UserData{data}).empty())
        << "an autosave came first: the test would prove nothing";
    kill(pid, sig);
    const int status = wait_for(pid, 30);
    ASSERT_NE(status, -1) << "the game did not stop";
    ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << WTERMSIG(status) << "\n" << read_text(err);
    EXPECT_EQ(WEXITSTATUS(status), 0) << read_text(err);
    EXPECT_NE(read_text(err).find(std::string("stopped by ") + name + ": the unsaved work is in the draft"),
              std::string::npos)
        << read_text(err);
    const std::vector<Draft> drafts = list_drafts(UserData{data});
    ASSERT_EQ(drafts.size(), 1u) << read_text(err);
    EXPECT_EQ(drafts[0].file_stem, "critter") << "the draft of the saved creature it continues";
    // The arm, the last stroke, and its mirrored twin (symmetry starts side-view limbs off the centre).
    EXPECT_EQ(drafts[0].creature.parts.size(), 6u) << "the arm, the last stroke\n" << read_text(err);
    EXPECT_EQ(load_creature(saved)->parts.size(), 4u) << "the saved file is as it was saved";
  }
}

TEST(SavesE2E, SaveQuitRestartNoDraftIsOffered) {
  const std::string data = fresh_dir("clean");
  // Saved, then more than an autosave's interval idle, back to the title menu, QUIT (the last item).
  PadSteps s = new_creature().then(draw_biped()).then(save_offered());
  s.wait(700).then(menu(6)).wait(4).press("up").press("a").wait(4);
  CommandResult r = game("--title --data-dir '" + data + "' --pad-script '" + script("clean", s) +
                         "' --ticks " + std::to_string(s.total_ticks() + 60));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(legs_in(data + "/creatures/critter.json"), 2);
  EXPECT_TRUE(list_drafts(UserData{data}).empty()) << "a draft is left after a clean save";
  EXPECT_EQ(r.err.find("draft"), std::string::npos) << r.err;
  // Restarted: the second item is EDIT (no CONTINUE DRAFT), whose first creature opens.
  PadSteps restart;
  restart.wait(10).press("down").press("a").press("a").wait(4);
  r = game("--title --data-dir '" + data + "' --pad-script '" + script("clean_restart", restart) +
           "' --ticks " + std::to_string(restart.total_ticks()) + " --print-hash");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Result<Creature> first = load_creature(list_creatures(UserData{data}).front().path);
  ASSERT_TRUE(first.ok());
  EXPECT_EQ(last_line(r.out), edit_hash(*first, data)) << "the title menu offered something else first";
}

// The same script without any limit: the editor's hash a player who kept working reaches.
std::string unlimited_hash(const PadSteps& s, const std::string& name) {
  const std::string data = fresh_dir(name + "_unlimited");
  const CommandResult r = game("--title --data-dir '" + data + "' --pad-script '" + script(name, s) +
                               "' --ticks " + std::to_string(s.total_ticks()) + " --print-hash");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(is_regular_file(data + "/creatures/critter.json"));
  return last_line(r.out);
}

TEST(SavesE2E, UnderAFileSizeLimitTheSaveFailsTheGameKeepsRunningAndSaysWhy) {
  const std::string data = fresh_dir("fsize");
  PadSteps s = new_creature().then(draw_biped()).then(save_offered()).then(arm_stroke()).wait(10);
  const std::string want = unlimited_hash(s, "fsize");
  // ulimit -f: setrlimit(RLIMIT_FSIZE) in the game's shell, 2 blocks (1 KB at most; a biped is ~5 KB).
  const CommandResult r = run_command("cd '" CF_SOURCE_DIR "' && ulimit -f 2 && " CF_GAME_ENV "'" CF_GAME_EXE
                                      "' --title --data-dir '" +
                                      data + "' --pad-script '" + script("fsize", s) + "' --ticks " +
                                      std::to_string(s.total_ticks()) + " --print-hash");
  ASSERT_EQ(r.exit_code, 0) << "the game died (SIGXFSZ is 153): " << r.exit_code << "\n" << r.err;
  EXPECT_NE(r.err.find("cannot save CRITTER: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("File too large (the file is larger than this system allows"), std::string::npos)
      << r.err;
  EXPECT_FALSE(is_regular_file(data + "/creatures/critter.json"));
  EXPECT_EQ(last_line(r.out), want) << "the player kept drawing after the failed save";
}

TEST(SavesE2E, OnAFullDiskTheSaveFailsTheGameKeepsRunningAndSaysWhy) {
  // A 64 KB tmpfs in a mount namespace of our own (unshare -rm: no root needed where user
  // namespaces are allowed), filled up before the game starts.
  const std::string disk = fresh_dir("full_disk");
  std::filesystem::create_directories(disk);
  const CommandResult probe =
      run_command("unshare -rm sh -c 'mount -t tmpfs -o size=64k tmpfs \"" + disk + "\" && echo mounted'");
  if (probe.out.find("mounted") == std::string::npos)
    GTEST_SKIP() << "cannot mount a tmpfs here (unshare -rm: " << probe.err << ")";
  PadSteps s = new_creature().then(draw_biped()).then(save_offered()).then(arm_stroke()).wait(10);
  const std::string want = unlimited_hash(s, "full");
  const std::string shot = tmp("full_disk.png");
  std::filesystem::remove(shot);
  const int shot_tick = s.total_ticks() - arm_stroke().total_ticks() - 10 - 1;  // just after the save
  const std::string inner = "mount -t tmpfs -o size=64k tmpfs \"" + disk + "\" && mkdir -p \"" + disk +
                            "/creatures\" && (dd if=/dev/zero of=\"" + disk +
                            "/filler\" bs=4k 2>/dev/null; true) && cd \"" CF_SOURCE_DIR
                            "\" && exec " CF_GAME_ENV "\"" CF_GAME_EXE "\" --title --data-dir \"" +
                            disk + "\" --pad-script \"" + script("full", s) + "\" --ticks " +
                            std::to_string(s.total_ticks()) + " --print-hash --screenshot \"" + shot +
                            "\" --at-tick " + std::to_string(shot_tick);
  const CommandResult r = run_command("unshare -rm sh -c '" + inner + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("cannot save CRITTER: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("No space left on device (the disk is full)"), std::string::npos) << r.err;
  EXPECT_EQ(last_line(r.out), want) << "the player kept drawing after the failed save";
  Result<Image> img = load_png(shot);
  ASSERT_TRUE(img.ok())
      << img.error().to_string();  // the HUD says "CANNOT SAVE: THE DISK IS FULL" (looked at)
}

TEST(SavesE2E, TheStartUpSweepTakesOnlyOurOwnTemporaries) {
  const std::string data = fresh_dir("sweep");
  std::filesystem::create_directories(data + "/creatures");
  const pid_t dead = fork();
  if (dead == 0) _exit(0);
  waitpid(dead, nullptr, 0);
  const std::string ours = temp_path_for(data + "/creatures/dog.json", dead);
  for (const std::string& p : {data + "/ideas.tmp.99999", data + "/creatures/ideas.tmp.99999", ours})
    std::ofstream(p) << "the player's notes";
  const CommandResult r = game("--title --data-dir '" + data + "' --ticks 2");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(std::filesystem::exists(data + "/ideas.tmp.99999"));
  EXPECT_TRUE(std::filesystem::exists(data + "/creatures/ideas.tmp.99999"));
  EXPECT_FALSE(std::filesystem::exists(ours)) << "a dead save's temporary is swept";
}

}  // namespace
}  // namespace cf::test
