// The title's picture: the highlighted creature turning on a grid, the lists or the gallery, the keys.
#include "game/title/title_menu.h"

#include <glm/gtc/matrix_transform.hpp>

#include "core/file_io.h"
#include "creature/creature_io.h"
#include "game/play/scene.h"
#include "game/title/title_trial.h"
#include "game/ui/hud.h"
#include "game/view/view.h"

namespace cf {

void TitleMode::refresh_preview() {
  // What the highlighted item shows: a creature file, a draft (in memory), or the default creature.
  std::string key = default_creature_path();  // the main menu shows the default creature turning
  std::string time;  // with the path, what makes the shown picture stale (a draft or version rewritten)
  const Creature* in_memory = nullptr;
  std::string damage;
  const std::size_t at = static_cast<std::size_t>(cursor_);
  if (screen_ == TitleScreen::kEdit || screen_ == TitleScreen::kPlayCreature) {
    if (at < creatures_.size()) key = creatures_[at].path, damage = damage_[at];
  } else if (screen_ == TitleScreen::kPlayGhost && at < ghosts_.size() && is_regular_file(ghosts_[at].run.creature_path)) {
    key = ghosts_[at].run.creature_path;  // the ghost's body turns
  } else if ((screen_ == TitleScreen::kPlayLevel || screen_ == TitleScreen::kPlayGhost) &&
             play_creature_ < static_cast<int>(creatures_.size())) {
    key = creatures_[static_cast<std::size_t>(play_creature_)].path;
    damage = damage_[static_cast<std::size_t>(play_creature_)];
  } else if (screen_ == TitleScreen::kDrafts && at < drafts_.size()) {
    key = drafts_[at].path;
    time = std::to_string(drafts_[at].time);
    damage = drafts_[at].damage;
    in_memory = &drafts_[at].creature;
  } else if (screen_ == TitleScreen::kVersions && at < versions_.size()) {
    key = versions_[at].path;
    time = std::to_string(versions_[at].time);
  }
  // The path is kept whole: '#' and every other byte are a file name's own ('\n' ends it here).
  if (key + '\n' + time == preview_key_) return;
  preview_key_ = key + '\n' + time;
  preview_damage_.clear();
  if (!damage.empty()) {
    preview_damage_ = "damaged: " + damage;
    preview_.rebuild(Creature{});
  } else if (in_memory) {
    preview_.rebuild(*in_memory);
  } else {
    Result<Creature> c = load_creature(key);
    if (!c) preview_damage_ = "damaged: " + damage_of(c.error());
    preview_.rebuild(c ? *c : Creature{});
  }
  preview_floor_ = 0.0f;
  float top = 0.0f;
  if (preview_.has_skin) {
    const std::vector<glm::vec3>& ps = preview_.skin.mesh.positions_ms;
    if (!ps.empty()) preview_floor_ = top = ps.front().y;
    for (const glm::vec3& p : ps) preview_floor_ = std::min(preview_floor_, p.y), top = std::max(top, p.y);
  }
  constexpr float kPreviewHeightM = 1.15f;  // what fits between the grid and the subtitle
  const float height = top - preview_floor_;
  preview_scale_ = height > kPreviewHeightM ? kPreviewHeightM / height : 1.0f;
}

const CommandList* TitleMode::build_frame(const FrameSettings& settings, int w, int h) {
  meshes_.clear();
  lines_.clear();
  // The preview turns once every 8 s, on the right half of the screen.
  const float yaw = static_cast<float>(ticks_ % 480) / 480.0f * 6.2831853f;
  const float px = gallery_shown() ? 1.45f : 0.9f;  // beside the gallery's grid
  const glm::mat4 model =
      glm::translate(glm::rotate(glm::scale(glm::translate(glm::mat4(1.0f), glm::vec3(px, 0.0f, 0.0f)), glm::vec3(preview_scale_)),
                                 yaw, glm::vec3(0, 1, 0)),
                     glm::vec3(0.0f, -preview_floor_, 0.0f));
  if (preview_.has_skin) {
    MeshInput in = bind_flesh_input(preview_.skin.mesh, skin_texture_);
    in.model_to_world = model;
    if (preview_.painted && preview_.paint_texture.valid()) {  // the creature's own paint
      in.uvs = preview_.paint_uvs.data();
      in.texture = preview_.paint_texture;
      in.clut = kTitleClutRow;  // its eyes blink
    }
    meshes_.push_back(in);
  }
  // A floor grid under the preview.
  const int half = gallery_shown() ? 3 : 5;  // lines are drawn over everything: kept off the cards
  for (int i = -5; i <= 5; ++i) {
    const float t = static_cast<float>(i) * 0.2f, x0 = px - 0.2f * static_cast<float>(half);
    if (i >= -half) lines_.push_back({glm::vec3(px + t, 0, -1), glm::vec3(px + t, 0, 1), Rgba8{60, 70, 110, 255}, kOverlayRegions});
    lines_.push_back({glm::vec3(x0, 0, t), glm::vec3(px + 1.0f, 0, t), Rgba8{60, 70, 110, 255}, kOverlayRegions});
  }
  const glm::mat4 camera_view =
      glm::lookAt(glm::vec3(0.4f, 1.5f, 4.2f), glm::vec3(0.4f, 0.6f, 0.0f), glm::vec3(0, 1, 0));
  GeometryJob job = scene_geometry_job(camera_view, settings, w, h, &scratch_, &list_);
  job.meshes = meshes_.data();
  job.mesh_count = static_cast<int>(meshes_.size());
  job.lines = lines_.data();
  job.line_count = static_cast<int>(lines_.size());
  job.camera.fov_y_rad = 0.75f;
  job.lighting.clear_color = Rgba8{20, 22, 40, 255};
  job.settings.overlay_mask = kOverlayRegions;
  if (!job.run()) list_.clear();

  HudTextStyle st;
  const int s = std::max(1, list_.height / 240);  // layout; the words at the player's text size
  st.scale = hud_pixel_scale(list_, settings);
  const int line = 10 * st.scale;
  HudTextStyle big = st;
  big.scale = 3 * s;
  big.color = Rgba8{255, 210, 80, 255};
  draw_hud_text("CRITTERFORGE", 12 * s, 14 * s, big, &list_);
  st.color = Rgba8{170, 180, 210, 255};
  const char* heading = screen_ == TitleScreen::kMain ? "DRAW A CREATURE, THEN WALK IT"
                        : screen_ == TitleScreen::kDrafts ? "UNSAVED WORK LEFT BEHIND"
                        : screen_ == TitleScreen::kEdit ? "EDIT WHICH CREATURE?"
                        : screen_ == TitleScreen::kVersions ? "EARLIER VERSIONS (NEWEST FIRST)"
                        : screen_ == TitleScreen::kPlayKind ? "FREE ROAM, OR A COURSE AGAINST THE CLOCK?"
                        : screen_ == TitleScreen::kPlayCreature ? "PLAY WITH WHICH CREATURE?"
                        : screen_ == TitleScreen::kPlayGhost ? "RACE WHICH GHOST?"
                        : trial_ ? "ON WHICH COURSE?" : "ON WHICH LEVEL?";
  // Big text wraps (at most two lines each for the heading and the keys) rather than leave the picture.
  std::vector<std::string> head = wrap_hud_text(heading, list_.width - 16 * s, st, 2);
  // The keys with the pad buttons the player mapped; the choosing line without UP/DOWN when it is too long.
  const std::string &a = pad_labels_[0], &b = pad_labels_[1], &x = pad_labels_[2], &y_key = pad_labels_[3];
  std::string keys = screen_ == TitleScreen::kDrafts     ? a + " CONTINUE   " + x + " DISCARD   " + b + " BACK"
                     : screen_ == TitleScreen::kEdit     ? a + " EDIT  " + x + " VERSIONS  " + y_key + " DELETE  " + b + " BACK"
                     : screen_ == TitleScreen::kVersions ? a + " OPEN THIS VERSION   " + b + " BACK"
                                                         : "UP/DOWN CHOOSE   " + a + " OK   " + b + " BACK";
  if (wrap_hud_text(keys, list_.width - 8 * s, st, 0).size() > 2 && keys.rfind("UP/DOWN", 0) == 0) keys = a + " OK   " + b + " BACK";
  const std::vector<std::string> key_lines = wrap_hud_text(keys, list_.width - 8 * s, st, 2);
  const int keys_top = list_.height - static_cast<int>(key_lines.size()) * line;
  const std::vector<std::string> it = items();
  // The message (a draft found, a settings file set aside) over the keys, at most two lines.
  const std::vector<std::string> message_lines =
      message_.empty() ? std::vector<std::string>{} : wrap_hud_text(hud_upper(message_), list_.width - 8 * s, st, 2);
  const int message_h = static_cast<int>(message_lines.size()) * line;
  // A window of at most 12 rows around the cursor (fewer with bigger text), above the keys and the
  // message. With large text the heading gives its room to the list when less than two rows would fit.
  int y = 40 * s + static_cast<int>(head.size()) * line + 6 * s;
  // The gallery needs a row of cards and the highlighted one's line; a list two rows.
  const int needed = gallery_shown() ? kThumbH * s + 6 * s + line : std::min(2, static_cast<int>(it.size())) * line;
  if (!head.empty() && keys_top - y - message_h < needed) {
    head.clear();
    y = 40 * s;
  }
  for (std::size_t i = 0; i < head.size(); ++i) draw_hud_text(head[i], 12 * s, 40 * s + static_cast<int>(i) * line, st, &list_);
  const int rows = std::max(1, std::min(12, (keys_top - y - message_h) / line));
  const int first = std::max(0, std::min(cursor_ - rows / 2, static_cast<int>(it.size()) - rows));
  if (gallery_shown()) {
    // The cards in a grid on the left; the highlighted one's whole line under it.
    std::vector<std::string> names;
    std::vector<bool> damaged;
    for (std::size_t i = 0; i < creatures_.size(); ++i) names.push_back(list_label(creatures_[i].name)), damaged.push_back(!damage_[i].empty());
    const int bottom = keys_top - message_h - line;
    gallery_.draw(names, damaged, cursor_, 8 * s, y + 2 * s, 11 * list_.width / 20 - 8 * s, bottom - y - 2 * s, s, st, &list_);
    st.color = Rgba8{255, 230, 60, 255};
    if (static_cast<std::size_t>(cursor_) < it.size())
      draw_hud_text(wrap_hud_text(it[static_cast<std::size_t>(cursor_)], list_.width - 16 * s, st, 1).front(), 12 * s, bottom, st, &list_);
  }
  for (int i = first; !gallery_shown() && i < static_cast<int>(it.size()) && i < first + rows; ++i, y += line) {
    st.color = i == cursor_ ? Rgba8{255, 230, 60, 255} : Rgba8{255, 255, 255, 255};
    // An item too long for the picture at a large text size is cut with "...".
    draw_hud_text(wrap_hud_text((i == cursor_ ? "> " : "  ") + it[static_cast<std::size_t>(i)], list_.width - 16 * s, st, 1).front(),
                  12 * s, y, st, &list_);
  }
  st.color = Rgba8{170, 180, 210, 255};
  for (std::size_t i = 0; i < key_lines.size(); ++i)
    draw_hud_text_centred(key_lines[i], keys_top + static_cast<int>(i) * line, st, &list_);
  const bool board = screen_ == TitleScreen::kPlayLevel && trial_ && static_cast<std::size_t>(cursor_) < play_levels_.size();
  if (board) {  // the highlighted course's leaderboard, under the list (the preview turns on the right)
    if (board_key_ != cursor_) board_ = trial_board_lines(data_, play_levels_[static_cast<std::size_t>(cursor_)], 5);
    board_key_ = cursor_;
    int by = y + line;
    for (std::size_t i = 0; i < board_.size(); ++i) {
      st.color = i == 0 ? Rgba8{255, 210, 80, 255} : Rgba8{255, 255, 255, 255};
      for (const std::string& l : wrap_hud_text(board_[i], list_.width / 2 - 16 * s, st, 2)) {
        if (by + line > keys_top) break;
        draw_hud_text(l, 12 * s, by, st, &list_);
        by += line;
      }
    }
  } else {
    board_key_ = -1;
  }
  if (!preview_damage_.empty()) {
    // In place of the preview: why this file cannot be shown.
    st.color = Rgba8{255, 110, 90, 255};
    const int left = list_.width / 2 + 4 * s;
    int py = 80 * s;
    for (const std::string& l : wrap_hud_text(hud_upper(preview_damage_), list_.width - left - 6 * s, st, 8)) {
      draw_hud_text(l, left, py, st, &list_);
      py += line;
    }
  }
  if (!message_lines.empty()) {
    st.color = Rgba8{255, 150, 80, 255};
    int my = keys_top - message_h;
    for (const std::string& l : message_lines) {
      draw_hud_text_centred(l, my, st, &list_);
      my += line;
    }
  }
  return &list_;
}

}  // namespace cf
