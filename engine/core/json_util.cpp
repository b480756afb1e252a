#include "core/json_util.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/file_io.h"
#include "core/json.h"

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

std::size_t json_memory_estimate(const std::string& text) {
  // Per token outside strings: an array (its slot, vector and block), an object (slot, map), an
  // element after a comma (a slot, doubled for the vector's growth), a member (a map node and its
  // key); a string its object and its bytes. Measured: "[]," takes 41 bytes parsed, counted 96.
  std::size_t arrays = 0, objects = 0, commas = 0, members = 0, strings = 0, string_bytes = 0;
  bool in_string = false;
  std::size_t start = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
        string_bytes += i - start;
      }
      continue;
    }
    switch (c) {
      case '"': in_string = true, start = i, ++strings; break;
      case '[': ++arrays; break;
      case '{': ++objects; break;
      case ',': ++commas; break;
      case ':': ++members; break;
      default: break;
    }
  }
  return 64 * arrays + 80 * objects + 32 * (commas + arrays + 1) + 96 * members + 48 * strings + string_bytes;
}

namespace {

// Cuts a value from the input for a message: a 100 KB key or number must not fill it.
std::string shown(const std::string& s) { return s.size() > 40 ? s.substr(0, 40) + "..." : s; }

// Follows a parse as SAX events to say where it stopped: the path of the value being read
// ("walls[2].height") and the offset and token of the error. Only run on text that failed to parse.
class ErrorLocator final : public nlohmann::json_sax<Json> {
 public:
  bool null() override { return value(); }
  bool boolean(bool) override { return value(); }
  bool number_integer(number_integer_t) override { return value(); }
  bool number_unsigned(number_unsigned_t) override { return value(); }
  bool number_float(number_float_t, const string_t&) override { return value(); }
  bool string(string_t&) override { return value(); }
  bool binary(binary_t&) override { return value(); }
  bool start_object(std::size_t) override { return open(false); }
  bool key(string_t& k) override {
    levels_.back().key = k;
    return true;
  }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(true); }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t position, const std::string& token, const nlohmann::detail::exception& ex) override {
    failed_ = true;
    position_ = position;
    token_ = token;
    id_ = ex.id;
    return false;
  }

  bool failed() const { return failed_; }
  std::size_t position() const { return position_; }  // offset just past the bad token
  const std::string& token() const { return token_; }
  bool number_out_of_range() const { return id_ == 406; }
  // The field being read when the parse stopped: open containers by key or index, then the element.
  std::string path() const {
    std::string p;
    for (std::size_t i = 0; i < levels_.size(); ++i) {
      const Level& l = levels_[i];
      const bool last = i + 1 == levels_.size();
      if (l.array) {
        p += "[" + std::to_string(last ? l.elements : l.elements - 1) + "]";
      } else if (!l.key.empty() || !last) {
        p += (p.empty() ? "" : ".") + shown(l.key);
      }
    }
    return p;
  }

 private:
  struct Level {
    bool array = false;
    std::size_t elements = 0;  // values seen so far (arrays)
    std::string key;           // the last key (objects)
  };
  bool value() {
    if (!levels_.empty() && levels_.back().array) ++levels_.back().elements;
    return true;
  }
  bool open(bool array) {
    value();
    levels_.push_back(Level{array, 0, {}});
    return true;
  }
  bool close() {
    levels_.pop_back();
    return true;
  }
  std::vector<Level> levels_;
  bool failed_ = false;
  std::size_t position_ = 0;
  std::string token_;
  int id_ = 0;
};

// "line 3, column 8 (byte 20)" for a 0-based offset.
std::string line_and_column(const std::string& text, std::size_t offset) {
  std::size_t line = 1, column = 1;
  const std::size_t end = std::min(text.size(), offset);
  for (std::size_t i = 0; i < end; ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(column) + " (byte " +
         std::to_string(offset + 1) + ")";
}

}  // namespace

Result<Json> parse_json(const std::string& text, const std::string& file, std::size_t memory_budget) {
  if (std::size_t at = find_too_deep(text, kMaxJsonDepth); at != std::string::npos) {
    return Error{file, "byte " + std::to_string(at),
                 "nested too deeply (more than " + std::to_string(kMaxJsonDepth) + " levels of arrays and objects)"};
  }
  if (const std::size_t need = json_memory_estimate(text); need > memory_budget) {
    return Error{file, "", "too many values: parsing it would take about " + std::to_string(need >> 20) +
                               " MB in memory (the budget is " + std::to_string(memory_budget >> 20) + " MB)"};
  }
  Json j = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!j.is_discarded()) return j;
  // Parse again as events only to say where and in which field it failed (a number out of range,
  // 1e999, is no syntax error: nlohmann's exception for it carries no position).
  ErrorLocator where;
  Json::sax_parse(text, &where);
  if (!where.failed()) return Error{file, "", "invalid JSON"};
  const std::string path = where.path();
  if (where.number_out_of_range()) {
    const std::size_t start = where.position() - std::min(where.position(), where.token().size());
    return Error{file, line_and_column(text, start) + (path.empty() ? "" : ", " + path),
                 "number out of range: " + shown(where.token()) + " overflows to infinity"};
  }
  // The position is just past the offending character.
  return Error{file, line_and_column(text, where.position() > 0 ? where.position() - 1 : 0) +
                         (path.empty() ? "" : ", " + path),
               "invalid JSON"};
}

Result<Json> load_json_file(const std::string& path) {
  return read_and_parse<Json>(path, 64u << 20, [](const std::string& text, const std::string& file) {
    return parse_json(text, file);
  });
}

Status check_keys(const Json& obj, std::initializer_list<const char*> known, const std::string& file,
                  const std::string& where) {
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    bool ok = false;
    for (const char* k : known) ok = ok || it.key() == k;
    if (!ok) return Error{file, field_path(where, it.key()), "unknown field"};
  }
  return {};
}

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
