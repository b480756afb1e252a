#include "render/gl_program.h"

#include <gtest/gtest.h>

#include "gl_fixture.h"

namespace cf::test {
namespace {

// Every look the options can ask for (modern, or retro with or without its warp and dither) compiles,
// links and has the uniforms the rasterizer sets.
TEST_F(GlRenderTest, EveryLookCompilesItsProgramAndLocatesItsUniforms) {
  for (int look = 0; look < 5; ++look) {
    const bool modern = look == 4, perspective = look & 1, dither = look & 2;
    SCOPED_TRACE(look);
    GLuint id = 0;
    Status s = compile_program(modern, perspective, dither, "test shader", &id);
    ASSERT_TRUE(s.ok()) << s.error.to_string();
    ASSERT_NE(id, 0u);
    const Program p = locate_program(id);
    EXPECT_EQ(p.id, id);
    EXPECT_GE(p.target, 0) << "u_target places the vertices";
    EXPECT_GE(p.atlas, 0) << "u_atlas holds the textures";
    EXPECT_GE(p.rect, 0) << "u_rect places each texture in it";
    EXPECT_GE(p.fog_color, 0);
    glDeleteProgram(id);
  }
}

}  // namespace
}  // namespace cf::test
