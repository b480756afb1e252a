#pragma once
// The rasterizer stage: executes a CommandList with OpenGL 3.3 core. The only part of render that
// touches GL (implemented in cf_render_gl); this header includes no GL so the game can hold one.
// Retro path: triangles fill an offscreen target at the list's resolution with affine (non-perspective)
// texturing and Gouraud colour, reduced to 15-bit colour with a 4x4 ordered dither, then the target is
// scaled to the window with nearest filtering, letterboxed to keep its aspect.
// Modern path (list.modern): the same list drawn perspective-correct with a depth buffer at the
// letterboxed rectangle's full resolution, no dither.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "render/command_list.h"
#include "render/image_io.h"

namespace cf {

struct RasterizerDesc {
  int max_textures = 0;  // texture table size; 0 => 64, at most 127 (the shader's rectangles)
  // Longest draw call holding a triangle Mesa has to clip (render/draw_ranges.h); 0 => kClippedRunTriangles.
  // Only the CPU time depends on it, never the picture.
  int clipped_run_triangles = 0;
};

class Rasterizer {
 public:
  Rasterizer();
  ~Rasterizer();
  Rasterizer(const Rasterizer&) = delete;
  Rasterizer& operator=(const Rasterizer&) = delete;

  // Creates shaders, buffers and the placeholder texture. Needs a current GL 3.3 core context;
  // fails with the shader log or GL problem. Calling it twice is a no-op.
  Status init(const RasterizerDesc& desc = {});
  // Releases every GL object (the context must still be current). The destructor does it if needed.
  void shutdown();
  bool initialized() const;

  // Loads a PNG (power-of-two, nearest filtering, repeat). On any failure it returns the placeholder
  // texture's id (a magenta/black checker) and fills *error naming the file and the problem.
  TextureId load_texture(const std::string& path, Error* error);
  // Uploads an image (must pass check_texture_image) into the atlas (2048 texels a side, shared by every
  // texture); kNoTexture when invalid, the table is full or the atlas has no room.
  TextureId create_texture(const Image& image);
  // Replaces a texture's image (a painted skin changed); false for an unknown id, the placeholder, or a
  // new size the atlas has no room for (the texture then shows the placeholder).
  bool update_texture(TextureId id, const Image& image);
  TextureId placeholder_texture() const;
  // Writes row 'row' of the colour tables (count entries from 0): a triangle naming the row samples
  // its texture's red channel as an index into it. False for a row outside [0, kClutRows).
  bool set_clut(int row, const Rgba8* colours, int count);

  // Draws the frame into the window's default framebuffer (window_w x window_h drawable pixels),
  // letterboxed, leaving it ready for the swap (one window-sized pass: black bars and the scaled target).
  void draw(const CommandList& list, int window_w, int window_h);

  // The last displayed frame (window size, RGBA8, top row first), rebuilt off screen from the last
  // target with the same blit; false before the first draw.
  bool read_back(std::vector<std::uint8_t>* rgba, int* w, int* h) const;
  // The window's back buffer (w x h) as it will be presented, with whatever was drawn over the
  // rasterizer's frame (the debug panel): RGBA8, top row first.
  bool read_back_window(int w, int h, std::vector<std::uint8_t>* rgba) const;
  // The last frame's render target before scaling (internal resolution, or the modern target).
  bool read_back_target(std::vector<std::uint8_t>* rgba, int* w, int* h) const;
  // Triangle draw calls of the last frame: one, split only around triangles that need clipping
  // (render/draw_ranges.h).
  int draw_calls() const;
  // Texture bindings of the last frame: the atlas, once (0 for a frame without triangles).
  int texture_batches() const;
  // Each texture's size in texels, by TextureId index (render/console_budget.h's texture memory).
  const std::vector<int>& texture_texels() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace cf
