#pragma once
// The creature file: JSON, "format": "critterforge.creature/1". Loading validates every rule of
// validate_creature; errors name the file, the field ("parts[3].stroke[1]") and the problem.
#include <string>

#include "core/json_util.h"
#include "core/result.h"
#include "creature/creature.h"

namespace cf {

constexpr const char* kCreatureFormat = "critterforge.creature/1";

// Parses and validates a creature from text; 'file' is used in error messages. check_rules false
// keeps a creature that breaks a rule (an editor's draft, mid-work) but still refuses bad JSON,
// unknown fields and bad values.
Result<Creature> parse_creature(const std::string& text, const std::string& file, bool check_rules = true);
// Reads, parses and validates a creature file.
Result<Creature> load_creature(const std::string& path);
// The file form of a creature (side written only when it was given).
Json creature_to_json(const Creature& c);
// Validates, then writes the creature as pretty JSON atomically (temp file + rename).
Status save_creature(const std::string& path, const Creature& c);

}  // namespace cf
