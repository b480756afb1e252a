#pragma once
// A creature's eyes as they look this frame: when they blink (a schedule derived from the creature,
// never a random device) and where the pupils sit (from where its head points). Look only: derived
// from state each frame, never stored in it, so no state hash sees them.
#include <cstdint>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "creature/creature.h"

namespace cf {

// A blink lasts 6 to 9 ticks at 60 Hz (100-150 ms): the lids close over its first half, open over its second.
constexpr int kBlinkMinTicks = 6;
constexpr int kBlinkMaxTicks = 9;
// Pupils move at most this far from the eye's centre, in eye radii (they stay inside the white).
constexpr float kMaxPupilOffset = 0.45f;

// A number that is the creature's: from its parts' strokes, tags and paint (same creature, same seed).
std::uint32_t eye_seed(const Creature& c);
// The same for one creature of a world: its species' seed and its slot, so a herd never blinks in step.
std::uint32_t eye_seed(std::uint32_t species_seed, int slot);

// How far the lids are closed at 'tick': 0 open, 1 shut. Every creature blinks every 1.5 to 6 s, at
// a rhythm of its own (a period of 2-5 s, a blink somewhere in its first quarter), now and then twice.
float blink_closure(std::uint32_t seed, std::uint64_t tick);
// The first tick >= from at which a blink starts (for tests and tools that want a closed eye).
std::uint64_t next_blink(std::uint32_t seed, std::uint64_t from);

struct EyeLook {
  float yaw = 0.0f;    // -1..1: towards the creature's left (+) or right (-)
  float pitch = 0.0f;  // -1..1: up (+) or down (-)
  float closure = 0.0f;  // blink_closure
};

// Where the look puts a pupil: (forward, up) from the eye's centre in eye radii, each bounded by
// kMaxPupilOffset. side: +1 an eye on the creature's left flank, -1 its right, 0 the one on top (its
// "up" is then towards the creature's left). A straight look is slightly forward, as eyes look ahead.
glm::vec2 pupil_offset(const EyeLook& look, float side);

// The look of a head turned by 'rotation_ms' (a bone's model-space rotation from its bind frame, the
// model facing +z with +x on its left) while turning at turn_rate_rps (positive: left): the pupils go
// further the same way, and into the turn when walking.
EyeLook look_from_head(const glm::quat& rotation_ms, float turn_rate_rps);

}  // namespace cf
