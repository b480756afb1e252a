// Input through SDL's real code paths: a virtual joystick opened as a game controller (hot-plug
// events included), a mapping database file, and keyboard/mouse events pushed into SDL's queue.
#include "platform/input.h"

#include <SDL.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "platform/window.h"
#include "platform/virtual_pad.h"

namespace cf {
namespace {

class InputTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(input.init(InputDesc{}).ok());
    pump_events(input, nullptr);
  }
  void TearDown() override {
    if (device >= 0) SDL_JoystickDetachVirtual(device);
    input.shutdown();
  }
  // Attaches a virtual pad and delivers its CONTROLLERDEVICEADDED event to Input.
  SDL_Joystick* attach_pad() {
    device = SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, SDL_CONTROLLER_AXIS_MAX,
                                       SDL_CONTROLLER_BUTTON_MAX, 0);
    EXPECT_GE(device, 0) << SDL_GetError();
    pump_events(input, nullptr);
    EXPECT_EQ(input.controller_count(), 1);
    // A second handle to the same joystick to drive it (SDL reference-counts it).
    return SDL_JoystickOpen(device);
  }
  void push_key(SDL_Scancode sc, bool down, Uint16 mod = KMOD_NONE) {
    SDL_Event e{};
    e.type = down ? SDL_KEYDOWN : SDL_KEYUP;
    e.key.state = down ? SDL_PRESSED : SDL_RELEASED;
    e.key.keysym.scancode = sc;
    e.key.keysym.sym = SDL_GetKeyFromScancode(sc);
    e.key.keysym.mod = mod;
    ASSERT_EQ(SDL_PushEvent(&e), 1) << SDL_GetError();
  }
  Input input;
  int device = -1;
};

TEST_F(InputTest, ScriptedTriggersReadBackAsScripted) {
  SDL_Joystick* js = attach_pad();
  ASSERT_NE(js, nullptr);
  for (std::int16_t t : {std::int16_t{0}, std::int16_t{16384}, std::int16_t{32767}}) {
    SDL_JoystickSetVirtualAxis(js, SDL_CONTROLLER_AXIS_TRIGGERLEFT, virtual_trigger_axis(t));
    SDL_JoystickSetVirtualAxis(js, SDL_CONTROLLER_AXIS_TRIGGERRIGHT, virtual_trigger_axis(t));
    SDL_GameControllerUpdate();
    pump_events(input, nullptr);
    const InputFrame f = input.sample();
    EXPECT_NEAR(f.left_trigger, t, 2) << "scripted " << t;  // neutral was read as 16383, half as 24575
    EXPECT_NEAR(f.right_trigger, t, 2) << "scripted " << t;
  }
}

TEST_F(InputTest, VirtualPadSticksTriggersAndButtonsMapToInputFrame) {
  SDL_Joystick* js = attach_pad();
  ASSERT_NE(js, nullptr);
  EXPECT_EQ(input.controller_name(0), "Virtual Controller");
  SDL_JoystickSetVirtualAxis(js, SDL_CONTROLLER_AXIS_LEFTX, 32767);
  SDL_JoystickSetVirtualAxis(js, SDL_CONTROLLER_AXIS_LEFTY, -32768);  // SDL up = negative
  SDL_JoystickSetVirtualAxis(js, SDL_CONTROLLER_AXIS_RIGHTX, -20000);
  SDL_JoystickSetVirtualAxis(js, SDL_CONTROLLER_AXIS_RIGHTY, 1000);
  SDL_JoystickSetVirtualAxis(js, SDL_CONTROLLER_AXIS_TRIGGERRIGHT, 32767);
  SDL_JoystickSetVirtualButton(js, SDL_CONTROLLER_BUTTON_A, SDL_PRESSED);
  SDL_JoystickSetVirtualButton(js, SDL_CONTROLLER_BUTTON_START, SDL_PRESSED);
  SDL_JoystickSetVirtualButton(js, SDL_CONTROLLER_BUTTON_DPAD_LEFT, SDL_PRESSED);
  SDL_GameControllerUpdate();
  pump_events(input, nullptr);

  InputFrame f = input.sample();
  EXPECT_EQ(f.left_x, 32767);
  EXPECT_EQ(f.left_y, 32767);  // flipped: +y = pushed away
  EXPECT_EQ(f.right_x, -20000);
  EXPECT_EQ(f.right_y, -1000);  // radial dead zone: the x deflection carries it
  EXPECT_EQ(f.right_trigger, 32767);
  EXPECT_EQ(f.left_trigger, 0);
  EXPECT_EQ(f.buttons, kButtonA | kButtonStart | kButtonDpadLeft);
  EXPECT_EQ(f.pressed, kButtonA | kButtonStart | kButtonDpadLeft);

  // Held on the next tick: still in buttons, no longer "pressed".
  f = input.sample();
  EXPECT_EQ(f.buttons, kButtonA | kButtonStart | kButtonDpadLeft);
  EXPECT_EQ(f.pressed, 0u);

  SDL_JoystickSetVirtualButton(js, SDL_CONTROLLER_BUTTON_A, SDL_RELEASED);
  SDL_JoystickSetVirtualButton(js, SDL_CONTROLLER_BUTTON_Y, SDL_PRESSED);
  SDL_GameControllerUpdate();
  pump_events(input, nullptr);
  f = input.sample();
  EXPECT_EQ(f.buttons, kButtonY | kButtonStart | kButtonDpadLeft);
  EXPECT_EQ(f.pressed, static_cast<std::uint32_t>(kButtonY));

  // A resting stick's small drift reads exactly zero.
  SDL_JoystickSetVirtualAxis(js, SDL_CONTROLLER_AXIS_LEFTX, 3000);
  SDL_JoystickSetVirtualAxis(js, SDL_CONTROLLER_AXIS_LEFTY, -4000);
  SDL_GameControllerUpdate();
  pump_events(input, nullptr);
  f = input.sample();
  EXPECT_EQ(f.left_x, 0);
  EXPECT_EQ(f.left_y, 0);
  SDL_JoystickClose(js);
}

// Camera speed above 100% raises the orbit's top speed: the frame carries more than full deflection
// (so a replay recorded at any speed plays the same anywhere); below 100% it scales down.
TEST_F(InputTest, CameraSpeedScalesTheCameraStickPastFullDeflection) {
  SDL_Joystick* js = attach_pad();
  ASSERT_NE(js, nullptr);
  SDL_JoystickSetVirtualAxis(js, SDL_CONTROLLER_AXIS_RIGHTX, 32767);
  SDL_JoystickSetVirtualAxis(js, SDL_CONTROLLER_AXIS_LEFTX, 32767);
  SDL_GameControllerUpdate();
  pump_events(input, nullptr);
  struct Case {
    float speed;
    bool invert;
    std::int32_t want;
  };
  for (const Case& c : {Case{1.0f, false, 32767}, Case{1.5f, false, 49151}, Case{2.0f, false, 65534},
                        Case{3.0f, true, -kCameraAxisMax}, Case{0.5f, false, 16384}}) {
    InputControls k = default_input_controls();
    k.camera_speed = c.speed;
    k.invert_x = c.invert;
    input.set_controls(k);
    const InputFrame f = input.sample();
    EXPECT_EQ(f.right_x, c.want) << "camera speed " << c.speed;
    EXPECT_EQ(f.left_x, 32767) << "the walking stick is not the camera's";
  }
  // Half deflection at 200% is full deflection's speed at 100%.
  SDL_JoystickSetVirtualAxis(js, SDL_CONTROLLER_AXIS_RIGHTX, 16384);
  SDL_GameControllerUpdate();
  pump_events(input, nullptr);
  InputControls k = default_input_controls();
  k.camera_speed = 2.0f;
  input.set_controls(k);
  EXPECT_NEAR(input.sample().right_x, 32767, 2);
  SDL_JoystickClose(js);
}

TEST_F(InputTest, TapShorterThanATickIsStillPressed) {
  SDL_Joystick* js = attach_pad();
  input.sample();
  SDL_JoystickSetVirtualButton(js, SDL_CONTROLLER_BUTTON_B, SDL_PRESSED);
  SDL_GameControllerUpdate();
  SDL_JoystickSetVirtualButton(js, SDL_CONTROLLER_BUTTON_B, SDL_RELEASED);
  SDL_GameControllerUpdate();
  pump_events(input, nullptr);
  const InputFrame f = input.sample();
  EXPECT_EQ(f.buttons, 0u);
  EXPECT_EQ(f.pressed, static_cast<std::uint32_t>(kButtonB));
  SDL_JoystickClose(js);
}

// A game button the player unmapped: its pad button gives nothing, held or tapped (no other button either).
TEST_F(InputTest, AnUnmappedPadButtonGivesNothing) {
  SDL_Joystick* js = attach_pad();
  InputControls k = default_input_controls();
  k.pad[2] = kUnmappedPad;  // X
  input.set_controls(k);
  input.sample();
  SDL_JoystickSetVirtualButton(js, SDL_CONTROLLER_BUTTON_X, SDL_PRESSED);
  SDL_GameControllerUpdate();
  pump_events(input, nullptr);
  InputFrame f = input.sample();
  EXPECT_EQ(f.buttons, 0u);
  EXPECT_EQ(f.pressed, 0u);
  // Moved onto pad X, A comes from it; pad A then gives nothing.
  k.pad[0] = 2;
  input.set_controls(k);
  SDL_JoystickSetVirtualButton(js, SDL_CONTROLLER_BUTTON_X, SDL_RELEASED);
  SDL_GameControllerUpdate();
  pump_events(input, nullptr);
  input.sample();
  SDL_JoystickSetVirtualButton(js, SDL_CONTROLLER_BUTTON_X, SDL_PRESSED);
  SDL_JoystickSetVirtualButton(js, SDL_CONTROLLER_BUTTON_A, SDL_PRESSED);
  SDL_GameControllerUpdate();
  pump_events(input, nullptr);
  f = input.sample();
  EXPECT_EQ(f.buttons, static_cast<std::uint32_t>(kButtonA));
  EXPECT_EQ(f.pressed, static_cast<std::uint32_t>(kButtonA));
  SDL_JoystickClose(js);
}

TEST_F(InputTest, HotPlugRemovesAndReAddsController) {
  SDL_Joystick* js = attach_pad();
  SDL_JoystickClose(js);
  ASSERT_EQ(SDL_JoystickDetachVirtual(device), 0);
  device = -1;
  pump_events(input, nullptr);
  EXPECT_EQ(input.controller_count(), 0);
  EXPECT_EQ(input.sample(), InputFrame{});
  js = attach_pad();
  EXPECT_EQ(input.controller_count(), 1);
  SDL_JoystickClose(js);
}

TEST_F(InputTest, KeyboardMapsToTheSameActions) {
  push_key(SDL_SCANCODE_W, true);
  push_key(SDL_SCANCODE_D, true);
  push_key(SDL_SCANCODE_LEFT, true);
  push_key(SDL_SCANCODE_SPACE, true);
  push_key(SDL_SCANCODE_Z, true);
  push_key(SDL_SCANCODE_TAB, true);
  push_key(SDL_SCANCODE_ESCAPE, true);
  push_key(SDL_SCANCODE_LSHIFT, true);
  FrameEvents ev = pump_events(input, nullptr);
  EXPECT_EQ(ev.hotkeys, 0u);
  InputFrame f = input.sample();
  EXPECT_EQ(f.left_x, 32767);
  EXPECT_EQ(f.left_y, 32767);
  EXPECT_EQ(f.right_x, -32767);
  EXPECT_EQ(f.left_trigger, 32767);
  EXPECT_EQ(f.buttons, kButtonA | kButtonLeftShoulder | kButtonSelect | kButtonStart);
  EXPECT_EQ(f.pressed, f.buttons);

  push_key(SDL_SCANCODE_W, false);
  push_key(SDL_SCANCODE_S, true);
  push_key(SDL_SCANCODE_SPACE, false);
  pump_events(input, nullptr);
  f = input.sample();
  EXPECT_EQ(f.left_y, -32767);
  EXPECT_EQ(f.buttons, kButtonLeftShoulder | kButtonSelect | kButtonStart);
  EXPECT_EQ(f.pressed, 0u);
}

TEST_F(InputTest, HotkeysAreNotGameActions) {
  push_key(SDL_SCANCODE_F11, true);
  push_key(SDL_SCANCODE_F3, true);
  FrameEvents ev = pump_events(input, nullptr);
  EXPECT_EQ(ev.hotkeys, kHotkeyFullscreen | hotkey_f(3));
  push_key(SDL_SCANCODE_RETURN, true, KMOD_LALT);
  ev = pump_events(input, nullptr);
  EXPECT_EQ(ev.hotkeys, static_cast<std::uint32_t>(kHotkeyFullscreen));
  EXPECT_EQ(input.sample().buttons, 0u);  // Alt+Enter is not Start
}

TEST_F(InputTest, RightMouseDragMovesRightStick) {
  SDL_Event e{};
  e.type = SDL_MOUSEBUTTONDOWN;
  e.button.button = SDL_BUTTON_RIGHT;
  SDL_PushEvent(&e);
  SDL_Event m{};
  m.type = SDL_MOUSEMOTION;
  m.motion.xrel = 8;
  m.motion.yrel = -40;
  SDL_PushEvent(&m);
  pump_events(input, nullptr);
  InputFrame f = input.sample();
  EXPECT_EQ(f.right_x, 32767 / 2);
  EXPECT_EQ(f.right_y, 32767);  // dragging up = stick up, clamped
  EXPECT_EQ(f.buttons, static_cast<std::uint32_t>(kButtonMouseRight));
  EXPECT_EQ(input.sample().right_x, 0);  // drag is per tick
}

TEST(InputMappings, LoadsMappingDatabaseAndAppliesIt) {
  // Learn the GUID SDL gives a virtual device with a vendor/product, then write a mapping for it
  // that swaps A and B, so we can see the file's mapping is the one in use.
  ASSERT_EQ(SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER), 0);
  SDL_VirtualJoystickDesc d{};
  d.version = SDL_VIRTUAL_JOYSTICK_DESC_VERSION;
  d.type = SDL_JOYSTICK_TYPE_UNKNOWN;
  d.naxes = 2;
  d.nbuttons = 4;
  d.vendor_id = 0x1234;
  d.product_id = 0x5678;
  d.name = "Critterforge Test Pad";
  int idx = SDL_JoystickAttachVirtualEx(&d);
  ASSERT_GE(idx, 0);
  char guid[64];
  SDL_JoystickGetGUIDString(SDL_JoystickGetDeviceGUID(idx), guid, sizeof guid);
  SDL_JoystickDetachVirtual(idx);
  SDL_QuitSubSystem(SDL_INIT_GAMECONTROLLER);

  const std::string path = std::string(CF_BINARY_DIR) + "/platform_test_gamecontrollerdb.txt";
  std::FILE* f = std::fopen(path.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  std::fprintf(f, "# test\n%s,Mapped Test Pad,a:b1,b:b0,x:b2,y:b3,leftx:a0,lefty:a1,platform:%s,\n", guid,
               SDL_GetPlatform());
  std::fclose(f);

  Input input;
  ASSERT_TRUE(input.init(InputDesc{path.c_str()}).ok());
  EXPECT_EQ(input.mappings_loaded(), 1);
  idx = SDL_JoystickAttachVirtualEx(&d);
  ASSERT_GE(idx, 0);
  pump_events(input, nullptr);
  ASSERT_EQ(input.controller_count(), 1);
  EXPECT_EQ(input.controller_name(0), "Mapped Test Pad");
  SDL_Joystick* js = SDL_JoystickOpen(idx);
  SDL_JoystickSetVirtualButton(js, 1, SDL_PRESSED);  // raw button 1 is A in this mapping
  SDL_JoystickUpdate();
  pump_events(input, nullptr);
  EXPECT_EQ(input.sample().buttons, static_cast<std::uint32_t>(kButtonA));
  SDL_JoystickClose(js);
  SDL_JoystickDetachVirtual(idx);
  input.shutdown();
  std::remove(path.c_str());
}

TEST(InputMappings, MissingFileIsFineShippedDatabaseLoads) {
  Input input;
  EXPECT_TRUE(input.init(InputDesc{"/nonexistent/gamecontrollerdb.txt"}).ok());
  EXPECT_EQ(input.mappings_loaded(), 0);
  input.shutdown();
  ASSERT_TRUE(input.init(InputDesc{CF_ASSETS_DIR "/gamecontrollerdb.txt"}).ok());
  // SDL counts only mappings it did not already have built in; the file's pads must be known.
  EXPECT_GE(input.mappings_loaded(), 0);
  char* m = SDL_GameControllerMappingForGUID(SDL_JoystickGetGUIDFromString("030000004c050000c405000011810000"));
  ASSERT_NE(m, nullptr);
  EXPECT_NE(std::string(m).find("PS4 Controller"), std::string::npos);
  SDL_free(m);
}

}  // namespace
}  // namespace cf
