#pragma once
// Replay files ("critterforge.replay/1"): the creature and level (embedded content plus their original
// paths), the seed, every tick's InputFrame (run-length encoded) and the state hash every 60 ticks.
#include <cstdint>
#include <string>
#include <vector>

#include "core/input_frame.h"
#include "core/json.h"
#include "core/result.h"
#include "game/play/herd.h"

namespace cf {

constexpr const char* kReplayFormat = "critterforge.replay/1";
constexpr std::uint64_t kReplayHashInterval = 60;       // ticks between recorded hashes
constexpr std::uint64_t kReplayMaxTicks = 60ull * 60 * 60 * 4;  // four hours

struct ReplayCheckpoint {
  std::uint64_t tick = 0;  // hash of the state after this many ticks
  std::uint64_t hash = 0;
};

struct Replay {
  std::string creature_path;  // original paths, for display (and loading when content is null)
  std::string level_path;
  Json creature_json;         // embedded creature file content; null when the file gives only a path
  Json level_json;
  std::uint64_t seed = 0;
  std::vector<HerdKind> herd;               // the herd's creatures in order (embedded), empty for none
  bool test_drive = false;                  // a test walk's Test drive: the motion menu stays open (motion_menu.h)
  std::vector<InputFrame> inputs;           // inputs[i] drives tick i + 1
  std::vector<ReplayCheckpoint> hashes;     // ascending ticks; may be empty (an input script)
};

Json replay_to_json(const Replay& r);
// Largest replay file read: a four-hour run whose inputs change every tick is about 35 MB, real
// ones are tens of KB; with kJsonMemoryBudget a hostile one stays under 256 MB.
constexpr std::size_t kMaxReplayBytes = 16u << 20;

// Errors name the file, the field ("inputs[3][2]") and the problem. The parsed text may take at most
// memory_budget (parse_json).
Result<Replay> parse_replay(const std::string& text, const std::string& file,
                            std::size_t memory_budget = kJsonMemoryBudget);
Result<Replay> load_replay(const std::string& path);
// Written atomically (temp file + rename).
Status save_replay(const std::string& path, const Replay& r);

// Checks a re-run against a replay's hashes, one tick at a time.
class ReplayVerifier {
 public:
  explicit ReplayVerifier(const std::vector<ReplayCheckpoint>* hashes) : hashes_(hashes) {}
  // Call after each tick with the state's tick count and hash. Returns false at the first mismatch.
  bool check(std::uint64_t tick, std::uint64_t hash);
  bool diverged() const { return diverged_; }
  std::uint64_t diverged_tick() const { return bad_.tick; }  // first checkpoint that differs
  std::uint64_t last_good_tick() const { return last_good_; }  // last checkpoint that matched (0: none)
  std::uint64_t expected() const { return bad_.hash; }
  std::uint64_t actual() const { return actual_; }
  int checked() const { return checked_; }
  // "replay diverged at tick 120 (expected ..., got ...; last match at tick 60)"
  std::string message() const;

 private:
  const std::vector<ReplayCheckpoint>* hashes_;
  std::size_t next_ = 0;
  bool diverged_ = false;
  ReplayCheckpoint bad_;
  std::uint64_t actual_ = 0;
  std::uint64_t last_good_ = 0;
  int checked_ = 0;
};

}  // namespace cf
