#include "game/title/title_menu.h"

#include <cmath>
#include <cstring>
#include <sys/stat.h>

#include <glm/gtc/matrix_transform.hpp>

#include "game/view/view.h"
#include "core/json_util.h"
#include "creature/creature_io.h"
#include "game/ui/hud.h"
#include "game/play/scene.h"
#include "game/title/title_trial.h"
#include "game/session/best_times.h"

namespace cf {

namespace {

const char* kMainNew = "NEW CREATURE";
const char* kMainDraft = "CONTINUE DRAFT";
const char* kMainEdit = "EDIT";
const char* kMainPlay = "PLAY";
const char* kMainOptions = "OPTIONS";
const char* kMainQuit = "QUIT";

// A list label: upper case, '_' as a space (names read as words).
std::string label(std::string s) {
  for (char& c : s) c = c == '_' ? ' ' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// "parts[2].radius: must be in (0, 2]" without the folder (the list already names the creature).
std::string damage_of(const Error& e) { return e.field.empty() ? e.message : e.field + ": " + e.message; }

// Words cut into lines of at most 'room' pixels (a word longer than a line is cut with "...").
std::vector<std::string> wrap(const std::string& text, int room, const HudTextStyle& st, std::size_t max_lines) {
  std::vector<std::string> lines;
  std::string cur, word;
  auto flush_word = [&] {
    if (word.empty()) return;
    const std::string joined = cur.empty() ? word : cur + " " + word;
    if (hud_text_width(joined, st) <= room || cur.empty()) {
      cur = joined;
    } else {
      lines.push_back(cur);
      cur = word;
    }
    word.clear();
  };
  for (char c : text) {
    if (c == ' ') flush_word();
    else word += c;
  }
  flush_word();
  if (!cur.empty()) lines.push_back(cur);
  for (std::string& l : lines) {
    if (hud_text_width(l, st) <= room) continue;
    while (!l.empty() && hud_text_width(l + "...", st) > room) l.pop_back();
    l += "...";
  }
  if (lines.size() > max_lines) {
    lines.resize(max_lines);
    std::string& l = lines.back();
    while (!l.empty() && hud_text_width(l + "...", st) > room) l.pop_back();
    l += "...";
  }
  return lines;
}

}  // namespace

void TitleMode::open(const UserData& data, EditorMode* editor, TextureId skin_texture) {
  data_ = data;
  editor_ = editor;
  skin_texture_ = skin_texture;
  screen_ = TitleScreen::kMain;
  cursor_ = main_cursor_ = edit_cursor_ = 0;
  pending_.clear();
  refresh_lists();
  levels_ = list_levels();
  message_ = drafts_.empty() ? ""
             : drafts_.size() == 1
                 ? "draft found: CONTINUE DRAFT brings it back"
                 : std::to_string(drafts_.size()) + " drafts found: CONTINUE DRAFT lists them";
}

void TitleMode::refresh_lists() {
  drafts_ = list_drafts(data_);
  creatures_ = list_creatures(data_);
  damage_.assign(creatures_.size(), "");
  for (std::size_t i = 0; i < creatures_.size(); ++i) {
    if (creatures_[i].shipped) continue;  // shipped creatures are tested; a player's file may be anything
    Result<Creature> c = load_creature(creatures_[i].path);
    if (!c) damage_[i] = damage_of(c.error());
  }
}

std::vector<std::string> TitleMode::items() const {
  std::vector<std::string> out;
  switch (screen_) {
    case TitleScreen::kMain:
      out.push_back(kMainNew);
      if (!drafts_.empty()) out.push_back(drafts_.size() == 1 ? kMainDraft : std::string(kMainDraft) + " (" +
                                                                                  std::to_string(drafts_.size()) + ")");
      out.push_back(kMainEdit);
      out.push_back(kMainPlay);
      out.push_back(kMainOptions);
      out.push_back(kMainQuit);
      break;
    case TitleScreen::kDrafts:
      for (const Draft& d : drafts_) {
        out.push_back(label(d.shown_name()).substr(0, 16) + "  " + time_label(d.time) +
                      (d.damage.empty() ? "" : "  (DAMAGED)"));
      }
      break;
    case TitleScreen::kEdit:
    case TitleScreen::kPlayCreature:
      for (std::size_t i = 0; i < creatures_.size(); ++i) {
        const CreatureEntry& e = creatures_[i];
        std::string l = label(e.name);
        if (!damage_[i].empty()) l += "  (DAMAGED)";
        else if (!e.shipped) l += "  (MINE)";
        if (screen_ == TitleScreen::kEdit && !e.shipped && draft_of_file(drafts_, e.name)) l += " (DRAFT)";
        out.push_back(l);
      }
      break;
    case TitleScreen::kVersions:
      for (const SavedVersion& v : versions_) out.push_back("SAVED " + time_label(v.time));
      break;
    case TitleScreen::kPlayKind:
      out = {"FREE ROAM", "TRIAL"};
      break;
    case TitleScreen::kPlayLevel:
      for (const CreatureEntry& e : play_levels_) out.push_back(label(e.name));
      break;
  }
  return out;
}

void TitleMode::go(TitleScreen screen, int cursor) {
  if (screen_ == TitleScreen::kMain) main_cursor_ = cursor_;
  if (screen_ == TitleScreen::kEdit) edit_cursor_ = cursor_;
  screen_ = screen;
  cursor_ = cursor;
  pending_.clear();
  board_key_ = -1;
  message_.clear();  // it was about the screen left
}

void TitleMode::back() {
  switch (screen_) {
    case TitleScreen::kMain: return;
    case TitleScreen::kVersions: screen_ = TitleScreen::kEdit, cursor_ = edit_cursor_; break;
    case TitleScreen::kPlayLevel: screen_ = TitleScreen::kPlayCreature, cursor_ = play_creature_; break;
    case TitleScreen::kPlayCreature: screen_ = TitleScreen::kPlayKind, cursor_ = trial_ ? 1 : 0; break;
    default: screen_ = TitleScreen::kMain, cursor_ = main_cursor_; break;
  }
  const int n = static_cast<int>(items().size());
  cursor_ = n > 0 ? std::min(cursor_, n - 1) : 0;
  pending_.clear();
  message_.clear();
}

bool TitleMode::confirmed(char button, const std::string& what) {
  const std::string key = std::string(1, button) + std::to_string(static_cast<int>(screen_)) + ":" + std::to_string(cursor_);
  if (pending_ == key) {
    pending_.clear();
    return true;
  }
  pending_ = key;
  message_ = std::string("press ") + button + " again to " + what;
  return false;
}

ModeId TitleMode::edit_creature(const CreatureEntry& e) {
  if (!e.shipped) {
    // Its unsaved changes come first: opening the saved file instead would leave them behind.
    if (const Draft* d = draft_of_file(drafts_, e.name)) {
      editor_->open(d->creature, data_, skin_texture_, EditorDocument{d->file_stem, "", d->path, true});
      editor_->set_message("your unsaved changes of " + time_label(d->time));
      return ModeId::kEditor;
    }
  }
  Result<Creature> c = load_creature(e.path);
  if (!c) {
    message_ = "damaged: " + damage_of(c.error());
    return ModeId::kTitle;
  }
  // A shipped creature is never written: saving it makes a new creature of the player's.
  editor_->open(*c, data_, skin_texture_, EditorDocument{e.shipped ? "" : e.name, "", "", false});
  return ModeId::kEditor;
}

ModeId TitleMode::choose(ModeContext& ctx) {
  const std::vector<std::string> it = items();
  if (it.empty()) return ModeId::kTitle;
  const std::size_t at = static_cast<std::size_t>(cursor_);
  switch (screen_) {
    case TitleScreen::kMain: {
      const std::string& l = it[at];
      if (l == kMainNew) {
        editor_->open(Creature{}, data_, skin_texture_);
        return ModeId::kEditor;
      }
      if (l.compare(0, std::strlen(kMainDraft), kMainDraft) == 0) {
        refresh_lists();
        go(TitleScreen::kDrafts);
        return ModeId::kTitle;
      }
      if (l == kMainEdit || l == kMainPlay) {
        refresh_lists();
        go(l == kMainEdit ? TitleScreen::kEdit : TitleScreen::kPlayKind);
        return ModeId::kTitle;
      }
      if (l == kMainOptions) {
        ctx.options_back = ModeId::kTitle;
        return ModeId::kOptions;
      }
      ctx.quit = true;
      return ModeId::kTitle;
    }
    case TitleScreen::kDrafts: {
      const Draft& d = drafts_[at];
      if (!d.damage.empty()) {
        message_ = "this draft is damaged: " + d.damage;
        return ModeId::kTitle;
      }
      editor_->open(d.creature, data_, skin_texture_, EditorDocument{d.file_stem, "", d.path, true});
      editor_->set_message("continuing the draft of " + time_label(d.time));
      return ModeId::kEditor;
    }
    case TitleScreen::kEdit: return edit_creature(creatures_[at]);
    case TitleScreen::kVersions: {
      const CreatureEntry& e = creatures_[static_cast<std::size_t>(edit_cursor_)];
      Result<Creature> c = load_creature(versions_[at].path);
      if (!c) {
        message_ = "damaged: " + damage_of(c.error());
        return ModeId::kTitle;
      }
      // Its own document (saving puts it back as the current version) with unsaved work: a new draft.
      editor_->open(*c, data_, skin_texture_, EditorDocument{e.name, "", "", true});
      editor_->set_message("the version of " + time_label(versions_[at].time) + " - save to bring it back");
      return ModeId::kEditor;
    }
    case TitleScreen::kPlayKind:
      trial_ = at == 1;
      play_levels_ = levels_for_play(levels_, trial_);
      go(TitleScreen::kPlayCreature);
      return ModeId::kTitle;
    case TitleScreen::kPlayCreature:
      play_creature_ = cursor_;
      go(TitleScreen::kPlayLevel);
      return ModeId::kTitle;
    case TitleScreen::kPlayLevel: {
      Result<Scene> s = load_scene(creatures_[static_cast<std::size_t>(play_creature_)].path, play_levels_[at].path);
      if (!s) {
        message_ = s.error().to_string();
        return ModeId::kTitle;
      }
      ctx.harness.session_replaced(ctx.session);
      ctx.session.start(std::move(*s), 1);
      apply_trial_best(&ctx.session, data_);
      if (ctx.scene_changed) ctx.scene_changed();
      ctx.test_walk = false;
      ctx.harness.set_hash_override(false);
      return ModeId::kPlay;
    }
  }
  return ModeId::kTitle;
}

// X: a draft is discarded (to the trash); a saved creature's earlier versions are listed.
void TitleMode::press_x() {
  const std::size_t at = static_cast<std::size_t>(cursor_);
  if (screen_ == TitleScreen::kDrafts && at < drafts_.size()) {
    const std::string name = label(drafts_[at].shown_name());
    if (!confirmed('X', "discard the draft of " + name)) return;
    Result<std::string> moved = move_to_trash(data_, drafts_[at].path);
    message_ = moved ? "the draft of " + name + " is in the trash folder" : "cannot discard it: " + moved.error().to_string();
    refresh_lists();
    if (drafts_.empty()) back();
    else cursor_ = std::min(cursor_, static_cast<int>(drafts_.size()) - 1);
  } else if (screen_ == TitleScreen::kEdit && at < creatures_.size()) {
    const CreatureEntry& e = creatures_[at];
    if (e.shipped) {
      message_ = "shipped creatures have no earlier versions";
      return;
    }
    std::vector<SavedVersion> v = list_versions(data_, e.name);
    if (v.empty()) {
      message_ = "no earlier versions of " + label(e.name) + " yet";
      return;
    }
    versions_ = std::move(v);
    go(TitleScreen::kVersions);
  }
}

// Y in the Edit list: a saved creature moves to the trash folder (its earlier versions stay).
void TitleMode::press_y() {
  const std::size_t at = static_cast<std::size_t>(cursor_);
  if (screen_ != TitleScreen::kEdit || at >= creatures_.size()) return;
  const CreatureEntry& e = creatures_[at];
  if (e.shipped) {
    message_ = "shipped creatures cannot be deleted";
    return;
  }
  const std::string name = label(e.name);
  if (!confirmed('Y', "delete " + name + " (it goes to the trash folder)")) return;
  Result<std::string> moved = move_to_trash(data_, e.path);
  message_ = moved ? name + " is in the trash folder" : "cannot delete it: " + moved.error().to_string();
  refresh_lists();
  cursor_ = std::min(cursor_, std::max(0, static_cast<int>(creatures_.size()) - 1));
}

ModeId TitleMode::update(const ModeFrame& frame, ModeContext& ctx) {
  // Back from the editor or play: drafts and saved creatures may have changed.
  if (left_) {
    left_ = false;
    open(data_, editor_, skin_texture_);
  }
  ModeId next = ModeId::kTitle;
  for (int i = 0; i < frame.due_ticks && ctx.harness.may_tick(ctx.session) && next == ModeId::kTitle && !ctx.quit;
       ++i) {
    const InputFrame in = (*frame.sample)();
    ctx.harness.count_tick();
    ++ticks_;
    const std::uint32_t a = map_menu_actions(in, prev_);
    prev_ = in;
    const int n = static_cast<int>(items().size());
    if (a & (kMenuUp | kMenuDown)) pending_.clear();
    if (n > 0 && (a & kMenuUp)) cursor_ = (cursor_ + n - 1) % n;
    if (n > 0 && (a & kMenuDown)) cursor_ = (cursor_ + 1) % n;
    if (n > 1 && (a & (kMenuUp | kMenuDown))) ui_sound(ctx, SoundKind::kMenuMove);
    if ((a & kMenuBack) && screen_ != TitleScreen::kMain) ui_sound(ctx, SoundKind::kMenuBack);
    if (a & kMenuBack) back();
    if (a & (kMenuChoose | kMenuConfirm)) ui_sound(ctx, SoundKind::kMenuSelect);
    if (in.went_down(kButtonX)) press_x();
    if (in.went_down(kButtonY)) press_y();
    if (a & (kMenuChoose | kMenuConfirm)) next = choose(ctx);
  }
  left_ = next != ModeId::kTitle && next != ModeId::kOptions;  // the options come back to this menu as it was
  refresh_preview();
  return next;
}

void TitleMode::refresh_preview() {
  // What the highlighted item shows: a creature file, a draft (in memory), or the default creature.
  std::string key = default_creature_path();  // the main menu shows the default creature turning
  const Creature* in_memory = nullptr;
  std::string damage;
  const std::size_t at = static_cast<std::size_t>(cursor_);
  if (screen_ == TitleScreen::kEdit || screen_ == TitleScreen::kPlayCreature) {
    if (at < creatures_.size()) key = creatures_[at].path, damage = damage_[at];
  } else if (screen_ == TitleScreen::kPlayLevel && play_creature_ < static_cast<int>(creatures_.size())) {
    key = creatures_[static_cast<std::size_t>(play_creature_)].path;
    damage = damage_[static_cast<std::size_t>(play_creature_)];
  } else if (screen_ == TitleScreen::kDrafts && at < drafts_.size()) {
    key = drafts_[at].path + "#" + std::to_string(drafts_[at].time);
    damage = drafts_[at].damage;
    in_memory = &drafts_[at].creature;
  } else if (screen_ == TitleScreen::kVersions && at < versions_.size()) {
    key = versions_[at].path + "#" + std::to_string(versions_[at].time);
  }
  if (key == preview_key_) return;
  preview_key_ = key;
  preview_damage_.clear();
  if (!damage.empty()) {
    preview_damage_ = "damaged: " + damage;
    preview_.rebuild(Creature{});
  } else if (in_memory) {
    preview_.rebuild(*in_memory);
  } else {
    Result<Creature> c = load_creature(key.substr(0, key.rfind('#') == std::string::npos ? key.size() : key.rfind('#')));
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
  const glm::mat4 model =
      glm::translate(glm::rotate(glm::scale(glm::translate(glm::mat4(1.0f), glm::vec3(0.9f, 0.0f, 0.0f)), glm::vec3(preview_scale_)),
                                 yaw, glm::vec3(0, 1, 0)),
                     glm::vec3(0.0f, -preview_floor_, 0.0f));
  if (preview_.has_skin) {
    MeshInput in = bind_flesh_input(preview_.skin.mesh, skin_texture_);
    in.model_to_world = model;
    meshes_.push_back(in);
  }
  // A floor grid under the preview.
  for (int i = -5; i <= 5; ++i) {
    const float t = static_cast<float>(i) * 0.2f;
    lines_.push_back({glm::vec3(0.9f + t, 0, -1), glm::vec3(0.9f + t, 0, 1), Rgba8{60, 70, 110, 255}, kOverlayRegions});
    lines_.push_back({glm::vec3(-0.1f, 0, t), glm::vec3(1.9f, 0, t), Rgba8{60, 70, 110, 255}, kOverlayRegions});
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
                        : trial_ ? "ON WHICH COURSE?" : "ON WHICH LEVEL?";
  // Big text wraps (at most two lines each for the heading and the keys) rather than leave the picture.
  const std::vector<std::string> head = wrap_hud_text(heading, list_.width - 16 * s, st, 2);
  for (std::size_t i = 0; i < head.size(); ++i) draw_hud_text(head[i], 12 * s, 40 * s + static_cast<int>(i) * line, st, &list_);
  const char* keys = screen_ == TitleScreen::kDrafts     ? "A CONTINUE   X DISCARD   B BACK"
                     : screen_ == TitleScreen::kEdit     ? "A EDIT  X VERSIONS  Y DELETE  B BACK"
                     : screen_ == TitleScreen::kVersions ? "A OPEN THIS VERSION   B BACK"
                                                         : "UP/DOWN CHOOSE   A OK   B BACK";
  const std::vector<std::string> key_lines = wrap_hud_text(keys, list_.width - 8 * s, st, 2);
  const int keys_top = list_.height - static_cast<int>(key_lines.size()) * line;
  const std::vector<std::string> it = items();
  // A window of at most 12 rows around the cursor (fewer with bigger text), above the keys and a message.
  int y = 40 * s + static_cast<int>(head.size()) * line + 6 * s;
  const int rows = std::max(1, std::min(12, (keys_top - y - (message_.empty() ? 0 : 2 * line)) / line));
  const int first = std::max(0, std::min(cursor_ - rows / 2, static_cast<int>(it.size()) - rows));
  for (int i = first; i < static_cast<int>(it.size()) && i < first + rows; ++i, y += line) {
    st.color = i == cursor_ ? Rgba8{255, 230, 60, 255} : Rgba8{255, 255, 255, 255};
    draw_hud_text((i == cursor_ ? "> " : "  ") + it[static_cast<std::size_t>(i)], 12 * s, y, st, &list_);
  }
  st.color = Rgba8{170, 180, 210, 255};
  for (std::size_t i = 0; i < key_lines.size(); ++i)
    draw_hud_text_centred(key_lines[i], keys_top + static_cast<int>(i) * line, st, &list_);
  const bool board = screen_ == TitleScreen::kPlayLevel && trial_ && static_cast<std::size_t>(cursor_) < play_levels_.size();
  if (board) {
    if (board_key_ != cursor_) board_ = trial_board_lines(data_, play_levels_[static_cast<std::size_t>(cursor_)], 5);
    board_key_ = cursor_;
    int by = list_.height / 2 + 10 * s;
    for (std::size_t i = 0; i < board_.size(); ++i, by += line) {
      st.color = i == 0 ? Rgba8{255, 210, 80, 255} : Rgba8{255, 255, 255, 255};
      draw_hud_text(board_[i], list_.width / 2 + 4 * s, by, st, &list_);
    }
  } else {
    board_key_ = -1;
  }
  if (!preview_damage_.empty()) {
    // In place of the preview: why this file cannot be shown.
    st.color = Rgba8{255, 110, 90, 255};
    const int left = list_.width / 2 + 4 * s;
    int py = 80 * s;
    for (const std::string& l : wrap(hud_upper(preview_damage_), list_.width - left - 6 * s, st, 8)) {
      draw_hud_text(l, left, py, st, &list_);
      py += line;
    }
  }
  if (!message_.empty()) {
    st.color = Rgba8{255, 150, 80, 255};
    const std::vector<std::string> ls = wrap(hud_upper(message_), list_.width - 8 * s, st, 2);
    int my = keys_top - static_cast<int>(ls.size()) * line;
    for (const std::string& l : ls) {
      draw_hud_text_centred(l, my, st, &list_);
      my += line;
    }
  }
  return &list_;
}

}  // namespace cf
