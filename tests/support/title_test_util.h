#pragma once
// The title menu driven press by press in a unit test (a press: a tick with the button down, one up).
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>

#include "game/editor/editor_mode.h"
#include "game/run/run_harness.h"
#include "game/session/session.h"
#include "game/title/title_menu.h"

namespace cf::test {

// One press in a mode: a tick with 'buttons' down, then one with none. Returns what the first tick chose.
inline ModeId press_in(Mode& mode, ModeContext& ctx, std::uint32_t buttons) {
  ModeId chosen = ModeId::kPlay;
  for (int k = 0; k < 2; ++k) {
    InputFrame f;
    f.buttons = f.pressed = k == 0 ? buttons : 0u;
    const std::function<InputFrame()> sample = [&] { return f; };
    const ModeId m = mode.update(ModeFrame{1, 0, &sample}, ctx);
    if (k == 0) chosen = m;
  }
  return chosen;
}

struct TitleRig {
  RunHarness harness;
  FrameSettings fs;
  ModeContext ctx;
  EditorMode editor;
  TitleMode title;
  ModeId chosen = ModeId::kTitle;  // what the last press chose

  TitleRig(Session& session, const UserData& data) : ctx{session, harness, fs} {
    EXPECT_TRUE(harness.configure(RunOptions{}, session).ok());
    title.open(data, &editor, kNoTexture);
  }
  void press(std::uint32_t button) { chosen = press_in(title, ctx, button); }
};

}  // namespace cf::test
