#pragma once
// The editor as a game mode: runs the Editor's ticks from InputFrames, keeps the live preview in
// step, saves (atomically, refused while a rule is broken), autosaves a draft every 10 s, records
// the editing session, and switches to a test walk (a new Scene from the drawn creature) and back.
#include <cstdint>
#include <string>
#include <vector>

#include "core/input_frame.h"
#include "game/editor/editor.h"
#include "game/editor/editor_preview.h"
#include "game/editor/editor_view.h"
#include "game/modes/modes.h"
#include "game/session/user_data.h"

namespace cf {

constexpr int kDraftIntervalTicks = 60 * 10;

// A recorded editing session: the starting creature and every tick's input; replays to 'hash'.
struct EditSession {
  Json start;                       // the creature the editor opened on (null: blank)
  std::vector<InputFrame> inputs;
  std::uint64_t hash = 0;           // Editor::hash() after the last input
};
constexpr const char* kEditSessionFormat = "critterforge.editsession/1";
Json edit_session_to_json(const EditSession& s);
Result<EditSession> parse_edit_session(const Json& j, const std::string& file);
// Runs a session's inputs through a fresh editor; its hash.
std::uint64_t replay_edit_session(const EditSession& s, Editor* editor);

class EditorMode final : public Mode {
 public:
  // Opens the editor on 'start' (blank when it has no parts); 'source' names where it came from.
  void open(const Creature& start, const UserData& data, TextureId skin_texture);
  ModeId update(const ModeFrame& frame, ModeContext& ctx) override;
  const CommandList* build_frame(const FrameSettings& settings, int w, int h) override;
  bool wants_text() const override { return editor_.wants_text(); }

  const Editor& editor() const { return editor_; }
  const EditorPreview& preview() const { return preview_; }
  // Saves the creature as <data>/creatures/<stem of its name>.json; refused while a rule is broken.
  // Its path, or why not.
  Result<std::string> save();
  // Writes the draft (the work in progress) atomically.
  Status save_draft();
  const EditSession& recording() const { return recording_; }
  // Feeds a recorded session's inputs instead of the pad (after open on its start creature); at its
  // end the editor's hash must equal the recorded one, else the run fails naming both.
  void play_back(const EditSession& session);

 private:
  ModeId start_test_walk(ModeContext& ctx);
  Editor editor_;
  EditorPreview preview_;
  EditorView view_;
  UserData data_;
  TextureId skin_texture_ = kNoTexture;
  std::uint64_t built_revision_ = ~0ull;
  std::uint64_t draft_revision_ = ~0ull;
  EditSession recording_;
  const EditSession* playback_ = nullptr;
  std::size_t playback_next_ = 0;
  bool away_ = false;  // a test walk is on: back in the editor, the buttons held then are ignored
};

}  // namespace cf
