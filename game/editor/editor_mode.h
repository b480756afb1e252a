#pragma once
// The editor as a game mode: runs the Editor's ticks from InputFrames, keeps the live preview in
// step, saves (atomically, refused while a rule is broken; never over another creature without
// asking; the replaced version kept), writes the document's draft every 10 s of changes and on every
// way out, records the editing session, and switches to a test walk (a new Scene from the drawn
// creature) and back. The save side lives in editor_saving.cpp.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/input_frame.h"
#include "game/editor/card_view.h"
#include "game/editor/editor.h"
#include "game/editor/editor_doc.h"
#include "game/editor/editor_view.h"
#include "game/modes/modes.h"
#include "game/session/user_data.h"

namespace cf {

constexpr int kDraftIntervalTicks = 60 * 10;

// What the files told the editor, at the tick it was told (after that tick's input): a free name
// offered by the name prompt, or that the name given belongs to another creature. Recorded with the
// session so that a replay gives the editor the same words without looking at any file.
struct EditorAsk {
  std::uint64_t tick = 0;  // inputs consumed when it was given (1 = after the first input)
  std::string taken;       // the name given is another creature's ("" for an offer)
  std::string offer;       // the free name offered
};
// Gives the editor what 'ask' says (Editor::offer_name or ask_replace).
void apply_ask(const EditorAsk& ask, Editor* editor);

// A recorded editing session: the starting creature, every tick's input and what the files said;
// replays to 'hash'.
struct EditSession {
  Json start;                       // the creature the editor opened on (null: blank)
  std::vector<InputFrame> inputs;
  std::vector<EditorAsk> asks;      // "asks" (optional: sessions recorded before it have none)
  // "pen_speeds" (optional, [normal, precise], default [1, 1]): the player's pen speeds, so the
  // session replays the same on a machine with other settings.
  float pen_speed = 1.0f, precise_pen_speed = 1.0f;
  std::uint64_t hash = 0;           // Editor::hash() after the last input
};
constexpr const char* kEditSessionFormat = "critterforge.editsession/1";
Json edit_session_to_json(const EditSession& s);
Result<EditSession> parse_edit_session(const Json& j, const std::string& file);
// Runs a session's inputs (and asks) through a fresh editor; its hash.
std::uint64_t replay_edit_session(const EditSession& s, Editor* editor);

// The document being edited: the saved file that is its own and where its one draft goes.
struct EditorDocument {
  std::string file_stem;    // creatures/<stem>.json, its own file ("" until its first save)
  std::string name;         // the name the prompt starts from ("" -> CRITTER)
  std::string draft_path;   // its draft; "" -> a free one in drafts/ is picked when first written
  bool from_draft = false;  // opened from its draft: the work on screen is not saved anywhere else
};

class EditorMode final : public Mode {
 public:
  // Opens the editor on 'start' (blank when it has no parts) as the document 'doc'.
  void open(const Creature& start, const UserData& data, TextureId skin_texture, EditorDocument doc = {});
  ModeId update(const ModeFrame& frame, ModeContext& ctx) override;
  const CommandList* build_frame(const FrameSettings& settings, int w, int h) override;
  bool wants_text() const override { return editor_.wants_text(); }

  const Editor& editor() const { return editor_; }
  const EditorPreview& preview() const { return preview_; }
  // The uploaded texture of the preview's painted page (game/main.cpp uploads it when it changes).
  void set_paint_texture(TextureId t) { preview_.paint_texture = t; }
  const EditorDocument& document() const { return doc_; }
  // A line on the editor's HUD (the title menu says what it opened).
  void set_message(const std::string& m) { editor_.set_message(m); }
  // The document has changes that no save holds (its draft may hold them).
  bool unsaved() const { return editor_.revision() != saved_revision_; }
  // An editor document is open (from open() until the player leaves for the title menu); a test
  // walk keeps it open.
  bool is_open() const { return open_; }
  // Drafts are written (default on). Off for a replay, and for a bounded test run without --data-dir
  // (it must not write into the player's folder).
  void set_drafts_enabled(bool on) { drafts_enabled_ = on; }
  // A way out of the editor (the title menu, the window closed, SIGTERM/SIGHUP, the run's end):
  // writes the draft when the work is unsaved. A line for stderr saying where the work is, or why it
  // could not be kept ("" when there was nothing to keep).
  std::string leave(const std::string& why);
  // Saves the creature as creatures/<stem of its name>.json now, as the prompt's save does once the
  // name is settled (refused while a rule is broken): its path, or why not.
  Result<std::string> save();
  // A save's creature card, written once the game's rasterizer has drawn it: 'draw' draws a list and
  // reads its target back. Does nothing when no save is waiting for its card (game/main.cpp calls
  // it every frame). The saved file is already safe: a card that fails only says so.
  using DrawAndRead = std::function<bool(const CommandList&, std::vector<std::uint8_t>*, int*, int*)>;
  void write_card(const DrawAndRead& draw, const FrameSettings& look);
  // The card waiting to be drawn ("" when none).
  const std::string& pending_card() const { return card_path_; }
  // Writes the document's draft (the work in progress) atomically.
  Status save_draft();
  const EditSession& recording() const { return recording_; }
  // Feeds a recorded session's inputs instead of the pad (after open on its start creature); at its
  // end the editor's hash must equal the recorded one, else the run fails naming both.
  void play_back(const EditSession& session);
  // The player's pen speeds (a replay uses its recorded ones instead).
  void set_pen_speeds(float normal, float precise) {
    if (!playback_) editor_.set_pen_speeds(normal, precise);
  }

 private:
  ModeId start_test_walk(ModeContext& ctx);
  void rebuild_preview();
  // After a tick's input: gives the editor what the files say (live: looked up and recorded;
  // replay: the recorded words). True when it was told the name is taken (so there is no save).
  bool tell_editor(EditorScreen was, EditorRequest r);
  void record_ask(const EditorAsk& ask);
  // The save (and export) the editor asked for; the HUD and stderr say how it went.
  void play_sounds(ModeContext& ctx, const InputFrame& in, EditorScreen was, bool was_drawing, std::size_t parts,
                   int saves);
  void release_pen_tone(ModeContext& ctx);
  void save_requested(bool exporting);
  // Saves the creature as creatures/<stem of its name>.json: its path, or why not.
  Result<std::string> save_now(std::string* player_reason);
  // "New blank canvas": the old document keeps its draft, a new one begins.
  void begin_new_document(std::uint64_t old_revision);
  void report(const std::string& hud, const std::string& stderr_line);
  void add_name_taken_panel();

  Editor editor_;
  EditorPreview preview_;
  EditorView view_;
  UserData data_;
  EditorDocument doc_;
  bool open_ = false;
  bool drafts_enabled_ = true;
  TextureId skin_texture_ = kNoTexture;
  std::uint64_t built_revision_ = ~0ull;
  Creature built_creature_;  // what the preview was built from (a paint change only repaints)
  std::uint64_t draft_revision_ = ~0ull;  // the revision the draft file holds
  int saves_ = 0;                          // saves that succeeded (the save's sound)
  std::uint64_t saved_revision_ = ~0ull;  // the revision its own file holds
  std::string draft_error_;               // the last draft failure told to the player
  EditSession recording_;
  const EditSession* playback_ = nullptr;
  std::size_t playback_next_ = 0;
  bool away_ = false;  // a test walk is on: back in the editor, the buttons held then are ignored
  std::size_t playback_ask_ = 0;
  CommandList frame_;  // the view's picture plus the save prompt drawn over it
  CardView card_view_;
  std::string card_path_, card_text_;  // the card a save is waiting for, and the file it holds
};

}  // namespace cf
