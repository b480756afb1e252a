#pragma once
// Skinned glTF files made elsewhere, posed by our own skinning: the file is read with tinygltf, its
// node hierarchy and animation channels sampled (LINEAR, STEP, CUBICSPLINE as the spec defines them),
// and every skinned primitive skinned by the engine's SkinMatricesJob + BlendSkinningJob
// (skin/skinning.h). This is the outside check of our skinning against other players (three.js).
// Rotation keys are used as stored, not renormalized, as three.js does: the spec asks for unit
// quaternions, but files written with few decimals (SimpleSkin's 0.707) are off by 2e-4, which moves
// a vertex a metre from its joint by 0.2 mm.
#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>
#include <string>
#include <vector>

#include "core/result.h"
#include "skin/skinning.h"

namespace cf {

struct GltfChannel {
  int node = -1;
  int path = 0;               // 0 translation, 1 rotation, 2 scale
  int interpolation = 0;      // 0 LINEAR, 1 STEP, 2 CUBICSPLINE
  std::vector<float> times;   // seconds, increasing
  std::vector<float> values;  // components per key (x3 with tangents for CUBICSPLINE), rotation xyzw
};

struct GltfSkinnedPrimitive {
  int node = -1;                     // the node holding the mesh and skin
  std::vector<int> joints;           // skin joint i -> node index
  std::vector<glm::mat4> inv_bind;   // per skin joint
  std::vector<glm::vec3> positions;  // bind positions, the mesh's space
  FixedInfluences influences;        // JOINTS_0/WEIGHTS_0, each vertex's weights summing to 1
};

struct SkinnedGltf {
  std::vector<int> parents;            // per node, -1 for roots
  std::vector<glm::mat4> rest_matrix;  // per node, when has_matrix
  std::vector<char> has_matrix;
  std::vector<glm::vec3> rest_translation, rest_scale;
  std::vector<glm::quat> rest_rotation;
  std::vector<std::string> animation_names;
  std::vector<std::vector<GltfChannel>> animations;
  std::vector<GltfSkinnedPrimitive> primitives;
  float size_m = 0.0f;  // diagonal of the bind positions' bounding box
};

// Loads a .gltf or .glb. Errors name the file and the element (sparse accessors are not supported).
Result<SkinnedGltf> load_skinned_gltf(const std::string& path);

// World matrix of every node with animation 'animation' sampled at time_s (-1: the rest pose).
void pose_gltf_nodes(const SkinnedGltf& g, int animation, double time_s, std::vector<glm::mat4>* world);

// Skinned world-space positions of one primitive for posed nodes. False on a size mismatch.
bool skin_gltf_primitive(const SkinnedGltf& g, int primitive, const std::vector<glm::mat4>& world,
                         std::vector<glm::vec3>* out);

}  // namespace cf
