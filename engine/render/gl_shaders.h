#pragma once
// GLSL 3.30 sources for the rasterizer. Each program is compiled with a prelude defining PERSPECTIVE,
// QUANTIZE and DITHER (0 or 1): retro = affine (noperspective) interpolation, 15-bit colour with a 4x4
// ordered dither; modern = perspective-correct interpolation (clip w rebuilt from 1/w), full colour.
// The retro look's comfort options take its parts one by one (perspective, no dither).

namespace cf {

constexpr const char* kTriangleVs = R"(
#if PERSPECTIVE
#define INTERP smooth
#else
#define INTERP noperspective
#endif
in vec2 a_pos;    // target pixels, origin top-left
in vec2 a_depth;  // window depth, 1 / clip w
in vec2 a_uv;
in vec4 a_color;
in float a_fog;
in float a_slot;  // texture unit + 1 (0 = untextured) + 16 * (colour table row + 1)
uniform vec2 u_target;
// Two varyings, not four: llvmpipe sets up and interpolates each one per triangle. The slot is the
// same at all three corners, so interpolating it gives it back exactly.
INTERP out vec4 v_uv_fog_slot;  // u, v, fog, slot
INTERP out vec4 v_color;        // alpha below 0.75: see-through (screen-door dither)
void main() {
  vec2 ndc = vec2(a_pos.x / u_target.x * 2.0 - 1.0, 1.0 - a_pos.y / u_target.y * 2.0);
#if PERSPECTIVE
  float w = 1.0 / max(a_depth.y, 1e-6);
  gl_Position = vec4(ndc * w, (a_depth.x * 2.0 - 1.0) * w, w);
#else
  gl_Position = vec4(ndc, 0.0, 1.0);
#endif
  v_uv_fog_slot = vec4(a_uv, a_fog, a_slot);
  v_color = a_color;
}
)";

constexpr const char* kTriangleFs = R"(
#if PERSPECTIVE
#define INTERP smooth
#else
#define INTERP noperspective
#endif
INTERP in vec4 v_uv_fog_slot;
INTERP in vec4 v_color;
// Up to 8 textures per draw call, picked per triangle (llvmpipe pays for every draw call). GLSL 3.30
// indexes sampler arrays only with constants, hence the chain; level 0 is all there is (no mipmaps).
uniform sampler2D u_tex[8];
uniform sampler2D u_clut;  // colour tables, one per row: an indexed texture's red channel picks the entry
uniform vec3 u_fog_color;
uniform vec2 u_target;
out vec4 o_color;
#if QUANTIZE
// The console's 4x4 dither offsets, added to 8-bit colour before truncating to 5 bits.
const float kDither[16] = float[16](-4.0, 0.0, -3.0, 1.0,
                                     2.0, -2.0, 3.0, -1.0,
                                    -3.0, 1.0, -4.0, 0.0,
                                     3.0, -1.0, 2.0, -2.0);
#endif
void main() {
  // The console's see-through without blending: every other pixel, in a checker fixed to the screen.
  if (v_color.a < 0.75 && ((int(gl_FragCoord.x) + int(gl_FragCoord.y)) & 1) == 0) discard;
  if (v_color.a < 0.3 && (int(gl_FragCoord.y) & 1) == 0) discard;  // faded: one pixel of four
  vec2 v_uv = v_uv_fog_slot.xy;
  float v_fog = v_uv_fog_slot.z;
  int slot_clut = int(v_uv_fog_slot.w + 0.5);
  int v_slot = slot_clut & 15;
  int v_clut = (slot_clut >> 4) - 1;
  vec4 texel = vec4(1.0);
  if (v_slot == 1) texel = textureLod(u_tex[0], v_uv, 0.0);
  else if (v_slot == 2) texel = textureLod(u_tex[1], v_uv, 0.0);
  else if (v_slot == 3) texel = textureLod(u_tex[2], v_uv, 0.0);
  else if (v_slot == 4) texel = textureLod(u_tex[3], v_uv, 0.0);
  else if (v_slot == 5) texel = textureLod(u_tex[4], v_uv, 0.0);
  else if (v_slot == 6) texel = textureLod(u_tex[5], v_uv, 0.0);
  else if (v_slot == 7) texel = textureLod(u_tex[6], v_uv, 0.0);
  else if (v_slot == 8) texel = textureLod(u_tex[7], v_uv, 0.0);
  if (v_clut >= 0) texel = texelFetch(u_clut, ivec2(int(texel.r * 255.0 + 0.5), v_clut), 0);
  if (texel.a < 0.5) discard;
  vec3 c = mix(texel.rgb * v_color.rgb, u_fog_color, v_fog);
#if !QUANTIZE
  o_color = vec4(c, 1.0);
#else
#if DITHER
  ivec2 p = ivec2(gl_FragCoord.xy);
  int row = (int(u_target.y) - 1 - p.y) & 3;  // rows counted from the top of the image
  float d = kDither[row * 4 + (p.x & 3)];
#else
  float d = 0.0;
#endif
  vec3 v = clamp(floor(c * 255.0 + 0.5) + d, 0.0, 255.0);
  o_color = vec4(floor(v / 8.0) * 8.0 / 255.0, 1.0);
#endif
}
)";

}  // namespace cf
