#pragma once
// HUD text drawn as screen-space pixel runs (one-pixel horizontal lines) appended to a CommandList (the
// renderer draws lines on top of everything), in the public-domain 8x8 font of hud_font.h. Characters
// are spaced by their ink plus one blank font pixel, so letters never touch; unknown ones draw as a box.
#include <string>
#include <vector>

#include "render/command_list.h"
#include "render/frame_settings.h"

namespace cf {

struct HudTextStyle {
  int scale = 0;       // pixels per font pixel at the list's resolution; 0 -> 1 (glyphs up to 8 x 8 px)
  Rgba8 color{255, 255, 255, 255};
  bool shadow = true;  // a dark copy one pixel down-right, for contrast
};

// The free rows of the picture between what is stacked down from the top edge and up from the bottom
// edge. Each text block takes its rows from one side in priority order; a block that no longer fits is
// left out (or drawn smaller by its owner), so no two blocks overlap at any text size.
struct HudBand {
  int top = 0, bottom = 0;  // the free rows [top, bottom)
  // h rows at 'at' or below it (never above top); *y is their first. False, nothing taken, when they do not fit.
  bool take_top(int h, int at, int* y) {
    const int t = at > top ? at : top;
    if (t + h > bottom) return false;
    *y = t;
    top = t + h;
    return true;
  }
  // h rows ending at 'end' or above it (never below bottom).
  bool take_bottom(int h, int end, int* y) {
    const int b = end < bottom ? end : bottom;
    if (b - h < top) return false;
    *y = b - h;
    bottom = b - h;
    return true;
  }
};

// Pixels per font pixel for a list: one per 240 lines of the target, times the player's text size.
inline int hud_pixel_scale(const CommandList& list, const FrameSettings& fs) {
  return (list.height / 240 > 1 ? list.height / 240 : 1) * text_scale(fs);
}

// Height in pixels of one text line (the 8-pixel cell plus one blank row) at the style's scale.
int hud_line_height(const HudTextStyle& style = {});

// Width in pixels of 'text' at the style's scale.
int hud_text_width(const std::string& text, const HudTextStyle& style = {});

// Appends the pixel runs of 'text' with its top-left corner at (x, y) pixels of the list's target.
void draw_hud_text(const std::string& text, int x, int y, const HudTextStyle& style, CommandList* list);

// Centred horizontally at height y.
void draw_hud_text_centred(const std::string& text, int y, const HudTextStyle& style, CommandList* list);

// 'text' broken at spaces into lines at most max_width pixels wide (a word wider than that is broken
// where it must), at most max_lines of them; text left over ends the last line with "...".
std::vector<std::string> wrap_hud_text(const std::string& text, int max_width, const HudTextStyle& style,
                                       int max_lines = 2);

// 'text' with its file paths made short enough to read: the home folder as "~", and a path that is
// still longer than max_path_chars keeps only its last two names ("/.../creatures/my_dog.json").
std::string shorten_hud_paths(const std::string& text, const std::string& home, std::size_t max_path_chars = 32);

// Upper case (the HUD's style) except file paths (words starting with /, ~/, ./ or ../), whose case matters.
std::string hud_upper(const std::string& text);

}  // namespace cf
