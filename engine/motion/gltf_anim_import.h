#pragma once
// Reads a glTF rig (.glb, or .gltf with embedded buffers) and its animations, finds its body plan from
// the joint tree and rest pose (legs, arms or wings, spine, head, tail; left and right from positions,
// names only to break ties), and turns every clip that moves into a library motion
// ("critterforge.motion/2"): the reference point's path with root motion separated, limb ends in clip
// model space, the torso as model-space swings of the spine and head, contacts from foot height and
// speed, keys reduced within a stated error, and a description guessed from the clip.
//
// Hind legs (the rearmost pair) become the clip's legs; a second pair (forelegs) or wings become its
// arms. Every other limb is counted in the body plan but not carried (the retargeter phases the
// target's other legs itself). A legless source (a snake) drives the torso only, and its clips are
// offered to legless bodies only; a legged source's clips need legs.
#include <cstddef>
#include <string>
#include <vector>

#include "core/result.h"
#include "motion/motion_clip.h"

namespace cf {

// What a glTF file may cost: a hostile file is refused with one line within these.
struct GltfImportBudget {
  std::size_t max_file_bytes = 64u << 20;
  std::size_t max_json_memory = 128u << 20;  // json_memory_estimate of the JSON chunk
  int max_nodes = 4096;
  int max_animations = 512;
  int max_channels = 65536;
  double max_clip_s = 600.0;
  double max_samples = 2e7;                  // frames x nodes evaluated per clip
};

// A rig map ("critterforge.rigmap/1", `import --map FILE`): what the joint tree of an odd rig is, by joint
// names, where finding it from the rest pose goes wrong. Each part given replaces what was found: legs and
// arms (or wings) as chains from a top joint down to a leaf, the head's and the tail's end joints. Sides
// and front-to-back order still come from the rest pose.
struct RigMapLimb {
  std::string top, leaf;
};
struct RigMap {
  bool given = false;
  std::vector<RigMapLimb> legs, arms;  // empty: as found
  std::string head, tail;              // end joints; empty: as found
};
constexpr std::size_t kMaxRigMapBytes = 64u << 10;
// Errors name the file, the field and the problem.
Result<RigMap> parse_rig_map(const std::string& text, const std::string& file);

struct GltfImportOptions {
  std::string source = "gltf";  // the set's name: prefix of motion names, first word of HUD words
  double sample_hz = 30.0;      // dense sampling rate of the clips
  double max_error = 0.01;      // key reduction bound as a share of the mean leg reach (height when legless)
  int order = 200;              // description order of every imported motion (after the shipped ones)
  RigMap map;                   // what the rig is by joint names, where the rest pose misleads
  GltfImportBudget budget;
};

// One limb the body plan found (a chain of joints ending in a leaf).
struct FoundLimb {
  std::string kind;        // "leg", "wing" or "arm"
  int side = 0;            // 0 left (+X of the clip), 1 right
  int rank = 0;            // front (0) to back among limbs of its kind and side
  std::string top, knee, contact, leaf;  // joint names
  float length_m = 0.0f;   // bone lengths from top to contact, summed
};

struct GltfBodyPlan {
  int legs = 0, arms = 0;  // arms counts wings and arms
  bool head = false, tail = false;
  int spine_joints = 0;    // joints from the hips to the head's base
  int joints = 0;          // joints in the skin
  std::string hips, chest, head_joint, tail_joint;  // names (empty: none)
  std::vector<FoundLimb> limbs;
  float height_m = 0.0f;   // rest pose, lowest to highest joint
  std::string forward_from;  // how forward was decided: "leaves", "names" or "convention"
};

struct ImportedClip {
  std::string source_name;  // the animation's name in the file (shown, never a path)
  MotionClip clip;          // named, described, validated
  int frames = 0;           // dense frames sampled
  int contacts = 0;         // planted runs over all feet (and planted hands)
  int keys = 0;             // keys written over every channel
  float error_m = 0.0f;     // largest distance of the keyed clip from the dense samples, metres
  float bound_m = 0.0f;     // the reduction's bound, metres
};

struct GltfAnimImport {
  GltfBodyPlan plan;
  int animations = 0;                 // in the file
  std::vector<ImportedClip> clips;    // every clip that moves
  std::vector<std::string> skipped;   // "Rest Pose: holds still", one line each
};

// Imports from the bytes of a .glb or a .gltf (external files are never opened: a path from a file's
// content is never followed). Errors name the file and the problem on one line.
Result<GltfAnimImport> import_gltf_animations(const std::string& bytes, const std::string& file,
                                              const GltfImportOptions& options = {});
// Reads the file within the budget's size, then imports it.
Result<GltfAnimImport> import_gltf_file(const std::string& path, const GltfImportOptions& options = {});

// A motion name from any text: lower case [a-z0-9_], runs of anything else as one '_', at most 48
// characters; "clip" when nothing is left. Safe as a file name stem.
std::string sanitize_motion_name(const std::string& text);

// Fills a clip's description from what it does: kind (one_shot; held_loop for a loop; held_pose when it
// ends lying low), HUD word from 'hud', variants gating it to bodies the source can drive (legs: min 1
// leg; wings flapping: arms too; legless: no legs, shaped by a style the clip suggests), order.
// 'source_arms_are_wings' says the clip's arms came from wings or arms (not forelegs).
void guess_description(MotionClip* clip, const std::string& hud, bool legless_source, bool source_arms_are_wings,
                       int order);

}  // namespace cf
