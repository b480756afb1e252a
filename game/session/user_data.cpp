#include "game/session/user_data.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/file_io.h"
#include "core/file_name.h"
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
  for (const std::string& dir :
       {data.root, data.creatures_dir(), data.playtests_dir(), data.drafts_dir(), data.history_dir(),
        data.root + "/trials", data.root + "/trials/ghosts"}) {
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

bool path_taken(const std::string& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0;
}

std::int64_t file_time(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 ? static_cast<std::int64_t>(st.st_mtime) : 0;
}

std::string time_label(std::int64_t unix_s) {
  const std::time_t t = static_cast<std::time_t>(unix_s);
  std::tm tm {};
  char buf[32] = "";
  if (::localtime_r(&t, &tm)) std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M", &tm);
  return buf;
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
    out.push_back({n.substr(0, n.size() - suffix.size()), dir + "/" + n, shipped, ""});
  }
  ::closedir(d);
  std::sort(out.begin(), out.end(), [](const CreatureEntry& a, const CreatureEntry& b) { return a.name < b.name; });
  return out;
}

}  // namespace

std::vector<CreatureEntry> list_creatures(const UserData& data) {
  std::vector<CreatureEntry> out = json_files(default_assets_dir() + "/creatures", ".json", true);
  for (CreatureEntry& e : out) {  // a shipped creature's portrait (tools/cards/make-shipped-cards)
    const std::string card = default_assets_dir() + "/creatures/" + e.name + ".card.png";
    if (path_taken(card)) e.card = card;
  }
  std::vector<CreatureEntry> mine = json_files(data.creatures_dir(), ".json", false);
  for (const CreatureEntry& card : json_files(data.creatures_dir(), ".card.png", false)) {
    auto file = std::find_if(mine.begin(), mine.end(), [&](const CreatureEntry& e) { return e.name == card.name; });
    if (file != mine.end() && file->card.empty()) file->card = card.path;
    else if (file == mine.end()) mine.push_back({card.name, card.path, false, card.path});
  }
  std::sort(mine.begin(), mine.end(), [](const CreatureEntry& a, const CreatureEntry& b) { return a.name < b.name; });
  out.insert(out.end(), mine.begin(), mine.end());
  return out;
}

std::vector<CreatureEntry> list_levels() { return json_files(default_assets_dir() + "/levels", ".json", true); }

std::string creature_file_stem(const std::string& name) {
  const std::string s = file_slug(name, 40);  // the game's one way from a shown name to a file name
  return s.empty() ? "creature" : s;
}

std::string saved_creature_path(const UserData& data, const std::string& stem) {
  return data.creatures_dir() + "/" + stem + ".json";
}

std::string free_creature_name(const UserData& data, const std::string& name, const std::string& own_stem,
                               std::size_t max_len) {
  auto free = [&](const std::string& n) {
    const std::string stem = creature_file_stem(n);
    // A card dropped in by hand is a creature too: its name is taken.
    return stem == own_stem || (!path_taken(saved_creature_path(data, stem)) &&
                                !path_taken(data.creatures_dir() + "/" + stem + ".card.png"));
  };
  std::string base = name.substr(0, max_len);
  if (free(base)) return base;
  // "CRITTER_2" is followed by "CRITTER_3", not "CRITTER_2_2".
  int n = 2;
  const std::size_t us = base.rfind('_');
  if (us != std::string::npos && us + 1 < base.size() && us > 0 &&
      base.find_first_not_of("0123456789", us + 1) == std::string::npos && base.size() - us - 1 <= 4) {
    n = std::atoi(base.c_str() + us + 1) + 1;
    base.resize(us);
  }
  for (; n < 100000; ++n) {
    const std::string suffix = "_" + std::to_string(n);
    const std::string candidate = base.substr(0, max_len > suffix.size() ? max_len - suffix.size() : 0) + suffix;
    if (free(candidate)) return candidate;
  }
  return base;  // 100,000 creatures of one name: the save will ask before replacing
}

namespace {

std::string version_path(const UserData& data, const std::string& stem, int generation) {
  return data.history_dir() + "/" + stem + "." + std::to_string(generation) + ".json";
}

Status io_error(const std::string& path, const std::string& what) {
  return Error{path, "", what + ": " + std::strerror(errno)};
}

}  // namespace

Status keep_earlier_version(const UserData& data, const std::string& stem, const std::string& new_content) {
  const std::string current = saved_creature_path(data, stem);
  if (!is_regular_file(current)) return {};
  Result<std::string> old = read_file(current);
  if (!old) return old.error();
  if (*old == new_content) return {};
  if (Status s = make_dirs(data.history_dir()); !s) return s;
  // Oldest first, so each rename lands on a free (or the dropped oldest) name.
  for (int g = kKeptVersions - 1; g >= 1; --g) {
    const std::string from = version_path(data, stem, g);
    if (path_taken(from) && std::rename(from.c_str(), version_path(data, stem, g + 1).c_str()) != 0)
      return io_error(from, "cannot keep the earlier version");
  }
  const std::string newest = version_path(data, stem, 1);
  ::unlink(newest.c_str());
  // A hard link keeps the bytes and the time that version was saved; the save then renames a new
  // file over creatures/<stem>.json and this inode lives on in history/ alone.
  if (::link(current.c_str(), newest.c_str()) == 0) return {};
  if (Status s = write_file_atomic(newest, *old); !s) return s;
  return {};
}

std::vector<SavedVersion> list_versions(const UserData& data, const std::string& stem) {
  std::vector<SavedVersion> out;
  for (int g = 1; g <= kKeptVersions; ++g) {
    const std::string p = version_path(data, stem, g);
    if (is_regular_file(p)) out.push_back({g, p, file_time(p)});
  }
  return out;
}

Result<std::string> move_to_trash(const UserData& data, const std::string& path) {
  if (Status s = make_dirs(data.trash_dir()); !s) return s.error;
  const std::size_t slash = path.rfind('/');
  const std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
  char stamp[32] = "";
  const std::time_t now = std::time(nullptr);
  std::tm tm {};
  if (::localtime_r(&now, &tm)) std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
  // A leading dot would hide it (and our temporaries' prefix must stay ours).
  const std::string shown = !base.empty() && base[0] == '.' ? "_" + base.substr(1) : base;
  std::string to = data.trash_dir() + "/" + shown + "." + stamp;
  for (int n = 2; path_taken(to); ++n) to = data.trash_dir() + "/" + shown + "." + stamp + "." + std::to_string(n);
  if (std::rename(path.c_str(), to.c_str()) != 0) return io_error(path, "cannot move it to the trash").error;
  return to;
}

}  // namespace cf
