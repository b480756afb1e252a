#include "game/view/creature_eyes.h"

#include <algorithm>

namespace cf {

SpeciesEyes species_eyes(const Creature& c, const Skeleton& skeleton, const std::vector<glm::vec2>& uvs,
                         const std::vector<glm::vec3>& normals, const std::vector<int>& vertex_part,
                         const std::vector<float>& belly_u) {
  SpeciesEyes e;
  e.seed = eye_seed(c);
  const int part = paint_eye_part(c);
  if (part < 0) return e;
  for (std::size_t b = 0; b < skeleton.part.size(); ++b)
    if (skeleton.part[b] == part) e.bone = static_cast<int>(b);  // the chain's last: its tip
  const float belly = static_cast<std::size_t>(part) < belly_u.size() ? belly_u[static_cast<std::size_t>(part)] : 0.5f;
  e.first_flank = paint_first_flank(uvs, normals, vertex_part, part, belly);
  return e;
}

EyeLook creature_look(const SpeciesEyes& e, std::uint32_t seed, const CreaturePose& pose, float turn_rate_rps,
                      std::uint64_t tick) {
  const glm::quat q = e.bone >= 0 && static_cast<std::size_t>(e.bone) < pose.rotation_ms.size()
                          ? pose.rotation_ms[static_cast<std::size_t>(e.bone)]
                          : glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
  EyeLook look = look_from_head(q, turn_rate_rps);
  look.closure = blink_closure(seed, tick);
  return look;
}

void creature_clut(const IndexedTexture& page, const SpeciesEyes& e, const EyeLook& look, Rgba8* row) {
  const std::size_t n = std::min<std::size_t>(page.clut.size(), kClutEntries);
  std::copy(page.clut.begin(), page.clut.begin() + static_cast<std::ptrdiff_t>(n), row);
  write_eye_clut(page, look, e.first_flank, row);
}

int preview_clut(const IndexedTexture& page, int row, std::uint64_t frame, Rgba8* out) {
  EyeLook look;
  if (row != kCardClutRow) look.closure = blink_closure(page.eye_seed, frame);
  creature_clut(page, SpeciesEyes{}, look, out);
  return static_cast<int>(std::min<std::size_t>(page.clut.size(), kClutEntries));
}

void index_image(const IndexedTexture& page, Image* out) {
  out->width = page.width;
  out->height = page.height;
  out->rgba.resize(page.texels.size() * 4);
  for (std::size_t i = 0; i < page.texels.size(); ++i) {
    out->rgba[i * 4 + 0] = page.texels[i];
    out->rgba[i * 4 + 1] = 0;
    out->rgba[i * 4 + 2] = 0;
    out->rgba[i * 4 + 3] = 255;
  }
}

}  // namespace cf
