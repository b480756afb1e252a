#include "game/play/sound_event.h"

#include <string>

namespace cf {

const char* to_string(SoundKind k) {
  switch (k) {
    case SoundKind::kFootstep: return "footstep";
    case SoundKind::kHandPlant: return "hand_plant";
    case SoundKind::kWhoosh: return "whoosh";
    case SoundKind::kLanding: return "landing";
    case SoundKind::kTakeoff: return "takeoff";
    case SoundKind::kFenceBrush: return "fence_brush";
    case SoundKind::kRefused: return "refused";
    case SoundKind::kGreetVoice: return "greet_voice";
    case SoundKind::kRoarVoice: return "roar_voice";
    case SoundKind::kBefriended: return "befriended";
    case SoundKind::kMenuMove: return "menu_move";
    case SoundKind::kMenuSelect: return "menu_select";
    case SoundKind::kMenuBack: return "menu_back";
    case SoundKind::kPenDraw: return "pen_draw";
    case SoundKind::kPartMade: return "part_made";
    case SoundKind::kStrokeRefused: return "stroke_refused";
    case SoundKind::kUndo: return "undo";
    case SoundKind::kSave: return "save";
    case SoundKind::kPenTone: return "pen_tone";
    case SoundKind::kCount: break;
  }
  return "unknown";
}

bool is_interface(SoundKind k) {
  switch (k) {
    case SoundKind::kMenuMove:
    case SoundKind::kMenuSelect:
    case SoundKind::kMenuBack:
    case SoundKind::kPenDraw:
    case SoundKind::kPartMade:
    case SoundKind::kStrokeRefused:
    case SoundKind::kUndo:
    case SoundKind::kSave:
    case SoundKind::kPenTone: return true;
    default: return false;
  }
}

bool sound_kind_named(const std::string& name, SoundKind* out) {
  for (int k = 0; k < static_cast<int>(SoundKind::kCount); ++k) {
    if (name != to_string(static_cast<SoundKind>(k))) continue;
    *out = static_cast<SoundKind>(k);
    return true;
  }
  return false;
}

}  // namespace cf
