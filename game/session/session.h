#pragma once
// A play session: the scene, the simulation state, the replay being recorded and (optionally) the
// replay being played back and checked. No SDL, no GL: main, tests and benchmarks drive it alike.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/input_frame.h"
#include "core/thread_clock.h"
#include "core/result.h"
#include "game/session/clip_watch.h"
#include "game/session/replay.h"
#include "game/play/controls.h"
#include "game/session/motion_menu.h"
#include "game/play/scene.h"
#include "game/play/sim.h"
#include "game/play/trial_run.h"
#include "game/session/state_ring.h"
#include "game/play/world_runtime.h"

namespace cf {

// One-line JSON summary of a state for tests and scripts (--print-state): tick, root position
// (metres), heading (degrees), speed, blocked ticks, hash.
Json state_summary_json(const SimState& s, const ActionRegistry& actions = game_actions());

// The tick's commands from the player's InputFrame, live or recorded: left stick walks and turns,
// right stick orbits the camera, a bound button asks for its action as it goes down. (The others'
// commands come from TickInput::others or their brains.)
TickInput player_tick_input(const InputFrame& pad, const ActionRegistry& actions,
                            const ControlMap& controls = default_controls());

// One tick with the player's pad read through the controls (scripts, tests and benchmarks).
void step(SimState& s, const InputFrame& pad, const SimContext& ctx, WorldRuntime& runtime);

class Session;

// Told after every tick a session runs (live, replayed, or re-run after a rewind): what derives from
// the ticks without feeding back into them (sound events).
class TickListener {
 public:
  virtual ~TickListener() = default;
  virtual void on_tick(const Session& session) = 0;
};

class Session {
 public:
  Session() = default;
  Session(const Session&) = delete;  // ctx_ points into scene_ and species_
  Session& operator=(const Session&) = delete;

  // The actions creatures play (null: game_actions()); set before start(). Not owned.
  // The actions creatures play, and their bindings when the registry has any (set_controls overrides).
  void set_actions(const ActionRegistry* actions) {
    actions_ = actions;
    if (actions && !actions->bindings().empty()) controls_ = controls_of(*actions);
    menu_ready_ = false;
  }
  const ActionRegistry& registry() const { return actions_ ? *actions_ : game_actions(); }
  // Which buttons ask for which actions (default_controls(): A vaults). The bindings are not owned.
  void set_controls(const ControlMap& controls) { controls_ = controls; }
  // The current state's hash (over the session's actions).
  std::uint64_t hash() const { return hash_state(state_, registry()); }

  // A live session on a loaded scene.
  void start(Scene scene, std::uint64_t seed);
  // The same with a herd (game/play/herd.h): its creatures placed with the seed. An error names a herd
  // creature that cannot be built, or a level without room for the whole herd (the rest still runs).
  Status start(Scene scene, std::uint64_t seed, const std::vector<HerdKind>& herd);
  // The same scene, seed and herd again from tick 0 (the pause menu's "restart level").
  Status restart();
  // Plays back 'replay': its scene (embedded content, or loaded from its paths when it has none),
  // its seed and inputs; its hashes are checked as ticks run. Errors name the replay file.
  Status start_replay(const Replay& replay, const std::string& replay_file);

  // Adds a creature of the scene's species standing at position_ws (before the first tick); its
  // index, or -1 when the world is full.
  int add_creature(const glm::vec3& position_ws, float heading_rad);

  bool playing_back() const { return playback_; }
  // Ticks left in the replay (0 for a live session).
  std::uint64_t replay_ticks() const { return playback_ ? replay_.inputs.size() : 0; }

  // Runs one tick with 'live' input, or the replay's input when playing back. Records the input and,
  // every kReplayHashInterval ticks, the hash. Returns false when the replay's hash differs (then
  // verifier().message() says where) or the replay has no more input. Run from a rewound state, it
  // first cuts the recording there (cut_recording), so the recording is always what was seen.
  bool tick(const InputFrame& live);

  // Debug history: keeps the last 'ticks' states (allocated once) for rewind_to.
  void keep_history(int ticks);
  const StateRing& history() const { return history_; }
  // Shows a held earlier (or later) state: the state, its poses as they were shown, its clips. The
  // recording is kept (stepping forward again re-runs it). False when the tick is not held.
  bool rewind_to(std::uint64_t tick);
  // Re-runs the recorded input of the next tick after a rewind (no new input is recorded). False at
  // the recording's end.
  bool step_recorded();
  // True when the state is behind the recording's end (after rewind_to).
  bool behind_recording() const { return state_.tick < record_.inputs.size(); }
  std::uint64_t recorded_ticks() const { return record_.inputs.size(); }
  // Cuts the recording (inputs, hashes), the history and the first clip at the current tick.
  void cut_recording();

  // The listener told after each tick (null: none). Not owned; kept across start().
  void set_tick_listener(TickListener* listener) { listener_ = listener; }

  // Times the posing stage (debug panel) and every tick (--print-fps's slowest); kept across start().
  // 'thread' (the game: read_thread_clock) splits a slow tick's wall time into the game thread's CPU time
  // and its time off the CPU; without it a slow tick counts all its time not waiting for the pool as run.
  using ThreadClockFn = ThreadClock (*)();
  void set_clock(NowFn now, ThreadClockFn thread = nullptr) {
    now_ = now;
    thread_clock_ = thread;
    runtime_.set_clock(now);
  }

  // The slowest tick run since the clock was set (0 s at tick 0 until one ran), and the tick it made.
  double slowest_tick_s() const { return slowest_tick_s_; }
  std::uint64_t slowest_tick() const { return slowest_tick_; }

  // --print-slow-ticks: every tick longer than 'threshold_s' (with the clock set), where its time went,
  // kept up to kMaxSlowTicks (the log is allocated here: a tick adds to it without allocating).
  struct SlowTick {
    std::uint64_t tick = 0;  // the tick it made
    double total_s = 0.0;
    WorldRuntime::TickParts parts;  // the simulation's step
    double after_step_s = 0.0;      // the session after it: the trial, the ghost, the clip check, sound
    // Where the wall time went besides the game's own running: the game thread's CPU time, its wait for
    // blocks still on the pool's worker, and the times the OS gave its core to another thread or process.
    double cpu_s = 0.0, pool_wait_s = 0.0;
    std::int64_t preemptions = 0;
    double off_cpu_s() const { return total_s > cpu_s + pool_wait_s ? total_s - cpu_s - pool_wait_s : 0.0; }
    // In words: the OS (descheduled, or waiting for a descheduled worker) when that is over half the tick,
    // else the largest part ("posing", "vault plans made ahead", ...).
    const char* cause() const;
  };
  static constexpr std::size_t kMaxSlowTicks = 4096;
  void log_slow_ticks(double threshold_s);
  const std::vector<SlowTick>& slow_ticks() const { return slow_ticks_; }

  // Clip threshold in metres (0: 1 cm); set before start() to cover the first state too.
  void set_clip_min_depth(float metres) { clips_.set_min_depth(metres); }
  // Clip events of the current state (checked once per tick after posing) and the first clip.
  const ClipWatch& clips() const { return clips_; }

  const SimState& state() const { return state_; }
  const SimState& previous() const { return prev_; }  // state before the last tick (for interpolation)
  const InputFrame& last_input() const { return last_input_; }
  // The motion menu (RB in play), and the buttons it took from the last tick's pad.
  const MotionMenu& motion_menu() const { return menu_; }
  // The Test drive (a test walk from the editor): the motion menu stays open while its choices play. Set
  // after start(); a replay records it and start_replay sets it from the replay.
  void set_test_drive(bool on) {
    menu_.set_drive(on);
    record_.test_drive = on;
  }
  std::uint32_t menu_took() const { return menu_took_; }
  const Scene& scene() const { return scene_; }
  // Worker threads for posing (1 or 2; the result is the same). Keeps the pool across starts.
  void set_threads(int threads);
  WorkerPool* pool() const { return pool_.get(); }
  // The scene of every species, in SimContext::species order ([0] is scene()).
  std::vector<const Scene*> species_scenes() const;
  const SimContext& context() const { return ctx_; }
  // Each creature's pose of the current state (and of the previous one), posed once per tick.
  const WorldRuntime& runtime() const { return runtime_; }
  WorldRuntime& runtime() { return runtime_; }
  const ReplayVerifier& verifier() const { return verifier_; }

  // The trial run on a trial level (TrialRun::Phase::kNone elsewhere): derived after every tick, not
  // hashed. The best times it compares with are set before start() (null: none).
  const TrialRun& trial() const { return trial_; }
  // Also the run under way before its first tick, and every restart after.
  void set_trial_best(const TrialTimes* best);
  // True once per run, on the first call after its finish (saving the best time).
  bool take_trial_finish() {
    if (trial_.phase != TrialRun::Phase::kFinished || trial_finish_taken_) return false;
    return trial_finish_taken_ = true;
  }

  // A ghost: another run's replay played beside this one tick for tick, in a world of its own, so it
  // never collides with the player nor changes this session's state or hash. Restarted with the
  // session; dropped, with ghost_line() saying so, when its replay diverges (its creature or the
  // motions changed). 'whose' names it on the HUD ("YOUR BEST 0:09.12", "STRIDER 0:08.50"); 'own':
  // it is this creature's best (a new best takes its place), not another creature's (it stays).
  void set_ghost(const Replay& replay, const std::string& file, const std::string& whose, bool own = true);
  void clear_ghost();
  bool racing_other_ghost() const { return has_ghost_ && !ghost_own_; }
  const Session* ghost() const { return ghost_.get(); }
  const std::string& ghost_line() const { return ghost_line_; }

  // The replay of everything run so far (with the final hash appended when it is not on an interval).
  Replay recording() const;

 private:
  Scene scene_;
  std::vector<std::unique_ptr<Scene>> herd_scenes_;  // one per distinct herd creature
  std::vector<Species> species_;  // [0]: the scene's creature, then herd_scenes_
  SimContext ctx_;
  const ActionRegistry* actions_ = nullptr;
  ControlMap controls_ = default_controls();
  // One tick's pad (live or recorded) through the motion menu and the bindings into commands.
  TickInput read_pad(const InputFrame& in);
  MotionMenu menu_;
  bool menu_ready_ = false;  // menu_ lists registry()'s library
  std::uint32_t menu_took_ = 0;
  WorldRuntime runtime_;
  std::unique_ptr<WorkerPool> pool_;
  SimState state_, prev_;
  InputFrame last_input_;
  Replay record_;
  Replay replay_;
  bool playback_ = false;
  ReplayVerifier verifier_{nullptr};
  StateRing history_;
  ClipWatch clips_;
  NowFn now_ = nullptr;
  ThreadClockFn thread_clock_ = nullptr;
  double slowest_tick_s_ = 0.0;
  std::uint64_t slowest_tick_ = 0;
  double slow_threshold_s_ = 0.0;  // 0: no log
  std::vector<SlowTick> slow_ticks_;
  TickListener* listener_ = nullptr;
  TrialRun trial_;
  TrialTimes trial_best_;
  bool has_trial_best_ = false;
  bool trial_finish_taken_ = false;
  void start_ghost();
  void tick_ghost();
  std::unique_ptr<Session> ghost_;
  Replay ghost_replay_;
  std::string ghost_file_, ghost_whose_, ghost_line_;
  bool has_ghost_ = false;
  bool ghost_own_ = true;
  // The trial run at each tick the history holds (slot tick % size, as the ring's), for rewind_to.
  std::vector<TrialRun> trial_history_;
  void remember();  // the state and its trial run into the history
};

}  // namespace cf
