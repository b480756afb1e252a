// Issue 48's smaller things: the manual playtest save once per press and a cooldown with a short
// notice; the ghost fading near the camera and the player and gone over the results; the editor's tag
// cycle both ways, naming the next tag.
#include <gtest/gtest.h>

#include <filesystem>

#include "game/editor/editor_doc.h"
#include "game/modes/modes.h"
#include "game/session/playtest_saver.h"
#include "game/session/session.h"
#include "game/view/player_focus.h"
#include "game/view/view.h"
#include "game_test_util.h"
#include "run_command.h"

namespace cf {
namespace {

TEST(PlaytestSave, MashingTheChordSavesOnceAndTellsThePlayerInAShortLine) {
  const std::string dir = test::fresh_scratch_dir("feel_", "mash") + "/playtests";
  Session session;
  session.start(test::biped_scene_in("default.json"), 1);
  RunHarness harness;
  FrameSettings fs;
  ModeContext ctx{session, harness, fs};
  PlaytestSaver saver;
  saver.configure(dir, false);
  ctx.saver = &saver;
  for (int k = 0; k < 30; ++k) {  // 30 presses in a second
    session.tick(InputFrame{});
    session.tick(InputFrame{});
    save_playtests(kActionSaveReplay, ctx);
  }
  saver.flush();
  EXPECT_EQ(saver.saved(), 1) << "one file for a burst of presses";
  EXPECT_EQ(saver.last_message(), "Replay of this run saved");
  for (std::uint64_t t = 0; t < PlaytestSaver::kManualSaveCooldownTicks; ++t) session.tick(InputFrame{});
  save_playtests(kActionSaveReplay, ctx);
  saver.flush();
  EXPECT_EQ(saver.saved(), 2) << "after the cooldown a press saves again";
  std::size_t files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) files += e.is_regular_file();
  EXPECT_EQ(files, 2u);
}

TEST(GhostView, FadesNearTheCameraOrThePlayerAndIsGoneOverTheResults) {
  const glm::vec3 camera(0, 1.5f, -4), player(0, 0.5f, 0);
  EXPECT_EQ(ghost_alpha({3, 0.5f, 3}, camera, player, false), kSeeThroughAlpha);
  EXPECT_EQ(ghost_alpha({0.3f, 0.5f, 0.2f}, camera, player, false), kFadedAlpha) << "beside the player";
  EXPECT_EQ(ghost_alpha({0, 1.2f, -2.5f}, camera, player, false), kFadedAlpha) << "near the camera";
  EXPECT_EQ(ghost_alpha({0, 1.4f, -3.6f}, camera, player, false), 0) << "the camera inside it";
  EXPECT_EQ(ghost_alpha({3, 0.5f, 3}, camera, player, true), 0) << "the finish screen";

  // In the view: a ghost where the player stands is drawn faded, and not at all over the results.
  Session session;
  session.start(test::biped_scene_in("default.json"), 1);
  View view;
  view.init(session.scene(), ViewTextures{});
  view.set_ghost(&session.scene(), &session.runtime(), 1.0f);
  auto ghost_meshes = [&](std::uint8_t* alpha) {
    view.build(session.state(), session.runtime(), 1.0f, FrameSettings{}, 960, 720);
    int n = 0;
    for (const MeshInput& m : view.meshes()) {
      if (m.color.r == 150 && m.color.g == 210 && m.color.b == 255) {
        ++n;
        *alpha = m.color.a;
      }
    }
    return n;
  };
  std::uint8_t a = 0;
  EXPECT_EQ(ghost_meshes(&a), 1);
  EXPECT_EQ(a, kFadedAlpha) << "over the player: faded, the player shows through";
  TrialRun finished;
  finished.phase = TrialRun::Phase::kFinished;
  view.set_trial(&finished);
  EXPECT_EQ(ghost_meshes(&a), 0) << "the results own the picture";
}

TEST(EditorTags, XGoesForwardLbXBackAndTheLineNamesTheNextTagEachWay) {
  EditorDoc d;
  d.next_tag = PartTag::kLeg;
  EditResult r = cycle_tag(&d, 1);
  EXPECT_EQ(d.next_tag, PartTag::kArm);
  EXPECT_EQ(r.message, "next stroke: arm (X: tail next, LB+X: leg)");
  r = cycle_tag(&d, -1);
  EXPECT_EQ(d.next_tag, PartTag::kLeg);
  EXPECT_EQ(r.message, "next stroke: leg (X: arm next, LB+X: head)");
  for (PartTag t : {PartTag::kTorso, PartTag::kHead, PartTag::kLeg, PartTag::kArm, PartTag::kTail})
    EXPECT_EQ(prev_tag_in_cycle(next_tag_in_cycle(t)), t);
  // The pad: X forward, LB held + X back.
  InputFrame x;
  x.buttons = x.pressed = kButtonX;
  EXPECT_EQ(map_actions(ModeId::kEditor, x, 0) & (kActionEditNextTag | kActionEditPrevTag), std::uint64_t{kActionEditNextTag});
  x.buttons |= kButtonLeftShoulder;
  EXPECT_EQ(map_actions(ModeId::kEditor, x, 0) & (kActionEditNextTag | kActionEditPrevTag), std::uint64_t{kActionEditPrevTag});
}

}  // namespace
}  // namespace cf
