// Critterforge: the game. Reads top to bottom like Dear ImGui's SDL2 + OpenGL3 example: parse the
// arguments, load the creature and level, create the subsystems (plain objects owned here), then
// loop { events, input, fixed ticks, build the frame, rasterize, present }.
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "core/fixed_step.h"
#include "core/hash.h"
#include "game/args.h"
#include "game/launch.h"
#include "game/modes.h"
#include "game/run_harness.h"
#include "game/pad_script.h"
#include "game/session.h"
#include "game/view.h"
#include "platform/clock.h"
#include "platform/events.h"
#include "platform/input.h"
#include "platform/virtual_pad.h"
#include "platform/window.h"
#include "render/image_io.h"
#include "render/rasterizer.h"

namespace {

int fail(int code, const std::string& message) {
  std::fprintf(stderr, "critterforge: %s\n", message.c_str());
  return code;
}

}  // namespace

int main(int argc, char** argv) {
  // 1. Arguments.
  std::vector<std::string> args(argv + 1, argv + argc);
  cf::Result<cf::RunOptions> parsed = cf::parse_run_options(args);
  if (!parsed) return fail(2, parsed.error().to_string());
  if (parsed->help) {
    std::fputs(cf::run_options_help(), stdout);
    return 0;
  }

  // 2. Creature, level, replay; or the editor / title menu (game/launch.h).
  cf::RunOptions opt = *parsed;
  cf::Session session;
  cf::StartPlan start;
  if (cf::Status s = cf::prepare_start(&opt, &session, &start); !s) return fail(2, s.error.to_string());
  cf::PadScript pad_script;
  if (!opt.pad_script_path.empty()) {
    cf::Result<cf::PadScript> ps = cf::load_pad_script(opt.pad_script_path);
    if (!ps) return fail(2, ps.error().to_string());
    pad_script = std::move(*ps);
  }
  cf::RunHarness harness;
  if (cf::Status s = harness.configure(opt, session); !s) return fail(2, s.error.to_string());

  // 3. Subsystems: window + GL, input, rasterizer, view. Headless has none of them.
  cf::Window window;
  cf::Input input;
  cf::VirtualPad virtual_pad;  // declared after input: detached before SDL's controllers shut down
  cf::Rasterizer rasterizer;
  cf::View view;
  cf::FrameSettings frame_settings;
  cf::ViewTextures textures;
  bool paced = false;  // ticks follow the wall clock; otherwise one tick per displayed frame
  if (!opt.headless) {
    if (cf::Status s = window.open(cf::WindowDesc{"Critterforge", 960, 720, false, false, false, 1}); !s) {
      return fail(1, s.error.to_string());
    }
    // Back to back only for a bounded run with nobody watching (tests); what ticks compute never
    // depends on this.
    paced = harness.paced(window.has_real_display());
    const std::string mappings = cf::default_assets_dir() + "/gamecontrollerdb.txt";
    if (cf::Status s = input.init(cf::InputDesc{mappings.c_str()}); !s) return fail(1, s.error.to_string());
    if (!opt.pad_script_path.empty()) {
      if (cf::Status s = virtual_pad.attach(); !s) return fail(1, s.error.to_string());
    }
    if (cf::Status s = rasterizer.init(); !s) return fail(1, s.error.to_string());
    const std::string tex = cf::default_assets_dir() + "/textures/";
    cf::Error ignored;  // a missing texture shows the placeholder checker
    textures.ground = rasterizer.load_texture(tex + "ground.png", &ignored);
    textures.wood = rasterizer.load_texture(tex + "fence_wood.png", &ignored);
    textures.brick = rasterizer.load_texture(tex + "wall_brick.png", &ignored);
    textures.skin = rasterizer.load_texture(tex + "creature_skin.png", &ignored);
    view.init(session.scene(), textures);
  }
  cf::EditorMode editor;
  cf::TitleMode title;
  cf::FixedStepClock clock;
  cf::MonotonicClock wall;

  // 4. The loop.
  cf::GameModes modes;
  modes.title = &title;
  modes.editor = &editor;
  if (start.first != cf::ModeId::kPlay) modes.current = cf::open_first_mode(start, textures.skin, &editor, &title);
  cf::ModeContext mode_ctx{session, harness, frame_settings};
  mode_ctx.scene_changed = [&] {
    if (!opt.headless) view.init(session.scene(), textures);
  };
  const std::function<cf::InputFrame()> sample = [&] { return opt.headless ? cf::InputFrame{} : input.sample(); };
  while (!harness.finished(session)) {
    // Events and hot-plug; window close ends the session like the last tick. The scripted pad's
    // state for the next tick goes in before the pump, so SDL turns it into controller events
    // exactly as it would for a physical pad.
    if (virtual_pad.attached()) virtual_pad.set(pad_script.frame_at(harness.ticks_run(session)));
    cf::FrameEvents events;
    if (!opt.headless) events = cf::pump_events(input, &window);
    if (events.quit) break;

    // Fixed ticks: as many as the wall clock allows (one per frame when not paced), run by the mode.
    const int due = paced ? clock.advance(wall.lap()) : 1;
    modes.current = modes.active().update(cf::ModeFrame{due, events.hotkeys, &sample}, mode_ctx);
    if (mode_ctx.quit) break;

    // Build the frame, rasterize, present.
    if (opt.headless) continue;
    const float alpha = harness.draw_alpha(session, paced, clock.alpha());
    const cf::SimState draw = cf::blend_for_drawing(session.previous(), session.state(), alpha);
    const cf::PixelSize size = window.drawable_size();
    // Modes with their own picture (title menu, editor) draw it; play and pause draw the session.
    const cf::CommandList* own = modes.active().build_frame(frame_settings, size.width, size.height);
    view.set_banner(modes.active().banner());
    rasterizer.draw(own ? *own : view.build(draw, session.runtime(), alpha, frame_settings, size.width, size.height),
                    size.width, size.height);
    if (harness.screenshot_due(session)) {
      if (cf::Status s = harness.take_screenshot([&](auto* rgba, int* w, int* h) { return rasterizer.read_back(rgba, w, h); });
          !s) {
        return fail(s.error.field == "screenshot" ? 1 : 2, s.error.to_string());
      }
    }
    window.swap();
  }

  // 5. Results: the recording, the verdict, the hash.
  const int code = harness.finish(session);
  rasterizer.shutdown();
  return code;
}
