#include "render/gl_program.h"

#include <string>

#include "render/gl_shaders.h"

namespace cf {

Status compile_program(bool modern, bool perspective, bool dither, const char* name, GLuint* out) {
  const std::string prelude_text = std::string("#version 330 core\n#define PERSPECTIVE ") + (modern || perspective ? "1" : "0") +
                                   "\n#define QUANTIZE " + (modern ? "0" : "1") + "\n#define DITHER " +
                                   (!modern && dither ? "1" : "0") + "\n";
  const char* prelude = prelude_text.c_str();
  auto compile = [&](GLenum type, const char* src, GLuint* sh) -> Status {
    *sh = glCreateShader(type);
    const char* parts[2] = {prelude, src};
    glShaderSource(*sh, 2, parts, nullptr);
    glCompileShader(*sh);
    GLint ok = 0;
    glGetShaderiv(*sh, GL_COMPILE_STATUS, &ok);
    if (ok) return {};
    char log[1024] = {0};
    glGetShaderInfoLog(*sh, sizeof log, nullptr, log);
    return Error{"", name, std::string("shader compile failed: ") + log};
  };
  GLuint vs = 0, fs = 0;
  Status s = compile(GL_VERTEX_SHADER, kTriangleVs, &vs);
  if (s) s = compile(GL_FRAGMENT_SHADER, kTriangleFs, &fs);
  if (!s) {
    glDeleteShader(vs);
    glDeleteShader(fs);
    return s;
  }
  const GLuint p = glCreateProgram();
  glAttachShader(p, vs);
  glAttachShader(p, fs);
  glBindAttribLocation(p, 0, "a_pos");
  glBindAttribLocation(p, 1, "a_depth");
  glBindAttribLocation(p, 2, "a_uv");
  glBindAttribLocation(p, 3, "a_color");
  glBindAttribLocation(p, 4, "a_fog");
  glBindAttribLocation(p, 5, "a_slot");
  glLinkProgram(p);
  glDeleteShader(vs);
  glDeleteShader(fs);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  if (!ok) {
    char log[1024] = {0};
    glGetProgramInfoLog(p, sizeof log, nullptr, log);
    glDeleteProgram(p);
    return Error{"", name, std::string("shader link failed: ") + log};
  }
  *out = p;
  return {};
}

Program locate_program(GLuint id) {
  Program p;
  p.id = id;
  p.target = glGetUniformLocation(id, "u_target");
  p.atlas = glGetUniformLocation(id, "u_atlas");
  p.rect = glGetUniformLocation(id, "u_rect");
  p.fog_color = glGetUniformLocation(id, "u_fog_color");
  p.clut = glGetUniformLocation(id, "u_clut");
  p.modern = glGetUniformLocation(id, "u_modern");
  return p;
}

}  // namespace cf
