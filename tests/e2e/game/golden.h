#pragma once
// Golden files under tests/data/game/. CF_UPDATE_GOLDENS=1 rewrites them instead of comparing
// (regenerate all: CF_UPDATE_GOLDENS=1 ctest --test-dir build -R 'GameGolden|E2E').
#include <cstdlib>
#include "golden_files.h"
#include <fstream>
#include <sstream>
#include <string>

namespace cf::test {

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
