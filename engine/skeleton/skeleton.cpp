#include "skeleton/skeleton.h"

namespace cf {

const char* to_string(BoneClass c) {
  switch (c) {
    case BoneClass::kCog: return "cog";
    case BoneClass::kTorso: return "torso";
    case BoneClass::kLeg: return "leg";
    case BoneClass::kArm: return "arm";
    case BoneClass::kHead: return "head";
    case BoneClass::kTail: return "tail";
  }
  return "cog";
}

int Skeleton::find(const std::string& name) const {
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return static_cast<int>(i);
  return -1;
}

}  // namespace cf
