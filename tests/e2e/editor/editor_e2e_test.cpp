// The editor through the real binary and a virtual gamepad (--pad-script): from the title menu,
// draw creatures with the stick, save them, check the saved files with creature-lab (skeleton,
// walk bounds), screenshots against goldens, test walk and back, and editing replays.
// Regenerate the screenshots: CF_UPDATE_GOLDENS=1 ctest -R EditorE2E (then look at them).
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "core/json_util.h"
#include "creature/creature_io.h"
#include "editor_e2e_util.h"
#include "editor_scripts.h"
#include "game/editor/editor_doc.h"
#include "golden.h"
#include "render/image_io.h"
#include "run_command.h"
#include "game/session/drafts.h"
#include "game/session/user_data.h"
#include "skeleton/rig_builder.h"

namespace cf::test {
namespace {


std::string tmp(const std::string& name) { return scratch_path("e2e_editor_", name); }

CommandResult game(const std::string& args) { return run_game_offscreen(args); }

// From the title menu (NEW CREATURE is the first item) into the editor.
PadSteps from_title() {
  PadSteps s;
  s.wait(10).press("a").wait(2);
  return s;
}

// Start -> menu, SAVE, name it one letter ('C' moved by 'letter_steps' on the wheel), Start.
PadSteps save_as(int letter_steps) {
  PadSteps s;
  s.press("start").press("down", 2).press("a").press("left", 10);
  if (letter_steps > 0) s.press("down", letter_steps);
  if (letter_steps < 0) s.press("up", -letter_steps);
  s.press("start").wait(4);
  return s;
}

std::string write_script(const std::string& name, const PadSteps& s) {
  const std::string path = tmp(name + ".pad.json");
  std::ofstream(path) << s.pad_script().dump(1);
  return path;
}

std::string fresh_data_dir(const std::string& name) {
  const std::string d = tmp("data_" + name);
  EXPECT_EQ(std::system(("rm -rf '" + d + "'").c_str()), 0);
  return d;
}

void expect_golden_png(const std::string& shot_path, const std::string& golden_name) {
  Result<Image> shot = load_png(shot_path);
  ASSERT_TRUE(shot.ok()) << shot.error().to_string();
  const std::string golden = golden_path(golden_name);
  if (updating_goldens()) {
    ASSERT_TRUE(write_png(golden, *shot).ok());
    return;
  }
  Result<Image> want = load_png(golden);
  ASSERT_TRUE(want.ok()) << want.error().to_string() << " (create it: CF_UPDATE_GOLDENS=1 ctest -R EditorE2E)";
  ASSERT_EQ(shot->width, want->width);
  ASSERT_EQ(shot->height, want->height);
  const double off = differing_fraction(*shot, *want, 24);
  EXPECT_LE(off, 0.01) << shot_path << " differs from " << golden << " in " << off * 100.0 << "% of pixels";
}

// The saved file passes creature-lab skeleton, and walks 10 s within the bounds.
void expect_saved_creature_walks(const std::string& file, int legs) {
  SCOPED_TRACE(file);
  Result<Creature> c = load_creature(file);
  ASSERT_TRUE(c.ok()) << c.error().to_string();
  Result<Rig> rig = build_rig(*c);
  ASSERT_TRUE(rig.ok());
  ASSERT_EQ(static_cast<int>(rig->limbs.size()), legs);
  const CommandResult sk = run_command(std::string("'") + CF_LAB_EXE + "' skeleton --creature '" + file + "'");
  ASSERT_EQ(sk.exit_code, 0) << sk.err;
  const CommandResult w = run_command(std::string("'") + CF_LAB_EXE + "' walk --creature '" + file + "' --seconds 10");
  ASSERT_EQ(w.exit_code, 0) << w.err;
  Result<Json> j = parse_json(w.out, "walk");
  ASSERT_TRUE(j.ok());
  ASSERT_EQ((*j)["legs"].size(), static_cast<std::size_t>(legs));
  for (std::size_t i = 0; i < (*j)["legs"].size(); ++i) {
    const Json& l = (*j)["legs"][i];
    const LimbChain& chain = rig->limbs[i];
    const double leg_m = chain.l1 + chain.l2 + chain.l3;
    EXPECT_GT(l["stance_ticks"].get<int>(), 0);
    EXPECT_LE(l["max_skate_m"].get<double>(), 1e-6) << l.dump();
    EXPECT_LE(l["max_penetration_m"].get<double>(), 1e-6) << l.dump();
    EXPECT_LE(l["max_float_m"].get<double>(), 0.01 * leg_m) << l.dump();
    EXPECT_EQ(l["unreachable_ticks"].get<int>(), 0) << l.dump();
  }
  EXPECT_GT((*j)["distance_m"].get<double>(), 1.0);
}

struct Drawn {
  const char* name;
  PadSteps (*draw)();
  int letter_steps;  // from 'C'
  const char* file;
  int legs;
};

TEST(EditorE2E, DrawTagAndSaveThreeCreaturesFromTheTitleMenu) {
  const Drawn cases[] = {{"biped", draw_biped, -1, "b.json", 2},
                         {"quadruped", draw_quadruped, 14, "q.json", 4},
                         {"hexapod", draw_hexapod, 5, "h.json", 6}};
  const std::string data = fresh_data_dir("three");
  for (const Drawn& d : cases) {
    SCOPED_TRACE(d.name);
    PadSteps s = from_title().then(d.draw()).then(save_as(d.letter_steps));
    const std::string pad = write_script(d.name, s);
    const CommandResult r = game("--title --data-dir '" + data + "' --pad-script '" + pad + "' --ticks " +
                                 std::to_string(s.total_ticks()));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    expect_saved_creature_walks(data + "/creatures/" + d.file, d.legs);
    // Saved creatures work with --creature.
    const CommandResult play = run_command("cd '" CF_SOURCE_DIR "' && '" CF_GAME_EXE "' --headless --ticks 60 --creature '" +
                                           data + "/creatures/" + d.file + "' --print-hash");
    EXPECT_EQ(play.exit_code, 0) << play.err;
  }
  // ... and are listed (after the shipped ones) in the title menu's Edit and Play lists.
  const std::vector<CreatureEntry> listed = list_creatures(UserData{data});
  ASSERT_GE(listed.size(), 3u);
  EXPECT_EQ(listed[listed.size() - 3].name, "b");
  EXPECT_EQ(listed[listed.size() - 2].name, "h");
  EXPECT_EQ(listed[listed.size() - 1].name, "q");
  EXPECT_FALSE(listed.back().shipped);
  EXPECT_TRUE(list_drafts(UserData{data}).empty()) << "a save clears the draft";
}

TEST(EditorE2E, ScreenshotsSideViewMidStrokeFrontViewAndPreview) {
  const std::string data = fresh_data_dir("shots");
  const PadSteps biped = from_title().then(draw_biped());
  // Mid-stroke: 12 ticks into the legs (side view, the red path under the pen).
  PadSteps mid = from_title();
  mid.move(0, 1, 3).draw(0, 1, 17).add({12, 0, -1, {"a"}});
  const std::string shot_mid = tmp("side_mid.png"), shot_front = tmp("front.png"), shot_prev = tmp("preview.png");
  CommandResult r = game("--title --data-dir '" + data + "' --pad-script '" + write_script("mid", mid) + "' --ticks " +
                         std::to_string(mid.total_ticks()) + " --screenshot '" + shot_mid + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  expect_golden_png(shot_mid, "editor_side_midstroke.png");
  // Facts the goldens were regenerated against (the same inputs through the editor in-process, after
  // the title menu's ticks): mid-stroke the magenta pen is at its place with the red path above it.
  auto editor_of = [](const PadSteps& drawing) {
    Editor e;
    e.reset({});
    for (const InputFrame& f : PadSteps().wait(3).then(drawing).frames()) e.step(f);
    return e;
  };
  PadSteps mid_drawing;
  mid_drawing.move(0, 1, 3).draw(0, 1, 17).add({12, 0, -1, {"a"}});
  const Editor m = editor_of(mid_drawing);
  ASSERT_TRUE(m.pen().drawing);
  EXPECT_NEAR(m.pen().pos.y, m.pen().path.front().y - 11 * kPenSpeed_mps / 60.0f, 1e-3f);
  EXPECT_NEAR(m.pen().pos.x, -m.doc().creature.parts[0].radius, 1e-5f) << "the legs' plane: the body's side";
  {
    Result<Image> img = load_png(shot_mid);
    ASSERT_TRUE(img.ok());
    int px = 0, py = 0, rx = 0, ry = 0;
    editor_pixel(DrawPlane::kSide, m.pen().pos, &px, &py);
    editor_pixel(DrawPlane::kSide, 0.5f * (m.pen().path.front() + m.pen().pos), &rx, &ry);
    EXPECT_GT(pixels_near(*img, px, py, 24, is_pen), 20) << "the pen at " << px << "," << py;
    EXPECT_GT(pixels_near(*img, rx, ry, 6, is_path), 2) << "the path half way up, at " << rx << "," << ry;
  }
  PadSteps front = biped;
  front.press("y").move(1, 0, 10).wait(2);
  r = game("--title --data-dir '" + data + "' --pad-script '" + write_script("front", front) + "' --ticks " +
           std::to_string(front.total_ticks()) + " --screenshot '" + shot_front + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  expect_golden_png(shot_front, "editor_front_view.png");
  {
    PadSteps drawing = draw_biped();
    drawing.press("y").move(1, 0, 10).wait(2);
    const Editor f = editor_of(drawing);
    const Creature& c = f.doc().creature;
    ASSERT_EQ(c.parts.size(), 4u);
    Result<Image> img = load_png(shot_front);
    ASSERT_TRUE(img.ok());
    int px = 0, py = 0;
    editor_pixel(DrawPlane::kFront, f.pen().pos, &px, &py);
    EXPECT_GT(pixels_near(*img, px, py, 24, is_pen), 20) << "the pen at " << px << "," << py;
    // Two legs, mirrored: their knees' nodes on either side of the centre, both drawn.
    int legs = 0;
    for (std::size_t i = 0; i < c.parts.size(); ++i) {
      if (c.parts[i].tag != PartTag::kLeg) continue;
      ++legs;
      EXPECT_GE(mirror_twin(c, static_cast<int>(i)), 0);
      const std::vector<glm::vec3>& st = c.parts[i].stroke;
      editor_pixel(DrawPlane::kFront, st[st.size() / 2], &px, &py);
      EXPECT_GT(pixels_near(*img, px, py, 30, is_node), 2) << "leg " << i << " at " << px << "," << py;
    }
    EXPECT_EQ(legs, 2);
  }
  PadSteps prev = biped;
  prev.wait(2);
  r = game("--title --data-dir '" + data + "' --pad-script '" + write_script("prev", prev) + "' --ticks " +
           std::to_string(prev.total_ticks()) + " --screenshot '" + shot_prev + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  expect_golden_png(shot_prev, "editor_preview_skeleton.png");
  {
    PadSteps drawing = draw_biped();
    drawing.wait(2);
    const Editor b = editor_of(drawing);
    const Creature& c = b.doc().creature;
    ASSERT_EQ(c.parts.size(), 4u);
    Result<Image> img = load_png(shot_prev);
    ASSERT_TRUE(img.ok());
    int px = 0, py = 0;
    // After the head the pen is back at its root, on top of the torso.
    const Part& head = c.parts.back();
    ASSERT_EQ(head.tag, PartTag::kHead);
    EXPECT_LT(glm::length(b.pen().pos - head.stroke.front()), 1e-4f);
    editor_pixel(DrawPlane::kSide, b.pen().pos, &px, &py);
    EXPECT_GT(pixels_near(*img, px, py, 24, is_pen), 20) << "the pen at " << px << "," << py;
    // The leg's nodes on the ground (ankle, toe) are drawn.
    editor_pixel(DrawPlane::kSide, c.parts[1].stroke.back(), &px, &py);
    EXPECT_GT(pixels_near(*img, px, py, 30, is_node), 2) << "the toe at " << px << "," << py;
  }
}

TEST(EditorE2E, TestWalkAndBackLeavesTheEditorExactlyAsItWas) {
  const std::string data = fresh_data_dir("walk");
  PadSteps stay = from_title().then(draw_biped());
  stay.wait(4);
  PadSteps walk = from_title().then(draw_biped());
  walk.press("rs").move(0, 1, 120);
  const int walk_shot_tick = walk.total_ticks() - 1;
  walk.press("b").wait(2);
  const CommandResult a = game("--title --data-dir '" + data + "' --pad-script '" + write_script("stay", stay) +
                               "' --ticks " + std::to_string(stay.total_ticks()) + " --print-hash");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  const std::string shot = tmp("walking.png");
  const CommandResult b = game("--title --data-dir '" + data + "' --pad-script '" + write_script("walk", walk) +
                               "' --ticks " + std::to_string(walk.total_ticks()) + " --print-hash --screenshot '" +
                               shot + "' --at-tick " + std::to_string(walk_shot_tick));
  ASSERT_EQ(b.exit_code, 0) << b.err;
  EXPECT_EQ(last_line(a.out), last_line(b.out)) << "the editor's document and pen after the walk";
  Result<Image> img = load_png(shot);
  ASSERT_TRUE(img.ok());
}

TEST(EditorE2E, ARecordedEditingSessionReplaysToTheSameHash) {
  const std::string data = fresh_data_dir("record");
  PadSteps s = from_title().then(draw_quadruped());
  const std::string rec = tmp("session.json");
  std::remove(rec.c_str());
  // --edit opens the editor directly: the recording starts there.
  PadSteps edit;
  edit.wait(2).then(draw_quadruped());
  const CommandResult a = game("--edit --data-dir '" + data + "' --pad-script '" + write_script("rec", edit) +
                               "' --ticks " + std::to_string(edit.total_ticks()) + " --print-hash --record '" + rec + "'");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  const CommandResult b = run_command("cd '" CF_SOURCE_DIR "' && '" CF_GAME_EXE "' --headless --replay '" + rec +
                                      "' --print-hash --data-dir '" + data + "'");
  ASSERT_EQ(b.exit_code, 0) << b.err;
  EXPECT_EQ(last_line(a.out), last_line(b.out));
  // A tampered session is caught.
  Result<Json> j = load_json_file(rec);
  ASSERT_TRUE(j.ok());
  (*j)["hash"] = "0000000000000000";
  std::ofstream(tmp("bad_session.json")) << j->dump();
  const CommandResult c = run_command("cd '" CF_SOURCE_DIR "' && '" CF_GAME_EXE "' --headless --replay '" +
                                      tmp("bad_session.json") + "' --data-dir '" + data + "'");
  EXPECT_EQ(c.exit_code, 1);
  EXPECT_NE(c.err.find("differs"), std::string::npos) << c.err;
}

TEST(EditorE2E, EditOpensAFileAndBadFilesGiveOneLine) {
  const CommandResult r = game("--edit /nonexistent/creature.json --ticks 2");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("/nonexistent/creature.json"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace cf::test

namespace cf::test {
namespace {

// The draft is written every 10 s of editing (and on every way out); a run that ends without saving
// (a crash, a closed window) leaves it, and the title menu offers it back.
TEST(EditorE2E, TheDraftIsAutosavedAndOfferedBackByTheTitleMenu) {
  const std::string data = fresh_data_dir("draft");
  PadSteps s = from_title().then(draw_biped());
  s.wait(620 - s.total_ticks() + 14);
  CommandResult r = game("--title --data-dir '" + data + "' --pad-script '" + write_script("draft", s) + "' --ticks " +
                         std::to_string(s.total_ticks()));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<Draft> drafts = list_drafts(UserData{data});
  ASSERT_EQ(drafts.size(), 1u);
  EXPECT_EQ(drafts[0].path, data + "/drafts/new.json");
  EXPECT_EQ(drafts[0].creature.parts.size(), 4u);
  const std::string draft = tmp("draft_creature.json");
  ASSERT_TRUE(save_creature(draft, drafts[0].creature).ok());
  // The title menu now has CONTINUE DRAFT second; it lists the drafts, and A on the first opens the
  // editor on it, exactly as --edit on its creature does.
  PadSteps cont;
  cont.wait(10).press("down").press("a").press("a").wait(4);
  r = game("--title --data-dir '" + data + "' --pad-script '" + write_script("cont", cont) + "' --ticks " +
           std::to_string(cont.total_ticks()) + " --print-hash");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  PadSteps edit;
  edit.wait(4);
  const CommandResult e = game("--edit '" + draft + "' --data-dir '" + data + "' --pad-script '" +
                               write_script("edit", edit) + "' --ticks 4 --print-hash");
  ASSERT_EQ(e.exit_code, 0) << e.err;
  EXPECT_EQ(last_line(r.out), last_line(e.out));
}

}  // namespace
}  // namespace cf::test
