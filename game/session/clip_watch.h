#pragma once
// The game's clip watch: once per tick, after posing, the engine's clip detector checks every
// creature's pose (from the runtime: nothing is posed again) against the level. It keeps this
// tick's events and the session's first clip (shown on the HUD, the trigger for an auto-saved
// playtest replay). Preallocated: checking never allocates, except the first time a bigger rig
// is seen.
#include <cstdint>
#include <string>
#include <vector>

#include "core/json_util.h"
#include "game/play/sim.h"
#include "world/clip_detect.h"

namespace cf {

class WorldRuntime;
struct Skeleton;

class ClipWatch {
 public:
  static constexpr int kTickCapacity = 256;  // events kept per tick; more are counted as dropped

  ClipWatch();
  void set_min_depth(float metres) { min_depth_m_ = metres; }  // 0: the detector's default (1 cm)

  // Checks every creature of 's' as posed in 'runtime'; this tick's events replace the last ones.
  void check(const SimState& s, const SimContext& ctx, const WorldRuntime& runtime);
  // Forgets the first clip when it happened after 'tick' (a resumed rewind cut it out of history).
  void forget_after(std::uint64_t tick);
  void reset();

  const ClipEvent* events() const { return tick_.data(); }
  int count() const { return count_; }          // this tick's events
  int dropped() const { return dropped_; }      // this tick's events that did not fit
  std::uint64_t total() const { return total_; }  // events seen since the session began
  bool has_first() const { return has_first_; }
  const ClipEvent& first() const { return first_; }

 private:
  std::vector<ClipEvent> tick_;
  std::vector<std::uint8_t> contact_;  // per bone scratch: hand contacts of the vault being played
  int count_ = 0, dropped_ = 0;
  std::uint64_t total_ = 0;
  bool has_first_ = false;
  ClipEvent first_;
  float min_depth_m_ = 0.0f;
};

// One event as JSON: tick, creature, bone (index and name when the skeleton is given), obstacle
// kind and index (and pipe), depth in metres, world point.
Json clip_event_json(const ClipEvent& e, const Skeleton* skeleton);
// "Clip at tick 123: leg_l0_foot 3.1 cm into wall 2": the HUD's line.
std::string clip_event_line(const ClipEvent& e, const Skeleton* skeleton);

}  // namespace cf
