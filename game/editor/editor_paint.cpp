// Paint mode: the document's paint operations and the editor's paint tick.
#include <algorithm>
#include <cmath>

#include "core/tick.h"
#include "game/editor/editor.h"
#include "game/editor/editor_doc.h"
#include "game/modes/modes.h"

namespace cf {

namespace {

constexpr float kScaleRate = 1.5f;  // the pattern's scale grows e^1.5 per second at full trigger

void set_base(PartPaint* p, const void* c) { p->base = *static_cast<const Rgb555*>(c); }
void set_second(PartPaint* p, const void* c) { p->second = *static_cast<const Rgb555*>(c); }
void set_pattern(PartPaint* p, const void* c) { p->pattern = *static_cast<const PaintPattern*>(c); }
void set_scale(PartPaint* p, const void* c) { p->scale = *static_cast<const float*>(c); }

}  // namespace

EditResult paint_parts(EditorDoc* doc, void (*change)(PartPaint*, const void*), const void* arg, const std::string& what) {
  Creature& c = doc->creature;
  if (c.parts.empty()) return {false, "draw the torso first, then paint it"};
  const int sel = doc->selected >= 0 && doc->selected < static_cast<int>(c.parts.size()) ? doc->selected : -1;
  const int twin = sel >= 0 && doc->symmetry ? mirror_twin(c, sel) : -1;
  bool changed = !c.painted;
  for (int i = 0; i < static_cast<int>(c.parts.size()); ++i) {
    if (sel >= 0 && i != sel && i != twin) continue;
    PartPaint& p = c.parts[static_cast<std::size_t>(i)].paint;
    const PartPaint was = p;
    change(&p, arg);
    changed = changed || p != was;
  }
  c.painted = true;
  if (!changed || what.empty()) return {changed, ""};
  const std::string who = sel < 0 ? "every part" : describe_part(c, sel) + (twin >= 0 ? " and its twin" : "");
  return {true, what + " - " + who};
}

PartPaint Editor::shown_paint() const {
  const Creature& c = doc_.creature;
  const int sel = doc_.selected;
  if (sel >= 0 && sel < static_cast<int>(c.parts.size())) return c.parts[static_cast<std::size_t>(sel)].paint;
  const int t = find_torso(c);
  return t >= 0 ? c.parts[static_cast<std::size_t>(t)].paint : default_part_paint();
}

void Editor::step_shared(std::uint64_t a) {
  if (a & kActionEditSymmetry) {
    doc_.symmetry = !doc_.symmetry;
    set_message(doc_.symmetry ? "symmetry on" : "symmetry off");
  }
  if (a & kActionEditUndo) set_message(history_.undo(&doc_) ? (++revision_, "undone") : "nothing to undo");
  if (a & kActionEditRedo) set_message(history_.redo(&doc_) ? (++revision_, "redone") : "nothing to redo");
}

void Editor::step_painting(const InputFrame& in) {
  const std::uint64_t a = map_actions(ModeId::kEditor, in, 0);
  const std::uint32_t p = map_paint_actions(in);
  if (a & kActionEditSelectNext) cycle_selection(&doc_, +1);
  if (a & kActionEditSelectPrev) cycle_selection(&doc_, -1);
  const PartPaint shown = shown_paint();
  auto paint = [&](void (*change)(PartPaint*, const void*), const void* arg, const std::string& what) {
    const EditorDoc before = doc_;
    apply(paint_parts(&doc_, change, arg, what), before);
  };
  auto colour_word = [](Rgb555 c) { return "colour " + std::to_string(palette_index(c) + 1) + " of " + std::to_string(kPaletteSize); };
  if (p & (kPaintBaseNext | kPaintBasePrev)) {
    const Rgb555 c = palette_colour(palette_index(shown.base) + (p & kPaintBaseNext ? 1 : -1));
    paint(set_base, &c, "base " + colour_word(c));
  }
  if (p & (kPaintSecondNext | kPaintSecondPrev)) {
    const Rgb555 c = palette_colour(palette_index(shown.second) + (p & kPaintSecondNext ? 1 : -1));
    paint(set_second, &c, "second " + colour_word(c));
  }
  if (p & kPaintSuggest) {
    const Rgb555 c = suggest_second(shown.base, suggest_);
    suggest_ = (suggest_ + 1) % kSuggestVariants;
    paint(set_second, &c, "suggested second " + colour_word(c));
  }
  if (p & (kPaintPatternNext | kPaintPatternPrev)) {
    const int n = static_cast<int>(PaintPattern::kCount);
    const auto pat = static_cast<PaintPattern>((static_cast<int>(shown.pattern) + (p & kPaintPatternNext ? 1 : n - 1)) % n);
    paint(set_pattern, &pat, std::string("pattern ") + to_string(pat));
  }
  if ((p & (kPaintEyesMore | kPaintEyesFewer)) && !doc_.creature.parts.empty()) {
    const EditorDoc before = doc_;
    Creature& c = doc_.creature;
    const int eyes = std::clamp(c.eyes + (p & kPaintEyesMore ? 1 : -1), 0, kMaxEyes);
    const bool changed = eyes != c.eyes || !c.painted;
    c.eyes = eyes;
    c.painted = true;
    apply(EditResult{changed, std::to_string(eyes) + (eyes == 1 ? " eye" : " eyes")}, before);
  }
  // Triggers: the pattern's scale, live; one undo step per squeeze.
  const float t = InputFrame::axis(in.right_trigger) - InputFrame::axis(in.left_trigger);
  if (std::fabs(t) > 0.1f && !doc_.creature.parts.empty()) {
    const float s = std::clamp(shown.scale * std::exp(t * kScaleRate * kTick_sf), kMinPaintScale, kMaxPaintScale);
    if (!scaling_) {
      const EditorDoc before = doc_;  // copied once per squeeze, not per tick
      if (paint_parts(&doc_, set_scale, &s, std::string()).changed) {
        history_.remember(before);
        ++revision_;
      }
      scaling_ = true;
    } else if (paint_parts(&doc_, set_scale, &s, std::string()).changed) {
      ++revision_;
    }
  } else {
    scaling_ = false;
  }
  step_shared(a);
}

}  // namespace cf
