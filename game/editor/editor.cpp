#include "game/editor/editor.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "core/hash.h"
#include "core/tick.h"
#include "creature/creature_rules.h"
#include "creature/stroke_tools.h"
#include "math/geometry.h"
#include "game/modes/modes.h"

namespace cf {

namespace {

constexpr int kMessageTicks = 60 * 5;
constexpr std::size_t kMaxName = kMaxNameChars;
const char kWheel[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_";  // what a name may hold


}  // namespace

const char* editor_menu_label(EditorMenuItem item, bool symmetry) {
  switch (item) {
    case EditorMenuItem::kResume: return "BACK TO DRAWING";
    case EditorMenuItem::kTestWalk: return "TEST WALK";
    case EditorMenuItem::kSave: return "SAVE";
    case EditorMenuItem::kExport: return "EXPORT GLTF (.GLB)";
    case EditorMenuItem::kSymmetry: return symmetry ? "SYMMETRY: ON" : "SYMMETRY: OFF";
    case EditorMenuItem::kNewBlank: return "NEW BLANK CANVAS";
    case EditorMenuItem::kTitle: return "TITLE MENU";
    case EditorMenuItem::kCount: break;
  }
  return "";
}

void Editor::reset(const Creature& start) {
  doc_ = EditorDoc{};
  doc_.creature = start;
  doc_.next_tag = find_torso(start) >= 0 ? PartTag::kLeg : PartTag::kTorso;
  pen_ = EditorPen{};
  prev_in_ = InputFrame{};
  history_.clear();
  screen_ = EditorScreen::kDrawing;
  menu_ = 0;
  // The name as the wheel can spell it: upper case, anything else as '-'.
  name_.clear();
  for (char ch : start.name.substr(0, kMaxName)) {
    const char u = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    name_ += std::strchr(kWheel, u) && u != '\0' ? u : '-';
  }
  if (name_.empty()) name_ = "CRITTER";
  message_ = find_torso(start) >= 0 ? "" : "hold A and move the stick to draw the torso";
  message_ticks_ = 0;
  thickening_ = false;
  painting_ = scaling_ = false;
  suggest_ = 0;
  name_fresh_ = false;
  confirm_ = EditorConfirm::kNone;
  hold_off_buttons();  // the A that chose this creature in the title menu is still down
  fit_plane_to_tag(doc_.next_tag, false);
  ++revision_;
}

std::uint64_t Editor::hash() const {
  StateHasher h;
  const Creature& c = doc_.creature;
  h.str(c.name);
  h.u32(static_cast<std::uint32_t>(c.parts.size()));
  for (const Part& p : c.parts) {
    h.u8(static_cast<std::uint8_t>(p.tag));
    h.u8(static_cast<std::uint8_t>(p.side));
    h.u8(p.side_given);
    h.f32(p.radius);
    h.u32(static_cast<std::uint32_t>(p.stroke.size()));
    for (const glm::vec3& q : p.stroke) h.f32(q.x), h.f32(q.y), h.f32(q.z);
  }
  if (c.painted) {  // unpainted documents hash as they always did
    h.i32(c.eyes);
    for (const Part& p : c.parts) h.u32(p.paint.base), h.u32(p.paint.second), h.u8(static_cast<std::uint8_t>(p.paint.pattern)), h.f32(p.paint.scale);
  }
  if (painting_) h.u8(0x50);
  h.i32(doc_.selected);
  h.u8(static_cast<std::uint8_t>(doc_.next_tag));
  h.u8(doc_.symmetry);
  h.f32(pen_.pos.x), h.f32(pen_.pos.y), h.f32(pen_.pos.z);
  h.u8(static_cast<std::uint8_t>(pen_.plane));
  return h.value();
}

PartTag Editor::shown_tag() const {
  const int sel = doc_.selected;
  if (sel >= 0 && sel < static_cast<int>(doc_.creature.parts.size())) return doc_.creature.parts[static_cast<std::size_t>(sel)].tag;
  return doc_.next_tag;
}

int Editor::centre_legs() const {
  if (!doc_.symmetry) return 0;
  const int torso = find_torso(doc_.creature);
  const float mid = torso >= 0 ? torso_mid_x(doc_.creature.parts[static_cast<std::size_t>(torso)]) : 0.0f;
  int n = 0;
  for (const Part& p : doc_.creature.parts) {
    if (p.tag != PartTag::kLeg || p.stroke.empty()) continue;
    double sum = 0.0;
    for (const glm::vec3& q : p.stroke) sum += q.x;
    n += std::fabs(static_cast<float>(sum / static_cast<double>(p.stroke.size())) - mid) <= CreatureLimits::kSideEps;
  }
  return n;
}

void Editor::apply(EditResult r, const EditorDoc& before) {
  if (r.changed) {
    history_.remember(before);
    ++revision_;
  }
  if (!r.message.empty()) set_message(r.message);
}

void Editor::leave_to_drawing() {
  screen_ = EditorScreen::kDrawing;
  confirm_ = EditorConfirm::kNone;
  hold_off_buttons();  // the button that closed the menu or prompt is not the canvas's
}

EditorRequest Editor::step(const InputFrame& raw) {
  ++ticks_;
  menu_actions_ = 0;
  if (!message_.empty() && ++message_ticks_ > kMessageTicks) message_.clear();
  // Buttons held across a change of screen are ignored until released; pressed again, they count.
  held_off_ &= raw.buttons & ~raw.pressed;
  InputFrame in = raw;
  in.buttons &= ~held_off_;
  in.pressed &= ~held_off_;
  EditorRequest r = EditorRequest::kNone;
  switch (screen_) {
    case EditorScreen::kDrawing: {
      const std::uint64_t a = map_actions(ModeId::kEditor, in, 0);
      if (a & kActionEditMenu && !pen_.drawing) {
        screen_ = EditorScreen::kMenu;
        menu_ = 0;
        confirm_ = EditorConfirm::kNone;
        break;
      }
      if (a & kActionEditTestWalk && !pen_.drawing) {
        r = EditorRequest::kTestWalk;
        break;
      }
      if (a & kActionEditPaintMode && !pen_.drawing) {
        painting_ = !painting_;
        set_message(painting_ ? "paint mode - LB+Y builds again" : "build mode - LB+Y paints");
        break;
      }
      painting_ ? step_painting(in) : step_drawing(in);
      break;
    }
    case EditorScreen::kMenu: r = step_menu(in); break;
    case EditorScreen::kNaming: r = step_naming(in); break;
    case EditorScreen::kNameTaken: r = step_name_taken(in); break;
  }
  prev_in_ = in;
  return r;
}

void Editor::delete_selection() {
  const Creature& c = doc_.creature;
  const int sel = doc_.selected;
  if (sel >= 0 && sel < static_cast<int>(c.parts.size()) && c.parts[static_cast<std::size_t>(sel)].tag == PartTag::kTorso &&
      c.parts.size() > 1) {
    // Every other part hangs on the torso: without it they would be flesh-less orphans.
    const std::string others = std::to_string(c.parts.size() - 1) + (c.parts.size() == 2 ? " part" : " parts");
    if (confirm_ != EditorConfirm::kDeleteTorso) {
      confirm_ = EditorConfirm::kDeleteTorso;
      set_message("the other " + others + " hang on the torso - B again deletes them with it");
      return;
    }
    confirm_ = EditorConfirm::kNone;
    const EditorDoc before = doc_;
    doc_.creature.parts.clear();
    doc_.selected = -1;
    doc_.next_tag = PartTag::kTorso;
    apply(EditResult{true, "deleted the torso and its " + others + " - select (undo) brings them back"}, before);
    return;
  }
  const EditorDoc before = doc_;
  EditResult r = delete_selected(&doc_);
  if (r.changed) r.message += " - select (undo) brings it back";
  apply(r, before);
}

void Editor::finish_stroke() {
  pen_.drawing = false;
  const EditorDoc before = doc_;
  const std::size_t n0 = doc_.creature.parts.size();
  EditResult r = add_drawn_part(&doc_, pen_.path);
  pen_.path.clear();
  if (!r.changed || doc_.creature.parts.size() <= n0) {
    apply(r, before);
    return;
  }
  const Part made = doc_.creature.parts[n0];
  if (doc_.symmetry && is_limb(made.tag) && doc_.creature.parts.size() == n0 + 1) {
    r.message = std::string("that ") + to_string(made.tag) +
                " is on the centre line, so it has no twin - LB+up puts the pen on the body's side";
  }
  place_pen_after(made);
  if (fit_plane_to_tag(doc_.next_tag, false) && is_limb(doc_.next_tag)) {
    r.message += std::string(" - ") + to_string(doc_.next_tag) + "s next: the pen is on the body's side";
  }
  apply(r, before);
}

void Editor::step_drawing(const InputFrame& in) {
  const std::uint64_t a = map_actions(ModeId::kEditor, in, 0);
  // A pending confirmation lasts until anything else is pressed.
  if (confirm_ == EditorConfirm::kDeleteTorso && (in.pressed & ~static_cast<std::uint32_t>(kButtonB))) {
    confirm_ = EditorConfirm::kNone;
    set_message("the torso stays");
  }
  if ((a & kActionEditDraw) && !pen_.drawing) fit_plane_to_tag(doc_.next_tag, true);  // before the first point
  move_pen(in);
  // Drawing: the path is the pen's position every tick while A is held; release makes the part.
  if (a & kActionEditDraw) {
    if (!pen_.drawing) {
      pen_.drawing = true;
      pen_.path.clear();
    }
    if (pen_.path.size() < static_cast<std::size_t>(CreatureLimits::kMaxStrokePoints)) pen_.path.push_back(pen_.pos);
    return;  // no other edits mid-stroke
  }
  if (pen_.drawing) finish_stroke();
  if (a & kActionEditSwitchView) {
    pen_.plane = pen_.plane == DrawPlane::kSide ? DrawPlane::kFront : DrawPlane::kSide;
    set_message(pen_.plane == DrawPlane::kSide ? "side view" : "front view");
    fit_plane_to_tag(doc_.next_tag, true);
  }
  // Depth: away from the camera is deeper (side view looks along +X, front view along -Z).
  const float nudge = (a & kActionEditDeeper ? kDepthNudge_m : 0.0f) - (a & kActionEditNearer ? kDepthNudge_m : 0.0f);
  if (pen_.plane == DrawPlane::kSide) {
    pen_.pos.x = std::clamp(pen_.pos.x + nudge, -kPenLimit_m, kPenLimit_m);
  } else {
    pen_.pos.z = std::clamp(pen_.pos.z - nudge, -kPenLimit_m, kPenLimit_m);
  }
  if (a & kActionEditDepthToSide) depth_to_body(true);
  if (a & kActionEditDepthToCentre) depth_to_body(false);
  if (a & kActionEditSelectNext) cycle_selection(&doc_, +1);
  if (a & kActionEditSelectPrev) cycle_selection(&doc_, -1);
  if (a & kActionEditPenToSelected) pen_to_selected();
  if (a & (kActionEditNextTag | kActionEditPrevTag)) {
    const EditorDoc before = doc_;
    const bool selected = doc_.selected >= 0;
    apply(cycle_tag(&doc_, (a & kActionEditPrevTag) ? -1 : 1), before);
    if (!selected && fit_plane_to_tag(doc_.next_tag, false)) {
      set_message(message_ + (is_limb(doc_.next_tag) ? " - the pen on the body's side" : " - the pen on the centre line"));
    }
  }
  if (a & kActionEditDelete) delete_selection();
  step_shared(a);
  if (a & kActionEditSymmetry) fit_plane_to_tag(doc_.next_tag, false);
  // Triggers: right thickens, left thins, live; one undo step per squeeze.
  const float t = InputFrame::axis(in.right_trigger) - InputFrame::axis(in.left_trigger);
  if (std::fabs(t) > 0.1f && doc_.selected >= 0) {
    const float delta = t * kThickenRate_mps * kTick_sf;
    if (!thickening_) {
      const EditorDoc before = doc_;  // copied once per squeeze, not per tick
      if (thicken_selected(&doc_, delta).changed) {
        history_.remember(before);
        ++revision_;
      }
      thickening_ = true;
    } else if (thicken_selected(&doc_, delta).changed) {
      ++revision_;
    }
  } else {
    thickening_ = false;
  }
}

EditorRequest Editor::step_menu(const InputFrame& in) {
  const int n = static_cast<int>(EditorMenuItem::kCount);
  const std::uint32_t a = menu_actions_ = map_menu_actions(in, prev_in_);
  if (a & (kMenuUp | kMenuDown)) confirm_ = EditorConfirm::kNone;  // moving away cancels a question
  if (a & kMenuUp) menu_ = (menu_ + n - 1) % n;
  if (a & kMenuDown) menu_ = (menu_ + 1) % n;
  if (a & (kMenuBack | kMenuConfirm)) {
    if (confirm_ != EditorConfirm::kNone) set_message("nothing cleared");
    leave_to_drawing();
    return EditorRequest::kNone;
  }
  if (!(a & kMenuChoose)) return EditorRequest::kNone;
  switch (static_cast<EditorMenuItem>(menu_)) {
    case EditorMenuItem::kResume: leave_to_drawing(); break;
    case EditorMenuItem::kTestWalk: leave_to_drawing(); return EditorRequest::kTestWalk;
    case EditorMenuItem::kSave: open_naming(false); break;
    case EditorMenuItem::kExport: open_naming(true); break;
    case EditorMenuItem::kSymmetry:
      doc_.symmetry = !doc_.symmetry;
      fit_plane_to_tag(doc_.next_tag, false);
      break;
    case EditorMenuItem::kNewBlank: {
      const std::size_t parts = doc_.creature.parts.size();
      if (parts > 0 && confirm_ != EditorConfirm::kNewBlank) {
        confirm_ = EditorConfirm::kNewBlank;  // the label asks; A again clears
        break;
      }
      leave_to_drawing();
      if (parts == 0) {
        set_message("the canvas is already blank - draw the torso");
        break;
      }
      const EditorDoc before = doc_;
      doc_.creature.parts.clear();
      doc_.selected = -1;
      doc_.next_tag = PartTag::kTorso;
      apply(EditResult{true, parts == 1 ? std::string("blank canvas - select (undo) brings the part back")
                                        : "blank canvas - select (undo) brings the " + std::to_string(parts) + " parts back"},
            before);
      return EditorRequest::kNewBlank;
    }
    case EditorMenuItem::kTitle: return EditorRequest::kToTitle;
    case EditorMenuItem::kCount: break;
  }
  return EditorRequest::kNone;
}

EditorRequest Editor::confirm_name() {
  if (name_.empty()) {
    set_message("type a name first");
    return EditorRequest::kNone;
  }
  leave_to_drawing();
  doc_.creature.name = name_;
  return naming_export_ ? EditorRequest::kExport : EditorRequest::kSave;
}

void Editor::open_naming(bool for_export) {
  screen_ = EditorScreen::kNaming;
  name_fresh_ = true;
  naming_export_ = for_export;
  replace_chosen_ = false;
}

void Editor::offer_name(const std::string& name) {
  name_ = name.substr(0, kMaxName);
  name_fresh_ = true;
}

void Editor::ask_replace(const std::string& taken, const std::string& offer) {
  screen_ = EditorScreen::kNameTaken;
  taken_ = taken;
  offer_ = offer.substr(0, kMaxName);
}

EditorRequest Editor::step_name_taken(const InputFrame& in) {
  const std::uint32_t a = map_menu_actions(in, prev_in_);
  const EditorRequest save = naming_export_ ? EditorRequest::kExport : EditorRequest::kSave;
  if (a & kMenuChoose) {  // keep both: the offered free name
    name_ = offer_;
    doc_.creature.name = offer_;
    screen_ = EditorScreen::kDrawing;
    return save;
  }
  if (in.went_down(kButtonX)) {  // replace the other creature (the mode keeps it as an earlier version)
    replace_chosen_ = true;
    screen_ = EditorScreen::kDrawing;
    return save;
  }
  if (a & kMenuBack) {  // back to the name, to change it
    name_ = taken_;
    screen_ = EditorScreen::kNaming;
    name_fresh_ = false;
  }
  return EditorRequest::kNone;
}

EditorRequest Editor::type_name(std::uint8_t key) {
  if (key == kTypedEscape) {
    leave_to_drawing();
    set_message("not saved");
    return EditorRequest::kNone;
  }
  if (key == kTypedEnter) return confirm_name();
  if (key == kTypedBackspace) {
    if (name_fresh_) name_.clear();  // the offered name goes as a whole, like selected text
    else if (!name_.empty()) name_.pop_back();
    name_fresh_ = false;
    return EditorRequest::kNone;
  }
  const char u = static_cast<char>(std::toupper(key));
  if (u == '\0' || !std::strchr(kWheel, u)) {
    // Refused with a word (the offered name stays): the file name is made from these characters.
    if (key == ' ') set_message("no spaces in a name - use - or _");
    else if (key > ' ' && key < 0x7f) set_message(std::string("no '") + static_cast<char>(key) + "' in a name - letters, digits, - and _ only");
    else set_message("that key can't be in a name - letters, digits, - and _ only");
    return EditorRequest::kNone;
  }
  if (name_fresh_) name_.clear();  // typing replaces the offered name
  name_fresh_ = false;
  if (name_.size() >= kMaxName) {
    set_message("a name has at most " + std::to_string(kMaxName) + " letters - enter saves it");
    return EditorRequest::kNone;
  }
  name_ += u;
  return EditorRequest::kNone;
}

EditorRequest Editor::step_naming(const InputFrame& in) {
  if (in.typed != 0) return type_name(in.typed);
  const std::uint32_t a = map_menu_actions(in, prev_in_);
  const int wheel = static_cast<int>(sizeof(kWheel)) - 1;
  if (a) name_fresh_ = false;
  if (a & kMenuConfirm) return confirm_name();
  if (in.went_down(kButtonSelect)) {  // Back cancels; B only ever erases (mashed, it must not leave)
    leave_to_drawing();
    set_message("not saved");
    return EditorRequest::kNone;
  }
  // B erases to an empty name and then does nothing; left (the wheel's back) keeps one letter to turn.
  if ((a & kMenuBack) || ((a & kMenuLeft) && name_.size() > 1)) {
    if (!name_.empty()) name_.pop_back();
    return EditorRequest::kNone;
  }
  if (name_.empty()) {
    if (a & (kMenuUp | kMenuDown | kMenuRight | kMenuChoose)) name_ = "A";
    return EditorRequest::kNone;
  }
  auto letter_index = [&](char c) {
    for (int i = 0; i < wheel; ++i)
      if (kWheel[i] == c) return i;
    return 0;
  };
  char& last = name_.back();
  if (a & kMenuUp) last = kWheel[(letter_index(last) + wheel - 1) % wheel];
  if (a & kMenuDown) last = kWheel[(letter_index(last) + 1) % wheel];
  if (a & (kMenuRight | kMenuChoose)) {
    if (name_.size() < kMaxName) name_ += 'A';
    else set_message("a name has at most " + std::to_string(kMaxName) + " letters - start saves it");
  }
  return EditorRequest::kNone;
}

}  // namespace cf
