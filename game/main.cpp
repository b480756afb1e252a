// Critterforge: the game. Reads top to bottom like Dear ImGui's SDL2 + OpenGL3 example: parse the
// arguments, load the creature and level, create the subsystems (plain objects owned here), then
// loop { events, input, fixed ticks, build the frame, rasterize, present }.
#include <cstdio>
#include <string>
#include <vector>

#include "core/fixed_step.h"
#include "core/hash.h"
#include "game/args.h"
#include "game/session.h"
#include "game/view.h"
#include "platform/clock.h"
#include "platform/events.h"
#include "platform/input.h"
#include "platform/virtual_pad.h"
#include "game/pad_script.h"
#include "platform/window.h"
#include "render/image_io.h"
#include "render/rasterizer.h"

namespace {

int fail(int code, const std::string& message) {
  std::fprintf(stderr, "critterforge: %s\n", message.c_str());
  return code;
}

// F1..F9 toggle one overlay each (bones, joints, cog, ik, control points, reference line, planes,
// regions, weights); F10 (or Y) toggles the modern (perspective-correct, depth-tested) path.
void apply_hotkeys(std::uint32_t hotkeys, const cf::InputFrame& in, cf::FrameSettings* fs) {
  for (int k = 0; k < 9; ++k) {
    if (hotkeys & cf::hotkey_f(k + 1)) fs->overlay_mask ^= 1u << k;
  }
  if ((hotkeys & cf::hotkey_f(10)) || in.went_down(cf::kButtonY)) fs->modern = !fs->modern;
  // Gamepad: Select cycles bones+joints -> all overlays -> none.
  if (in.went_down(cf::kButtonSelect)) {
    const std::uint32_t skel = cf::kOverlayBones | cf::kOverlayJoints;
    fs->overlay_mask = fs->overlay_mask == 0 ? skel : (fs->overlay_mask == skel ? cf::kOverlayAll & ~cf::kOverlayWeights : 0u);
  }
}

}  // namespace

int main(int argc, char** argv) {
  // 1. Arguments.
  std::vector<std::string> args(argv + 1, argv + argc);
  cf::Result<cf::RunOptions> parsed = cf::parse_run_options(args);
  if (!parsed) return fail(2, parsed.error().to_string());
  const cf::RunOptions opt = *parsed;
  if (opt.help) {
    std::fputs(cf::run_options_help(), stdout);
    return 0;
  }

  // 2. Creature, level, replay.
  cf::Session session;
  if (!opt.replay_path.empty()) {
    cf::Result<cf::Replay> replay = cf::load_replay(opt.replay_path);
    if (!replay) return fail(2, replay.error().to_string());
    if (cf::Status s = session.start_replay(*replay, opt.replay_path); !s) return fail(2, s.error.to_string());
    if (opt.has_ticks && opt.ticks > session.replay_ticks()) {
      return fail(2, "--ticks: " + std::to_string(opt.ticks) + " is more than the replay's " +
                         std::to_string(session.replay_ticks()) + " ticks");
    }
  } else {
    cf::Result<cf::Scene> scene = cf::load_scene(opt.creature_path, opt.level_path);
    if (!scene) return fail(2, scene.error().to_string());
    session.start(std::move(*scene), opt.seed);
  }
  cf::PadScript pad_script;
  if (!opt.pad_script_path.empty()) {
    cf::Result<cf::PadScript> ps = cf::load_pad_script(opt.pad_script_path);
    if (!ps) return fail(2, ps.error().to_string());
    pad_script = std::move(*ps);
  }
  const bool limited = opt.has_ticks || session.playing_back();
  const std::uint64_t last_tick = opt.has_ticks ? opt.ticks : session.replay_ticks();
  const bool want_shot = !opt.screenshot_path.empty();
  const std::uint64_t shot_tick = opt.has_at_tick ? opt.at_tick : last_tick;
  if (want_shot && shot_tick > last_tick) {
    return fail(2, "--at-tick: " + std::to_string(shot_tick) + " is after the last tick (" + std::to_string(last_tick) + ")");
  }

  // 3. Subsystems: window + GL, input, rasterizer, view. Headless has none of them.
  cf::Window window;
  cf::Input input;
  cf::VirtualPad virtual_pad;  // declared after input: detached before SDL's controllers shut down
  cf::Rasterizer rasterizer;
  cf::View view;
  cf::FrameSettings frame_settings;
  bool paced = false;  // ticks follow the wall clock; otherwise one tick per displayed frame
  if (!opt.headless) {
    if (cf::Status s = window.open(cf::WindowDesc{"Critterforge", 960, 720, false, false, false, 1}); !s) {
      return fail(1, s.error.to_string());
    }
    // Back to back only for a bounded run with nobody watching (tests); what ticks compute never
    // depends on this.
    paced = window.has_real_display() || !limited;
    const std::string mappings = cf::default_assets_dir() + "/gamecontrollerdb.txt";
    if (cf::Status s = input.init(cf::InputDesc{mappings.c_str()}); !s) return fail(1, s.error.to_string());
    if (!opt.pad_script_path.empty()) {
      if (cf::Status s = virtual_pad.attach(); !s) return fail(1, s.error.to_string());
    }
    if (cf::Status s = rasterizer.init(); !s) return fail(1, s.error.to_string());
    const std::string tex = cf::default_assets_dir() + "/textures/";
    cf::ViewTextures textures;
    cf::Error ignored;  // a missing texture shows the placeholder checker
    textures.ground = rasterizer.load_texture(tex + "ground.png", &ignored);
    textures.wood = rasterizer.load_texture(tex + "fence_wood.png", &ignored);
    textures.brick = rasterizer.load_texture(tex + "wall_brick.png", &ignored);
    textures.skin = rasterizer.load_texture(tex + "creature_skin.png", &ignored);
    view.init(session.scene(), textures);
  }
  cf::FixedStepClock clock;
  cf::MonotonicClock wall;

  // 4. The loop.
  int exit_code = 0;
  bool shot_taken = false;
  bool paused = false;
  bool running = true;
  while (running) {
    // Events and hot-plug; window close ends the session like the last tick.
    cf::FrameEvents events;
    // The scripted pad's state for the next tick goes in before the pump, so SDL turns it into
    // controller events exactly as it would for a physical pad.
    if (virtual_pad.attached()) virtual_pad.set(pad_script.frame_at(session.state().tick));
    if (!opt.headless) events = cf::pump_events(input, &window);
    if (events.quit) break;

    // Fixed ticks: how many this frame (wall-clock paced only on a real display).
    int due = paced ? clock.advance(wall.lap()) : 1;
    if (paused) {
      // Start resumes; no ticks run (and none are recorded) while paused.
      if (input.sample().went_down(cf::kButtonStart)) paused = false;
      due = 0;
    }
    bool shot_now = want_shot && !shot_taken && shot_tick == session.state().tick;
    for (int i = 0; i < due && !shot_now; ++i) {
      if (limited && session.state().tick >= last_tick) break;
      const cf::InputFrame live = opt.headless ? cf::InputFrame{} : input.sample();
      if (!session.tick(live)) {
        if (session.verifier().diverged()) {
          std::fprintf(stderr, "critterforge: %s: %s\n", opt.replay_path.c_str(),
                       session.verifier().message().c_str());
          exit_code = 1;
          running = false;
        }
        break;
      }
      apply_hotkeys(0, session.last_input(), &frame_settings);
      // Start pauses a live session (replays and --ticks runs never pause).
      if (!limited && session.last_input().went_down(cf::kButtonStart)) {
        paused = true;
        break;
      }
      // Stop ticking at the screenshot tick so the frame drawn is exactly that state.
      shot_now = want_shot && !shot_taken && shot_tick == session.state().tick;
    }
    apply_hotkeys(events.hotkeys, cf::InputFrame{}, &frame_settings);
    const bool finished = limited && session.state().tick >= last_tick;

    // Build the frame, rasterize, present.
    if (!opt.headless) {
      const float alpha = (paced && !shot_now && !finished) ? static_cast<float>(clock.alpha()) : 1.0f;
      const cf::SimState draw = cf::blend_for_drawing(session.previous(), session.state(), alpha);
      const cf::PixelSize size = window.drawable_size();
      view.set_banner(paused ? "PAUSED - START (ENTER) TO GO ON" : "");
      const cf::CommandList& list = view.build(draw, frame_settings, size.width, size.height);
      rasterizer.draw(list, size.width, size.height);
      if (shot_now) {
        std::vector<std::uint8_t> rgba;
        int w = 0, h = 0;
        if (!rasterizer.read_back(&rgba, &w, &h)) return fail(1, "screenshot: nothing was drawn");
        if (cf::Status s = cf::write_png(opt.screenshot_path, w, h, rgba.data()); !s) {
          return fail(2, s.error.to_string());
        }
        shot_taken = true;
      }
      window.swap();
    }
    if (finished || exit_code != 0) running = false;
  }

  // 5. Results: the recording, the hash.
  if (want_shot && !shot_taken && exit_code == 0) {
    return fail(1, "screenshot: the session ended before tick " + std::to_string(shot_tick));
  }
  if (!opt.record_path.empty()) {
    if (cf::Status s = cf::save_replay(opt.record_path, session.recording()); !s) return fail(2, s.error.to_string());
  }
  if (session.playing_back() && exit_code == 0) {
    std::fprintf(stderr, "critterforge: %s: %s\n", opt.replay_path.c_str(), session.verifier().message().c_str());
  }
  if (opt.print_state) std::printf("%s\n", cf::state_summary_json(session.state()).dump().c_str());
  if (opt.print_hash) std::printf("%s\n", cf::hash_hex(cf::hash_state(session.state())).c_str());
  rasterizer.shutdown();
  return exit_code;
}
