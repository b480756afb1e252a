#pragma once
// The title menu: New creature, Continue draft (every draft left behind, with its time), Edit
// (shipped and saved creatures; X lists a saved one's earlier versions, Y moves it to the trash),
// Play (free roam or a trial; pick a creature, then a level or course: a course shows its best times,
// then which ghost to race: the creature's own best, another creature's, or none), Quit. The highlighted creature turns in a preview; a damaged
// file says why instead. Driven by InputFrames tick by tick like every mode; d-pad/stick, A, B, X, Y
// (keyboard: arrows, Space, E, Q, R).
#include <optional>
#include <string>
#include <vector>

#include "game/editor/editor_mode.h"
#include "game/editor/editor_doc.h"
#include "game/modes/modes.h"
#include "game/play/scene.h"
#include "game/session/best_times.h"
#include "game/session/drafts.h"
#include "game/session/user_data.h"
#include "game/title/title_gallery.h"
#include "render/geometry_stage.h"

namespace cf {

// A list label: upper case, '_' as a space (names read as words).
std::string list_label(std::string name);
// "parts[2].radius: must be in (0, 2]" without the folder (the list already names the creature).
std::string damage_of(const Error& e);

enum class TitleScreen { kMain, kDrafts, kEdit, kVersions, kPlayKind, kPlayCreature, kPlayLevel, kPlayGhost };

class TitleMode final : public Mode {
 public:
  // 'editor' is opened by New, Continue and Edit.
  void open(const UserData& data, EditorMode* editor, TextureId skin_texture);
  ModeId update(const ModeFrame& frame, ModeContext& ctx) override;
  const CommandList* build_frame(const FrameSettings& settings, int w, int h) override;

  TitleScreen screen() const { return screen_; }
  // The labels of the current screen's items.
  std::vector<std::string> items() const;
  int cursor() const { return cursor_; }
  // The line at the bottom ("" for none).
  const std::string& message() const { return message_; }
  // A line for the player the next time the menu opens (the settings file set aside or left alone).
  void set_notice(const std::string& text) { notice_ = text; }
  // The highlighted creature's preview, and the uploaded texture of its painted page (game/main.cpp
  // uploads it when it changes).
  const EditorPreview& preview() const { return preview_; }
  void set_paint_texture(TextureId t) { preview_.paint_texture = t; }
  // The Edit and Play lists' gallery of cards, and the uploaded texture of its page (game/main.cpp).
  const Gallery& gallery() const { return gallery_; }
  void set_gallery_texture(TextureId t) { gallery_.set_texture(t); }
  // Every draft found (the Continue draft list), newest first.
  const std::vector<Draft>& drafts() const { return drafts_; }

 private:
  ModeId choose(ModeContext& ctx);
  void press_x();
  void press_y();
  void go(TitleScreen screen, int cursor = 0);
  void back();
  void refresh_lists();
  void refresh_preview();
  // Opens the editor on a saved or shipped creature (on its draft when it has one).
  ModeId edit_creature(const CreatureEntry& e);
  // Play of the chosen creature on play_levels_[play_level_]; on a course the ghost screen first
  // when there is a ghost to race.
  ModeId choose_level(ModeContext& ctx);
  // Starts the chosen scene, racing 'ghost' (null: none) on a course.
  ModeId start_play(ModeContext& ctx, const GhostChoice* ghost);
  bool gallery_shown() const { return screen_ == TitleScreen::kEdit || screen_ == TitleScreen::kPlayCreature; }
  // A second press of the same button on the same item confirms (discard, delete).
  bool confirmed(char button, const std::string& what);

  UserData data_;
  EditorMode* editor_ = nullptr;
  TextureId skin_texture_ = kNoTexture;
  TitleScreen screen_ = TitleScreen::kMain;
  int cursor_ = 0;
  int main_cursor_ = 0, edit_cursor_ = 0;  // where B goes back to
  std::vector<Draft> drafts_;
  std::size_t drafts_cut_ = 0;  // older drafts not listed
  std::vector<CreatureEntry> creatures_, levels_;
  Gallery gallery_;
  std::vector<std::string> damage_;     // per creature: why it cannot be loaded ("" when fine)
  std::vector<SavedVersion> versions_;  // the earlier versions of creatures_[edit_cursor_]
  int play_creature_ = 0;
  bool trial_ = false;                     // Play -> Trial: the level list is the trial courses
  std::vector<CreatureEntry> play_levels_;  // the levels Play lists (free roam or trial)
  int play_level_ = 0;
  std::optional<Scene> chosen_;             // the creature on the course, while its ghost is chosen
  std::vector<GhostChoice> ghosts_;         // the ghosts it can race (then NO GHOST)
  std::vector<std::string> board_;          // the highlighted course's best times
  int board_key_ = -1;                      // the cursor board_ was read for (-1: read it again)
  std::string message_;
  std::string notice_;
  std::string pending_;  // the destructive action waiting for its second press
  std::string pad_labels_[4] = {"A", "B", "X", "Y"};  // the pad buttons giving the menus' A, B, X, Y
  bool left_ = false;    // the menu handed over to another mode: on coming back it reads the folders again
  InputFrame prev_;
  std::uint64_t ticks_ = 0;
  // The turning preview of the highlighted creature, or why it cannot be shown.
  std::string preview_key_;
  std::string preview_damage_;
  EditorPreview preview_;
  float preview_floor_ = 0.0f;  // lowest flesh point, model y (the preview stands its flesh on the grid)
  float preview_scale_ = 1.0f;  // tall creatures shrink to fit under the title
  std::vector<MeshInput> meshes_;
  std::vector<OverlayLineInput> lines_;
  GeometryScratch scratch_;
  CommandList list_;
};

}  // namespace cf
