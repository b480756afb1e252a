#include "game/title/title_gallery.h"

#include <algorithm>

#include "core/file_io.h"
#include "creature/creature_card.h"
#include "game/ui/screen_quad.h"

namespace cf {

void shrink_into(const std::vector<std::uint8_t>& rgba, int w, int h, Image* page, int x0, int y0) {
  for (int ty = 0; ty < kThumbH; ++ty) {
    for (int tx = 0; tx < kThumbW; ++tx) {
      const int sx0 = tx * w / kThumbW, sx1 = std::max(sx0 + 1, (tx + 1) * w / kThumbW);
      const int sy0 = ty * h / kThumbH, sy1 = std::max(sy0 + 1, (ty + 1) * h / kThumbH);
      unsigned sum[3] = {0, 0, 0}, n = 0;
      for (int sy = sy0; sy < sy1 && sy < h; ++sy)
        for (int sx = sx0; sx < sx1 && sx < w; ++sx, ++n)
          for (int c = 0; c < 3; ++c) sum[c] += rgba[(static_cast<std::size_t>(sy) * w + sx) * 4 + c];
      std::uint8_t* o = &page->rgba[(static_cast<std::size_t>(y0 + ty) * page->width + x0 + tx) * 4];
      for (int c = 0; c < 3; ++c) o[c] = static_cast<std::uint8_t>(n ? sum[c] / n : 0);
      o[3] = 255;
    }
  }
}

void Gallery::refresh(const std::vector<CreatureEntry>& entries) {
  page_.width = page_.height = kGalleryPage;
  page_.rgba.assign(static_cast<std::size_t>(kGalleryPage) * kGalleryPage * 4, 0);
  cell_.assign(entries.size(), -1);
  // The newest cards get the cells when there are more than fit: times are read before the cut.
  std::vector<std::pair<std::int64_t, std::size_t>> order;
  for (std::size_t i = 0; i < entries.size(); ++i)
    if (!entries[i].card.empty()) order.emplace_back(file_time(entries[i].card), i);
  std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  int used = 0;
  for (std::size_t k = 0; k < order.size() && used < kGalleryCells; ++k) {
    const std::size_t i = order[k].second;
    Result<std::string> bytes = read_file(entries[i].card, kMaxCardFileBytes);
    CardPicture pic;
    if (!bytes || !decode_card(reinterpret_cast<const std::uint8_t*>(bytes->data()), bytes->size(), entries[i].card, &pic))
      continue;  // the list says why a card is damaged; its tile shows the name alone
    shrink_into(pic.rgba, pic.width, pic.height, &page_, (used % 8) * 64, (used / 8) * 64);
    cell_[i] = used++;
  }
  ++revision_;
}

int Gallery::step(int cursor, int count, int columns) const {
  const int to = cursor + columns * rows_;
  return to < 0 || to >= count ? cursor : to;
}

void Gallery::quad(int x, int y, int w, int h, Rgba8 c, int cell, CommandList* list) const {
  if (cell < 0) return add_screen_quad(list, x, y, w, h, c);
  const float u0 = static_cast<float>((cell % 8) * 64) / kGalleryPage, v0 = static_cast<float>((cell / 8) * 64) / kGalleryPage;
  add_screen_quad(list, x, y, w, h, c, texture_, u0, v0, u0 + static_cast<float>(kThumbW) / kGalleryPage,
                  v0 + static_cast<float>(kThumbH) / kGalleryPage);
}

void Gallery::draw(const std::vector<std::string>& names, const std::vector<bool>& damaged, int cursor, int x, int y,
                   int w, int h, int s, HudTextStyle st, CommandList* list) {
  const int line = hud_line_height(st);
  const int tw = kThumbW * s, th = kThumbH * s, tile_w = tw + 8 * s;
  // Names under the tiles when a row of them fits (the highlighted one's name is under the grid anyway).
  const bool names_shown = h >= th + 4 * s + line + 2 * s;
  const int tile_h = th + 4 * s + (names_shown ? line + 2 * s : 0);
  rows_ = std::max(1, h / tile_h);
  const int columns = std::max(1, w / tile_w), n = static_cast<int>(names.size());
  const int col = cursor / rows_;
  first_column_ = std::clamp(first_column_, std::max(0, col - columns + 1), col);
  const int last_column = (n + rows_ - 1) / rows_ - 1;
  for (int i = first_column_ * rows_; i < n && i < (first_column_ + columns) * rows_; ++i) {
    const int tx = x + (i / rows_ - first_column_) * tile_w + 4 * s, ty = y + (i % rows_) * tile_h;
    const bool on = i == cursor;
    const std::size_t k = static_cast<std::size_t>(i);
    const bool has_picture = k < cell_.size() && cell_[k] >= 0 && texture_.valid();
    quad(tx - 2 * s, ty - 2 * s, tw + 4 * s, th + 4 * s, on ? Rgba8{255, 230, 60, 255} : Rgba8{60, 70, 110, 255}, -1, list);
    quad(tx, ty, tw, th, has_picture ? Rgba8{255, 255, 255, 255} : Rgba8{30, 34, 58, 255}, has_picture ? cell_[k] : -1, list);
    HudTextStyle big = st;
    if (!has_picture) {  // no card (a shipped creature, a damaged card): its initial, big
      big.scale = 3 * s;
      big.color = damaged[k] ? Rgba8{255, 110, 90, 255} : Rgba8{170, 180, 210, 255};
      const std::string initial = damaged[k] ? "!" : names[k].substr(0, 1);
      draw_hud_text(initial, tx + (tw - hud_text_width(initial, big)) / 2, ty + (th - hud_line_height(big)) / 2, big, list);
    }
    if (!names_shown) continue;
    // A long name takes a smaller size rather than lose its end; cut (with a '.') only at the smallest.
    std::string name = names[k];
    HudTextStyle ns = st;
    const int room = tw + 6 * s;
    while (ns.scale > 1 && hud_text_width(name, ns) > room) --ns.scale;
    if (hud_text_width(name, ns) > room) {
      while (name.size() > 2 && hud_text_width(name + ".", ns) > room) name.pop_back();
      name += ".";
    }
    ns.color = on ? Rgba8{255, 230, 60, 255} : damaged[k] ? Rgba8{255, 110, 90, 255} : Rgba8{255, 255, 255, 255};
    draw_hud_text(name, tx + (tw - hud_text_width(name, ns)) / 2, ty + th + 4 * s + (line - hud_line_height(ns)) / 2, ns, list);
  }
  // More to either side: arrows at the row's ends.
  st.color = Rgba8{170, 180, 210, 255};
  if (first_column_ > 0) draw_hud_text("<", x - 6 * s, y + th / 2, st, list);
  if (first_column_ + columns <= last_column) draw_hud_text(">", x + columns * tile_w, y + th / 2, st, list);
}

}  // namespace cf
