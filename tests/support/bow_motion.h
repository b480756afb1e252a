#pragma once
// The tests' dropped-in motion: the shipped greet.json copied as bow.json into a folder, under a new name
// with its own HUD word, a new variant predicate (any body with two or more legs, played as authored,
// "bows low"), no d-pad slot (the motion menu only) and the herd's near_player mood. 'extra' (a JSON
// object) is merged into its description.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "core/json.h"

namespace cf::test {

inline std::string write_bow_folder(const std::string& dir, const std::string& extra = "") {
  std::filesystem::create_directories(dir);
  std::ifstream f(CF_ASSETS_DIR "/motions/greet.json");
  std::stringstream text;
  text << f.rdbuf();
  auto greet = parse_json(text.str(), "greet.json");
  EXPECT_TRUE(greet.ok());
  Json bow = greet.ok() ? *greet : Json::object();
  bow["name"] = "bow";
  Json& d = bow["description"];
  d["hud"] = "Bow";
  d["hint"] = "bow";
  d["order"] = 40;
  d.erase("dpad");
  d.erase("cues");
  d["herd"] = Json::array({"near_player"});
  d["variants"] = Json::array({Json{{"when", {{"min_legs", 2}}}, {"style", "as_authored"}, {"words", "bows low"}}});
  if (!extra.empty()) d.update(*parse_json(extra, "extra"));
  std::ofstream(dir + "/bow.json") << bow.dump(1) << "\n";
  return dir;
}

}  // namespace cf::test
