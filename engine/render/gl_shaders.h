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
in float a_slot;  // texture + 1 (0 = untextured) + 128 * (colour table row + 1)
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
// Every texture in one atlas, each at its rectangle (x, y, w, h texels; [0] a white texel for the
// untextured): one fetch a pixel, where a chain picking among bound textures costs software GL a
// sample per link (it runs every branch). Repeat and nearest filtering are done here as GL does them
// for power-of-two sides: the texel is floor(uv * size), wrapped by its low bits.
uniform sampler2D u_atlas;
uniform vec4 u_rect[128];
uniform sampler2D u_clut;  // colour tables, one per row: an indexed texture's red channel picks the entry
uniform vec3 u_fog_color;
uniform vec2 u_target;
out vec4 o_color;
void main() {
  // The console's see-through without blending: every other pixel, in a checker fixed to the screen.
  if (v_color.a < 0.75 && ((int(gl_FragCoord.x) + int(gl_FragCoord.y)) & 1) == 0) discard;
  if (v_color.a < 0.3 && (int(gl_FragCoord.y) & 1) == 0) discard;  // faded: one pixel of four
  vec2 v_uv = v_uv_fog_slot.xy;
  float v_fog = v_uv_fog_slot.z;
  int slot_clut = int(v_uv_fog_slot.w + 0.5);
  int v_clut = (slot_clut >> 7) - 1;
  vec4 r = u_rect[slot_clut & 127];
  ivec2 size = ivec2(r.zw);
  vec4 texel = texelFetch(u_atlas, ivec2(r.xy) + (ivec2(floor(v_uv * r.zw)) & (size - 1)), 0);
  if (v_clut >= 0) texel = texelFetch(u_clut, ivec2(int(texel.r * 255.0 + 0.5), v_clut), 0);
  if (texel.a < 0.5) discard;
  vec3 c = mix(texel.rgb * v_color.rgb, u_fog_color, v_fog);
#if !QUANTIZE
  o_color = vec4(c, 1.0);
#else
#if DITHER
  ivec2 p = ivec2(gl_FragCoord.xy);
  int row = int(u_target.y) - 1 - p.y;  // rows counted from the top of the image
  // The console's 4x4 dither offset (-4..3) for the pixel, added to 8-bit colour before truncating to
  // 5 bits; by bits rather than from a table, which software GL would gather lane by lane:
  //   -4  0 -3  1 /  2 -2  3 -1 / -3  1 -4  0 /  3 -1  2 -2
  int k = p.x ^ row;
  float d = float(-4 + 4 * (k & 1) + ((k >> 1) & 1) + 2 * (row & 1));
#else
  float d = 0.0;
#endif
  vec3 v = clamp(floor(c * 255.0 + 0.5) + d, 0.0, 255.0);
  o_color = vec4(floor(v / 8.0) * 8.0 / 255.0, 1.0);
#endif
}
)";

}  // namespace cf
