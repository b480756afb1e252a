#pragma once
// Shared by the sound tests: a live session of a shipped creature and level fed a list of inputs.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "game/session/replay.h"
#include "game/session/session.h"
#include "game/sound/sound_director.h"

namespace cf::test {

inline void start_session(Session* s, const std::string& creature, const std::string& level, std::uint64_t seed = 1) {
  Result<Scene> scene = load_scene(CF_ASSETS_DIR "/creatures/" + creature, CF_ASSETS_DIR "/levels/" + level);
  ASSERT_TRUE(scene.ok()) << scene.error().to_string();
  s->start(std::move(*scene), seed);
}

// A session whose every tick is heard: its sound director derives the events even with no device.
struct HeardSession {
  Session session;
  SoundDirector director;
};
inline void start_heard(HeardSession* h, const std::string& creature, const std::string& level) {
  start_session(&h->session, creature, level);
  h->director.set_derive_always(true);
  h->session.set_tick_listener(&h->director);
}

// The inputs of a shipped test replay (tests/data/game/<name>).
inline std::vector<InputFrame> replay_inputs(const std::string& name) {
  Result<Replay> r = load_replay(CF_SOURCE_DIR "/tests/data/game/" + name);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().to_string());
  return r.ok() ? r->inputs : std::vector<InputFrame>{};
}

// Full stick forward for 'ticks', then a turn, then standing.
inline std::vector<InputFrame> walk_and_turn(int ticks) {
  std::vector<InputFrame> in;
  for (int t = 0; t < ticks + 180; ++t) {
    InputFrame f;
    if (t < ticks + 120) f.left_y = 32767;
    if (t >= ticks) f.left_x = t < ticks + 120 ? 20000 : 0;
    in.push_back(f);
  }
  return in;
}

}  // namespace cf::test
