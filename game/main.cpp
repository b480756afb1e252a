// Critterforge: the game. Reads top to bottom like Dear ImGui's SDL2 + OpenGL3 example: parse the
// arguments, load the creature and level, create the subsystems (plain objects owned here), then
// loop { events, input, fixed ticks, build the frame, rasterize, present }.
#include <chrono>
#include <csignal>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "core/fixed_step.h"
#include "core/hash.h"
#include "game/run/args.h"
#include "game/debug/debug_panel.h"
#include "game/run/frame_rate.h"
#include "game/title/launch.h"
#include "game/modes/modes.h"
#include "game/title/game_modes.h"
#include "game/run/run_harness.h"
#include "game/session/user_data.h"
#include "game/session/pad_script.h"
#include "game/session/playtest_saver.h"
#include "game/session/session.h"
#include "game/view/view.h"
#include "platform/clock.h"
#include "platform/events.h"
#include "platform/input.h"
#include "platform/virtual_pad.h"
#include "platform/virtual_pointer.h"
#include "platform/window.h"
#include "render/image_io.h"
#include "render/rasterizer.h"

namespace {

int fail(int code, const std::string& message) {
  std::fprintf(stderr, "critterforge: %s\n", message.c_str());
  return code;
}

// The signal that asked the game to stop (SIGTERM, SIGHUP, SIGINT), 0 while none has. The handler
// only sets it; the loop sees it and leaves the way a closed window does, so the editor's draft is
// written and everything ends cleanly.
volatile std::sig_atomic_t g_stop_signal = 0;

void on_stop_signal(int sig) { g_stop_signal = sig; }

void install_signal_handlers() {
  // Over a file size limit (ulimit -f) a write then fails with EFBIG, which the save reports, instead
  // of the signal killing the game with the player's work.
  std::signal(SIGXFSZ, SIG_IGN);
  // Installed before SDL starts, which then leaves SIGINT and SIGTERM to us.
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  for (int sig : {SIGTERM, SIGHUP, SIGINT}) sigaction(sig, &sa, nullptr);
}

const char* signal_name(int sig) {
  switch (sig) {
    case SIGTERM: return "SIGTERM";
    case SIGHUP: return "SIGHUP";
    case SIGINT: return "SIGINT";
  }
  return "a signal";
}

// The debug panel's stage timings read this clock; the simulation never does.
double now_s() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

int main(int argc, char** argv) {
  install_signal_handlers();

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
  session.set_threads(static_cast<int>(opt.threads));
  session.set_clip_min_depth(static_cast<float>(opt.clip_depth_m));
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
  cf::VirtualPointer virtual_pointer;  // the pad script's mouse and typing, as SDL events
  cf::Rasterizer rasterizer;
  cf::View view;
  cf::FrameSettings frame_settings;
  cf::ViewTextures textures;
  // Painted species' pages, one texture each, reused when the scene changes (the table is fixed).
  std::vector<cf::TextureId> paint_textures;
  cf::Image paint_rgba;
  auto upload_paint = [&] {
    for (int s = 0; s < view.species_count(); ++s) {
      const cf::IndexedTexture* page = view.paint_page(s);
      if (!page) continue;
      cf::expand_indexed(*page, &paint_rgba);
      const auto k = static_cast<std::size_t>(s);
      if (k >= paint_textures.size()) paint_textures.push_back(rasterizer.create_texture(paint_rgba));
      else rasterizer.update_texture(paint_textures[k], paint_rgba);
      view.set_species_texture(s, paint_textures[k]);
    }
  };
  bool paced = false;  // ticks follow the wall clock; otherwise one tick per displayed frame
  if (!opt.headless) {
    cf::WindowDesc desc;
    desc.title = "Critterforge";
    desc.width = opt.window_w;
    desc.height = opt.window_h;
    desc.swap_interval = 1;  // vsync
    if (cf::Status s = window.open(desc); !s) {
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
    view.init(session.species_scenes(), textures);
    upload_paint();
    view.set_pool(session.pool());
    view.set_clock(&now_s);
    session.set_clock(&now_s);
  }
  cf::DebugPanel panel;  // Dear ImGui over the picture in debug mode; the game runs without it
  if (!opt.headless) {
    if (cf::Status s = panel.init(window.sdl_window(), window.gl_context()); !s) {
      std::fprintf(stderr, "critterforge: %s (debug mode runs without its panel)\n", s.error.to_string().c_str());
    }
  }
  cf::StageTimes times;
  cf::FrameRateLog fps_log;  // --print-fps
  const double run_t0 = now_s();
  const std::uint64_t run_tick0 = session.state().tick;
  cf::EditorMode editor;
  cf::TitleMode title;
  // The editor's painted page, uploaded into one texture whenever the preview makes a new one.
  cf::TextureId editor_paint = cf::kNoTexture;
  std::uint64_t editor_page = 0;
  auto upload_editor_paint = [&] {
    const cf::EditorPreview& p = editor.preview();
    if (!p.painted || p.page_revision == editor_page) return;
    cf::expand_indexed(p.page, &paint_rgba);
    if (!editor_paint.valid()) editor_paint = rasterizer.create_texture(paint_rgba);
    else rasterizer.update_texture(editor_paint, paint_rgba);
    editor_page = p.page_revision;
    editor.set_paint_texture(editor_paint);
  };
  cf::FixedStepClock clock;
  cf::MonotonicClock wall;

  // Developer and playtester tools: the rewind history, playtest replays (saved off the main thread).
  if (!opt.headless) session.keep_history(cf::kDebugHistoryTicks);
  cf::PlaytestSaver saver;
  const cf::UserData data = cf::resolve_user_data(opt.data_dir);
  cf::sweep_stale_saves(data);
  saver.configure(data.playtests_dir(),
                  !session.playing_back() && (!opt.data_dir.empty() || !harness.limited()));
  std::string notice;
  std::uint64_t notice_clip_tick = ~0ull;
  int notice_messages = 0;

  // 4. The loop.
  cf::GameModes modes;
  modes.title = &title;
  modes.editor = &editor;
  // A bounded test run without --data-dir must not leave drafts in the player's folder.
  editor.set_drafts_enabled(!(harness.limited() && opt.data_dir.empty()));
  if (start.first != cf::ModeId::kPlay) modes.current = cf::open_first_mode(start, textures.skin, &editor, &title);
  cf::ModeContext mode_ctx{session, harness, frame_settings};
  mode_ctx.saver = &saver;
  mode_ctx.scene_changed = [&] {
    if (!opt.headless) {
      view.init(session.species_scenes(), textures);
      upload_paint();
      view.set_pool(session.pool());
    }
  };
  if (opt.debug) {
    // Opens paused at --at-tick, reached at full speed.
    const std::uint64_t target = opt.has_at_tick ? opt.at_tick : 0;
    while (session.state().tick < target && session.tick(cf::InputFrame{})) {
    }
    if (session.state().tick < target) return fail(2, "--at-tick: the session ended before tick " + std::to_string(target));
    modes.current = cf::ModeId::kDebug;
  }
  std::uint64_t typed_tick = ~0ull;  // the pad script's keys are typed once per tick
  // One call per tick. A pad script sets the pad for the very tick about to run (not once per displayed
  // frame), so a frame that runs several ticks loses no press and every run computes the same states.
  const std::function<cf::InputFrame()> sample = [&] {
    if (opt.headless) return cf::InputFrame{};
    if (virtual_pad.attached()) virtual_pad.set_now(pad_script.frame_at(harness.ticks_run(session)));
    return input.sample();
  };
  bool window_closed = false;
  while (!harness.finished(session) && !g_stop_signal) {
    // Events and hot-plug; window close ends the session like the last tick. The scripted pad's
    // state for the next tick goes in before the pump, so SDL turns it into controller events
    // exactly as it would for a physical pad.
    cf::PixelRect picture;  // where the picture is, in the mouse's screen coordinates
    if (!opt.headless) {
      const cf::PixelSize ws = window.window_size();
      picture = cf::letterbox(ws.width, ws.height, cf::internal_width(frame_settings),
                              cf::internal_height(frame_settings));
      input.set_picture_area(picture.x, picture.y, picture.w, picture.h);
      input.set_text_entry(modes.active().wants_text());  // a name prompt: the keyboard types
    }
    if (virtual_pad.attached()) {
      // The pad itself is set per tick in sample(); the pointer and typed keys are SDL events, once a frame.
      const std::uint64_t t = harness.ticks_run(session);
      virtual_pointer.set(pad_script.frame_at(t), picture.x, picture.y, picture.w, picture.h);
      if (const std::string* keys = pad_script.text_at(t); keys && t != typed_tick) virtual_pointer.type(*keys);
      typed_tick = t;
    }
    cf::FrameEvents events;
    if (!opt.headless) events = cf::pump_events(input, &window, cf::EventTap{&cf::DebugPanel::on_event, &panel});
    if (events.quit) {
      window_closed = true;
      break;
    }

    // Fixed ticks: as many as the wall clock allows (one per frame when not paced), run by the mode.
    const double frame_s = wall.lap();
    // Paused, the clock stands still too, so the picture does not move and resuming does not burst.
    const bool paused = modes.current == cf::ModeId::kPaused;
    const int due = paced ? (paused ? 0 : clock.advance(frame_s)) : 1;
    const double sim_t0 = now_s();
    modes.current = modes.active().update(cf::ModeFrame{due, events.hotkeys, &sample}, mode_ctx);
    times.simulation_s = now_s() - sim_t0;
    times.frame_s = frame_s;
    if (mode_ctx.quit || g_stop_signal) break;

    // Build the frame, rasterize, present.
    if (opt.headless) continue;
    const float alpha = harness.draw_alpha(session, paced, clock.alpha(), modes.current == cf::ModeId::kPaused);
    const cf::SimState draw = cf::blend_for_drawing(session.previous(), session.state(), alpha);
    const cf::PixelSize size = window.drawable_size();
    // Modes with their own picture (title menu, editor) draw it; play and pause draw the session.
    if (modes.current == cf::ModeId::kEditor) upload_editor_paint();
    const cf::CommandList* own = modes.active().build_frame(frame_settings, size.width, size.height);
    view.set_banner(modes.active().banner(), modes.current == cf::ModeId::kDebug && panel.initialized()
                                                 ? panel.covered_fraction(window.window_size().width)
                                                 : 0.0f);
    // The first clip of the session and the last saved replay, rebuilt only when they change.
    const std::uint64_t clip_tick = session.clips().has_first() ? session.clips().first().tick : ~0ull;
    if (clip_tick != notice_clip_tick || saver.messages() != notice_messages) {
      notice_clip_tick = clip_tick;
      notice_messages = saver.messages();
      const std::string saved = saver.last_message();
      notice = clip_tick == ~0ull ? "" : cf::clip_event_line(session.clips().first(), &session.scene().rig.skeleton);
      if (!saved.empty()) notice += notice.empty() ? saved : "\n" + saved;
      view.set_notice(notice);
    }
    const cf::CommandList& frame =
        own ? *own : view.build(draw, session.runtime(), alpha, frame_settings, size.width, size.height);
    const double raster_t0 = now_s();
    rasterizer.draw(frame, size.width, size.height);
    times.rasterizer_s = now_s() - raster_t0;
    times.posing_s = session.runtime().posing_s();
    times.skinning_s = view.skinning_s();
    times.geometry_s = view.geometry_s();
    const bool panel_shown = modes.current == cf::ModeId::kDebug && panel.initialized();
    if (panel_shown) {
      panel.draw(cf::DebugPanelInfo{&session, times, modes.active().banner(), session.playing_back()}, &frame_settings);
    }
    auto read_back = [&](std::vector<std::uint8_t>* rgba, int* w, int* h) {
      if (!panel_shown) return rasterizer.read_back(rgba, w, h);
      const cf::PixelSize px = window.drawable_size();  // the panel is drawn over the window's frame
      *w = px.width;
      *h = px.height;
      return rasterizer.read_back_window(px.width, px.height, rgba);
    };
    if (opt.print_fps) fps_log.add(times, session.state().tick - run_tick0);
    if (harness.screenshot_due(session)) {
      if (cf::Status s = harness.take_screenshot(read_back); !s) {
        return fail(s.error.field == "screenshot" ? 1 : 2, s.error.to_string());
      }
    }
    window.swap();
  }

  // 5. Every way out keeps the editor's unsaved work in its draft (a test walk keeps the editor open).
  const int stop_signal = g_stop_signal;
  const std::string why = stop_signal ? std::string("stopped by ") + signal_name(stop_signal)
                          : window_closed ? "the window was closed"
                          : mode_ctx.quit ? "quit"
                                          : "the run ended";
  const std::string kept = editor.is_open() ? editor.leave(why) : "";
  if (!kept.empty()) std::fprintf(stderr, "critterforge: %s\n", kept.c_str());
  else if (stop_signal) std::fprintf(stderr, "critterforge: %s\n", why.c_str());

  // 6. Results: the recording, the verdict, the hash.
  if (opt.print_fps) {
    const double dropped_ticks = clock.dropped_seconds() / clock.tick_seconds();  // hitches over 0.25 s
    fps_log.finish(now_s() - run_t0, session.state().tick - run_tick0, dropped_ticks);
    std::printf("%s\n", fps_log.summary().c_str());
  }
  saver.flush();
  const int code = harness.finish(session);
  panel.shutdown();
  rasterizer.shutdown();
  return code;
}
