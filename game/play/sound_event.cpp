#include "game/play/sound_event.h"

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

bool is_interface(SoundKind k) { return k >= SoundKind::kMenuMove && k < SoundKind::kCount; }

}  // namespace cf
