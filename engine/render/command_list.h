#pragma once
// The seam between the geometry stage (CPU) and the rasterizer stage (OpenGL): plain screen-space data.
// The geometry stage writes a CommandList; the rasterizer only reads it. Nothing else crosses.
#include <cstdint>
#include <string>
#include <vector>

namespace cf {

// A texture known to the rasterizer (index into its texture table). kNoTexture draws the colour alone.
struct TextureId {
  std::int32_t index = -1;  // slot in the rasterizer's texture table; -1 for none
  bool valid() const { return index >= 0; }
  friend bool operator==(TextureId a, TextureId b) { return a.index == b.index; }
  friend bool operator!=(TextureId a, TextureId b) { return a.index != b.index; }
};
constexpr TextureId kNoTexture{};

// Screen positions are fixed point with 4 fractional bits: 16 units per pixel.
constexpr int kSubpixelBits = 4;
constexpr std::int32_t kSubpixelOne = 1 << kSubpixelBits;

struct Rgba8 {
  std::uint8_t r = 0, g = 0, b = 0, a = 255;
};
inline bool operator==(Rgba8 a, Rgba8 b) { return a.r == b.r && a.g == b.g && a.b == b.b && a.a == b.a; }

// Debug overlay kinds; each is one bit of FrameSettings::overlay_mask and toggles on its own.
enum OverlayKind : std::uint32_t {
  kOverlayBones = 1u << 0,          // skeleton bones (head -> tail)
  kOverlayJoints = 1u << 1,         // joint positions (drawn as small diamonds)
  kOverlayCog = 1u << 2,            // centre of gravity (and its ground projection)
  kOverlayIkTargets = 1u << 3,      // IK targets and poles
  kOverlayControlPoints = 1u << 4,  // motion control points
  kOverlayReferenceLine = 1u << 5,  // the vault's reference line, lmax direction and lref
  kOverlayVirtualPlanes = 1u << 6,  // walls' simplified planes
  kOverlayRegions = 1u << 7,        // movable regions' outlines
  kOverlayWeights = 1u << 8,        // not lines: the weight view (meshes coloured by dominant bone)
  kOverlayAll = (1u << 9) - 1u,
  kOverlayHud = 1u << 31,           // not a debug overlay: the player's HUD and menus (always drawn)
};
// Short stable name ("bones", "joints", "cog", "ik", "control", "refline", "planes", "regions",
// "weights") used in dumps and HUD text; "?" for anything that is not exactly one kind bit.
const char* overlay_kind_name(std::uint32_t kind);

// One corner of a screen-space triangle.
struct ScreenVertex {
  std::int32_t x = 0, y = 0;  // position in target pixels, fixed point (kSubpixelBits); origin top-left, y down
  float depth = 0;            // window depth in [0, 1] (0 = near plane); used by the modern path only
  float inv_w = 1;            // 1 / clip w (1 / view distance); used for perspective-correct interpolation
  float u = 0, v = 0;         // texture coordinates, repeat wrapping, v = 0 at the image's top row
  Rgba8 color;                // Gouraud-lit vertex colour; modulates the texel
  std::uint8_t fog = 0;       // fog amount 0..255, blended towards CommandList::fog_color after texturing
};

// The rasterizer's colour tables: kClutRows of kClutEntries (an 8-bit texture's), enough for every
// creature of a world and the menus' previews.
constexpr int kClutEntries = 256;
constexpr int kClutRows = 128;

struct ScreenTriangle {
  ScreenVertex v[3];
  TextureId texture = kNoTexture;
  // A row of the rasterizer's colour tables: the texture's red channel is then an index into it (the
  // console's CLUT, so a blink is a table change, not a new texture). -1: the texture's own colours.
  std::int16_t clut = -1;
};

// A debug line in target pixels, drawn on top of all triangles (no depth test).
struct ScreenLine {
  std::int32_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // fixed point, as ScreenVertex
  Rgba8 color;
  std::uint32_t kind = kOverlayBones;  // one OverlayKind bit
};

// Where a HUD or menu text was put, in target pixels (its shadow included): layout checks read it (no
// two texts overlap, none leaves the picture); the rasterizer does not.
struct TextBox {
  std::int32_t x = 0, y = 0, w = 0, h = 0;
  char text[28] = {};  // its first characters, for a message
};

// A whole frame for the rasterizer.
struct CommandList {
  int width = 0, height = 0;  // target size in pixels the coordinates refer to
  bool modern = false;        // true: perspective-correct, depth-tested, full-resolution, no dither
  bool perspective = false;   // textures perspective-correct (modern, or the retro look without its warp)
  bool dither = true;         // the retro path's 4x4 ordered dither (never on the modern path)
  Rgba8 clear_color;          // background
  Rgba8 fog_color;
  std::vector<ScreenTriangle> triangles;  // in drawing order: back to front (ordering table walked)
  std::vector<ScreenLine> lines;          // overlay lines, drawn after the triangles in this order
  std::vector<TextBox> texts;             // the HUD's words, in drawing order (not drawn from here)

  void clear() {
    triangles.clear();
    lines.clear();
    texts.clear();
  }
};

// A stable human-readable text dump (one primitive per line) for golden tests and debugging.
std::string dump_command_list(const CommandList& list);

}  // namespace cf
