#pragma once
// Sit and the emotes (greet, roar, dance), fitted to one rig. Each is a clip of the reference body
// (assets/motions/sit.json, greet.json, roar.json, dance.json) played through the walk's retarget
// stages over a standing walker, every foot planted where the walker planted it, and eased in and
// out by the motion's weight (weight 0 is exactly the walker's stand pose, so nothing pops). Each
// picks its variant from the body, as Spore's branch predicates did:
//  - sit: the body lowers (legs fold the way their knees bend, hands rest on the thighs); without
//    legs the torso slumps forward and the head droops.
//  - greet: waves an arm; lifts a foreleg (4+ legs, no arms); else nods and wags the tail.
//  - roar: rears the torso and raises the head; a creature without a head rears its front.
//  - dance: bobs on the beat, swaying and turning, the arms swinging.
// How far a body lowers or rears is limited so its flesh stays above the ground.
#include <cstdint>

#include "core/result.h"
#include "motion/motion_clip.h"
#include "retarget/retarget.h"
#include "retarget/walker.h"

namespace cf {

enum class EmoteKind : std::uint8_t { kSit, kGreet, kRoar, kDance };
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
};
const char* to_string(EmoteKind k);     // "sit", "greet", "roar", "dance"
const char* to_string(EmoteVariant v);  // "lower_body", "wave_arm", ...
// The clip file of a kind, in the motions folder ("sit.json").
const char* emote_clip_file(EmoteKind k);
// The variant a body plays.
EmoteVariant choose_emote_variant(EmoteKind k, const Rig& rig);

struct EmoteMotion {
  EmoteKind kind = EmoteKind::kSit;
  EmoteVariant variant = EmoteVariant::kNone;
  MotionClip clip;
  RetargetSetup setup;       // the clip's setup with the walk's stance (legless: none)
  bool legless = false;
  float weight = 1.0f;       // share of the clip's motion the body can take with its flesh above ground
  int ticks = 0;             // an emote's length in ticks (sit: 0, held until asked to stand)
  int lift_leg = -1;         // kLiftForeleg: the rig limb lifted
  std::uint32_t clip_id = 0; // fingerprint of the clip
};

// Fits kind's clip to a rig; walk is the rig's walk setup (null for a legless rig).
Result<EmoteMotion> prepare_emote(EmoteKind kind, const Rig& rig, const MotionClip& clip, const RetargetSetup* walk);

// The clip time of motion tick k (sit: the lowered pose's loop after its first second).
double emote_clip_time(const EmoteMotion& em, int tick);

// Ticks a motion eases in (from the stand) and out over: sit 40, the emotes 12.
int emote_ease_ticks(EmoteKind k);

// The clip time a lifted foreleg is highest and furthest forward (kLiftForeleg).
double foreleg_lift_peak_s(const EmoteMotion& em);
// The motion's share after 'ease' ticks of easing (0 .. emote_ease_ticks): a smoothstep.
float emote_ease_weight(EmoteKind k, int ease);
// The share at tick k of a motion played through from the stand, as the game plays it when nothing
// interrupts: eased in, and a one-shot eased out over its last ticks (sit holds).
float emote_play_weight(const EmoteMotion& em, int tick);

// Turns the tail's bones about the tail's root by yaw_deg to the body's left (model space), before
// retarget_solve places them in the world. Nothing without a tail.
void turn_tail(const Rig& rig, float yaw_deg, CreaturePose* out);

// A lowered body can push a knee bent out sideways (a long leg under a low hip) into the ground. Such a
// knee turns about its hip->ankle line, the nearest way up, until its flesh is 5 mm above the ground
// (world y = 0), never further than 89 degrees round from its pole (so it never bends backwards); foot
// and hip stay. A knee already clear is left as it is, bit for bit. After retarget_solve.
void lift_knees(const Rig& rig, CreaturePose* pose);

// Poses the motion at clip time t and weight w (0: the stand, 1: the motion) into *out. With legs,
// over a standing walker (every foot planted where it planted it, a lifted foreleg excepted);
// legless, out must already hold the creature's bind pose placed in the world (its placement is
// kept). lift_reach scales how far forward a lifted foreleg reaches (1: as authored, 0: straight up,
// below 0: drawn back), so a creature at a fence or a wall greets without putting its foot in it.
// Never allocates; false on invalid input.
bool pose_emote(const EmoteMotion& em, const Rig& rig, const WalkerState* walker, double time_s, float w,
                CreaturePose* out, float lift_reach = 1.0f);

}  // namespace cf
