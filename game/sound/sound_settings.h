#pragma once
// What the player sets about sound and rumble (the command line now, the options menu later).
namespace cf {

struct SoundSettings {
  float master = 1.0f;      // 0..1, every sound
  float effects = 1.0f;     // 0..1, the world: footsteps, landings
  float interface_ = 1.0f;  // 0..1, menus and the editor
  float rumble = 1.0f;      // 0..1 strength of the pad's rumble; 0 = off (nothing is sent)
};

}  // namespace cf
