#pragma once
// A painted creature's eyes in the picture: per creature a row of the rasterizer's colour tables,
// its species' page CLUT with the eye entries of this frame (blinking on the creature's own schedule,
// the pupils where its head looks). Derived from the drawn state; nothing here reaches the simulation.
#include <cstdint>
#include <vector>

#include "creature/eyes.h"
#include "render/paint_texture.h"
#include "retarget/creature_pose.h"
#include "skeleton/skeleton.h"

namespace cf {

// Colour table rows past the world's creatures: the editor's preview, the title menu's, the card's.
constexpr int kEditorClutRow = kClutRows - 3;
constexpr int kTitleClutRow = kClutRows - 2;
constexpr int kCardClutRow = kClutRows - 1;

// What every creature of a painted species needs for its eyes.
struct SpeciesEyes {
  std::uint32_t seed = 0;   // eye_seed of the creature file
  int bone = -1;            // the eye part's last bone (the head's tip), -1: none
  float first_flank = 1.0f;  // paint_first_flank of the eye part
};
SpeciesEyes species_eyes(const Creature& c, const Skeleton& skeleton, const std::vector<glm::vec2>& uvs,
                         const std::vector<glm::vec3>& normals, const std::vector<int>& vertex_part,
                         const std::vector<float>& belly_u);

// The look of a posed creature: where its eye bone turned, into its turn, blinking at 'tick'.
EyeLook creature_look(const SpeciesEyes& e, std::uint32_t seed, const CreaturePose& pose, float turn_rate_rps,
                      std::uint64_t tick);

// A colour table row (kClutEntries) for the page and a look: the page's entries, the eyes rewritten.
void creature_clut(const IndexedTexture& page, const SpeciesEyes& e, const EyeLook& look, Rgba8* row);

// A menu preview's row (kEditorClutRow, kTitleClutRow or kCardClutRow) at frame 'frame': blinking on
// the creature's schedule, looking ahead; the card's eyes open. Returns the entries written.
int preview_clut(const IndexedTexture& page, int row, std::uint64_t frame, Rgba8* out);

// The page as an index texture for a colour table row: each texel's red is its CLUT index.
void index_image(const IndexedTexture& page, Image* out);

}  // namespace cf
