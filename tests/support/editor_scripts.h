#pragma once
// Pad scripts that draw creatures in the editor with the stick, shared by the editor's unit tests
// (as InputFrames) and the end-to-end tests (as --pad-script JSON). The pen moves 0.03 m a tick
// at full deflection (kPenSpeed_mps 1.8); d-pad up nudges its depth 0.02 m. After a part is made the
// pen goes back onto the body (a limb's root; under a level torso's front end, or an upright torso's
// lower end), and in the side view with symmetry on its plane follows the next tag (limbs on the
// torso's right side, head and tail on the centre line): the scripts rely on both.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/input_frame.h"
#include "core/json.h"

namespace cf::test {

class PadSteps {
 public:
  struct Step {
    Step() = default;
    Step(int n, float x, float y, std::vector<std::string> b, std::string keys = {})
        : ticks(n), lx(x), ly(y), buttons(std::move(b)), type(std::move(keys)) {}
    int ticks = 0;
    float lx = 0, ly = 0;
    float rx = 0, ry = 0;  // the right (camera) stick
    std::vector<std::string> buttons;
    std::string type;  // keys typed at the step's first tick (handed out one a tick)
  };
  PadSteps& wait(int n) { return add({n, 0, 0, {}}); }
  // One press: a tick down, a tick up.
  PadSteps& press(const std::string& b, int times = 1) {
    for (int i = 0; i < times; ++i) add({1, 0, 0, {b}}).add({1, 0, 0, {}});
    return *this;
  }
  PadSteps& move(float lx, float ly, int n) { return add({n, lx, ly, {}}); }
  // The right stick (the camera in play) for 'n' ticks.
  PadSteps& look(float rx, float ry, int n) {
    Step s(n, 0, 0, {});
    s.rx = rx, s.ry = ry;
    return add(s);
  }
  // Holding A while the stick moves the pen; then a release tick (the part is made).
  PadSteps& draw(float lx, float ly, int n) { return add({n, lx, ly, {"a"}}).add({2, 0, 0, {}}); }
  // Keys typed on the keyboard (text entry), then 'n' ticks for the game to take them, one a tick.
  PadSteps& type(const std::string& keys, int n) {
    Step s;
    s.ticks = n;
    s.type = keys;
    return add(s);
  }
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
      if (s.rx != 0 || s.ry != 0) j["right"] = Json::array({s.rx, s.ry});
      if (!s.buttons.empty()) j["buttons"] = s.buttons;
      if (!s.type.empty()) j["type"] = s.type;
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
      f.right_x = static_cast<std::int32_t>(s.rx * 32767.0f);
      f.right_y = static_cast<std::int32_t>(s.ry * 32767.0f);
      for (const std::string& b : s.buttons) f.buttons |= bit(b);
      for (int i = 0; i < s.ticks; ++i) {
        f.pressed = f.buttons & ~prev;
        prev = f.buttons;
        // As the platform hands typed keys out: one a tick ('\n' is Enter, as the pad script types it).
        const char key = i < static_cast<int>(s.type.size()) ? s.type[static_cast<std::size_t>(i)] : '\0';
        f.typed = static_cast<std::uint8_t>(key == '\n' ? '\r' : key);
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

// Torso upright 0.92..1.4 m, a leg pair from its bottom down to the ground, a head on top.
inline PadSteps draw_biped() {
  PadSteps s;
  s.move(0, 1, 3).draw(0, 1, 17);                 // torso; the pen goes to its lower end, depth 0.14 right
  s.draw(0, -1, 25);                              // legs (symmetry gives the left one)
  s.press("x", 4).move(0, 1, 16).draw(0.1f, 1, 8);  // head on top of the torso (the plane back on the centre)
  return s;
}

// Torso level at 0.71 m from z -0.42 to 0.45, front and back leg pairs, a head and a tail.
inline PadSteps draw_quadruped() {
  PadSteps s;
  s.move(-1, 0, 15).move(0, -1, 3).draw(1, 0, 30);      // torso, tail end first; the pen goes under its front
  s.draw(0, -1, 17);                                    // front legs at z 0.31
  s.move(-1, 0, 21).draw(0, -1, 18);                    // back legs at z -0.32
  s.press("x", 4).move(1, 0, 26).move(0, 1, 4);         // tag head, to the front end
  s.draw(0.7f, 0.7f, 10);                               // head
  s.press("x", 3).move(-1, 0, 32).move(0, -1, 1).draw(-0.7f, 0.5f, 12);  // tail
  return s;
}

// Torso level at 0.47 m, three leg pairs (front, middle, back).
inline PadSteps draw_hexapod() {
  PadSteps s;
  s.move(-1, 0, 15).move(0, -1, 11).draw(1, 0, 30);  // torso at y 0.47, z -0.42..0.45
  s.draw(0, -1, 13);                                 // front pair at z 0.31
  s.move(-1, 0, 10).draw(0, -1, 13);                 // middle pair at z 0.01
  s.move(-1, 0, 10).draw(0, -1, 13);                 // back pair at z -0.29
  return s;
}

}  // namespace cf::test
