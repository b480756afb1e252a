#pragma once
// The editor's colours, shared by its view and its HUD. The pen's magenta is its own: no bone, node,
// tag or highlight uses it.
#include "creature/creature.h"
#include "render/command_list.h"

namespace cf {

constexpr Rgba8 kEdGrid{70, 90, 130, 255}, kEdGridMajor{110, 140, 190, 255}, kEdGround{150, 230, 150, 255};
constexpr Rgba8 kEdWhite{255, 255, 255, 255}, kEdYellow{255, 230, 60, 255}, kEdRed{255, 70, 70, 255};
constexpr Rgba8 kEdOrange{255, 150, 40, 255}, kEdCyan{80, 230, 255, 255}, kEdHint{170, 180, 210, 255};
constexpr Rgba8 kEdPen{255, 70, 255, 255}, kEdInk{0, 0, 0, 255}, kEdPanel{14, 16, 30, 255};

// A part tag's colour (never alone: each tag also has its letters and line style).
Rgba8 editor_tag_color(PartTag t);
// The model x of the torso's middle: the side view's centre line (0 without a torso).
float editor_torso_mid(const Creature& c);

}  // namespace cf
