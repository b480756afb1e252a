// The shipped editing session (tools/record-edit-session): a biped drawn with mouse drags in the
// real game and saved under a typed name, recorded with --record. Replayed headless it must reach the
// golden editor hash and save the very file the live session saved, byte for byte. Label "replay":
// .ci/run runs it in the Release build and again in the Debug/ASan build.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "core/input_frame.h"
#include "core/json_util.h"
#include "run_command.h"

namespace cf::test {
namespace {

const std::string kDir = std::string(CF_SOURCE_DIR) + "/tests/data/game/editor/";

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string last_line(const std::string& out) {
  std::string s = out;
  while (!s.empty() && s.back() == '\n') s.pop_back();
  const std::size_t nl = s.find_last_of('\n');
  return nl == std::string::npos ? s : s.substr(nl + 1);
}

TEST(EditSessionReplay, ReplaysToTheGoldenHashAndSavesTheLiveSessionsFileByteForByte) {
  Result<Json> golden = load_json_file(kDir + "mouse_pet.golden.json");
  ASSERT_TRUE(golden.ok()) << golden.error().to_string();
  Result<Json> session = load_json_file(kDir + "mouse_pet.editsession.json");
  ASSERT_TRUE(session.ok()) << session.error().to_string();
  const std::string want_hash = (*golden)["hash"].get<std::string>();
  EXPECT_EQ((*session)["hash"].get<std::string>(), want_hash) << "the recording and the golden disagree";
  EXPECT_EQ((*session)["ticks"].get<int>(), (*golden)["ticks"].get<int>());

  // The recording really holds mouse drags and typed keys (the 12-field input form).
  int dragged = 0, typed = 0;
  for (const Json& in : (*session)["inputs"]) {
    if (in.size() != 12) continue;
    if (in[7].get<std::uint32_t>() & kButtonMouseLeft) dragged += in[0].get<int>();
    if (in[11].get<int>() != 0) typed += in[0].get<int>();
  }
  EXPECT_GE(dragged, 34 + 50 + 16);
  EXPECT_EQ(typed, 10) << "MOUSE_PET and Enter";

  const std::string data = std::string(CF_BINARY_DIR) + "/edit_session_replay_data";
  ASSERT_EQ(std::system(("rm -rf '" + data + "'").c_str()), 0);
  const CommandResult r = run_command(
      "cd '" CF_SOURCE_DIR "' && SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy '" CF_GAME_EXE "' --headless --replay '" +
      kDir + "mouse_pet.editsession.json' --data-dir '" + data + "' --print-hash");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(last_line(r.out), want_hash);

  const std::string saved = data + "/creatures/mouse_pet.json";  // the typed name's file
  const std::string replayed = read_all(saved);
  ASSERT_FALSE(replayed.empty()) << saved << " was not saved by the replay";
  EXPECT_EQ(replayed, read_all(kDir + "mouse_pet.creature.json"))
      << "the replay saved a different file from the one the live session saved";
  const CommandResult sha = run_command("sha256sum '" + saved + "'");
  ASSERT_EQ(sha.exit_code, 0) << sha.err;
  EXPECT_EQ(sha.out.substr(0, 64), (*golden)["creature_sha256"].get<std::string>());
  EXPECT_NE(replayed.find("\"name\": \"MOUSE_PET\""), std::string::npos);
}

}  // namespace
}  // namespace cf::test
