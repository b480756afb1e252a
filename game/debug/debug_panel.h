#pragma once
// The developer's debug panel: Dear ImGui (Debian's 1.86, SDL2 + OpenGL3 backends) drawn over the
// retro picture in debug mode. What players see keeps the retro HUD font; only this uses ImGui.
// Lives in its own library (cf_debug_ui) linked by the executable and its e2e tests only.
#include <cstdint>

#include "core/result.h"
#include "game/play/stage_times.h"
#include "render/console_budget.h"
#include "render/frame_settings.h"

struct SDL_Window;

namespace cf {

class Session;

// What the panel shows besides the session.
struct DebugPanelInfo {
  const Session* session = nullptr;
  StageTimes times;
  const char* mode = "";         // the debug mode's banner (speed)
  bool watching_replay = false;
  const ConsoleBudget* budget = nullptr;  // the frame against the console's limits (null: not a play frame)
};

class DebugPanel {
 public:
  DebugPanel() = default;
  ~DebugPanel();
  DebugPanel(const DebugPanel&) = delete;
  DebugPanel& operator=(const DebugPanel&) = delete;

  // Needs the window's current GL 3.3 context.
  Status init(SDL_Window* window, void* gl_context);
  void shutdown();
  bool initialized() const { return ready_; }

  // Event tap for pump_events: ImGui sees every SDL event (mouse, keys) too.
  static void on_event(const void* sdl_event, void* panel);

  // Builds and renders the panel into the current framebuffer (after the rasterizer's frame,
  // before the swap). Its checkboxes switch overlays and the modern path in *settings.
  void draw(const DebugPanelInfo& info, FrameSettings* settings);

  // How much of a window 'window_width' pixels wide the panel covers from the left edge (0..0.9), as
  // last drawn; before its first frame, its first size. The picture's centred lines go beside it.
  float covered_fraction(int window_width) const;

 private:
  static constexpr float kFirstWidthPx = 370.0f;
  bool ready_ = false;
  float right_edge_px_ = 8.0f + kFirstWidthPx;  // the panel's right edge when last drawn
  SDL_Window* window_ = nullptr;
};

}  // namespace cf
