#pragma once
// The editor's document: the creature being drawn plus what the player has picked (selection, the
// next stroke's tag, symmetry), as plain copyable data, and the operations the editor applies to it.
// Every operation is deterministic; undo/redo keep whole snapshots (a creature is a few KB).
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "creature/creature.h"
#include "creature/creature_rules.h"
#include "render/paint_texture.h"
#include "skeleton/skeleton.h"
#include "skin/skinned_creature.h"

namespace cf {

struct EditorDoc {
  Creature creature;
  int selected = -1;                 // part index, -1 when none is selected
  PartTag next_tag = PartTag::kTorso;
  bool symmetry = true;              // a leg or arm drawn off-centre gets its mirrored counterpart
};

// What an operation did: whether the creature changed, and a line for the HUD ("" for none).
struct EditResult {
  bool changed = false;
  std::string message;
};

// Shortest stroke the editor accepts as a part, metres (shorter is a slip of the button).
constexpr float kMinDrawnStrokeM = 0.06f;

// The flesh radius a new part of this tag starts with, metres.
float default_radius(PartTag tag);
// The next tag in the player's cycle torso -> head -> leg -> arm -> tail -> torso.
PartTag next_tag_in_cycle(PartTag tag);
// The one before it (LB+X goes back).
PartTag prev_tag_in_cycle(PartTag tag);

// Makes a part from a drawn path (pen positions, one per tick): tidied, the limb root snapped onto
// the torso, a leg brought down to the ground; with symmetry its mirrored counterpart too. Refuses
// (changed = false, the reason in message) a stroke too short, a second torso, a part before the
// torso, a limb starting away from the body, a ninth leg or fifth arm.
EditResult add_drawn_part(EditorDoc* doc, const std::vector<glm::vec3>& pen_path);
// Selection cycles none -> 0 -> 1 ... -> none (step +1 or -1).
void cycle_selection(EditorDoc* doc, int step);
// Deletes the selected part (and, with symmetry, its mirrored twin).
EditResult delete_selected(EditorDoc* doc);
// Changes the selected part's radius by delta_m (and its twin's), kept within [0.01, 0.5] m.
EditResult thicken_selected(EditorDoc* doc, float delta_m);
// Gives the selected part the next tag in the cycle (step -1: the one before); without a selection, the
// next stroke's tag. The message names the tag each way of the next press.
EditResult cycle_tag(EditorDoc* doc, int step = 1);
// Paints the selected part and, with symmetry, its twin; every part when none is selected. The
// creature becomes painted. 'what' names the change for the HUD ("stripes").
EditResult paint_parts(EditorDoc* doc, void (*change)(PartPaint*, const void*), const void* arg, const std::string& what);
// Index of the part that mirrors 'part' (same tag, stroke mirrored within 1 mm), -1 when none.
int mirror_twin(const Creature& c, int part);

// Undo and redo over whole documents.
class EditorHistory {
 public:
  static constexpr int kMaxSteps = 200;
  // Call before changing 'doc': remembers it and forgets the redo steps.
  void remember(const EditorDoc& doc);
  bool undo(EditorDoc* doc);
  bool redo(EditorDoc* doc);
  int undo_steps() const { return static_cast<int>(undo_.size()); }
  int redo_steps() const { return static_cast<int>(redo_.size()); }
  // The document undo would bring back, or nullptr.
  const EditorDoc* last_remembered() const { return undo_.empty() ? nullptr : &undo_.back(); }
  void clear() {
    undo_.clear();
    redo_.clear();
  }

 private:
  std::vector<EditorDoc> undo_, redo_;
};

// The live preview behind the editor: after every change the creature is rebuilt (rig with the
// normalized limbs, skinned flesh) and its rules checked. Allocates (a build step, not per tick).
struct EditorPreview {
  bool has_rig = false;
  Rig rig;
  bool has_skin = false;
  SkinnedCreature skin;
  std::vector<RuleProblem> problems;  // broken rules, most important first

  // A painted creature's page and the flesh's uvs into it; page_revision grows with every new page.
  bool painted = false;
  IndexedTexture page;
  std::vector<float> belly_u;
  std::vector<glm::vec2> paint_uvs;
  std::uint64_t page_revision = 0;
  TextureId paint_texture = kNoTexture;  // the uploaded page (set by whoever uploads it)

  // Rebuilds everything from the creature (an empty creature gives no rig and "draw the torso first").
  void rebuild(const Creature& creature);
  // A change of paint alone: only the page is made again (the flesh, rig and rules are the same).
  void repaint(const Creature& creature);
  bool saveable() const { return problems.empty() && has_rig; }
};

// Same parts, tags, sides, radii and strokes (paint aside): the preview only needs repainting.
bool same_shape(const Creature& a, const Creature& b);

}  // namespace cf
