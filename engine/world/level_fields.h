#pragma once
// Where a level file's error is: the path of a field inside it ("walls[2].pipes[0]").
#include <cstddef>
#include <string>

namespace cf {

// An array element's path: element_path("walls", 2) == "walls[2]".
inline std::string element_path(const std::string& array, std::size_t i) { return array + "[" + std::to_string(i) + "]"; }

}  // namespace cf
