#pragma once
// A creature card's picture: the creature in its bind pose and its paint, three-quarters from the
// front, framed to fill a portrait card, its name on a banner. Built on the CPU like every frame;
// the game's rasterizer draws it (so the card looks like the game) and the picture goes into the
// card (creature/creature_card.h) beside the saved file.
#include <string>
#include <vector>

#include "game/editor/editor_doc.h"
#include "render/command_list.h"
#include "render/frame_settings.h"
#include "render/geometry_stage.h"

namespace cf {

// The card's retro target; the PNG is this picture at kCardPixelScale (nearest, like the window).
constexpr int kCardWidth = 240, kCardHeight = 320, kCardPixelScale = 2;

class CardView {
 public:
  // The card for 'preview' (rebuilt from the saved creature) called 'name'; 'look' keeps the player's
  // dithering and snapping, at the card's own resolution.
  const CommandList& build(const EditorPreview& preview, const std::string& name, TextureId skin_texture,
                           const FrameSettings& look);

 private:
  std::vector<MeshInput> meshes_;
  GeometryScratch scratch_;
  CommandList list_;
};

// The card's PNG picture from the rasterizer's target (kCardWidth x kCardHeight RGBA8): scaled up by
// kCardPixelScale, nearest. Empty when the target is not the card's size.
std::vector<std::uint8_t> card_picture(const std::vector<std::uint8_t>& target, int w, int h);

}  // namespace cf
