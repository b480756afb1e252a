#pragma once
// The title menu's Edit and Play lists as a gallery: every creature a tile with its card's picture
// (a saved creature's card, or a card dropped into the creatures folder by hand) and its name under
// it. Laid out column by column, so up/down walk the list as before (on past a column's end into the
// next) and left/right step along a row. The pictures share one texture page, uploaded by the game
// when it changes (game/main.cpp), as the paint pages are.
#include <cstdint>
#include <string>
#include <vector>

#include "game/session/user_data.h"
#include "game/ui/hud.h"
#include "render/command_list.h"
#include "render/image_io.h"

namespace cf {

constexpr int kThumbW = 48, kThumbH = 64;  // a card's picture in the page, texels (3:4 like the card)
constexpr int kGalleryPage = 512;          // the page's side: 8 x 8 cells of 64 texels
constexpr int kGalleryCells = (kGalleryPage / 64) * (kGalleryPage / 64);

// A card's picture (RGBA8, w x h) averaged down to kThumbW x kThumbH into 'page' at texel (x0, y0).
void shrink_into(const std::vector<std::uint8_t>& rgba, int w, int h, Image* page, int x0, int y0);

class Gallery {
 public:
  // Reads the cards of the entries (the damaged ones' too: the picture is still the creature's).
  void refresh(const std::vector<CreatureEntry>& entries);
  const Image& page() const { return page_; }
  std::uint64_t revision() const { return revision_; }
  void set_texture(TextureId t) { texture_ = t; }
  // Left / right: the item a row over (the cursor as it is at either end).
  int step(int cursor, int count, int columns) const;
  // The tiles in the box (x, y, w, h target pixels, layout scale s, names at 'st'); 'names' one per
  // entry, damaged per entry. Keeps the cursor's column in view.
  void draw(const std::vector<std::string>& names, const std::vector<bool>& damaged, int cursor, int x, int y,
            int w, int h, int s, HudTextStyle st, CommandList* list);
  int rows() const { return rows_; }  // rows in the last picture (left/right step by this)

 private:
  void quad(int x, int y, int w, int h, Rgba8 c, int cell, CommandList* list) const;
  Image page_;
  std::vector<int> cell_;  // per entry: its picture's cell in the page, -1 for none
  std::uint64_t revision_ = 0;
  TextureId texture_ = kNoTexture;
  int rows_ = 2, first_column_ = 0;
};

}  // namespace cf
