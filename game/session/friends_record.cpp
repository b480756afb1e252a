#include "game/session/friends_record.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>

#include "core/file_io.h"
#include "core/hash.h"
#include "game/play/befriend.h"
#include "game/play/scene.h"
#include "game/session/best_times.h"
#include "game/session/session.h"

namespace cf {
namespace {

constexpr const char* kFriendsFormat = "critterforge.friends/1";
constexpr std::size_t kMaxFriendsBests = 100000;

Status read_friend_hash(const Json& v, std::uint64_t* out, const std::string& file, const std::string& where) {
  if (!v.is_string() || !parse_hash_hex(v.get<std::string>(), out)) return Error{file, where, "must be 16 hex digits"};
  return {};
}

Status parse_friends_best(const Json& j, FriendsBest* b, const std::string& file, const std::string& where) {
  if (!j.is_object()) return Error{file, where, "must be an object"};
  if (Status s = check_keys(j, {"level", "course_name", "creature", "friends", "pack", "order"}, file, where); !s) return s;
  std::uint64_t key = 0;
  if (Status s = read_string(j, "level", &b->level, file, where); !s) return s;
  if (!parse_hash_hex(b->level, &key)) return Error{file, field_path(where, "level"), "must be the level's key (16 hex digits)"};
  if (j.contains("course_name"))
    if (Status s = read_string(j, "course_name", &b->course_name, file, where); !s) return s;
  if (b->course_name.size() > 256) return Error{file, field_path(where, "course_name"), "longer than 256 characters"};
  auto c = j.find("creature");
  if (c == j.end()) return Error{file, field_path(where, "creature"), "missing"};
  if (Status s = read_friend_hash(*c, &b->creature, file, field_path(where, "creature")); !s) return s;
  auto f = j.find("friends");
  if (f == j.end() || !f->is_number_unsigned() || f->get<std::uint64_t>() < 1 || f->get<std::uint64_t>() > static_cast<std::uint64_t>(kMaxHerd))
    return Error{file, field_path(where, "friends"), "must be a whole number of friends in [1, 64]"};
  b->friends = f->get<int>();
  auto p = j.find("pack");
  if (p == j.end() || !p->is_array() || p->size() != static_cast<std::size_t>(b->friends))
    return Error{file, field_path(where, "pack"), "must list one creature hash per friend"};
  for (std::size_t k = 0; k < p->size(); ++k) {
    std::uint64_t h = 0;
    if (Status s = read_friend_hash((*p)[k], &h, file, field_path(where, "pack") + "[" + std::to_string(k) + "]"); !s) return s;
    b->pack.push_back(h);
  }
  if (j.contains("order")) {
    const Json& o = j["order"];
    if (!o.is_number_unsigned()) return Error{file, field_path(where, "order"), "must be a whole number"};
    b->order = o.get<std::uint64_t>();
  }
  return {};
}

}  // namespace

const FriendsBest* FriendsRecord::find(const std::string& level, std::uint64_t creature) const {
  for (const FriendsBest& b : bests)
    if (b.level == level && b.creature == creature) return &b;
  return nullptr;
}

const FriendsBest* FriendsRecord::pack_of(std::uint64_t creature) const {
  const FriendsBest* out = nullptr;
  for (const FriendsBest& b : bests) {
    if (b.creature != creature) continue;
    if (!out || b.friends > out->friends || (b.friends == out->friends && b.order > out->order)) out = &b;
  }
  return out;
}

std::string friends_dir(const UserData& data) { return data.root + "/friends"; }
std::string friends_path(const UserData& data) { return friends_dir(data) + "/friends.json"; }

Result<FriendsRecord> parse_friends_record(const std::string& text, const std::string& file) {
  auto jr = parse_json(text, file, kFriendsMemoryBudget);
  if (!jr) return jr.error();
  const Json& j = *jr;
  const auto format = j.is_object() ? j.find("format") : j.end();
  if (format != j.end() && format->is_string()) {
    const std::string f = format->get<std::string>();
    if (f.rfind("critterforge.friends/", 0) == 0 && f != kFriendsFormat)
      return Error{file, "format", "\"" + f.substr(0, 40) + "\" is newer than this game reads (" + kFriendsFormat + ")"};
  }
  if (Status s = check_format(j, kFriendsFormat, file); !s) return s.error;
  if (Status s = check_keys(j, {"format", "bests"}, file, ""); !s) return s.error;
  auto bests = j.find("bests");
  if (bests == j.end() || !bests->is_array()) return Error{file, "bests", "must be an array"};
  if (bests->size() > kMaxFriendsBests) return Error{file, "bests", "too many entries"};
  FriendsRecord out;
  for (std::size_t i = 0; i < bests->size(); ++i) {
    FriendsBest b;
    if (Status s = parse_friends_best((*bests)[i], &b, file, "bests[" + std::to_string(i) + "]"); !s) return s.error;
    out.bests.push_back(std::move(b));
  }
  return out;
}

Json friends_record_to_json(const FriendsRecord& r) {
  Json bests = Json::array();
  for (const FriendsBest& b : r.bests) {
    Json pack = Json::array();
    for (std::uint64_t h : b.pack) pack.push_back(hash_hex(h));
    bests.push_back(Json{{"level", b.level}, {"course_name", b.course_name}, {"creature", hash_hex(b.creature)},
                         {"friends", b.friends}, {"pack", pack}, {"order", b.order}});
  }
  return Json{{"format", kFriendsFormat}, {"bests", bests}};
}

FriendsRecord load_friends_record(const UserData& data, std::string* report, bool* damaged) {
  if (damaged) *damaged = false;
  const std::string path = friends_path(data);
  if (!path_taken(path)) return {};
  Result<FriendsRecord> r = read_and_parse(path, kMaxFriendsBytes, parse_friends_record);
  if (r) return std::move(*r);
  if (damaged) *damaged = true;
  // Kept aside (a fresh -<n> each time) so the next save does not write over the player's record.
  Result<std::string> aside = set_aside_damaged(path);
  if (report) {
    *report = r.error().to_string() +
              (aside ? " (kept as " + std::filesystem::path(*aside).filename().string() + "; friends start afresh)"
                     : " (" + aside.error().message + "; friends are not saved)");
  }
  return {};
}

Status save_friends_record(const UserData& data, const FriendsRecord& record) {
  if (Status s = make_dirs(friends_dir(data)); !s) return s;
  return write_file_atomic(friends_path(data), friends_record_to_json(record).dump(1) + "\n");
}

namespace {

FriendsRecord load_friends_reported(const UserData& data, bool* damaged) {
  std::string report;
  FriendsRecord r = load_friends_record(data, &report, damaged);
  if (!report.empty()) std::fprintf(stderr, "critterforge: %s\n", report.c_str());
  return r;
}

}  // namespace

std::vector<std::uint64_t> session_friends(const Session& session) {
  const SimState& s = session.state();
  const std::vector<const Scene*> scenes = session.species_scenes();
  std::map<int, std::uint64_t> hashes;  // per species, hashed once
  std::vector<std::uint64_t> out;
  for (int i = 1; i < s.creature_count; ++i) {
    const CreatureState& c = s.creatures[static_cast<std::size_t>(i)];
    if (c.wander.temperament == kNoTemperament || c.wander.bond != kBondFriend) continue;
    if (c.species < 0 || static_cast<std::size_t>(c.species) >= scenes.size()) continue;
    auto it = hashes.find(c.species);
    if (it == hashes.end())
      it = hashes.emplace(c.species, creature_content_hash(scenes[static_cast<std::size_t>(c.species)]->creature_json)).first;
    out.push_back(it->second);
  }
  return out;
}

Status record_friends(const UserData& data, const Session& session, int* best, bool* saved) {
  *saved = false;
  *best = 0;
  const Scene& scene = session.scene();
  if (scene.level.trial.present) return {};
  const std::vector<std::uint64_t> pack = session_friends(session);
  FriendsBest b;
  b.level = trial_level_key(scene);
  b.course_name = trial_level_name(scene).substr(0, 256);
  b.creature = creature_content_hash(scene.creature_json);
  b.friends = static_cast<int>(std::min<std::size_t>(pack.size(), kMaxHerd));
  b.pack.assign(pack.begin(), pack.begin() + b.friends);
  bool damaged = false;
  FriendsRecord record = load_friends_reported(data, &damaged);
  const FriendsBest* old = record.find(b.level, b.creature);
  *best = old ? old->friends : 0;
  if (b.friends == 0 || b.friends <= *best) return {};
  for (const FriendsBest& e : record.bests) b.order = std::max(b.order, e.order + 1);
  record.bests.erase(std::remove_if(record.bests.begin(), record.bests.end(),
                                    [&](const FriendsBest& e) { return e.level == b.level && e.creature == b.creature; }),
                     record.bests.end());
  record.bests.push_back(b);
  *best = b.friends;
  if (Status s = save_friends_record(data, record); !s) return s;
  *saved = true;
  return {};
}

void FriendsWatch::update(const UserData& data, const Session& session) {
  if (session.playing_back() || session.scene().level.trial.present) return;
  if (!known_ || scene_ != session.scene().identity) {  // a new scene: its best read once
    scene_ = session.scene().identity;
    known_ = true;
    bool damaged = false;
    const FriendsRecord record = load_friends_reported(data, &damaged);
    const FriendsBest* b = record.find(trial_level_key(session.scene()), creature_content_hash(session.scene().creature_json));
    best_ = b ? b->friends : 0;
  }
  const int friends = befriend_summary(session.state()).friends;
  if (friends <= best_) return;
  best_ = friends;  // once per new best, saved or not (a failed save is not tried every tick)
  int best = 0;
  bool saved = false;
  if (Status s = record_friends(data, session, &best, &saved); !s)
    std::fprintf(stderr, "critterforge: cannot save the friends made: %s\n", s.error.to_string().c_str());
  else
    best_ = std::max(best_, best);
}

int FriendsWatch::best(const Session& session) const {
  return known_ && scene_ == session.scene().identity ? best_ : 0;
}

std::vector<HerdKind> remembered_pack(const UserData& data, std::uint64_t creature, const std::string& creatures_dir, int n) {
  std::vector<HerdKind> out;
  bool damaged = false;
  const FriendsRecord record = load_friends_reported(data, &damaged);
  const FriendsBest* best = record.pack_of(creature);
  if (!best || n <= 0) return out;
  // The creatures there, each file read and hashed; sorted so equal contents match the same file everywhere.
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(creatures_dir, ec))
    if (e.is_regular_file(ec) && e.path().extension() == ".json") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  std::map<std::uint64_t, HerdKind> by_hash;
  for (const std::string& f : files) {
    Result<Json> j = load_json_file(f);
    if (!j) continue;
    const std::uint64_t h = creature_content_hash(*j);
    by_hash.emplace(h, HerdKind{f, std::move(*j)});
  }
  for (std::uint64_t h : best->pack) {
    if (static_cast<int>(out.size()) >= n) break;
    auto it = by_hash.find(h);
    if (it != by_hash.end()) out.push_back(it->second);
  }
  return out;
}

Result<std::vector<HerdKind>> spectators_with(const std::vector<HerdKind>& pack, int count, std::uint64_t seed,
                                              const std::string& creatures_dir) {
  Result<std::vector<HerdKind>> picked = pick_herd(count, seed, creatures_dir);
  if (!picked || pack.empty()) return picked;
  std::vector<HerdKind> out(pack.begin(), pack.begin() + std::min<std::size_t>(pack.size(), static_cast<std::size_t>(count)));
  for (std::size_t k = 0; out.size() < static_cast<std::size_t>(count) && k < picked->size(); ++k) out.push_back((*picked)[k]);
  return out;
}

void start_with_friends(Session* session, Scene scene, std::uint64_t seed, const UserData& data) {
  const int count = scene.level.trial.present ? scene.level.spectators.count : 0;
  const std::string dir = default_assets_dir() + "/creatures";
  std::vector<HerdKind> pack;
  if (count > 0) pack = remembered_pack(data, creature_content_hash(scene.creature_json), dir, count);
  if (!scene.level.trial.present && scene.level.herd > 0) {  // free roam: the level's herd to befriend
    Result<std::vector<HerdKind>> herd = pick_herd(scene.level.herd, seed, dir);
    if (!herd) std::fprintf(stderr, "critterforge: no herd: %s\n", herd.error().to_string().c_str());
    const std::vector<HerdKind> none;
    if (Status s = session->start(std::move(scene), seed, herd ? *herd : none); !s)
      std::fprintf(stderr, "critterforge: %s\n", s.error.to_string().c_str());
    return;
  }
  if (pack.empty()) {  // exactly as without a record
    session->start(std::move(scene), seed);
    return;
  }
  Result<std::vector<HerdKind>> herd = spectators_with(pack, count, seed, dir);
  if (!herd) {
    std::fprintf(stderr, "critterforge: no spectators: %s\n", herd.error().to_string().c_str());
    herd = std::vector<HerdKind>{};
  }
  if (Status s = session->start(std::move(scene), seed, *herd); !s) std::fprintf(stderr, "critterforge: %s\n", s.error.to_string().c_str());
}

}  // namespace cf
