#pragma once
// A play session: the scene, the simulation state, the replay being recorded and (optionally) the
// replay being played back and checked. No SDL, no GL: main, tests and benchmarks drive it alike.
#include <cstdint>
#include <string>

#include "core/input_frame.h"
#include "core/result.h"
#include "game/replay.h"
#include "game/scene.h"
#include "game/sim.h"

namespace cf {

// One-line JSON summary of a state for tests and scripts (--print-state): tick, root position
// (metres), heading (degrees), speed, blocked ticks, hash.
Json state_summary_json(const SimState& s);

class Session {
 public:
  Session() = default;
  Session(const Session&) = delete;  // ctx_ points into scene_
  Session& operator=(const Session&) = delete;

  // A live session on a loaded scene.
  void start(Scene scene, std::uint64_t seed);
  // Plays back 'replay': its scene (embedded content, or loaded from its paths when it has none),
  // its seed and inputs; its hashes are checked as ticks run. Errors name the replay file.
  Status start_replay(const Replay& replay, const std::string& replay_file);

  bool playing_back() const { return playback_; }
  // Ticks left in the replay (0 for a live session).
  std::uint64_t replay_ticks() const { return playback_ ? replay_.inputs.size() : 0; }

  // Runs one tick with 'live' input, or the replay's input when playing back. Records the input and,
  // every kReplayHashInterval ticks, the hash. Returns false when the replay's hash differs (then
  // verifier().message() says where) or the replay has no more input.
  bool tick(const InputFrame& live);

  const SimState& state() const { return state_; }
  const SimState& previous() const { return prev_; }  // state before the last tick (for interpolation)
  const InputFrame& last_input() const { return last_input_; }
  const Scene& scene() const { return scene_; }
  const SimContext& context() const { return ctx_; }
  const ReplayVerifier& verifier() const { return verifier_; }

  // The replay of everything run so far (with the final hash appended when it is not on an interval).
  Replay recording() const;

 private:
  Scene scene_;
  CreaturePose scratch_pose_;  // the vault's working memory (SimContext::scratch_pose)
  SimContext ctx_;
  SimState state_, prev_;
  InputFrame last_input_;
  Replay record_;
  Replay replay_;
  bool playback_ = false;
  ReplayVerifier verifier_{nullptr};
};

}  // namespace cf
