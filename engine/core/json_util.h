#pragma once
// Helpers for reading versioned JSON files with errors that name the file, the field and the problem.
#include <array>
#include <initializer_list>
#include <string>

// Only the declaration: the full library costs every file that includes it seconds of compile time;
// a file that reads or writes Json members includes core/json.h.
#include <nlohmann/json_fwd.hpp>

#include "core/result.h"

namespace cf {

using Json = nlohmann::json;

// Deepest nesting of arrays and objects any file may have. Far below what the stack allows: copying,
// dumping and comparing a Json recurse once per level (55,000 levels overflow the stack).
constexpr int kMaxJsonDepth = 100;

// What a parsed document may take in memory, by json_memory_estimate: a file of empty arrays takes
// about 20 times its size once parsed, so a size limit alone does not bound a loader.
constexpr std::size_t kJsonMemoryBudget = 128u << 20;

// Parses text; on a syntax error the message carries the byte offset. Text nested deeper than
// kMaxJsonDepth, or whose parsed document would take more than memory_budget bytes, is refused
// before parsing ("nested too deeply", "would take N MB in memory").
Result<Json> parse_json(const std::string& text, const std::string& file,
                        std::size_t memory_budget = kJsonMemoryBudget);
// Bytes the parsed document of text takes at most, from one pass over the text (each container,
// element, member and string at what nlohmann spends on it, rounded up).
std::size_t json_memory_estimate(const std::string& text);
// Byte offset where text first goes deeper than max_depth (brackets inside strings do not count),
// or npos when it never does.
std::size_t find_too_deep(const std::string& text, int max_depth);
// Reads and parses a file.
Result<Json> load_json_file(const std::string& path);

// Checks the "format" field equals expected ("critterforge.creature/1").
Status check_format(const Json& j, const std::string& expected, const std::string& file);

// Field readers: fail when the field is missing, of the wrong type, or not finite.
// 'where' is the path of the enclosing object ("parts[2]"), used in error messages.
Status read_number(const Json& obj, const char* key, double* out, const std::string& file,
                   const std::string& where);
Status read_string(const Json& obj, const char* key, std::string* out, const std::string& file,
                   const std::string& where);
// A JSON array of 3 finite numbers.
Status read_vec3(const Json& v, std::array<double, 3>* out, const std::string& file,
                 const std::string& where);

// Rejects keys the format does not define (naming the first), so typos do not pass silently.
Status check_keys(const Json& obj, std::initializer_list<const char*> known, const std::string& file,
                  const std::string& where);

// Joins a field path: field_path("parts[2]", "stroke") == "parts[2].stroke".
std::string field_path(const std::string& where, const std::string& key);

}  // namespace cf
