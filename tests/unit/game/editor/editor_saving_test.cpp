// EditorMode's save side driven tick by tick: the offered free name, the question when a typed name
// is another creature's, the kept versions, a new document after "new blank canvas", one draft per
// document written on the way out and removed by its save, and editing sessions whose file-dependent
// words (EditorAsk) replay without the files.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>

#include "core/file_io.h"
#include "creature/creature_io.h"
#include "editor_scripts.h"
#include "game/editor/editor_mode.h"
#include "game/play/scene.h"
#include "game/run/run_harness.h"
#include "game/session/drafts.h"
#include "game/session/session.h"
#include "game/title/title_menu.h"

namespace cf {
namespace {

// Input frames, one per tick.
struct Script {
  std::vector<InputFrame> frames;
  Script& press(std::uint32_t b) {
    InputFrame f;
    f.buttons = f.pressed = b;
    frames.push_back(f);
    frames.push_back(InputFrame{});
    return *this;
  }
  Script& press_n(std::uint32_t b, int n) {
    for (int i = 0; i < n; ++i) press(b);
    return *this;
  }
  Script& type(const std::string& keys) {
    for (char c : keys) {
      InputFrame f;
      f.typed = static_cast<std::uint8_t>(c == '\n' ? kTypedEnter : c);
      frames.push_back(f);
    }
    frames.push_back(InputFrame{});
    return *this;
  }
  Script& wait(int n) {
    frames.insert(frames.end(), static_cast<std::size_t>(n), InputFrame{});
    return *this;
  }
  Script& then(const test::PadSteps& s) {
    const std::vector<InputFrame> f = s.frames();
    frames.insert(frames.end(), f.begin(), f.end());
    frames.push_back(InputFrame{});
    return *this;
  }
  // Start -> the editor menu, item 'item' (0 back, 1 test walk, 2 save, 3 export, 5 new blank, 6 title).
  Script& menu(int item) { return press(kButtonStart).press_n(kButtonDpadDown, item).press(kButtonA); }
  // Save with the offered name (Start in the name prompt takes it).
  Script& save_offered() { return menu(2).press(kButtonStart).wait(2); }
};

// A session and harness for the mode to run in (the editor never ticks the session).
struct Runner {
  Session session;
  RunHarness harness;
  FrameSettings fs;
  ModeContext ctx{session, harness, fs};
  Runner() {
    Result<Scene> scene =
        load_scene(CF_ASSETS_DIR "/creatures/biped.json", CF_ASSETS_DIR "/levels/open_ground.json");
    EXPECT_TRUE(scene.ok());
    session.start(std::move(*scene), 1);
    EXPECT_TRUE(harness.configure(RunOptions{}, session).ok());
  }
  ModeId run(EditorMode& mode, const Script& s) {
    std::size_t next = 0;
    const std::function<InputFrame()> sample = [&] {
      return next < s.frames.size() ? s.frames[next++] : InputFrame{};
    };
    ModeId m = ModeId::kEditor;
    while (next < s.frames.size() && m == ModeId::kEditor) m = mode.update(ModeFrame{1, 0, &sample}, ctx);
    return m;
  }
};

UserData fresh(const std::string& name) {
  const std::string root = std::string(CF_BINARY_DIR) + "/editor_saving_" + name;
  std::filesystem::remove_all(root);
  return UserData{root};
}

int legs_in(const std::string& path) {
  Result<Creature> c = load_creature(path);
  if (!c) return -1;
  int n = 0;
  for (const Part& p : c->parts) n += p.tag == PartTag::kLeg;
  return n;
}

// A new creature in 'mode': the biped drawn and saved under the name the prompt offers.
void save_new_biped(Runner& r, EditorMode& mode, const UserData& d) {
  mode.open(Creature{}, d, kNoTexture);
  r.run(mode, Script{}.then(test::draw_biped()).save_offered());
}

std::vector<std::string> saved_files(const UserData& d) {
  std::vector<std::string> out;
  for (const CreatureEntry& e : list_creatures(d))
    if (!e.shipped) out.push_back(e.name);
  return out;
}

TEST(EditorSaving, TwoNewCreaturesSavedWithTheOfferedNameAreTwoFiles) {
  const UserData d = fresh("two");
  Runner r;
  EditorMode a;
  save_new_biped(r, a, d);
  EditorMode b;
  b.open(Creature{}, d, kNoTexture);
  r.run(b, Script{}.then(test::draw_quadruped()).save_offered());
  EXPECT_EQ(saved_files(d), (std::vector<std::string>{"critter", "critter_2"}));
  EXPECT_EQ(legs_in(saved_creature_path(d, "critter")), 2);
  EXPECT_EQ(legs_in(saved_creature_path(d, "critter_2")), 4);
  EXPECT_EQ(b.document().file_stem, "critter_2");
  // The same document saved again goes to its own file (the earlier version kept), no new name.
  r.run(b, Script{}.press_n(kButtonDpadRight, 6).press(kButtonB).save_offered());  // delete the head, save
  EXPECT_EQ(saved_files(d), (std::vector<std::string>{"critter", "critter_2"}));
  ASSERT_EQ(list_versions(d, "critter_2").size(), 1u);
  EXPECT_NE(*read_file(list_versions(d, "critter_2")[0].path),
            *read_file(saved_creature_path(d, "critter_2")));
}

// The editor is heard: the pen going down and each part made, undo, and the save.
TEST(EditorSaving, TheEditorIsHeardDrawingUndoingAndSaving) {
  const UserData d = fresh("heard");
  Runner r;
  std::vector<SoundKind> heard;
  r.ctx.sound = [&](const SoundEvent& e) { heard.push_back(e.kind); };
  EditorMode m;
  save_new_biped(r, m, d);
  auto count = [&](SoundKind k) { return std::count(heard.begin(), heard.end(), k); };
  const auto parts = static_cast<long>(m.editor().doc().creature.parts.size());
  ASSERT_GE(parts, 4);
  // A leg drawn with symmetry on makes its twin too: one stroke, two parts.
  EXPECT_EQ(count(SoundKind::kPenDraw), count(SoundKind::kPartMade) + count(SoundKind::kStrokeRefused));
  EXPECT_GE(count(SoundKind::kPartMade), 3);
  EXPECT_LE(count(SoundKind::kPartMade), parts);
  EXPECT_EQ(count(SoundKind::kSave), 1);
  EXPECT_EQ(count(SoundKind::kUndo), 0);
  r.run(m, Script{}.press(kButtonSelect).wait(2));
  EXPECT_EQ(count(SoundKind::kUndo), 1);
  EXPECT_EQ(count(SoundKind::kSave), 1) << "undo saves nothing";
  // The save went through the Start menu: its blips (down to SAVE, chosen).
  EXPECT_EQ(count(SoundKind::kMenuMove), 2);
  EXPECT_EQ(count(SoundKind::kMenuSelect), 1);
}

// While the pen draws, a held tone follows it (one held sound, higher as the pen rises), released
// when the stroke ends; the editor's Start menu blips as it moves, chooses and closes.
TEST(EditorSaving, ThePenToneIsHeldWhileDrawingAndTheMenuBlips) {
  const UserData d = fresh("pen_tone");
  Runner r;
  std::vector<SoundEvent> heard;
  r.ctx.sound = [&](const SoundEvent& e) { heard.push_back(e); };
  EditorMode m;
  m.open(Creature{}, d, kNoTexture);
  test::PadSteps stroke;
  stroke.wait(3).draw(0.0f, 1.0f, 30);  // up for half a second, then the release
  r.run(m, Script{}.then(stroke));
  std::vector<float> pitches;
  int releases = 0, first_tone = -1, pen_down = -1, made = -1;
  for (std::size_t i = 0; i < heard.size(); ++i) {
    const SoundEvent& e = heard[i];
    if (e.kind == SoundKind::kPenDraw && pen_down < 0) pen_down = static_cast<int>(i);
    if (e.kind == SoundKind::kPartMade || e.kind == SoundKind::kStrokeRefused) made = static_cast<int>(i);
    if (e.kind != SoundKind::kPenTone) continue;
    EXPECT_NE(e.hold, 0) << "a held sound";
    if (first_tone < 0) first_tone = static_cast<int>(i);
    if (e.loudness > 0.0f) {
      EXPECT_EQ(releases, 0) << "no tone after its release";
      pitches.push_back(e.pitch);
    } else {
      ++releases;
    }
  }
  ASSERT_GE(pitches.size(), 25u) << "a tone every tick of the stroke";
  EXPECT_EQ(releases, 1) << "released once, when the stroke ends";
  EXPECT_GT(first_tone, pen_down) << "the tone starts with the pen";
  EXPECT_GT(made, first_tone);
  EXPECT_GT(pitches.back(), pitches.front()) << "the pen went up: so did the tone";
  // Moving the pen without drawing is silent.
  heard.clear();
  r.run(m, Script{}.then(test::PadSteps().move(1.0f, 0.0f, 20)));
  EXPECT_TRUE(heard.empty());
  // The Start menu: open (no blip: Start is the menu's button), down twice, up, then B closes it.
  r.run(m, Script{}.press(kButtonStart).press_n(kButtonDpadDown, 2).press(kButtonDpadUp).press(kButtonB).wait(2));
  std::vector<SoundKind> kinds;
  for (const SoundEvent& e : heard) kinds.push_back(e.kind);
  EXPECT_EQ(kinds, (std::vector<SoundKind>{SoundKind::kMenuMove, SoundKind::kMenuMove, SoundKind::kMenuMove,
                                           SoundKind::kMenuBack}));
  EXPECT_EQ(m.editor().screen(), EditorScreen::kDrawing);
  // Choosing RESUME is a choice, not a back.
  heard.clear();
  r.run(m, Script{}.menu(0).wait(2));
  ASSERT_EQ(heard.size(), 1u);
  EXPECT_EQ(heard[0].kind, SoundKind::kMenuSelect);
}

TEST(EditorSaving, NewBlankCanvasStartsANewCreatureAndKeepsTheFirst) {
  const UserData d = fresh("blank");
  Runner r;
  EditorMode m;
  save_new_biped(r, m, d);
  const std::string first = *read_file(saved_creature_path(d, "critter"));
  test::PadSteps torso;  // from wherever the pen is
  torso.move(0, -1, 40).draw(0, 1, 34);
  r.run(m, Script{}.menu(5).press(kButtonA).then(torso).save_offered());  // A again: the canvas is cleared
  EXPECT_EQ(*read_file(saved_creature_path(d, "critter")), first) << "the first creature is untouched";
  EXPECT_TRUE(list_versions(d, "critter").empty());
  Result<Creature> second = load_creature(saved_creature_path(d, "critter_2"));
  ASSERT_TRUE(second.ok()) << m.editor().message();
  EXPECT_EQ(second->parts.size(), 1u);
  EXPECT_EQ(m.document().file_stem, "critter_2");
}

TEST(EditorSaving, ATypedNameOfAnotherCreatureAsksAndReplacingKeepsTheOldOne) {
  const UserData d = fresh("taken");
  Runner r;
  EditorMode a;
  save_new_biped(r, a, d);
  const std::string biped = *read_file(saved_creature_path(d, "critter"));

  EditorMode b;
  b.open(Creature{}, d, kNoTexture);
  r.run(b, Script{}.then(test::draw_quadruped()).menu(2).type("critter\n"));
  EXPECT_EQ(b.editor().screen(), EditorScreen::kNameTaken);
  EXPECT_EQ(b.editor().taken_name(), "CRITTER");
  EXPECT_EQ(b.editor().offered_name(), "CRITTER_2");
  EXPECT_EQ(*read_file(saved_creature_path(d, "critter")), biped) << "nothing is written before the answer";
  // B: back to the name; Enter asks again; X replaces.
  r.run(b, Script{}.press(kButtonB));
  EXPECT_EQ(b.editor().screen(), EditorScreen::kNaming);
  r.run(b, Script{}.type("\n").press(kButtonX).wait(2));
  EXPECT_EQ(legs_in(saved_creature_path(d, "critter")), 4);
  ASSERT_EQ(list_versions(d, "critter").size(), 1u);
  EXPECT_EQ(*read_file(list_versions(d, "critter")[0].path), biped)
      << "the replaced creature is an earlier version";

  // A: keep both, under the offered name.
  EditorMode c;
  c.open(Creature{}, d, kNoTexture);
  r.run(c, Script{}.then(test::draw_hexapod()).menu(2).type("CRITTER\n").press(kButtonA).wait(2));
  EXPECT_EQ(legs_in(saved_creature_path(d, "critter")), 4);
  EXPECT_EQ(legs_in(saved_creature_path(d, "critter_2")), 6);
  EXPECT_EQ(c.editor().doc().creature.name, "CRITTER_2");
}

TEST(EditorSaving, ExportAsksForItsNameAndNeverReplacesAnotherCreature) {
  const UserData d = fresh("export");
  Runner r;
  EditorMode a;
  save_new_biped(r, a, d);
  EditorMode b;
  b.open(Creature{}, d, kNoTexture);
  r.run(b, Script{}.then(test::draw_biped()).menu(3));
  EXPECT_EQ(b.editor().screen(), EditorScreen::kNaming);
  EXPECT_TRUE(b.editor().naming_for_export());
  EXPECT_EQ(b.editor().name_entry(), "CRITTER_2");
  r.run(b, Script{}.press(kButtonStart).wait(2));
  EXPECT_TRUE(is_regular_file(d.creatures_dir() + "/critter_2.glb")) << b.editor().message();
  EXPECT_FALSE(is_regular_file(d.creatures_dir() + "/critter.glb"));
}

TEST(EditorSaving, ACleanSaveLeavesNoDraftAndTheAutosaveWritesNoneBack) {
  const UserData d = fresh("clean");
  Runner r;
  EditorMode m;
  m.open(Creature{}, d, kNoTexture);
  Script s;
  s.then(test::draw_biped());
  s.wait(kDraftIntervalTicks + 10 - static_cast<int>(s.frames.size()));
  r.run(m, s);
  ASSERT_EQ(list_drafts(d).size(), 1u) << "the autosave wrote the work in progress";
  r.run(m, Script{}.save_offered());
  EXPECT_TRUE(list_drafts(d).empty()) << "the save removed its draft";
  r.run(m, Script{}.wait(2 * kDraftIntervalTicks));
  EXPECT_TRUE(list_drafts(d).empty()) << "the autosave wrote the saved creature back as a draft";
  EXPECT_EQ(m.leave("quit"), "");
  EXPECT_TRUE(list_drafts(d).empty());
}

TEST(EditorSaving, EveryWayOutKeepsTheLastStrokeInTheDocumentsOwnDraft) {
  const UserData d = fresh("leave");
  Runner r;
  EditorMode a;
  a.open(Creature{}, d, kNoTexture);
  test::PadSteps torso;
  torso.move(0, 1, 6).draw(0, 1, 34);
  r.run(a, Script{}.then(torso));
  EXPECT_TRUE(list_drafts(d).empty()) << "no autosave yet";
  const std::string line = a.leave("the window was closed");
  EXPECT_NE(line.find("the window was closed"), std::string::npos) << line;
  std::vector<Draft> ds = list_drafts(d);
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(ds[0].creature.parts.size(), 1u);
  EXPECT_EQ(ds[0].file_stem, "");
  EXPECT_FALSE(a.is_open());

  // A second new creature left the same way gets a draft of its own.
  EditorMode b;
  b.open(Creature{}, d, kNoTexture);
  r.run(b, Script{}.then(test::draw_biped()).menu(6));
  ds = list_drafts(d);
  ASSERT_EQ(ds.size(), 2u);
  Result<Draft> first = load_draft(a.document().draft_path);
  ASSERT_TRUE(first.ok());
  EXPECT_EQ(first->creature.parts.size(), 1u) << "the first creature's draft is its own";

  // Continuing the first and saving it removes its draft only.
  EditorMode c;
  c.open(first->creature, d, kNoTexture, EditorDocument{"", "", a.document().draft_path, true});
  EXPECT_TRUE(c.unsaved());
  r.run(c, Script{}.then(test::PadSteps{}.press("x", 4).press("down", 5).move(0, 1, 40).draw(0.3f, 1, 16)));
  r.run(c, Script{}.save_offered());
  ds = list_drafts(d);
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(ds[0].path, b.document().draft_path);
}

TEST(EditorSaving, NewCreatureAndEditNeverOverwriteAnUnsavedDraft) {
  const UserData d = fresh("title");
  Runner r;
  EditorMode m;
  // A saved creature with unsaved changes left behind, and a new creature's draft.
  save_new_biped(r, m, d);
  test::PadSteps stroke;  // one more stroke: an unsaved change
  stroke.move(0, -1, 20).draw(1, 0, 30);
  r.run(m, Script{}.then(stroke).menu(6));
  m.open(Creature{}, d, kNoTexture);
  r.run(m, Script{}.then(test::draw_hexapod()).menu(6));
  std::vector<Draft> before = list_drafts(d);
  ASSERT_EQ(before.size(), 2u);
  TitleMode title;
  title.open(d, &m, kNoTexture);
  EXPECT_EQ(title.items()[1], "CONTINUE DRAFT (2)");
  // New creature, drawn for longer than an autosave, then Edit CRITTER (its draft opens) changed too.
  std::size_t next = 0;
  Script pick;
  pick.press(kButtonA);
  const std::function<InputFrame()> sample = [&] {
    return next < pick.frames.size() ? pick.frames[next++] : InputFrame{};
  };
  ASSERT_EQ(title.update(ModeFrame{1, 0, &sample}, r.ctx), ModeId::kEditor);
  r.run(m, Script{}.then(test::draw_quadruped()).wait(kDraftIntervalTicks).menu(6));
  EXPECT_EQ(list_drafts(d).size(), 3u);
  title.open(d, &m, kNoTexture);
  next = 0;
  pick = Script{};
  pick.press_n(kButtonDpadDown, 2).press(kButtonA);  // EDIT
  for (std::size_t i = 0; i < pick.frames.size(); ++i) title.update(ModeFrame{1, 0, &sample}, r.ctx);
  ASSERT_EQ(title.screen(), TitleScreen::kEdit);
  const std::vector<std::string> items = title.items();
  const auto mine =
      std::find_if(items.begin(), items.end(), [](const std::string& s) { return s.find("CRITTER") == 0; });
  ASSERT_NE(mine, items.end());
  EXPECT_NE(mine->find("(DRAFT)"), std::string::npos) << *mine;
  next = 0;
  pick = Script{};
  pick.press_n(kButtonDpadDown, static_cast<int>(mine - items.begin())).press(kButtonA);
  ModeId got = ModeId::kTitle;
  for (std::size_t i = 0; i < pick.frames.size() && got == ModeId::kTitle; ++i)
    got = title.update(ModeFrame{1, 0, &sample}, r.ctx);
  ASSERT_EQ(got, ModeId::kEditor);
  EXPECT_EQ(m.document().file_stem, "critter");
  EXPECT_TRUE(m.unsaved()) << "Edit opened CRITTER's unsaved changes, not the saved file";
  r.run(m, Script{}.then(stroke).wait(kDraftIntervalTicks).menu(6));
  // Every draft of before is still there (CRITTER's own updated in place), plus the quadruped's.
  const std::vector<Draft> after = list_drafts(d);
  EXPECT_EQ(after.size(), 3u);
  for (const Draft& b : before) {
    EXPECT_TRUE(std::any_of(after.begin(), after.end(), [&](const Draft& a) { return a.path == b.path; }))
        << b.path;
  }
}

// Drives the title menu: each frame of 'script' one tick; the mode the last tick asked for.
ModeId drive(TitleMode& title, Runner& r, const Script& script) {
  std::size_t next = 0;
  const std::function<InputFrame()> sample = [&] {
    return next < script.frames.size() ? script.frames[next++] : InputFrame{};
  };
  ModeId m = ModeId::kTitle;
  while (next < script.frames.size() && m == ModeId::kTitle) m = title.update(ModeFrame{1, 0, &sample}, r.ctx);
  return m;
}

TEST(EditorSaving, TheEditListNamesDamageRestoresVersionsAndDeletesToTheTrash) {
  const UserData d = fresh("edit_list");
  Runner r;
  EditorMode m;
  save_new_biped(r, m, d);
  const std::string v1 = *read_file(saved_creature_path(d, "critter"));
  r.run(m, Script{}.press_n(kButtonDpadRight, 4).press(kButtonB).save_offered());  // without its head
  ASSERT_TRUE(write_file_atomic(d.creatures_dir() + "/broken_cat.json",
                                "{\"format\": \"critterforge.creature/1\", \"name\": \"x\", \"parts\": "
                                "[{\"tag\": \"torso\", \"radius\": 7, \"stroke\": [[0, 1, 0], [0, 1.5, 0]]}]}")
                  .ok());
  TitleMode title;
  title.open(d, &m, kNoTexture);
  drive(title, r, Script{}.press(kButtonDpadDown).press(kButtonA));  // EDIT (no drafts: second)
  ASSERT_EQ(title.screen(), TitleScreen::kEdit);
  const std::vector<std::string> items = title.items();
  const int broken = static_cast<int>(
      std::find(items.begin(), items.end(), "BROKEN CAT  (DAMAGED)") - items.begin());
  ASSERT_LT(broken, static_cast<int>(items.size())) << items.back();
  // A damaged file says why instead of opening.
  EXPECT_EQ(drive(title, r, Script{}.press_n(kButtonDpadDown, broken).press(kButtonA)), ModeId::kTitle);
  EXPECT_EQ(title.message().rfind("damaged: parts[0].radius", 0), 0u) << title.message();
  // X on CRITTER: its earlier version; A opens it as CRITTER's own document, not saved yet.
  drive(title, r, Script{}.press(kButtonDpadDown).press(kButtonX));
  ASSERT_EQ(title.screen(), TitleScreen::kVersions);
  ASSERT_EQ(title.items().size(), 1u);
  ASSERT_EQ(drive(title, r, Script{}.press(kButtonA)), ModeId::kEditor);
  EXPECT_EQ(m.document().file_stem, "critter");
  EXPECT_TRUE(m.unsaved());
  r.run(m, Script{}.save_offered());
  EXPECT_EQ(*read_file(saved_creature_path(d, "critter")), v1) << "the earlier version is back";
  EXPECT_EQ(list_versions(d, "critter").size(), 2u) << "and the one it replaced is kept";
  // Y twice deletes: into the trash, not away.
  title.open(d, &m, kNoTexture);
  drive(title, r, Script{}.press(kButtonDpadDown).press(kButtonA).press(kButtonDpadUp).press(kButtonY));
  EXPECT_TRUE(is_regular_file(saved_creature_path(d, "critter"))) << "one press only asks";
  drive(title, r, Script{}.press(kButtonY));
  EXPECT_FALSE(is_regular_file(saved_creature_path(d, "critter")));
  int in_trash = 0;
  for (const auto& e : std::filesystem::directory_iterator(d.trash_dir()))
    in_trash += e.path().filename().string().rfind("critter.json.", 0) == 0;
  EXPECT_EQ(in_trash, 1);
}

TEST(EditorSaving, ARecordedSessionWithQuestionsReplaysWithoutTheFiles) {
  const UserData d = fresh("replay_live");
  Runner r;
  EditorMode seed;
  save_new_biped(r, seed, d);
  // Offered CRITTER_2, then the other creature's name typed, answered with "keep both" (its own
  // name, CRITTER_2, is the free one offered).
  EditorMode live;
  live.open(Creature{}, d, kNoTexture);
  r.run(
      live,
      Script{}.then(test::draw_quadruped()).save_offered().menu(2).type("CRITTER\n").press(kButtonA).wait(2));
  const EditSession& rec = live.recording();
  ASSERT_GE(rec.asks.size(), 2u);
  EXPECT_EQ(live.document().file_stem, "critter_2");
  Result<EditSession> back = parse_edit_session(edit_session_to_json(rec), "session.json");
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  ASSERT_EQ(back->asks.size(), rec.asks.size());
  Editor bare;
  EXPECT_EQ(replay_edit_session(*back, &bare), rec.hash);
  EXPECT_EQ(bare.doc().creature.name, "CRITTER_2");
  // Without the asks the editor hears nothing from the files: another result.
  EditSession deaf = *back;
  deaf.asks.clear();
  Editor deaf_editor;
  EXPECT_NE(replay_edit_session(deaf, &deaf_editor), rec.hash);
  // Played back by the mode into an empty folder: the same hash and the same file name.
  const UserData empty = fresh("replay_empty");
  EditorMode again;
  again.open(Creature{}, empty, kNoTexture);
  again.play_back(*back);
  Runner r2;
  Script idle;
  idle.wait(static_cast<int>(back->inputs.size()));
  r2.run(again, idle);
  EXPECT_EQ(again.editor().hash(), rec.hash);
  EXPECT_TRUE(is_regular_file(saved_creature_path(empty, "critter_2")));
  EXPECT_FALSE(is_regular_file(saved_creature_path(empty, "critter")));
  EXPECT_TRUE(list_drafts(empty).empty()) << "a replay writes no drafts";
}

TEST(EditorSaving, AnEditSessionsAsksAreCheckedWhenLoaded) {
  Json j = edit_session_to_json(EditSession{});
  j["asks"] = Json::array({Json{{"tick", 5}, {"offer", "X"}}});
  Result<EditSession> bad = parse_edit_session(j, "s.json");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().field, "asks[0].tick");
  j["asks"] = Json::array({Json{{"tick", 0}, {"offer", std::string(40, 'A')}}});
  EXPECT_FALSE(parse_edit_session(j, "s.json").ok());
}

}  // namespace
}  // namespace cf

namespace cf {
namespace {

// A settings file the game could not read (set aside, or left alone as not its own) is told in the title
// menu the first time it opens, before its other news, and not again.
TEST(TitleNotice, ASettingsReportIsToldOnceWhenTheTitleOpens) {
  const UserData d = fresh("notice");
  EditorMode m;
  TitleMode title;
  title.set_notice("settings.json is a folder: the defaults are used and it is left as it is");
  title.open(d, &m, kNoTexture);
  EXPECT_EQ(title.message().rfind("settings.json is a folder", 0), 0u) << title.message();
  title.open(d, &m, kNoTexture);
  EXPECT_EQ(title.message().find("settings.json"), std::string::npos) << title.message();
}

}  // namespace
}  // namespace cf
