// The motion library's size costs a tick nothing: a herd of 64 (the player's plus 64, resting, greeting,
// sitting and dancing as their brains choose) ticked with the shipped library, and with 60 more motions
// registered (copies of a shipped one-shot under other names, written to a temporary folder as a player would
// drop them in). Dormant motions are never called; the two medians should agree within noise.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

#include "core/json_util.h"
#include "game/play/action.h"
#include "game/play/actions/clip_action.h"
#include "game/play/herd.h"
#include "game/play/scene.h"
#include "game/session/session.h"
#include "motion/motion_library.h"

namespace {

constexpr int kHerd = 64;
constexpr int kDummies = 60;

// A folder of kDummies motion files: the shipped library's first one-shot renamed dummy_00 .. dummy_59.
std::string dummy_folder() {
  const std::string dir = std::filesystem::temp_directory_path().string() + "/cf_bench_library";
  std::filesystem::create_directories(dir);
  const cf::MotionLibrary shipped = cf::load_motion_library({CF_ASSETS_DIR "/motions"});
  std::string file;
  for (const cf::LibraryMotion& m : shipped.motions)
    if (file.empty() && m.about().kind == cf::MotionKind::kOneShot) file = m.path;
  std::ifstream f(file);
  std::stringstream text;
  text << f.rdbuf();
  cf::Result<cf::Json> greet = cf::parse_json(text.str(), file);
  if (!greet) std::abort();
  for (int k = 0; k < kDummies; ++k) {
    cf::Json m = *greet;
    char name[32];
    std::snprintf(name, sizeof name, "dummy_%02d", k);
    m["name"] = name;
    m["description"]["order"] = 500 + k;
    m["description"].erase("dpad");
    std::ofstream(dir + "/" + name + ".json") << m.dump();
  }
  return dir;
}

const cf::ActionRegistry& with_dummies() {
  static const std::unique_ptr<cf::ActionRegistry> actions = cf::make_game_actions(
      std::make_shared<const cf::MotionLibrary>(cf::load_motion_library(cf::motion_folders(dummy_folder()))));
  return *actions;
}

void tick_herd(benchmark::State& st, const cf::ActionRegistry& actions) {
  cf::Result<cf::Scene> scene =
      cf::load_scene(CF_ASSETS_DIR "/creatures/biped.json", CF_ASSETS_DIR "/levels/open_ground.json");
  cf::Result<std::vector<cf::HerdKind>> herd = cf::pick_herd(kHerd, 1, CF_ASSETS_DIR "/creatures");
  if (!scene || !herd) std::abort();
  cf::Session s;
  s.set_actions(&actions);
  s.set_threads(1);
  (void)s.start(std::move(*scene), 1, *herd);
  for (int t = 0; t < 120; ++t) s.tick(cf::InputFrame{});  // everyone under way
  for (auto _ : st) s.tick(cf::InputFrame{});
  st.SetItemsProcessed(st.iterations() * s.state().creature_count);
  st.counters["library_motions"] = cf::clip_action(actions).library().size();
}

void BM_HerdTickShippedLibrary(benchmark::State& st) { tick_herd(st, cf::game_actions()); }
void BM_HerdTickWith60MoreMotions(benchmark::State& st) { tick_herd(st, with_dummies()); }
BENCHMARK(BM_HerdTickShippedLibrary)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_HerdTickWith60MoreMotions)->Unit(benchmark::kMillisecond);

}  // namespace
