#pragma once
// glTF 2.0 export of a creature: its flesh (positions, normals, UVs, the skin texture as an embedded
// PNG), its skin (joints in the rig's depth-first order with their names, inverse bind matrices,
// JOINTS_0/WEIGHTS_0 with at most four influences per vertex, the weights the game skins with, which
// sum to exactly 1), and every motion posed as the game poses it (export_poses.h), one named
// animation each, as per-joint translation/rotation keys a tick apart, reduced while every bone
// stays within max_error_m.
// One call writes a .glb (binary glTF) atomically; the editor's "Export" and `creature-lab export`
// both call export_glb().
#include <string>
#include <vector>

#include "core/result.h"
#include "creature/creature.h"
#include "gltf/export_poses.h"
#include "skeleton/skeleton.h"
#include "skin/skinned_creature.h"

namespace cf {

// Zero means default (sokol style).
struct ExportOptions {
  std::vector<std::string>
      motions;               // names from exportable_motions(); empty: every one the creature can play
  float max_error_m = 0.0f;  // key reduction bound per bone, metres; 0 means 0.001 (1 mm)
  std::string assets_dir;    // holds motions/<name>.json and textures/creature_skin.png;
                             // empty means default_export_assets_dir()
  std::string motions_dir;   // a folder of library motions searched before the assets' (--motions DIR)
  SkinOptions skin;          // flesh and weights, as the game builds them by default
  float resolved_max_error() const { return max_error_m == 0.0f ? 0.001f : max_error_m; }
};

struct ExportedMotion {
  std::string name;
  int ticks = 0;        // poses sampled (one a tick, both ends)
  double duration_s = 0.0;  // (ticks - 1) ticks
  bool loop = false;        // the last pose is the first one, a cycle later
  int keys_before = 0;  // translation + rotation keys over all joints, before reduction
  int keys_after = 0;
  float max_error_m = 0.0f;  // worst bone probe distance from the exact pose, metres
};

struct ExportReport {
  int vertices = 0;
  int triangles = 0;
  int joints = 0;
  std::size_t bytes = 0;  // size of the .glb
  std::vector<ExportedMotion> motions;
  std::vector<std::string> skipped;  // default motions the creature cannot play, with the reason
};

// What an export is made from: the rig, the skinned flesh and the posed motions.
struct ExportSource {
  std::string name;
  Rig rig;
  SkinnedCreature flesh;
  std::vector<glm::mat4> bind_ms;  // per bone bind frame
  std::vector<PosedMotion> motions;
};

// Builds the rig, flesh and motions. Explicitly requested motions that cannot be played are errors;
// default ones are skipped (listed in *skipped). Errors name the creature part or motion file.
Result<ExportSource> prepare_export(const Creature& creature, const ExportOptions& options,
                                    std::vector<std::string>* skipped);

// The .glb bytes of a prepared export; png is the skin texture file's content (may be empty: no texture).
Result<std::string> build_glb(const ExportSource& source, const std::string& png,
                              const ExportOptions& options, ExportReport* report);

// Validates, builds and writes out_path atomically. Errors name the file and the problem.
Result<ExportReport> export_glb(const Creature& creature, const ExportOptions& options,
                                const std::string& out_path);

// Where the editor saves an export: beside the creature file, ".json" replaced by ".glb".
std::string export_path_beside(const std::string& creature_path);

// ./assets when it has the motions, else the source tree's assets directory.
std::string default_export_assets_dir();

}  // namespace cf
