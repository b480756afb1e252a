// The emotes' voices, derived after each tick from their state: a greeting's chirp as the greeting
// starts to show, a roar as the body rears. Both are pitched by the body (a big body and a long neck
// roar low, a small one high), so two creatures never sound alike. Sit and dance have no voice.
#include <algorithm>
#include <cmath>

#include "game/play/actions/emote_action.h"
#include "game/play/creature_size.h"

namespace cf {

namespace {

constexpr std::int32_t kVoiceTick = 10;  // ticks into the motion: the body shows it

}  // namespace

void EmoteAction::sounds(const SoundCall& call, SoundEvents* out) const {
  if (kind_ != EmoteKind::kGreet && kind_ != EmoteKind::kRoar) return;
  const State& was = state_of<State>(call.before);
  const State& now = state_of<State>(call.after);
  if (now.plays == 0 || now.phase == EmotePhase::kNone || now.phase == EmotePhase::kSettle) return;
  const std::int32_t from = was.plays == now.plays ? was.tick : 0;  // a new play counts from its start
  if (!(from < kVoiceTick && now.tick >= kVoiceTick)) return;
  const CreatureSize size = creature_size(*call.species.rig);
  SoundEvent e;
  e.kind = kind_ == EmoteKind::kRoar ? SoundKind::kRoarVoice : SoundKind::kGreetVoice;
  e.position_ws = call.after.root_ws;
  e.pitch = size.voice_pitch();
  e.loudness = std::clamp((kind_ == EmoteKind::kRoar ? 0.8f : 0.45f) * std::sqrt(size.weight()), 0.1f, 1.0f);
  e.creature = static_cast<std::int16_t>(call.index);
  out->push(e);
}

}  // namespace cf
