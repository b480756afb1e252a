#pragma once
// Knee turns: a knee or elbow that would enter the vaulted fence (or a near wall) turns about its
// limb's hip->ankle (shoulder->wrist) line, so the foot or hand stays where the clip put it. The planner
// finds the turns tick by tick (TurnTrack), eases them (smooth_turns) and the pose job replays them.
// Turn angles are radians about the root->tip line; 0 is the knee where the IK put it.
#include <array>
#include <cmath>
#include <vector>

#include <glm/glm.hpp>

#include "retarget/retarget.h"
#include "skeleton/skeleton.h"
#include "world/level.h"

namespace cf {

constexpr float kKneeFlip_rad = 0.35f;    // a knee the IK swings this far round in one tick is held back
constexpr int kKneeFlipEaseTicks = 20;    // ... and eased back to where the IK puts it over this many ticks
constexpr float kTurnPerTick_rad = 0.15f;  // how fast a settled knee turn may change
constexpr int kTurnSmoothTicks = 8;       // half width of the window the planned turns are eased over

// One limb's knee (or elbow) turned about its root->tip line: how far keeps both of its bones out of the
// vaulted fence and clear of the walls within reach. Model space is that of 'model_to_world'; the
// objects are world space. Holds references: every argument must outlive it.
class LimbTurn {
 public:
  static constexpr int kStepsPerHalfTurn = 48;  // samples of the search, each refined by bisection

  LimbTurn(const Rig& rig, int limb, const Box& fence, const Level& level, const glm::mat4& model_to_world,
           const CreaturePose& pose);
  // False when the limb cannot turn: its root and tip coincide or the knee lies on their line.
  bool valid() const { return valid_; }
  glm::vec3 centre() const { return centre_ms_; }  // the centre of the knee's circle about the root->tip line
  // The turn that takes the knee towards 'bend_ms' (a direction, projected across the root->tip line).
  float angle_to(const glm::vec3& bend_ms) const {
    return std::atan2(glm::dot(bend_ms, sideways_), glm::dot(bend_ms, outwards_));
  }
  // Where the knee is after turning by 'turn_rad', model space.
  glm::vec3 joint(float turn_rad) const {
    return centre_ms_ + circle_radius_m_ * (std::cos(turn_rad) * outwards_ + std::sin(turn_rad) * sideways_);
  }
  // How deep the two bones go into the fence or a near wall (with the contact gap) at a turn, metres.
  float depth(float turn_rad) const;
  // depth(turn_rad) when it is under 'cap'; otherwise some value >= cap, found without measuring every
  // bone against everything (the depth is a maximum: once a part reaches cap, so does the whole).
  float depth_under(float turn_rad, float cap) const;
  // depth(turn_rad) > 0, stopping at the first bone that touches.
  bool blocked(float turn_rad) const;
  // The clear turn nearest 'from_rad' going towards 'sign' (+1, -1; 0 = either way, nearer first) within
  // half a turn, or NaN when none clears. Never 'from_rad' itself: the first sample is a step away.
  float nearest_clear(float from_rad, float sign) const;
  // When no turn clears: the shallowest of a full turn's samples, the nearest 'from_rad' on ties.
  float shallowest(float from_rad) const;
  // The side (+1 or -1) whose turn moves the knee away from the body's middle (left limbs bend left).
  float outward() const;
  // Writes the limb with its knee turned by 'turn_rad', root, tip and end bone unchanged.
  void apply(float turn_rad, int limb, CreaturePose* pose) const;

 private:
  static constexpr int kMaxNearWalls = 8;
  const Rig& rig_;
  const LimbChain& limb_;
  const Box& fence_;
  const glm::mat4& model_to_world_;
  std::array<const Wall*, kMaxNearWalls> near_walls_{};
  int near_wall_count_ = 0;
  glm::vec3 root_ms_{0.0f}, tip_ms_{0.0f};  // the hip and ankle (shoulder and wrist)
  glm::vec3 centre_ms_{0.0f};               // the knee's foot point on the root->tip line
  glm::vec3 outwards_{1.0f, 0.0f, 0.0f};    // unit: from centre_ms_ to the knee as posed
  glm::vec3 sideways_{0.0f, 0.0f, 1.0f};    // unit: root->tip x outwards_, a quarter turn on
  float circle_radius_m_ = 0.0f;            // the knee's distance from the root->tip line
  float upper_radius_m_ = 0.0f, lower_radius_m_ = 0.0f;  // the two bones' flesh plus the contact gap
  bool valid_ = false;
};

// The planner's pass over the vault in tick order: what it remembers of each knee between ticks and
// what it finds at each tick.
struct TurnTrack {
  struct Knee {
    float flip_rad = 0.0f;    // turn that undid the IK swinging the knee round, eased out from 'since'
    int since = 0;            // ticks since the flip was found
    glm::vec3 held_ws{0.0f};  // the knee last tick before any fence turn, world space
    bool seen = false;
  };
  std::vector<Knee> knees;                 // per limb
  const CreaturePose* previous = nullptr;  // last tick's pose; null on the first tick
  float* hold = nullptr;                   // out, per limb: the turn keeping the knee from flipping
  float* needed = nullptr;                 // out, per limb: the turn (after 'hold') clearing the fence
  // Settling (the second pass, 'hold' then an input): the planned fence turns are followed at a
  // limited rate, never into the fence; 'settled' (per limb) is the whole turn played, 'last' (per
  // limb) the fence's part of it the tick before.
  bool settling = false;
  float* settled = nullptr;
  std::vector<float> last;
};

// Turns the knees and elbows of every limb that enters the fence (see LimbTurn); a foot or hand in the
// fence is first moved onto the fence face that best separates it. With 'planned' (the plan's turn per
// limb, radians) a limb turns by that angle, or to the nearest clear angle when that would touch. In the
// planner's first pass ('track') a knee the IK swings round in one tick is held where it was, then eased
// back, and a touching limb turns the way that keeps its knee nearest where it was last tick, ties going
// outwards; its settling pass follows the eased turns at a limited rate. With neither (while planning
// the lift) the nearest clear turn. Without 'track' nothing is allocated.
void turn_limbs_clear_of_fence(const Rig& rig, const Box& fence, const Level& level, const glm::mat4& model_to_world,
                               const float* planned, TurnTrack* track, CreaturePose* pose);

// The planned turns from the needed ones (both [tick * limbs + limb], radians): each limb's needed turn
// held for kTurnSmoothTicks either side and averaged over the same window, never less than needed, so a
// knee eases round the fence and back instead of snapping. A turn found the other way round (+3.1 after
// -3.1) is taken as the same knee.
std::vector<float> smooth_turns(const std::vector<float>& needed, int ticks, std::size_t limbs);

}  // namespace cf
