#include "game/editor/card_view.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "game/editor/editor.h"
#include "game/ui/hud.h"
#include "game/ui/screen_quad.h"
#include "game/view/view.h"

namespace cf {

const CommandList& CardView::build(const EditorPreview& preview, const std::string& name, TextureId skin_texture,
                                   const FrameSettings& look) {
  meshes_.clear();
  FrameSettings s = look;
  s.internal_width = kCardWidth;
  s.internal_height = kCardHeight;
  s.modern = false;
  s.full_resolution = false;
  // Framed on the flesh's bounds: a mouse and an octopod both fill the card.
  glm::vec3 lo(0.0f, 0.0f, 0.0f), hi(0.0f, 1.0f, 0.0f);
  if (preview.has_skin && !preview.skin.mesh.positions_ms.empty()) {
    lo = hi = preview.skin.mesh.positions_ms.front();
    for (const glm::vec3& p : preview.skin.mesh.positions_ms) lo = glm::min(lo, p), hi = glm::max(hi, p);
    MeshInput in = bind_flesh_input(preview.skin.mesh, skin_texture);
    if (preview.painted && preview.paint_texture.valid()) {
      in.uvs = preview.paint_uvs.data();
      in.texture = preview.paint_texture;
    }
    meshes_.push_back(in);
  }
  const glm::vec3 centre = 0.5f * (lo + hi);
  const float radius = std::max(0.2f, 0.5f * glm::length(hi - lo));
  constexpr float kFov = 0.6f;
  const glm::vec3 dir = glm::normalize(glm::vec3(-0.72f, 0.32f, 0.62f));  // the paint mode's angle
  // Lifted a little so the creature stands above the banner.
  const glm::vec3 target = centre - glm::vec3(0.0f, 0.18f * radius, 0.0f);
  const glm::mat4 view = glm::lookAt(target + dir * (radius / std::sin(0.5f * kFov) * 1.05f), target, glm::vec3(0, 1, 0));
  GeometryJob job = scene_geometry_job(view, s, kCardWidth, kCardHeight, &scratch_, &list_);
  job.meshes = meshes_.data();
  job.mesh_count = static_cast<int>(meshes_.size());
  job.camera.fov_y_rad = kFov;
  job.lighting.clear_color = Rgba8{34, 40, 66, 255};
  if (!job.run()) list_.clear();
  list_.width = kCardWidth, list_.height = kCardHeight;
  // The card's gold frame and its banner.
  const Rgba8 rim = Rgba8{230, 200, 90, 255}, band = Rgba8{20, 22, 40, 255};
  const int b = 6;
  add_screen_quad(&list_, 0, 0, kCardWidth, b, rim);
  add_screen_quad(&list_, 0, kCardHeight - b, kCardWidth, b, rim);
  add_screen_quad(&list_, 0, 0, b, kCardHeight, rim);
  add_screen_quad(&list_, kCardWidth - b, 0, b, kCardHeight, rim);
  const int banner_h = 44, banner_y = kCardHeight - b - banner_h;
  add_screen_quad(&list_, b, banner_y, kCardWidth - 2 * b, 2, rim);
  add_screen_quad(&list_, b, banner_y + 2, kCardWidth - 2 * b, banner_h - 2, band);
  HudTextStyle st;
  st.scale = 2;
  st.color = Rgba8{255, 230, 60, 255};
  std::string shown = hud_upper(name.empty() ? "critter" : name);
  for (char& c : shown) c = c == '_' ? ' ' : c;
  if (hud_text_width(shown, st) > kCardWidth - 4 * b) st.scale = 1;
  draw_hud_text_centred(shown, banner_y + (banner_h - hud_line_height(st)) / 2 + 2, st, &list_);
  return list_;
}

std::vector<std::uint8_t> card_picture(const std::vector<std::uint8_t>& target, int w, int h) {
  std::vector<std::uint8_t> out;
  if (w != kCardWidth || h != kCardHeight || target.size() != static_cast<std::size_t>(w) * h * 4) return out;
  const int k = kCardPixelScale, ow = w * k;
  out.resize(static_cast<std::size_t>(ow) * h * k * 4);
  for (int y = 0; y < h * k; ++y)
    for (int x = 0; x < ow; ++x)
      for (int c = 0; c < 4; ++c)
        out[(static_cast<std::size_t>(y) * ow + x) * 4 + c] = target[(static_cast<std::size_t>(y / k) * w + x / k) * 4 + c];
  return out;
}

}  // namespace cf
