// Critterforge: the game. Reads top to bottom like Dear ImGui's SDL2 + OpenGL3 example: parse the
// arguments, load the creature and level, create the subsystems (plain objects owned here), then
// loop { events, input, fixed ticks, build the frame, rasterize, present }.
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/fixed_step.h"
#include "core/hash.h"
#include "game/run/args.h"
#include "game/debug/debug_panel.h"
#include "game/run/frame_rate.h"
#include "game/title/launch.h"
#include "game/modes/control_hints.h"
#include "game/play/actions/vault_action.h"
#include "game/play/actions/climb_action.h"
#include "game/play/befriend.h"
#include "game/session/motion_menu.h"
#include "game/modes/modes.h"
#include "game/options/settings.h"
#include "game/session/best_times.h"
#include "game/session/friends_record.h"
#include "game/ui/hud_font.h"
#include "game/title/game_modes.h"
#include "game/run/run_harness.h"
#include "game/session/first_play.h"
#include "game/session/user_data.h"
#include "game/session/clip_run.h"
#include "game/session/pad_script.h"
#include "game/session/playtest_saver.h"
#include "game/session/session.h"
#include "game/sound/sound_director.h"
#include "game/sound/sound_output.h"
#include "motion/motion_library.h"
#include "game/view/view.h"
#include "platform/audio_device.h"
#include "platform/clock.h"
#include "platform/input.h"
#include "platform/stop_signal.h"
#include "platform/virtual_pad.h"
#include "platform/virtual_pointer.h"
#include "platform/window.h"
#include "render/image_io.h"
#include "render/console_budget.h"
#include "render/rasterizer.h"

namespace {

int fail(int code, const std::string& message) {
  std::fprintf(stderr, "critterforge: %s\n", message.c_str());
  return code;
}

// The debug panel's stage timings read this clock; the simulation never does.
double now_s() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

int main(int argc, char** argv) {
  cf::install_stop_signals();
  cf::install_crash_report();

  // 1. Arguments.
  std::vector<std::string> args(argv + 1, argv + argc);
  cf::Result<cf::RunOptions> parsed = cf::parse_run_options(args);
  if (!parsed) return fail(2, parsed.error().to_string());
  if (parsed->help) {
    std::fputs(cf::run_options_help(), stdout);
    return 0;
  }

  // 2. Creature, level, replay; or the editor / title menu (game/title/launch.h).
  cf::RunOptions opt = *parsed;
  // The motion library: the shipped motions, and a player's folder searched first (--motions).
  std::unique_ptr<cf::ActionRegistry> own_actions;
  if (!opt.motions_dir.empty()) {
    if (!std::filesystem::is_directory(opt.motions_dir))
      return fail(2, opt.motions_dir + ": --motions: not a folder of motion files");
    auto library = std::make_shared<const cf::MotionLibrary>(cf::load_motion_library(cf::motion_folders(opt.motions_dir)));
    for (const std::string& p : library->problems) std::fprintf(stderr, "critterforge: motion left out: %s\n", p.c_str());
    own_actions = cf::make_game_actions(std::move(library));
  }
  cf::Session session;
  if (own_actions) session.set_actions(own_actions.get());
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

  // The player's options: the file of --settings, else the player's own (a bounded test run without
  // --settings uses the defaults and writes nothing). They never reach the simulation.
  std::string settings_path = !opt.settings_path.empty() ? opt.settings_path
                                    : harness.limited() || opt.headless ? ""
                                                                        : cf::default_settings_path();
  cf::Settings settings = cf::default_settings();
  std::string settings_report;  // told on stderr, and in the title menu when it opens
  if (!settings_path.empty() && !opt.headless) {
    std::string& report = settings_report;
    bool may_save = true;
    settings = cf::load_settings_file(settings_path, &report, &may_save);
    if (!report.empty()) std::fprintf(stderr, "critterforge: %s\n", report.c_str());
    if (!may_save) settings_path.clear();  // a folder, device or read-only file is not the game's to replace
  }
  if (!opt.has_window) {
    opt.window_w = settings.look.window_w;
    opt.window_h = settings.look.window_h;
  }

  // 3. Subsystems: window + GL, input, rasterizer, view. Headless has none of them.
  cf::Window window;
  cf::Input input;
  cf::VirtualPad virtual_pad;  // declared after input: detached before SDL's controllers shut down
  cf::VirtualPointer virtual_pointer;  // the pad script's mouse and typing, as SDL events
  cf::Rasterizer rasterizer;
  cf::View view;
  std::uint64_t befriend_key = 0;  // what the befriending HUD lines say (befriend_hud_key)
  std::uint64_t prompt_key = 0;    // the vault prompt's button and mode (0: none shown)
  cf::FrameSettings frame_settings;
  cf::ViewTextures textures;
  // Painted species' pages, one texture each, reused when the scene changes (the table is fixed).
  std::vector<cf::TextureId> paint_textures;
  cf::Image paint_rgba;
  auto upload_paint = [&] {
    for (int s = 0; s < view.species_count(); ++s) {
      const cf::IndexedTexture* page = view.paint_page(s);
      if (!page) continue;
      cf::index_image(*page, &paint_rgba);  // indices: each creature's eyes are its colour table
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
    desc.fullscreen = settings.look.fullscreen;
    if (cf::Status s = window.open(desc); !s) {
      return fail(1, s.error.to_string());
    }
    // Back to back only for a bounded run with nobody watching (tests); what ticks compute never
    // depends on this.
    paced = harness.paced(window.has_real_display());
    const std::string mappings = cf::default_assets_dir() + "/gamecontrollerdb.txt";
    if (cf::Status s = input.init(cf::InputDesc{mappings.c_str()}); !s) return fail(1, s.error.to_string());
    input.set_controls(cf::input_controls(settings, cf::ControlContext::kPlay));
    if (!opt.pad_script_path.empty()) {
      if (cf::Status s = virtual_pad.attach(); !s) return fail(1, s.error.to_string());
    }
    if (cf::Status s = rasterizer.init(); !s) return fail(1, s.error.to_string());
    const std::string tex = cf::default_assets_dir() + "/textures/";
    cf::Error ignored;  // a missing texture shows the placeholder checker
    textures.ground = rasterizer.load_texture(tex + "ground.png", &ignored);
    textures.earth = rasterizer.load_texture(tex + "earth.png", &ignored);
    textures.sand = rasterizer.load_texture(tex + "sand.png", &ignored);
    textures.wood = rasterizer.load_texture(tex + "fence_wood.png", &ignored);
    textures.brick = rasterizer.load_texture(tex + "wall_brick.png", &ignored);
    textures.metal = rasterizer.load_texture(tex + "pipe_metal.png", &ignored);
    textures.skin = rasterizer.load_texture(tex + "creature_skin.png", &ignored);
    view.init(session.species_scenes(), textures);
    upload_paint();
    view.set_pool(session.pool());
    view.set_clock(&now_s);
    view.set_trial(&session.trial());
    view.set_motion_menu(&session.motion_menu());
    session.set_clock(&now_s);
  }
  if (opt.print_slow_ticks) {  // headless too: a herd's slow ticks are found without a window
    session.set_clock(&now_s, &cf::read_thread_clock);
    session.log_slow_ticks(4.0e-3);
  }
  cf::DebugPanel panel;  // Dear ImGui over the picture in debug mode; the game runs without it
  if (!opt.headless) {
    if (cf::Status s = panel.init(window.sdl_window(), window.gl_context()); !s) {
      std::fprintf(stderr, "critterforge: %s (debug mode runs without its panel)\n", s.error.to_string().c_str());
    }
  }
  // Sound: events derived after every tick (never fed back), mixed on SDL's audio thread; the player's
  // also rumble the pad. Without an audio device the game runs silently and says so once.
  // The songs (assets/music): a bad file is said once and the game plays without music.
  cf::SongBank songs;
  if (cf::Result<cf::SongBank> loaded = cf::load_song_dir(cf::default_assets_dir() + "/music"); loaded) {
    songs = std::move(*loaded);
  } else {
    std::fprintf(stderr, "critterforge: %s (the game plays without music)\n", loaded.error().to_string().c_str());
  }
  std::unique_ptr<cf::SoundOutput> sound_out;
  cf::AudioDevice audio;  // declared after sound_out: closed before the mixer it pulls from goes
  cf::SoundDirector sound;
  sound.set_songs(&songs);
  sound.set_ambience(opt.ambience);
  harness.set_state_extra([&](cf::Json* j) { (*j)["music"] = sound.music().json(session.state().tick); });
  if (!opt.headless && !opt.mute) {
    sound_out = std::make_unique<cf::SoundOutput>(44100, &songs);
    if (cf::Status s = audio.open(cf::AudioDeviceDesc{}, &cf::SoundOutput::fill, sound_out.get()); s) {
      sound.set_output(sound_out.get());
    } else {
      std::fprintf(stderr, "critterforge: %s; the game runs silently\n", s.error.to_string().c_str());
      sound_out.reset();
    }
  }
  sound.set_settings(cf::scaled(settings.sound, opt.sound));
  if (opt.print_sound_events) sound.set_print(stdout);
  if (!opt.headless) {
    sound.set_rumble_sink([&](const cf::RumbleCommand& r, std::uint64_t tick) {
      virtual_pad.set_stamp(tick);
      input.rumble(r.low, r.high, r.duration_ms);
    });
  }
  session.set_tick_listener(&sound);
  cf::StageTimes times;
  cf::FrameRateLog fps_log;  // --print-fps
  cf::ConsoleBudgetLog budget_log;  // --print-budget
  const double run_t0 = now_s();
  const std::uint64_t run_tick0 = session.state().tick;
  cf::EditorMode editor;
  editor.set_pen_speeds(settings.controls.pen_speed, settings.controls.precise_pen_speed);
  cf::TitleMode title;
  title.set_notice(settings_report);
  // The editor's and the title menu's painted pages and the gallery's page of cards, each uploaded
  // into its texture whenever it changes.
  struct PageUpload {
    cf::TextureId texture = cf::kNoTexture;
    std::uint64_t page = 0;
  } editor_page, title_page, gallery_page;
  auto upload_image = [&](const cf::Image& image, std::uint64_t revision, PageUpload* u) {
    if (revision == u->page) return false;
    if (!u->texture.valid()) u->texture = rasterizer.create_texture(image);
    else rasterizer.update_texture(u->texture, image);
    u->page = revision;
    return true;
  };
  auto upload_page = [&](const cf::EditorPreview& p, PageUpload* u) {
    if (!p.painted || p.page_revision == u->page) return false;
    cf::index_image(p.page, &paint_rgba);
    return upload_image(paint_rgba, p.page_revision, u);
  };
  // A preview's colour table row this frame: the eyes blink (the card's stay open).
  std::array<cf::Rgba8, cf::kClutEntries> preview_row{};
  std::uint64_t frames_drawn = 0;
  auto upload_preview_clut = [&](const cf::EditorPreview& p, int row) {
    if (p.painted) rasterizer.set_clut(row, preview_row.data(), cf::preview_clut(p.page, row, frames_drawn, preview_row.data()));
  };
  cf::FixedStepClock clock;
  cf::MonotonicClock wall;

  // Developer and playtester tools: the rewind history, playtest replays (saved off the main thread).
  if (!opt.headless) session.keep_history(cf::kDebugHistoryTicks);
  cf::PlaytestSaver saver;
  const cf::UserData data = cf::resolve_user_data(opt.data_dir);
  cf::sweep_stale_saves(data);
  // A ghost a kill left without its table entry (a bounded run touches the player's folder only with --data-dir).
  if (!opt.data_dir.empty() || !harness.limited()) cf::remove_orphan_ghosts(data);
  saver.configure(data.playtests_dir(),
                  !session.playing_back() && (!opt.data_dir.empty() || !harness.limited()));
  cf::ControlHints hints;  // shown at the first play (a bounded run: only with --data-dir)
  hints.first_play = (!opt.data_dir.empty() || !harness.limited()) && !cf::first_play_seen(data);
  std::string notice;
  std::uint64_t notice_clip_tick = ~0ull;
  int notice_messages = 0;
  double saved_notice_at = -1e9;  // when the last playtest replay was saved (its line fades after)
  bool notice_saved_shown = false;
  constexpr double kSavedNoticeS = 4.0;

  // 4. The loop.
  cf::GameModes modes;
  modes.title = &title;
  modes.editor = &editor;
  // A bounded test run without --data-dir must not leave drafts in the player's folder.
  editor.set_drafts_enabled(!(harness.limited() && opt.data_dir.empty()));
  if (start.first != cf::ModeId::kPlay) modes.current = cf::open_first_mode(start, textures.skin, &editor, &title);
  cf::ModeContext mode_ctx{session, harness, frame_settings};
  mode_ctx.saver = &saver;
  if (!session.playing_back() && (!opt.data_dir.empty() || !harness.limited())) mode_ctx.trial_data = &data;
  cf::FriendsWatch friends_watch;  // free roam's most friends, per creature and level
  mode_ctx.friends = &friends_watch;
  mode_ctx.hints = &hints;
  mode_ctx.first_play = [&] {
    if (cf::Status s = cf::remember_first_play(data); !s) std::fprintf(stderr, "critterforge: %s\n", s.error.to_string().c_str());
  };
  mode_ctx.sound = [&](const cf::SoundEvent& e) { sound.interface_event(e, harness.ticks_run(session)); };
  cf::apply_look(settings.look, &frame_settings);
  mode_ctx.settings = &settings;
  cf::LookSettings applied_look = settings.look;  // the window follows only what the player changed
  cf::ControlContext input_context = cf::ControlContext::kPlay;  // the mapping the input has now
  // What names play's buttons follows the mapping: the test walk's banner, the motion menu's keys.
  const auto name_play_buttons = [&] {
    mode_ctx.test_walk_banner = cf::test_walk_banner(&settings);
    const cf::ButtonMap& play = settings.controls.map(cf::ControlContext::kPlay);
    view.set_play_buttons(cf::pad_label(play, 0), cf::pad_label(play, 1));
  };
  name_play_buttons();
  mode_ctx.settings_changed = [&] {
    input.set_controls(cf::input_controls(settings, input_context));
    name_play_buttons();
    sound.set_settings(cf::scaled(settings.sound, opt.sound));
    cf::apply_look(settings.look, &frame_settings);
    editor.set_pen_speeds(settings.controls.pen_speed, settings.controls.precise_pen_speed);
    if (!opt.headless) {
      const cf::LookSettings& l = settings.look;
      if (l.fullscreen != applied_look.fullscreen) window.set_fullscreen(l.fullscreen);
      if (l.window_w != applied_look.window_w || l.window_h != applied_look.window_h) window.set_size(l.window_w, l.window_h);
      applied_look = l;
    }
    if (settings_path.empty()) return;
    if (cf::Status s = cf::save_settings_file(settings_path, settings); !s)
      std::fprintf(stderr, "critterforge: %s\n", s.error.to_string().c_str());
  };
  mode_ctx.open_title = [&] { title.open(start.data, &editor, textures.skin); };
  modes.options.set_under(&title);
  mode_ctx.scene_changed = [&] {
    if (!opt.headless) {
      view.init(session.species_scenes(), textures);
      upload_paint();
      view.set_pool(session.pool());
    }
  };
  if (opt.debug) {
    if (cf::Status s = harness.reach_debug_tick(session, pad_script); !s) return fail(2, s.error.to_string());
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
  while (!harness.finished(session) && !cf::stop_signal()) {
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
    // Play and the menus map the pad apart: the mode about to run picks the mapping before its events.
    if (const cf::ControlContext c = cf::control_context_of(modes.current); c != input_context && !opt.headless) {
      input_context = c;
      input.set_controls(cf::input_controls(settings, c));
    }
    cf::FrameEvents events;
    if (!opt.headless) events = cf::pump_events(input, &window, cf::EventTap{&cf::DebugPanel::on_event, &panel});
    std::uint32_t raw_pad = 0;
    int raw_key = 0;
    if (!opt.headless) input.take_raw_presses(&raw_pad, &raw_key);
    if (events.quit) {
      window_closed = true;
      break;
    }

    // Fixed ticks: as many as the wall clock allows (one per frame when not paced), run by the mode.
    const double frame_s = wall.lap();
    // Paused, the clock stands still too, so the picture does not move and resuming does not burst
    // (a bounded run's clock goes on: its pad script drives the pause menu).
    const bool paused = modes.current == cf::ModeId::kPaused ||
                        (modes.current == cf::ModeId::kOptions && mode_ctx.options_back == cf::ModeId::kPaused);
    const int due = paced ? (paused && !harness.limited() ? 0 : clock.advance(frame_s)) : 1;
    const double sim_t0 = now_s();
    // The music follows the mode: the title's and the editor's songs, else the session's.
    sound.set_place(modes.current == cf::ModeId::kTitle ? cf::MusicPlace::kTitle
                    : modes.current == cf::ModeId::kEditor ? cf::MusicPlace::kEditor
                    : modes.current == cf::ModeId::kOptions && mode_ctx.options_back == cf::ModeId::kTitle
                        ? cf::MusicPlace::kTitle
                        : cf::MusicPlace::kPlay);
    modes.current = modes.active().update(cf::ModeFrame{due, events.hotkeys, &sample, raw_pad, raw_key}, mode_ctx);
    times.simulation_s = now_s() - sim_t0;
    times.frame_s = frame_s;
    if (mode_ctx.quit || cf::stop_signal()) break;

    // Build the frame, rasterize, present.
    if (opt.headless) continue;
    const bool still = modes.current == cf::ModeId::kPaused ||
                       (modes.current == cf::ModeId::kOptions && mode_ctx.options_back == cf::ModeId::kPaused);
    const float alpha = harness.draw_alpha(session, paced, clock.alpha(), still);
    const cf::SimState draw = cf::blend_for_drawing(session.previous(), session.state(), alpha);
    const cf::PixelSize size = window.drawable_size();
    // Modes with their own picture (title menu, editor) draw it; play and pause draw the session.
    if (modes.current == cf::ModeId::kEditor && upload_page(editor.preview(), &editor_page))
      editor.set_paint_texture(editor_page.texture);
    if (modes.current == cf::ModeId::kTitle && upload_page(title.preview(), &title_page))
      title.set_paint_texture(title_page.texture);
    ++frames_drawn;
    if (modes.current == cf::ModeId::kEditor) {
      upload_preview_clut(editor.preview(), cf::kEditorClutRow);
      upload_preview_clut(editor.preview(), cf::kCardClutRow);
    }
    if (modes.current == cf::ModeId::kTitle) upload_preview_clut(title.preview(), cf::kTitleClutRow);
    if (modes.current == cf::ModeId::kTitle && upload_image(title.gallery().page(), title.gallery().revision(), &gallery_page))
      title.set_gallery_texture(gallery_page.texture);
    const cf::CommandList* own = modes.active().build_frame(frame_settings, size.width, size.height);
    view.set_banner(modes.active().banner(), modes.current == cf::ModeId::kDebug && panel.initialized()
                                                 ? panel.covered_fraction(window.window_size().width)
                                                 : 0.0f);
    {  // befriending's HUD lines with the player's buttons (play and pause; nothing without a herd)
      const bool shown = modes.current == cf::ModeId::kPlay || modes.current == cf::ModeId::kPaused;
      const cf::ButtonMap& map = settings.controls.map(cf::ControlContext::kPlay);
      const auto label = [&](cf::Button b) {
        int k = 0;
        while (k < 31 && !(static_cast<std::uint32_t>(b) & (1u << k))) ++k;
        return cf::pad_label(map, k);
      };
      const cf::BefriendGoal goal{session.scene().level.friends_goal, friends_watch.best(session)};
      const std::uint64_t key = shown ? cf::befriend_hud_key(session.state(), goal) : 0;
      if (key != befriend_key) {  // made again only when what it says changes
        befriend_key = key;
        view.set_befriend(key ? cf::befriend_hud_text(session.state(), session.registry(), label, label(cf::MotionMenu::kOpenButton) + " MENU", goal) : "");
      }
    }
    {  // "A: VAULT" while a fence is in reach ahead ("A: CLIMB" at a ledge), with the button the player mapped
      const cf::SimState& st = session.state();
      const cf::ActionRegistry& actions = session.registry();
      std::uint64_t key = 0;
      bool climb = false;
      if (modes.current == cf::ModeId::kPlay && actions.current(st.player()) == cf::kLocomotion && session.context().level) {
        const cf::Level& level = *session.context().level;
        const cf::Species* sp = session.context().species_of(st.player().species);
        climb = !cf::fence_in_vault_reach(st.player(), level) && sp && cf::ledge_in_climb_reach(st.player(), *sp, level);
        if (climb || cf::fence_in_vault_reach(st.player(), level))
          for (const cf::ActionBinding& b : actions.bindings())
            if (std::string_view(b.action) == "vault")
              key = (static_cast<std::uint64_t>(b.button) << 8) | (static_cast<std::uint64_t>(modes.current) + 1) | (climb ? 0x80u : 0u);
      }
      if (key != prompt_key) {  // made again only when it changes (a remap passes through the options' mode)
        prompt_key = key;
        std::string text;
        if (key) {
          const cf::ButtonMap& map = settings.controls.map(cf::ControlContext::kPlay);
          int k = 0;
          while (k < 31 && !((key >> 8) & (1u << k))) ++k;
          text = cf::pad_label(map, k) + (key & 0x80u ? ": CLIMB" : ": VAULT");
        }
        view.set_prompt(text);
      }
    }
    const bool hint_shown = modes.current == cf::ModeId::kPlay && hints.visible();
    if (hint_shown == view.hint().empty()) view.set_hint(hint_shown ? cf::control_hint_text(&settings, session.registry(), mode_ctx.test_walk) : "");
    // The player sees player words only: the session's first clip is a developer's line (debug mode),
    // a saved playtest replay a short line that fades. Rebuilt only when they change.
    const bool debug_shown = modes.current == cf::ModeId::kDebug;
    const std::uint64_t clip_tick = debug_shown && session.clips().has_first() ? session.clips().first().tick : ~0ull;
    if (saver.messages() != notice_messages) {
      notice_messages = saver.messages();
      saved_notice_at = now_s();
    }
    const double saved_age = now_s() - saved_notice_at;
    const bool saved_shown = saved_age < kSavedNoticeS && !saver.last_message().empty();
    if (clip_tick != notice_clip_tick || saved_shown != notice_saved_shown) {
      notice_clip_tick = clip_tick;
      notice_saved_shown = saved_shown;
      notice = clip_tick == ~0ull ? ""
               : std::string(1, cf::kHudWarning) + " " +
                     cf::clip_event_line(session.clips().first(), &session.scene().rig.skeleton);
      if (saved_shown) notice += notice.empty() ? saver.last_message() : "\n" + saver.last_message();
      view.set_notice(notice);
    }
    // The saved line dims over its last second (the clip line in debug mode stays bright).
    view.set_notice_fade(clip_tick != ~0ull ? 1.0f
                                            : static_cast<float>(std::clamp(kSavedNoticeS - saved_age, 0.0, 1.0)));
    if (!own) {
      const cf::Session* ghost = session.ghost();
      view.set_ghost(ghost ? &ghost->scene() : nullptr, ghost ? &ghost->runtime() : nullptr, alpha);
      view.set_ghost_line(session.ghost_line());
      view.build(draw, session.runtime(), alpha, frame_settings, size.width, size.height);
      for (int c = 0; c < draw.creature_count; ++c)
        if (const cf::Rgba8* row = view.clut_row(c)) rasterizer.set_clut(c, row, cf::kClutEntries);
      modes.active().draw_over(frame_settings, view.frame());
    }
    const cf::CommandList& frame = own ? *own : *view.frame();
    editor.write_card([&](const cf::CommandList& card, std::vector<std::uint8_t>* rgba, int* w, int* h) {
      rasterizer.draw(card, size.width, size.height);  // the frame is drawn over it below
      return rasterizer.read_back_target(rgba, w, h);
    }, frame_settings);
    const double raster_t0 = now_s();
    rasterizer.draw(frame, size.width, size.height);
    times.rasterizer_s = now_s() - raster_t0;
    times.posing_s = session.runtime().posing_s();
    times.skinning_s = view.skinning_s();
    times.geometry_s = view.geometry_s();
    const bool panel_shown = modes.current == cf::ModeId::kDebug && panel.initialized();
    // What the play frame would cost the console (the view's frame only: a menu's own list is not a scene).
    cf::ConsoleBudget budget;
    const bool budgeted = !own && (panel_shown || opt.print_budget);
    if (budgeted) budget = cf::measure_console_budget(frame, view.geometry_stats(), rasterizer.texture_texels());
    if (budgeted && opt.print_budget) budget_log.add(budget);
    if (panel_shown) {
      cf::DebugPanelInfo info{&session, times, modes.active().banner(), session.playing_back()};
      info.budget = budgeted ? &budget : nullptr;
      panel.draw(info, &frame_settings);
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
  const int signal_seen = cf::stop_signal();
  const std::string why = signal_seen ? std::string("stopped by ") + cf::signal_name(signal_seen)
                          : window_closed ? "the window was closed"
                          : mode_ctx.quit ? "quit"
                                          : "the run ended";
  const std::string kept = editor.is_open() ? editor.leave(why) : "";
  if (!kept.empty()) std::fprintf(stderr, "critterforge: %s\n", kept.c_str());
  else if (signal_seen) std::fprintf(stderr, "critterforge: %s\n", why.c_str());

  // 6. Results: the recording, the verdict, the hash.
  if (opt.print_fps) {
    const double dropped_ticks = clock.dropped_seconds() / clock.tick_seconds();  // hitches over 0.25 s
    fps_log.finish(now_s() - run_t0, session.state().tick - run_tick0, dropped_ticks);
    fps_log.set_slowest_tick(session.slowest_tick_s(), session.slowest_tick());
    std::printf("%s\n", fps_log.summary().c_str());
  }
  if (opt.print_budget) std::printf("%s\n", budget_log.summary().c_str());
  if (opt.print_slow_ticks) {
    for (const cf::Session::SlowTick& t : session.slow_ticks())
      std::printf("{\"slow_tick\": {\"tick\": %llu, \"ms\": %.2f, \"controls_ms\": %.2f, \"plans_ms\": %.2f, "
                  "\"posing_ms\": %.2f, \"after_posing_ms\": %.2f, \"after_step_ms\": %.2f, \"cpu_ms\": %.2f, "
                  "\"pool_wait_ms\": %.2f, \"off_cpu_ms\": %.2f, \"preemptions\": %lld, \"cause\": \"%s\", "
                  "\"slowest_creature\": %d, \"its_controls_ms\": %.2f, \"its_action\": \"%s\"}}\n",
                  static_cast<unsigned long long>(t.tick), 1e3 * t.total_s, 1e3 * t.parts.controls_s,
                  1e3 * t.parts.plans_s, 1e3 * t.parts.posing_s, 1e3 * t.parts.after_s, 1e3 * t.after_step_s,
                  1e3 * t.cpu_s, 1e3 * t.pool_wait_s, 1e3 * t.off_cpu_s(), static_cast<long long>(t.preemptions), t.cause(),
                  t.parts.slowest_creature, 1e3 * t.parts.slowest_creature_s, t.parts.slowest_action);
    std::printf("{\"slow_ticks\": %zu, \"over_ms\": 4}\n", session.slow_ticks().size());
  }
  if (opt.print_rumble) {
    for (const cf::VirtualPad::Rumble& r : virtual_pad.rumbles())
      std::printf("{\"rumble\":{\"tick\":%llu,\"low\":%u,\"high\":%u}}\n", static_cast<unsigned long long>(r.stamp),
                  static_cast<unsigned>(r.low), static_cast<unsigned>(r.high));
  }
  session.set_tick_listener(nullptr);
  saver.flush();
  const int code = harness.finish(session);
  panel.shutdown();
  rasterizer.shutdown();
  return code;
}
