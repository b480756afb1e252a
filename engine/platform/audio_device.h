#pragma once
// SDL's audio device: 44.1 kHz stereo float, pulled by SDL's audio thread through a plain callback
// (the mixer's render). Failing to open is not fatal: the game then runs silently.
#include <string>

#include "core/result.h"

namespace cf {

// Fills 'frames' interleaved stereo frames into out; runs on SDL's audio thread.
using AudioFill = void (*)(void* user, float* out, int frames);

struct AudioDeviceDesc {
  int sample_rate = 44100;
  int buffer_frames = 512;  // SDL's buffer: the latency from a sound's start to the speaker, about
};

class AudioDevice {
 public:
  AudioDevice() = default;
  ~AudioDevice();
  AudioDevice(const AudioDevice&) = delete;
  AudioDevice& operator=(const AudioDevice&) = delete;

  // Opens the default output and starts it pulling from fill(user, ...). An error says why
  // (no audio driver, no device).
  Status open(const AudioDeviceDesc& desc, AudioFill fill, void* user);
  void close();
  bool is_open() const { return device_ != 0; }
  int sample_rate() const { return rate_; }
  int buffer_frames() const { return buffer_frames_; }  // as SDL obtained it
  std::string driver() const;

 private:
  static void callback(void* self, unsigned char* stream, int len);
  unsigned device_ = 0;
  bool subsystem_ = false;
  int rate_ = 0, buffer_frames_ = 0;
  AudioFill fill_ = nullptr;
  void* user_ = nullptr;
};

}  // namespace cf
