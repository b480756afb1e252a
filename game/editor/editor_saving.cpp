// EditorMode's save side: the name the prompt offers, the question when a name is another
// creature's, the save itself (earlier version kept, the document's draft removed), the export, and
// the draft written every 10 s of changes and on every way out. What the files say reaches the
// Editor only through EditorAsk, recorded with the session, so editing replays need no files.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "core/file_io.h"
#include "creature/creature_card.h"
#include "creature/creature_io.h"
#include "game/editor/editor_mode.h"
#include "game/session/drafts.h"
#include "game/ui/hud.h"
#include "gltf/gltf_export.h"

namespace cf {

namespace {

// The player's words for a failure known only by its message (a library that does not pass errno
// on): the first errno whose text the message carries.
std::string reason_in(const std::string& message) {
  for (int e : {ENOSPC, EDQUOT, EFBIG, EROFS, EACCES, EPERM, EIO, ENOENT, ENOTDIR, ENAMETOOLONG}) {
    if (message.find(std::strerror(e)) != std::string::npos) return save_failure_reason(e);
  }
  return message;
}

// "creatures/my_dog.json": a path inside the data folder, as the player would look for it.
std::string shown_path(const UserData& data, const std::string& path) {
  return path.compare(0, data.root.size() + 1, data.root + "/") == 0 ? path.substr(data.root.size() + 1)
                                                                     : path;
}

}  // namespace

void EditorMode::report(const std::string& hud, const std::string& stderr_line) {
  editor_.set_message(hud);
  std::fprintf(stderr, "critterforge: %s\n", stderr_line.c_str());
}

void EditorMode::record_ask(const EditorAsk& ask) {
  apply_ask(ask, &editor_);
  recording_.asks.push_back(ask);
}

bool EditorMode::tell_editor(EditorScreen was, EditorRequest r) {
  const std::uint64_t tick = recording_.inputs.size();
  if (playback_) {
    bool taken = false;
    for (; playback_ask_ < playback_->asks.size() && playback_->asks[playback_ask_].tick == tick;
         ++playback_ask_) {
      const EditorAsk& ask = playback_->asks[playback_ask_];
      record_ask(ask);
      taken = taken || !ask.taken.empty();
    }
    return taken;
  }
  // The prompt opens on a name no other creature has, so saving twice with A never replaces.
  if (was == EditorScreen::kMenu && editor_.screen() == EditorScreen::kNaming) {
    const std::string base = doc_.name.empty() ? "CRITTER" : doc_.name;
    const std::string offer = free_creature_name(data_, base, doc_.file_stem, kMaxNameChars);
    if (offer != editor_.name_entry()) record_ask({tick, "", offer});
  }
  if ((r == EditorRequest::kSave || r == EditorRequest::kExport) && !editor_.replace_chosen()) {
    rebuild_preview();
    if (!preview_.saveable()) return false;  // the save refuses it and says why: no question first
    const std::string& name = editor_.doc().creature.name;
    const std::string stem = creature_file_stem(name);
    const std::string path = saved_creature_path(data_, stem);
    if (stem != doc_.file_stem && (path_taken(path) || path_taken(card_path_beside(path)))) {
      record_ask({tick, name, free_creature_name(data_, name, doc_.file_stem, kMaxNameChars)});
      return true;
    }
  }
  return false;
}

Result<std::string> EditorMode::save() {
  std::string reason;
  return save_now(&reason);
}

Result<std::string> EditorMode::save_now(std::string* player_reason) {
  rebuild_preview();
  if (!preview_.saveable()) {
    *player_reason = preview_.problems.empty() ? "it cannot be built" : preview_.problems.front().message;
    return Error{"", "", *player_reason};
  }
  Creature c = editor_.doc().creature;
  if (c.name.empty()) c.name = "critter";
  const std::string stem = creature_file_stem(c.name);
  const std::string path = saved_creature_path(data_, stem);
  if (Status s = validate_creature(c, path); !s) {
    *player_reason = s.error.message;
    return s.error;
  }
  if (Status s = make_dirs(data_.creatures_dir()); !s) {
    *player_reason = reason_in(s.error.message);
    return s.error;
  }
  // The bytes save_creature writes; written here to learn errno for the player's reason.
  const std::string content = creature_to_json(c).dump(2) + "\n";
  // A card dropped in by hand and edited: its creature becomes the file, so the save keeps it as
  // the earlier version instead of writing a new card over the only copy.
  if (!path_taken(path) && path_taken(card_path_beside(path))) {
    const Result<std::string> bytes = read_file(card_path_beside(path), kMaxCardFileBytes);
    const Result<std::string> was = bytes ? creature_text_of(*bytes, card_path_beside(path)) : bytes;
    if (was && *was != content) (void)write_file_atomic(path, *was);
  }
  if (Status s = keep_earlier_version(data_, stem, content); !s) {
    *player_reason = "cannot keep the earlier version: " + reason_in(s.error.message);
    return s.error;
  }
  const bool took_other = stem != doc_.file_stem && path_taken(path);
  int err = 0;
  if (Status s = write_file_atomic(path, content, &err); !s) {
    *player_reason = save_failure_reason(err);
    return s.error;
  }
  card_path_ = card_path_beside(path);  // drawn by the rasterizer, then written (write_card)
  card_text_ = content;
  if (took_other) detach_drafts_of(data_, stem);  // their drafts must not come back as this creature's
  // The work is safe in its own file now: its draft goes, and the next autosave has nothing to write.
  if (!doc_.draft_path.empty()) ::unlink(doc_.draft_path.c_str());
  doc_.file_stem = stem;
  doc_.name = editor_.doc().creature.name;
  doc_.from_draft = false;
  saved_revision_ = draft_revision_ = editor_.revision();
  ++saves_;
  return path;
}

void EditorMode::save_requested(bool exporting) {
  std::string reason;
  const Result<std::string> saved = save_now(&reason);
  if (!saved) {
    const std::string name =
        editor_.doc().creature.name.empty() ? "the creature" : editor_.doc().creature.name;
    report("Cannot save: " + reason, "cannot save " + name + ": " + saved.error().to_string() +
                                         (reason == saved.error().message ? "" : " (" + reason + ")"));
    return;
  }
  const std::string shown = shown_path(data_, *saved);
  if (!exporting) {
    editor_.set_message("saved " + hud_upper(editor_.doc().creature.name) + " as " + shown);
    return;
  }
  // A glTF file goes beside its creature.
  const std::string out = export_path_beside(*saved);
  const Result<ExportReport> rep = export_glb(editor_.doc().creature, ExportOptions{}, out);
  if (!rep) {
    report("Cannot export: " + reason_in(rep.error().message),
           "cannot export " + out + ": " + rep.error().to_string());
    return;
  }
  editor_.set_message("saved and exported " + shown_path(data_, out));
}

Status EditorMode::save_draft() {
  if (!drafts_enabled_ || editor_.doc().creature.parts.empty()) return {};
  if (doc_.draft_path.empty())
    doc_.draft_path = free_draft_path(data_, doc_.file_stem.empty() ? "new" : doc_.file_stem);
  Creature c = editor_.doc().creature;
  c.name = doc_.name;  // the document's name (a blank canvas is a new creature, whatever the last was called)
  int err = 0;
  Status s = write_draft(doc_.draft_path, doc_.file_stem, c, &err);
  if (s) {
    draft_revision_ = editor_.revision();
    draft_error_.clear();
  } else if (save_failure_reason(err) != draft_error_) {  // said once, not every 10 s
    draft_error_ = save_failure_reason(err);
    report("Cannot keep a draft: " + draft_error_, "cannot write the draft: " + s.error.to_string());
  }
  return s;
}

void EditorMode::begin_new_document(std::uint64_t old_revision) {
  // The old creature's unsaved changes go to its own draft before the new one takes the editor.
  const EditorDoc* old = editor_.history().last_remembered();
  if (drafts_enabled_ && old && !old->creature.parts.empty() && old_revision != saved_revision_ &&
      old_revision != draft_revision_) {
    if (doc_.draft_path.empty())
      doc_.draft_path = free_draft_path(data_, doc_.file_stem.empty() ? "new" : doc_.file_stem);
    Creature c = old->creature;
    c.name = doc_.name;
    int err = 0;
    if (Status s = write_draft(doc_.draft_path, doc_.file_stem, c, &err); !s) {
      report("Cannot keep a draft: " + save_failure_reason(err),
             "cannot write the draft: " + s.error.to_string());
    } else {
      editor_.set_message("blank canvas - the last creature's changes are in its draft");
    }
  }
  doc_ = EditorDocument{};
  saved_revision_ = draft_revision_ = editor_.revision();
  draft_error_.clear();
}

std::string EditorMode::leave(const std::string& why) {
  if (!open_) return "";
  open_ = false;
  if (!drafts_enabled_ || !unsaved() || editor_.doc().creature.parts.empty()) return "";
  if (editor_.revision() != draft_revision_) {
    if (Status s = save_draft(); !s)
      return why + ": the unsaved work could not be kept: " + s.error.to_string();
  }
  return why + ": the unsaved work is in the draft " + doc_.draft_path;
}

void EditorMode::add_name_taken_panel() {
  CommandList& list = frame_;
  if (list.width <= 0) return;
  HudTextStyle st;
  st.scale = std::max(1, list.height / 240);
  const int s = st.scale, line = hud_line_height(st);
  const int y0 = list.height / 2 - 4 * line, x = list.width / 10, w = list.width - 2 * x, h = 9 * line;
  // A dark panel: two screen triangles over the picture, under the text's lines.
  auto v = [&](int px, int py) {
    ScreenVertex sv;
    sv.x = px * kSubpixelOne;
    sv.y = py * kSubpixelOne;
    sv.color = Rgba8{14, 16, 30, 255};
    return sv;
  };
  ScreenTriangle a, b;
  a.v[0] = v(x, y0 - line), a.v[1] = v(x, y0 + h), a.v[2] = v(x + w, y0 + h);
  b.v[0] = v(x, y0 - line), b.v[1] = v(x + w, y0 + h), b.v[2] = v(x + w, y0 - line);
  list.triangles.push_back(a);
  list.triangles.push_back(b);
  const std::string taken = hud_upper(editor_.taken_name()), offer = hud_upper(editor_.offered_name());
  st.color = Rgba8{255, 150, 80, 255};
  draw_hud_text_centred("ANOTHER CREATURE IS CALLED " + taken, y0, st, &list);
  // The three answers left-aligned under each other, the block centred.
  st.color = Rgba8{255, 255, 255, 255};
  const std::string answers[] = {"A  SAVE AS " + offer + " (KEEP BOTH)", "X  REPLACE " + taken,
                                 "B  CHANGE THE NAME"};
  int widest = 0;
  for (const std::string& a : answers) widest = std::max(widest, hud_text_width(a, st));
  for (int i = 0; i < 3; ++i)
    draw_hud_text(answers[i], (list.width - widest) / 2, y0 + (2 + i) * line + 2 * i * s, st, &list);
  st.color = Rgba8{170, 180, 210, 255};
  draw_hud_text_centred("A REPLACED CREATURE STAYS IN EDIT:", y0 + 6 * line, st, &list);
  draw_hud_text_centred("X THERE SHOWS ITS EARLIER VERSIONS", y0 + 7 * line, st, &list);
}

}  // namespace cf
