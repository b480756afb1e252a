// The settings file: versioned, atomic, damaged files kept aside; remapping swaps; nothing reaches a hash.
#include "game/options/settings.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

#include "core/file_io.h"
#include "game/editor/editor_mode.h"
#include "game/options/button_names.h"
#include "kill_during_save.h"

namespace cf {
namespace {

std::string fresh_dir(const std::string& name) {
  const std::string d = std::string(CF_BINARY_DIR) + "/settings_test_" + name;
  EXPECT_EQ(std::system(("rm -rf '" + d + "' && mkdir -p '" + d + "'").c_str()), 0);
  return d;
}

bool exists(const std::string& p) {
  struct stat st {};
  return ::stat(p.c_str(), &st) == 0;
}

Settings changed_settings() {
  Settings s = default_settings();
  remap_pad(&s.controls.map(ControlContext::kPlay), button_index("a"), button_index("b"));
  remap_key(&s.controls.map(ControlContext::kPlay), button_index("a"), key_from_name("T"));
  s.controls.deadzone_inner = 0.1f;
  s.controls.camera_speed = 1.5f;
  s.controls.invert_camera_y = true;
  s.look.dithering = false;
  s.look.text_scale = 2;
  s.look.window_w = 1280;
  s.look.window_h = 960;
  s.sound.effects = 0.25f;
  return s;
}

TEST(Settings, SurviveARestart) {
  const std::string path = fresh_dir("restart") + "/config/critterforge/settings.json";  // folders made on save
  const Settings s = changed_settings();
  ASSERT_NE(s, default_settings());
  ASSERT_TRUE(save_settings_file(path, s).ok());
  std::string report;
  const Settings back = load_settings_file(path, &report);
  EXPECT_EQ(report, "");
  EXPECT_EQ(back, s);
  EXPECT_EQ(back.controls.map(ControlContext::kPlay).pad[button_index("a")], button_index("b"));
  EXPECT_EQ(key_name(back.controls.map(ControlContext::kPlay).key[button_index("a")]), "T");
  EXPECT_FALSE(back.look.dithering);
  EXPECT_EQ(back.look.text_scale, 2);
  EXPECT_FLOAT_EQ(back.sound.effects, 0.25f);
  // The file says what it is.
  EXPECT_NE(read_file(path)->find("\"format\": \"critterforge.settings/2\""), std::string::npos);
}

TEST(Settings, AMissingFileIsTheDefaultsSilently) {
  std::string report = "x";
  EXPECT_EQ(load_settings_file(fresh_dir("missing") + "/settings.json", &report), default_settings());
  EXPECT_EQ(report, "");
}

// Each kind of bad file: reported in one line, the defaults used, the file kept aside unchanged.
void expect_kept_aside(const std::string& name, const std::string& content, const std::string& words) {
  const std::string path = fresh_dir(name) + "/settings.json";
  std::ofstream(path) << content;
  std::string report;
  EXPECT_EQ(load_settings_file(path, &report), default_settings()) << name;
  EXPECT_EQ(report.find('\n'), std::string::npos) << report;
  EXPECT_NE(report.find(path), std::string::npos) << report;
  EXPECT_NE(report.find(words), std::string::npos) << report;
  EXPECT_NE(report.find("kept as " + path + ".damaged-1"), std::string::npos) << report;
  EXPECT_FALSE(exists(path)) << "moved aside, so the next save cannot overwrite it";
  Result<std::string> kept = read_file(path + ".damaged-1");
  ASSERT_TRUE(kept.ok());
  EXPECT_EQ(*kept, content);
  // A second damaged file does not replace the first one kept.
  std::ofstream(path) << "{";
  load_settings_file(path, &report);
  EXPECT_EQ(*read_file(path + ".damaged-1"), content);
  EXPECT_TRUE(exists(path + ".damaged-2"));
}

TEST(Settings, ACorruptFileIsReportedAndKeptAside) {
  expect_kept_aside("corrupt", "{\"format\": \"critterforge.settings/1\", \"look\": {\"dithering\": tru", "line 1");
  expect_kept_aside("future", "{\"format\": \"critterforge.settings/3\"}", "newer than this game reads");
  expect_kept_aside("range", "{\"format\": \"critterforge.settings/1\", \"look\": {\"text_scale\": 7}}", "look.text_scale");
  expect_kept_aside("unknown", "{\"format\": \"critterforge.settings/1\", \"look\": {\"dither\": false}}", "unknown field");
  expect_kept_aside("twice", "{\"format\": \"critterforge.settings/1\", \"controls\": {\"pad\": {\"a\": \"b\"}}}",
                    "two buttons on pad B");
  expect_kept_aside("key", "{\"format\": \"critterforge.settings/1\", \"controls\": {\"keys\": {\"a\": \"W\"}}}",
                    "moves a stick");
}

// Only the game's own kind of file is moved: a FIFO is left where it is, and nothing is saved over it.
TEST(Settings, AFifoIsReportedAndLeftAsItIs) {
  const std::string path = fresh_dir("fifo") + "/settings.json";
  ASSERT_EQ(mkfifo(path.c_str(), 0600), 0);
  std::string report;
  bool may_save = true;
  EXPECT_EQ(load_settings_file(path, &report, &may_save), default_settings());  // returns: a FIFO is never opened
  EXPECT_NE(report.find("FIFO"), std::string::npos) << report;
  EXPECT_FALSE(may_save);
  EXPECT_FALSE(exists(path + ".damaged-1"));
  struct stat st {};
  ASSERT_EQ(::lstat(path.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
}

TEST(Settings, ASigkillDuringASaveLeavesThePreviousFile) {
  const std::string path = fresh_dir("sigkill") + "/settings.json";
  const Settings before = default_settings();
  ASSERT_TRUE(save_settings_file(path, before).ok());
  const std::string before_text = *read_file(path);
  const Settings after = changed_settings();
  cf::test::kill_saves_in_a_loop(5, [&] { (void)save_settings_file(path, after); }, [&](int round) {
    std::string report;
    const Settings now = load_settings_file(path, &report);
    EXPECT_EQ(report, "") << "round " << round;
    EXPECT_TRUE(now == before || now == after) << "round " << round;
    ASSERT_TRUE(save_settings_file(path, before).ok());  // and the killed save's temporary is swept
    EXPECT_EQ(*read_file(path), before_text);
  });
  // The killed saves' temporaries were swept by the saves after them: only the file is left.
  EXPECT_EQ(remove_stale_temp_files(path.substr(0, path.rfind('/'))), 0);
}

TEST(Settings, RemappingSwapsTheTwoButtonsAndKeepsEveryOneReachable) {
  ButtonMap c = default_settings().controls.map(ControlContext::kPlay);
  const int a = button_index("a"), b = button_index("b"), x = button_index("x");
  EXPECT_EQ(remap_pad(&c, a, b), b) << "B had pad B: it moves to A's old button";
  EXPECT_EQ(c.pad[a], b);
  EXPECT_EQ(c.pad[b], a);
  EXPECT_EQ(remap_pad(&c, a, b), -1) << "already there: nothing moves";
  EXPECT_EQ(remap_pad(&c, x, b), a);
  EXPECT_EQ(c.pad[x], b);
  EXPECT_EQ(c.pad[a], x);
  bool seen[kRemapButtons] = {};
  for (int k = 0; k < kRemapButtons; ++k) seen[c.pad[k]] = true;
  for (bool s : seen) EXPECT_TRUE(s);
  // Keys: a free key is taken, a key of another button swaps, a stick key is refused.
  EXPECT_EQ(remap_key(&c, a, key_from_name("T")), -1);
  EXPECT_EQ(key_name(c.key[a]), "T");
  EXPECT_EQ(remap_key(&c, b, key_from_name("T")), a);
  EXPECT_EQ(key_name(c.key[b]), "T");
  EXPECT_EQ(key_name(c.key[a]), "E");
  EXPECT_EQ(remap_key(&c, b, key_from_name("W")), -2);
  EXPECT_EQ(key_name(c.key[b]), "T");
}

TEST(Settings, TheControlsReachThePlatformAndTheLookTheRenderer) {
  Settings s = changed_settings();
  const InputControls in = input_controls(s);
  EXPECT_EQ(in.pad[button_index("a")], button_index("b"));
  EXPECT_EQ(in.dead_inner, 3277);
  EXPECT_FLOAT_EQ(in.camera_speed, 1.5f);
  EXPECT_TRUE(in.invert_y);
  FrameSettings fs;
  s.look.vertex_snapping = false;
  s.look.affine_warping = false;
  s.look.low_resolution = false;
  apply_look(s.look, &fs);
  EXPECT_TRUE(fs.subpixel);
  EXPECT_TRUE(fs.perspective_correct);
  EXPECT_TRUE(fs.no_dither);
  EXPECT_TRUE(fs.full_resolution);
  EXPECT_EQ(text_scale(fs), 2);
  EXPECT_FALSE(fs.modern) << "each part on its own, not the modern renderer";
}

TEST(Settings, PenSpeedsScaleThePenAndAnEditingSessionReplaysWithItsOwn) {
  std::vector<InputFrame> in(10);
  for (InputFrame& f : in) f.left_x = 32767;  // full deflection to the right: the pen moves along +Z
  auto run = [&](float normal) {
    Editor e;
    e.reset(Creature{});
    e.set_pen_speeds(normal, 1.0f);
    const float z0 = e.pen().pos.z;
    for (const InputFrame& f : in) e.step(f);
    return e.pen().pos.z - z0;
  };
  EXPECT_NEAR(run(2.0f), 2.0f * run(1.0f), 1e-4f);
  EXPECT_NEAR(run(1.0f), 10 * kPenSpeed_mps / 60.0f, 1e-3f);
  // Recorded at 2x, the session carries its speeds: replayed by an editor set to 1x it ends the same.
  EditSession rec;
  rec.inputs = in;
  rec.pen_speed = 2.0f;
  Editor live;
  live.reset(Creature{});
  live.set_pen_speeds(2.0f, 1.0f);
  for (const InputFrame& f : in) live.step(f);
  rec.hash = live.hash();
  Result<EditSession> back = parse_edit_session(edit_session_to_json(rec), "s.json");
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_FLOAT_EQ(back->pen_speed, 2.0f);
  Editor other;
  other.set_pen_speeds(1.0f, 1.0f);
  EXPECT_EQ(replay_edit_session(*back, &other), rec.hash);
  // Older sessions have no pen_speeds: the default speeds.
  Json old = edit_session_to_json(EditSession{});
  EXPECT_FALSE(old.contains("pen_speeds"));
  EXPECT_FLOAT_EQ(parse_edit_session(old, "old.json")->pen_speed, 1.0f);
}

}  // namespace
}  // namespace cf
