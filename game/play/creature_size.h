#pragma once
// How big a creature sounds: its legs' length and its body's volume, from the rig. What pitches and
// weighs its footsteps, landings and voices (a big quadruped thuds, a small biped taps).
#include "skeleton/skeleton.h"

namespace cf {

struct CreatureSize {
  float leg_m = 0.0f;      // mean leg length (thigh + shin), metres; 0 when legless
  float volume_m3 = 0.0f;  // flesh volume: every bone as a cylinder of its radius, cubic metres
  float neck_m = 0.0f;     // the head chain's length, metres; 0 without a head
  // Playback rate of its body sounds: 1 for a 0.45 m leg, higher for shorter legs (0.55..1.8).
  float pitch() const;
  // Weight of its sounds and rumbles: 1 for the default biped's volume (0.25..2.5).
  float weight() const;
  // Playback rate of its voice: lower for a bigger body and a longer neck (a long throat), so two
  // creatures' roars differ (0.4..2.5).
  float voice_pitch() const;
};
CreatureSize creature_size(const Rig& rig);

}  // namespace cf
