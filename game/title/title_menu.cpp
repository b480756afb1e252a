#include "game/title/title_menu.h"

#include <cmath>
#include <cstring>
#include <sys/stat.h>

#include "core/json_util.h"
#include "creature/creature_io.h"
#include "game/options/settings.h"
#include "game/ui/hud.h"
#include "game/play/scene.h"
#include "game/title/title_trial.h"
#include "game/session/best_times.h"
#include "game/session/friends_record.h"

namespace cf {

namespace {

const char* kMainNew = "NEW CREATURE";
const char* kMainDraft = "CONTINUE DRAFT";
const char* kMainEdit = "EDIT";
const char* kMainPlay = "PLAY";
const char* kMainOptions = "OPTIONS";
const char* kMainQuit = "QUIT";

}  // namespace

std::string damage_of(const Error& e) { return e.field.empty() ? e.message : e.field + ": " + e.message; }

std::string list_label(std::string name) {
  for (char& c : name) c = c == '_' ? ' ' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return name;
}

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
                 : std::to_string(drafts_.size()) + " drafts found: CONTINUE DRAFT lists them" +
                       (drafts_cut_ ? " (the newest; " + std::to_string(drafts_cut_) + " older not listed)" : "");
  std::string report;  // a damaged best-times table is set aside here: the player is told here
  (void)load_best_times(data_, &report);
  if (!report.empty()) message_ = report;
  if (!notice_.empty()) {  // shown once, before anything else
    message_ = notice_ + (message_.empty() ? "" : "; " + message_);
    notice_.clear();
  }
}

void TitleMode::refresh_lists() {
  drafts_ = list_drafts(data_, &drafts_cut_);
  creatures_ = list_creatures(data_);
  damage_.assign(creatures_.size(), "");
  for (std::size_t i = 0; i < creatures_.size(); ++i) {
    if (creatures_[i].shipped) continue;  // shipped creatures are tested; a player's file may be anything
    Result<Creature> c = load_creature(creatures_[i].path);
    if (!c) damage_[i] = damage_of(c.error());
  }
  gallery_.refresh(creatures_);
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
        out.push_back(list_label(d.shown_name()).substr(0, 16) + "  " + time_label(d.time) +
                      (d.damage.empty() ? "" : "  (DAMAGED)"));
      }
      break;
    case TitleScreen::kEdit:
    case TitleScreen::kPlayCreature:
      for (std::size_t i = 0; i < creatures_.size(); ++i) {
        const CreatureEntry& e = creatures_[i];
        std::string l = list_label(e.name);
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
      for (const CreatureEntry& e : play_levels_) out.push_back(list_label(e.name));
      break;
    case TitleScreen::kPlayGhost:
      for (const GhostChoice& g : ghosts_) {
        std::string l = ghost_label(g);
        const std::size_t sp = l.rfind(' ');
        if (sp < 16) l.insert(sp, 16 - sp, ' ');  // the times in a column
        out.push_back(l);
      }
      out.push_back("NO GHOST");
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
    case TitleScreen::kPlayGhost: screen_ = TitleScreen::kPlayLevel, cursor_ = play_level_, chosen_.reset(); break;
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
    case TitleScreen::kPlayLevel:
      play_level_ = cursor_;
      return choose_level(ctx);
    case TitleScreen::kPlayGhost:
      return start_play(ctx, at < ghosts_.size() ? &ghosts_[at] : nullptr);
  }
  return ModeId::kTitle;
}

ModeId TitleMode::choose_level(ModeContext& ctx) {
  Result<Scene> s = load_scene(creatures_[static_cast<std::size_t>(play_creature_)].path,
                               play_levels_[static_cast<std::size_t>(play_level_)].path);
  if (!s) {
    message_ = s.error().to_string();
    return ModeId::kTitle;
  }
  chosen_ = std::move(*s);
  ghosts_.clear();
  if (trial_) {
    std::string report;
    ghosts_ = ghost_choices(load_best_times(data_, &report), trial_level_key(*chosen_),
                            creature_content_hash(chosen_->creature_json));
    if (!report.empty()) message_ = report;
  }
  if (ghosts_.empty()) return start_play(ctx, nullptr);
  // The creature's own best when it has one; else none, the others listed to pick.
  go(TitleScreen::kPlayGhost, ghosts_[0].own ? 0 : static_cast<int>(ghosts_.size()));
  return ModeId::kTitle;
}

ModeId TitleMode::start_play(ModeContext& ctx, const GhostChoice* ghost) {
  if (!chosen_) return ModeId::kTitle;
  ctx.harness.session_replaced(ctx.session);
  start_with_friends(&ctx.session, std::move(*chosen_), 1, data_);  // a trial's spectators: the pack first
  chosen_.reset();
  apply_trial_choice(&ctx.session, data_, ghost);
  if (ctx.scene_changed) ctx.scene_changed();
  ctx.test_walk = false;
  ctx.harness.set_hash_override(false);
  return ModeId::kPlay;
}

// X: a draft is discarded (to the trash); a saved creature's earlier versions are listed.
void TitleMode::press_x() {
  const std::size_t at = static_cast<std::size_t>(cursor_);
  if (screen_ == TitleScreen::kDrafts && at < drafts_.size()) {
    const std::string name = list_label(drafts_[at].shown_name());
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
      message_ = "no earlier versions of " + list_label(e.name) + " yet";
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
  const std::string name = list_label(e.name);
  if (!confirmed('Y', "delete " + name + " (it goes to the trash folder)")) return;
  Result<std::string> moved = move_to_trash(data_, e.path);
  if (moved && !e.card.empty() && e.card != e.path) moved = move_to_trash(data_, e.card);  // its card goes with it
  message_ = moved ? name + " is in the trash folder" : "cannot delete it: " + moved.error().to_string();
  refresh_lists();
  cursor_ = std::min(cursor_, std::max(0, static_cast<int>(creatures_.size()) - 1));
}

ModeId TitleMode::update(const ModeFrame& frame, ModeContext& ctx) {
  if (ctx.settings) {  // the keys line names the menus' pad buttons
    const ButtonMap& m = ctx.settings->controls.map(ControlContext::kMenus);
    for (int b = 0; b < 4; ++b) pad_labels_[b] = pad_label(m, b);
  }
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
    if (gallery_shown() && (a & (kMenuLeft | kMenuRight))) {  // along a row of the gallery
      const int was = cursor_;
      cursor_ = gallery_.step(cursor_, n, a & kMenuLeft ? -1 : 1);
      if (cursor_ != was) pending_.clear(), ui_sound(ctx, SoundKind::kMenuMove);
    }
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

}  // namespace cf
