// The mouse pointer over the picture and text entry (name prompts), through SDL events pushed by
// VirtualPointer exactly as the pad scripts drive the game.
#include <SDL.h>
#include <gtest/gtest.h>

#include <string>

#include "platform/window.h"
#include "platform/input.h"
#include "platform/virtual_pointer.h"

namespace cf {
namespace {

class PointerTextTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(input.init(InputDesc{}).ok());
    pump_events(input, nullptr);
  }
  void TearDown() override { input.shutdown(); }
  InputFrame pump_and_sample() {
    pump_events(input, nullptr);
    return input.sample();
  }
  Input input;
};

TEST(PointerAxis, PixelCentresSpanThePictureAndRoundTrip) {
  EXPECT_EQ(pointer_axis(0, 2), -32767 / 2 - 0);          // centre of the left half: -0.5
  EXPECT_EQ(pointer_axis(1, 2), 32767 / 2 + 1);           // +0.5 (rounded)
  EXPECT_LT(pointer_axis(0, 960), -32700);                // the first pixel is just inside the edge
  EXPECT_GT(pointer_axis(959, 960), 32700);
  EXPECT_EQ(pointer_axis(-50, 960), -32767);              // outside the picture: clamped to its edge
  EXPECT_EQ(pointer_axis(5000, 960), 32767);
  EXPECT_EQ(pointer_axis(10, 0), 0);                      // no picture yet
  for (int size : {240, 720, 961}) {
    for (int p = 0; p < size; ++p) ASSERT_EQ(pointer_pixel(pointer_axis(p, size), size), p) << size;
  }
  EXPECT_EQ(pointer_pixel(-32767, 720), 0);
  EXPECT_EQ(pointer_pixel(32767, 720), 719);
}

TEST_F(PointerTextTest, LeftButtonAndPointerOverTheLetterboxedPicture) {
  // A 1000 x 600 window shows a 800 x 600 picture from x = 100 (the bars are not the picture).
  input.set_picture_area(100, 0, 800, 600);
  EXPECT_EQ(input.sample().mouse_x, 0) << "no mouse seen: the pointer reads the centre";
  VirtualPointer vp;
  InputFrame want;
  want.mouse_x = -16384;  // a quarter of the way across
  want.mouse_y = 16384;   // a quarter of the way down
  want.buttons = kButtonMouseLeft;
  vp.set(want, 100, 0, 800, 600);
  InputFrame f = pump_and_sample();
  EXPECT_NEAR(f.mouse_x, want.mouse_x, 32767 / 800 + 1);
  EXPECT_NEAR(f.mouse_y, want.mouse_y, 32767 / 600 + 1);
  EXPECT_EQ(f.buttons, static_cast<std::uint32_t>(kButtonMouseLeft));
  EXPECT_EQ(f.pressed, static_cast<std::uint32_t>(kButtonMouseLeft));
  EXPECT_EQ(f.right_x, 0) << "a left drag is the pointer's, not the right stick's";
  // Held: no second press; the pointer moves with it.
  want.mouse_x = 16384;
  vp.set(want, 100, 0, 800, 600);
  f = pump_and_sample();
  EXPECT_NEAR(f.mouse_x, 16384, 32767 / 800 + 1);
  EXPECT_EQ(f.buttons, static_cast<std::uint32_t>(kButtonMouseLeft));
  EXPECT_EQ(f.pressed, 0u);
  EXPECT_EQ(f.right_x, 0);
  want.buttons = 0;
  vp.set(want, 100, 0, 800, 600);
  f = pump_and_sample();
  EXPECT_EQ(f.buttons, 0u);
  // A click shorter than a tick still counts as pressed.
  SDL_Event e{};
  e.type = SDL_MOUSEBUTTONDOWN;
  e.button.button = SDL_BUTTON_LEFT;
  SDL_PushEvent(&e);
  e.type = SDL_MOUSEBUTTONUP;
  SDL_PushEvent(&e);
  f = pump_and_sample();
  EXPECT_EQ(f.pressed, static_cast<std::uint32_t>(kButtonMouseLeft));
}

TEST_F(PointerTextTest, TextEntryTypesOneKeyPerTickAndStopsTheKeysBeingButtons) {
  VirtualPointer vp;
  vp.type("w");  // text entry off: typing does nothing
  EXPECT_EQ(pump_and_sample().typed, 0);
  input.set_text_entry(true);
  EXPECT_TRUE(input.text_entry());
  vp.type("Wa-_9! \xc3\xa9\b\n\x1b");  // '!', ' ' and an e-acute go on too: the game refuses them with a word
  pump_events(input, nullptr);
  const char want[] = {'W', 'a', '-', '_', '9', '!', ' ', static_cast<char>(kTypedOther),
                       static_cast<char>(kTypedBackspace), static_cast<char>(kTypedEnter), static_cast<char>(kTypedEscape)};
  for (char c : want) {
    const InputFrame f = input.sample();
    EXPECT_EQ(f.typed, static_cast<std::uint8_t>(c));
    EXPECT_EQ(f.buttons, 0u) << "Enter and Escape are not Start while typing";
    EXPECT_EQ(f.left_x, 0);
  }
  EXPECT_EQ(input.sample().typed, 0);
  // A burst longer than the queue (a paste): the letters past its room are dropped, the Enter is not.
  vp.type(std::string(300, 'x') + "\n");
  pump_events(input, nullptr);
  int letters = 0;
  std::uint8_t last = 0;
  for (InputFrame g = input.sample(); g.typed != 0; g = input.sample()) {
    letters += g.typed == 'x';
    last = g.typed;
  }
  EXPECT_GE(letters, 200);
  EXPECT_EQ(last, kTypedEnter) << "the Enter after the burst still comes";
  // Keys that are buttons or the left stick type instead; the arrows stay a stick (the letter wheel).
  SDL_Event k{};
  k.type = SDL_KEYDOWN;
  k.key.keysym.scancode = SDL_SCANCODE_SPACE;
  SDL_PushEvent(&k);
  k.key.keysym.scancode = SDL_SCANCODE_W;
  SDL_PushEvent(&k);
  k.key.keysym.scancode = SDL_SCANCODE_UP;
  SDL_PushEvent(&k);
  k.key.keysym.scancode = SDL_SCANCODE_F3;  // F keys keep their meaning
  SDL_PushEvent(&k);
  EXPECT_EQ(pump_events(input, nullptr).hotkeys, hotkey_f(3));
  InputFrame f = input.sample();
  EXPECT_EQ(f.buttons, 0u);
  EXPECT_EQ(f.left_y, 0);
  EXPECT_EQ(f.right_y, 32767);
  // Leaving text entry releases what was held; the keys are buttons again.
  input.set_text_entry(false);
  EXPECT_EQ(input.sample().right_y, 0);
  k.key.keysym.scancode = SDL_SCANCODE_SPACE;
  SDL_PushEvent(&k);
  f = pump_and_sample();
  EXPECT_EQ(f.buttons, static_cast<std::uint32_t>(kButtonA));
  EXPECT_EQ(f.typed, 0);
}

}  // namespace
}  // namespace cf
