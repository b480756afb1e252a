// The shipped editing session (tools/record-edit-session): a biped drawn with mouse drags in the
// real game and saved under a typed name, recorded with --record. Replayed headless it must reach the
// golden editor hash and save the very file the live session saved, byte for byte. Label "replay":
// .ci/run runs it in the Release build and again in the Debug/ASan build.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/input_frame.h"
#include "core/json_util.h"
#include "run_command.h"
#include "core/json.h"

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

  // What the session must make, checked apart from the recording (re-recorded when the editor's pen
  // changed): a torso, a mirrored pair of legs standing on the ground, a head on the centre line.
  Result<Json> c = parse_json(replayed, saved);
  ASSERT_TRUE(c.ok()) << c.error().to_string();
  std::vector<const Json*> legs;
  int torsos = 0, heads = 0;
  for (const Json& part : (*c)["parts"]) {
    const std::string tag = part["tag"].get<std::string>();
    torsos += tag == "torso";
    if (tag == "leg") legs.push_back(&part);
    if (tag != "head") continue;
    ++heads;
    for (const Json& q : part["stroke"]) EXPECT_NEAR(q[0].get<double>(), 0.0, 1e-6) << "the head on the centre line";
  }
  EXPECT_EQ(torsos, 1);
  EXPECT_EQ(heads, 1);
  ASSERT_EQ(legs.size(), 2u);
  const Json &a = (*legs[0])["stroke"], &b = (*legs[1])["stroke"];
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_NEAR(a[i][0].get<double>(), -b[i][0].get<double>(), 1e-5) << "mirrored, point " << i;
    EXPECT_NEAR(a[i][1].get<double>(), b[i][1].get<double>(), 1e-6);
  }
  EXPECT_EQ(a[a.size() - 1][1].get<double>(), 0.0) << "the toe on the ground";
  EXPECT_GT(std::abs(a[0][0].get<double>()), 0.1) << "the hips on the torso's sides";
}

}  // namespace
}  // namespace cf::test
