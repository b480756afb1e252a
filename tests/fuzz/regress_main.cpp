// Runs a fuzz harness over every file in a corpus directory (a plain regression test in CI).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s CORPUS_DIR...\n", argv[0]);
    return 2;
  }
  int files = 0;
  for (int a = 1; a < argc; ++a) {
    std::error_code ec;
    std::vector<std::filesystem::path> paths;
    for (const auto& e : std::filesystem::directory_iterator(argv[a], ec))
      if (e.is_regular_file()) paths.push_back(e.path());
    if (ec) {
      std::fprintf(stderr, "cannot read corpus %s: %s\n", argv[a], ec.message().c_str());
      return 2;
    }
    std::sort(paths.begin(), paths.end());
    for (const auto& p : paths) {
      std::ifstream in(p, std::ios::binary);
      std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
      ++files;
    }
  }
  std::printf("ran %d corpus files\n", files);
  return files > 0 ? 0 : 1;
}
