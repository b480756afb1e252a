#pragma once
// A little room: a small Schroeder reverb (four combs and two all-passes per side, with slightly
// different lengths left and right) over a mono send. Buffers are sized once; process() never allocates.
#include <array>
#include <vector>

namespace cf {

class Reverb {
 public:
  // sample_rate 8000..192000; the delay lengths follow it.
  explicit Reverb(int sample_rate);
  // Adds the room's answer to 'send' (frames mono samples) into the interleaved stereo 'out'.
  void process(const float* send, float* out, int frames);
  // The tail left in the room (sum of |buffer| values; 0 after silence has rung out), for tests.
  float energy() const;

 private:
  struct Delay {
    std::vector<float> buffer;
    int pos = 0;
    float filter = 0.0f;  // the comb's damping low-pass state
  };
  static constexpr int kCombs = 4, kAllpasses = 2;
  std::array<std::array<Delay, kCombs>, 2> combs_;
  std::array<std::array<Delay, kAllpasses>, 2> allpasses_;
};

}  // namespace cf
