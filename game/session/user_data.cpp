#include "game/session/user_data.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <sys/stat.h>

#include "core/file_io.h"
#include "game/play/scene.h"

namespace cf {

UserData resolve_user_data(const std::string& override_dir) {
  if (!override_dir.empty()) return {override_dir};
  const char* xdg = std::getenv("XDG_DATA_HOME");
  if (xdg && *xdg == '/') return {std::string(xdg) + "/critterforge"};
  const char* home = std::getenv("HOME");
  if (home && *home) return {std::string(home) + "/.local/share/critterforge"};
  return {"critterforge-data"};
}

int sweep_stale_saves(const UserData& data) {
  int removed = 0;
  for (const std::string& dir : {data.root, data.creatures_dir(), data.playtests_dir()}) {
    removed += remove_stale_temp_files(dir);
  }
  return removed;
}

Status make_dirs(const std::string& path) {
  std::string partial;
  for (std::size_t i = 0; i <= path.size(); ++i) {
    if (i == path.size() || (path[i] == '/' && i > 0)) {
      partial = path.substr(0, i);
      if (::mkdir(partial.c_str(), 0755) != 0 && errno != EEXIST)
        return Error{partial, "", std::string("cannot create the folder: ") + std::strerror(errno)};
    }
  }
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) return Error{path, "", "is not a folder"};
  return {};
}

namespace {

std::vector<CreatureEntry> json_files(const std::string& dir, const std::string& suffix, bool shipped) {
  std::vector<CreatureEntry> out;
  DIR* d = ::opendir(dir.c_str());
  if (!d) return out;
  while (dirent* e = ::readdir(d)) {
    const std::string n = e->d_name;
    if (n.size() <= suffix.size() || n.compare(n.size() - suffix.size(), suffix.size(), suffix) != 0) continue;
    if (n[0] == '.') continue;  // temporary files of atomic saves
    out.push_back({n.substr(0, n.size() - suffix.size()), dir + "/" + n, shipped});
  }
  ::closedir(d);
  std::sort(out.begin(), out.end(), [](const CreatureEntry& a, const CreatureEntry& b) { return a.name < b.name; });
  return out;
}

}  // namespace

std::vector<CreatureEntry> list_creatures(const UserData& data) {
  std::vector<CreatureEntry> out = json_files(default_assets_dir() + "/creatures", ".json", true);
  std::vector<CreatureEntry> mine = json_files(data.creatures_dir(), ".json", false);
  out.insert(out.end(), mine.begin(), mine.end());
  return out;
}

std::vector<CreatureEntry> list_levels() { return json_files(default_assets_dir() + "/levels", ".json", true); }

std::string creature_file_stem(const std::string& name) {
  std::string s;
  for (char ch : name) {
    const auto c = static_cast<unsigned char>(ch);
    if (std::isalnum(c)) {
      s += static_cast<char>(std::tolower(c));
    } else if (!s.empty() && s.back() != '_') {
      s += '_';
    }
  }
  while (!s.empty() && s.back() == '_') s.pop_back();
  if (s.size() > 40) s.resize(40);
  return s.empty() ? "creature" : s;
}

}  // namespace cf
