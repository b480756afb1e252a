#pragma once
// What a motion file says about itself ("critterforge.motion/2"'s "description"): how the game plays
// it, which variant a body plays (chosen by predicates on the body, as Spore's branch predicates
// were), its sound cues, the HUD's word, when a herd creature may choose it and where a player finds
// it. The library (motion_library.h) is the one list of motions: bindings, menus, the herd, tools,
// export and the test grids read these descriptions, never a list of names in code.
#include <string>
#include <vector>

#include "core/json_util.h"
#include "core/result.h"

namespace cf {

enum class MotionKind : unsigned char {
  kGait,      // locomotion: walked by the walker (walk, run)
  kOneShot,   // played once, then back to the stand (greet, roar, dance)
  kHeldLoop,  // plays into a loop held until the stick moves (sit)
  kHeldPose,  // eases into its last frame and holds it until the stick moves
  kPlanned,   // played by code that plans or steers it (vault, jump); its action names it
  kLayer,     // a layer over the stand, never asked for (idle)
};
const char* to_string(MotionKind k);  // "gait", "one_shot", "held_loop", "held_pose", "planned", "layer"

// Which bodies a variant fits: every bound given must hold (-1 / unset: any).
struct BodyPredicate {
  int min_legs = -1, max_legs = -1, min_arms = -1, max_arms = -1;
  int head = -1, tail = -1;  // -1 any, 0 must not have one, 1 must have one
  bool fits(int legs, int arms, bool has_head, bool has_tail) const;
};

// One way of playing the motion, for the bodies its predicate fits. 'style' names how the engine
// shapes it beyond the clip (retarget/emote.h: as_authored, lower_body, lift_foreleg, nod_wag, ...).
struct MotionVariant {
  BodyPredicate when;
  std::string style;
  std::string words;       // what the HUD says the body does ("waves an arm")
  std::string tail_words;  // the same for a body with a tail (empty: words)
};

// A sound the motion makes at a moment of its clip (a greeting's chirp as the hand comes up).
struct SoundCue {
  double at_s = 0.0;
  std::string sound;       // a placed sound kind's name ("greet_voice")
  float loudness = 1.0f;   // 0..1, before the body's size scales it
};

struct MotionDescription {
  bool given = false;          // the file carried a description (/2); else the defaults below from the clip
  MotionKind kind = MotionKind::kOneShot;
  std::string hud;             // the word the HUD and menus show ("Greet"); empty: the name
  std::string source;          // the capture set it was imported from ("Fox"): the menu's group; empty: made here
  int order = 1000;            // place in menus and in the state hash's order (then the name)
  std::string dpad;            // a d-pad favourite: "up", "down", "left", "right" (empty: the menu only)
  std::string button;          // a face button the motion's action answers ("a", "x"; planned motions)
  bool menu = true;            // listed in the motion menu
  int ease_ticks = 12;         // eased in from the stand and out back to it over this many ticks
  double hold_from_s = 0.0;    // kHeldLoop: the held loop's start and length, seconds of the clip
  double hold_s = 0.0;
  // A motion danced to the music: its beats come every beat_s of the clip, the first at first_beat_s;
  // the game starts it far enough in that they fall on the world's beats (game/play/beat.h). 0: untimed.
  double beat_s = 0.0, first_beat_s = 0.0;
  std::vector<MotionVariant> variants;  // the first that fits a body is played; none: it cannot
  std::vector<SoundCue> cues;
  std::vector<std::string> herd;        // moods in which a herd creature may choose it ("calm", "near_player")
  std::string hint;                     // the control hint's words ("sit", "vault")
};

// Parses a "description" object; errors name the file and the field.
Result<MotionDescription> parse_motion_description(const Json& j, const std::string& file);
Json description_to_json(const MotionDescription& d);
// The words a variant's style shows when the file gives none.
const char* default_style_words(const std::string& style);
// The dpad names: "up", "down", "left", "right".
bool is_dpad_name(const std::string& s);

}  // namespace cf
