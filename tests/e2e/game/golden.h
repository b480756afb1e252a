#pragma once
// Golden files under tests/data/game/. CF_UPDATE_GOLDENS=1 rewrites them instead of comparing
// (regenerate all: CF_UPDATE_GOLDENS=1 ctest --test-dir build -R 'GameGolden|E2E').
#include <algorithm>
#include <climits>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "golden_files.h"
#include "render/image_io.h"

namespace cf::test {

// Fraction of the pixels in columns [x0, x1) whose largest channel difference exceeds 'tolerance'.
inline double differing_fraction(const Image& a, const Image& b, int tolerance, int x0 = 0, int x1 = INT_MAX) {
  long bad = 0, total = 0;
  for (int y = 0; y < a.height; ++y) {
    for (int x = x0; x < x1 && x < a.width; ++x) {
      const std::size_t i = (static_cast<std::size_t>(y) * static_cast<std::size_t>(a.width) + static_cast<std::size_t>(x)) * 4;
      int worst = 0;
      for (int c = 0; c < 3; ++c) worst = std::max(worst, std::abs(a.rgba[i + c] - b.rgba[i + c]));
      bad += worst > tolerance;
      ++total;
    }
  }
  return total ? static_cast<double>(bad) / static_cast<double>(total) : 1.0;
}

inline std::string golden_path(const std::string& name) { return std::string(CF_SOURCE_DIR) + "/tests/data/game/" + name; }


inline std::string read_text(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// "" when 'actual' equals the golden text (or the golden was just rewritten), else a message.
inline std::string check_golden_text(const std::string& name, const std::string& actual) {
  const std::string path = golden_path(name);
  if (updating_goldens()) {
    std::ofstream(path, std::ios::binary) << actual;
    return "";
  }
  const std::string want = read_text(path);
  if (want == actual) return "";
  return "golden " + path + " differs: want '" + want + "', got '" + actual +
         "'" + kUpdateGoldensHint;
}

// Last line of a command's stdout (the --print-hash line).
inline std::string last_line(const std::string& out) {
  std::string s = out;
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
  const std::size_t nl = s.rfind('\n');
  return nl == std::string::npos ? s : s.substr(nl + 1);
}

inline int count_lines(const std::string& s) {
  int n = 0;
  for (char c : s) n += c == '\n';
  if (!s.empty() && s.back() != '\n') ++n;
  return n;
}

}  // namespace cf::test
