#include "game/modes/modes.h"

#include <cstdio>
#include "game/modes/control_hints.h"

#include "platform/input.h"  // Hotkey bits only (plain header, no SDL)
#include "game/session/best_times.h"
#include "game/session/friends_record.h"
#include "game/session/playtest_saver.h"
#include "render/command_list.h"

namespace cf {

std::uint64_t map_actions(ModeId mode, const InputFrame& pad, std::uint32_t hotkeys) {
  std::uint64_t a = 0;
  if (mode == ModeId::kEditor) {
    if (pad.held(kButtonA) || pad.held(kButtonMouseLeft)) a |= kActionEditDraw;
    if (pad.held(kButtonLeftShoulder)) a |= kActionEditSlow;
    if (pad.went_down(kButtonY)) a |= pad.held(kButtonLeftShoulder) ? kActionEditPaintMode : kActionEditSwitchView;
    if (pad.went_down(kButtonX)) a |= pad.held(kButtonLeftShoulder) ? kActionEditPrevTag : kActionEditNextTag;
    const bool lb = pad.held(kButtonLeftShoulder);  // LB + d-pad: to the body, not a nudge
    if (pad.went_down(kButtonDpadUp)) a |= lb ? std::uint64_t{kActionEditDepthToSide} : std::uint64_t{kActionEditDeeper};
    if (pad.went_down(kButtonDpadDown)) a |= lb ? std::uint64_t{kActionEditDepthToCentre} : std::uint64_t{kActionEditNearer};
    const std::uint64_t to_part = lb ? std::uint64_t{kActionEditPenToSelected} : 0;
    if (pad.went_down(kButtonDpadRight)) a |= kActionEditSelectNext | to_part;
    if (pad.went_down(kButtonDpadLeft)) a |= kActionEditSelectPrev | to_part;
    if (pad.went_down(kButtonB)) a |= kActionEditDelete;
    if (pad.went_down(kButtonSelect)) a |= kActionEditUndo;
    if (pad.went_down(kButtonRightShoulder)) a |= kActionEditRedo;
    if (pad.went_down(kButtonLeftStick)) a |= kActionEditSymmetry;
    if (pad.went_down(kButtonRightStick)) a |= kActionEditTestWalk;
    if (pad.went_down(kButtonStart)) a |= kActionEditMenu;
    return a;
  }
  if (mode == ModeId::kTitle) return 0;  // menus: map_menu_actions
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
  // The modern renderer is a developer's switch: F10 anywhere, Y only in debug mode (Y is a play button).
  if ((mode == ModeId::kDebug && pad.went_down(kButtonY)) || (hotkeys & hotkey_f(10))) a |= kActionToggleModern;
  if (pad.went_down(kButtonSelect) && !chord) a |= kActionCycleOverlays;
  if (mode == ModeId::kPlay && !chord && pad.went_down(kButtonB)) a |= kActionBackToEditor | kActionHideHints;
  for (int k = 0; k < 9; ++k) {
    if (hotkeys & hotkey_f(k + 1)) a |= kActionOverlayFirst << k;
  }
  return a;
}

std::uint32_t map_paint_actions(const InputFrame& pad) {
  const bool lb = pad.held(kButtonLeftShoulder);
  std::uint32_t a = 0;
  if (pad.went_down(kButtonA)) a |= lb ? kPaintBasePrev : kPaintBaseNext;
  if (pad.went_down(kButtonB)) a |= lb ? kPaintSecondPrev : kPaintSecondNext;
  if (pad.went_down(kButtonX)) a |= lb ? kPaintPatternPrev : kPaintPatternNext;
  if (pad.went_down(kButtonY) && !lb) a |= kPaintSuggest;
  if (pad.went_down(kButtonDpadUp)) a |= kPaintEyesMore;
  if (pad.went_down(kButtonDpadDown)) a |= kPaintEyesFewer;
  return a;
}

std::uint32_t map_menu_actions(const InputFrame& pad, const InputFrame& prev) {
  constexpr int kFlick = 16384;
  std::uint32_t a = 0;
  // Either stick: the keyboard's W A S D drive the left one, its arrow keys the right one.
  auto up = [](std::int32_t v, std::int32_t was) { return v > kFlick && was <= kFlick; };
  auto down = [](std::int32_t v, std::int32_t was) { return v < -kFlick && was >= -kFlick; };
  if (pad.went_down(kButtonDpadUp) || up(pad.left_y, prev.left_y) || up(pad.right_y, prev.right_y)) a |= kMenuUp;
  if (pad.went_down(kButtonDpadDown) || down(pad.left_y, prev.left_y) || down(pad.right_y, prev.right_y)) a |= kMenuDown;
  if (pad.went_down(kButtonDpadLeft) || down(pad.left_x, prev.left_x) || down(pad.right_x, prev.right_x)) a |= kMenuLeft;
  if (pad.went_down(kButtonDpadRight) || up(pad.left_x, prev.left_x) || up(pad.right_x, prev.right_x)) a |= kMenuRight;
  if (pad.went_down(kButtonA)) a |= kMenuChoose;
  if (pad.went_down(kButtonB)) a |= kMenuBack;
  if (pad.went_down(kButtonStart)) a |= kMenuConfirm;
  if (pad.went_down(kButtonY)) a |= kMenuClear;
  return a;
}

void apply_view_actions(std::uint64_t actions, FrameSettings* fs) {
  for (int k = 0; k < 9; ++k) {
    if (actions & (kActionOverlayFirst << k)) fs->overlay_mask ^= 1u << k;
  }
  if (actions & kActionToggleModern) fs->modern = !fs->modern;
  if (actions & kActionCycleOverlays) {
    const std::uint32_t skel = kOverlayBones | kOverlayJoints;
    fs->overlay_mask = fs->overlay_mask == 0 ? skel : (fs->overlay_mask == skel ? kOverlayAll & ~kOverlayWeights : 0u);
  }
}

// A live trial's finish: its time, and when it is the creature's best, its ghost (stderr says where).
static void save_trial_finish(ModeContext& ctx) {
  if (ctx.session.playing_back() || !ctx.session.take_trial_finish() || !ctx.trial_data) return;
  bool best = false;
  if (Status s = record_trial_finish(*ctx.trial_data, ctx.session, &best); !s) {
    std::fprintf(stderr, "critterforge: cannot save the best time: %s\n", s.error.to_string().c_str());
  } else if (best) {
    std::fprintf(stderr, "critterforge: new best %s saved in %s\n",
                 format_trial_time(ctx.session.trial().times.finish).c_str(), best_times_path(*ctx.trial_data).c_str());
    // A restart races this run: its times and its ghost (unless the player chose another creature's).
    ctx.session.set_trial_best(&ctx.session.trial().times);
    if (!ctx.session.racing_other_ghost())
      ctx.session.set_ghost(ctx.session.recording(), best_times_path(*ctx.trial_data),
                            "YOUR BEST " + format_trial_time(ctx.session.trial().times.finish));
  }
}

ModeId PlayMode::update(const ModeFrame& frame, ModeContext& ctx) {
  Session& session = ctx.session;
  RunHarness& harness = ctx.harness;
  ModeId next = ModeId::kPlay;
  // Pad edges are per tick; a frame's ticks are sampled in one burst, so OR-ing them loses no press.
  std::uint64_t actions = map_actions(ModeId::kPlay, InputFrame{}, frame.hotkeys);
  save_playtests(0, ctx);  // a clip in the state shown before this frame's ticks (tick 0's included)
  if (ctx.hints && ctx.hints->first_play && !session.playing_back()) {
    ctx.hints->first_play = false;
    ctx.hints->show();
    if (ctx.first_play) ctx.first_play();
  }
  for (int i = 0; i < frame.due_ticks && harness.may_tick(session); ++i) {
    const InputFrame live = (*frame.sample)();
    if (!session.tick(live)) {
      harness.tick_refused(session);
      break;
    }
    std::uint64_t a = map_actions(ModeId::kPlay, session.last_input(), 0);
    if (session.menu_took() & kButtonB) a &= ~(kActionBackToEditor | kActionHideHints);  // B closed the motion menu
    if (session.playing_back()) {
      // The recorded player's chords must not switch the viewer's mode or save; the viewer's pad does.
      constexpr std::uint64_t kViewerOnly = kActionDebug | kActionSaveReplay;
      a = (a & ~kViewerOnly) | (map_actions(ModeId::kPlay, live, 0) & kViewerOnly);
    }
    actions |= a;
    if (ctx.hints) ctx.hints->tick((a & kActionHideHints) != 0);
    if (ctx.test_walk && (a & kActionBackToEditor)) {
      next = ModeId::kEditor;
      break;
    }
    // Start pauses a live session, pad-scripted test runs included (replays never pause).
    if (!session.playing_back() && (a & kActionPause)) {
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
  save_trial_finish(ctx);
  if (ctx.friends && ctx.trial_data) ctx.friends->update(*ctx.trial_data, session);  // file IO only on a new best
  // Not while the control hints show: their last line names B's job in a test walk.
  const bool hints_shown = ctx.hints && ctx.hints->visible();
  banner_ = ctx.test_walk && session.state().tick < 180 && !hints_shown ? &ctx.test_walk_banner : nullptr;
  return next;
}

}  // namespace cf

namespace cf {

void save_playtests(std::uint64_t actions, ModeContext& ctx) {
  if (!ctx.saver) return;
  const Session& s = ctx.session;
  const Scene& scene = s.scene();
  // The player's own save: once per press and a few seconds, told in a short line.
  if ((actions & kActionSaveReplay) && ctx.saver->claim_manual_save(s.state().tick)) {
    ctx.saver->save(s.recording(), playtest_file_name(scene.creature_path, scene.level_path, s.state().tick, "manual"),
                    "Replay of this run saved");
  }
  if (!s.playing_back() && s.clips().has_first() && ctx.saver->claim_auto_save(s.clips().first().tick)) {
    ctx.saver->save(s.recording(),
                    playtest_file_name(scene.creature_path, scene.level_path, s.clips().first().tick, "clip"));
  }
}

}  // namespace cf
