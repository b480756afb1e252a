#include "game/session/session.h"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <utility>

#include <nlohmann/json.hpp>

#include "core/hash.h"
#include "core/worker_pool.h"
#include "game/play/action.h"
#include "game/play/herd.h"
#include "game/play/controls.h"
#include "game/play/befriend.h"
#include "game/play/actions/clip_action.h"
#include "game/play/spectators.h"
#include "math/angles.h"

namespace cf {

void Session::start(Scene scene, std::uint64_t seed) {
  std::vector<HerdKind> herd;  // a trial's spectators come with its level, picked with the seed
  if (scene.level.trial.present && scene.level.spectators.count > 0) {
    Result<std::vector<HerdKind>> picked = pick_herd(scene.level.spectators.count, seed, default_assets_dir() + "/creatures");
    if (picked) herd = std::move(*picked);
    else std::fprintf(stderr, "critterforge: no spectators: %s\n", picked.error().to_string().c_str());
  }
  if (Status s = start(std::move(scene), seed, herd); !s) std::fprintf(stderr, "critterforge: %s\n", s.error.to_string().c_str());
}

Status Session::start(Scene scene, std::uint64_t seed, const std::vector<HerdKind>& herd) {
  menu_.close();  // a run starts with the motion menu closed, as its replay will
  menu_.set_drive(false);  // and as a run, not a Test drive, unless set_test_drive says so
  menu_ready_ = false;  // and lists what this scene's body can play
  // The herd's kinds first: one scene (rig, clips) per distinct creature file, same level.
  std::vector<std::unique_ptr<Scene>> kinds;
  std::vector<int> member_species;
  for (std::size_t k = 0; k < herd.size(); ++k) {
    int found = -1;
    for (std::size_t j = 0; j < k && found < 0; ++j) {
      if (herd[j].path == herd[k].path && herd[j].json == herd[k].json) found = member_species[j];
    }
    if (found < 0) {
      Result<Scene> sc = scene_from_json(herd[k].path, herd[k].json, herd[k].path, scene.level_path, scene.level_json,
                                         scene.level_path);
      if (!sc) return sc.error();
      kinds.push_back(std::make_unique<Scene>(std::move(*sc)));
      found = static_cast<int>(kinds.size());
    }
    member_species.push_back(found);
  }
  const ActionRegistry& actions = registry();
  if (scene.actions_for != &actions) prepare_scene_actions(&scene, actions);
  for (auto& k : kinds)
    if (k->actions_for != &actions) prepare_scene_actions(k.get(), actions);
  scene_ = std::move(scene);
  herd_scenes_ = std::move(kinds);
  species_.assign(1, make_species(scene_));
  for (const auto& k : herd_scenes_) species_.push_back(make_species(*k));
  ctx_ = SimContext{};
  ctx_.level = &scene_.level;
  ctx_.scene_id = scene_.identity;
  ctx_.species = species_.data();
  ctx_.species_count = static_cast<int>(species_.size());
  ctx_.actions = &actions;
  ctx_.brain = herd_brain;
  state_ = initial_state(ctx_, seed);
  int placed = 0;
  const bool watching = scene_.level.trial.present && scene_.level.spectators.count > 0;
  if (watching) {
    Rng places = Rng::from_seed(seed, 78u);  // its own stream: the player's run draws as without them
    for (int sp : member_species) placed += place_spectator(&state_, ctx_, sp, &places) >= 0 ? 1 : 0;
  } else if (!scene_.level.trial.present) {  // a trial without spectators has no herd: the course is the player's
    for (int sp : member_species) placed += place_herd_creature(&state_, ctx_, sp) >= 0 ? 1 : 0;
    give_temperaments(&state_, seed, scene_.level.herd_temperaments);
  }
  prev_ = state_;
  runtime_ = WorldRuntime();
  runtime_.set_pool(pool_.get());
  runtime_.set_clock(now_);
  pose_creatures(state_, ctx_, runtime_);  // the pose shown before the first tick
  last_input_ = InputFrame{};
  record_ = Replay{};
  record_.creature_path = scene_.creature_path;
  record_.level_path = scene_.level_path;
  record_.creature_json = scene_.creature_json;
  record_.level_json = scene_.level_json;
  record_.seed = seed;
  record_.herd = herd;
  record_.inputs.reserve(60 * 60);
  playback_ = false;
  verifier_ = ReplayVerifier(nullptr);
  clips_.reset();
  clips_.check(state_, ctx_, runtime_);
  history_.clear();
  trial_ = begin_trial(scene_.level.trial, has_trial_best_ ? &trial_best_ : nullptr);
  trial_finish_taken_ = false;
  remember();
  start_ghost();
  if (placed < static_cast<int>(member_species.size())) {
    if (scene_.level.trial.present && !watching) return Error{scene_.level_path, "", "a trial level without spectators has no herd"};
    return Error{scene_.level_path, "", "room for only " + std::to_string(placed) + " of the " + (watching ? "spectators' " : "herd's ") +
                                            std::to_string(member_species.size()) + " creatures"};
  }
  return {};
}

Status Session::restart() {
  Scene scene = scene_;
  const Replay started = record_;
  return start(std::move(scene), started.seed, started.herd);
}

void Session::set_trial_best(const TrialTimes* best) {
  has_trial_best_ = best != nullptr;
  if (best) trial_best_ = *best;
  if (state_.tick == 0) {
    trial_ = begin_trial(scene_.level.trial, best);
    remember();
  }
}

void Session::remember() {
  history_.push(state_);
  if (!trial_history_.empty()) trial_history_[static_cast<std::size_t>(state_.tick % trial_history_.size())] = trial_;
}

void Session::set_threads(int threads) {
  pool_ = threads > 1 ? std::make_unique<WorkerPool>(threads) : nullptr;
  runtime_.set_pool(pool_.get());
}

std::vector<const Scene*> Session::species_scenes() const {
  std::vector<const Scene*> out{&scene_};
  for (const auto& k : herd_scenes_) out.push_back(k.get());
  return out;
}

Status Session::start_replay(const Replay& replay, const std::string& replay_file) {
  // An input script may name files instead of embedding them; those are read now.
  auto content = [&](const std::string& path, const Json& embedded, Json* out) -> Status {
    if (!embedded.is_null()) {
      *out = embedded;
      return {};
    }
    Result<Json> j = load_json_file(path);
    if (!j) return Error{replay_file, "", "cannot load its " + j.error().to_string()};
    *out = std::move(*j);
    return {};
  };
  Json creature, level;
  if (Status s = content(replay.creature_path, replay.creature_json, &creature); !s) return s;
  if (Status s = content(replay.level_path, replay.level_json, &level); !s) return s;
  Result<Scene> scene = scene_from_json(
      replay.creature_path, creature, replay.creature_json.is_null() ? replay.creature_path : replay_file,
      replay.level_path, level, replay.level_json.is_null() ? replay.level_path : replay_file);
  if (!scene) return scene.error();
  if (Status st = start(std::move(*scene), replay.seed, replay.herd); !st) {
    st.error.file = replay_file;
    return st;
  }
  set_test_drive(replay.test_drive);
  replay_ = replay;
  playback_ = true;
  verifier_ = ReplayVerifier(&replay_.hashes);
  verifier_.check(0, hash_state(state_, registry()));
  return {};
}

int Session::add_creature(const glm::vec3& position_ws, float heading_rad) {
  const int i = cf::add_creature(&state_, ctx_, 0, position_ws, heading_rad);
  prev_ = state_;
  pose_creatures(state_, ctx_, runtime_);
  clips_.check(state_, ctx_, runtime_);
  history_.clear();
  remember();
  return i;
}

TickInput player_tick_input(const InputFrame& pad, const ActionRegistry& actions, const ControlMap& controls) {
  TickInput t;
  t.player.move_x = InputFrame::axis(pad.left_x);
  t.player.move_y = InputFrame::axis(pad.left_y);
  for (int k = 0; k < controls.count; ++k) {
    const ActionBinding& b = controls.bindings[k];
    if (!pad.went_down(b.button)) continue;
    const ActionId id = actions.find(b.action);
    if (id == kNoAction) continue;
    t.player.request = id;
    t.player.motion = b.motion;
    break;
  }
  t.camera_x = InputFrame::axis(pad.right_x);
  t.camera_y = InputFrame::axis(pad.right_y);
  return t;
}

void step(SimState& s, const InputFrame& pad, const SimContext& ctx, WorldRuntime& runtime) {
  step(s, player_tick_input(pad, ctx.registry()), ctx, runtime);
}

TickInput Session::read_pad(const InputFrame& in) {
  if (!menu_ready_) {
    menu_.set_registry(registry(), &scene_.rig);
    menu_ready_ = true;
  }
  // The motion menu reads the pad first; what it takes does not reach the play controls.
  ActionId menu_request = kNoAction;
  std::uint16_t menu_motion = kNoMotion;
  menu_took_ = menu_.step(in, &menu_request, &menu_motion);
  InputFrame controls_in = in;
  controls_in.buttons &= ~menu_took_;
  controls_in.pressed &= ~menu_took_;
  TickInput tick_in = player_tick_input(controls_in, registry(), controls_);
  if (menu_request != kNoAction) {
    tick_in.player.request = menu_request;
    tick_in.player.motion = menu_motion;
  }
  return tick_in;
}

void Session::log_slow_ticks(double threshold_s) {
  slow_threshold_s_ = threshold_s;
  slow_ticks_.clear();
  slow_ticks_.reserve(kMaxSlowTicks);
}

const char* Session::SlowTick::cause() const {
  if (2.0 * (off_cpu_s() + pool_wait_s) > total_s)
    return off_cpu_s() >= pool_wait_s ? "descheduled (the OS ran another thread or process on the game's core)"
                                      : "waiting for the pool's worker (descheduled mid-block)";
  const std::pair<double, const char*> shares[] = {
      {parts.controls_s, "controls (commands, actions' steps, collisions, the herd's brains)"},
      {parts.plans_s, "vault plans made ahead"},
      {parts.posing_s, "posing (retargeting, IK, the shared stages)"},
      {parts.after_s, "after posing (the camera, the actions' reading)"},
      {after_step_s, "after the step (trial, ghost, clip check, sound)"}};
  const auto* most = &shares[0];
  for (const auto& p : shares)
    if (p.first > most->first) most = &p;
  return most->second;
}

bool Session::tick(const InputFrame& live) {
  if (playback_ && state_.tick >= replay_.inputs.size()) return false;
  if (behind_recording()) cut_recording();
  const InputFrame& in = playback_ ? replay_.inputs[static_cast<std::size_t>(state_.tick)] : live;
  const double t0 = now_ ? now_() : 0.0;
  ThreadClock clock0;
  double waited0 = 0.0;
  if (now_) {
    if (thread_clock_) clock0 = thread_clock_();
    waited0 = pool_ ? pool_->waited_s() : 0.0;
  }
  prev_ = state_;
  step(state_, read_pad(in), ctx_, runtime_);
  const double t1 = now_ ? now_() : 0.0;
  update_trial(&trial_, scene_.level.trial, prev_, state_);
  tick_ghost();
  clips_.check(state_, ctx_, runtime_);
  if (listener_) listener_->on_tick(*this);
  if (now_) {
    const double t2 = now_();
    const double took = t2 - t0;
    if (took > slowest_tick_s_) {
      slowest_tick_s_ = took;
      slowest_tick_ = state_.tick;
    }
    if (slow_threshold_s_ > 0.0 && took > slow_threshold_s_ && slow_ticks_.size() < kMaxSlowTicks) {
      SlowTick slow{state_.tick, took, runtime_.last_tick_parts(), t2 - t1};
      slow.pool_wait_s = pool_ ? pool_->waited_s() - waited0 : 0.0;
      if (thread_clock_) {
        const ThreadClock clock1 = thread_clock_();
        slow.cpu_s = clock1.cpu_s - clock0.cpu_s;
        slow.preemptions = clock1.preemptions - clock0.preemptions;
      } else {
        slow.cpu_s = std::max(0.0, took - slow.pool_wait_s);
      }
      slow_ticks_.push_back(slow);
    }
  }
  remember();
  last_input_ = in;
  record_.inputs.push_back(in);
  const bool on_interval = state_.tick % kReplayHashInterval == 0;
  const bool checking = playback_ && !replay_.hashes.empty();
  if (!on_interval && !checking) return true;
  const std::uint64_t h = hash_state(state_, registry());
  if (on_interval) record_.hashes.push_back(ReplayCheckpoint{state_.tick, h});
  if (playback_) return verifier_.check(state_.tick, h);
  return true;
}

void Session::keep_history(int ticks) {
  history_.reserve(ticks);
  trial_history_.assign(static_cast<std::size_t>(history_.capacity()), TrialRun{});
  remember();
  if (ghost_) ghost_->keep_history(ticks);
}

bool Session::rewind_to(std::uint64_t tick) {
  const SimState* s = history_.find(tick);
  if (!s) return false;
  menu_.close();
  const SimState* before = tick > 0 ? history_.find(tick - 1) : nullptr;
  const SimState* before2 = tick > 1 ? history_.find(tick - 2) : nullptr;
  state_ = *s;
  prev_ = before ? *before : *s;
  runtime_.pose_as_shown(state_, prev_, before2 ? *before2 : prev_, ctx_);
  last_input_ = tick > 0 && tick <= record_.inputs.size() ? record_.inputs[static_cast<std::size_t>(tick - 1)]
                                                          : InputFrame{};
  clips_.check(state_, ctx_, runtime_);
  // The trial as it was then (clock, checkpoints, splits), and the ghost where it was.
  if (!trial_history_.empty()) trial_ = trial_history_[static_cast<std::size_t>(tick % trial_history_.size())];
  if (ghost_) ghost_->rewind_to(std::min<std::uint64_t>(tick, ghost_->recorded_ticks()));
  return true;
}

bool Session::step_recorded() {
  if (!behind_recording()) return false;
  const InputFrame in = record_.inputs[static_cast<std::size_t>(state_.tick)];
  // The held next state is what this tick made; re-running it must give the same (determinism).
  prev_ = state_;
  step(state_, read_pad(in), ctx_, runtime_);
  update_trial(&trial_, scene_.level.trial, prev_, state_);
  tick_ghost();
  clips_.check(state_, ctx_, runtime_);
  if (listener_) listener_->on_tick(*this);
  if (!history_.find(state_.tick)) remember();
  last_input_ = in;
  return true;
}

void Session::cut_recording() {
  const std::uint64_t t = state_.tick;
  if (record_.inputs.size() > t) record_.inputs.resize(static_cast<std::size_t>(t));
  while (!record_.hashes.empty() && record_.hashes.back().tick > t) record_.hashes.pop_back();
  history_.drop_after(t);
  clips_.forget_after(t);
}

Json state_summary_json(const SimState& s, const ActionRegistry& actions) {
  const CreatureState& c = s.player();
  Json j = Json::object();
  j["tick"] = s.tick;
  j["root"] = Json::array({c.root_ws.x, c.root_ws.y, c.root_ws.z});
  j["heading_deg"] = c.heading_rad * kRadToDeg;
  j["speed_mps"] = c.speed_mps;
  j["camera_yaw_deg"] = s.camera_yaw_rad() * kRadToDeg;
  for (ActionId a = 0; a < actions.size(); ++a) actions[a].describe(c, &j);
  j["hud"] = static_cast<int>(s.hud);
  j["creatures"] = s.creature_count;
  if (const BefriendSummary b = befriend_summary(s); b.herd > 0) {
    // Befriending (a free roam herd only): the friends, and each herd creature's temperament and bond.
    static const char* const kBonds[] = {"none", "facing", "showing", "awaiting", "backing_off", "friend"};
    Json herd = Json::array();
    const ActionId clip = actions.find("clip");
    for (int i = 1; i < s.creature_count; ++i) {
      const CreatureState& h = s.creatures[static_cast<std::size_t>(i)];
      if (h.wander.temperament == 0) continue;
      Json e{{"creature", i}, {"temperament", temperament_name(h.wander.temperament)}, {"bond", kBonds[std::min<int>(h.wander.bond, 5)]},
             {"root", Json::array({h.root_ws.x, h.root_ws.y, h.root_ws.z})}};
      if (h.wander.challenge_len > 0 && clip != kNoAction) {
        Json names = Json::array();
        for (int k = 0; k < h.wander.challenge_len; ++k)
          names.push_back(clip_action(actions).library()[h.wander.challenge[static_cast<std::size_t>(k)]].name);
        e["challenge"] = names;
        e["step"] = h.wander.step;
      }
      herd.push_back(e);
    }
    j["befriend"] = Json{{"friends", b.friends}, {"herd", b.herd}, {"creatures", herd}};
  }
  j["hash"] = hash_hex(hash_state(s, actions));
  return j;
}

Replay Session::recording() const {
  Replay r = record_;
  if (r.hashes.empty() || r.hashes.back().tick != state_.tick) {
    r.hashes.push_back(ReplayCheckpoint{state_.tick, hash_state(state_, registry())});
  }
  return r;
}

}  // namespace cf
