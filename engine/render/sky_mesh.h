#pragma once
// The backdrop behind a level, built once: a dome shaded from the horizon colour up to the zenith's, two
// rings of distant hill silhouettes fading into the horizon's haze, and a few low-poly clouds. Every
// vertex carries its colour (MeshData::colors); drawn unlit, unfogged, centred on the camera, as the sky
// layer (MeshInput::sky): nothing in the level is ever behind it.
#include <cstdint>

#include "render/mesh_builders.h"

namespace cf {

struct SkyLook {
  Rgba8 zenith{62, 98, 168, 255};    // straight up
  Rgba8 horizon{178, 196, 206, 255};  // at the horizon; the fog colour, so far ground melts into it
  Rgba8 hills{84, 112, 96, 255};     // the nearer ring's tops (the farther ring is paler)
  Rgba8 clouds{238, 240, 244, 255};
  std::uint32_t seed = 1;            // the hills' outline and the clouds' places
};

// Radius of the dome, metres: inside the stage's default far plane (200 m) with room to spare.
constexpr float kSkyRadius_m = 150.0f;

// The backdrop around the origin (translate it to the eye each frame). Triangles in drawing order: dome,
// far hills, near hills, clouds. Deterministic for a look.
MeshData make_sky_mesh(const SkyLook& look);

// a + (b - a) * t per channel, t in [0, 1].
Rgba8 mix_color(Rgba8 a, Rgba8 b, float t);

}  // namespace cf
