// The editor driven tick by tick from InputFrames (the same scripts the end-to-end tests feed the
// real binary), saving, and replays of editing sessions.
#include "game/editor/editor.h"

#include <csignal>
#include <cstdio>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "core/file_io.h"
#include "creature/creature_io.h"
#include "creature/creature_rules.h"
#include "creature/stroke_tools.h"
#include "editor_scripts.h"
#include "game/editor/editor_mode.h"
#include "game/run/run_harness.h"
#include "game/play/scene.h"
#include "game/session/session.h"
#include "skeleton/rig_builder.h"

namespace cf {
namespace {

Editor run(const test::PadSteps& s, const Creature& start = {}) {
  Editor e;
  e.reset(start);
  for (const InputFrame& f : s.frames()) e.step(f);
  return e;
}

int count(const Creature& c, PartTag t) {
  int n = 0;
  for (const Part& p : c.parts) n += p.tag == t;
  return n;
}

TEST(Editor, DrawsABipedWithTheStick) {
  const Editor e = run(test::draw_biped());
  const Creature& c = e.doc().creature;
  EXPECT_EQ(count(c, PartTag::kTorso), 1);
  EXPECT_EQ(count(c, PartTag::kLeg), 2);
  EXPECT_EQ(count(c, PartTag::kHead), 1);
  // The head grows from the top of the torso, upwards.
  const Part& torso = c.parts[static_cast<std::size_t>(find_torso(c))];
  for (const Part& part : c.parts) {
    if (part.tag != PartTag::kHead) continue;
    EXPECT_NEAR(part.stroke.front().y, torso.stroke.back().y, 0.05f);
    EXPECT_GT(part.stroke.back().y, part.stroke.front().y + 0.15f);
  }
  const std::vector<RuleProblem> p = check_creature_rules(c);
  EXPECT_TRUE(p.empty()) << p.front().message;
  EXPECT_TRUE(build_rig(c).ok());
}

TEST(Editor, DrawsAQuadrupedAndAHexapod) {
  const Creature q = run(test::draw_quadruped()).doc().creature;
  EXPECT_EQ(count(q, PartTag::kLeg), 4);
  EXPECT_EQ(count(q, PartTag::kHead), 1);
  EXPECT_EQ(count(q, PartTag::kTail), 1);
  for (const Part& part : q.parts) {
    if (part.tag == PartTag::kHead) {
      EXPECT_GT(part.stroke.front().z, 0.4f) << "the head is at the front";
    }
    if (part.tag == PartTag::kTail) {
      EXPECT_LT(part.stroke.front().z, -0.4f) << "the tail is at the back";
    }
  }
  EXPECT_TRUE(check_creature_rules(q).empty()) << check_creature_rules(q).front().message;
  const Creature h = run(test::draw_hexapod()).doc().creature;
  EXPECT_EQ(count(h, PartTag::kLeg), 6);
  EXPECT_TRUE(check_creature_rules(h).empty()) << check_creature_rules(h).front().message;
}

TEST(Editor, SwitchingViewsMovesThePenInTheOtherPlane) {
  const float step = kPenSpeed_mps / 60.0f;  // full deflection, one tick
  test::PadSteps s;
  s.move(1, 0, 10);
  Editor e = run(s);
  EXPECT_NEAR(e.pen().pos.z, 10 * step, 1e-4f);
  EXPECT_EQ(e.pen().pos.x, 0.0f);
  s.press("y").move(1, 0, 10).press("up");
  e = run(s);
  EXPECT_EQ(e.pen().plane, DrawPlane::kFront);
  EXPECT_NEAR(e.pen().pos.x, 10 * step, 1e-4f);
  EXPECT_NEAR(e.pen().pos.z, 10 * step - kDepthNudge_m, 1e-4f) << "d-pad up: away from the front camera";
  // Slow mode (LB) moves the pen at kPenSlowSpeed_mps.
  test::PadSteps slow;
  slow.add({10, 1, 0, {"lb"}});
  EXPECT_NEAR(run(slow).pen().pos.z, 10 * kPenSlowSpeed_mps / 60.0f, 1e-4f);
}

// Noisy stick input: every tick the stick wobbles by up to 40% around a steady pull.
TEST(Editor, NoisyStickGivesASmoothStroke) {
  test::PadSteps s;
  s.move(0, 1, 6);
  std::uint32_t r = 12345;
  for (int i = 0; i < 40; ++i) {
    r = r * 1664525u + 1013904223u;
    const float wob = static_cast<float>(r >> 8) / 16777216.0f * 0.8f - 0.4f;
    r = r * 1664525u + 1013904223u;
    const float wob2 = static_cast<float>(r >> 8) / 16777216.0f * 0.8f - 0.4f;
    s.add({1, wob, 0.8f + wob2 * 0.5f, {"a"}});
  }
  s.wait(2);
  const Editor e = run(s);
  ASSERT_EQ(e.doc().creature.parts.size(), 1u) << e.message();
  EXPECT_LE(max_turn_deg(e.doc().creature.parts[0].stroke), 30.0f);
}

TEST(Editor, UndoRedoAfterFiveStrokesGivesTheSameFile) {
  test::PadSteps s = test::draw_quadruped();  // torso, 2 leg pairs, head, tail: five strokes
  const std::string want = creature_to_json(run(s).doc().creature).dump(2);
  s.press("select", 5);
  EXPECT_TRUE(run(s).doc().creature.parts.empty());
  s.press("rb", 5);
  const Editor e = run(s);
  EXPECT_EQ(creature_to_json(e.doc().creature).dump(2), want);
}

TEST(Editor, TriggersThickenTheSelectedPartLive) {
  test::PadSteps s = test::draw_biped();
  s.press("right");  // select the torso
  Editor e = run(s);
  ASSERT_EQ(e.doc().selected, 0);
  const float r0 = e.doc().creature.parts[0].radius;
  InputFrame f;
  f.right_trigger = 32767;
  for (int i = 0; i < 30; ++i) e.step(f);
  EXPECT_NEAR(e.doc().creature.parts[0].radius, r0 + 0.5f * kThickenRate_mps, 1e-3f);
  EXPECT_EQ(e.history().undo_steps(), 4) << "three strokes and one squeeze";
}

TEST(Editor, MenuTestWalkAndNaming) {
  test::PadSteps s = test::draw_biped();
  s.press("rs");
  Editor e;
  e.reset({});
  EditorRequest last = EditorRequest::kNone;
  for (const InputFrame& f : s.frames()) {
    const EditorRequest r = e.step(f);
    if (r != EditorRequest::kNone) last = r;
  }
  EXPECT_EQ(last, EditorRequest::kTestWalk);
  // Start -> menu; down twice -> SAVE; A -> naming; erase to "C", spell "OX", Start.
  test::PadSteps m;
  m.press("start").press("down", 2).press("a").press("left", 10).press("down", 12).press("a").press("down", 23).press("start");
  last = EditorRequest::kNone;
  for (const InputFrame& f : m.frames()) {
    const EditorRequest r = e.step(f);
    if (r != EditorRequest::kNone) last = r;
  }
  EXPECT_EQ(last, EditorRequest::kSave);
  EXPECT_EQ(e.doc().creature.name, "OX");
}

TEST(Editor, ARecordedSessionReplaysToTheSameCreatureAndHash) {
  test::PadSteps s = test::draw_quadruped();
  const Editor a = run(s);
  EditSession rec;
  rec.inputs = s.frames();
  rec.hash = a.hash();
  Result<EditSession> back = parse_edit_session(edit_session_to_json(rec), "session.json");
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ(back->inputs.size(), rec.inputs.size());
  Editor b;
  EXPECT_EQ(replay_edit_session(*back, &b), rec.hash);
  EXPECT_EQ(creature_to_json(b.doc().creature).dump(), creature_to_json(a.doc().creature).dump());
  // One input different: a different creature.
  back->inputs[16].left_y = 0;  // one tick of the move down to the torso's height
  EXPECT_NE(replay_edit_session(*back, &b), rec.hash);
}

std::string temp_dir(const std::string& name) {
  const std::string d = std::string(CF_BINARY_DIR) + "/editor_test_" + name;
  std::string cmd = "rm -rf '" + d + "'";
  EXPECT_EQ(std::system(cmd.c_str()), 0);
  return d;
}

TEST(EditorMode, SavesAtomicallyAndNeverOverwritesAGoodFileWithABadCreature) {
  const UserData data{temp_dir("save")};
  EditorMode mode;
  Creature good = run(test::draw_biped()).doc().creature;
  good.name = "Good Dog";
  mode.open(good, data, kNoTexture);
  Result<std::string> saved = mode.save();
  ASSERT_TRUE(saved.ok()) << saved.error().to_string();
  EXPECT_EQ(*saved, data.creatures_dir() + "/good_dog.json");
  Result<Creature> loaded = load_creature(*saved);
  ASSERT_TRUE(loaded.ok());
  EXPECT_EQ(creature_to_json(*loaded).dump(), creature_to_json(good).dump()) << "loads back exactly";
  const std::string before = *read_file(*saved);

  Creature bad = good;
  for (glm::vec3& p : bad.parts[1].stroke) p.y = std::max(p.y, 0.3f);  // a leg in the air
  mode.open(bad, data, kNoTexture);
  Result<std::string> refused = mode.save();
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.find("does not reach the ground"), std::string::npos);
  EXPECT_EQ(*read_file(*saved), before);
}

TEST(EditorMode, ASaveKilledPartWayLeavesThePreviousFileIntact) {
  const UserData data{temp_dir("kill")};
  Creature c = run(test::draw_hexapod()).doc().creature;
  c.name = "bug";
  EditorMode mode;
  mode.open(c, data, kNoTexture);
  ASSERT_TRUE(mode.save().ok());
  const std::string path = data.creatures_dir() + "/bug.json";
  const std::string before = *read_file(path);
  // A child saves a much bigger creature with the same name over and over; killed mid-way.
  Creature big = c;
  for (Part& p : big.parts) {
    std::vector<glm::vec3> dense;
    for (std::size_t i = 0; i + 1 < p.stroke.size(); ++i)
      for (int k = 0; k < 60; ++k) dense.push_back(p.stroke[i] + (p.stroke[i + 1] - p.stroke[i]) * (k / 60.0f));
    dense.push_back(p.stroke.back());
    p.stroke = dense;
  }
  for (int round = 0; round < 5; ++round) {
    const pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      for (;;) save_creature(path, big);
    }
    usleep(static_cast<useconds_t>(2000 + 3000 * round));
    kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
    Result<Creature> after = load_creature(path);
    ASSERT_TRUE(after.ok()) << "round " << round << ": " << after.error().to_string();
    const std::string now = *read_file(path);
    EXPECT_TRUE(now == before || now == creature_to_json(big).dump(2) + "\n") << "round " << round;
  }
}

}  // namespace
}  // namespace cf

namespace cf {
namespace {

TEST(EditorMode, MenuExportWritesAGlbBesideTheSavedCreature) {
  const UserData data{temp_dir("export")};
  EditorMode mode;
  Creature dog = run(test::draw_biped()).doc().creature;
  dog.name = "Export Dog";
  mode.open(dog, data, kNoTexture);
  Session session;
  Result<Scene> scene = load_scene(CF_ASSETS_DIR "/creatures/biped.json", CF_ASSETS_DIR "/levels/open_ground.json");
  ASSERT_TRUE(scene.ok());
  session.start(std::move(*scene), 1);
  RunHarness harness;
  ASSERT_TRUE(harness.configure(RunOptions{}, session).ok());
  FrameSettings fs;
  ModeContext ctx{session, harness, fs};
  // Start opens the menu; three downs reach EXPORT (after back to drawing, test walk, save); A picks it;
  // the name prompt offers the creature's name and Start takes it.
  std::vector<InputFrame> script;
  auto press = [&](std::uint32_t b) {
    InputFrame f;
    f.buttons = f.pressed = b;
    script.push_back(f);
    script.push_back(InputFrame{});
  };
  press(kButtonStart);
  for (int i = 0; i < 3; ++i) press(kButtonDpadDown);
  press(kButtonA);
  press(kButtonStart);
  std::size_t next = 0;
  const std::function<InputFrame()> sample = [&] { return next < script.size() ? script[next++] : InputFrame{}; };
  for (std::size_t t = 0; t < script.size() + 2; ++t) mode.update(ModeFrame{1, 0, &sample}, ctx);
  const std::string glb = data.creatures_dir() + "/export_dog.glb";
  Result<std::string> bytes = read_file(glb, 64u << 20);
  ASSERT_TRUE(bytes.ok()) << mode.editor().message();
  ASSERT_GT(bytes->size(), 1000u);
  EXPECT_EQ(bytes->substr(0, 4), "glTF");  // the binary glTF magic
  EXPECT_NE(mode.editor().message().find("exported"), std::string::npos) << mode.editor().message();
  EXPECT_TRUE(load_creature(data.creatures_dir() + "/export_dog.json").ok());  // saved beside it
}

}  // namespace
}  // namespace cf
