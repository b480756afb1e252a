// build_rig (validation, spine, 12 limb chains picked and normalized, counterparts) of a 12-limb
// creature: the octopod's 8 legs plus 4 arms. Must stay well under a millisecond.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>

#include "creature/creature_io.h"
#include "skeleton/limb_normalizer.h"
#include "skeleton/rig_builder.h"

namespace {

cf::Creature twelve_limbs() {
  auto r = cf::load_creature(std::string(CF_ASSETS_DIR) + "/creatures/octopod.json");
  if (!r) {
    std::fprintf(stderr, "%s\n", r.error().to_string().c_str());
    std::exit(2);
  }
  cf::Creature c = *r;
  for (int i = 0; i < 4; ++i) {
    float side = i % 2 ? -1.0f : 1.0f;
    float z = i < 2 ? 0.4f : 0.25f;
    cf::Part arm;
    arm.tag = cf::PartTag::kArm;
    arm.radius = 0.03f;
    // A hand-drawn arm: many points, a straight elbow (so the normalizer has work to do).
    for (int k = 0; k <= 12; ++k)
      arm.stroke.push_back({side * (0.12f + 0.02f * k), 0.45f + 0.01f * k, z + 0.015f * k});
    arm.side = cf::derive_side(arm.stroke);
    c.parts.push_back(arm);
  }
  return c;
}

void BM_BuildRig12Limbs(benchmark::State& state) {
  cf::Creature c = twelve_limbs();
  for (auto _ : state) {
    auto rig = cf::build_rig(c);
    benchmark::DoNotOptimize(rig);
  }
  state.counters["limbs"] = 12;
}
BENCHMARK(BM_BuildRig12Limbs)->Unit(benchmark::kMicrosecond);

void BM_NormalizeLimbs12(benchmark::State& state) {
  cf::Creature c = twelve_limbs();
  std::vector<std::pair<cf::StrokePath, cf::PartTag>> limbs;
  for (const cf::Part& p : c.parts)
    if (p.tag == cf::PartTag::kLeg || p.tag == cf::PartTag::kArm)
      limbs.emplace_back(cf::StrokePath::from_points(cf::clean_stroke(p.stroke)), p.tag);
  for (auto _ : state) {
    for (const auto& [path, tag] : limbs) {
      auto n = cf::normalize_limb(path, cf::pick_limb_nodes(path), tag);
      benchmark::DoNotOptimize(n);
    }
  }
}
BENCHMARK(BM_NormalizeLimbs12)->Unit(benchmark::kMicrosecond);

}  // namespace
