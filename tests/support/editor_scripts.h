#pragma once
// Pad scripts that draw creatures in the editor with the stick, shared by the editor's unit tests
// (as InputFrames) and the end-to-end tests (as --pad-script JSON). The pen moves 0.015 m a tick
// at full deflection (kPenSpeed 0.9 m/s); d-pad up nudges its depth 0.02 m.
#include <cstdint>
#include <string>
#include <vector>

#include "core/input_frame.h"
#include "core/json_util.h"

namespace cf::test {

class PadSteps {
 public:
  struct Step {
    int ticks = 0;
    float lx = 0, ly = 0;
    std::vector<std::string> buttons;
  };
  PadSteps& wait(int n) { return add({n, 0, 0, {}}); }
  // One press: a tick down, a tick up.
  PadSteps& press(const std::string& b, int times = 1) {
    for (int i = 0; i < times; ++i) add({1, 0, 0, {b}}).add({1, 0, 0, {}});
    return *this;
  }
  PadSteps& move(float lx, float ly, int n) { return add({n, lx, ly, {}}); }
  // Holding A while the stick moves the pen; then a release tick (the part is made).
  PadSteps& draw(float lx, float ly, int n) { return add({n, lx, ly, {"a"}}).add({2, 0, 0, {}}); }
  PadSteps& add(Step s) {
    steps.push_back(std::move(s));
    return *this;
  }
  PadSteps& then(const PadSteps& o) {
    steps.insert(steps.end(), o.steps.begin(), o.steps.end());
    return *this;
  }
  int total_ticks() const {
    int t = 0;
    for (const Step& s : steps) t += s.ticks;
    return t;
  }

  Json pad_script() const {
    Json steps_json = Json::array();
    for (const Step& s : steps) {
      Json j = Json{{"ticks", s.ticks}};
      if (s.lx != 0 || s.ly != 0) j["left"] = Json::array({s.lx, s.ly});
      if (!s.buttons.empty()) j["buttons"] = s.buttons;
      steps_json.push_back(j);
    }
    return Json{{"format", "critterforge.padscript/1"}, {"steps", steps_json}};
  }

  // The frames the game would sample (pressed = went down since the previous tick).
  std::vector<InputFrame> frames() const {
    std::vector<InputFrame> out;
    std::uint32_t prev = 0;
    for (const Step& s : steps) {
      InputFrame f;
      f.left_x = static_cast<std::int16_t>(s.lx * 32767.0f);
      f.left_y = static_cast<std::int16_t>(s.ly * 32767.0f);
      for (const std::string& b : s.buttons) f.buttons |= bit(b);
      for (int i = 0; i < s.ticks; ++i) {
        f.pressed = f.buttons & ~prev;
        prev = f.buttons;
        out.push_back(f);
      }
    }
    return out;
  }

  std::vector<Step> steps;

 private:
  static std::uint32_t bit(const std::string& b) {
    if (b == "a") return kButtonA;
    if (b == "b") return kButtonB;
    if (b == "x") return kButtonX;
    if (b == "y") return kButtonY;
    if (b == "lb") return kButtonLeftShoulder;
    if (b == "rb") return kButtonRightShoulder;
    if (b == "up") return kButtonDpadUp;
    if (b == "down") return kButtonDpadDown;
    if (b == "left") return kButtonDpadLeft;
    if (b == "right") return kButtonDpadRight;
    if (b == "start") return kButtonStart;
    if (b == "select") return kButtonSelect;
    if (b == "ls") return kButtonLeftStick;
    if (b == "rs") return kButtonRightStick;
    return 0;
  }
};

// Editor scripts start with the pen at (0, 0.8, 0) in the side view, next tag torso.

// Torso upright 0.89..1.4 m, a leg pair from its bottom down to the ground, a head on top.
inline PadSteps draw_biped() {
  PadSteps s;
  s.move(0, 1, 6).draw(0, 1, 34);                   // torso
  s.press("up", 5).move(0, -1, 33).draw(0, -1, 50);  // legs (symmetry gives the right one)
  s.press("x", 4).press("down", 5).move(0, 1, 83).draw(0.3f, 1, 16);  // head on top of the torso
  return s;
}

// Torso level at 0.7 m from z -0.45 to 0.45, front and back leg pairs, a head and a tail.
inline PadSteps draw_quadruped() {
  PadSteps s;
  s.move(-1, 0, 30).move(0, -1, 7).draw(1, 0, 60);                 // torso, tail end first
  s.move(-1, 0, 7).press("up", 5).draw(0, -1, 40);                 // front legs
  s.move(0, 1, 40).move(-1, 0, 46).draw(0, -1, 40);                // back legs
  s.press("x", 4).press("down", 5).move(0, 1, 40).move(1, 0, 53);  // to the front end, tag head
  s.draw(0.7f, 0.7f, 30);                                          // head
  s.press("x", 3).move(-1, 0, 75).move(0, -1, 14).draw(-0.7f, 0.5f, 25);  // tail
  return s;
}

// Torso level at 0.45 m, three leg pairs (front, middle, back).
inline PadSteps draw_hexapod() {
  PadSteps s;
  s.move(-1, 0, 30).move(0, -1, 23).draw(1, 0, 60);  // torso at y 0.455, z -0.45..0.45
  s.move(-1, 0, 10).press("up", 5).draw(0, -1, 27);  // front pair at z 0.3
  s.move(0, 1, 27).move(-1, 0, 20).draw(0, -1, 27);  // middle pair at z 0
  s.move(0, 1, 27).move(-1, 0, 20).draw(0, -1, 27);  // back pair at z -0.3
  return s;
}

}  // namespace cf::test
