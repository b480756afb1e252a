#include "core/json_util.h"

#include <algorithm>
#include <cmath>

#include "core/file_io.h"

namespace cf {

std::size_t find_too_deep(const std::string& text, int max_depth) {
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;  // skip the escaped character (it may be a quote)
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > max_depth) return i;
    } else if (c == ']' || c == '}') {
      --depth;  // unbalanced text is the parser's to report
    }
  }
  return std::string::npos;
}

Result<Json> parse_json(const std::string& text, const std::string& file) {
  if (std::size_t at = find_too_deep(text, kMaxJsonDepth); at != std::string::npos) {
    return Error{file, "byte " + std::to_string(at),
                 "nested too deeply (more than " + std::to_string(kMaxJsonDepth) + " levels of arrays and objects)"};
  }
  Json j = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) {
    // Re-parse with exceptions only to recover the position for the message.
    try {
      Json again = Json::parse(text);
      (void)again;
    } catch (const Json::parse_error& e) {
      // e.byte is 1-based and points just past the offending character.
      std::size_t line = 1, column = 1;
      const std::size_t end = std::min(text.size(), e.byte > 0 ? e.byte - 1 : 0);
      for (std::size_t i = 0; i < end; ++i) {
        if (text[i] == '\n') {
          ++line;
          column = 1;
        } else {
          ++column;
        }
      }
      return Error{file, "line " + std::to_string(line) + ", column " + std::to_string(column) + " (byte " +
                             std::to_string(e.byte) + ")",
                   "invalid JSON"};
    } catch (...) {
    }
    return Error{file, "", "invalid JSON"};
  }
  return j;
}

Result<Json> load_json_file(const std::string& path) { return read_and_parse(path, 64u << 20, parse_json); }

std::string field_path(const std::string& where, const std::string& key) {
  return where.empty() ? key : where + "." + key;
}

Status check_format(const Json& j, const std::string& expected, const std::string& file) {
  if (!j.is_object()) return Error{file, "", "top level must be a JSON object"};
  auto it = j.find("format");
  if (it == j.end()) return Error{file, "format", "missing (expected \"" + expected + "\")"};
  if (!it->is_string()) return Error{file, "format", "must be a string"};
  if (it->get<std::string>() != expected)
    return Error{file, "format",
                 "unsupported format \"" + it->get<std::string>() + "\" (expected \"" + expected + "\")"};
  return {};
}

Status read_number(const Json& obj, const char* key, double* out, const std::string& file,
                   const std::string& where) {
  std::string f = field_path(where, key);
  if (!obj.is_object()) return Error{file, where, "must be an object"};
  auto it = obj.find(key);
  if (it == obj.end()) return Error{file, f, "missing"};
  if (!it->is_number()) return Error{file, f, "must be a number"};
  double v = it->get<double>();
  if (!std::isfinite(v)) return Error{file, f, "must be finite"};
  *out = v;
  return {};
}

Status read_string(const Json& obj, const char* key, std::string* out, const std::string& file,
                   const std::string& where) {
  std::string f = field_path(where, key);
  if (!obj.is_object()) return Error{file, where, "must be an object"};
  auto it = obj.find(key);
  if (it == obj.end()) return Error{file, f, "missing"};
  if (!it->is_string()) return Error{file, f, "must be a string"};
  *out = it->get<std::string>();
  return {};
}

Status read_vec3(const Json& v, std::array<double, 3>* out, const std::string& file,
                 const std::string& where) {
  if (!v.is_array() || v.size() != 3) return Error{file, where, "must be an array of 3 numbers [x, y, z]"};
  for (std::size_t i = 0; i < 3; ++i) {
    if (!v[i].is_number()) return Error{file, where, "must be an array of 3 numbers [x, y, z]"};
    double d = v[i].get<double>();
    if (!std::isfinite(d)) return Error{file, where, "coordinate is NaN or infinite"};
    (*out)[i] = d;
  }
  return {};
}

}  // namespace cf
