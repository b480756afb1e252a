#include "lab_args.h"
#include "core/json.h"

namespace cf::lab {

// Prints the tool's version and the file formats it reads.
int cmd_version(const Args& a) {
  if (!a.only({})) return kExitBadInput;
  Json j;
  j["tool"] = "creature-lab";
  j["version"] = 1;
  return print_json(j);
}

}  // namespace cf::lab
