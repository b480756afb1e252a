#pragma once
// Builds each displayed frame from the simulation state: the level and creature meshes, the camera
// and the debug overlays, through the geometry stage into a CommandList. Reads state, never writes
// it. CPU only (no GL): the rasterizer in main draws the list.
#include <cstdint>
#include <string>
#include <vector>

#include "game/view/creature_eyes.h"
#include "game/view/creature_lod.h"
#include "game/play/scene.h"
#include "game/view/scenery.h"
#include "game/view/trial_hud.h"
#include "game/view/world_look.h"
#include "game/play/sim.h"
#include "game/play/stage_times.h"
#include "game/play/world_runtime.h"
#include "render/command_list.h"
#include "render/frame_settings.h"
#include "render/geometry_stage.h"
#include "render/mesh_builders.h"
#include "render/paint_texture.h"
#include "retarget/retarget.h"
#include "skin/skinned_creature.h"

namespace cf {

struct ViewTextures {
  TextureId ground = kNoTexture, wood = kNoTexture, brick = kNoTexture, skin = kNoTexture;
  TextureId metal = kNoTexture;  // pipes
  TextureId earth = kNoTexture;  // steep terrain (none: the ground's)
  TextureId sand = kNoTexture;   // the ground of a level of sand (none: the ground's)
};

// The state to draw between two ticks: positions and angles blended by alpha in [0, 1].
SimState blend_for_drawing(const SimState& prev, const SimState& cur, float alpha);
// A creature's pose between two ticks (alpha 1: exactly cur). out grows to the rig's size once.
void blend_poses(const CreaturePose& prev, const CreaturePose& cur, float alpha, CreaturePose* out);

// A creature's flesh in its bind pose (the editor's and the menus' previews) as geometry-stage input.
MeshInput bind_flesh_input(const SkinMesh& mesh, TextureId texture);

// The orbit camera around the creature (world -> view), kept out of the level's obstacles (game/play/camera.h).
glm::mat4 orbit_camera_view(const SimState& s, const Level& level, float target_height_m);

// The geometry stage's job for a 3D scene seen from camera_view into *out (settings, target size,
// scratch); the caller adds its inputs and look (fog, field of view, clear colour). Play, the editor
// and the title menu all draw through it.
GeometryJob scene_geometry_job(const glm::mat4& camera_view, const FrameSettings& settings, int window_w,
                               int window_h, GeometryScratch* scratch, CommandList* out);

class MotionMenu;
struct HudTextStyle;
struct HudBand;

class View {
 public:
  View() = default;
  View(const View&) = delete;  // MeshInputs point into the view's own meshes
  View& operator=(const View&) = delete;

  // Builds the static meshes of the scene. The scene must outlive the view.
  void init(const Scene& scene, const ViewTextures& textures);
  // The same for a world of several species (Session::species_scenes(); [0] gives the level).
  void init(const std::vector<const Scene*>& species, const ViewTextures& textures);

  // The frame for 'draw' (blend_for_drawing of the last two states) at the given drawable size, its
  // creatures posed between runtime's last two poses by alpha. Returns the command list (valid until
  // the next build). stats may be null.
  const CommandList& build(const SimState& draw, const WorldRuntime& runtime, float alpha,
                           const FrameSettings& settings, int window_w, int window_h, GeometryStats* stats = nullptr);

  // The last build's frame, for a menu drawn over it (Mode::draw_over).
  CommandList* frame() { return &list_; }
  const std::vector<MeshInput>& meshes() const { return meshes_; }
  const std::vector<OverlayLineInput>& lines() const { return lines_; }
  // The player's pose of the last build (world positions of every bone).
  const CreaturePose& pose() const { return poses_.front(); }
  bool skinned() const { return !kinds_.empty() && kinds_.front().full.skinned; }
  // Level of detail and culling of creature flesh (game/view/creature_lod.h). low_vertices is read by init.
  void set_flesh_lod(const FleshLodOptions& options) { lod_ = options; }
  // How the last build drew the creatures, and each creature's detail (kNone: culled or not drawn yet).
  const FleshLodCounts& lod_counts() const { return lod_counts_; }
  FleshDetail detail(int creature) const {
    return creature >= 0 && creature < static_cast<int>(drawn_.size()) ? drawn_[static_cast<std::size_t>(creature)]
                                                                        : FleshDetail::kNone;
  }
  // Painted species wear their own page (built by init); the caller uploads it and names its texture.
  int species_count() const { return static_cast<int>(kinds_.size()); }
  const IndexedTexture* paint_page(int species) const;
  void set_species_texture(int species, TextureId texture);  // the page as index_image gives it
  // A drawn painted creature's colour table row of the last build (kClutEntries; its row is the
  // creature's index), nullptr for the others: the caller uploads it (Rasterizer::set_clut).
  const Rgba8* clut_row(int creature) const {
    return creature >= 0 && creature < static_cast<int>(clut_set_.size()) && clut_set_[static_cast<std::size_t>(creature)]
               ? cluts_.data() + static_cast<std::size_t>(creature) * kClutEntries
               : nullptr;
  }
  // The reduced flesh of a species (nullptr when it has none), for tests.
  const SkinnedCreature* low_flesh(int species) const;
  // The far flesh, or null when the species has none (its far mesh would not be smaller than the low one).
  const SkinnedCreature* far_flesh(int species) const;
  // Threads for skinning the creatures (null: the calling thread alone).
  void set_pool(WorkerPool* pool) { pool_ = pool; }
  // A line shown at the top centre of every frame until cleared ("" for none), e.g. "PAUSED".
  // A centred line (a mode's banner); centred right of 'left_fraction' of the picture's width (the part
  // the debug panel covers).
  // Befriending's lines (game/play/befriend.h: befriend_hud_text): the friends count top right, then a
  // challenge or what the creature faced is, near the top.
  void set_befriend(const std::string& text) {
    if (text == befriend_) return;
    befriend_ = text;
    befriend_width_ = -1;  // wrapped again at the next frame
  }
  const std::string& befriend() const { return befriend_; }
  void set_banner(const std::string& text, float left_fraction = 0.0f) {
    banner_ = text;
    banner_left_ = left_fraction;
  }
  // The trial run drawn over the picture (null: none); it must outlive the view's builds.
  void set_trial(const TrialRun* run) { trial_ = run; }
  // The motion menu drawn over play while it is open (null: none).
  void set_motion_menu(const MotionMenu* menu) { menu_ = menu; }
  // The pad buttons play's A and B are on ("A", "X"; "NONE"), named in the motion menu's keys.
  void set_play_buttons(const std::string& a, const std::string& b) {
    menu_keys_[0] = a + ": PLAY";
    menu_keys_[1] = b + ": CLOSE";
    menu_keys_[2] = menu_keys_[0] + "  " + menu_keys_[1];
  }
  void set_ghost_line(const std::string& line) { ghost_line_ = line; }
  // A ghost beside the player (ghost_view.cpp): its creature's flesh (built when the scene changes)
  // posed from its own runtime, drawn see-through: pale, unlit, dithered. Null: none.
  void set_ghost(const Scene* scene, const WorldRuntime* runtime, float alpha);
  // A line at the bottom of the picture (the first clip, a saved replay); "" for none.
  void set_notice(const std::string& text) {
    notice_ = text;
    notice_dirty_ = true;
  }
  // The control hints ('\n' between lines; "" for none), high over the picture.
  // A short prompt of what a button does here ("A: VAULT"), over the bottom of the picture when no
  // action line is up; "" none.
  void set_prompt(const std::string& text) { prompt_ = text; }
  const std::string& prompt() const { return prompt_; }
  void set_hint(const std::string& text) {
    if (text == hint_) return;
    hint_ = text;
    hint_width_ = 0;
  }
  const std::string& hint() const { return hint_; }
  // How bright the notice is drawn, 1 full .. 0 gone (a fading line).
  void set_notice_fade(float f) { notice_fade_ = f; }
  // Times skinning and the geometry stage with 'now' (debug panel); the last build's durations.
  void set_clock(NowFn now) { now_ = now; }
  double skinning_s() const { return skinning_s_; }
  double geometry_s() const { return geometry_s_; }
  // What the last build's geometry stage did (the console budget meter reads it).
  const GeometryStats& geometry_stats() const { return stats_; }
  // The HUD line for the state ("" when none): the message of the action that showed it.
  std::string hud_text(const SimState& s, bool* warns = nullptr) const;  // warns: a refusal, not news
  // The action line the HUD shows: hud_text, but none over a trial's finish screen.
  std::string action_line(const SimState& s, bool* warns = nullptr) const;

 private:
  const Scene* scene_ = nullptr;
  ViewTextures tex_;
  GroundLook ground_;                // the ground (grass and earth) and the terrain's tints
  MeshData sky_;                     // the backdrop (render/sky_mesh.h), centred on the eye each frame
  SkyLook sky_look_;
  std::vector<MeshData> prop_meshes_;  // per Prop::Kind
  std::vector<MeshData> platforms_;  // one box per level platform
  std::vector<MeshData> fences_, walls_, gaps_;
  std::vector<MeshData> pits_;         // per gap: its inner walls, one metre deep (scaled per frame)
  std::size_t pit_first_mesh_ = 0;     // this frame's mesh of pits_[0]
  // Each ditch's inner walls shown as deep as the eye sees into it over its near edge (drawn over the
  // ground without a depth buffer, deeper would show on the ground in front).
  void dig_ditches(const glm::mat4& camera_view);
  std::vector<SceneryPiece> scenery_;  // pipes and region rails
  std::size_t scenery_first_mesh_ = 0;  // this frame's mesh of scenery_[0] (one mesh a piece, in order)
  // Gates the camera looks through at the player, or is near, dithered see-through; one it is in, hidden.
  void see_through_gates(const glm::mat4& camera_view);
  MeshData marker_;                    // the player's ring, radius 1 (placed per frame)
  MeshData heart_;                     // over a creature just befriended
  float marker_radius_m_ = 0.0f;       // the ring's radius around the player (0: not sized yet)
  struct Flesh {                     // one level of detail of a species' skinned flesh (engine/skin)
    SkinnedCreature skin;
    bool skinned = false;
    std::vector<Rgba8> weight_colors;  // per vertex: dominant bone's debug colour (weight view)
  };
  struct Kind {                      // what every creature of one species draws with
    Flesh full, low, far;            // low and far: the reduced meshes for creatures small on screen
    const Flesh& at(FleshDetail d) const { return d == FleshDetail::kLow ? low : d == FleshDetail::kFar ? far : full; }
    float reach_m = 0.0f;            // how far the flesh reaches out of the bones (bounding spheres)
    MeshData blob;                   // fallback flesh when skinning fails: spheres along the strokes
    std::vector<glm::mat4> inv_bind_ms;
    bool painted = false;            // the creature file's paint: its own page and uvs into it
    IndexedTexture page;
    std::vector<glm::vec2> paint_uvs_full, paint_uvs_low, paint_uvs_far;
    TextureId texture = kNoTexture;  // the uploaded page (the shared skin until then)
    SpeciesEyes eyes;
  };
  static Flesh build_flesh(const Skeleton& skeleton, const SkinOptions& options);
  void choose_flesh(const SimState& draw, const glm::mat4& camera_view, const FrameSettings& settings, int window_w,
                    int window_h);
  std::vector<Kind> kinds_;          // per species
  const TrialRun* trial_ = nullptr;
  const MotionMenu* menu_ = nullptr;
  float lens_shift_ = 0.0f;                     // Camera::shift_x of the picture (the Test drive's list)
  static constexpr float kDriveLensShift = 0.4f;
  float text_over_share_ = 0.0f;  // the share of the picture's height the hints and banner take at its top
  float text_shift_ = 0.0f;       // Camera::shift_y: the picture's centre moved down into the rows left free
  // At most an eighth of the picture down: with large text the hints page and the prompt at the bottom stays clear.
  static constexpr float kMaxTextShift = 0.25f;
  std::string menu_keys_[3] = {"A: PLAY", "B: CLOSE", "A: PLAY  B: CLOSE"};  // A's, B's, both on one line
  void add_motion_menu(HudTextStyle style, HudBand* band);
  void add_hints(std::uint64_t tick, HudTextStyle style, HudBand* band);
  const Scene* ghost_scene_ = nullptr;
  std::uint64_t ghost_identity_ = 0;  // a new ghost may sit where the last one was
  const WorldRuntime* ghost_runtime_ = nullptr;
  float ghost_alpha_ = 1.0f;
  Flesh ghost_flesh_;
  std::vector<glm::mat4> ghost_inv_bind_;
  SkinBuffers ghost_skin_;
  CreaturePose ghost_pose_;
  bool ghost_skinned_ = false;
  void add_ghost_mesh(const glm::mat4& camera_view);
  std::string ghost_line_;
  TrialHud trial_hud_;
  std::string banner_;
  std::string befriend_;
  std::string befriend_friends_;              // its first line
  std::vector<std::string> befriend_lines_;   // the rest, wrapped
  int befriend_width_ = -1;                   // the width and text size they are wrapped for (width * 16 + scale)
  float banner_left_ = 0.0f;
  std::string notice_;
  std::vector<std::string> notice_lines_;  // notice_ wrapped to the picture's width
  bool notice_dirty_ = false;
  float notice_fade_ = 1.0f;
  int notice_width_ = 0;
  std::string hint_;
  std::string prompt_;
  std::vector<std::string> hint_lines_;  // hint_ wrapped to the picture's width
  std::vector<int> hint_blocks_;         // one past each block's wrapped lines (a line of hint_, or an item of it)
  bool hint_items_ = false;              // hint_lines_ hold one item a block (they come a page at a time)
  int hint_width_ = 0;                   // the width hint_lines_ was wrapped to (0: wrap again)
  NowFn now_ = nullptr;
  double skinning_s_ = 0.0, geometry_s_ = 0.0;
  GeometryStats stats_;
  std::vector<SkinBuffers> skin_out_;  // per creature
  std::vector<SkinBuffers> skin_low_;  // per creature: the reduced flesh's buffers
  std::vector<SkinBuffers> skin_far_;  // per creature: the far flesh's
  SkinBuffers& skin_buffers(std::size_t k, FleshDetail d) {
    return d == FleshDetail::kLow ? skin_low_[k] : d == FleshDetail::kFar ? skin_far_[k] : skin_out_[k];
  }
  std::vector<char> skinned_ok_;       // per creature: this frame's flesh is skinned
  std::vector<FleshDetail> detail_;    // per creature: the last chosen detail (hysteresis; kept while culled)
  std::vector<FleshDetail> drawn_;     // per creature: this frame's (kNone: outside the view)
  FleshLodOptions lod_;
  FleshLodCounts lod_counts_;
  WorkerPool* pool_ = nullptr;
  std::vector<CreaturePose> poses_;     // per creature, as drawn
  std::vector<Rgba8> cluts_;            // per creature a colour table row (kClutEntries)
  std::vector<char> clut_set_;          // per creature: its row is this frame's
  void add_pose_overlays(const CreatureState& c, const CreaturePose& pose, const WorldRuntime& runtime, int creature);
  void add_hud(const SimState& draw, const FrameSettings& settings);
  // The stages of build(), in order.
  void add_level_meshes(const Level& lv);
  void pose_between_ticks(const SimState& draw, const WorldRuntime& runtime, float alpha);
  void skin_creatures(const SimState& draw);
  void add_creature_meshes(const SimState& draw, const WorldRuntime& runtime, const glm::mat4& camera_view);
  // The ring at the player's feet (game/view/player_focus.h).
  void add_player_marker(const CreatureState& c, const CreaturePose& pose);
  void add_level_overlays(const Level& lv);
  std::vector<MeshInput> meshes_;
  std::vector<OverlayLineInput> lines_;
  std::vector<OverlayPointInput> points_;
  GeometryScratch scratch_;
  CommandList list_;
};

}  // namespace cf
