#pragma once
// A recorded run written as a replay file's text, read back and played to its end in a fresh
// session: the round trip the befriending and friends-record tests make to show a run replays alone.
#include <gtest/gtest.h>

#include <string>

#include "core/input_frame.h"
#include "game/session/replay.h"
#include "game/session/session.h"

namespace cf::test {

// Plays 'rec', saved and parsed as 'name', in *back to its last tick; a failure says why it did not
// load or start. The caller then checks back->verifier() and the hash it expects.
inline ::testing::AssertionResult play_back_saved(const Replay& rec, const std::string& name, Session* back) {
  Result<Replay> parsed = parse_replay(replay_to_json(rec).dump(), name);
  if (!parsed.ok()) return ::testing::AssertionFailure() << parsed.error().to_string();
  if (Status s = back->start_replay(*parsed, name); !s) return ::testing::AssertionFailure() << s.error.to_string();
  while (back->tick(InputFrame{})) {
  }
  return ::testing::AssertionSuccess();
}

}  // namespace cf::test
