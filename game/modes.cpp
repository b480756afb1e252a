#include "game/modes.h"

#include "platform/input.h"  // Hotkey bits only (plain header, no SDL)
#include "game/playtest_saver.h"
#include "render/command_list.h"

namespace cf {

std::uint32_t map_actions(ModeId mode, const InputFrame& pad, std::uint32_t hotkeys) {
  std::uint32_t a = 0;
  // Left shoulder held turns Start and Select into the developer's and playtester's chords.
  const bool chord = pad.held(kButtonLeftShoulder);
  if (pad.went_down(kButtonStart)) {
    if (chord) a |= kActionDebug;
    else a |= mode == ModeId::kPlay ? kActionPause : kActionResume;
  }
  if (hotkeys & kHotkeyDebug) a |= kActionDebug;
  if ((chord && pad.went_down(kButtonSelect)) || (hotkeys & kHotkeySaveReplay)) a |= kActionSaveReplay;
  if (mode == ModeId::kDebug) {
    if (pad.went_down(kButtonDpadLeft)) a |= kActionStepBack;
    if (pad.went_down(kButtonDpadRight)) a |= kActionStepForward;
    if (pad.held(kButtonDpadLeft)) a |= kActionScrubBack;
    if (pad.held(kButtonDpadRight)) a |= kActionScrubForward;
    if (pad.went_down(kButtonDpadUp)) a |= kActionFaster;
    if (pad.went_down(kButtonDpadDown)) a |= kActionSlower;
  }
  if (pad.went_down(kButtonY) || (hotkeys & hotkey_f(10))) a |= kActionToggleModern;
  if (pad.went_down(kButtonSelect) && !chord) a |= kActionCycleOverlays;
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
  save_playtests(0, ctx);  // a clip in the state shown before this frame's ticks (tick 0's included)
  for (int i = 0; i < frame.due_ticks && harness.may_tick(session); ++i) {
    const InputFrame live = (*frame.sample)();
    if (!session.tick(live)) {
      harness.tick_refused(session);
      break;
    }
    std::uint32_t a = map_actions(ModeId::kPlay, session.last_input(), 0);
    if (session.playing_back()) {
      // The recorded player's chords must not switch the viewer's mode or save; the viewer's pad does.
      constexpr std::uint32_t kViewerOnly = kActionDebug | kActionSaveReplay;
      a = (a & ~kViewerOnly) | (map_actions(ModeId::kPlay, live, 0) & kViewerOnly);
    }
    actions |= a;
    // Start pauses a live session (replays and --ticks runs never pause).
    if (!harness.limited() && (a & kActionPause)) {
      next = ModeId::kPaused;
      break;
    }
    if (a & kActionDebug) {
      next = ModeId::kDebug;
      break;
    }
    save_playtests(a, ctx);  // the first clip's replay ends on its tick
  }
  if (actions & kActionDebug) next = ModeId::kDebug;
  save_playtests(map_actions(ModeId::kPlay, InputFrame{}, frame.hotkeys) & kActionSaveReplay, ctx);
  apply_view_actions(actions, &ctx.frame_settings);
  return next;
}

ModeId PausedMode::update(const ModeFrame& frame, ModeContext& ctx) {
  const std::uint32_t a = map_actions(ModeId::kPaused, (*frame.sample)(), frame.hotkeys);
  apply_view_actions(a, &ctx.frame_settings);
  save_playtests(a, ctx);
  if (a & kActionDebug) return ModeId::kDebug;
  return (a & kActionResume) ? ModeId::kPlay : ModeId::kPaused;
}

}  // namespace cf

namespace cf {

void save_playtests(std::uint32_t actions, ModeContext& ctx) {
  if (!ctx.saver) return;
  const Session& s = ctx.session;
  const Scene& scene = s.scene();
  if (actions & kActionSaveReplay) {
    ctx.saver->save(s.recording(), playtest_file_name(scene.creature_path, scene.level_path, s.state().tick, "manual"));
  }
  if (!s.playing_back() && s.clips().has_first() && ctx.saver->claim_auto_save(s.clips().first().tick)) {
    ctx.saver->save(s.recording(),
                    playtest_file_name(scene.creature_path, scene.level_path, s.clips().first().tick, "clip"));
  }
}

}  // namespace cf
