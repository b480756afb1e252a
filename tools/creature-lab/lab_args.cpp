#include "lab_args.h"
#include "core/json.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>

namespace cf::lab {

std::string Args::get(const std::string& name, const std::string& fallback) const {
  auto it = values.find(name);
  return it == values.end() ? fallback : it->second;
}

static bool parse_double(const std::string& s, double* out) {
  if (s.empty()) return false;
  char* end = nullptr;
  double v = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size() || !std::isfinite(v)) return false;
  *out = v;
  return true;
}

bool Args::get_times(const std::string& name, std::vector<double>* out) const {
  std::stringstream list(get(name));
  for (std::string item; std::getline(list, item, ',');) {
    char* end = nullptr;
    const double t = std::strtod(item.c_str(), &end);
    if (item.empty() || *end != '\0' || !(t >= 0.0 && t < 3600.0)) {
      std::fprintf(stderr, "creature-lab %s: --%s: '%s' is not a time in seconds\n", command.c_str(), name.c_str(),
                   item.c_str());
      return false;
    }
    out->push_back(t);
  }
  return true;
}

bool Args::get_number(const std::string& name, double fallback, double* out) const {
  auto it = values.find(name);
  if (it == values.end()) {
    if (flags.count(name)) {
      std::fprintf(stderr, "creature-lab %s: --%s needs a value\n", command.c_str(), name.c_str());
      return false;
    }
    *out = fallback;
    return true;
  }
  if (!parse_double(it->second, out)) {
    std::fprintf(stderr, "creature-lab %s: --%s: '%s' is not a finite number\n", command.c_str(), name.c_str(),
                 it->second.c_str());
    return false;
  }
  return true;
}

// --name "a,b[,c]": n finite numbers, named by 'shape' ("x,z") in the messages.
bool Args::get_list(const std::string& name, int n, const char* shape, double* out) const {
  auto it = values.find(name);
  if (it == values.end()) {
    std::fprintf(stderr, "creature-lab %s: --%s %s is required\n", command.c_str(), name.c_str(), shape);
    return false;
  }
  const std::string& s = it->second;
  std::size_t from = 0;
  for (int k = 0; k < n; ++k) {
    const std::size_t comma = s.find(',', from);
    const bool last = k + 1 == n;
    if ((comma == std::string::npos) != last ||
        !parse_double(s.substr(from, last ? std::string::npos : comma - from), &out[k])) {
      std::fprintf(stderr, "creature-lab %s: --%s: '%s' is not %s with finite numbers\n", command.c_str(), name.c_str(),
                   s.c_str(), shape);
      return false;
    }
    from = comma + 1;
  }
  return true;
}

bool Args::get_vec3(const std::string& name, double out[3]) const { return get_list(name, 3, "x,y,z", out); }
bool Args::get_vec2(const std::string& name, double out[2]) const { return get_list(name, 2, "x,z", out); }

bool Args::only(const std::set<std::string>& known) const {
  for (const auto& [k, v] : values)
    if (!known.count(k)) {
      std::fprintf(stderr, "creature-lab %s: unknown option --%s\n", command.c_str(), k.c_str());
      return false;
    }
  for (const auto& k : flags)
    if (!known.count(k)) {
      std::fprintf(stderr, "creature-lab %s: unknown option --%s\n", command.c_str(), k.c_str());
      return false;
    }
  return true;
}

Args parse_args(const std::string& command, int argc, char** argv, const std::set<std::string>& value_free) {
  Args a;
  a.command = command;
  for (int i = 0; i < argc; ++i) {
    std::string s = argv[i];
    if (s.size() > 2 && s[0] == '-' && s[1] == '-') {
      std::string name = s.substr(2);
      auto eq = name.find('=');
      if (eq != std::string::npos) {
        a.values[name.substr(0, eq)] = name.substr(eq + 1);
      } else if (value_free.count(name) || i + 1 >= argc) {
        a.flags.insert(name);
      } else {
        a.values[name] = argv[++i];
      }
    } else {
      a.positional.push_back(s);
    }
  }
  return a;
}

int print_json(const Json& j) {
  std::cout << j.dump(2) << "\n";
  return kExitOk;
}

int fail(const Args& a, const std::string& message, int code) {
  // Messages may quote the input (file names, joint names): control bytes are escaped.
  std::fprintf(stderr, "creature-lab %s: %s\n", Error::escape_control_bytes(a.command).c_str(),
               Error::escape_control_bytes(message).c_str());
  return code;
}

}  // namespace cf::lab
