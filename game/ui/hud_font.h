#pragma once
// The HUD's pixel font: font8x8_basic (public domain; see hud_font.cpp for its source), printable ASCII.
#include <cstdint>

namespace cf {

constexpr int kHudGlyphSize = 8;  // cell is 8 x 8 font pixels

// The warning sign (a triangle with "!"), drawn before every HUD warning so red is never alone.
constexpr char kHudWarning = '\x01';
// Eight rows, top first; bit 0 of a row is its leftmost pixel. nullptr for characters outside ' '..'~'
// other than kHudWarning.
const std::uint8_t* hud_glyph(char c);

// The columns a glyph inks, [first, last]; a blank glyph (space) gives first > last.
void hud_glyph_ink(const std::uint8_t* rows, int* first, int* last);

}  // namespace cf
