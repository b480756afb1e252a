#include "game/session/drafts.h"

#include <dirent.h>

#include <algorithm>
#include <cmath>

#include "core/file_io.h"
#include "core/file_name.h"
#include "core/json_util.h"
#include "creature/creature_io.h"
#include "core/json.h"

namespace cf {

namespace {

constexpr std::size_t kMaxDraftBytes = 16u << 20;
constexpr std::size_t kMaxDraftEntries = 100000;  // names read from the folder, at most (times only)

// A draft may break the creature rules (it is work in progress) but not hold what the editor could
// never have drawn.
Status check_drawable(const Creature& c, const std::string& file) {
  for (std::size_t i = 0; i < c.parts.size(); ++i) {
    const Part& p = c.parts[i];
    const std::string where = "creature.parts[" + std::to_string(i) + "]";
    if (!(p.radius > 0.0f && p.radius <= 2.0f))
      return Error{file, where + ".radius", "must be in (0, 2] metres"};
    for (const glm::vec3& q : p.stroke) {
      if (!(std::fabs(q.x) <= 100.0f && std::fabs(q.y) <= 100.0f && std::fabs(q.z) <= 100.0f))
        return Error{file, where + ".stroke", "a point is farther than 100 m"};
    }
  }
  return {};
}

bool valid_stem(const std::string& s) {
  return !s.empty() && s.size() <= 64 &&
         s.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") == std::string::npos;
}

}  // namespace

std::string Draft::shown_name() const {
  if (!creature.name.empty()) return creature.name;
  if (!file_stem.empty()) return file_stem;
  return "new creature";
}

Result<Draft> load_draft(const std::string& path) {
  Draft d;
  d.path = path;
  d.time = file_time(path);
  Result<std::string> text = read_file(path, kMaxDraftBytes);
  if (!text) return text.error();
  Result<Json> j = parse_json(*text, path);
  if (!j) return j.error();
  auto format = j->is_object() ? j->find("format") : j->end();
  if (format != j->end() && format->is_string() && format->get<std::string>() == kCreatureFormat) {
    // The single draft of earlier versions: a bare creature file.
    Result<Creature> c = parse_creature(*text, path, false);
    if (!c) return c.error();
    if (Status s = check_drawable(*c, path); !s) return s.error;
    d.legacy = true;
    d.creature = std::move(*c);
    return d;
  }
  if (format == j->end() || !format->is_string() || format->get<std::string>() != kDraftFormat)
    return Error{path, "format", std::string("must be \"") + kDraftFormat + "\""};
  for (auto it = j->begin(); it != j->end(); ++it) {
    if (it.key() != "format" && it.key() != "file" && it.key() != "creature")
      return Error{path, it.key(), "unknown field"};
  }
  auto file = j->find("file");
  if (file != j->end() && !file->is_null()) {
    if (!file->is_string() || !valid_stem(file->get<std::string>()))
      return Error{path, "file", "must be a saved creature's file stem (a-z, 0-9, _) or null"};
    d.file_stem = file->get<std::string>();
  }
  auto creature = j->find("creature");
  if (creature == j->end()) return Error{path, "creature", "missing"};
  Result<Creature> c = parse_creature(creature->dump(), path + " (creature)", false);
  if (!c) return c.error();
  if (Status s = check_drawable(*c, path); !s) return s.error;
  d.creature = std::move(*c);
  return d;
}

std::vector<Draft> list_drafts(const UserData& data, std::size_t* not_listed) {
  // Names and times first (cheap), sorted newest first, then only the newest are read whole.
  std::vector<std::pair<std::int64_t, std::string>> found;
  if (is_regular_file(data.draft_path())) found.emplace_back(file_time(data.draft_path()), data.draft_path());
  if (DIR* dir = ::opendir(data.drafts_dir().c_str())) {
    while (const dirent* e = ::readdir(dir)) {
      const std::string n = e->d_name;
      if (n[0] == '.' || n.size() <= 5 || n.compare(n.size() - 5, 5, ".json") != 0)
        continue;  // ours start with '.'
      const std::string p = data.drafts_dir() + "/" + n;
      if (!is_regular_file(p)) continue;
      found.emplace_back(file_time(p), p);
      if (found.size() >= kMaxDraftEntries) break;
    }
    ::closedir(dir);
  }
  // Newest first; the path breaks ties so the order is the same every time.
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  });
  if (not_listed) *not_listed = found.size() > kMaxListedDrafts ? found.size() - kMaxListedDrafts : 0;
  if (found.size() > kMaxListedDrafts) found.resize(kMaxListedDrafts);
  std::vector<Draft> out;
  for (const auto& [time, p] : found) {
    Result<Draft> d = load_draft(p);
    if (d) {
      out.push_back(std::move(*d));
    } else {
      Draft bad;
      bad.path = p;
      bad.time = time;
      bad.damage = d.error().to_string();
      out.push_back(std::move(bad));
    }
  }
  return out;
}

std::string free_draft_path(const UserData& data, const std::string& preferred) {
  const std::string slug = file_slug(preferred);
  const std::string base = data.drafts_dir() + "/" + (slug.empty() ? std::string("new") : slug);
  std::string p = base + ".json";
  for (int n = 2; path_taken(p); ++n) p = base + "_" + std::to_string(n) + ".json";
  return p;
}

Status write_draft(const std::string& path, const std::string& file_stem, const Creature& creature,
                   int* os_error) {
  const std::size_t slash = path.rfind('/');
  if (slash != std::string::npos && slash > 0) {
    if (Status s = make_dirs(path.substr(0, slash)); !s) return s;
  }
  Json j = Json::object();
  j["format"] = kDraftFormat;
  j["file"] = file_stem.empty() ? Json(nullptr) : Json(file_stem);
  j["creature"] = creature_to_json(creature);
  return write_file_atomic(path, j.dump(1) + "\n", os_error);
}

const Draft* draft_of_file(const std::vector<Draft>& drafts, const std::string& stem) {
  if (stem.empty()) return nullptr;
  for (const Draft& d : drafts) {
    if (d.damage.empty() && d.file_stem == stem) return &d;
  }
  return nullptr;
}

void detach_drafts_of(const UserData& data, const std::string& stem) {
  for (const Draft& d : list_drafts(data)) {
    if (d.damage.empty() && !d.legacy && d.file_stem == stem) write_draft(d.path, "", d.creature);
  }
}

}  // namespace cf
