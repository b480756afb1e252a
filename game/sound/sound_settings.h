#pragma once
// What the player sets about sound and rumble: in the options menu, scaled by the command line's
// --volume, --mute and --rumble.
namespace cf {

struct SoundSettings {
  float master = 1.0f;      // 0..1, every sound
  float effects = 1.0f;     // 0..1, the world: footsteps, landings
  float interface_ = 1.0f;  // 0..1, menus and the editor
  float rumble = 1.0f;      // 0..1 strength of the pad's rumble; 0 = off (nothing is sent)
  float music = 1.0f;       // 0..1, the songs (the ambience beds follow effects)
};

// The options' levels scaled by the command line's, level by level.
inline SoundSettings scaled(const SoundSettings& options, const SoundSettings& command_line) {
  return SoundSettings{options.master * command_line.master, options.effects * command_line.effects,
                       options.interface_ * command_line.interface_, options.rumble * command_line.rumble,
                       options.music * command_line.music};
}

}  // namespace cf
