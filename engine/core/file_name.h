#pragma once
// File names the game makes: never from file content. A name is a short slug of what the player
// sees (if anything) plus an id the game made (a content hash or a counter), and it is checked to be
// one plain path component before it is joined to its folder.
#include <cstddef>
#include <string>
#include <string_view>

#include "core/result.h"

namespace cf {

// Longest slug a game-made name takes from a shown name.
constexpr std::size_t kMaxSlug = 40;

// Lower-case ASCII letters, digits and '_' from 'shown' ("Sprint 1/2" -> "sprint_1_2"), at most
// max_len; a name a disk reserves ("con", "nul", "com1" ...) gets a trailing '_'; "" when nothing is
// left. Bytes outside ASCII (invalid UTF-8 included) are separators.
std::string file_slug(std::string_view shown, std::size_t max_len = kMaxSlug);

// True when 'name' can be written as one file in a folder on any disk: 1..200 bytes of [a-z0-9_.-],
// not starting with '.' or '-' (hidden, our temporaries, options), no "..".
bool is_plain_file_name(std::string_view name);

// True when 'name' names one entry of a folder (what older files may hold): no '/', no NUL or
// control byte, not "." or "..", at most 255 bytes. Weaker than is_plain_file_name: for reading.
bool is_one_component(std::string_view name);

// "<slug>-<id><suffix>" ("<id><suffix>" when the slug is empty), e.g. game_file_name("Sprint 1/2",
// "3fa9c0d1e2b4a6f8", ".replay.json") == "sprint_1_2-3fa9c0d1e2b4a6f8.replay.json"; an error when
// the id or suffix would make it other than a plain file name.
Result<std::string> game_file_name(std::string_view shown, std::string_view id, std::string_view suffix);

// dir + "/" + name when name is one plain file name, else an error naming the folder.
Result<std::string> path_in(const std::string& dir, const std::string& name);

}  // namespace cf
