#pragma once
// Locomotion: the action a creature is in whenever no one-shot is. Walkers walk (the walker's gait,
// turned and paced by the command's stick; pulled back, it turns round on the spot), creatures without
// legs slide; both slide along walls and stop at fences and the movable regions' edge. Its state is the creature's walker and blocked_ticks (typed in
// CreatureState, since every one-shot hands over from and back to it).
#include <cmath>
#include <cstdint>
#include <string>

#include "game/play/action.h"

namespace cf {

// A stick past this asks to move: a one-shot motion (a clip, a jump's landing) ends into the walk.
constexpr float kStickMoves = 0.25f;
inline bool stick_moves(const CreatureCommand& c) { return std::fabs(c.move_x) > kStickMoves || c.move_y > kStickMoves; }

class LocomotionAction final : public Action {
 public:
  struct State {};  // the walker lives in CreatureState

  const char* name() const override { return "locomotion"; }
  void init(CreatureState&) const override {}
  void step(const ActionCall& call) const override;
  bool pose(const PoseCall& call) const override;
  void sounds(const SoundCall& call, SoundEvents* out) const override;
  void hash(const CreatureState& c, StateHasher* h) const override;
  void describe(const CreatureState& c, Json* j) const override;
  void debug_rows(const DebugRowsCall& call, std::vector<DebugRow>* rows) const override;
  const char* title() const override { return "Walker"; }
  std::string hud_text(int code, const CreatureState& c, const PreparedAction& prepared) const override;
};

// HUD message codes: the player held against the edge of the ground one may walk on.
enum LocomotionMessage : int { kAtTheEdge = 0 };
constexpr std::uint32_t kEdgeSayTicks = 20;  // held there this long (a press, not a brush), the HUD says so

// Keeps a walker's step clear of walls, fences, pipes and the movable regions' edge: *p (the walker's
// new position) is pushed clear at its new heading, or, turning on the spot where the turn would sweep
// the body into something, the turn is undone (the walker's heading set back, its turn stopped). True when touched.
// For the player's body ('player') the whole footprint stays inside the regions' edge rail, else only the centre.
bool collide_walker(const Level& level, const Species& species, float heading_before, const glm::vec3& root_before,
                    WalkerState* walker, glm::vec3* p, bool player = false);

// A walker placed beside a wall (spawned, added to a herd) stands its feet clear of it: every planted
// foot, its toe along the heading included, is moved out of walls, their low pipes and fences by its
// flesh and a margin. Feet already clear stay where they are.
void stand_feet_clear(const Level& level, const Rig& rig, WalkerState* walker);
constexpr float kTurnOnTheSpot_mps = 0.05f;  // slower than this a walker turns on the spot
// A swinging foot lands clear of walls, their low pipes and fences ('turning': on the spot, its foot may
// point any way; 'held': pressed against something, it never swings across a fence). Planted feet stay.
void keep_landings_clear(const Level& level, const Rig& rig, WalkerState* walker, bool turning, bool held);

// A creature that cannot walk (or whose pose failed): its bind pose with its cog's ground point at its root.
void pose_bind_at_root(const CreatureState& c, const Rig& rig, CreaturePose* pose);

}  // namespace cf
