#pragma once
// The whole JSON library, for files that build, read or copy Json values (json_util.h declares it only).
#include <nlohmann/json.hpp>

#include "core/json_util.h"
