// The frame builder on the CPU: no GL needed.
#include "game/view/view.h"
#include "game/play/actions/vault_action.h"

#include "game/ui/hud.h"
#include "game/session/session.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>

#include "game/play/camera.h"
#include "game/view/player_focus.h"
#include "game/view/scenery.h"
#include "game_test_util.h"

namespace cf {
namespace {

TEST(View, BuildsTheDefaultSceneAndFollowsTheCreature) {
  Result<Scene> scene = load_scene(CF_ASSETS_DIR "/creatures/biped.json", CF_ASSETS_DIR "/levels/default.json");
  ASSERT_TRUE(scene.ok());
  // The playground: 4 fences, 4 walls inside the railed region plus 4 pillars and crates outside it.
  ASSERT_EQ(scene->level.fences.size(), 4u);
  ASSERT_EQ(scene->level.walls.size(), 8u);
  ASSERT_EQ(scene->level.regions.size(), 1u);
  const std::size_t scenery = build_scenery(scene->level).size();
  EXPECT_GE(scenery, 3u + 4u);  // three pipes, at least one rail piece per region side
  View view;
  Session session;
  session.start(std::move(*scene), 1);
  view.init(session.scene(), ViewTextures{});
  GeometryStats stats;
  const CommandList& a = view.build(session.state(), session.runtime(), 1.0f, FrameSettings{}, 960, 720, &stats);
  EXPECT_EQ(a.width, 320);
  EXPECT_EQ(a.height, 240);
  EXPECT_GT(stats.triangles_out, 100);
  // ground, fences, walls, pipes and rails, creature, the player's marker, the sky
  EXPECT_EQ(view.meshes().size(), 1u + 4u + 8u + scenery + 1u + 1u + 1u);
  EXPECT_TRUE(view.skinned());
  const std::string first = dump_command_list(a);

  InputFrame walk;
  walk.left_y = 32767;
  for (int t = 0; t < 60; ++t) session.tick(walk);
  const CommandList& b = view.build(session.state(), session.runtime(), 1.0f, FrameSettings{}, 960, 720);
  EXPECT_NE(dump_command_list(b), first);

  FrameSettings all;
  all.overlay_mask = kOverlayAll;
  EXPECT_GT(view.build(session.state(), session.runtime(), 1.0f, all, 960, 720).lines.size(), 0u);
}

// Builds the level's view and returns the meshes beyond ground, fences, walls and the creature.
int scenery_meshes(const char* level) {
  Result<Scene> scene = load_scene(CF_ASSETS_DIR "/creatures/biped.json", std::string(CF_ASSETS_DIR "/levels/") + level);
  EXPECT_TRUE(scene.ok());
  Session session;
  session.start(std::move(*scene), 1);
  View view;
  view.init(session.scene(), ViewTextures{});
  view.build(session.state(), session.runtime(), 1.0f, FrameSettings{}, 960, 720);
  const Level& lv = session.scene().level;
  // Less the ground, the creature, its marker and the sky.
  return static_cast<int>(view.meshes().size()) - 4 - static_cast<int>(lv.fences.size() + lv.walls.size());
}

TEST(View, EachPaintedSpeciesWearsItsOwnPageTheUnpaintedOneTheSharedSkin) {
  Result<Scene> painted = load_scene(CF_SOURCE_DIR "/tests/data/creatures/painted/hexapod.json",
                                     CF_ASSETS_DIR "/levels/open_ground.json");
  Result<Scene> plain = load_scene(CF_ASSETS_DIR "/creatures/biped.json", CF_ASSETS_DIR "/levels/open_ground.json");
  Result<Scene> tiger = load_scene(CF_SOURCE_DIR "/tests/data/creatures/painted/biped.json",
                                   CF_ASSETS_DIR "/levels/open_ground.json");
  ASSERT_TRUE(painted.ok() && plain.ok() && tiger.ok());
  ViewTextures tex;
  tex.skin = TextureId{3};
  View view;
  view.init(std::vector<const Scene*>{&*painted, &*plain, &*tiger}, tex);
  ASSERT_EQ(view.species_count(), 3);
  ASSERT_NE(view.paint_page(0), nullptr);
  EXPECT_EQ(view.paint_page(1), nullptr);
  ASSERT_NE(view.paint_page(2), nullptr);
  EXPECT_NE(view.paint_page(0)->texels, view.paint_page(2)->texels);
  // Its colours fit 16 entries; its four eyes take their own (an 8-bit table).
  EXPECT_GE(view.paint_page(0)->eye_first, 0);
  EXPECT_LE(view.paint_page(0)->clut.size() - kEyeTableEntries, 16u);
  EXPECT_EQ(view.paint_page(0)->bits, 8);
  // Drawn: the painted creature with its own texture once it is uploaded, through uvs into its page.
  Session session;
  session.start(std::move(*painted), 1);
  View one;
  one.init(session.scene(), tex);
  // The creature's flesh: the mesh with bone colours (the player's marker follows it).
  const auto flesh = [&]() -> const MeshInput& {
    for (std::size_t i = one.meshes().size(); i-- > 0;)
      if (one.meshes()[i].weight_colors) return one.meshes()[i];
    return one.meshes().front();
  };
  one.build(session.state(), session.runtime(), 1.0f, FrameSettings{}, 960, 720);
  EXPECT_EQ(flesh().texture, tex.skin);  // not uploaded yet: the shared skin
  one.set_species_texture(0, TextureId{7});
  one.build(session.state(), session.runtime(), 1.0f, FrameSettings{}, 960, 720);
  const MeshInput& m = flesh();
  EXPECT_EQ(m.texture, TextureId{7});
  const float cell = 1.0f / static_cast<float>(paint_grid(static_cast<int>(session.scene().creature.parts.size())));
  for (int v = 0; v < m.vertex_count; v += 37) {
    EXPECT_GE(m.uvs[v].x, 0.0f);
    EXPECT_LE(m.uvs[v].x, 1.0f);
    EXPECT_GT(m.uvs[v].y, 0.0f);
    EXPECT_LE(m.uvs[v].y, cell * 2.0f + 1e-6f);  // 8 parts fill the first two rows of the 4 x 4 cells
  }
}

TEST(View, EachPaintedCreatureHasItsOwnColourTableRowWithItsEyesOfThisTick) {
  Result<Scene> scene = load_scene(CF_SOURCE_DIR "/tests/data/creatures/painted/quadruped.json",
                                   CF_ASSETS_DIR "/levels/open_ground.json");
  ASSERT_TRUE(scene.ok());
  const std::uint32_t seed = eye_seed(eye_seed(scene->creature), 0);
  Session session;
  session.start(std::move(*scene), 1);
  View view;
  ViewTextures tex;
  view.init(session.scene(), tex);
  view.set_species_texture(0, TextureId{5});
  const IndexedTexture& page = *view.paint_page(0);
  ASSERT_GE(page.eye_first, 0);
  const std::uint64_t blink = next_blink(seed, 10);
  std::uint64_t shut = blink;
  while (blink_closure(seed, shut) < 1.0f) ++shut;  // the blink's middle
  ASSERT_LT(shut - blink, static_cast<std::uint64_t>(kBlinkMaxTicks));
  // Eye entries lidded in the row: how many of them show the lid colour.
  auto lidded = [&](const Rgba8* row) {
    int n = 0;
    for (int i = page.eye_first; i < page.eye_first + kEyeTableEntries; ++i) n += row[i] == page.eye_lid;
    return n;
  };
  std::vector<Rgba8> open_row;
  while (session.state().tick < shut) {
    session.tick(InputFrame{});
    view.build(session.state(), session.runtime(), 1.0f, FrameSettings{}, 960, 720);
    const Rgba8* row = view.clut_row(0);
    ASSERT_NE(row, nullptr);
    EXPECT_EQ(view.clut_row(1), nullptr);  // no second creature
    // The flesh names the creature's row.
    bool named = false;
    for (const MeshInput& m : view.meshes()) named |= m.texture == TextureId{5} && m.clut == 0;
    EXPECT_TRUE(named);
    const std::uint64_t t = session.state().tick;
    if (t == blink - 1) {
      EXPECT_EQ(lidded(row), 0);
      open_row.assign(row, row + kClutEntries);
    }
    if (t == shut) {
      EXPECT_EQ(lidded(row), kEyeTableEntries);  // shut: every eye cell is the lid
      for (int i = 0; i < page.eye_first; ++i) EXPECT_TRUE(row[i] == open_row[static_cast<std::size_t>(i)]);
    }
  }
  ASSERT_FALSE(open_row.empty());
}

TEST(View, EveryPipeIsDrawnAndRegionBordersAreMarked) {
  EXPECT_EQ(scenery_meshes("wall_pipes_virtual_plane.json"), 3);  // two drain pipes and a conduit
  // fence_region: two regions; only the stretches bordering outside ground get rails (the shared edge not).
  const std::vector<SceneryPiece> rails = build_scenery(*load_level(CF_ASSETS_DIR "/levels/fence_region.json"));
  ASSERT_GT(rails.size(), 20u);
  for (const SceneryPiece& p : rails) {
    EXPECT_EQ(p.kind, SceneryPiece::Kind::kRegionRail);
    const glm::vec3 c = glm::vec3(p.model_to_world[3]);
    EXPECT_FALSE(c.x > -3.1f && c.x < -2.9f && c.z > 6.1f && c.z < 7.9f) << "rail on the shared edge";
  }
  EXPECT_EQ(scenery_meshes("open_ground.json"), 0);
  // The playground: three pipes on its pipe wall and its region fenced all round: one edge a side, each
  // with posts and two rails on the region's boundary (x = +-10, z = -5 or 14), 2 x (20 + 19) m of rail.
  const Level playground = *load_level(CF_ASSETS_DIR "/levels/default.json");
  EXPECT_EQ(playground.edges.size(), 4u);
  const std::vector<SceneryPiece> pg = build_scenery(playground);
  int pipes = 0, posts = 0;
  float rails_m = 0.0f;
  for (const SceneryPiece& p : pg) {
    if (p.kind == SceneryPiece::Kind::kPipe) {
      ++pipes;
      continue;
    }
    ASSERT_EQ(p.kind, SceneryPiece::Kind::kRegionRail);
    const glm::vec3 c = glm::vec3(p.model_to_world[3]);
    const float off = std::min(std::min(std::fabs(c.x - 10.0f), std::fabs(c.x + 10.0f)),
                               std::min(std::fabs(c.z + 5.0f), std::fabs(c.z - 14.0f)));
    EXPECT_LT(off, 1e-3f) << "a rail piece off the region's edge at " << c.x << ", " << c.z;
    EXPECT_LT(c.y, 0.4f);  // knee-high
    if (p.half_extents.x > 1.0f) rails_m += 2.0f * p.half_extents.x; else ++posts;
  }
  EXPECT_EQ(pipes, 3);
  EXPECT_NEAR(rails_m, 2.0f * 2.0f * (20.0f + 19.0f), 0.5f);
  EXPECT_GE(posts, static_cast<int>(2.0f * (20.0f + 19.0f) / 1.2f));
}

TEST(View, PipesWearTheMetalTextureFencesTheWoodWallsTheBrick) {
  Result<Scene> scene = load_scene(CF_ASSETS_DIR "/creatures/biped.json", CF_ASSETS_DIR "/levels/wall_pipes_virtual_plane.json");
  ASSERT_TRUE(scene.ok());
  Session session;
  session.start(std::move(*scene), 1);
  ViewTextures tex;
  tex.ground = TextureId{0}, tex.wood = TextureId{1}, tex.brick = TextureId{2}, tex.skin = TextureId{3};
  tex.metal = TextureId{4};
  View view;
  view.init(session.scene(), tex);
  view.build(session.state(), session.runtime(), 1.0f, FrameSettings{}, 960, 720);
  const Level& lv = session.scene().level;
  int metal = 0, wood = 0, brick = 0;
  for (const MeshInput& m : view.meshes()) {
    metal += m.texture == tex.metal;
    wood += m.texture == tex.wood;
    brick += m.texture == tex.brick;
  }
  EXPECT_EQ(metal, 3) << "two drain pipes and a conduit";
  EXPECT_EQ(wood, static_cast<int>(lv.fences.size()));
  EXPECT_EQ(brick, static_cast<int>(lv.walls.size()));
}

TEST(View, BlendInterpolatesPositionAndWrapsAngles) {
  SimState a, b;
  a.creature_count = b.creature_count = 1;
  a.player().root_ws = glm::vec3(0.0f);
  b.player().root_ws = glm::vec3(1.0f, 0.0f, 2.0f);
  a.player().heading_rad = 3.1f;
  b.player().heading_rad = -3.1f;  // across the +-pi seam
  const SimState m = blend_for_drawing(a, b, 0.5f);
  EXPECT_FLOAT_EQ(m.player().root_ws.x, 0.5f);
  EXPECT_FLOAT_EQ(m.player().root_ws.z, 1.0f);
  EXPECT_GT(std::abs(m.player().heading_rad), 3.1f);
  EXPECT_EQ(blend_for_drawing(a, b, 1.0f).player().root_ws, b.player().root_ws);
}

// The biped at the playground's spawn, with a view built for it (the HUD tests).
struct BipedView {
  Session session;
  View view;
  BipedView() {
    session.start(test::biped_scene_in("default.json"), 1);
    view.init(session.scene(), ViewTextures{});
  }
};

TEST(Hud, TextBecomesScreenLines) {
  CommandList list;
  list.width = 320;
  list.height = 240;
  HudTextStyle style;
  style.shadow = false;
  draw_hud_text("A", 10, 10, style, &list);
  // 'A' of the 8x8 font: seven inked rows, the two legs making two runs in five of them.
  EXPECT_EQ(list.lines.size(), 11u);
  for (const ScreenLine& l : list.lines) {
    EXPECT_GE(l.x0, 10 * kSubpixelOne);
    EXPECT_LE(l.x1, 16 * kSubpixelOne + kSubpixelOne / 2);
    EXPECT_GE(l.y0, 10 * kSubpixelOne);
    EXPECT_LE(l.y0, 17 * kSubpixelOne);
  }
  EXPECT_EQ(hud_text_width("AB", style), 14);  // 6 + 1 blank + 7
  style.scale = 2;
  EXPECT_EQ(hud_text_width("AB", style), 28);
  const std::size_t before = list.lines.size();
  draw_hud_text("~", 0, 0, style, &list);  // the tilde: two rows of two runs each, twice at scale 2
  EXPECT_EQ(list.lines.size(), before + 8u);
  draw_hud_text("   ", 0, 0, style, &list);
  EXPECT_EQ(list.lines.size(), before + 8u);
}

TEST(Hud, RefusedVaultShowsItsReason) {
  BipedView b;
  Session& session = b.session;
  View& view = b.view;
  SimState s = session.state();
  const std::size_t plain = view.build(s, session.runtime(), 1.0f, FrameSettings{}, 960, 720).lines.size();
  s.hud = vault_hud(kVaultRefused);
  vault_of(s.player()).record.set_reason("no room on either side");
  EXPECT_EQ(view.hud_text(s), "Can't vault: no room on either side");
  EXPECT_GT(view.build(s, session.runtime(), 1.0f, FrameSettings{}, 960, 720).lines.size(), plain + 20);
  s.hud = vault_hud(kNoFenceInReach);
  EXPECT_EQ(view.hud_text(s), "No fence in reach");
  bool warns = false;
  view.hud_text(s, &warns);
  EXPECT_TRUE(warns) << "a refusal carries the warning sign";
}

// What plays is news, not a warning: an emote's variant line goes without the warning sign.
TEST(Hud, AnEmoteSaysWhichVariantPlayedWithoutTheWarningSign) {
  BipedView b;
  InputFrame greet;
  greet.buttons = greet.pressed = kButtonDpadUp;
  b.session.tick(InputFrame{});
  b.session.tick(greet);
  bool warns = true;
  const std::string text = b.view.hud_text(b.session.state(), &warns);
  EXPECT_EQ(text.rfind("Greet: ", 0), 0u) << text;
  EXPECT_FALSE(warns);
}

// Lower-cased words of 'text' (letters and digits; punctuation splits words).
std::vector<std::string> words_of(const std::string& text) {
  std::vector<std::string> words(1);
  for (char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '\'') {
      words.back() += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else if (!words.back().empty()) {
      words.emplace_back();
    }
  }
  if (words.back().empty()) words.pop_back();
  return words;
}

// "vault" once, and no two-word phrase said twice ("Can't vault: No room to vault: ..." failed both).
void expect_says_it_once(const std::string& text) {
  const std::vector<std::string> w = words_of(text);
  EXPECT_EQ(std::count(w.begin(), w.end(), "vault"), 1) << text;
  std::set<std::string> pairs;
  for (std::size_t i = 0; i + 1 < w.size(); ++i) {
    if (std::isdigit(static_cast<unsigned char>(w[i][0]))) continue;  // "0.30 m" may repeat
    EXPECT_TRUE(pairs.insert(w[i] + " " + w[i + 1]).second) << "'" << w[i] << " " << w[i + 1] << "' twice: " << text;
  }
}

TEST(Hud, RefusalBesideTwoWallsSaysItOnce) {
  Result<Scene> scene = load_scene(CF_ASSETS_DIR "/creatures/biped.json", CF_ASSETS_DIR "/levels/fence_walls_both.json");
  ASSERT_TRUE(scene.ok());
  Session session;
  session.start(std::move(*scene), 1);
  InputFrame walk;
  walk.left_y = 32767;
  for (int t = 0; t < 60; ++t) session.tick(walk);
  InputFrame a;
  a.buttons = a.pressed = kButtonA;
  session.tick(a);
  View view;
  view.init(session.scene(), ViewTextures{});
  const std::string text = view.hud_text(session.state());
  ASSERT_EQ(session.state().hud, vault_hud(kVaultRefused)) << text;
  EXPECT_EQ(text.rfind("Can't vault: not enough room between the walls: ", 0), 0u) << text;
  expect_says_it_once(text);
}

// Every other reason the vault engine gives (vault_play, vault_fit), as the HUD shows it.
TEST(Hud, EveryRefusalReasonSaysVaultOnce) {
  BipedView b;
  Session& session = b.session;
  View& view = b.view;
  SimState s = session.state();
  s.hud = vault_hud(kVaultRefused);
  for (const char* reason : {"not enough room on the right: 0.51 m, needs 0.75 m",
                             "not enough room between the walls: 1.280 m, needs 1.283 m",
                             "the creature would touch a wall", "the creature would touch a fence",
                             "no room to land beyond the fence",
                             "the motion could not be posed", "the motion could not be fitted to this creature",
                             "the clip must not loop",
                             "the decision names no fence of this level"}) {
    vault_of(s.player()).record.set_reason(reason);
    expect_says_it_once(view.hud_text(s));
  }
  s.hud = vault_hud(kNoFenceInReach);
  EXPECT_EQ(view.hud_text(s), "No fence in reach");
}

}  // namespace
}  // namespace cf

namespace cf {
namespace {

// Arches stand over the camera, a gate's piece the camera is in (or within 1 m of) is hidden, one it
// is near, looks through at the player, or sees the player pass through, is see-through (dithered):
// the finish arch's bar, 2.2 m up at the camera's height, was a red band across the finish screen.
TEST(View, AGateTheCameraIsInIsHiddenOneItLooksThroughIsSeeThrough) {
  const std::vector<SceneryPiece> gates = build_scenery(*load_level(CF_ASSETS_DIR "/levels/trial_sprint.json"));
  const SceneryPiece* bar = nullptr;  // the finish arch's bar: 2.2 m up at z = 30
  const SceneryPiece* post = nullptr;  // its left post, at x = -3.5
  for (const SceneryPiece& p : gates) {
    const glm::vec3 c(p.model_to_world[3]);
    if (p.kind == SceneryPiece::Kind::kGate && std::fabs(c.z - 30.0f) < 0.01f && c.y > 2.0f) bar = &p;
    if (p.kind == SceneryPiece::Kind::kGate && std::fabs(c.z - 30.0f) < 0.01f && std::fabs(c.x + 3.5f) < 0.01f) post = &p;
  }
  ASSERT_NE(bar, nullptr);
  ASSERT_NE(post, nullptr);
  // Eyes around the bar, at its height less 'below' metres; the player short of and past the finish.
  const float bar_y = bar->model_to_world[3].y;
  auto eye = [&](float below, float z) { return glm::vec3(-0.5f, bar_y - below, z); };
  const glm::vec3 before(-0.5f, 0.5f, 28.0f), after(-0.5f, 0.5f, 31.5f);
  EXPECT_EQ(gate_look(*bar, eye(0.0f, 30.0f), after), GateLook::kHidden);          // the eye in it
  EXPECT_EQ(gate_look(*bar, eye(0.2f, 29.4f), after), GateLook::kHidden);          // 0.55 m from it
  EXPECT_EQ(gate_look(*bar, eye(0.2f, 28.5f), before), GateLook::kSeeThrough);     // 1.45 m from it
  EXPECT_EQ(gate_look(*bar, eye(1.2f, 27.0f), after), GateLook::kSeeThrough);      // just passed: between
  EXPECT_EQ(gate_look(*bar, eye(1.2f, 26.5f), glm::vec3(-0.5f, 0.5f, 29.7f)), GateLook::kSeeThrough);  // passing
  EXPECT_EQ(gate_look(*bar, eye(1.2f, 24.0f), before), GateLook::kSolid);          // ahead, seen from afar
  EXPECT_EQ(gate_look(*bar, eye(1.2f, 24.0f), glm::vec3(-0.5f, 0.5f, 36.0f)), GateLook::kSolid);  // passed long ago
  EXPECT_EQ(gate_look(*post, glm::vec3(-3.5f, 1.0f, 25.0f), glm::vec3(-3.5f, 0.5f, 33.0f)), GateLook::kSeeThrough);
  EXPECT_EQ(gate_look(*post, glm::vec3(-0.5f, 2.0f, 27.0f), after), GateLook::kSolid);  // 3 m aside
  EXPECT_GT(bar_y - 0.12f, 3.5f) << "the bar well over the camera (about 2 m up behind a biped, 3 m the strider)";

  // Through the view: the player 4 m past the finish, so the camera behind it is in the arch's bar.
  auto finish_alphas = [](float player_z) {
    Result<Scene> scene = load_scene(CF_ASSETS_DIR "/creatures/biped.json", CF_ASSETS_DIR "/levels/trial_sprint.json");
    EXPECT_TRUE(scene.ok());
    scene->level.spawn = glm::vec3(-0.5f, 0.0f, player_z);
    scene->level.spawn_heading_deg = 0.0f;
    Session session;
    session.start(std::move(*scene), 1);
    View view;
    view.init(session.scene(), ViewTextures{});
    view.build(session.state(), session.runtime(), 1.0f, FrameSettings{}, 960, 720);
    const float height = session.runtime().pose(0).cog_ws.y - session.scene().level.ground_y;
    const glm::vec3 eye = camera_pose(session.state(), session.scene().level, height).eye_ws;
    std::printf("[gates] player at z %.2f: eye at (%.2f, %.2f, %.2f)\n", player_z, eye.x, eye.y, eye.z);
    std::vector<int> out;  // each red piece: its alpha, or 0 when it draws nothing
    for (const MeshInput& m : view.meshes())
      if (m.color.r == 255 && m.color.g == 70 && m.color.b == 60) out.push_back(m.index_count > 0 ? m.color.a : 0);
    return out;
  };
  const std::vector<int> under = finish_alphas(34.0f), far = finish_alphas(10.0f);  // eye 4 m behind, 2.1 m up
  ASSERT_EQ(under.size(), 3u);  // two posts and the bar
  ASSERT_EQ(far.size(), 3u);
  EXPECT_EQ(std::count(under.begin(), under.end(), 255), 2) << "the posts beside it solid, the bar over the camera not";
  EXPECT_EQ(std::count(far.begin(), far.end(), 255), 3);
}

}  // namespace
}  // namespace cf
