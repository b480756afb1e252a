#include "game/debug/debug_panel.h"

#include <algorithm>

#include <SDL.h>
#include <backends/imgui_impl_opengl3.h>
#include <backends/imgui_impl_sdl.h>
#include <imgui.h>

#include "core/hash.h"
#include "game/debug/debug_mode.h"
#include "game/play/action.h"
#include "game/play/world_runtime.h"
#include "game/session/session.h"
#include "render/command_list.h"
#include "skeleton/skeleton.h"

namespace cf {

DebugPanel::~DebugPanel() { shutdown(); }

Status DebugPanel::init(SDL_Window* window, void* gl_context) {
  if (ready_) return {};
  if (!window || !gl_context) return Error{"", "debug panel", "needs an open window with a GL context"};
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // no imgui.ini written next to the game
  ImGui::StyleColorsDark();
  ImGui::GetStyle().Alpha = 0.92f;
  if (!ImGui_ImplSDL2_InitForOpenGL(window, gl_context)) {
    ImGui::DestroyContext();
    return Error{"", "debug panel", "ImGui's SDL2 backend failed to start"};
  }
  if (!ImGui_ImplOpenGL3_Init("#version 330 core")) {
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
    return Error{"", "debug panel", "ImGui's OpenGL3 backend failed to start"};
  }
  window_ = window;
  ready_ = true;
  return {};
}

void DebugPanel::shutdown() {
  if (!ready_) return;
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
  ready_ = false;
}

void DebugPanel::on_event(const void* sdl_event, void* panel) {
  auto* self = static_cast<DebugPanel*>(panel);
  if (self && self->ready_) ImGui_ImplSDL2_ProcessEvent(static_cast<const SDL_Event*>(sdl_event));
}

namespace {

double ms(double s) { return s * 1000.0; }

void timings(const StageTimes& t) {
  // Plain text rows (ProggyClean is monospaced): tables hide their columns on the first frame.
  ImGui::Text("frame          %8.3f ms", ms(t.frame_s));
  ImGui::Text("simulation     %8.3f ms", ms(t.simulation_s));
  ImGui::Text("  posing       %8.3f ms", ms(t.posing_s));
  ImGui::Text("skinning       %8.3f ms", ms(t.skinning_s));
  ImGui::Text("geometry stage %8.3f ms", ms(t.geometry_s));
  ImGui::Text("rasterizer     %8.3f ms", ms(t.rasterizer_s));
}

// The frame against the console's limits: a row per figure, warning-coloured past its limit, and a line
// naming what is over (a level or herd that would not fit a PS1 says so here).
void console_budget(const ConsoleBudget& b) {
  const ImVec4 warn(1, 0.5f, 0.4f, 1);
  const ImVec4 plain = ImGui::GetStyleColorVec4(ImGuiCol_Text);
  const double per_frame = static_cast<double>(ConsoleBudget::gte_cycles_per_frame());
  ImGui::TextColored(b.polygons_over() ? warn : plain, "polygons   %6d of %d", b.polygons, kConsolePolygonsPerFrame);
  ImGui::TextColored(b.gte_over() ? warn : plain, "GTE cycles %6.0f%% (%lld of %.0f)",
                     100.0 * static_cast<double>(b.gte_cycles) / per_frame, static_cast<long long>(b.gte_cycles), per_frame);
  ImGui::TextColored(b.fill_over() ? warn : plain, "fill       %6.2f of %.0f screens", b.fill_screens, kConsoleFillScreens);
  ImGui::TextColored(b.texture_over() ? warn : plain, "textures   %6d of %d KB", b.texture_bytes / 1024,
                     kConsoleTextureBytes / 1024);
  if (b.over()) {  // wrapped: the panel is narrower than the line
    ImGui::PushStyleColor(ImGuiCol_Text, warn);
    ImGui::TextWrapped("%s", b.over_text().c_str());
    ImGui::PopStyleColor();
  } else {
    ImGui::TextDisabled("fits the console");
  }
}

// An action's section: its rows as plain, greyed or warning-coloured text.
void action_rows(const Session& s, const Action& action) {
  const DebugRowsCall call{s.state().player(), s.runtime().pose(0), s.scene().rig,
                           s.runtime().held_runtime(0, action.id())};
  std::vector<DebugRow> rows;
  action.debug_rows(call, &rows);
  for (const DebugRow& r : rows) {
    switch (r.style) {
      case DebugRow::Style::kNormal: ImGui::TextUnformatted(r.text.c_str()); break;
      case DebugRow::Style::kDisabled: ImGui::TextDisabled("%s", r.text.c_str()); break;
      case DebugRow::Style::kWarning: ImGui::TextColored(ImVec4(1, 0.5f, 0.4f, 1), "%s", r.text.c_str()); break;
    }
  }
}

void clips(const Session& s) {
  const ClipWatch& w = s.clips();
  // "under ground", "in wall 2", "in pipe 2.0" (wall 2's first pipe), "in fence 0".
  auto where = [](const ClipEvent& e) {
    static char buf[48];
    if (e.obstacle == ObstacleKind::kGround) return "under ground";
    if (e.obstacle == ObstacleKind::kPipe) std::snprintf(buf, sizeof buf, "in pipe %d.%d", e.index, e.pipe);
    else std::snprintf(buf, sizeof buf, "in %s %d", to_string(e.obstacle), e.index);
    return static_cast<const char*>(buf);
  };
  if (w.has_first()) {
    const ClipEvent& f = w.first();
    ImGui::TextColored(ImVec4(1, 0.5f, 0.4f, 1), "first clip: tick %llu %s %s (%.1f cm)",
                       static_cast<unsigned long long>(f.tick), creature_bone_name(s, f.creature, f.bone), where(f),
                       f.depth_m * 100.0f);
  } else {
    ImGui::TextDisabled("no clip this session");
  }
  ImGui::Text("this tick: %d event(s)%s", w.count(), w.dropped() ? " (more dropped)" : "");
  for (int k = 0; k < w.count() && k < 12; ++k) {
    const ClipEvent& e = w.events()[k];
    ImGui::BulletText("#%d %s %s: %.1f cm at (%.2f, %.2f, %.2f)", e.creature, creature_bone_name(s, e.creature, e.bone), where(e),
                      e.depth_m * 100.0f, e.point_ws.x, e.point_ws.y, e.point_ws.z);
  }
}

void view_toggles(FrameSettings* fs) {
  ImGui::Checkbox("modern path (F10)", &fs->modern);
  for (int k = 0; k < 9; ++k) {
    const std::uint32_t bit = 1u << k;
    bool on = (fs->overlay_mask & bit) != 0;
    char label[48];
    std::snprintf(label, sizeof label, "F%d %s", k + 1, overlay_kind_name(bit));
    if (ImGui::Checkbox(label, &on)) fs->overlay_mask = on ? (fs->overlay_mask | bit) : (fs->overlay_mask & ~bit);
  }
}

}  // namespace

float DebugPanel::covered_fraction(int window_width) const {
  if (window_width <= 0) return 0.0f;
  return std::clamp(right_edge_px_ / static_cast<float>(window_width), 0.0f, 0.9f);
}

void DebugPanel::draw(const DebugPanelInfo& info, FrameSettings* settings) {
  if (!ready_ || !info.session) return;
  const Session& s = *info.session;
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplSDL2_NewFrame();
  ImGui::NewFrame();
  ImGui::SetNextWindowPos(ImVec2(8, 8), ImGuiCond_Once);
  // A fixed first size: an auto-sized window stays hidden on its first frame (screenshots).
  ImGui::SetNextWindowSize(ImVec2(kFirstWidthPx, ImGui::GetIO().DisplaySize.y - 16), ImGuiCond_Once);
  // Never taller than the window (a 720-pixel one included, or one made smaller later): what does not
  // fit scrolls (mouse wheel, or drag the scrollbar).
  ImGui::SetNextWindowSizeConstraints(ImVec2(160.0f, 120.0f),
                                      ImVec2(1e6f, std::max(120.0f, ImGui::GetIO().DisplaySize.y - 16)));
  ImGui::Begin("Debug");
  ImGui::Text("tick %llu  hash %s", static_cast<unsigned long long>(s.state().tick),
              hash_hex(s.hash()).c_str());
  const StateRing& h = s.history();
  ImGui::Text("history %llu..%llu  recorded %llu%s", static_cast<unsigned long long>(h.empty() ? 0 : h.oldest_tick()),
              static_cast<unsigned long long>(h.empty() ? 0 : h.newest_tick()),
              static_cast<unsigned long long>(s.recorded_ticks()), info.watching_replay ? "  (replay)" : "");
  ImGui::TextUnformatted(info.mode);
  ImGui::TextDisabled("d-pad L/R (J/L): step, hold to scrub");
  ImGui::TextDisabled("d-pad up/down (I/K): slow motion; Start: resume");
  if (ImGui::CollapsingHeader("Timing", ImGuiTreeNodeFlags_DefaultOpen)) timings(info.times);
  if (info.budget && ImGui::CollapsingHeader("Console budget (PS1)", ImGuiTreeNodeFlags_DefaultOpen))
    console_budget(*info.budget);
  const ActionRegistry& actions = s.registry();
  for (ActionId a = 0; a < actions.size(); ++a) {
    if (ImGui::CollapsingHeader(actions[a].title(), ImGuiTreeNodeFlags_DefaultOpen)) action_rows(s, actions[a]);
  }
  if (ImGui::CollapsingHeader("Clips", ImGuiTreeNodeFlags_DefaultOpen)) clips(s);
  if (ImGui::CollapsingHeader("View", ImGuiTreeNodeFlags_DefaultOpen)) view_toggles(settings);
  right_edge_px_ = ImGui::GetWindowPos().x + ImGui::GetWindowSize().x;
  ImGui::End();
  ImGui::Render();
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

}  // namespace cf
