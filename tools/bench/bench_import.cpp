// Import time per capture file: each glTF animation set in tests/data/external/gltf-anim (the five CC0
// Mesh2Motion animals) read once, then imported from memory (parse, body plan, every clip sampled,
// contacts, key reduction, descriptions) per iteration. The files are found by listing the folder, so
// a set added there is timed too.
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "core/file_io.h"
#include "motion/gltf_anim_import.h"

namespace {

const std::string kSets = std::string(CF_ASSETS_DIR) + "/../tests/data/external/gltf-anim";

void import_bench(benchmark::State& state, const std::string& path, const std::string& source) {
  const std::string bytes = cf::read_file(path).value();
  cf::GltfImportOptions o;
  o.source = source;
  int clips = 0;
  for (auto _ : state) {
    cf::Result<cf::GltfAnimImport> r = cf::import_gltf_animations(bytes, path, o);
    if (!r.ok()) {
      state.SkipWithError(r.error().to_string().c_str());
      break;
    }
    clips = static_cast<int>(r->clips.size());
    benchmark::DoNotOptimize(r);
  }
  state.counters["clips"] = clips;
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(bytes.size()));
}

// One benchmark per .glb in the folder, named by its set ("import/fox").
const int kRegistered = [] {
  std::vector<std::filesystem::path> files;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(kSets, ec))
    if (e.path().extension() == ".glb") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    std::string set = f.stem().string();
    set = set.substr(0, set.find('-'));  // "fox-animations": fox
    benchmark::RegisterBenchmark(("import/" + set).c_str(), import_bench, f.string(), set)->Unit(benchmark::kMillisecond);
  }
  return static_cast<int>(files.size());
}();

}  // namespace
