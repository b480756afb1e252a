#include "game/editor/editor_view.h"
#include "game/editor/editor_colors.h"
#include "game/editor/editor_paint_view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include <glm/gtc/matrix_transform.hpp>

#include "creature/creature_rules.h"
#include "creature/stroke_tools.h"
#include "game/ui/hud.h"
#include "game/view/view.h"

namespace cf {

namespace {

constexpr Rgba8 kGrid = kEdGrid, kGridMajor = kEdGridMajor, kGround = kEdGround, kWhite = kEdWhite;
constexpr Rgba8 kYellow = kEdYellow, kRed = kEdRed, kOrange = kEdOrange, kCyan = kEdCyan;
constexpr Rgba8 kPen = kEdPen, kInk = kEdInk, kPanel = kEdPanel;
constexpr float kGridHalf = 1.6f;   // metres either side of the look-at point
constexpr float kGridStep = 0.1f;

Rgba8 tag_color(PartTag t) { return editor_tag_color(t); }

// A polyline as lines at least 'min_len' long: at the retro resolution a 1-pixel segment snaps to
// nothing, so consecutive short steps are joined.
void add_polyline(const std::vector<glm::vec3>& pts, Rgba8 color, std::uint32_t kind,
                  std::vector<OverlayLineInput>* out, float min_len = 0.04f) {
  if (pts.size() < 2) return;
  glm::vec3 from = pts.front();
  for (std::size_t i = 1; i < pts.size(); ++i) {
    if (i + 1 < pts.size() && glm::length(pts[i] - from) < min_len) continue;
    out->push_back({from, pts[i], color, kind});
    from = pts[i];
  }
}

// Colour is never alone: each tag also has its line style (metres on, off, ...; solid for the torso)
// and its letters at the part's free end.
struct TagStyle {
  float dash[4];  // on, off, on, off (0: solid)
  const char* letters;
};
TagStyle tag_style(PartTag t) {
  switch (t) {
    case PartTag::kTorso: return {{0, 0, 0, 0}, "TO"};
    case PartTag::kHead: return {{0.02f, 0.02f, 0.02f, 0.02f}, "HD"};       // dotted
    case PartTag::kLeg: return {{0.07f, 0.03f, 0.07f, 0.03f}, "LG"};        // long dashes
    case PartTag::kArm: return {{0.07f, 0.025f, 0.015f, 0.025f}, "AR"};     // dash and dot
    case PartTag::kTail: return {{0.035f, 0.035f, 0.035f, 0.035f}, "TL"};   // short dashes
  }
  return {{0, 0, 0, 0}, "?"};
}

// A part's stroke in its tag's colour and line style.
void add_tag_polyline(const std::vector<glm::vec3>& pts, PartTag tag, std::vector<OverlayLineInput>* out) {
  const TagStyle st = tag_style(tag);
  if (st.dash[0] <= 0.0f) {
    add_polyline(pts, tag_color(tag), kOverlayControlPoints, out);
    return;
  }
  int phase = 0;
  float left = st.dash[0];  // of the current on/off piece
  for (std::size_t i = 1; i < pts.size(); ++i) {
    glm::vec3 a = pts[i - 1];
    float seg = glm::length(pts[i] - a);
    const glm::vec3 dir = seg > 0 ? (pts[i] - a) / seg : glm::vec3(0.0f);
    while (seg > 0.0f) {
      const float take = std::min(seg, left);
      const glm::vec3 b = a + dir * take;
      if (phase % 2 == 0) out->push_back({a, b, tag_color(tag), kOverlayControlPoints});
      a = b;
      seg -= take;
      left -= take;
      if (left <= 1e-6f) {
        phase = (phase + 1) % 4;
        left = st.dash[phase];
      }
    }
  }
}

}  // namespace

Rgba8 editor_tag_color(PartTag t) {
  switch (t) {
    case PartTag::kTorso: return Rgba8{120, 200, 255, 255};
    case PartTag::kHead: return Rgba8{255, 170, 220, 255};
    case PartTag::kLeg: return Rgba8{140, 255, 140, 255};
    case PartTag::kArm: return Rgba8{255, 200, 120, 255};
    case PartTag::kTail: return Rgba8{200, 160, 255, 255};
  }
  return kWhite;
}

float editor_torso_mid(const Creature& c) {
  const int t = find_torso(c);
  return t >= 0 ? torso_mid_x(c.parts[static_cast<std::size_t>(t)]) : 0.0f;
}

std::string depth_readout(const Editor& editor) {
  const EditorPen& pen = editor.pen();
  const Creature& c = editor.doc().creature;
  char buf[64];
  if (pen.plane == DrawPlane::kSide) {
    const float d = pen.pos.x - editor_torso_mid(c);  // +x is the creature's left
    const char* where = std::fabs(d) <= kCentreLineEps_m ? "CENTRE" : (d > 0.0f ? "LEFT" : "RIGHT");
    std::snprintf(buf, sizeof buf, "DEPTH %.2f M %s", static_cast<double>(std::fabs(d)), where);
  } else {
    const float d = pen.pos.z;  // +z is the creature's front
    const char* where = std::fabs(d) <= kCentreLineEps_m ? "CENTRE" : (d > 0.0f ? "FRONT" : "BACK");
    std::snprintf(buf, sizeof buf, "DEPTH %.2f M %s", static_cast<double>(std::fabs(d)), where);
  }
  return buf;
}

std::string tag_cycle_line(PartTag shown) {
  std::string s = "X:";
  PartTag t = PartTag::kTorso;
  for (int i = 0; i < 5; ++i, t = next_tag_in_cycle(t)) {
    const std::string name = hud_upper(to_string(t));
    s += t == shown ? " [" + name + "]" : " " + name;
  }
  return s;
}

void EditorView::add_grid(const EditorPen& pen) {
  const bool side = pen.plane == DrawPlane::kSide;
  // A point on the plane from (across, up): across is z (side) or x (front).
  auto at = [&](float across, float up) {
    return side ? glm::vec3(pen.pos.x, up, across) : glm::vec3(across, up, pen.pos.z);
  };
  const float a0 = side ? kEditorLookAt.z - kGridHalf : kEditorLookAt.x - kGridHalf, a1 = a0 + 2.0f * kGridHalf;
  const float top = 2.0f;
  for (int i = 0; i * kGridStep <= 2.0f * kGridHalf + 1e-4f; ++i) {
    const float a = a0 + static_cast<float>(i) * kGridStep;
    lines_.push_back({at(a, 0.0f), at(a, top), i % 5 == 0 ? kGridMajor : kGrid, kOverlayRegions});
  }
  for (int i = 0; i * kGridStep <= top + 1e-4f; ++i) {
    const float y = static_cast<float>(i) * kGridStep;
    lines_.push_back({at(a0, y), at(a1, y), i == 0 ? kGround : (i % 5 == 0 ? kGridMajor : kGrid),
                      i == 0 ? kOverlayCog : kOverlayRegions});
  }
  // The drop line to the ground and the path drawn so far (the pen itself goes on top, add_pen).
  const glm::vec3 p = pen.pos;
  lines_.push_back({p, glm::vec3(p.x, 0.0f, p.z), Rgba8{90, 90, 90, 255}, kOverlayIkTargets});
  add_polyline(pen.path, kRed, kOverlayIkTargets, &lines_);
}

void EditorView::add_creature_lines(const Editor& editor, const EditorPreview& preview) {
  const EditorDoc& doc = editor.doc();
  const Creature& c = doc.creature;
  const int faulty = preview.problems.empty() ? -1 : preview.problems.front().part;
  for (std::size_t i = 0; i < c.parts.size(); ++i) add_tag_polyline(c.parts[i].stroke, c.parts[i].tag, &lines_);
  // The selected and the faulty part go last, over the bones, with their points.
  for (int pi : {faulty, doc.selected}) {
    if (pi < 0 || pi >= static_cast<int>(c.parts.size())) continue;
    const Rgba8 col = pi == doc.selected ? kYellow : kRed;
    add_polyline(c.parts[static_cast<std::size_t>(pi)].stroke, col, kOverlayControlPoints, &highlight_);
    for (const glm::vec3& q : c.parts[static_cast<std::size_t>(pi)].stroke) {
      points_.push_back({q, col, kOverlayControlPoints, 1});
    }
  }
  if (!preview.has_rig) return;
  const Skeleton& sk = preview.rig.skeleton;
  for (int b = 0; b < sk.size(); ++b) {
    lines_.push_back({sk.head_ms[static_cast<std::size_t>(b)], sk.tail_ms[static_cast<std::size_t>(b)], kWhite, kOverlayBones});
  }
  // Drawn nodes (small, orange) and normalized nodes (larger, cyan), A/B/C/D of every limb.
  for (const LimbChain& l : preview.rig.limbs) {
    for (int k = 0; k < 4; ++k) {
      points_.push_back({l.drawn[static_cast<std::size_t>(k)], kOrange, kOverlayJoints, 2});
      points_.push_back({l.nodes[static_cast<std::size_t>(k)], kCyan, kOverlayJoints, 4});
    }
  }
}

void EditorView::add_panel(int x, int y, int w, int h) {
  // Two screen triangles on top of the scene (the last ones drawn), under the HUD's lines.
  auto v = [&](int px, int py) {
    ScreenVertex sv;
    sv.x = px * kSubpixelOne;
    sv.y = py * kSubpixelOne;
    sv.color = kPanel;
    return sv;
  };
  ScreenTriangle a, b;
  a.v[0] = v(x, y), a.v[1] = v(x, y + h), a.v[2] = v(x + w, y + h);
  b.v[0] = v(x, y), b.v[1] = v(x + w, y + h), b.v[2] = v(x + w, y);
  list_.triangles.push_back(a);
  list_.triangles.push_back(b);
}

void EditorView::add_screen_line(float x0, float y0, float x1, float y1, Rgba8 c) {
  ScreenLine l;
  l.x0 = static_cast<std::int32_t>(std::lround(x0 * kSubpixelOne)) + kSubpixelOne / 2;
  l.y0 = static_cast<std::int32_t>(std::lround(y0 * kSubpixelOne)) + kSubpixelOne / 2;
  l.x1 = static_cast<std::int32_t>(std::lround(x1 * kSubpixelOne)) + kSubpixelOne / 2;
  l.y1 = static_cast<std::int32_t>(std::lround(y1 * kSubpixelOne)) + kSubpixelOne / 2;
  l.color = c;
  l.kind = kOverlayHud;
  list_.lines.push_back(l);
}

void EditorView::fill_rect(int x, int y, int w, int h, Rgba8 c) {
  for (int r = 0; r < h; ++r) add_screen_line(static_cast<float>(x), static_cast<float>(y + r), static_cast<float>(x + w),
                                              static_cast<float>(y + r), c);
}

void EditorView::add_tag_letters(const Creature& c, const glm::mat4& view_proj, int s) {
  HudTextStyle st;
  st.scale = s;
  for (const Part& p : c.parts) {
    if (p.stroke.empty()) continue;
    const glm::vec4 clip = view_proj * glm::vec4(p.stroke.back(), 1.0f);
    if (clip.w <= 0.0f) continue;
    const int x = static_cast<int>((clip.x / clip.w * 0.5f + 0.5f) * static_cast<float>(list_.width));
    const int y = static_cast<int>((0.5f - clip.y / clip.w * 0.5f) * static_cast<float>(list_.height));
    st.color = tag_color(p.tag);
    // Left out where it would cover the HUD or another letter (a mirrored twin's, seen edge on).
    const char* letters = tag_style(p.tag).letters;
    const HudBox box{x + 3 * s, y - 4 * s, hud_text_width(letters, st) + 1, hud_line_height(st)};
    bool free = box.x >= 0 && box.y >= 0 && box.x + box.w <= list_.width && box.y + box.h <= list_.height;
    for (const HudBox& h : hud_boxes_) free = free && !box.overlaps(h);
    for (const TextBox& t : list_.texts) free = free && !box.overlaps(HudBox{t.x, t.y, t.w, t.h});
    if (free) draw_hud_text(letters, box.x, box.y, st, &list_);
  }
}

void EditorView::add_pen(const EditorPen& pen, const glm::mat4& view_proj, int s) {
  const glm::vec4 clip = view_proj * glm::vec4(pen.pos, 1.0f);
  if (clip.w <= 0.0f) return;
  const float x = (clip.x / clip.w * 0.5f + 0.5f) * static_cast<float>(list_.width);
  const float y = (0.5f - clip.y / clip.w * 0.5f) * static_cast<float>(list_.height);
  // A cross with a gap at its centre (the exact point stays visible) inside a square, outlined in
  // black so it reads over flesh, bones and nodes alike.
  const float arm = 7.0f * static_cast<float>(s), gap = 2.0f * static_cast<float>(s), box = 4.0f * static_cast<float>(s);
  for (int pass = 0; pass < 2; ++pass) {
    const Rgba8 c = pass == 0 ? kInk : kPen;
    const float o = pass == 0 ? 1.0f : 0.0f;  // the outline: the same shape one pixel around
    for (float t = -o; t <= o; t += 1.0f) {
      add_screen_line(x - arm - o, y + t, x - gap + o, y + t, c);
      add_screen_line(x + gap - o, y + t, x + arm + o, y + t, c);
      add_screen_line(x + t, y - arm - o, x + t, y - gap + o, c);
      add_screen_line(x + t, y + gap - o, x + t, y + arm + o, c);
    }
    if (pass == 1) {
      add_screen_line(x - box, y - box, x + box, y - box, c);
      add_screen_line(x + box, y - box, x + box, y + box, c);
      add_screen_line(x + box, y + box, x - box, y + box, c);
      add_screen_line(x - box, y + box, x - box, y - box, c);
    }
  }
}

const CommandList& EditorView::build(const Editor& editor, const EditorPreview& preview, TextureId skin_texture,
                                     const FrameSettings& settings, int window_w, int window_h) {
  meshes_.clear();
  lines_.clear();
  points_.clear();
  const bool painting = editor.painting();
  if (preview.has_skin) {
    MeshInput in = bind_flesh_input(preview.skin.mesh, skin_texture);
    in.color = painting ? kWhite : Rgba8{200, 200, 200, 255};
    if (preview.painted && preview.paint_texture.valid()) {
      in.uvs = preview.paint_uvs.data();
      in.texture = preview.paint_texture;
      in.clut = kEditorClutRow;  // its eyes blink
    }
    meshes_.push_back(in);
  }
  highlight_.clear();
  if (!painting) add_grid(editor.pen());
  add_creature_lines(editor, preview);
  if (painting) lines_.clear(), points_.clear();  // the paint, and the selected part's stroke alone
  lines_.insert(lines_.end(), highlight_.begin(), highlight_.end());
  const bool drawing = editor.screen() == EditorScreen::kDrawing;
  if (!drawing) {
    // Lines are drawn over everything: a menu shows the flesh alone behind its panel.
    lines_.clear();
    points_.clear();
  }
  GeometryJob job = scene_geometry_job(painting ? paint_camera_view() : editor_camera_view(editor.pen().plane), settings,
                                      window_w, window_h, &scratch_, &list_);
  job.set_inputs(meshes_, lines_, points_);
  job.camera.fov_y_rad = kEditorFovY;
  job.lighting.clear_color = Rgba8{24, 28, 44, 255};
  job.settings.overlay_mask = kOverlayAll & ~kOverlayWeights;  // the editor's lines are always shown
  if (!job.run()) list_.clear();
  const int scale = std::max(1, list_.height / 240);  // the pen and the gauge: the picture's pixels
  hud_boxes_.clear();
  if (drawing && painting) {
    paint_hud_ = add_paint_hud(editor, scale, hud_pixel_scale(list_, settings), &list_);
    return list_;
  }
  if (drawing && list_.width > 0 && list_.height > 0) {
    const float aspect = static_cast<float>(list_.width) / static_cast<float>(list_.height);
    const glm::mat4 view_proj = projection_matrix(job.camera, aspect) * job.camera.view;
    add_pen(editor.pen(), view_proj, scale);
  }
  add_hud(editor, preview, settings);
  if (drawing && list_.width > 0 && list_.height > 0) {
    const float aspect = static_cast<float>(list_.width) / static_cast<float>(list_.height);
    const glm::mat4 view_proj = projection_matrix(job.camera, aspect) * job.camera.view;
    // The tag letters grow with the text, but never past twice the picture's scale: they sit on the
    // creature, after the HUD, where they leave it clear.
    add_tag_letters(editor.doc().creature, view_proj, std::min(hud_pixel_scale(list_, settings), 2 * scale));
  }
  return list_;
}

}  // namespace cf
