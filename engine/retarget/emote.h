#pragma once
// A library motion played over the stand (sit, greet, roar, dance and any one-shot, held loop or held
// pose a motion file describes), fitted to one rig: the clip of the reference body played through the
// walk's retarget stages over a standing walker, every foot planted where the walker planted it, and
// eased in and out by the motion's weight (weight 0 is exactly the walker's stand pose, so nothing
// pops). A held loop whose captured feet step (an imported gait held on the spot) steps each leg with
// the clip limb it matches, so a gallop, a trot or a spider's tetrapods keep their footfall on any body
// (LegStep). The body picks its variant by the description's predicates (Spore's branch predicates); the
// variant's style says how the engine shapes what the clip cannot say for that body:
//  - as_authored, lower_body, wave_arm, rear_head, bob_sway: the clip as authored (legless bodies:
//    the style's own shaping below);
//  - lower_torso (legless): the torso slumps forward and the head droops;
//  - lift_foreleg: the front leg lifts and waves (a body with legs and no arms greeting);
//  - nod_wag: the head nods and the tail wags;
//  - rear_head / rear_front (legless): the front rears, the head raised;
//  - bob_sway (legless): the body bobs and sways.
// A legless body playing a capture of a legless source (the snake's) follows the capture's torso instead
// (EmoteMotion::captured_torso).
// How far a body lowers or rears is limited so its flesh stays above the ground.
#include <array>
#include <cstdint>
#include <vector>

#include "core/result.h"
#include "motion/motion_clip.h"
#include "retarget/retarget.h"
#include "retarget/walker.h"

namespace cf {

// A variant's style (the state hash stores the number: append only).
enum class EmoteVariant : std::uint8_t {
  kNone,
  kLowerBody,    // sit with legs
  kLowerTorso,   // sit without legs
  kWaveArm,      // greet
  kLiftForeleg,  // greet: 4+ legs, no arms
  kNodWag,       // greet: neither
  kRearHead,     // roar
  kRearFront,    // roar: no head
  kBobSway,      // dance
  kAsAuthored,   // the clip as authored (legless: the bind pose)
};
const char* to_string(EmoteVariant v);  // "lower_body", "wave_arm", ... ("" for kNone)
// The style named s, kNone when no style has that name.
EmoteVariant emote_style(const std::string& s);
// The index of the description's first variant that fits the rig, -1 when none does (a description
// without variants plays the clip as authored on every body: 0).
int choose_variant(const MotionDescription& d, const Rig& rig);

// A leg that steps on the spot with the capture's footfall while a looping gait plays in place: its
// foot's lift above where the walk planted it, tabulated over the loop from the clip limb it follows.
constexpr int kStepSamples = 64;
struct LegStep {
  int limb = -1;                            // rig limb
  MotionPart part = MotionPart::kLeftLeg;   // the clip limb it follows (a foreleg is an arm channel)
  float shift = 0.0f;                       // cycles added to the clip's time for this leg
  std::array<float, kStepSamples> lift_m{}; // at loop time i / kStepSamples, the rig's metres
};

struct EmoteMotion {
  EmoteVariant variant = EmoteVariant::kNone;
  int variant_index = 0;     // in the description's variants
  bool held = false;         // held until asked to stand (a held loop or pose): ticks is 0
  double hold_from_s = 0.0;  // a held loop's start and length in the clip (a held pose: its last frame)
  double hold_s = 0.0;
  int ease_ticks = 12;
  MotionClip clip;
  RetargetSetup setup;       // the clip's setup with the walk's stance (legless: none)
  bool legless = false;
  float weight = 1.0f;       // share of the clip's motion the body can take with its flesh above ground
  int ticks = 0;             // a one-shot's length in ticks (held: 0)
  int lift_leg = -1;         // kLiftForeleg: the rig limb lifted
  std::uint32_t clip_id = 0; // fingerprint of the clip
  std::vector<LegStep> steps;  // a gait's legs stepping with the capture; empty: every foot stays planted
  double loop_from_s = 0.0;    // the loop the steps are tabulated over
  double loop_s = 0.0;
  // A legless body playing a capture of a legless source (a snake): the capture turns its front half
  // and its head by the clip's chest and head swings from their rest, and the whole body by the waist's
  // turn from its rest (model-space axes, the seed's torso rule), instead of the style's shaping.
  bool captured_torso = false;
  glm::vec3 chest_rest_dir{0.0f, 1.0f, 0.0f};
  glm::vec3 head_rest_dir{0.0f, 1.0f, 0.0f};
  glm::quat waist_rest{1.0f, 0.0f, 0.0f, 0.0f};
};

// The lift of a clip limb's end over a stretch of the clip: its first harmonic's phase (cycles, [0, 1):
// when the foot is highest) and its height range (metres of the clip). What the steps keep of a capture.
struct LiftWave {
  float phase = 0.0f;
  float range_m = 0.0f;
};
LiftWave lift_wave(const MotionClip& clip, MotionPart part, double from_s, double length_s);
// True when the clip's arms are forelegs: its hands plant and its shoulders are within their reach of
// the ground (a quadruped or spider source; a human's or bird's arms are not).
bool arms_are_forelegs(const MotionClip& clip);

// Fits a library clip (its description says how it plays) to a rig; walk is the rig's walk setup
// (null for a legless rig). An error says why this body cannot play it.
Result<EmoteMotion> prepare_emote(const Rig& rig, const MotionClip& clip, const RetargetSetup* walk);

// The clip time of motion tick k (a held loop: its loop after it has been reached).
double emote_clip_time(const EmoteMotion& em, int tick);

// The clip time a lifted foreleg is highest and furthest forward (kLiftForeleg).
double foreleg_lift_peak_s(const EmoteMotion& em);
// The motion's share after 'ease' ticks of easing (0 .. em.ease_ticks): a smoothstep.
float emote_ease_weight(const EmoteMotion& em, int ease);
// The share at tick k of a motion played through from the stand, as the game plays it when nothing
// interrupts: eased in, and a one-shot eased out over its last ticks (sit holds).
float emote_play_weight(const EmoteMotion& em, int tick);

// Turns the tail's bones about the tail's root by yaw_deg to the body's left (model space), before
// retarget_solve places them in the world. Nothing without a tail.
void turn_tail(const Rig& rig, float yaw_deg, CreaturePose* out);
// Turns the head bones rigidly at the head's root: pitch_rad down (up for negative) about the model's
// left, then yaw_rad about its up axis (a look to the side).
void turn_head(const Rig& rig, float yaw_rad, CreaturePose* out, float pitch_rad = 0.0f);

// A lowered body can push a knee bent out sideways (a long leg under a low hip) into the ground. Such a
// knee turns about its hip->ankle line, the nearest way up, until its flesh is 5 mm above the ground
// under it (null: world y = 0), never further than 89 degrees round from its pole (so it never bends
// backwards); foot and hip stay. A knee already clear is left as it is, bit for bit. After retarget_solve.
void lift_knees(const Rig& rig, CreaturePose* pose, const Ground* ground = nullptr);

// Poses the motion at clip time t and weight w (0: the stand, 1: the motion) into *out. With legs,
// over a standing walker (every foot planted where it planted it, a lifted foreleg excepted);
// legless, out must already hold the creature's bind pose placed in the world (its placement is
// kept). lift_reach scales how far forward a lifted foreleg reaches (1: as authored, 0: straight up,
// below 0: drawn back), so a creature at a fence or a wall greets without putting its foot in it.
// Never allocates; false on invalid input.
bool pose_emote(const EmoteMotion& em, const Rig& rig, const WalkerState* walker, double time_s, float w,
                CreaturePose* out, float lift_reach = 1.0f, const Ground* ground = nullptr);

}  // namespace cf
