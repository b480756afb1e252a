#include "game/editor/editor_doc.h"

#include <algorithm>
#include <cmath>

#include "creature/creature_rules.h"
#include "creature/stroke_tools.h"
#include "math/geometry.h"
#include "skeleton/rig_builder.h"

namespace cf {

float default_radius(PartTag tag) {
  switch (tag) {
    case PartTag::kTorso: return 0.14f;
    case PartTag::kHead: return 0.10f;
    case PartTag::kLeg: return 0.06f;
    case PartTag::kArm: return 0.05f;
    case PartTag::kTail: return 0.04f;
  }
  return 0.05f;
}

PartTag next_tag_in_cycle(PartTag tag) {
  switch (tag) {
    case PartTag::kTorso: return PartTag::kHead;
    case PartTag::kHead: return PartTag::kLeg;
    case PartTag::kLeg: return PartTag::kArm;
    case PartTag::kArm: return PartTag::kTail;
    case PartTag::kTail: return PartTag::kTorso;
  }
  return PartTag::kTorso;
}

PartTag prev_tag_in_cycle(PartTag tag) {
  PartTag t = tag;
  for (int i = 0; i < 4; ++i) t = next_tag_in_cycle(t);  // four steps forward round five tags: one back
  return t;
}

namespace {

// What the next press gives each way: " (X: arm next, LB+X: head)".
std::string next_tags(PartTag now) {
  return std::string(" (X: ") + to_string(next_tag_in_cycle(now)) + " next, LB+X: " + to_string(prev_tag_in_cycle(now)) +
         ")";
}

int count_tag(const Creature& c, PartTag tag) {
  return static_cast<int>(std::count_if(c.parts.begin(), c.parts.end(), [&](const Part& p) { return p.tag == tag; }));
}


}  // namespace

EditResult add_drawn_part(EditorDoc* doc, const std::vector<glm::vec3>& pen_path) {
  Creature& c = doc->creature;
  const PartTag tag = doc->next_tag;
  const std::string what = to_string(tag);
  std::vector<glm::vec3> clean = clean_stroke(pen_path);
  if (clean.size() < 2 || polyline_length(clean) < kMinDrawnStrokeM)
    return {false, "that stroke is too short - hold A and move the stick"};
  const int torso = find_torso(c);
  if (tag == PartTag::kTorso && torso >= 0) return {false, "a creature has only one torso - press X for another tag"};
  if (tag != PartTag::kTorso && torso < 0) return {false, "draw the torso first"};
  Part part;
  part.tag = tag;
  part.radius = default_radius(tag);
  part.stroke = tidy_stroke(clean);
  if (polyline_length(part.stroke) < kMinDrawnStrokeM) {
    // Smoothing pulls a small closed scribble together into a dot; a drawn length that passes the
    // rule keeps its drawn shape, evenly spaced but not smoothed.
    part.stroke = resample_even(clean, std::max(0.01f, polyline_length(clean) / 63.0f));
  }
  if (tag != PartTag::kTorso) {
    const Part& t = c.parts[static_cast<std::size_t>(torso)];
    const std::vector<glm::vec3> spine = clean_stroke(t.stroke);
    const float d = glm::length(polyline_closest(spine, part.stroke.front()).position - part.stroke.front());
    if (d > max_attach_distance(t, part)) return {false, "start the " + what + " on the body"};
    if (is_limb(tag)) {
      // A limb's root goes onto the torso's surface; drawn points still inside the body are dropped
      // so the stroke does not double back. Heads and tails keep their drawn root (they continue
      // the spine from its ends).
      const glm::vec3 root = snap_to_torso_surface(t, part.stroke.front());
      std::vector<glm::vec3> kept{root};
      for (std::size_t i = 1; i < part.stroke.size(); ++i) {
        const glm::vec3& q = part.stroke[i];
        if (kept.size() == 1 && glm::length(polyline_closest(spine, q).position - q) < t.radius) continue;
        kept.push_back(q);
      }
      part.stroke = clean_stroke(kept);
    }
    if (part.stroke.size() < 2 || polyline_length(part.stroke) < kMinDrawnStrokeM)
      return {false, "that " + what + " stays inside the body - draw it out from the body"};
  }
  const float mid = torso >= 0 ? torso_mid_x(c.parts[static_cast<std::size_t>(torso)]) : 0.0f;
  bool mirror = false;
  if (is_limb(tag)) {
    double sum = 0.0;
    for (const glm::vec3& p : part.stroke) sum += p.x;
    const float mean = static_cast<float>(sum / static_cast<double>(part.stroke.size())) - mid;
    part.side = mean > CreatureLimits::kSideEps ? Side::kLeft : (mean < -CreatureLimits::kSideEps ? Side::kRight : Side::kCenter);
    part.side_given = true;
    mirror = doc->symmetry && part.side != Side::kCenter;
    const int limit = tag == PartTag::kLeg ? CreatureLimits::kMaxLegs : CreatureLimits::kMaxArms;
    if (count_tag(c, tag) + (mirror ? 2 : 1) > limit)
      return {false, std::string("a creature can have at most ") + std::to_string(limit) + " " + what + "s"};
  }
  std::string note;
  if (tag == PartTag::kLeg) {
    const PlantResult r = plant_leg(&part);
    if (r == PlantResult::kTooHigh) note = "that leg does not reach the ground";
    if (r == PlantResult::kRootTooLow) note = "the leg starts too low on the body";
  }
  if (mirror) {
    const float twin_gap = std::fabs(part.stroke.front().x - mid);
    if (twin_gap < part.radius) {
      // Roots nearly on the centre line would overlap their twin: push both out to one radius.
      const float dx = (part.side == Side::kLeft ? 1.0f : -1.0f) * (part.radius - twin_gap);
      for (glm::vec3& p : part.stroke) p.x += dx;
    }
  }
  c.parts.push_back(part);
  if (mirror) c.parts.push_back(mirrored_part(part, mid));
  if (tag == PartTag::kTorso) doc->next_tag = PartTag::kLeg;  // the usual next step
  doc->selected = -1;
  return {true, note.empty() ? "added " + describe_part(c, static_cast<int>(c.parts.size()) - 1 - (mirror ? 1 : 0))
                             : note};
}

void cycle_selection(EditorDoc* doc, int step) {
  const int n = static_cast<int>(doc->creature.parts.size());
  if (n == 0) {
    doc->selected = -1;
    return;
  }
  // Positions -1..n-1 in a ring of n + 1.
  int pos = doc->selected + 1 + step;
  pos = ((pos % (n + 1)) + (n + 1)) % (n + 1);
  doc->selected = pos - 1;
}

int mirror_twin(const Creature& c, int part) {
  if (part < 0 || part >= static_cast<int>(c.parts.size())) return -1;
  const int torso = find_torso(c);
  const float mid = torso >= 0 ? torso_mid_x(c.parts[static_cast<std::size_t>(torso)]) : 0.0f;
  const Part m = mirrored_part(c.parts[static_cast<std::size_t>(part)], mid);
  for (std::size_t i = 0; i < c.parts.size(); ++i) {
    const Part& q = c.parts[i];
    if (static_cast<int>(i) == part || q.tag != m.tag || q.stroke.size() != m.stroke.size()) continue;
    bool same = true;
    for (std::size_t k = 0; k < q.stroke.size() && same; ++k) same = glm::length(q.stroke[k] - m.stroke[k]) < 1e-3f;
    if (same) return static_cast<int>(i);
  }
  return -1;
}

EditResult delete_selected(EditorDoc* doc) {
  Creature& c = doc->creature;
  if (doc->selected < 0 || doc->selected >= static_cast<int>(c.parts.size()))
    return {false, "select a part first (d-pad left/right)"};
  const std::string name = describe_part(c, doc->selected);
  const int twin = doc->symmetry ? mirror_twin(c, doc->selected) : -1;
  const int a = std::max(doc->selected, twin), b = std::min(doc->selected, twin);
  c.parts.erase(c.parts.begin() + a);
  if (b >= 0) c.parts.erase(c.parts.begin() + b);
  doc->selected = -1;
  return {true, "deleted " + name};
}

EditResult thicken_selected(EditorDoc* doc, float delta_m) {
  Creature& c = doc->creature;
  if (doc->selected < 0 || doc->selected >= static_cast<int>(c.parts.size()))
    return {false, "select a part first (d-pad left/right)"};
  const int twin = doc->symmetry ? mirror_twin(c, doc->selected) : -1;
  Part& p = c.parts[static_cast<std::size_t>(doc->selected)];
  const float r = std::clamp(p.radius + delta_m, 0.01f, 0.5f);
  if (r == p.radius) return {false, ""};
  p.radius = r;
  if (twin >= 0) c.parts[static_cast<std::size_t>(twin)].radius = r;
  return {true, ""};
}

EditResult cycle_tag(EditorDoc* doc, int step) {
  Creature& c = doc->creature;
  const auto turn = [step](PartTag t) { return step < 0 ? prev_tag_in_cycle(t) : next_tag_in_cycle(t); };
  if (doc->selected < 0 || doc->selected >= static_cast<int>(c.parts.size())) {
    doc->next_tag = turn(doc->next_tag);
    return {false, std::string("next stroke: ") + to_string(doc->next_tag) + next_tags(doc->next_tag)};
  }
  const int twin = mirror_twin(c, doc->selected);
  Part& p = c.parts[static_cast<std::size_t>(doc->selected)];
  p.tag = turn(p.tag);
  if (is_limb(p.tag)) {
    p.side = derive_side(p.stroke);
    p.side_given = true;
  } else {
    p.side_given = false;
    p.side = Side::kCenter;
  }
  if (twin >= 0) {
    Part& q = c.parts[static_cast<std::size_t>(twin)];
    q.tag = p.tag;
    q.side_given = p.side_given;
    q.side = p.side_given ? derive_side(q.stroke) : Side::kCenter;
  }
  return {true, describe_part(c, doc->selected) + " is now a " + to_string(p.tag) + next_tags(p.tag)};
}

void EditorHistory::remember(const EditorDoc& doc) {
  undo_.push_back(doc);
  if (static_cast<int>(undo_.size()) > kMaxSteps) undo_.erase(undo_.begin());
  redo_.clear();
}

bool EditorHistory::undo(EditorDoc* doc) {
  if (undo_.empty()) return false;
  redo_.push_back(*doc);
  *doc = std::move(undo_.back());
  undo_.pop_back();
  return true;
}

bool EditorHistory::redo(EditorDoc* doc) {
  if (redo_.empty()) return false;
  undo_.push_back(*doc);
  *doc = std::move(redo_.back());
  redo_.pop_back();
  return true;
}

void EditorPreview::rebuild(const Creature& creature) {
  problems = check_creature_rules(creature);
  has_rig = false;
  has_skin = false;
  if (find_torso(creature) < 0) return;
  // A creature that breaks a rule may still build (a leg in the air): show what can be shown.
  Result<Rig> r = build_rig(creature);
  if (!r) {
    if (problems.empty()) problems.push_back({-1, r.error().message});
    return;
  }
  rig = std::move(*r);
  has_rig = true;
  Result<SkinnedCreature> s = build_skinned_creature(rig.skeleton);
  if (s) {
    skin = std::move(*s);
    has_skin = true;
    cf::paint_belly_u(skin.mesh.uvs, skin.mesh.normals_ms, skin.mesh.vertex_part, static_cast<int>(creature.parts.size()),
                  &belly_u);
    cf::paint_uvs(skin.mesh.uvs, skin.mesh.vertex_part, static_cast<int>(creature.parts.size()), &paint_uvs);
  }
  repaint(creature);
}

void EditorPreview::repaint(const Creature& creature) {
  painted = creature.painted && has_skin;
  if (!painted) return;
  build_paint_texture(creature, belly_u, &page);
  ++page_revision;
}

bool same_shape(const Creature& a, const Creature& b) {
  if (a.parts.size() != b.parts.size()) return false;
  for (std::size_t i = 0; i < a.parts.size(); ++i) {
    const Part& p = a.parts[i];
    const Part& q = b.parts[i];
    if (p.tag != q.tag || p.side != q.side || p.side_given != q.side_given || p.radius != q.radius || p.stroke != q.stroke)
      return false;
  }
  return true;
}

}  // namespace cf
