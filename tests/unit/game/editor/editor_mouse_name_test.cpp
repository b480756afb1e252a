// The editor's mouse (a left drag draws on the plane under the pointer) and typed names, tick by
// tick from InputFrames as the platform hands them out.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "creature/creature_rules.h"
#include "editor_scripts.h"
#include "game/editor/editor.h"
#include "game/session/pad_script.h"
#include "render/geometry_stage.h"

namespace cf {
namespace {

// Where the geometry stage puts a model-space point, in InputFrame pointer units (the picture edge
// to edge is -32767..32767, +y up): the stage's own projection, not the editor's inverse of it.
void project(DrawPlane plane, const glm::vec3& p, std::int16_t* mx, std::int16_t* my) {
  Camera cam;
  cam.view = editor_camera_view(plane);
  cam.fov_y_rad = kEditorFovY;
  const glm::vec4 clip = projection_matrix(cam, kEditorAspect) * cam.view * glm::vec4(p, 1.0f);
  *mx = static_cast<std::int16_t>(std::lround(clip.x / clip.w * 32767.0f));
  *my = static_cast<std::int16_t>(std::lround(clip.y / clip.w * 32767.0f));
}

TEST(EditorPointer, ThePointOnThePlaneIsTheOneDrawnUnderThePointer) {
  for (DrawPlane plane : {DrawPlane::kSide, DrawPlane::kFront}) {
    const glm::vec3 pen{0.12f, 0.8f, -0.2f};
    for (float a : {-1.3f, -0.4f, 0.0f, 0.35f, 1.2f}) {
      for (float y : {0.0f, 0.4f, 0.95f, 1.9f}) {
        const glm::vec3 want = plane == DrawPlane::kSide ? glm::vec3(pen.x, y, a) : glm::vec3(a, y, pen.z);
        std::int16_t mx = 0, my = 0;
        project(plane, want, &mx, &my);
        ASSERT_LE(std::abs(mx), 32767);
        ASSERT_LE(std::abs(my), 32767);
        const glm::vec3 got = pointer_on_plane(plane, pen, mx, my);
        // One pointer unit is 0.06 mm at this distance.
        EXPECT_NEAR(got.x, want.x, 1e-3f) << (plane == DrawPlane::kSide ? "side" : "front");
        EXPECT_NEAR(got.y, want.y, 1e-3f);
        EXPECT_NEAR(got.z, want.z, 1e-3f);
      }
    }
  }
  // The picture's centre is the look-at point's line of sight; right is +Z (side) and +X (front).
  EXPECT_NEAR(pointer_on_plane(DrawPlane::kSide, {0, 0, 0}, 0, 0).y, kEditorLookAt.y, 1e-5f);
  EXPECT_GT(pointer_on_plane(DrawPlane::kSide, {0, 0, 0}, 20000, 0).z, 1.0f);
  EXPECT_GT(pointer_on_plane(DrawPlane::kFront, {0, 0, 0}, 20000, 0).x, 1.0f);
  EXPECT_GT(pointer_on_plane(DrawPlane::kFront, {0, 0, 0}, 0, 20000).y, kEditorLookAt.y + 0.5f);
}

// A left-button drag from 'a' to 'b' (model space, on the side plane x = 0) over n ticks.
std::vector<InputFrame> drag(const glm::vec3& a, const glm::vec3& b, int n) {
  std::vector<InputFrame> out;
  InputFrame f;
  project(DrawPlane::kSide, a, &f.mouse_x, &f.mouse_y);
  out.push_back(f);  // the pointer arrives: the pen follows it
  for (int i = 0; i <= n; ++i) {
    project(DrawPlane::kSide, a + (b - a) * (static_cast<float>(i) / static_cast<float>(n)), &f.mouse_x, &f.mouse_y);
    f.buttons = kButtonMouseLeft;
    f.pressed = i == 0 ? kButtonMouseLeft : 0u;
    out.push_back(f);
  }
  f.buttons = f.pressed = 0;
  out.push_back(f);  // released: the part is made
  return out;
}

TEST(EditorMouse, ALeftDragDrawsAStrokeWhereThePointerWent) {
  Editor e;
  e.reset({});
  for (const InputFrame& f : drag({0, 0.95f, -0.3f}, {0, 0.95f, 0.3f}, 30)) e.step(f);
  const Creature& c = e.doc().creature;
  ASSERT_EQ(c.parts.size(), 1u) << e.message();
  EXPECT_EQ(c.parts[0].tag, PartTag::kTorso);
  const std::vector<glm::vec3>& s = c.parts[0].stroke;
  ASSERT_GE(s.size(), 3u);
  EXPECT_NEAR(s.front().z, -0.3f, 0.03f);
  EXPECT_NEAR(s.back().z, 0.3f, 0.03f);
  for (const glm::vec3& p : s) {
    EXPECT_NEAR(p.y, 0.95f, 0.01f);
    EXPECT_NEAR(p.x, 0.0f, 1e-4f);
  }
  // The same drag held with A instead of the mouse button, the pen driven there by the pointer:
  // the very same part (the mouse is the stick's equal, not a second kind of stroke).
  Editor a;
  a.reset({});
  std::vector<InputFrame> frames = drag({0, 0.95f, -0.3f}, {0, 0.95f, 0.3f}, 30);
  for (InputFrame& f : frames) {
    if (f.buttons & kButtonMouseLeft) f.buttons = kButtonA;
    f.pressed = 0;
  }
  frames[1].pressed = kButtonA;
  for (const InputFrame& f : frames) a.step(f);
  EXPECT_EQ(a.hash(), e.hash());
}

TEST(EditorMouse, ARestingPointerLeavesThePenToTheStick) {
  Editor e;
  e.reset({});
  for (const InputFrame& f : drag({0, 0.95f, -0.3f}, {0, 0.95f, 0.3f}, 30)) e.step(f);
  const glm::vec3 before = e.pen().pos;
  InputFrame f;
  project(DrawPlane::kSide, {0, 0.95f, 0.3f}, &f.mouse_x, &f.mouse_y);  // where the drag ended
  f.left_y = -32767;
  for (int i = 0; i < 20; ++i) e.step(f);
  EXPECT_LT(e.pen().pos.y, before.y - 0.2f);
  EXPECT_NEAR(e.pen().pos.z, before.z, 1e-5f);
  // The pointer moves: the pen jumps under it (and stays on the pen's plane, which went to the body's
  // side once the torso was made: legs come next).
  EXPECT_NEAR(e.pen().pos.x, -e.doc().creature.parts[0].radius, 1e-5f);
  project(DrawPlane::kSide, {e.pen().pos.x, 1.2f, 0.0f}, &f.mouse_x, &f.mouse_y);
  f.left_y = 0;
  e.step(f);
  EXPECT_NEAR(e.pen().pos.y, 1.2f, 1e-3f);
  EXPECT_NEAR(e.pen().pos.z, 0.0f, 1e-3f);
}

// Opens the name prompt: Start, down to SAVE, A.
Editor at_name_prompt(const std::string& name) {
  Creature start;
  start.name = name;
  Editor e;
  e.reset(start);
  test::PadSteps s;
  s.press("start").press("down", 2).press("a");
  for (const InputFrame& f : s.frames()) e.step(f);
  EXPECT_EQ(e.screen(), EditorScreen::kNaming);
  return e;
}

EditorRequest type(Editor* e, const std::string& keys) {
  EditorRequest last = EditorRequest::kNone;
  for (char c : keys) {
    InputFrame f;
    f.typed = static_cast<std::uint8_t>(c);
    const EditorRequest r = e->step(f);
    if (r != EditorRequest::kNone) last = r;
    e->step(InputFrame{});  // keys need not come on consecutive ticks
  }
  return last;
}

TEST(EditorNaming, TypedKeysReplaceTheOfferedNameThenAppendAndEnterSaves) {
  Editor e = at_name_prompt("Old Dog");
  EXPECT_EQ(e.name_entry(), "OLD-DOG");
  EXPECT_EQ(type(&e, "wave_2x!"), EditorRequest::kNone);  // '!' is not a name character
  EXPECT_EQ(e.name_entry(), "WAVE_2X");
  EXPECT_EQ(e.message(), "no '!' in a name - letters, digits, - and _ only") << "refused with a word";
  EXPECT_EQ(type(&e, "\b"), EditorRequest::kNone);
  EXPECT_EQ(e.name_entry(), "WAVE_2");
  EXPECT_EQ(type(&e, "\r"), EditorRequest::kSave);
  EXPECT_EQ(e.doc().creature.name, "WAVE_2");
  EXPECT_EQ(e.screen(), EditorScreen::kDrawing);
}

TEST(EditorNaming, EscapeCancelsAndBackspaceClearsTheOfferedName) {
  Editor e = at_name_prompt("rex");
  EXPECT_EQ(type(&e, "\x1b"), EditorRequest::kNone);
  EXPECT_EQ(e.screen(), EditorScreen::kDrawing);
  EXPECT_EQ(e.doc().creature.name, "rex") << "a cancelled prompt renames nothing";
  Editor f = at_name_prompt("rex");
  type(&f, "\b");
  EXPECT_EQ(f.name_entry(), "");
  EXPECT_EQ(type(&f, "\r"), EditorRequest::kNone) << "an empty name is not saved";
  EXPECT_EQ(f.screen(), EditorScreen::kNaming);
  EXPECT_EQ(f.message(), "type a name first");
  // At most 16 keys.
  type(&f, "abcdefghijklmnopqrstuvwxyz");
  EXPECT_EQ(f.name_entry(), "ABCDEFGHIJKLMNOP");
}

TEST(EditorNaming, TheWheelKeepsWorkingOnATypedName) {
  Editor e = at_name_prompt("");
  type(&e, "OX");
  test::PadSteps s;
  s.press("down").press("a").press("up", 2).press("start");  // X -> Y, a new letter A -> '_' -> '-'
  EditorRequest last = EditorRequest::kNone;
  for (const InputFrame& f : s.frames()) {
    const EditorRequest r = e.step(f);
    if (r != EditorRequest::kNone) last = r;
  }
  EXPECT_EQ(last, EditorRequest::kSave);
  EXPECT_EQ(e.doc().creature.name, "OY-");
  // The wheel first, then typing: the typed key appends (the offered name was already touched).
  Editor w = at_name_prompt("cat");
  test::PadSteps d;
  d.press("down");
  for (const InputFrame& f : d.frames()) w.step(f);
  type(&w, "s");
  EXPECT_EQ(w.name_entry(), "CAUS");
}

TEST(PadScript, ThePointerStaysWhereTheLastStepPutItAndKeysAreTypedOnce) {
  Result<PadScript> s = parse_pad_script(R"({"format": "critterforge.padscript/1", "steps": [
      {"ticks": 2},
      {"ticks": 3, "mouse": [0.5, -0.25], "buttons": ["mouse_left"]},
      {"ticks": 2, "left": [1, 0]},
      {"ticks": 4, "type": "ab\b\n"}]})", "s.pad.json");
  ASSERT_TRUE(s.ok()) << s.error().to_string();
  EXPECT_EQ(s->frame_at(0).mouse_x, 0);
  EXPECT_EQ(s->frame_at(2).mouse_x, 16384);
  EXPECT_EQ(s->frame_at(2).mouse_y, -8192);
  EXPECT_EQ(s->frame_at(2).buttons, static_cast<std::uint32_t>(kButtonMouseLeft));
  EXPECT_EQ(s->frame_at(5).mouse_x, 16384) << "a step without \"mouse\" leaves the pointer";
  EXPECT_EQ(s->frame_at(5).buttons, 0u);
  EXPECT_EQ(s->frame_at(50).mouse_y, -8192) << "after the script too";
  ASSERT_NE(s->text_at(7), nullptr);
  EXPECT_EQ(*s->text_at(7), "ab\b\n");
  EXPECT_EQ(s->text_at(8), nullptr);
  EXPECT_EQ(s->text_at(0), nullptr);
  for (const char* bad : {R"({"ticks": 1, "mouse": [2, 0]})", R"({"ticks": 1, "type": 5})",
                          R"({"ticks": 1, "buttons": ["mouse_middle"]})"}) {
    const std::string text = std::string(R"({"format": "critterforge.padscript/1", "steps": [)") + bad + "]}";
    Result<PadScript> r = parse_pad_script(text, "bad.pad.json");
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_EQ(r.error().field.rfind("steps[0].", 0), 0u) << r.error().to_string();
  }
}

}  // namespace
}  // namespace cf
