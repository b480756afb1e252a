#pragma once
// Recoverable failures (files, user input) carry a message naming the file, the field and the problem.
#include <string>
#include <utility>
#include <variant>

namespace cf {

struct Error {
  std::string file;     // file the problem is in; empty when not from a file
  std::string field;    // JSON field path, part index or line ("parts[2].stroke", "line 14")
  std::string message;  // what is wrong, in the reader's words

  // "file: field: message" with empty pieces left out, on one line: control bytes (which may come
  // from the input itself, e.g. a joint name) are shown as \xNN, never sent raw to a terminal.
  std::string to_string() const {
    std::string s;
    if (!file.empty()) s += file + ": ";
    if (!field.empty()) s += field + ": ";
    s += message;
    return escape_control_bytes(s);
  }

  static std::string escape_control_bytes(const std::string& in) {
    std::string out;
    out.reserve(in.size());
    for (char ch : in) {
      const unsigned char c = static_cast<unsigned char>(ch);
      if (c >= 0x20 && c != 0x7f) {
        out += ch;
      } else {
        static const char kHex[] = "0123456789abcdef";
        out += {'\\', 'x', kHex[c >> 4], kHex[c & 15]};
      }
    }
    return out;
  }
};

template <class T>
class Result {
 public:
  Result(T value) : v_(std::move(value)) {}
  Result(Error error) : v_(std::move(error)) {}
  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() { return std::get<0>(v_); }
  const T& value() const { return std::get<0>(v_); }
  T& operator*() { return value(); }
  const T& operator*() const { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  const Error& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

// A Result for operations that produce nothing but may fail.
struct Status {
  Status() = default;
  Status(Error e) : failed(true), error(std::move(e)) {}
  bool ok() const { return !failed; }
  explicit operator bool() const { return ok(); }
  bool failed = false;
  Error error;
};

}  // namespace cf
