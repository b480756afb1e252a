#pragma once
// The clip detector: finds where a posed creature's flesh (each bone as a capsule with its flesh
// radius) goes into the level -- walls, their pipes, fences, the ground -- deeper than a threshold.
// Each such bone/obstacle pair is a ClipEvent: plain data a playtester's replay reproduces tick for
// tick. Headless and deterministic; the job never allocates (events go into a caller's buffer).
#include <cstdint>

#include <glm/glm.hpp>

#include "world/level.h"

namespace cf {

enum class ObstacleKind : std::uint8_t { kGround = 0, kWall, kPipe, kFence };
const char* to_string(ObstacleKind o);  // "ground", "wall", "pipe", "fence"

constexpr float kClipDefaultDepthM = 0.01f;  // 1 cm: shallower contact is not a clip

struct ClipEvent {
  std::uint64_t tick = 0;       // the state's tick (after the tick that posed it)
  std::int32_t creature = 0;    // index in the world (0: the player)
  std::int32_t bone = -1;       // skeleton bone index
  ObstacleKind obstacle = ObstacleKind::kGround;
  std::int32_t index = -1;      // wall or fence index (-1 for the ground)
  std::int32_t pipe = -1;       // pipe index within the wall (kPipe only)
  float depth_m = 0.0f;         // how deep the flesh goes in, metres (> the threshold)
  glm::vec3 point_ws{0.0f};     // deepest flesh point, world space
};

// Where the job writes: count grows up to capacity; what does not fit is counted in dropped.
struct ClipEventBuffer {
  ClipEvent* events = nullptr;
  int capacity = 0;
  int count = 0;
  int dropped = 0;
};

// Checks one posed creature against the level. Job style: non-owning inputs; validate() lists
// every failure case; run() validates first, never allocates, appends events to *out.
struct ClipDetectJob {
  const Level* level = nullptr;
  const glm::vec3* head_ws = nullptr;  // per bone: start of the bone, world space
  const glm::vec3* tail_ws = nullptr;  // per bone: end of the bone, world space
  const float* radius_m = nullptr;     // per bone: flesh radius, metres, >= 0
  int bones = 0;                       // >= 0
  // Per bone (may be null): 1 when the bone is a hand planted on contact_fence by the vault being
  // played; such a bone touching that fence is the vault's contact, not a clip.
  const std::uint8_t* contact = nullptr;
  int contact_fence = -1;
  float min_depth_m = 0.0f;            // 0 -> kClipDefaultDepthM
  bool ground = true;                  // also check flesh below the ground plane
  std::uint64_t tick = 0;              // copied into the events
  int creature = 0;
  ClipEventBuffer* out = nullptr;

  bool validate() const;
  bool run() const;
};

}  // namespace cf
