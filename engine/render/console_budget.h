#pragma once
// What a frame would cost the console the renderer imitates (a PS1), against that machine's practical
// limits: the geometry coprocessor's (GTE) cycles, polygons drawn, fill (overdraw) and texture memory.
// Our CPU is far faster; the meter is for building scenes that would have fit. Computed from the
// geometry stage's counts and the frame's command list only: it never touches the simulation.
#include <cstdint>
#include <string>
#include <vector>

#include "render/command_list.h"
#include "render/geometry_stage.h"

namespace cf {

// The console's figures.
constexpr double kConsoleGteHz = 33.8688e6;  // the R3000's clock, which the GTE shares
constexpr int kGteRtpt = 23;   // transform three vertices
constexpr int kGteNclip = 8;   // the winding test (back faces)
constexpr int kGteAvsz3 = 5;   // the average depth (the ordering table's key)
constexpr int kGteNcdt = 44;   // light three vertices with depth cue (fog)
constexpr int kConsolePolygonsPerFrame = 3000;  // 180,000 textured lit polygons a second at 60 Hz
constexpr double kConsoleFillScreens = 7.0;     // 33 Mpixel/s at 60 Hz over a 320x240 screen
// VRAM (1024x512 at 16 bits) less two 320x240 frame buffers: what textures and colour tables may use.
constexpr int kConsoleTextureBytes = 1024 * 512 * 2 - 2 * 320 * 240 * 2;
constexpr int kConsoleClutBytes = 256 * 2;  // an 8-bit texture's colour table: 256 15-bit entries

struct ConsoleBudget {
  int polygons = 0;             // triangles the geometry stage drew (the HUD's words left out)
  int transformed = 0;          // triangles transformed and tested: all but those wholly outside the view
  std::int64_t gte_cycles = 0;  // transformed x (RTPT + NCLIP) + drawn x (AVSZ3 + NCDT)
  double fill_screens = 0.0;    // the drawn triangles' area on screen (past its edges not) over the
                                // target's: 1 = every pixel once
  int texture_bytes = 0;        // distinct textures drawn: 8-bit with a colour table (1 byte a texel + the
                                // table), else 15-bit (2 bytes a texel)

  static std::int64_t gte_cycles_per_frame() { return static_cast<std::int64_t>(kConsoleGteHz / 60.0); }
  bool polygons_over() const { return polygons > kConsolePolygonsPerFrame; }
  bool gte_over() const { return gte_cycles > gte_cycles_per_frame(); }
  bool fill_over() const { return fill_screens > kConsoleFillScreens; }
  bool texture_over() const { return texture_bytes > kConsoleTextureBytes; }
  bool over() const { return polygons_over() || gte_over() || fill_over() || texture_over(); }
  // "" when the frame fits; else "over the console's budget: polygons 4210 of 3000, ..." (each limit passed).
  std::string over_text() const;
};

// Frames' budgets over a run (--print-budget): the largest of each figure, the mean polygon count and how
// many frames passed a limit. Fixed size: adding a frame allocates nothing.
struct ConsoleBudgetLog {
  int frames = 0, frames_over = 0;
  double polygons_sum = 0.0;
  ConsoleBudget most;     // each figure's largest over the run (not one frame's)
  std::string worst_over; // the over_text of the first frame over budget

  void add(const ConsoleBudget& b);
  // One JSON line: {"console_budget": {"frames": ..., "polygons_max": ..., ..., "limits": {...}}}.
  std::string summary() const;
};

// The budget of a frame: 'stats' from the geometry stage that wrote the first stats.triangles_out
// triangles of 'list' (what follows them, the HUD's words, is not counted); texels[i] the size in texels
// of texture index i (0 or missing: not counted).
ConsoleBudget measure_console_budget(const CommandList& list, const GeometryStats& stats, const std::vector<int>& texels);

}  // namespace cf
