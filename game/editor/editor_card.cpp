// EditorMode's creature card: after a save, the rasterizer draws the card's picture and the card
// (the picture with the saved file in its chunk) is written atomically beside the file.
#include <cstdio>

#include "core/file_io.h"
#include "creature/creature_card.h"
#include "game/editor/editor_mode.h"

namespace cf {

void EditorMode::write_card(const DrawAndRead& draw, const FrameSettings& look) {
  if (card_path_.empty()) return;
  const std::string path = card_path_, text = card_text_;
  card_path_.clear();
  card_text_.clear();
  std::vector<std::uint8_t> target;
  int w = 0, h = 0;
  const CommandList& list = card_view_.build(preview_, editor_.doc().creature.name, skin_texture_, look);
  std::string why;
  if (!draw(list, &target, &w, &h)) why = "nothing was drawn";
  const std::vector<std::uint8_t> picture = why.empty() ? card_picture(target, w, h) : std::vector<std::uint8_t>{};
  if (why.empty() && picture.empty()) why = "the picture is " + std::to_string(w) + "x" + std::to_string(h);
  if (why.empty()) {
    Result<std::vector<std::uint8_t>> png =
        encode_card(kCardWidth * kCardPixelScale, kCardHeight * kCardPixelScale, picture.data(), text);
    int err = 0;
    if (!png) why = png.error().message;
    else if (Status s = write_file_atomic(path, std::string(png->begin(), png->end()), &err); !s)
      why = save_failure_reason(err);
  }
  if (why.empty()) return;
  report("Saved, but no card: " + why, "cannot write the card " + path + ": " + why + " (the creature file is saved)");
}

}  // namespace cf
