#pragma once
// The creature editor's tick logic, headless: one InputFrame in, the document and the pen changed.
// No files, no rendering: EditorMode (editor_mode.h) does the saving, the preview and the drawing,
// so an editing session is a pure function of its inputs and replays exactly.
#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "core/input_frame.h"
#include "game/editor/editor_doc.h"

namespace cf {

// The drawing plane: side view = the creature's Y/Z plane at the pen's x; front view = X/Y at its z.
enum class DrawPlane { kSide, kFront };

struct EditorPen {
  glm::vec3 pos{0.0f, 0.8f, 0.0f};  // model space, metres
  DrawPlane plane = DrawPlane::kSide;
  bool drawing = false;
  std::vector<glm::vec3> path;      // the pen's positions while A is held, one per tick
};

// Which screen of the editor has the pad. kNameTaken: the name given belongs to another saved
// creature; A saves under the offered free name, X replaces the other one, B goes back to the name.
enum class EditorScreen { kDrawing, kMenu, kNaming, kNameTaken };

// The editor menu (Start), in order.
enum class EditorMenuItem { kResume, kTestWalk, kSave, kExport, kSymmetry, kNewBlank, kTitle, kCount };
const char* editor_menu_label(EditorMenuItem item, bool symmetry);

// What the editor asks its mode to do after a tick. kSave and kExport come once a name is given
// (the creature's name is set); kNewBlank after the canvas was cleared (a new creature begins).
enum class EditorRequest { kNone, kTestWalk, kSave, kExport, kToTitle, kNewBlank };

// The longest creature name the prompt takes (and offers).
constexpr std::size_t kMaxNameChars = 16;

// Pen speeds, metres per second at full deflection.
constexpr float kPenSpeed = 0.9f;
constexpr float kPenSlowSpeed = 0.2f;
constexpr float kDepthNudge = 0.02f;   // metres per d-pad press
constexpr float kThickenRate = 0.1f;   // metres per second at full trigger
constexpr float kPenLimit = 2.5f;      // |x|, |z| and y in [0, 2 x limit]

class Editor {
 public:
  // Starts on a creature (blank when it has no parts) with no history.
  void reset(const Creature& start);
  // One tick.
  EditorRequest step(const InputFrame& in);

  const EditorDoc& doc() const { return doc_; }
  const EditorPen& pen() const { return pen_; }
  EditorScreen screen() const { return screen_; }
  int menu_index() const { return menu_; }
  const std::string& name_entry() const { return name_; }
  // The name prompt is open: the keyboard types (platform text entry).
  bool wants_text() const { return screen_ == EditorScreen::kNaming; }
  // What the files say, from the mode (EditorMode records these with the session, so a replay
  // needs no files): the name the prompt offers (a free one), and that the given name is taken.
  void offer_name(const std::string& name);
  void ask_replace(const std::string& taken, const std::string& offer);
  const std::string& taken_name() const { return taken_; }
  const std::string& offered_name() const { return offer_; }
  // The player chose to replace the creature of the taken name (X on kNameTaken), for this save.
  bool replace_chosen() const { return replace_chosen_; }
  // The open name prompt is for an export (EXPORT asks for the name too).
  bool naming_for_export() const { return naming_export_; }
  // The HUD line of the last action ("" when it has faded).
  const std::string& message() const { return message_; }
  void set_message(const std::string& m) { message_ = m, message_ticks_ = 0; }
  // Bumped on every change of the creature, so the preview knows to rebuild.
  std::uint64_t revision() const { return revision_; }
  const EditorHistory& history() const { return history_; }
  // Hash of the document and pen (the editing session's result), for replays.
  std::uint64_t hash() const;
  std::uint64_t ticks() const { return ticks_; }

 private:
  void step_drawing(const InputFrame& in);
  EditorRequest step_menu(const InputFrame& in);
  EditorRequest step_naming(const InputFrame& in);
  EditorRequest type_name(std::uint8_t key);  // a key of text entry (InputFrame::typed)
  EditorRequest confirm_name();
  EditorRequest step_name_taken(const InputFrame& in);
  void open_naming(bool for_export);
  void apply(EditResult r, const EditorDoc& before);
  void move_pen(const InputFrame& in);

  EditorDoc doc_;
  EditorPen pen_;
  EditorHistory history_;
  EditorScreen screen_ = EditorScreen::kDrawing;
  int menu_ = 0;
  std::string name_;
  bool name_fresh_ = false;  // the prompt still shows the offered name: the first typed key replaces it
  bool naming_export_ = false;
  bool replace_chosen_ = false;
  std::string taken_, offer_;  // kNameTaken: the taken name and the free one offered instead
  std::string message_;
  int message_ticks_ = 0;
  bool thickening_ = false;
  std::uint64_t revision_ = 0;
  std::uint64_t ticks_ = 0;
  InputFrame prev_in_;  // the previous tick's input (menu flicks)
};

}  // namespace cf
