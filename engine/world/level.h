#pragma once
// Level geometry: the ground, fences (vaultable boxes), walls (boxes with optional pipes and a
// simplified virtual plane for clearance checks) and optional movable regions. Plain data in
// world space (metres, Y up, ground at ground_y). Loaded from "critterforge.level/1" JSON.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "core/json_util.h"
#include "core/result.h"

namespace cf {

// An oriented box: rotated by yaw about +Y around its centre. In the box's local frame, x is its
// length, y its height and z its thickness (for a fence, +-z are the faces a creature vaults across).
struct Box {
  glm::vec3 centre{0.0f};          // world space, metres
  glm::vec3 half_extents{0.5f};    // local frame, metres, each > 0
  float yaw_deg = 0.0f;            // rotation about +Y, degrees; 0 = local axes equal world axes

  glm::vec3 axis_x() const;  // local +x in world space (unit, horizontal)
  glm::vec3 axis_z() const;  // local +z in world space (unit, horizontal)
  glm::vec3 to_local(const glm::vec3& p_ws) const;
  glm::vec3 to_world(const glm::vec3& p_local) const;
  float top_y() const { return centre.y + half_extents.y; }
  float bottom_y() const { return centre.y - half_extents.y; }
};

// A detail cylinder on a wall (drain pipe, conduit). Clearance treats it as a capsule.
struct Pipe {
  glm::vec3 a{0.0f}, b{0.0f};  // axis end points, world space, metres
  float radius = 0.05f;        // metres, > 0
};

struct Wall {
  Box box;
  std::vector<Pipe> pipes;
  // Simplified stand-in for the wall and its pipes in clearance checks (lref): a vertical plane.
  // Everything behind it (within the wall's lateral span) counts as the wall.
  bool has_virtual_plane = false;
  glm::vec3 plane_point{0.0f};   // world space, on the plane
  glm::vec3 plane_normal{0.0f};  // unit, horizontal, pointing away from the wall
  std::string plane_face;        // "+x", "-x", "+z", "-z" when derived from a face; empty when explicit
  // >= 0: the wall stands for Level::props[prop] (made at load, never saved, drawn as the prop).
  int prop = -1;
};

// Scenery on the ground: a rock, a bush or a tree, low-poly. Each is solid: at load it adds a wall to
// Level::walls (its 'prop' set) that movement, clearance and the clip detector already keep out of.
struct Prop {
  enum class Kind { kRock, kBush, kTree };
  Kind kind = Kind::kRock;
  glm::vec2 position_xz{0.0f};  // world x, z, metres; it stands on the ground there
  float yaw_deg = 0.0f;
  float scale = 1.0f;           // [0.25, 4]
};
constexpr float kPropMinScale = 0.25f, kPropMaxScale = 4.0f;
const char* prop_kind_name(Prop::Kind kind);  // "rock", "bush", "tree"
// The solid part of a prop at scale 1, metres: half extents across (x, z) and the height above the ground.
glm::vec3 prop_solid_size(Prop::Kind kind);

// How the sky over a level looks (optional "sky"); absent: the renderer's default look. Colours 0..1.
struct LevelSky {
  bool present = false;
  glm::vec3 zenith{-1.0f}, horizon{-1.0f};     // horizon: also the fog colour; negative: the default
  float fog_start_m = 0.0f, fog_end_m = 0.0f;  // view distances; 0 and 0: the default
};

// An area a creature may occupy: a convex polygon on the ground, extruded up to 'height'.
struct Region {
  std::vector<glm::vec2> points_xz;  // world x, z, metres; >= 3, convex, either winding
  float height = 3.0f;               // metres above the ground, > 0
};

// A line across the course on the ground that a creature passes through (a trial's start, checkpoint
// or finish): width_m long, centred at centre_xz, passed in its forward direction (yaw 0: the line
// spans world x and is passed towards +z).
struct TrialGate {
  glm::vec2 centre_xz{0.0f};  // world x, z, metres
  float width_m = 3.0f;       // (0, 50]
  float yaw_deg = 0.0f;
  std::string kind = "arch";  // how it stands in the level: "arch" or "flag"
  glm::vec2 across() const;   // unit, along the line (world x, z)
  glm::vec2 forward() const;  // unit, the way through
};

// A course against the clock: the start gate, checkpoints passed in order, the finish.
struct Trial {
  bool present = false;
  TrialGate start, finish;
  std::vector<TrialGate> checkpoints;  // 1..kTrialMaxCheckpoints
};
constexpr std::size_t kTrialMaxCheckpoints = 16;
// On a trial level the player stands still for the countdown (3, 2, 1: 3 s); the clock runs from GO.
constexpr unsigned kTrialCountdownTicks = 180;

// Where a trial's spectators stand: an axis-aligned rectangle on the ground (world x, z, metres).
struct SpectatorArea {
  glm::vec2 centre_xz{0.0f};
  glm::vec2 half_extents{1.0f};  // each in (0, 50]
  bool contains(glm::vec2 p_xz) const;
};

// A trial level's spectators: 'count' herd creatures (picked and placed with the seed) standing in
// the areas, facing the course. count 0: none.
struct Spectators {
  int count = 0;                     // 1..64 when present
  std::vector<SpectatorArea> areas;  // 1..kMaxSpectatorAreas
};
constexpr std::size_t kMaxSpectatorAreas = 16;

// True when the step from -> to (world x, z) passes through the gate the forward way.
bool gate_crossed(const TrialGate& gate, glm::vec2 from_xz, glm::vec2 to_xz);

// Ground with height: samples on a grid (rows along +Z, each a row of samples along +X), bilinear between
// them; outside the grid the level's flat ground holds. Heights are world y, metres.
struct Terrain {
  glm::vec2 origin_xz{0.0f};     // world x, z of sample [0][0]
  float cell_m = 1.0f;           // spacing of samples, metres
  int columns = 0, rows = 0;     // samples along +X and +Z; fewer than 2 either way: no terrain
  std::vector<float> heights_m;  // rows x columns, row by row
  // Read from a greyscale PNG beside the level file ("heightmap"): its name and the heights of black and
  // white, written back as they were when the level is saved. Empty: "heights_m" in the file.
  std::string heightmap;
  glm::vec2 height_range_m{0.0f};
  bool present() const { return columns >= 2 && rows >= 2; }
  float sample(int col, int row) const { return heights_m[static_cast<std::size_t>(row) * columns + col]; }
};
constexpr int kTerrainMaxSamples = 512;        // per side
constexpr float kTerrainMaxHeight_m = 200.0f;  // |height|

constexpr int kMaxFriendsGoal = 64;  // a level's "friends_goal" at most (the herd's most)

// What the ground is made of (the look of its walkable, unsteep part; steep banks are bare earth). A look
// only: it never changes what a creature does, and a scene's identity leaves it out.
enum class GroundMaterial : std::uint8_t { kGrass, kSand };
const char* ground_material_name(GroundMaterial m);  // "grass", "sand"

struct Level {
  std::string name;
  std::string notes;                 // free text kept through load/save (what the level is for)
  float ground_y = 0.0f;             // height of the ground plane, metres
  float ground_half_size = 50.0f;    // the ground is a square of this half size around the origin
  GroundMaterial ground_material = GroundMaterial::kGrass;  // "ground": {"material": "grass" | "sand"}
  glm::vec3 spawn{0.0f};             // creature start, world space
  float spawn_heading_deg = 0.0f;    // yaw about +Y; 0 faces +Z, 90 faces +X
  int herd = 0;                      // creatures wandering with the player's (0..64; --herd overrides)
  // The herd's temperaments by share ("herd_temperaments": {"shy": 1, "curious": 2, "bold": 1}): each
  // herd creature draws one with the seed, weighted by these. Default 1 shy, 2 curious, 1 bold.
  std::array<int, 3> herd_temperaments{1, 2, 1};
  // Friends to make for the level to count as befriended ("friends_goal", 1..64); 0: no goal. Shown
  // only, never simulated: a level's scene identity leaves it out.
  int friends_goal = 0;
  std::vector<Box> fences;
  std::vector<Wall> walls;
  std::vector<Region> regions;       // empty: the whole ground is movable
  // Derived from the regions when loaded (region_edges, world/clearance.h), never saved: where movable
  // ground ends on open ground, drawn as a rail (a body's centre stops there: in_regions).
  std::vector<Box> edges;
  // Gaps in the ground (ditches): walked round, jumped across (a jump's flight passes over them, its
  // landing must be clear). Boxes from the ground down kGapDepth_m; only x and z collide, and only the
  // body's centre (its ground point, kGapEdge_m round): legs may reach over the edge.
  std::vector<Box> gaps;
  Terrain terrain;                   // optional "terrain": ground with height
  // Optional "platforms": boxes whose tops are ground (steps, terraces, ledges); their sides are walls.
  std::vector<Box> platforms;
  std::vector<Prop> props;           // optional "props": rocks, bushes, trees (each also a wall, above)
  LevelSky sky;                      // optional "sky"
  bool fixture = false;              // "fixture": true: a level for tests, not offered to the player
  Trial trial;                       // optional "trial": a course against the clock
  Spectators spectators;             // optional on a trial: herd creatures that watch from behind barriers
};

// Limits that keep hostile files harmless.
constexpr float kLevelMaxCoord_m = 1000.0f;    // |coordinate| in metres
constexpr float kLevelMaxHalfExtent_m = 500.0f;
constexpr std::size_t kLevelMaxObjects = 4096;  // per array
constexpr std::size_t kLevelMaxPolygon = 256;   // points per region

Result<Level> parse_level(const std::string& text, const std::string& file);
Result<Level> load_level(const std::string& path);
Json level_to_json(const Level& level);
// Written atomically (temp file + rename).
Status save_level(const std::string& path, const Level& level);

// Checks an in-memory level with the loader's rules (finite, positive extents, convex regions...).
Status validate_level(const Level& level, const std::string& file);

// The optional "gaps" array (level_course.cpp): [{"centre": [x, z], "half_extents": [hx, hz], "yaw_deg"}].
constexpr float kGapDepth_m = 0.5f;
constexpr float kGapEdge_m = 0.1f;  // the body's centre keeps this far from a gap
Status parse_gaps(const Json& j, float ground_y, std::vector<Box>* gaps, const std::string& file);
Json gaps_to_json(const std::vector<Box>& gaps);
// A required [x, z] field of j: two finite numbers within kLevelMaxCoord_m (the error names where.key).
Status read_ground_xz(const Json& j, const char* key, glm::vec2* out, const std::string& file, const std::string& where);

// The optional "terrain" object and "platforms" array (level_terrain.cpp). A "heightmap" is read from the
// folder of 'file' (the level's path): one plain file name, a greyscale PNG.
Status parse_terrain(const Json& j, Terrain* terrain, const std::string& file);
// A heightmap's terrain as its file name and range, or with inline_heights as "heights_m" (what a scene's
// JSON and a replay carry, so they hash and replay the heights themselves, not a name).
Json terrain_to_json(const Terrain& terrain, bool inline_heights = false);

// The optional "props" array (level_props.cpp): [{"kind": "rock", "position": [x, z], "yaw_deg", "scale"}].
// Parse after the terrain and platforms: a prop stands on the ground under it.
Status parse_props(const Json& j, std::vector<Prop>* props, const std::string& file);
Json props_to_json(const std::vector<Prop>& props);
// Appends a wall for every prop (Wall::prop set), its foot in the ground under it.
void add_prop_walls(Level* level);
// The optional "sky" object: {"zenith": [r, g, b], "horizon": [r, g, b], "fog_m": [start, end]}, colours 0..255.
Status parse_sky(const Json& j, LevelSky* sky, const std::string& file);
Json sky_to_json(const LevelSky& sky);

// The optional "trial" object (level_trial.cpp); 'where' is "trial".
Status parse_trial(const Json& j, Trial* trial, const std::string& file);
Status validate_trial(const Trial& trial, const std::string& file);
Json trial_to_json(const Trial& trial);

// The optional "spectators" object (level_spectators.cpp): {"count": N, "areas": [{"centre": [x, z],
// "half_extents": [hx, hz]}, ...]}. Only on a trial; areas on the ground and clear of every gate's line.
Status parse_spectators(const Json& j, Spectators* sp, const std::string& file);
Status validate_spectators(const Level& level, const std::string& file);
Json spectators_to_json(const Spectators& sp);
// The point of the course's line (start, checkpoints, finish gate centres in order) nearest p_xz.
glm::vec2 nearest_on_course(const Trial& trial, glm::vec2 p_xz);

// Virtual plane derived from a face of the wall's box: the face's normal, pushed out past any
// pipe on that side so the plane encloses the wall's detail. face is "+x", "-x", "+z" or "-z".
bool derive_virtual_plane(Wall* wall, const std::string& face);

}  // namespace cf
