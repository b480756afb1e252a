// Game-made file names: whatever a shown name holds, the name written is one plain component.
#include "core/file_name.h"

#include <string>

#include <gtest/gtest.h>

namespace cf {
namespace {

TEST(FileName, HostileShownNamesGiveOnePlainComponent) {
  const std::string hostile[] = {"..", "../../../victim.txt", std::string("a\0b/../x", 8), "line\nbreak",
                                 std::string(4000, 'x'), "CON", "nul", "com1", "\xff\xfe\xc3(", "#", "%n%n%s",
                                 "/", "", ".hidden", "-rf", "Sprint 1/2"};
  for (const std::string& h : hostile) {
    Result<std::string> n = game_file_name(h, "0123456789abcdef", ".replay.json");
    ASSERT_TRUE(n.ok()) << h;
    EXPECT_TRUE(is_plain_file_name(*n)) << *n;
    EXPECT_TRUE(is_one_component(*n)) << *n;
    EXPECT_EQ(n->find('/'), std::string::npos) << *n;
    EXPECT_LE(n->size(), kMaxSlug + 1 + 16 + 12) << *n;
    EXPECT_LE(file_slug(h).size(), kMaxSlug);
  }
  EXPECT_EQ(*game_file_name("Sprint 1/2", "ab", ".json"), "sprint_1_2-ab.json");
  EXPECT_EQ(*game_file_name("..", "ab", ".json"), "ab.json");
  EXPECT_EQ(file_slug("CON"), "con_");
  EXPECT_EQ(file_slug("Com7"), "com7_");
  EXPECT_EQ(file_slug("My Dog!"), "my_dog");
}

TEST(FileName, AnIdOrSuffixThatIsNotPlainIsRefused) {
  EXPECT_FALSE(game_file_name("x", "", ".json").ok());
  EXPECT_FALSE(game_file_name("x", "../a", ".json").ok());
  EXPECT_FALSE(game_file_name("x", "a/b", ".json").ok());
  EXPECT_FALSE(game_file_name("x", std::string("a\0b", 3), ".json").ok());
  EXPECT_FALSE(path_in("/d", "..").ok());
  EXPECT_FALSE(path_in("/d", "a/b").ok());
  EXPECT_FALSE(path_in("/d", ".x").ok());
  EXPECT_EQ(*path_in("/d", "a-1.json"), "/d/a-1.json");
}

TEST(FileName, OldNamesAreReadIfTheyAreOneEntry) {
  EXPECT_TRUE(is_one_component("Sprint 1_00ff_123.replay.json"));
  EXPECT_TRUE(is_one_component("#1.json"));
  EXPECT_FALSE(is_one_component(".."));
  EXPECT_FALSE(is_one_component("a/b"));
  EXPECT_FALSE(is_one_component(std::string("a\0", 2)));
  EXPECT_FALSE(is_one_component("a\nb"));
  EXPECT_FALSE(is_one_component(std::string(300, 'a')));
}

}  // namespace
}  // namespace cf
