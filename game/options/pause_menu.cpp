#include "game/options/pause_menu.h"

#include <cctype>

#include "game/modes/control_hints.h"
#include "game/options/button_names.h"
#include "game/options/settings.h"
#include "game/play/controls.h"
#include "game/session/motion_menu.h"

namespace cf {

namespace {

ModeId resume(ModeContext&) { return ModeId::kPlay; }

ModeId options(ModeContext& ctx) {
  ctx.options_back = ModeId::kPaused;
  return ModeId::kOptions;
}

ModeId show_controls(ModeContext& ctx) {
  if (ctx.hints) ctx.hints->show();
  return ModeId::kPlay;
}

ModeId restart(ModeContext& ctx) {
  ctx.harness.session_replaced(ctx.session);
  (void)ctx.session.restart();  // a herd short of room said so at the first start; it plays with what fits
  if (ctx.scene_changed) ctx.scene_changed();
  return ModeId::kPlay;
}

ModeId leave(ModeContext& ctx) {
  if (ctx.test_walk) return ModeId::kEditor;  // the drawing is still open there
  if (ctx.open_title) ctx.open_title();
  return ModeId::kTitle;
}

struct PauseItem {
  const char* label;
  const char* test_walk_label;  // the same item in a test walk
  ModeId (*choose)(ModeContext&);
};

const PauseItem kPauseItems[] = {
    {"RESUME", "RESUME", resume},
    {"OPTIONS", "OPTIONS", options},
    {"RESTART LEVEL", "RESTART THE TEST WALK", restart},
    {"BACK TO TITLE", "BACK TO THE EDITOR", leave},
    {"SHOW CONTROLS", "SHOW CONTROLS", show_controls},  // last: the items above keep their places
};
constexpr int kPauseItemCount = static_cast<int>(sizeof kPauseItems / sizeof kPauseItems[0]);

// The key that gives game button k in play, in capitals ("SPACE"; "NO KEY").
std::string key_label(const Settings& s, int k) {
  std::string name = key_name(s.controls.map(ControlContext::kPlay).key[k]);
  for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return name.empty() ? "NO KEY" : name;
}

}  // namespace

std::vector<std::string> pause_menu_items(bool test_walk) {
  std::vector<std::string> out;
  for (const PauseItem& it : kPauseItems) out.push_back(test_walk ? it.test_walk_label : it.label);
  return out;
}

std::string test_walk_banner(const Settings* settings) {
  const Settings s = settings ? *settings : default_settings();
  return "TEST WALK - " + pad_label(s.controls.map(ControlContext::kPlay), 1) + ": BACK TO THE EDITOR";
}

std::string control_hint_text(const Settings* settings, const ActionRegistry& actions, bool test_walk) {
  const Settings s = settings ? *settings : default_settings();
  const auto pad = [&](int k) { return pad_label(s.controls.map(ControlContext::kPlay), k); };
  auto upper = [](std::string t) {
    for (char& c : t) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return t;
  };
  auto index = [](Button b) {
    int k = 0;
    while (k < 31 && !(static_cast<std::uint32_t>(b) & (1u << k))) ++k;
    return k;
  };
  constexpr int kB = 1, kStart = 10;
  const bool dpad_mask[32] = {false, false, false, false, false, false, true, true, true, true};
  // From the bindings (the motion library's descriptions): face buttons, then the d-pad's motions.
  std::string face, dpad_pads, dpad_words, face_keys, dpad_keys;
  for (const ActionBinding& b : actions.bindings()) {
    const int k = index(b.button);
    if (dpad_mask[k]) {
      dpad_pads += (dpad_pads.empty() ? "" : "/") + pad(k);
      dpad_words += (dpad_words.empty() ? "" : "/") + upper(b.hint);
      dpad_keys += (dpad_keys.empty() ? "" : " ") + key_label(s, k);
    } else {
      face += pad(k) + ": " + upper(b.hint) + ", ";
      face_keys += key_label(s, k) + ", ";
    }
  }
  const int menu = index(MotionMenu::kOpenButton);  // the motion menu: every motion of the library
  face += pad(menu) + (test_walk ? ": TEST DRIVE, " : ": MOTIONS, ");
  face_keys += key_label(s, menu) + ", ";
  std::string text = "LEFT STICK: WALK, RIGHT STICK: CAMERA\n" + face + pad(kStart) + ": PAUSE\n";
  if (!dpad_pads.empty()) text += dpad_pads + ": " + dpad_words + "\n";
  // B hides the hints; in a test walk it ends the walk (they go by themselves).
  text += "(KEYS: WASD, ARROWS, " + face_keys + key_label(s, kStart) + (dpad_keys.empty() ? "" : "; " + dpad_keys) +
          ")\n" + pad(kB) + " (" + key_label(s, kB) + (test_walk ? "): BACK TO THE EDITOR" : ") HIDES THIS");
  return text;
}

ModeId PauseMenu::update(const ModeFrame& frame, ModeContext& ctx) {
  if (!open_) {
    open_ = true;
    cursor_ = 0;
    input_.open(ctx.session.last_input());  // the Start that paused is not a press here
  }
  test_walk_ = ctx.test_walk;
  if (ctx.settings) {  // the pad buttons that give the menus' A, B and Start now
    const ButtonMap& m = ctx.settings->controls.map(ControlContext::kMenus);
    keys_ = pad_label(m, 0) + " CHOOSE   " + pad_label(m, 1) + " OR " + pad_label(m, 10) + ": RESUME";
  }
  ModeId next = ModeId::kPaused;
  menu_ticks(frame, ctx, ctx.harness.clocked_while_paused(), [&](const InputFrame& pad, int i) {
    const std::uint64_t a = map_actions(ModeId::kPaused, pad, i == 0 ? frame.hotkeys : 0);
    apply_view_actions(a, &ctx.frame_settings);
    save_playtests(a, ctx);
    const std::uint32_t m = input_.actions(pad);
    if (a & kActionDebug) next = ModeId::kDebug;
    else if (a & kActionResume) next = ModeId::kPlay;
    else if (m & kMenuBack) next = ModeId::kPlay;
    else if (m & kMenuUp) cursor_ = (cursor_ + kPauseItemCount - 1) % kPauseItemCount;
    else if (m & kMenuDown) cursor_ = (cursor_ + 1) % kPauseItemCount;
    else if (m & kMenuChoose) next = kPauseItems[cursor_].choose(ctx);
    return next == ModeId::kPaused;
  });
  if (next != ModeId::kPaused && next != ModeId::kOptions) open_ = false;
  if (next == ModeId::kOptions) input_.wait_release();  // back from the options, its B is still held
  return next;
}

void PauseMenu::draw_over(const FrameSettings& fs, CommandList* list) {
  std::vector<MenuRow> rows;
  for (const std::string& label : pause_menu_items(test_walk_)) rows.push_back(MenuRow{label, "", true});
  draw_menu("PAUSED", rows, cursor_, "", keys_, fs, list);
}

}  // namespace cf
