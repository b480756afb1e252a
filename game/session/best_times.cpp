#include "game/session/best_times.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <dirent.h>
#include <filesystem>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

#include "core/file_io.h"
#include "core/file_name.h"
#include "core/hash.h"
#include "game/play/scene.h"
#include "game/session/session.h"

namespace cf {
namespace {

constexpr const char* kFormat = "critterforge.besttimes/2";
constexpr const char* kFormatV1 = "critterforge.besttimes/1";

std::string stem_of(const std::string& path) { return std::filesystem::path(path).stem().string(); }

Status parse_run(const Json& j, BestRun* r, bool v1, const std::string& file, const std::string& where) {
  if (!j.is_object()) return Error{file, where, "must be an object"};
  if (v1) {
    if (Status s = check_keys(j, {"level", "creature", "name", "creature_path", "finish", "splits", "ghost"}, file, where); !s)
      return s;
  } else if (Status s = check_keys(j, {"level", "course_name", "creature", "name", "creature_path", "finish", "splits", "ghost"},
                                   file, where);
             !s) {
    return s;
  }
  std::string hex;
  if (Status s = read_string(j, "level", &r->level, file, where); !s) return s;
  std::uint64_t key = 0;
  if (v1) {
    r->course_name = r->level;
  } else if (!parse_hash_hex(r->level, &key)) {
    return Error{file, field_path(where, "level"), "must be the course's key (16 hex digits)"};
  } else if (j.contains("course_name")) {
    if (Status s = read_string(j, "course_name", &r->course_name, file, where); !s) return s;
  }
  if (Status s = read_string(j, "creature", &hex, file, where); !s) return s;
  if (!parse_hash_hex(hex, &r->creature)) return Error{file, field_path(where, "creature"), "must be 16 hex digits"};
  if (Status s = read_string(j, "name", &r->name, file, where); !s) return s;
  if (j.contains("creature_path"))
    if (Status s = read_string(j, "creature_path", &r->creature_path, file, where); !s) return s;
  if (j.contains("ghost"))
    if (Status s = read_string(j, "ghost", &r->ghost, file, where); !s) return s;
  if (!r->ghost.empty() && !is_one_component(r->ghost))
    return Error{file, field_path(where, "ghost"), "must be a file name in trials/ghosts"};
  auto f = j.find("finish");
  if (f == j.end() || !f->is_number_unsigned() || f->get<std::uint64_t>() == 0 || f->get<std::uint64_t>() > (1u << 30))
    return Error{file, field_path(where, "finish"), "must be a whole number of ticks > 0"};
  r->times.finish = f->get<std::uint32_t>();
  auto sp = j.find("splits");
  if (sp == j.end() || !sp->is_array() || sp->size() > kTrialMaxCheckpoints)
    return Error{file, field_path(where, "splits"), "must be an array of at most 16 tick counts"};
  r->times.count = static_cast<std::uint32_t>(sp->size());
  for (std::size_t k = 0; k < sp->size(); ++k) {
    if (!(*sp)[k].is_number_unsigned() || (*sp)[k].get<std::uint64_t>() > r->times.finish)
      return Error{file, field_path(where, "splits"), "each split is a tick count no later than the finish"};
    r->times.splits[k] = (*sp)[k].get<std::uint32_t>();
  }
  return {};
}

}  // namespace

// The table, a damaged one reported on stderr (the game's runs read it without a screen to say it on).
static BestTimes load_best_times_reported(const UserData& data) {
  std::string report;
  BestTimes table = load_best_times(data, &report);
  if (!report.empty()) std::fprintf(stderr, "critterforge: %s\n", report.c_str());
  return table;
}

const BestRun* BestTimes::find(const std::string& level, std::uint64_t creature) const {
  for (const BestRun& r : runs)
    if (r.level == level && r.creature == creature) return &r;
  return nullptr;
}

std::vector<const BestRun*> BestTimes::board(const std::string& level) const {
  std::vector<const BestRun*> out;
  for (const BestRun& r : runs)
    if (r.level == level) out.push_back(&r);
  std::stable_sort(out.begin(), out.end(), [](const BestRun* a, const BestRun* b) { return a->times.finish < b->times.finish; });
  return out;
}

std::uint64_t creature_content_hash(const Json& creature_json) {
  StateHasher h;
  h.str("critterforge.creature-content/1");
  h.str(creature_body_text(creature_json));
  return h.value();
}

std::string trials_dir(const UserData& data) { return data.root + "/trials"; }
std::string best_times_path(const UserData& data) { return trials_dir(data) + "/best_times.json"; }
std::string ghosts_dir(const UserData& data) { return trials_dir(data) + "/ghosts"; }
std::string ghost_path(const UserData& data, const BestRun& run) { return ghosts_dir(data) + "/" + run.ghost; }

std::string course_key(const Json& level_json) {
  Json body = level_json;
  if (body.is_object()) body.erase("name");  // a name is only shown: renaming keeps the times
  if (body.is_object()) body.erase("friends_goal");  // so is a goal: setting one keeps the records
  StateHasher h;
  h.str("critterforge.course/1");
  h.str(body.dump());
  return hash_hex(h.value());
}

std::string course_key_of_file(const std::string& path) {
  Result<std::string> text = read_file(path, 64u << 20);
  if (!text) return "";
  Result<Json> j = parse_json(*text, path);
  return j ? course_key(*j) : "";
}

Result<Replay> load_ghost(const std::string& path) {
  Result<std::string> text = read_file(path, kMaxGhostBytes);
  if (!text) return text.error();
  return parse_replay(*text, path, kGhostMemoryBudget);
}

Result<BestTimes> parse_best_times(const std::string& text, const std::string& file) {
  auto jr = parse_json(text, file);
  if (!jr) return jr.error();
  const Json& j = *jr;
  const auto format = j.is_object() ? j.find("format") : j.end();
  const bool v1 = format != j.end() && format->is_string() && format->get<std::string>() == kFormatV1;
  if (!v1 && format != j.end() && format->is_string()) {
    const std::string f = format->get<std::string>();
    if (f.rfind("critterforge.besttimes/", 0) == 0 && f != kFormat)
      return Error{file, "format", "\"" + f.substr(0, 40) + "\" is newer than this game reads (" + kFormat + ")"};
  }
  if (!v1)
    if (Status s = check_format(j, kFormat, file); !s) return s.error;
  if (Status s = check_keys(j, {"format", "runs"}, file, ""); !s) return s.error;
  auto runs = j.find("runs");
  if (runs == j.end() || !runs->is_array()) return Error{file, "runs", "must be an array"};
  if (runs->size() > 100000) return Error{file, "runs", "too many runs"};
  BestTimes out;
  out.old_format = v1;
  for (std::size_t i = 0; i < runs->size(); ++i) {
    BestRun r;
    if (Status s = parse_run((*runs)[i], &r, v1, file, "runs[" + std::to_string(i) + "]"); !s) return s.error;
    out.runs.push_back(std::move(r));
  }
  return out;
}

Json best_times_to_json(const BestTimes& t) {
  Json runs = Json::array();
  for (const BestRun& r : t.runs) {
    Json splits = Json::array();
    for (std::uint32_t k = 0; k < r.times.count; ++k) splits.push_back(r.times.splits[k]);
    runs.push_back(Json{{"level", r.level}, {"course_name", r.course_name}, {"creature", hash_hex(r.creature)}, {"name", r.name},
                        {"creature_path", r.creature_path}, {"finish", r.times.finish}, {"splits", splits},
                        {"ghost", r.ghost}});
  }
  return Json{{"format", kFormat}, {"runs", runs}};
}

namespace {

// An old table's course name becomes a course key: its ghost's level when it has one, else the one
// shipped level of that name; a name neither gives stays (no course has that key, the run is kept).
void move_to_course_keys(const UserData& data, BestTimes* t) {
  std::vector<std::pair<std::string, std::string>> shipped;  // name, key (read once, when needed)
  bool listed = false;
  for (BestRun& r : t->runs) {
    std::string key;
    if (!r.ghost.empty()) {
      Result<Replay> g = load_ghost(ghost_path(data, r));
      if (g && g->level_json.is_object()) key = course_key(g->level_json);
    }
    if (key.empty()) {
      if (!listed) {
        for (const CreatureEntry& e : list_levels()) {
          Result<std::string> text = read_file(e.path, 16u << 20);
          Result<Json> j = text ? parse_json(*text, e.path) : Result<Json>(text.error());
          if (!j || !j->is_object()) continue;
          auto n = j->find("name");
          shipped.emplace_back(n != j->end() && n->is_string() ? n->get<std::string>() : e.name, course_key(*j));
        }
        listed = true;
      }
      int found = 0;
      for (const auto& [name, k] : shipped)
        if (name == r.course_name) key = k, ++found;
      if (found != 1) key.clear();
    }
    if (!key.empty()) r.level = key;
  }
  t->old_format = false;
}

}  // namespace

BestTimes load_best_times(const UserData& data, std::string* report, bool* damaged) {
  if (damaged) *damaged = false;
  const std::string path = best_times_path(data);
  if (!path_taken(path)) return {};
  Result<BestTimes> r = read_and_parse(path, kMaxBestTimesBytes, parse_best_times);
  if (!r) {
    if (damaged) *damaged = true;
    // Kept aside (a fresh -<n> each time) so the next save does not write over the player's times.
    Result<std::string> aside = set_aside_damaged(path);
    if (report) {
      *report = r.error().to_string() +
                (aside ? " (kept as " + std::filesystem::path(*aside).filename().string() + "; best times start afresh)"
                       : " (" + aside.error().message + "; best times are not saved)");
    }
    return {};
  }
  BestTimes t = std::move(*r);
  if (t.old_format) {
    move_to_course_keys(data, &t);
    (void)save_best_times(data, t);  // once: the next start reads keys
  }
  for (BestRun& run : t.runs)  // a ghost file lost (a kill, a player's hand) is shown as none
    if (!run.ghost.empty() && !is_regular_file(ghost_path(data, run))) run.ghost.clear();
  return t;
}

int remove_orphan_ghosts(const UserData& data) {
  std::string report;
  bool damaged = false;
  const BestTimes t = load_best_times(data, &report, &damaged);
  if (!report.empty()) std::fprintf(stderr, "critterforge: %s\n", report.c_str());
  if (damaged) return 0;  // the table kept aside may name them
  std::set<std::string> named;
  for (const BestRun& r : t.runs)
    if (!r.ghost.empty()) named.insert(r.ghost);
  DIR* d = ::opendir(ghosts_dir(data).c_str());
  if (!d) return 0;
  int removed = 0;
  const std::string suffix = ".replay.json";
  while (const dirent* e = ::readdir(d)) {
    const std::string n = e->d_name;
    if (n[0] == '.' || n.size() <= suffix.size() || n.compare(n.size() - suffix.size(), suffix.size(), suffix) != 0 ||
        named.count(n))
      continue;
    const std::string p = ghosts_dir(data) + "/" + n;
    struct stat st {};
    if (::lstat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::unlink(p.c_str()) == 0) ++removed;
  }
  ::closedir(d);
  return removed;
}

Status save_best_times(const UserData& data, const BestTimes& t) {
  if (Status s = make_dirs(trials_dir(data)); !s) return s;
  return write_file_atomic(best_times_path(data), best_times_to_json(t).dump(1) + "\n");
}

Status record_trial_finish(const UserData& data, const Session& session, bool* is_best) {
  *is_best = false;
  const TrialRun& run = session.trial();
  if (run.phase != TrialRun::Phase::kFinished) return {};
  const Scene& scene = session.scene();
  BestRun best;
  best.level = trial_level_key(scene);
  best.course_name = trial_level_name(scene);
  best.creature = creature_content_hash(scene.creature_json);
  best.name = stem_of(scene.creature_path);
  best.creature_path = scene.creature_path;
  best.times = run.times;
  BestTimes table = load_best_times_reported(data);
  const BestRun* old = table.find(best.level, best.creature);
  if (old && old->times.finish <= best.times.finish) return {};
  *is_best = true;
  // Named from the game's own ids; the course's name gives only a slug.
  Result<std::string> name = game_file_name(best.course_name, best.level + "-" + hash_hex(best.creature) + "-" +
                                                                  std::to_string(best.times.finish),
                                            ".replay.json");
  if (!name) return name.error();
  best.ghost = *name;
  Result<std::string> path = path_in(ghosts_dir(data), best.ghost);
  if (!path) return path.error();
  if (Status s = make_dirs(ghosts_dir(data)); !s) return s;
  if (Status s = save_replay(*path, session.recording()); !s) return s;
  const std::string old_ghost = old && old->ghost != best.ghost ? ghost_path(data, *old) : "";
  table.runs.erase(std::remove_if(table.runs.begin(), table.runs.end(),
                                  [&](const BestRun& r) { return r.level == best.level && r.creature == best.creature; }),
                   table.runs.end());
  table.runs.push_back(best);
  if (Status s = save_best_times(data, table); !s) return s;
  if (!old_ghost.empty()) std::remove(old_ghost.c_str());
  return {};
}

std::string trial_level_key(const Scene& scene) { return course_key(scene.level_json); }

std::string trial_level_name(const Scene& scene) {
  return scene.level.name.empty() ? stem_of(scene.level_path) : scene.level.name;
}

std::vector<GhostChoice> ghost_choices(const BestTimes& table, const std::string& level, std::uint64_t creature) {
  std::vector<GhostChoice> out;
  if (const BestRun* own = table.find(level, creature); own && !own->ghost.empty()) out.push_back({*own, true});
  for (const BestRun* r : table.board(level))
    if (r->creature != creature && !r->ghost.empty()) out.push_back({*r, false});
  return out;
}

std::string ghost_label(const GhostChoice& c) {
  std::string who = c.run.name;
  for (char& ch : who) ch = ch == '_' ? ' ' : static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return (c.own ? std::string("YOUR BEST") : who.substr(0, 16)) + " " + format_trial_time(c.run.times.finish);
}

void apply_trial_choice(Session* session, const UserData& data, const GhostChoice* ghost) {
  const Scene& scene = session->scene();
  if (!scene.level.trial.present) return;
  const BestTimes table = load_best_times_reported(data);
  const BestRun* best = table.find(trial_level_key(scene), creature_content_hash(scene.creature_json));
  session->set_trial_best(best ? &best->times : nullptr);  // the splits compare with the player's own best
  session->clear_ghost();
  if (!ghost || ghost->run.ghost.empty()) return;
  const std::string path = ghost_path(data, ghost->run);
  Result<Replay> replay = load_ghost(path);
  if (!replay) {
    std::fprintf(stderr, "critterforge: no ghost: %s\n", replay.error().to_string().c_str());
    return;
  }
  session->set_ghost(*replay, path, ghost_label(*ghost), ghost->own);
}

void apply_trial_best(Session* session, const UserData& data) {
  const Scene& scene = session->scene();
  if (!scene.level.trial.present) return;
  const std::vector<GhostChoice> choices =
      ghost_choices(load_best_times_reported(data), trial_level_key(scene), creature_content_hash(scene.creature_json));
  apply_trial_choice(session, data, !choices.empty() && choices[0].own ? &choices[0] : nullptr);
}

}  // namespace cf
