#include "game/editor/editor.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>

#include "core/hash.h"
#include "game/editor/editor_camera.h"
#include "game/modes/modes.h"

namespace cf {

namespace {

constexpr float kTick = 1.0f / 60.0f;
constexpr int kMessageTicks = 60 * 5;
constexpr std::size_t kMaxName = kMaxNameChars;
const char kWheel[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_";  // glyphs the pixel font has

glm::vec3 clamp_pen(glm::vec3 p) {
  p.x = std::clamp(p.x, -kPenLimit, kPenLimit);
  p.z = std::clamp(p.z, -kPenLimit, kPenLimit);
  p.y = std::clamp(p.y, 0.0f, 2.0f * kPenLimit);
  return p;
}

float stick(std::int16_t v) {
  const float a = InputFrame::axis(v);
  return std::fabs(a) < 0.05f ? 0.0f : a;
}

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
  name_fresh_ = false;
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
  h.i32(doc_.selected);
  h.u8(static_cast<std::uint8_t>(doc_.next_tag));
  h.u8(doc_.symmetry);
  h.f32(pen_.pos.x), h.f32(pen_.pos.y), h.f32(pen_.pos.z);
  h.u8(static_cast<std::uint8_t>(pen_.plane));
  return h.value();
}

void Editor::apply(EditResult r, const EditorDoc& before) {
  if (r.changed) {
    history_.remember(before);
    ++revision_;
  }
  if (!r.message.empty()) set_message(r.message);
}

void Editor::move_pen(const InputFrame& in) {
  const bool slow = map_actions(ModeId::kEditor, in, 0) & kActionEditSlow;
  const float speed = slow ? kPenSlowSpeed : kPenSpeed;
  // Speed grows with deflection (squared: fine control near the centre).
  auto curve = [](float a) { return a * std::fabs(a); };
  // The right stick (and a mouse drag, which the platform maps onto it) moves the pen as well.
  const float sx = std::clamp(curve(stick(in.left_x)) + curve(stick(in.right_x)), -1.0f, 1.0f);
  const float sy = std::clamp(curve(stick(in.left_y)) + curve(stick(in.right_y)), -1.0f, 1.0f);
  const float step = speed * kTick;
  if (pen_.plane == DrawPlane::kSide) {
    pen_.pos.z += sx * step;  // the side view looks at the creature's right: +Z (forward) is to the right
  } else {
    pen_.pos.x += sx * step;  // the front view faces the creature: its left (+X) is to the right
  }
  pen_.pos.y += sy * step;
  // The mouse: the pen follows the pointer on the plane while it moves or its left button is held
  // (a resting mouse leaves the pen to the stick).
  const bool pointer_moved = in.mouse_x != prev_in_.mouse_x || in.mouse_y != prev_in_.mouse_y;
  if (pointer_moved || in.held(kButtonMouseLeft)) {
    pen_.pos = pointer_on_plane(pen_.plane, pen_.pos, in.mouse_x, in.mouse_y);
  }
  pen_.pos = clamp_pen(pen_.pos);
}

EditorRequest Editor::step(const InputFrame& in) {
  ++ticks_;
  if (!message_.empty() && ++message_ticks_ > kMessageTicks) message_.clear();
  EditorRequest r = EditorRequest::kNone;
  switch (screen_) {
    case EditorScreen::kDrawing: {
      const std::uint64_t a = map_actions(ModeId::kEditor, in, 0);
      if (a & kActionEditMenu && !pen_.drawing) {
        screen_ = EditorScreen::kMenu;
        menu_ = 0;
        break;
      }
      if (a & kActionEditTestWalk && !pen_.drawing) {
        r = EditorRequest::kTestWalk;
        break;
      }
      step_drawing(in);
      break;
    }
    case EditorScreen::kMenu: r = step_menu(in); break;
    case EditorScreen::kNaming: r = step_naming(in); break;
    case EditorScreen::kNameTaken: r = step_name_taken(in); break;
  }
  prev_in_ = in;
  return r;
}

void Editor::step_drawing(const InputFrame& in) {
  const std::uint64_t a = map_actions(ModeId::kEditor, in, 0);
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
  if (pen_.drawing) {
    pen_.drawing = false;
    const EditorDoc before = doc_;
    apply(add_drawn_part(&doc_, pen_.path), before);
    pen_.path.clear();
  }
  if (a & kActionEditSwitchView) {
    pen_.plane = pen_.plane == DrawPlane::kSide ? DrawPlane::kFront : DrawPlane::kSide;
    set_message(pen_.plane == DrawPlane::kSide ? "side view" : "front view");
  }
  // Depth: away from the camera is deeper (side view looks along +X, front view along -Z).
  const float nudge = (a & kActionEditDeeper ? kDepthNudge : 0.0f) - (a & kActionEditNearer ? kDepthNudge : 0.0f);
  if (pen_.plane == DrawPlane::kSide) {
    pen_.pos.x = std::clamp(pen_.pos.x + nudge, -kPenLimit, kPenLimit);
  } else {
    pen_.pos.z = std::clamp(pen_.pos.z - nudge, -kPenLimit, kPenLimit);
  }
  if (a & kActionEditSelectNext) cycle_selection(&doc_, +1);
  if (a & kActionEditSelectPrev) cycle_selection(&doc_, -1);
  if (a & kActionEditNextTag) {
    const EditorDoc before = doc_;
    apply(cycle_tag(&doc_), before);
  }
  if (a & kActionEditDelete) {
    const EditorDoc before = doc_;
    apply(delete_selected(&doc_), before);
  }
  if (a & kActionEditSymmetry) {
    doc_.symmetry = !doc_.symmetry;
    set_message(doc_.symmetry ? "symmetry on" : "symmetry off");
  }
  if (a & kActionEditUndo) set_message(history_.undo(&doc_) ? (++revision_, "undone") : "nothing to undo");
  if (a & kActionEditRedo) set_message(history_.redo(&doc_) ? (++revision_, "redone") : "nothing to redo");
  // Triggers: right thickens, left thins, live; one undo step per squeeze.
  const float t = InputFrame::axis(in.right_trigger) - InputFrame::axis(in.left_trigger);
  if (std::fabs(t) > 0.1f && doc_.selected >= 0) {
    const float delta = t * kThickenRate * kTick;
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
  const std::uint32_t a = map_menu_actions(in, prev_in_);
  if (a & kMenuUp) menu_ = (menu_ + n - 1) % n;
  if (a & kMenuDown) menu_ = (menu_ + 1) % n;
  if (a & (kMenuBack | kMenuConfirm)) {
    screen_ = EditorScreen::kDrawing;
    return EditorRequest::kNone;
  }
  if (!(a & kMenuChoose)) return EditorRequest::kNone;
  screen_ = EditorScreen::kDrawing;
  switch (static_cast<EditorMenuItem>(menu_)) {
    case EditorMenuItem::kResume: break;
    case EditorMenuItem::kTestWalk: return EditorRequest::kTestWalk;
    case EditorMenuItem::kSave: open_naming(false); break;
    case EditorMenuItem::kExport: open_naming(true); break;
    case EditorMenuItem::kSymmetry:
      doc_.symmetry = !doc_.symmetry;
      screen_ = EditorScreen::kMenu;
      break;
    case EditorMenuItem::kNewBlank: {
      const EditorDoc before = doc_;
      doc_.creature.parts.clear();
      doc_.selected = -1;
      doc_.next_tag = PartTag::kTorso;
      apply(EditResult{true, "blank canvas - draw the torso"}, before);
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
  screen_ = EditorScreen::kDrawing;
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
    screen_ = EditorScreen::kDrawing;
    set_message("not saved");
    return EditorRequest::kNone;
  }
  if (key == kTypedEnter) return confirm_name();
  const bool fresh = name_fresh_;
  name_fresh_ = false;
  if (key == kTypedBackspace) {
    if (fresh) name_.clear();  // the offered name goes as a whole, like selected text
    else if (!name_.empty()) name_.pop_back();
    return EditorRequest::kNone;
  }
  const char u = static_cast<char>(std::toupper(key));
  if (u == '\0' || !std::strchr(kWheel, u)) return EditorRequest::kNone;
  if (fresh) name_.clear();  // typing replaces the offered name
  if (name_.size() < kMaxName) name_ += u;
  return EditorRequest::kNone;
}

EditorRequest Editor::step_naming(const InputFrame& in) {
  if (in.typed != 0) return type_name(in.typed);
  const std::uint32_t a = map_menu_actions(in, prev_in_);
  const int wheel = static_cast<int>(sizeof(kWheel)) - 1;
  if (a) name_fresh_ = false;
  if (a & kMenuConfirm) return confirm_name();
  if (name_.empty()) {
    if (a & (kMenuUp | kMenuDown | kMenuRight | kMenuChoose)) name_ = "A";
    else if (a & kMenuBack) screen_ = EditorScreen::kDrawing;
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
  if ((a & (kMenuRight | kMenuChoose)) && name_.size() < kMaxName) name_ += 'A';
  if (a & (kMenuLeft | kMenuBack)) {
    if (name_.size() > 1) {
      name_.pop_back();
    } else if (a & kMenuBack) {
      screen_ = EditorScreen::kDrawing;  // B on the last letter: leave without saving
    }
  }
  return EditorRequest::kNone;
}

}  // namespace cf
