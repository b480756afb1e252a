#include "platform/audio_device.h"

#include <SDL.h>

namespace cf {

AudioDevice::~AudioDevice() { close(); }

void AudioDevice::callback(void* self, unsigned char* stream, int len) {
  auto* d = static_cast<AudioDevice*>(self);
  d->fill_(d->user_, reinterpret_cast<float*>(stream), len / static_cast<int>(2 * sizeof(float)));
}

Status AudioDevice::open(const AudioDeviceDesc& desc, AudioFill fill, void* user) {
  close();
  if (!fill) return Error{"", "audio", "no fill callback"};
  if (!SDL_WasInit(SDL_INIT_AUDIO)) {
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) return Error{"", "audio", std::string("no audio driver: ") + SDL_GetError()};
    subsystem_ = true;
  }
  fill_ = fill;
  user_ = user;
  SDL_AudioSpec want{};
  want.freq = desc.sample_rate;
  want.format = AUDIO_F32SYS;
  want.channels = 2;
  want.samples = static_cast<Uint16>(desc.buffer_frames);
  want.callback = &AudioDevice::callback;
  want.userdata = this;
  SDL_AudioSpec have{};
  // SDL converts rate and format for us when the device differs (no ALLOW_* flags).
  device_ = SDL_OpenAudioDevice(nullptr, 0, &want, &have, 0);
  if (device_ == 0) {
    const std::string why = SDL_GetError();
    close();
    return Error{"", "audio", "no audio device: " + why};
  }
  rate_ = have.freq;
  buffer_frames_ = have.samples;
  SDL_PauseAudioDevice(device_, 0);
  return {};
}

void AudioDevice::close() {
  if (device_ != 0) {
    SDL_CloseAudioDevice(device_);
    device_ = 0;
  }
  if (subsystem_) {
    SDL_QuitSubSystem(SDL_INIT_AUDIO);
    subsystem_ = false;
  }
}

std::string AudioDevice::driver() const {
  const char* d = SDL_GetCurrentAudioDriver();
  return d ? d : "";
}

}  // namespace cf
