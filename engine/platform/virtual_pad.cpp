#include "platform/virtual_pad.h"

#include <algorithm>

#include <SDL.h>

#include <string>

namespace cf {
namespace {

struct ButtonMap {
  Button button;
  SDL_GameControllerButton sdl;
};
// A virtual joystick of type GAMECONTROLLER maps button i to SDL_GameControllerButton i.
constexpr ButtonMap kButtons[] = {
    {kButtonA, SDL_CONTROLLER_BUTTON_A},
    {kButtonB, SDL_CONTROLLER_BUTTON_B},
    {kButtonX, SDL_CONTROLLER_BUTTON_X},
    {kButtonY, SDL_CONTROLLER_BUTTON_Y},
    {kButtonSelect, SDL_CONTROLLER_BUTTON_BACK},
    {kButtonStart, SDL_CONTROLLER_BUTTON_START},
    {kButtonLeftStick, SDL_CONTROLLER_BUTTON_LEFTSTICK},
    {kButtonRightStick, SDL_CONTROLLER_BUTTON_RIGHTSTICK},
    {kButtonLeftShoulder, SDL_CONTROLLER_BUTTON_LEFTSHOULDER},
    {kButtonRightShoulder, SDL_CONTROLLER_BUTTON_RIGHTSHOULDER},
    {kButtonDpadUp, SDL_CONTROLLER_BUTTON_DPAD_UP},
    {kButtonDpadDown, SDL_CONTROLLER_BUTTON_DPAD_DOWN},
    {kButtonDpadLeft, SDL_CONTROLLER_BUTTON_DPAD_LEFT},
    {kButtonDpadRight, SDL_CONTROLLER_BUTTON_DPAD_RIGHT},
};

// InputFrame's +y is "stick pushed away"; SDL's is "down".
Sint16 sdl_y(std::int16_t v) { return static_cast<Sint16>(-static_cast<int>(v)); }

}  // namespace

std::int16_t virtual_trigger_axis(std::int16_t t) {
  const int v = 2 * std::max(0, static_cast<int>(t)) - 32768;
  return static_cast<std::int16_t>(std::min(v, 32767));
}

VirtualPad::~VirtualPad() { detach(); }

int VirtualPad::on_rumble(void* self, std::uint16_t low, std::uint16_t high) {
  auto* pad = static_cast<VirtualPad*>(self);
  pad->rumbles_.push_back(Rumble{pad->stamp_, low, high});
  return 0;
}

Status VirtualPad::attach() {
  if (joystick_) return {};
  if (!SDL_WasInit(SDL_INIT_GAMECONTROLLER)) return Error{"", "virtual pad", "SDL game controllers are not initialised"};
  // SDL drops pad input while the window lacks focus; a scripted pad (offscreen, tests) never has it.
  SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1");
  // A pad with rumble motors: SDL calls on_rumble for every SDL_GameControllerRumble sent to it.
  SDL_VirtualJoystickDesc desc;
  SDL_zero(desc);
  desc.version = SDL_VIRTUAL_JOYSTICK_DESC_VERSION;
  desc.type = SDL_JOYSTICK_TYPE_GAMECONTROLLER;
  desc.naxes = SDL_CONTROLLER_AXIS_MAX;
  desc.nbuttons = SDL_CONTROLLER_BUTTON_MAX;
  desc.userdata = this;
  desc.Rumble = &VirtualPad::on_rumble;
  const int index = SDL_JoystickAttachVirtualEx(&desc);
  if (index < 0) return Error{"", "virtual pad", std::string("cannot attach: ") + SDL_GetError()};
  joystick_ = SDL_JoystickOpen(index);
  if (!joystick_) {
    SDL_JoystickDetachVirtual(index);
    return Error{"", "virtual pad", std::string("cannot open: ") + SDL_GetError()};
  }
  device_index_ = index;
  return {};
}

void VirtualPad::set(const InputFrame& f) {
  if (!joystick_) return;
  SDL_JoystickSetVirtualAxis(joystick_, SDL_CONTROLLER_AXIS_LEFTX, f.left_x);
  SDL_JoystickSetVirtualAxis(joystick_, SDL_CONTROLLER_AXIS_LEFTY, sdl_y(f.left_y));
  SDL_JoystickSetVirtualAxis(joystick_, SDL_CONTROLLER_AXIS_RIGHTX, InputFrame::stick(f.right_x));
  SDL_JoystickSetVirtualAxis(joystick_, SDL_CONTROLLER_AXIS_RIGHTY, sdl_y(InputFrame::stick(f.right_y)));
  SDL_JoystickSetVirtualAxis(joystick_, SDL_CONTROLLER_AXIS_TRIGGERLEFT, virtual_trigger_axis(f.left_trigger));
  SDL_JoystickSetVirtualAxis(joystick_, SDL_CONTROLLER_AXIS_TRIGGERRIGHT, virtual_trigger_axis(f.right_trigger));
  for (const ButtonMap& b : kButtons) {
    SDL_JoystickSetVirtualButton(joystick_, b.sdl, (f.buttons & b.button) ? SDL_PRESSED : SDL_RELEASED);
  }
}

void VirtualPad::set_now(const InputFrame& f) {
  if (!joystick_) return;
  set(f);
  SDL_GameControllerUpdate();
  SDL_FlushEvents(SDL_JOYAXISMOTION, SDL_JOYBUTTONUP);
  SDL_FlushEvents(SDL_CONTROLLERAXISMOTION, SDL_CONTROLLERBUTTONUP);
}

void VirtualPad::detach() {
  if (!joystick_) return;
  SDL_JoystickClose(joystick_);
  SDL_JoystickDetachVirtual(device_index_);
  joystick_ = nullptr;
  device_index_ = -1;
}

}  // namespace cf
