#include "motion/bvh.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include <glm/gtc/matrix_transform.hpp>

#include "core/file_io.h"

namespace cf {
namespace {

// Splits text into whitespace-separated tokens, tracking line numbers over LF, CRLF and lone CR.
class Lexer {
 public:
  Lexer(const std::string& text) : s_(text) {}
  // Next token on any line; false at end of text.
  bool next(std::string* tok, int* line) {
    skip_space(true);
    if (pos_ >= s_.size()) return false;
    *line = line_;
    const std::size_t b = pos_;
    while (pos_ < s_.size() && !is_space(s_[pos_])) ++pos_;
    tok->assign(s_, b, pos_ - b);
    return true;
  }
  // Tokens of the rest of the current line (after the last token read); moves to the next line.
  void rest_of_line(std::vector<std::string>* toks) {
    toks->clear();
    for (;;) {
      skip_space(false);
      if (pos_ >= s_.size() || s_[pos_] == '\n' || s_[pos_] == '\r') break;
      const std::size_t b = pos_;
      while (pos_ < s_.size() && !is_space(s_[pos_])) ++pos_;
      toks->emplace_back(s_, b, pos_ - b);
    }
    eat_newline();
  }
  // Skips to the start of the next non-blank line; false at end. *line is that line's number.
  bool next_line(int* line) {
    for (;;) {
      skip_space(false);
      if (pos_ >= s_.size()) return false;
      if (s_[pos_] == '\n' || s_[pos_] == '\r') {
        eat_newline();
        continue;
      }
      *line = line_;
      return true;
    }
  }
  int line() const { return line_; }

 private:
  static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
  void eat_newline() {
    if (pos_ < s_.size() && s_[pos_] == '\r') {
      ++pos_;
      if (pos_ < s_.size() && s_[pos_] == '\n') ++pos_;
      ++line_;
    } else if (pos_ < s_.size() && s_[pos_] == '\n') {
      ++pos_;
      ++line_;
    }
  }
  void skip_space(bool newlines) {
    while (pos_ < s_.size() && is_space(s_[pos_])) {
      if (s_[pos_] == '\n' || s_[pos_] == '\r') {
        if (!newlines) return;
        eat_newline();
      } else {
        ++pos_;
      }
    }
  }
  const std::string& s_;
  std::size_t pos_ = 0;
  int line_ = 1;
};

bool to_number(const std::string& t, double* out) {
  if (t.empty() || t.size() > 64) return false;
  char* end = nullptr;
  const double v = std::strtod(t.c_str(), &end);
  if (end != t.c_str() + t.size()) return false;
  *out = v;
  return true;
}

bool channel_of(const std::string& t, BvhChannel* c) {
  static const char* names[6] = {"xposition", "yposition", "zposition", "xrotation", "yrotation", "zrotation"};
  std::string l = t;
  for (char& ch : l) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  for (int i = 0; i < 6; ++i)
    if (l == names[i]) {
      *c = static_cast<BvhChannel>(i);
      return true;
    }
  return false;
}

struct Parser {
  Lexer lex;
  const std::string& file;
  std::string tok;
  int line = 1;

  Error err(const std::string& msg) const { return Error{file, "line " + std::to_string(line), msg}; }
  Status expect(const char* want) {
    if (!lex.next(&tok, &line)) return err(std::string("unexpected end of file (expected '") + want + "')");
    if (tok != want) return err(std::string("expected '") + want + "', found '" + tok.substr(0, 40) + "'");
    return {};
  }
  Status number(double* v, const char* what, double max_abs = 1e6) {
    if (!lex.next(&tok, &line)) return err(std::string("unexpected end of file in ") + what);
    if (!to_number(tok, v)) return err(std::string("bad number '") + tok.substr(0, 40) + "' in " + what);
    if (!std::isfinite(*v)) return err(std::string("NaN or infinite value in ") + what);
    if (std::fabs(*v) > max_abs) return err(std::string("absurd value in ") + what);
    return {};
  }
  Status offset(glm::vec3* o) {
    if (Status s = expect("OFFSET"); !s) return s;
    double v[3];
    for (double& d : v)
      if (Status s = number(&d, "OFFSET"); !s) return s;
    *o = glm::vec3(v[0], v[1], v[2]);
    return {};
  }
};

}  // namespace

int BvhClip::find(const std::string& name) const {
  for (std::size_t i = 0; i < joints.size(); ++i)
    if (joints[i].name == name) return static_cast<int>(i);
  return -1;
}

Result<BvhClip> parse_bvh(const std::string& text, const std::string& file) {
  Parser p{Lexer(text), file, {}, 1};
  BvhClip clip;
  if (Status s = p.expect("HIERARCHY"); !s) return s.error;
  if (Status s = p.expect("ROOT"); !s) return s.error;
  // Iterative descent: 'stack' holds the open joints; a joint's body is OFFSET, CHANNELS, children, '}'.
  std::vector<int> stack;
  bool root_done = false;
  std::string kind = "ROOT";
  while (!root_done) {
    BvhJoint j;
    j.parent = stack.empty() ? -1 : stack.back();
    if (kind == "End") {
      if (Status s = p.expect("Site"); !s) return s.error;
      j.end_site = true;
      j.name = (j.parent >= 0 ? clip.joints[j.parent].name : std::string("root")) + "_end";
    } else {
      if (!p.lex.next(&p.tok, &p.line)) return p.err("unexpected end of file (expected a joint name)");
      if (p.tok == "{") return p.err("missing joint name");
      j.name = p.tok;
    }
    if (Status s = p.expect("{"); !s) return s.error;
    if (Status s = p.offset(&j.offset); !s) return s.error;
    if (!j.end_site) {
      if (Status s = p.expect("CHANNELS"); !s) return Error{file, s.error.field, "missing CHANNELS for joint '" + j.name + "'"};
      double n = 0;
      if (Status s = p.number(&n, "CHANNELS"); !s) return s.error;
      if (n < 0 || n > 6 || n != std::floor(n)) return p.err("CHANNELS count must be 0 to 6");
      j.channel_count = static_cast<int>(n);
      for (int c = 0; c < j.channel_count; ++c) {
        if (!p.lex.next(&p.tok, &p.line)) return p.err("unexpected end of file in CHANNELS");
        if (!channel_of(p.tok, &j.channels[c]))
          return p.err("unknown channel '" + p.tok.substr(0, 40) + "' (missing channels?)");
      }
      j.first_channel = clip.channels_per_frame;
      clip.channels_per_frame += j.channel_count;
    }
    if (static_cast<int>(clip.joints.size()) >= kBvhMaxJoints)
      return p.err("absurd size: more than " + std::to_string(kBvhMaxJoints) + " joints");
    clip.joints.push_back(j);
    stack.push_back(static_cast<int>(clip.joints.size()) - 1);
    // Children or the closing brace(s).
    for (;;) {
      if (!p.lex.next(&p.tok, &p.line)) return p.err("unexpected end of file (unclosed '{')");
      if (p.tok == "}") {
        stack.pop_back();
        if (stack.empty()) {
          root_done = true;
          break;
        }
        continue;
      }
      if (clip.joints[stack.back()].end_site) return p.err("End Site may only hold an OFFSET");
      if (p.tok == "JOINT" || p.tok == "End") {
        kind = p.tok;
        break;
      }
      return p.err("expected JOINT, End Site or '}', found '" + p.tok.substr(0, 40) + "'");
    }
  }
  if (clip.joints[0].channel_count == 0) return Error{file, "line 1", "ROOT has no channels"};
  if (Status s = p.expect("MOTION"); !s) return s.error;
  if (Status s = p.expect("Frames:"); !s) return s.error;
  double frames = 0;
  if (Status s = p.number(&frames, "Frames", 1e15); !s) return s.error;
  if (frames < 0 || frames != std::floor(frames)) return p.err("Frames must be a whole number");
  if (frames > kBvhMaxFrames) return p.err("absurd size: more than " + std::to_string(kBvhMaxFrames) + " frames");
  if (frames == 0) return p.err("no frames");
  clip.frame_count = static_cast<int>(frames);
  if (static_cast<std::size_t>(clip.frame_count) * static_cast<std::size_t>(clip.channels_per_frame) > kBvhMaxValues)
    return p.err("absurd size: too many values (frames x channels)");
  if (Status s = p.expect("Frame"); !s) return s.error;
  if (Status s = p.expect("Time:"); !s) return s.error;
  if (Status s = p.number(&clip.frame_time_s, "Frame Time"); !s) return s.error;
  if (!(clip.frame_time_s > 0.0)) return p.err("Frame Time must be positive");
  if (clip.frame_time_s > 10.0) return p.err("absurd Frame Time (over 10 s)");
  std::vector<std::string> toks;
  p.lex.rest_of_line(&toks);
  if (!toks.empty()) return p.err("unexpected text after Frame Time");
  // Frame lines: exactly channels_per_frame numbers each. Reserve only what the text could hold.
  const std::size_t want = static_cast<std::size_t>(clip.frame_count) * clip.channels_per_frame;
  clip.values.reserve(std::min(want, text.size() / 2 + 1));
  for (int f = 0; f < clip.frame_count; ++f) {
    int ln = 0;
    if (!p.lex.next_line(&ln)) {
      p.line = p.lex.line();
      return p.err("truncated data: " + std::to_string(f) + " of " + std::to_string(clip.frame_count) + " frames");
    }
    p.line = ln;
    p.lex.rest_of_line(&toks);
    if (static_cast<int>(toks.size()) != clip.channels_per_frame)
      return p.err("channel count mismatch: " + std::to_string(toks.size()) + " values, expected " +
                   std::to_string(clip.channels_per_frame));
    for (const std::string& t : toks) {
      double v = 0;
      if (!to_number(t, &v)) return p.err("bad number '" + t.substr(0, 40) + "'");
      if (!std::isfinite(v)) return p.err("NaN or infinite value");
      if (std::fabs(v) > 1e6) return p.err("absurd value " + t.substr(0, 40));
      clip.values.push_back(static_cast<float>(v));
    }
  }
  int ln = 0;
  if (p.lex.next_line(&ln)) {
    p.line = ln;
    return p.err("more frame lines than Frames says");
  }
  return clip;
}

Result<BvhClip> load_bvh(const std::string& path) { return read_and_parse(path, 256u << 20, parse_bvh); }

void bvh_joint_positions(const BvhClip& clip, int frame, std::vector<glm::vec3>* out) {
  const std::size_t n = clip.joints.size();
  out->resize(n);
  // Global rotation per joint (column vectors), computed in depth-first order.
  std::vector<glm::mat3> rot(n);
  const float* v = clip.frame(frame);
  for (std::size_t i = 0; i < n; ++i) {
    const BvhJoint& j = clip.joints[i];
    glm::vec3 t = j.offset;
    glm::mat3 r(1.0f);
    for (int c = 0; c < j.channel_count; ++c) {
      const float x = v[j.first_channel + c];
      switch (j.channels[c]) {
        case BvhChannel::kXpos: t.x += x; break;
        case BvhChannel::kYpos: t.y += x; break;
        case BvhChannel::kZpos: t.z += x; break;
        case BvhChannel::kXrot: r = r * glm::mat3(glm::rotate(glm::mat4(1.0f), glm::radians(x), glm::vec3(1, 0, 0))); break;
        case BvhChannel::kYrot: r = r * glm::mat3(glm::rotate(glm::mat4(1.0f), glm::radians(x), glm::vec3(0, 1, 0))); break;
        case BvhChannel::kZrot: r = r * glm::mat3(glm::rotate(glm::mat4(1.0f), glm::radians(x), glm::vec3(0, 0, 1))); break;
      }
    }
    if (j.parent < 0) {
      (*out)[i] = t;
      rot[i] = r;
    } else {
      (*out)[i] = (*out)[j.parent] + rot[j.parent] * t;
      rot[i] = rot[j.parent] * r;
    }
  }
}

}  // namespace cf
