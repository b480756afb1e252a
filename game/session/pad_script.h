#pragma once
// A scripted gamepad session for tests and demos: held stick and button states over tick spans,
// fed to a virtual SDL game controller so the game reads them through the real gamepad path.
#include <cstdint>
#include <string>
#include <vector>

#include "core/input_frame.h"
#include "core/result.h"

namespace cf {

// File (JSON):
// {"format": "critterforge.padscript/1",
//  "steps": [{"ticks": 30},                            // neutral for 30 ticks
//            {"ticks": 180, "left": [0, 1]},           // left stick fully forward for 3 s
//            {"ticks": 2, "buttons": ["a"]}]}          // A held for 2 ticks
// Sticks "left"/"right" are [x, y] in [-1, 1] (+y = pushed away); "triggers" [l, r] in [0, 1];
// buttons: a b x y lb rb up down left right start select ls rs, and mouse_left mouse_right.
// The mouse and keyboard (sent as SDL events, platform/virtual_pointer.h):
//   "mouse": [x, y]  the pointer over the picture, edge to edge [-1, 1], +y up; it stays where the
//                    last step put it (a step without "mouse" does not move it)
//   "type": "WAVE\n" keys typed at the step's first tick: any printable character (as text input),
//                    \b Backspace, \n Enter, \u001b Escape (the game hands them out one per tick)
// After the last step: neutral (the pointer stays).
class PadScript {
 public:
  struct Step {
    std::uint64_t ticks = 0;
    InputFrame frame;  // held state (buttons, sticks, pointer); 'pressed' and 'typed' unused
    std::string type;  // typed at the step's first tick
  };
  PadScript() = default;
  explicit PadScript(const std::vector<Step>& steps);
  void add(Step step);

  const std::vector<Step>& steps() const { return steps_; }
  std::uint64_t total_ticks() const { return ends_.empty() ? 0 : ends_.back(); }
  // The held state for the tick about to run.
  InputFrame frame_at(std::uint64_t tick) const;
  // The keys typed at 'tick' (the first tick of a step with "type"), else nullptr.
  const std::string* text_at(std::uint64_t tick) const;
  // The step that holds 'tick' (steps().size() after the last), by binary search over the steps'
  // end ticks: a 100,000-step script costs 17 probes a tick, not 50,000. 'probes' (tests) counts them.
  std::size_t step_at(std::uint64_t tick, std::size_t* probes = nullptr) const;

 private:
  std::vector<Step> steps_;
  std::vector<std::uint64_t> ends_;  // ends_[i]: the first tick after step i (running sum of ticks)
};

Result<PadScript> parse_pad_script(const std::string& text, const std::string& file);
Result<PadScript> load_pad_script(const std::string& path);

}  // namespace cf
