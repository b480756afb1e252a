// The editor's live preview: everything rebuilt after a change (creature rules, rig with the limb
// normalizer, mesh, envelope weights, influence limit, palette) for a 12-part creature: the octopod
// (torso, head, 8 legs) with an arm pair. The budget is 8 ms per rebuild.
#include <string>

#include <benchmark/benchmark.h>

#include "creature/creature_io.h"
#include "game/editor/editor_doc.h"

namespace {

cf::Creature twelve_parts() {
  auto c = cf::load_creature(std::string(CF_ASSETS_DIR) + "/creatures/octopod.json");
  if (!c) return {};
  cf::Creature out = *c;
  const int torso = cf::find_torso(out);
  const glm::vec3 front = out.parts[static_cast<std::size_t>(torso)].stroke.back();
  for (float side : {1.0f, -1.0f}) {
    cf::Part arm;
    arm.tag = cf::PartTag::kArm;
    arm.radius = 0.04f;
    arm.side = side > 0 ? cf::Side::kLeft : cf::Side::kRight;
    arm.side_given = true;
    arm.stroke = {front + glm::vec3(0.08f * side, 0.05f, -0.05f), front + glm::vec3(0.2f * side, 0.0f, 0.05f),
                  front + glm::vec3(0.25f * side, -0.15f, 0.0f), front + glm::vec3(0.27f * side, -0.2f, 0.08f)};
    out.parts.push_back(arm);
  }
  return out;
}

void BM_EditorPreviewRebuild12Parts(benchmark::State& state) {
  const cf::Creature c = twelve_parts();
  cf::EditorPreview preview;
  preview.rebuild(c);
  if (c.parts.size() != 12 || !preview.has_skin) {
    state.SkipWithError("the 12-part creature does not build");
    return;
  }
  for (auto _ : state) {
    preview.rebuild(c);
    benchmark::DoNotOptimize(preview.skin.mesh.positions_ms.data());
  }
  state.counters["parts"] = static_cast<double>(c.parts.size());
  state.counters["vertices"] = preview.skin.mesh.vertex_count();
  state.counters["bones"] = preview.rig.skeleton.size();
}
BENCHMARK(BM_EditorPreviewRebuild12Parts)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->UseRealTime();

// The same creature painted: a full rebuild (the page included) and a paint change alone (the page).
cf::Creature painted_twelve_parts() {
  cf::Creature c = twelve_parts();
  c.painted = true;
  for (std::size_t i = 0; i < c.parts.size(); ++i) {
    c.parts[i].paint.base = cf::palette_colour(static_cast<int>(i));
    c.parts[i].paint.second = cf::suggest_second(c.parts[i].paint.base, 0);
    c.parts[i].paint.pattern = static_cast<cf::PaintPattern>(1 + i % 4);  // stripes, spots, belly, bands
  }
  return c;
}

void BM_EditorPreviewRebuildPainted12Parts(benchmark::State& state) {
  const cf::Creature c = painted_twelve_parts();
  cf::EditorPreview preview;
  preview.rebuild(c);
  if (!preview.painted) {
    state.SkipWithError("the painted creature does not build");
    return;
  }
  for (auto _ : state) {
    preview.rebuild(c);
    benchmark::DoNotOptimize(preview.page.texels.data());
  }
  state.counters["clut"] = static_cast<double>(preview.page.clut.size());
}
BENCHMARK(BM_EditorPreviewRebuildPainted12Parts)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->UseRealTime();

void BM_EditorPreviewRepaint12Parts(benchmark::State& state) {
  cf::Creature c = painted_twelve_parts();
  cf::EditorPreview preview;
  preview.rebuild(c);
  int k = 0;
  for (auto _ : state) {
    c.parts[0].paint.base = cf::palette_colour(++k);  // a paint stroke
    preview.repaint(c);
    benchmark::DoNotOptimize(preview.page.texels.data());
  }
}
BENCHMARK(BM_EditorPreviewRepaint12Parts)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->UseRealTime();

}  // namespace
