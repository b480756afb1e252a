#pragma once
// What a clearance ray or a penetration found.
namespace cf {

enum class HitKind { kNone, kWallBox, kWallPlane, kPipe, kFence, kRegionBoundary };
const char* to_string(HitKind k);  // "none", "wall", "wall_plane", "pipe", "fence", "region_boundary"

}  // namespace cf
