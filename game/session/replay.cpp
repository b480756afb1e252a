#include "game/session/replay.h"

#include <limits>

#include "core/file_io.h"
#include "core/hash.h"

namespace cf {

namespace {

// [count, lx, ly, rx, ry, lt, rt, buttons, pressed] and, only when the mouse or text entry was used,
// [..., mouse_x, mouse_y, typed]: pad-only replays (every older file) keep their 9 fields.
constexpr int kPadFields = 9;
constexpr int kInputFields = 12;
#define CF_INPUT_FORM "[count, lx, ly, rx, ry, lt, rt, buttons, pressed] (+ [mouse_x, mouse_y, typed])"

Json frame_json(std::uint64_t count, const InputFrame& f) {
  Json j = Json::array({count, f.left_x, f.left_y, f.right_x, f.right_y, f.left_trigger, f.right_trigger,
                        f.buttons, f.pressed});
  if (f.mouse_x != 0 || f.mouse_y != 0 || f.typed != 0) {
    j.push_back(f.mouse_x);
    j.push_back(f.mouse_y);
    j.push_back(f.typed);
  }
  return j;
}

Json asset_json(const std::string& path, const Json& content) {
  Json j = Json::object();
  j["path"] = path;
  if (!content.is_null()) j["content"] = content;
  return j;
}

Status read_asset(const Json& root, const char* key, const std::string& file, std::string* path, Json* content) {
  auto it = root.find(key);
  if (it == root.end()) return Error{file, key, "missing (an object with \"path\" and \"content\")"};
  if (!it->is_object()) return Error{file, key, "must be an object with \"path\" and \"content\""};
  if (Status s = read_string(*it, "path", path, file, key); !s) return s;
  auto c = it->find("content");
  if (c != it->end()) {
    if (!c->is_object()) return Error{file, field_path(key, "content"), "must be the file's JSON object"};
    *content = *c;
  } else if (path->empty()) {
    return Error{file, field_path(key, "path"), "empty, and there is no content"};
  }
  return {};
}

Status read_int(const Json& v, long long lo, long long hi, const std::string& file, const std::string& where,
                long long* out) {
  if (!v.is_number_integer() && !v.is_number_unsigned()) return Error{file, where, "must be an integer"};
  if (v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(hi)) {
    return Error{file, where, "out of range [" + std::to_string(lo) + ", " + std::to_string(hi) + "]"};
  }
  const long long x = v.is_number_unsigned() ? static_cast<long long>(v.get<std::uint64_t>()) : v.get<long long>();
  if (x < lo || x > hi) {
    return Error{file, where, "out of range [" + std::to_string(lo) + ", " + std::to_string(hi) + "]"};
  }
  *out = x;
  return {};
}

}  // namespace

Json replay_to_json(const Replay& r) {
  Json j = Json::object();
  j["format"] = kReplayFormat;
  j["creature"] = asset_json(r.creature_path, r.creature_json);
  j["level"] = asset_json(r.level_path, r.level_json);
  j["seed"] = r.seed;
  if (!r.herd.empty()) {
    Json herd = Json::array();
    for (const HerdKind& k : r.herd) herd.push_back(asset_json(k.path, k.json));
    j["herd"] = std::move(herd);
  }
  if (r.test_drive) j["test_drive"] = true;
  j["ticks"] = r.inputs.size();
  Json inputs = Json::array();
  for (std::size_t i = 0; i < r.inputs.size();) {
    std::size_t n = 1;
    while (i + n < r.inputs.size() && r.inputs[i + n] == r.inputs[i]) ++n;
    inputs.push_back(frame_json(n, r.inputs[i]));
    i += n;
  }
  j["inputs"] = std::move(inputs);
  Json hashes = Json::array();
  for (const ReplayCheckpoint& c : r.hashes) hashes.push_back(Json{{"tick", c.tick}, {"hash", hash_hex(c.hash)}});
  j["hashes"] = std::move(hashes);
  return j;
}

Result<Replay> parse_replay(const std::string& text, const std::string& file, std::size_t memory_budget) {
  Result<Json> pj = parse_json(text, file, memory_budget);
  if (!pj) return pj.error();
  const Json& j = *pj;
  if (!j.is_object()) return Error{file, "", "must be a JSON object"};
  if (Status s = check_format(j, kReplayFormat, file); !s) return s.error;
  Replay r;
  if (Status s = read_asset(j, "creature", file, &r.creature_path, &r.creature_json); !s) return s.error;
  if (Status s = read_asset(j, "level", file, &r.level_path, &r.level_json); !s) return s.error;

  auto seed = j.find("seed");
  if (seed == j.end()) return Error{file, "seed", "missing"};
  if (!seed->is_number_unsigned() && !(seed->is_number_integer() && seed->get<long long>() >= 0)) {
    return Error{file, "seed", "must be a non-negative integer"};
  }
  r.seed = seed->get<std::uint64_t>();
  if (auto drive = j.find("test_drive"); drive != j.end()) {
    if (!drive->is_boolean()) return Error{file, "test_drive", "must be true or false"};
    r.test_drive = drive->get<bool>();
  }

  if (auto herd = j.find("herd"); herd != j.end()) {
    if (!herd->is_array()) return Error{file, "herd", "must be an array of {\"path\", \"content\"} objects"};
    if (herd->size() > static_cast<std::size_t>(kMaxHerd)) {
      return Error{file, "herd", "more than " + std::to_string(kMaxHerd) + " creatures"};
    }
    for (std::size_t i = 0; i < herd->size(); ++i) {
      const Json wrapper = Json{{"member", (*herd)[i]}};
      HerdKind k;
      const std::string where = "herd[" + std::to_string(i) + "]";
      if (Status s = read_asset(wrapper, "member", file, &k.path, &k.json); !s) {
        s.error.field.replace(0, 6, where);
        return s.error;
      }
      if (k.json.is_null()) return Error{file, where + ".content", "missing (herd creatures are embedded)"};
      r.herd.push_back(std::move(k));
    }
  }

  auto inputs = j.find("inputs");
  if (inputs == j.end()) return Error{file, "inputs", "missing"};
  if (!inputs->is_array()) return Error{file, "inputs", "must be an array of " CF_INPUT_FORM};
  for (std::size_t i = 0; i < inputs->size(); ++i) {
    const Json& e = (*inputs)[i];
    const std::string where = "inputs[" + std::to_string(i) + "]";
    if (!e.is_array() || (e.size() != kPadFields && e.size() != kInputFields)) {
      return Error{file, where, "must be " CF_INPUT_FORM};
    }
    long long v[kInputFields] = {};
    // The camera stick (3, 4) reaches past full deflection with a raised camera speed.
    static const long long lo[kInputFields] = {1, -32767, -32767, -kCameraAxisMax, -kCameraAxisMax, 0, 0, 0, 0, -32767, -32767, 0};
    const long long hi[kInputFields] = {static_cast<long long>(kReplayMaxTicks), 32767, 32767, kCameraAxisMax, kCameraAxisMax, 32767,
                                        32767, 0xffffffffll, 0xffffffffll, 32767, 32767, 127};
    for (int k = 0; k < static_cast<int>(e.size()); ++k) {
      if (Status s = read_int(e[static_cast<std::size_t>(k)], lo[k], hi[k], file,
                              where + "[" + std::to_string(k) + "]", &v[k]);
          !s) {
        return s.error;
      }
    }
    if (r.inputs.size() + static_cast<std::uint64_t>(v[0]) > kReplayMaxTicks) {
      return Error{file, where, "too many ticks (at most " + std::to_string(kReplayMaxTicks) + ")"};
    }
    InputFrame f;
    f.left_x = static_cast<std::int16_t>(v[1]);
    f.left_y = static_cast<std::int16_t>(v[2]);
    f.right_x = static_cast<std::int32_t>(v[3]);
    f.right_y = static_cast<std::int32_t>(v[4]);
    f.left_trigger = static_cast<std::int16_t>(v[5]);
    f.right_trigger = static_cast<std::int16_t>(v[6]);
    f.buttons = static_cast<std::uint32_t>(v[7]);
    f.pressed = static_cast<std::uint32_t>(v[8]);
    f.mouse_x = static_cast<std::int16_t>(v[9]);
    f.mouse_y = static_cast<std::int16_t>(v[10]);
    f.typed = static_cast<std::uint8_t>(v[11]);
    r.inputs.insert(r.inputs.end(), static_cast<std::size_t>(v[0]), f);
  }
  auto ticks = j.find("ticks");
  if (ticks != j.end()) {
    long long t = 0;
    if (Status s = read_int(*ticks, 0, static_cast<long long>(kReplayMaxTicks), file, "ticks", &t); !s) return s.error;
    if (static_cast<std::uint64_t>(t) != r.inputs.size()) {
      return Error{file, "ticks", std::to_string(t) + " but the inputs cover " + std::to_string(r.inputs.size()) +
                                      " ticks"};
    }
  }

  auto hashes = j.find("hashes");
  if (hashes != j.end()) {
    if (!hashes->is_array()) return Error{file, "hashes", "must be an array of {\"tick\", \"hash\"}"};
    for (std::size_t i = 0; i < hashes->size(); ++i) {
      const Json& h = (*hashes)[i];
      const std::string where = "hashes[" + std::to_string(i) + "]";
      if (!h.is_object()) return Error{file, where, "must be {\"tick\": N, \"hash\": \"16 hex digits\"}"};
      auto t = h.find("tick");
      if (t == h.end()) return Error{file, where + ".tick", "missing"};
      long long tick = 0;
      if (Status s = read_int(*t, 0, static_cast<long long>(r.inputs.size()), file, where + ".tick", &tick); !s) {
        return s.error;
      }
      if (!r.hashes.empty() && static_cast<std::uint64_t>(tick) <= r.hashes.back().tick) {
        return Error{file, where + ".tick", "ticks must be ascending"};
      }
      std::string hex;
      if (Status s = read_string(h, "hash", &hex, file, where); !s) return s.error;
      ReplayCheckpoint c;
      c.tick = static_cast<std::uint64_t>(tick);
      if (!parse_hash_hex(hex, &c.hash)) return Error{file, where + ".hash", "must be 16 hex digits"};
      r.hashes.push_back(c);
    }
  }
  return r;
}

Result<Replay> load_replay(const std::string& path) {
  Result<std::string> text = read_file(path, kMaxReplayBytes);
  if (!text) return text.error();
  return parse_replay(*text, path);
}

Status save_replay(const std::string& path, const Replay& r) {
  return write_file_atomic(path, replay_to_json(r).dump(1) + "\n");
}

bool ReplayVerifier::check(std::uint64_t tick, std::uint64_t hash) {
  if (diverged_ || !hashes_) return !diverged_;
  while (next_ < hashes_->size() && (*hashes_)[next_].tick < tick) ++next_;
  if (next_ >= hashes_->size() || (*hashes_)[next_].tick != tick) return true;
  const ReplayCheckpoint& c = (*hashes_)[next_++];
  ++checked_;
  if (c.hash == hash) {
    last_good_ = tick;
    return true;
  }
  diverged_ = true;
  bad_ = c;
  actual_ = hash;
  return false;
}

std::string ReplayVerifier::message() const {
  if (!diverged_) return "replay matches (" + std::to_string(checked_) + " hashes checked)";
  return "replay diverged at tick " + std::to_string(bad_.tick) + " (expected " + hash_hex(bad_.hash) + ", got " +
         hash_hex(actual_) + "; last match at tick " + std::to_string(last_good_) + ", so the first different tick is in " +
         std::to_string(last_good_ + 1) + ".." + std::to_string(bad_.tick) + ")";
}

}  // namespace cf
