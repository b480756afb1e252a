#pragma once
// Automatic weights: every bone is an envelope around its segment. A vertex at distance d_b from bone
// b's segment gets w_b = k(d_b / R_b) * k((d_b - d_min) / (blend * radius_b)), k(x) = (1 - x^2)^2 for
// x < 1 else 0 (smooth: value and slope fade to 0), R_b = reach * radius_b, d_min the distance to the
// nearest bone. The first factor is the envelope; the second keeps a bone only where it is nearly as
// close as the nearest one, so weights blend across joints (where bones meet) and not along a whole
// short limb: bones far apart in the chain move far apart, and blending them would make the flesh
// swim and the palette's quantization error large. The cog bone (no part) never skins. A vertex
// outside every envelope takes its nearest bone at weight 1. Weights are normalized to sum to 1.
#include "skeleton/skeleton.h"
#include "skin/skin_types.h"

#include <glm/glm.hpp>

namespace cf {

struct EnvelopeOptions {
  float reach = 0.0f;  // envelope radius as a multiple of the bone's flesh radius; 0 means 2.2
  float blend = 0.0f;  // width of the blend across a joint, multiple of the bone radius; 0 means 0.7
  float resolved_reach() const { return reach == 0.0f ? 2.2f : reach; }
  float resolved_blend() const { return blend == 0.0f ? 0.7f : blend; }
};

// vertex_part (optional, per vertex): a vertex is then only weighted by bones of its own part and of
// the torso: separate limbs never blend with each other even where their flesh touches (a stubby
// creature's feet), since they move independently.
WeightTable envelope_weights(const Skeleton& skeleton, SkinSpan<const glm::vec3> positions_ms,
                             const EnvelopeOptions& options = {}, SkinSpan<const int> vertex_part = {});

}  // namespace cf
