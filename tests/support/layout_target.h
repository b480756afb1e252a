#pragma once
// A picture the text-layout tests lay the HUD out in: the retro low-resolution one or full resolution,
// for a window of the given size.
namespace cf::test {

struct LayoutTarget {
  const char* name;
  bool full_resolution;
  int window_w, window_h;
};

}  // namespace cf::test
