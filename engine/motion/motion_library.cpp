#include "motion/motion_library.h"

#include <algorithm>
#include <filesystem>

#include "core/file_io.h"

namespace cf {

std::string LibraryMotion::title() const { return about().hud.empty() ? name : about().hud; }

int MotionLibrary::find(const std::string& name) const {
  for (std::size_t i = 0; i < motions.size(); ++i)
    if (motions[i].name == name) return static_cast<int>(i);
  return -1;
}

bool plays_as_clip(const LibraryMotion& m) {
  const MotionKind k = m.about().kind;
  return k == MotionKind::kOneShot || k == MotionKind::kHeldLoop || k == MotionKind::kHeldPose;
}

MotionLibrary load_motion_library(const std::vector<std::string>& folders, const LibraryBudget& budget) {
  MotionLibrary lib;
  std::size_t total = 0;
  for (const std::string& folder : folders) {
    std::error_code ec;
    std::vector<std::string> files;
    std::filesystem::directory_iterator it(folder, ec), end;
    if (ec) {
      lib.problems.push_back(folder + ": cannot list the motions: " + ec.message());
      continue;
    }
    // Every name is listed before any cut, so which files are read never depends on the listing's order.
    for (; it != end; it.increment(ec)) {
      if (ec) break;
      const std::filesystem::path& p = it->path();
      if (p.extension() == ".json") files.push_back(p.string());
    }
    std::sort(files.begin(), files.end());
    if (static_cast<int>(files.size()) > budget.max_files) {
      lib.problems.push_back(folder + ": " + std::to_string(files.size()) + " motion files, only the first " +
                             std::to_string(budget.max_files) + " by name are read");
      files.resize(static_cast<std::size_t>(budget.max_files));
    }
    for (const std::string& f : files) {
      if (!is_regular_file(f)) continue;
      std::error_code size_ec;
      const auto bytes = std::filesystem::file_size(f, size_ec);
      if (!size_ec && total + bytes > budget.max_total_bytes) {
        lib.problems.push_back(f + ": left out, the library's files pass " +
                               std::to_string(budget.max_total_bytes >> 20) + " MiB");
        continue;
      }
      Result<MotionClip> clip = read_and_parse(f, budget.max_file_bytes, parse_motion);
      if (!clip) {
        lib.problems.push_back(clip.error().to_string());
        continue;
      }
      total += size_ec ? 0 : bytes;
      if (clip->name.empty()) {
        lib.problems.push_back(f + ": name: a library motion needs a name");
        continue;
      }
      if (lib.find(clip->name) >= 0) continue;  // an earlier folder has it: that one plays
      LibraryMotion m;
      m.name = clip->name;
      m.path = f;
      m.clip = std::move(*clip);
      lib.motions.push_back(std::move(m));
    }
  }
  std::stable_sort(lib.motions.begin(), lib.motions.end(), [](const LibraryMotion& a, const LibraryMotion& b) {
    return a.about().order != b.about().order ? a.about().order < b.about().order : a.name < b.name;
  });
  return lib;
}

}  // namespace cf
