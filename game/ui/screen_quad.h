#pragma once
// A screen-space box as two triangles appended to a list: drawn over what the list already holds
// and under its lines (menus' panels, a card's frame, the gallery's tiles), optionally textured.
#include "render/command_list.h"

namespace cf {

// (x, y, w, h) in target pixels; (u0, v0)-(u1, v1) the texture's part over it.
inline void add_screen_quad(CommandList* list, int x, int y, int w, int h, Rgba8 c, TextureId texture = kNoTexture,
                            float u0 = 0.0f, float v0 = 0.0f, float u1 = 0.0f, float v1 = 0.0f) {
  const int xs[4] = {x, x, x + w, x + w}, ys[4] = {y, y + h, y + h, y};
  const float us[4] = {u0, u0, u1, u1}, vs[4] = {v0, v1, v1, v0};
  static constexpr int kCorners[2][3] = {{0, 1, 2}, {0, 2, 3}};
  for (const auto& corners : kCorners) {
    ScreenTriangle t;
    t.texture = texture;
    for (int k = 0; k < 3; ++k) {
      const int i = corners[k];
      t.v[k].x = xs[i] * kSubpixelOne;
      t.v[k].y = ys[i] * kSubpixelOne;
      t.v[k].u = us[i];
      t.v[k].v = vs[i];
      t.v[k].color = c;
    }
    list->triangles.push_back(t);
  }
}

}  // namespace cf
