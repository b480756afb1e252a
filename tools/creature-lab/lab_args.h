#pragma once
// Command-line arguments of one creature-lab command: flags ("--name value" or "--flag") and positionals.
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/json_util.h"

namespace cf::lab {

constexpr int kExitOk = 0;
constexpr int kExitFailure = 1;  // the command ran but a check failed
constexpr int kExitBadInput = 2;  // bad arguments or bad input file

struct Args {
  std::string command;
  std::map<std::string, std::string> values;  // --name value
  std::set<std::string> flags;                // --name with no value
  std::vector<std::string> positional;

  bool has(const std::string& name) const { return values.count(name) || flags.count(name); }
  std::string get(const std::string& name, const std::string& fallback = "") const;
  // Parses a number flag; false (with a message on stderr) when present but not a finite number.
  bool get_number(const std::string& name, double fallback, double* out) const;
  // A comma-separated list of times in seconds, [0, 3600); false (after reporting it) on a bad entry.
  bool get_times(const std::string& name, std::vector<double>* out) const;
  // Parses "x,y,z"; false (with a message on stderr) when malformed.
  bool get_vec3(const std::string& name, double out[3]) const;
  // --name x,z: two finite numbers (false, with a message, when missing or malformed).
  bool get_vec2(const std::string& name, double out[2]) const;
  bool get_list(const std::string& name, int n, const char* shape, double* out) const;
  // Prints "creature-lab <cmd>: unknown option --x" for any name not in 'known'; true when all known.
  bool only(const std::set<std::string>& known) const;
};

// Splits argv after the command name. 'value_free' names flags that take no value.
Args parse_args(const std::string& command, int argc, char** argv, const std::set<std::string>& value_free);

// Prints one JSON document on stdout (pretty, 2 spaces) and returns kExitOk.
int print_json(const Json& j);
// Prints "creature-lab <cmd>: <message>" on stderr and returns code.
int fail(const Args& a, const std::string& message, int code = kExitBadInput);

}  // namespace cf::lab
