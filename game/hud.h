#pragma once
// HUD text drawn as screen-space line strokes appended to a CommandList (the renderer draws lines
// on top of everything), with a small built-in stroke font: A-Z, 0-9 and common punctuation.
// Lower case is drawn as upper case; unknown characters as a box.
#include <string>

#include "render/command_list.h"

namespace cf {

struct HudTextStyle {
  int scale = 0;       // pixels per font grid unit at the list's resolution; 0 -> 1 (glyphs 4 x 6 px)
  Rgba8 color{255, 255, 255, 255};
  bool shadow = true;  // a dark copy one pixel down-right, for contrast
};

// Width in pixels of 'text' at the style's scale.
int hud_text_width(const std::string& text, const HudTextStyle& style = {});

// Appends the strokes of 'text' with its top-left corner at (x, y) pixels of the list's target.
void draw_hud_text(const std::string& text, int x, int y, const HudTextStyle& style, CommandList* list);

// Centred horizontally at height y.
void draw_hud_text_centred(const std::string& text, int y, const HudTextStyle& style, CommandList* list);

}  // namespace cf
