#include "game/title/title_menu.h"

#include <cmath>
#include <sys/stat.h>

#include <glm/gtc/matrix_transform.hpp>

#include "game/view/view.h"
#include "core/json_util.h"
#include "creature/creature_io.h"
#include "game/ui/hud.h"
#include "game/play/scene.h"

namespace cf {

namespace {

const char* kMainNew = "NEW CREATURE";
const char* kMainDraft = "CONTINUE DRAFT";
const char* kMainEdit = "EDIT";
const char* kMainPlay = "PLAY";
const char* kMainQuit = "QUIT";

// Upper case, '_' as a space (the pixel font has neither lower case nor '_').
std::string upper(std::string s) {
  for (char& c : s) c = c == '_' ? ' ' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

bool exists(const std::string& p) {
  struct stat st {};
  return ::stat(p.c_str(), &st) == 0;
}

}  // namespace

void TitleMode::open(const UserData& data, EditorMode* editor, TextureId skin_texture) {
  data_ = data;
  editor_ = editor;
  skin_texture_ = skin_texture;
  screen_ = TitleScreen::kMain;
  cursor_ = 0;
  has_draft_ = exists(data_.draft_path());
  creatures_ = list_creatures(data_);
  levels_ = list_levels();
  message_ = has_draft_ ? "draft found: CONTINUE DRAFT brings it back" : "";
}

std::vector<std::string> TitleMode::items() const {
  std::vector<std::string> out;
  switch (screen_) {
    case TitleScreen::kMain:
      out.push_back(kMainNew);
      if (has_draft_) out.push_back(kMainDraft);
      out.push_back(kMainEdit);
      out.push_back(kMainPlay);
      out.push_back(kMainQuit);
      break;
    case TitleScreen::kEdit:
    case TitleScreen::kPlayCreature:
      for (const CreatureEntry& e : creatures_) out.push_back(upper(e.name) + (e.shipped ? "" : "  (MINE)"));
      break;
    case TitleScreen::kPlayLevel:
      for (const CreatureEntry& e : levels_) out.push_back(upper(e.name));
      break;
  }
  return out;
}

ModeId TitleMode::choose(ModeContext& ctx) {
  const std::vector<std::string> it = items();
  if (it.empty()) return ModeId::kTitle;
  const std::string& label = it[static_cast<std::size_t>(cursor_)];
  switch (screen_) {
    case TitleScreen::kMain:
      if (label == kMainNew) {
        editor_->open(Creature{}, data_, skin_texture_);
        return ModeId::kEditor;
      }
      if (label == kMainDraft) {
        Result<Creature> c = load_creature(data_.draft_path());
        if (!c) {
          message_ = "the draft is damaged: " + c.error().message;
          return ModeId::kTitle;
        }
        editor_->open(*c, data_, skin_texture_);
        return ModeId::kEditor;
      }
      if (label == kMainEdit || label == kMainPlay) {
        screen_ = label == kMainEdit ? TitleScreen::kEdit : TitleScreen::kPlayCreature;
        creatures_ = list_creatures(data_);
        cursor_ = 0;
        return ModeId::kTitle;
      }
      ctx.quit = true;
      return ModeId::kTitle;
    case TitleScreen::kEdit: {
      Result<Creature> c = load_creature(creatures_[static_cast<std::size_t>(cursor_)].path);
      if (!c) {
        message_ = c.error().to_string();
        return ModeId::kTitle;
      }
      editor_->open(*c, data_, skin_texture_);
      return ModeId::kEditor;
    }
    case TitleScreen::kPlayCreature:
      play_creature_ = cursor_;
      screen_ = TitleScreen::kPlayLevel;
      cursor_ = 0;
      return ModeId::kTitle;
    case TitleScreen::kPlayLevel: {
      Result<Scene> s = load_scene(creatures_[static_cast<std::size_t>(play_creature_)].path,
                                   levels_[static_cast<std::size_t>(cursor_)].path);
      if (!s) {
        message_ = s.error().to_string();
        return ModeId::kTitle;
      }
      ctx.harness.session_replaced(ctx.session);
      ctx.session.start(std::move(*s), 1);
      if (ctx.scene_changed) ctx.scene_changed();
      ctx.test_walk = false;
      ctx.harness.set_hash_override(false);
      return ModeId::kPlay;
    }
  }
  return ModeId::kTitle;
}

ModeId TitleMode::update(const ModeFrame& frame, ModeContext& ctx) {
  ModeId next = ModeId::kTitle;
  for (int i = 0; i < frame.due_ticks && ctx.harness.may_tick(ctx.session) && next == ModeId::kTitle && !ctx.quit;
       ++i) {
    const InputFrame in = (*frame.sample)();
    ctx.harness.count_tick();
    ++ticks_;
    const std::uint32_t a = map_menu_actions(in, prev_);
    prev_ = in;
    const int n = static_cast<int>(items().size());
    if (n > 0 && (a & kMenuUp)) cursor_ = (cursor_ + n - 1) % n;
    if (n > 0 && (a & kMenuDown)) cursor_ = (cursor_ + 1) % n;
    if (a & kMenuBack && screen_ != TitleScreen::kMain) {
      // Back where it came from: the cursor on the item that opened this list.
      const TitleScreen from = screen_;
      screen_ = from == TitleScreen::kPlayLevel ? TitleScreen::kPlayCreature : TitleScreen::kMain;
      cursor_ = from == TitleScreen::kPlayLevel ? play_creature_ : 0;
      const std::vector<std::string> main_items = items();
      for (std::size_t k = 0; screen_ == TitleScreen::kMain && k < main_items.size(); ++k) {
        if (main_items[k] == (from == TitleScreen::kEdit ? kMainEdit : kMainPlay)) cursor_ = static_cast<int>(k);
      }
    }
    if (a & (kMenuChoose | kMenuConfirm)) next = choose(ctx);
  }
  refresh_preview();
  return next;
}

void TitleMode::refresh_preview() {
  std::string path = default_creature_path();  // the main menu shows the default creature turning
  if (screen_ == TitleScreen::kEdit || screen_ == TitleScreen::kPlayCreature) {
    if (cursor_ < static_cast<int>(creatures_.size())) path = creatures_[static_cast<std::size_t>(cursor_)].path;
  } else if (screen_ == TitleScreen::kPlayLevel && play_creature_ < static_cast<int>(creatures_.size())) {
    path = creatures_[static_cast<std::size_t>(play_creature_)].path;
  }
  if (path == preview_path_) return;
  preview_path_ = path;
  Result<Creature> c = path.empty() ? Result<Creature>(Error{"", "", "none"}) : load_creature(path);
  preview_.rebuild(c ? *c : Creature{});
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
  if (!preview_path_.empty() && preview_.has_skin) {
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
  GeometryJob job;
  job.meshes = meshes_.data();
  job.mesh_count = static_cast<int>(meshes_.size());
  job.lines = lines_.data();
  job.line_count = static_cast<int>(lines_.size());
  job.camera.view = glm::lookAt(glm::vec3(0.4f, 1.5f, 4.2f), glm::vec3(0.4f, 0.6f, 0.0f), glm::vec3(0, 1, 0));
  job.camera.fov_y_rad = 0.75f;
  job.lighting.clear_color = Rgba8{20, 22, 40, 255};
  job.settings = settings;
  job.settings.overlay_mask = kOverlayRegions;
  job.window_width = w;
  job.window_height = h;
  job.scratch = &scratch_;
  job.out = &list_;
  if (!job.run()) list_.clear();

  HudTextStyle st;
  st.scale = std::max(1, list_.height / 240);
  const int s = st.scale, line = 10 * s;
  HudTextStyle big = st;
  big.scale = 3 * s;
  big.color = Rgba8{255, 210, 80, 255};
  draw_hud_text("CRITTERFORGE", 12 * s, 14 * s, big, &list_);
  st.color = Rgba8{170, 180, 210, 255};
  const char* heading = screen_ == TitleScreen::kMain ? "DRAW A CREATURE, THEN WALK IT"
                        : screen_ == TitleScreen::kEdit ? "EDIT WHICH CREATURE?"
                        : screen_ == TitleScreen::kPlayCreature ? "PLAY WITH WHICH CREATURE?"
                                                                : "ON WHICH LEVEL?";
  draw_hud_text(heading, 12 * s, 40 * s, st, &list_);
  const std::vector<std::string> it = items();
  // A window of at most 12 rows around the cursor.
  const int rows = 12, first = std::max(0, std::min(cursor_ - rows / 2, static_cast<int>(it.size()) - rows));
  int y = 56 * s;
  for (int i = first; i < static_cast<int>(it.size()) && i < first + rows; ++i, y += line) {
    st.color = i == cursor_ ? Rgba8{255, 230, 60, 255} : Rgba8{255, 255, 255, 255};
    draw_hud_text((i == cursor_ ? "> " : "  ") + it[static_cast<std::size_t>(i)], 12 * s, y, st, &list_);
  }
  st.color = Rgba8{170, 180, 210, 255};
  draw_hud_text_centred("UP/DOWN CHOOSE   A OK   B BACK", list_.height - 10 * s, st, &list_);
  if (!message_.empty()) {
    st.color = Rgba8{255, 150, 80, 255};
    std::string m = upper(message_);  // cut with "..." to the picture's width
    const int room = list_.width - 8 * s;
    if (hud_text_width(m, st) > room) {
      while (!m.empty() && hud_text_width(m + "...", st) > room) m.pop_back();
      m += "...";
    }
    draw_hud_text_centred(m, list_.height - 20 * s, st, &list_);
  }
  return &list_;
}

}  // namespace cf
