#include "game/editor/editor_preview.h"

#include "skeleton/rig_builder.h"

namespace cf {

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
  }
}

}  // namespace cf
