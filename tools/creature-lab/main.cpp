// creature-lab: headless access to every engine stage, JSON in and JSON out.
#include <cstdio>
#include <cstring>
#include <set>
#include <string>

#include "lab_args.h"

namespace cf::lab {

struct Command {
  const char* name;
  int (*run)(const Args&);
};

#include "lab_commands.inc"

// Flags that never take a value, for every command.
static const std::set<std::string> kValueFree = {"raw", "help", "modern", "pretty", "flip", "cycle", "mirror"};

static void usage(std::FILE* f) {
  std::fprintf(f, "usage: creature-lab <command> [options]\ncommands:\n");
  for (const auto& c : kCommands) std::fprintf(f, "  %s\n", c.name);
}

}  // namespace cf::lab

int main(int argc, char** argv) {
  using namespace cf::lab;
  if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "help")) {
    usage(argc < 2 ? stderr : stdout);
    return argc < 2 ? kExitBadInput : kExitOk;
  }
  for (const auto& c : kCommands) {
    if (std::strcmp(c.name, argv[1]) == 0) {
      Args a = parse_args(c.name, argc - 2, argv + 2, kValueFree);
      return c.run(a);
    }
  }
  std::fprintf(stderr, "creature-lab: unknown command '%s' (try creature-lab --help)\n", argv[1]);
  return kExitBadInput;
}
