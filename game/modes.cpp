#include "game/modes.h"

#include "platform/input.h"  // Hotkey bits only (plain header, no SDL)
#include "render/command_list.h"

namespace cf {

std::uint32_t map_actions(ModeId mode, const InputFrame& pad, std::uint32_t hotkeys) {
  std::uint32_t a = 0;
  if (pad.went_down(kButtonStart)) a |= mode == ModeId::kPlay ? kActionPause : kActionResume;
  if (pad.went_down(kButtonY) || (hotkeys & hotkey_f(10))) a |= kActionToggleModern;
  if (pad.went_down(kButtonSelect)) a |= kActionCycleOverlays;
  for (int k = 0; k < 9; ++k) {
    if (hotkeys & hotkey_f(k + 1)) a |= kActionOverlayFirst << k;
  }
  return a;
}

void apply_view_actions(std::uint32_t actions, FrameSettings* fs) {
  for (int k = 0; k < 9; ++k) {
    if (actions & (kActionOverlayFirst << k)) fs->overlay_mask ^= 1u << k;
  }
  if (actions & kActionToggleModern) fs->modern = !fs->modern;
  if (actions & kActionCycleOverlays) {
    const std::uint32_t skel = kOverlayBones | kOverlayJoints;
    fs->overlay_mask = fs->overlay_mask == 0 ? skel : (fs->overlay_mask == skel ? kOverlayAll & ~kOverlayWeights : 0u);
  }
}

ModeId PlayMode::update(const ModeFrame& frame, ModeContext& ctx) {
  Session& session = ctx.session;
  RunHarness& harness = ctx.harness;
  ModeId next = ModeId::kPlay;
  // Pad edges are per tick; a frame's ticks are sampled in one burst, so OR-ing them loses no press.
  std::uint32_t actions = map_actions(ModeId::kPlay, InputFrame{}, frame.hotkeys);
  for (int i = 0; i < frame.due_ticks && harness.may_tick(session); ++i) {
    if (!session.tick((*frame.sample)())) {
      harness.tick_refused(session);
      break;
    }
    const std::uint32_t a = map_actions(ModeId::kPlay, session.last_input(), 0);
    actions |= a;
    // Start pauses a live session (replays and --ticks runs never pause).
    if (!harness.limited() && (a & kActionPause)) {
      next = ModeId::kPaused;
      break;
    }
  }
  apply_view_actions(actions, &ctx.frame_settings);
  return next;
}

ModeId PausedMode::update(const ModeFrame& frame, ModeContext& ctx) {
  const std::uint32_t a = map_actions(ModeId::kPaused, (*frame.sample)(), frame.hotkeys);
  apply_view_actions(a, &ctx.frame_settings);
  return (a & kActionResume) ? ModeId::kPlay : ModeId::kPaused;
}

}  // namespace cf
