#pragma once
// The rasterizer's GL programs: compiled once per look from gl_shaders.h, with their uniforms located.
#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>

#include "core/result.h"

namespace cf {

struct Program {
  GLuint id = 0;
  GLint target = -1, atlas = -1, rect = -1, fog_color = -1, modern = -1, clut = -1;
};

// modern: perspective-correct, full colour; otherwise 15-bit colour, with or without the warp and dither.
// A compile or link failure is an error naming the program.
Status compile_program(bool modern, bool perspective, bool dither, const char* name, GLuint* out);
Program locate_program(GLuint id);

}  // namespace cf
