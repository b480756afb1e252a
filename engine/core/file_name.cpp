#include "core/file_name.h"

namespace cf {

namespace {

bool reserved_on_some_disk(const std::string& s) {
  // Windows device names, whatever the extension: a save on a shared FAT/NTFS disk must not hit them.
  static const char* const kNames[] = {"con", "prn", "aux", "nul"};
  for (const char* n : kNames)
    if (s == n) return true;
  return s.size() == 4 && (s.compare(0, 3, "com") == 0 || s.compare(0, 3, "lpt") == 0) && s[3] >= '1' && s[3] <= '9';
}

}  // namespace

std::string file_slug(std::string_view shown, std::size_t max_len) {
  std::string s;
  for (char ch : shown) {
    const auto c = static_cast<unsigned char>(ch);
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
      s += static_cast<char>(c);
    } else if (c >= 'A' && c <= 'Z') {
      s += static_cast<char>(c - 'A' + 'a');
    } else if (!s.empty() && s.back() != '_') {
      s += '_';
    }
    if (s.size() > max_len) break;
  }
  if (s.size() > max_len) s.resize(max_len);
  while (!s.empty() && s.back() == '_') s.pop_back();
  if (reserved_on_some_disk(s)) s += '_';
  return s;
}

bool is_plain_file_name(std::string_view name) {
  if (name.empty() || name.size() > 200 || name[0] == '.' || name[0] == '-') return false;
  if (name.find("..") != std::string_view::npos) return false;
  for (char ch : name) {
    const bool ok = (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_' || ch == '.' || ch == '-';
    if (!ok) return false;
  }
  return true;
}

bool is_one_component(std::string_view name) {
  if (name.empty() || name.size() > 255 || name == "." || name == "..") return false;
  for (char ch : name) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '/' || c < 0x20 || c == 0x7f) return false;
  }
  return true;
}

Result<std::string> game_file_name(std::string_view shown, std::string_view id, std::string_view suffix) {
  const std::string slug = file_slug(shown);
  std::string name = slug.empty() ? std::string(id) : slug + "-" + std::string(id);
  name += suffix;
  if (id.empty() || !is_plain_file_name(name))
    return Error{"", "", "cannot make a file name from the id \"" + std::string(id.substr(0, 40)) + "\""};
  return name;
}

Result<std::string> path_in(const std::string& dir, const std::string& name) {
  if (!is_plain_file_name(name)) return Error{dir, "", "refused a file name that is not one plain name in this folder"};
  return dir + "/" + name;
}

}  // namespace cf
