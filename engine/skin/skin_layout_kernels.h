#pragma once
// The vertex loops behind LayoutSkinningJob (engine/skin internal). Inputs are already validated.
#include "skin/skin_layout.h"

namespace cf {

struct LayoutKernelArgs {
  const SkinLayout* layout = nullptr;
  const Mat3x4* skin = nullptr;     // per bone skinning matrices, at least layout->bone_count
  glm::vec3* out_p = nullptr;       // layout->vertex_count
  glm::vec3* out_n = nullptr;       // layout->vertex_count, or null for positions only
  int run_begin = 0, run_end = 0;   // runs [run_begin, run_end)
};

void run_layout_kernel(const LayoutKernelArgs& args, SkinKernel kernel);

}  // namespace cf
