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

// The pen's response to the stick: still inside the dead zone, then speed grows in proportion to
// deflection (half deflection is about half speed) and is full from kStickFullAt on, which real pads
// reach (their sticks stop short of 1, often at 0.95 or less).
constexpr float kPenSpeed_mps = 1.8f;      // full deflection: a 1 m torso in 0.56 s
constexpr float kPenSlowSpeed_mps = 0.2f;  // LB held
constexpr float kStickDeadZone = 0.05f;    // deflection, 0..1
constexpr float kStickFullAt = 0.92f;      // deflection giving full speed
constexpr float kDepthNudge_m = 0.02f;     // per d-pad press
constexpr float kThickenRate_mps = 0.1f;   // radius change at full trigger
constexpr float kPenLimit_m = 2.5f;        // |x|, |z| and y in [0, 2 x limit]
constexpr float kCentreLineEps_m = 0.01f;  // a drawing plane this close to the centre line is on it

// The pen's speed as a share of full speed for a stick deflection (its length, 0..1 or more).
float pen_speed_share(float deflection);
// The pen kept within its limits (kPenLimit_m).
glm::vec3 clamp_pen(glm::vec3 p);

// What a second press must confirm.
enum class EditorConfirm { kNone, kDeleteTorso, kNewBlank };

class Editor {
 public:
  // Starts on a creature (blank when it has no parts) with no history.
  void reset(const Creature& start);
  // One tick.
  EditorRequest step(const InputFrame& in);
  // The player's pen speeds, times kPenSpeed_mps and kPenSlowSpeed_mps (an editing session records them).
  void set_pen_speeds(float normal, float precise) {
    pen_scale_ = normal;
    precise_scale_ = precise;
  }
  float pen_scale() const { return pen_scale_; }
  float precise_scale() const { return precise_scale_; }

  const EditorDoc& doc() const { return doc_; }
  const EditorPen& pen() const { return pen_; }
  EditorScreen screen() const { return screen_; }
  int menu_index() const { return menu_; }
  // The Start menu's actions (kMenu... bits) of the last tick, 0 when the menu was not open: its blips.
  std::uint32_t menu_actions() const { return menu_actions_; }
  const std::string& name_entry() const { return name_; }
  // The name prompt is open: the keyboard types (platform text entry).
  bool wants_text() const { return screen_ == EditorScreen::kNaming; }
  // The tag X gives next: the selected part's, else the next stroke's (the HUD shows the cycle).
  PartTag shown_tag() const;
  // A destructive action waiting for its second press.
  EditorConfirm confirming() const { return confirm_; }
  // Buttons held now are ignored until released (the editor was entered with them down, from the
  // title menu or a test walk): a held A never starts a stroke by itself.
  void hold_off_buttons() { held_off_ = ~0u; }
  // Legs on the centre line that symmetry did not mirror (a dog drawn at depth 0): the HUD warns.
  int centre_legs() const;
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
  // Paint mode (LB + Y): the buttons paint the selected part (and its twin), or every part when none is
  // selected; the pen rests. editor_paint.cpp.
  bool painting() const { return painting_; }
  // The paint the HUD shows: the selected part's, else the torso's (else the default).
  PartPaint shown_paint() const;
  // Hash of the document and pen (the editing session's result), for replays.
  std::uint64_t hash() const;
  std::uint64_t ticks() const { return ticks_; }

 private:
  float pen_scale_ = 1.0f, precise_scale_ = 1.0f;
  void step_drawing(const InputFrame& in);
  void step_painting(const InputFrame& in);
  void step_shared(std::uint64_t actions);  // symmetry, undo and redo: both modes
  EditorRequest step_menu(const InputFrame& in);
  EditorRequest step_naming(const InputFrame& in);
  EditorRequest type_name(std::uint8_t key);  // a key of text entry (InputFrame::typed)
  EditorRequest confirm_name();
  void leave_to_drawing();  // closes a menu or prompt; the buttons held then stay ignored until released
  EditorRequest step_name_taken(const InputFrame& in);
  void open_naming(bool for_export);
  void apply(EditResult r, const EditorDoc& before);
  void move_pen(const InputFrame& in);
  void delete_selection();
  void finish_stroke();
  // The pen after a part is made: on the body where the next part likely starts.
  void place_pen_after(const Part& made);
  // The pen's plane in the side view with symmetry on: limbs on the body's side, centre parts on the
  // centre line (a leg drawn at depth 0 would get no twin). True when it moved ('say': with a message).
  bool fit_plane_to_tag(PartTag tag, bool say);
  void pen_to_selected();
  void depth_to_body(bool side);

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
  bool painting_ = false;
  bool scaling_ = false;  // a trigger squeeze changing the pattern's scale (one undo step)
  int suggest_ = 0;       // the next "suggest" variant
  EditorConfirm confirm_ = EditorConfirm::kNone;
  std::uint32_t held_off_ = 0;  // Button bits ignored until released (held across a screen change)
  std::uint64_t revision_ = 0;
  std::uint64_t ticks_ = 0;
  InputFrame prev_in_;  // the previous tick's input (menu flicks)
  std::uint32_t menu_actions_ = 0;
};

// The editor's two cameras (side and front view) and the pointer's way onto the drawing plane: the
// view draws with the first, the editor's ticks use the second, so a click lands under the pointer.
constexpr glm::vec3 kEditorLookAt{0.0f, 0.75f, 0.0f};  // model space, metres
constexpr float kEditorCameraDistance = 3.9f;
constexpr float kEditorFovY = 0.75f;                   // radians
constexpr float kEditorAspect = 4.0f / 3.0f;           // the picture (internal 320 x 240, letterboxed)

// The editor camera for a drawing plane (world = model space: the creature stands at the origin).
glm::mat4 editor_camera_view(DrawPlane plane);

// The point of the drawing plane under the pointer (InputFrame::mouse_x/y: the picture edge to edge
// is -32767..32767, +y up). The plane is the side view's x = pen.x or the front view's z = pen.z;
// both face their camera, so every pointer position meets it. Not clamped to the pen's limits.
glm::vec3 pointer_on_plane(DrawPlane plane, const glm::vec3& pen, std::int16_t mouse_x, std::int16_t mouse_y);

}  // namespace cf
