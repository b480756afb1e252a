#include "motion/motion_pose.h"

namespace cf {

const char* to_string(MotionPart p) {
  switch (p) {
    case MotionPart::kWaist: return "waist";
    case MotionPart::kChest: return "chest";
    case MotionPart::kHead: return "head";
    case MotionPart::kLeftArm: return "left_arm";
    case MotionPart::kRightArm: return "right_arm";
    case MotionPart::kLeftLeg: return "left_leg";
    case MotionPart::kRightLeg: return "right_leg";
    case MotionPart::kCount: break;
  }
  return "?";
}

MotionPart counterpart(MotionPart p) {
  switch (p) {
    case MotionPart::kLeftArm: return MotionPart::kRightArm;
    case MotionPart::kRightArm: return MotionPart::kLeftArm;
    case MotionPart::kLeftLeg: return MotionPart::kRightLeg;
    case MotionPart::kRightLeg: return MotionPart::kLeftLeg;
    default: return p;
  }
}

}  // namespace cf
