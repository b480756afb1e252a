#pragma once
// Creature actions. A creature is always in exactly one action: locomotion (stand, walk, slide) or a
// one-shot (the vault, the jump, and every library motion through the one clip action). Each action
// keeps one plain-data state per creature (fixed size, trivially copyable, hashed) in the creature's
// action storage, plus what the runtime derives beside it (a plan), and answers the same small set of
// entry points. The tick, the state hash, the herd, the camera, the view and the debug panel iterate
// over the registered actions and never name one. Adding a motion is adding a file to the motion
// library (motion/motion_library.h); code is written only for what plans or steers.
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include <glm/glm.hpp>

#include "core/hash.h"
#include "core/json_util.h"
#include "core/input_frame.h"
#include "game/play/sim_state.h"
#include "game/play/sound_event.h"

namespace cf {

struct CreaturePose;
struct Rig;
struct OverlayLineInput;
class WorldRuntime;

// Derived data an action keeps per creature slot beside the state (a plan), rebuilt from the state
// when it is not the one held (after a rewind). Made once per slot; never copied with the state.
struct ActionRuntime {
  virtual ~ActionRuntime() = default;
};

// What a species' file and the motions give one action: its baked data (null: the creature cannot
// do it, 'unavailable' says why), and the content its clip adds to the scene's identity.
struct PreparedAction {
  std::shared_ptr<const void> data;
  std::string unavailable;  // for the HUD when it is asked for
  std::string identity;     // canonical content of what it was prepared from (its clip)
};

struct RetargetSetup;

// What an action's preparation reads: the creature's rig, whether it walks (its walk setup), the motions folder.
struct ActionSetup {
  const Rig* rig = nullptr;
  bool can_walk = false;
  const RetargetSetup* walk = nullptr;  // the walk fitted to the rig (null when it cannot walk)
  std::string motions_dir;  // ends with '/'
};

// One creature's tick as an action sees it.
struct ActionCall {
  SimState& world;
  CreatureState& creature;
  int index = 0;                  // 0 is the player's creature
  const Species& species;
  const SimContext& ctx;
  WorldRuntime& runtime;
  const CreatureCommand& command;
  bool is_player() const { return index == 0; }
  // Shows one of 'action's HUD messages (the player's only): 'action' is its Action::hud_first() (plus a slot).
  void hud(int action, int code) const;
};

// One creature's work outside the controls step (read-only state): posing and planning.
struct CreatureWork {
  const CreatureState& creature;
  int index = 0;
  const Species& species;
  const SimContext& ctx;
  WorldRuntime& runtime;
};

// The posing stage for one creature: out is the creature's pose this tick, scratch a second pose
// (both sized for its rig) for hand-overs.
struct PoseCall : CreatureWork {
  CreaturePose* out = nullptr;
  CreaturePose* scratch = nullptr;
};

// Derived work spread over ticks for one creature (a plan made while the creature walks to where it is
// played), on the runtime's pool: it may change only this creature's runtime data, never the state, so
// how the work is spread never changes a hash. 'pose_budget' bounds the work (ticks of motion posed).
struct PlanCall : CreatureWork {
  int pose_budget = 0;
};

// What a herd creature's brain asks an action: may the brain request it now?
struct BrainCall {
  const CreatureState& creature;
  const Species& species;
  const SimContext& ctx;
  float steer_error_rad = 0.0f;  // between the creature's heading and where the brain steers it
  float player_distance_m = 1e9f;  // from its body's root to the player's
  bool resting = false;          // the brain has just stopped it for a rest
  std::uint32_t mood = 0;        // a number the brain drew for this rest (what to do in it)
  mutable std::uint16_t motion = kNoMotion;  // set by brain_wants: the library motion asked for
};

// The moods of a herd creature's rest, by name, that a motion's description lists ("herd": ["calm"]):
// what the creature may choose to do in it. The brain draws a number for each rest; these name it.
enum HerdMood : std::uint32_t { kMoodCalm = 1, kMoodPlayful = 2, kMoodBold = 4, kMoodNearPlayer = 8 };
// The mood bit of a name, 0 when unknown.
std::uint32_t herd_mood_bit(const std::string& name);
// The moods of the call's rest (none when it is not resting): calm a quarter of rests, playful a
// quarter, bold an eighth; near_player within 2.5 m of the player.
std::uint32_t rest_moods(const BrainCall& call);

// Planted contacts: limbs the pose marks as in contact touch this fence by design (the clip detector
// leaves them out).
struct PlantedContact {
  int fence = -1;       // -1: none
  bool arms = false;    // arm limbs in contact
};

// One line of the debug panel: plain text, greyed out or a warning colour.
struct DebugRow {
  enum class Style : std::uint8_t { kNormal, kDisabled, kWarning } style = Style::kNormal;
  std::string text;
};

// What the debug panel shows an action of: the creature, its pose and rig, the action's derived data.
struct DebugRowsCall {
  const CreatureState& creature;
  const CreaturePose& pose;
  const Rig& rig;
  const ActionRuntime* runtime = nullptr;  // the action's derived data for the creature (may be null)
  int index = 0;                           // the creature's slot (0: the player)
};

// What an action hears of one creature's tick, after it ran: the creature before and after, its
// poses (runtime.pose / previous_pose) and its derived data. Read-only: sound never feeds back.
struct SoundCall {
  const CreatureState& before;
  const CreatureState& after;
  int index = 0;
  const Species& species;
  const SimContext& ctx;
  const WorldRuntime& runtime;
};

// A button that asks for an action by name ("vault") when it goes down, or for a library motion the
// clip action plays (motion set, action "clip").
struct ActionBinding {
  Button button = kButtonA;
  const char* action = "";
  std::uint16_t motion = kNoMotion;
  const char* hint = "";  // what the control hints call it ("sit")
};

class Action {
 public:
  virtual ~Action() = default;
  // The name files, commands and the debug panel use ("locomotion", "vault").
  virtual const char* name() const = 0;
  ActionId id() const { return id_; }

  // Storage: the state's size and alignment (set by ActionRegistry::add from the action's State type).
  std::size_t state_offset() const { return offset_; }

  // Puts the state of a new creature in place (the default of the action's State).
  virtual void init(CreatureState& c) const = 0;
  // True while this action is the creature's current one (one-shots; locomotion is current otherwise).
  virtual bool active(const CreatureState&) const { return false; }
  // True while its pose replaces locomotion's (the creature follows the action, not the stick).
  virtual bool poses(const CreatureState&) const { return false; }
  // True while pushes from other bodies must not move the creature (it holds its planned path).
  virtual bool holds_path(const CreatureState&) const { return false; }
  // True while a request for another action ends this one as soon as it safely can; the request waits
  // (CreatureState::queued_request) and starts when it has ended. Otherwise requests are dropped.
  virtual bool takes_requests(const CreatureState&) const { return false; }
  // The hand-over after it ended (the posing stage blends the walk from its pose after its end to the
  // walk's own over 'ticks' ticks): how far in, or tick < 0 for none. A new action waits for the blend.
  struct HandOver {
    int tick = -1;
    int ticks = 0;
  };
  virtual HandOver hand_over(const CreatureState&) const { return {}; }
  bool hands_over(const CreatureState& c) const {
    const HandOver h = hand_over(c);
    return h.tick >= 0 && h.tick < h.ticks;
  }

  // Asked for (the command's request) while locomotion is current: starts, or refuses with a HUD
  // message saying why (may it start here, and why not). May run the action's first tick.
  virtual void start(const ActionCall&) const {}
  // One tick of controls while active, before posing.
  virtual void step(const ActionCall&) const {}
  // One tick of controls while another action is current, called only while it is awake (from its start
  // until it returns false: nothing left to count, so calling it again would change nothing).
  virtual bool idle(const ActionCall&) const { return false; }
  // True for a layer that watches the creature every tick whether or not it was started (the idle).
  virtual bool every_tick() const { return false; }
  // Whether the creature's runtime data is still being made (plan_ahead has work): how soon it is
  // needed (a distance in millimetres to where it is; the sooner served first), or -1 for no work.
  // And that work: a piece of it each tick, before posing, on the runtime's pool.
  virtual int plans_ahead(const PlanCall&) const { return -1; }
  virtual void plan_ahead(const PlanCall&) const {}
  // The posing stage: poses the tick into call.out while poses() (true when it did).
  virtual bool pose(const PoseCall&) const { return false; }
  // Its pose k ticks after its end, into call.out (what the hand-over stage blends from); false for none.
  virtual bool pose_after_end(const PoseCall&, int /*k*/) const { return false; }
  // After locomotion posed, for a layer (the idle's fidgets over the stand).
  virtual void after_locomotion_pose(const PoseCall&) const {}
  // After the posing stage, while active: reads the posed tick (where the body is) and advances.
  virtual void after_pose(const ActionCall&) const {}
  // A restored state as it was posed when it was live (debug rewind): c as the posing stage saw it.
  virtual void as_posed(CreatureState& /*c*/, const CreatureState& /*prior*/, bool /*prior_exists*/) const {}

  // Where the action takes the creature (the camera keeps it in view); false when nowhere.
  virtual bool destination(const CreatureState&, glm::vec3* /*ground_ws*/) const { return false; }
  // An act to be seen from the front (an emote, a sit): the player's camera eases round to show it.
  virtual bool shows_an_act(const CreatureState&) const { return false; }
  // What it plants by design (hands on a fence).
  virtual PlantedContact contact(const CreatureState&) const { return {}; }
  // A herd creature's brain requests it when this is true.
  virtual bool brain_wants(const BrainCall&) const { return false; }

  // The sounds the creature's tick made in this action (a foot's stance starting, a landing): pushed
  // onto 'out', derived from the call only. Every action is asked every tick, current or not (a
  // landing is heard on the tick the one-shot ends).
  virtual void sounds(const SoundCall&, SoundEvents* /*out*/) const {}

  // Feeds the state into the state hash (every field, fixed order).
  virtual void hash(const CreatureState& c, StateHasher* h) const = 0;
  // The state's fields for --print-state (keys of the action's own).
  virtual void describe(const CreatureState&, Json*) const {}
  // The HUD text of one of its messages for creature c ('prepared': the player's species' data for it,
  // with why it cannot do it).
  virtual std::string hud_text(int /*code*/, const CreatureState&, const PreparedAction& /*prepared*/) const {
    return {};
  }
  // How many action ids of HUD messages it owns from its own (the clip action: one per motion order).
  virtual int hud_slots() const { return 1; }
  // The first of them: its id, or past the slots of the action before it (an action registered after the
  // clip action); what it passes ActionCall::hud.
  int hud_first() const { return hud_first_; }
  // The library motion it plays now in c (kNoMotion: none or not a library action), and the library
  // motion named 'name' it plays (-1: none).
  virtual int current_motion(const CreatureState&) const { return kNoMotion; }
  virtual int motion_named(const std::string&) const { return -1; }
  // Whether that message is a warning (a refusal: drawn with the warning sign) or says what happens.
  virtual bool hud_warns(int /*code*/) const { return true; }
  // The debug panel's section: its title and rows.
  virtual const char* title() const { return name(); }
  virtual void debug_rows(const DebugRowsCall&, std::vector<DebugRow>*) const {}
  // Overlay lines of its derived data (a reference line) while it is current or just refused.
  virtual void overlays(const CreatureState&, const ActionRuntime*, std::vector<OverlayLineInput>*) const {}

  // Its baked data for one creature (loaded once per scene). The default: nothing needed.
  virtual PreparedAction prepare(const ActionSetup&) const { return {}; }
  // Its derived data for one creature slot (null: none).
  virtual std::unique_ptr<ActionRuntime> make_runtime() const { return nullptr; }

  // The action's own state in creature c.
  template <class State>
  State& state_of(CreatureState& c) const {
    return *std::launder(reinterpret_cast<State*>(c.action_bytes.data() + offset_));
  }
  template <class State>
  const State& state_of(const CreatureState& c) const {
    return *std::launder(reinterpret_cast<const State*>(c.action_bytes.data() + offset_));
  }
  // Its baked data for a species (null: cannot).
  template <class Data>
  const Data* data_of(const Species& sp) const {
    return static_cast<const Data*>(sp.action_data[id_]);
  }

 private:
  friend class ActionRegistry;
  ActionId id_ = 0;
  std::size_t offset_ = 0;
  int hud_first_ = 0;
};

// HUD message ids: 0 is none; each one-shot action has 16 codes from (id - 1) * 16 + 1, so a message
// id names its action (the clip action owns one id per motion order: hud_slots); locomotion's 16 are
// the last, from kLocomotionHudFirst.
constexpr HudMessage kLocomotionHudFirst = 0xfff0;
inline HudMessage hud_message_id(int action, int code) {
  if (action == kLocomotion) return static_cast<HudMessage>(kLocomotionHudFirst + code);
  return static_cast<HudMessage>((action - 1) * 16 + 1 + code);
}

// The lowest set bit's index (bits != 0): walks an ActionRegistry::awake mask in registration order.
inline int lowest_bit(std::uint32_t bits) { return __builtin_ctz(bits); }

// The actions a world plays, in a fixed order (the state hash follows it). Locomotion is always 0.
class ActionRegistry {
 public:
  ActionRegistry();
  ActionRegistry(const ActionRegistry&) = delete;
  ActionRegistry& operator=(const ActionRegistry&) = delete;

  // Registers action A. Its State is plain data, copied as bytes with the creature: no pointers, no
  // owned memory, nothing to destroy (glm vectors are fine: their copy is a plain copy, though GLM's
  // CTOR_INIT keeps them from counting as trivially copyable). It must fit the action storage.
  template <class A, class... Args>
  ActionId add(Args&&... args) {
    using State = typename A::State;
    static_assert(std::is_trivially_destructible_v<State> && std::is_standard_layout_v<State>,
                  "an action's state is plain data");
    return add(std::make_unique<A>(std::forward<Args>(args)...), sizeof(State), alignof(State));
  }

  int size() const { return static_cast<int>(actions_.size()); }
  // Bytes of each creature's action storage the registered actions' states take (of kActionStateBytes).
  std::size_t state_bytes() const { return used_; }
  const Action& operator[](ActionId id) const { return *actions_[id]; }
  const Action& locomotion() const { return *actions_[kLocomotion]; }
  // The id of the action named 'name', or kNoAction.
  ActionId find(const char* name) const;

  // The creature's current action: the active one-shot, else locomotion (as the tick last kept it).
  ActionId current(const CreatureState& c) const;
  // The action whose pose replaces locomotion's, or nullptr.
  const Action* posing(const CreatureState& c) const;
  // The actions the tick calls besides the current one: bit per ActionId (the awake ones and the layers).
  std::uint32_t awake(const CreatureState& c) const { return c.awake_actions | every_tick_; }
  // Bookkeeping after a start (the action wakes; current when it plays) and after any step that may end the
  // current action (back to locomotion).
  void started(CreatureState& c, ActionId a) const;
  void keep_current(CreatureState& c) const;
  // The active one-shot found by asking every action (what current() keeps without asking).
  ActionId find_current(const CreatureState& c) const;
  // The action that showed HUD message id 'm' and the message's code; false for none or unknown.
  bool hud_owner(HudMessage m, ActionId* action, int* code) const;
  // What a command asks for to start 'name': an action of that name, else a library motion an action
  // plays (its id and the motion). False when nothing answers to the name.
  bool resolve(const std::string& name, ActionId* action, std::uint16_t* motion) const;
  // The buttons that ask for its actions and motions (game/play/controls.h: made from the library's
  // descriptions); empty for a registry that set none.
  const std::vector<ActionBinding>& bindings() const { return bindings_; }
  void set_bindings(std::vector<ActionBinding> b) { bindings_ = std::move(b); }

 private:
  ActionId add(std::unique_ptr<Action> a, std::size_t size, std::size_t align);
  std::vector<std::unique_ptr<Action>> actions_;
  std::vector<ActionBinding> bindings_;
  std::size_t used_ = 0;  // bytes of the creature's action storage taken
  std::uint16_t every_tick_ = 0;  // the layers' bits
};

// The game's actions: locomotion, the vault, the jump, the idle and the clip action over the library of
// the shipped motions (game/play/game_actions.cpp).
const ActionRegistry& game_actions();
struct MotionLibrary;
// The same actions over another library (a player's --motions folder searched first).
std::unique_ptr<ActionRegistry> make_game_actions(std::shared_ptr<const MotionLibrary> library);
// The motion folders searched: 'extra' (when not empty), then the shipped assets/motions.
std::vector<std::string> motion_folders(const std::string& extra);

}  // namespace cf
