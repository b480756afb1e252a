#include "game/editor/editor_view.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "game/view/view.h"
#include "creature/creature_rules.h"
#include "game/ui/hud.h"

namespace cf {

namespace {

constexpr Rgba8 kGrid{70, 90, 130, 255}, kGridMajor{110, 140, 190, 255}, kGround{150, 230, 150, 255};
constexpr Rgba8 kWhite{255, 255, 255, 255}, kYellow{255, 230, 60, 255}, kRed{255, 70, 70, 255};
constexpr Rgba8 kOrange{255, 150, 40, 255}, kCyan{80, 230, 255, 255};
constexpr glm::vec3 kLookAt = kEditorLookAt;
constexpr float kGridHalf = 1.6f;   // metres either side of the look-at point
constexpr float kGridStep = 0.1f;

Rgba8 tag_color(PartTag t) {
  switch (t) {
    case PartTag::kTorso: return Rgba8{120, 200, 255, 255};
    case PartTag::kHead: return Rgba8{255, 170, 220, 255};
    case PartTag::kLeg: return Rgba8{140, 255, 140, 255};
    case PartTag::kArm: return Rgba8{255, 200, 120, 255};
    case PartTag::kTail: return Rgba8{200, 160, 255, 255};
  }
  return kWhite;
}

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

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

void EditorView::add_grid(const EditorPen& pen) {
  const bool side = pen.plane == DrawPlane::kSide;
  // A point on the plane from (across, up): across is z (side) or x (front).
  auto at = [&](float across, float up) {
    return side ? glm::vec3(pen.pos.x, up, across) : glm::vec3(across, up, pen.pos.z);
  };
  const float a0 = side ? kLookAt.z - kGridHalf : kLookAt.x - kGridHalf, a1 = a0 + 2.0f * kGridHalf;
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
  // The pen: a cross in the plane and a tick across it (its depth).
  const float s = 0.04f;
  const glm::vec3 p = pen.pos;
  const glm::vec3 across = side ? glm::vec3(0, 0, s) : glm::vec3(s, 0, 0);
  const glm::vec3 depth = side ? glm::vec3(s, 0, 0) : glm::vec3(0, 0, s);
  const Rgba8 c = pen.drawing ? kRed : kWhite;
  lines_.push_back({p - across, p + across, c, kOverlayIkTargets});
  lines_.push_back({p - glm::vec3(0, s, 0), p + glm::vec3(0, s, 0), c, kOverlayIkTargets});
  lines_.push_back({p - depth, p + depth, c, kOverlayIkTargets});
  lines_.push_back({p, glm::vec3(p.x, 0.0f, p.z), Rgba8{90, 90, 90, 255}, kOverlayIkTargets});  // drop line
  add_polyline(pen.path, kRed, kOverlayIkTargets, &lines_);
}

void EditorView::add_creature_lines(const Editor& editor, const EditorPreview& preview) {
  const EditorDoc& doc = editor.doc();
  const Creature& c = doc.creature;
  const int faulty = preview.problems.empty() ? -1 : preview.problems.front().part;
  for (std::size_t i = 0; i < c.parts.size(); ++i) {
    add_polyline(c.parts[i].stroke, tag_color(c.parts[i].tag), kOverlayControlPoints, &lines_);
  }
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
  const Rgba8 c{14, 16, 30, 255};
  auto v = [&](int px, int py) {
    ScreenVertex sv;
    sv.x = px * kSubpixelOne;
    sv.y = py * kSubpixelOne;
    sv.color = c;
    return sv;
  };
  ScreenTriangle a, b;
  a.v[0] = v(x, y), a.v[1] = v(x, y + h), a.v[2] = v(x + w, y + h);
  b.v[0] = v(x, y), b.v[1] = v(x + w, y + h), b.v[2] = v(x + w, y);
  list_.triangles.push_back(a);
  list_.triangles.push_back(b);
}

void EditorView::add_hud(const Editor& editor, const EditorPreview& preview) {
  if (list_.width <= 0) return;
  HudTextStyle st;
  st.scale = std::max(1, list_.height / 240);
  const int s = st.scale, line = hud_line_height(st), x0 = 4 * s;
  // Text longer than the picture is cut with "..." (the 8x8 font fits about 45 capitals in 320 pixels).
  auto fit = [&](std::string m) {
    if (hud_text_width(m, st) <= list_.width - 2 * x0) return m;
    while (!m.empty() && hud_text_width(m + "...", st) > list_.width - 2 * x0) m.pop_back();
    return m + "...";
  };
  const EditorDoc& doc = editor.doc();
  const EditorPen& pen = editor.pen();
  st.color = kWhite;
  draw_hud_text(std::string(pen.plane == DrawPlane::kSide ? "SIDE VIEW" : "FRONT VIEW") + " (Y)", x0, x0, st, &list_);
  st.color = tag_color(doc.next_tag);
  draw_hud_text("DRAW: " + upper(to_string(doc.next_tag)) + " (X)", x0, x0 + line, st, &list_);
  st.color = doc.symmetry ? kCyan : kOrange;
  draw_hud_text(doc.symmetry ? "SYMMETRY ON (L3)" : "SYMMETRY OFF (L3)", x0, x0 + 2 * line, st, &list_);
  st.color = kWhite;
  const std::size_t n_parts = doc.creature.parts.size();
  const std::string parts = std::to_string(n_parts) + (n_parts == 1 ? " PART" : " PARTS");
  draw_hud_text(parts, list_.width - hud_text_width(parts, st) - x0, x0, st, &list_);
  if (doc.selected >= 0) {
    st.color = kYellow;
    const std::string sel = upper(describe_part(doc.creature, doc.selected)) + " - B DELETE, TRIGGERS SIZE";
    draw_hud_text_centred(fit(sel), list_.height - 5 * line, st, &list_);
  }
  if (!preview.problems.empty()) {
    st.color = kRed;
    draw_hud_text_centred(fit(upper(preview.problems.front().message)), list_.height - 4 * line, st, &list_);
  } else if (preview.has_rig) {
    const bool legs = std::any_of(preview.rig.limbs.begin(), preview.rig.limbs.end(),
                                  [](const LimbChain& l) { return l.tag == PartTag::kLeg; });
    st.color = legs ? kGround : kWhite;
    draw_hud_text_centred(legs ? "READY TO WALK (R3) AND SAVE (START)" : "NOW DRAW LEGS DOWN TO THE GROUND",
                          list_.height - 4 * line, st, &list_);
  }
  if (!editor.message().empty()) {
    st.color = kYellow;
    draw_hud_text_centred(fit(upper(editor.message())), list_.height - 3 * line, st, &list_);
  }
  st.color = Rgba8{170, 180, 210, 255};
  draw_hud_text_centred("A DRAW  LB SLOW  PAD DEPTH/SELECT", list_.height - 2 * line, st, &list_);
  draw_hud_text_centred("SELECT UNDO  RB REDO", list_.height - line, st, &list_);

  if (editor.screen() == EditorScreen::kMenu) {
    const int n = static_cast<int>(EditorMenuItem::kCount);
    int y = list_.height / 2 - n * line / 2 - line;
    add_panel(list_.width / 4, y - 2 * line, list_.width / 2, (n + 3) * (line + 2 * s) + 2 * line);
    st.color = kWhite;
    draw_hud_text_centred("- EDITOR -", y, st, &list_);
    for (int i = 0; i < n; ++i) {
      y += line + 2 * s;
      st.color = i == editor.menu_index() ? kYellow : kWhite;
      const std::string label = editor_menu_label(static_cast<EditorMenuItem>(i), doc.symmetry);
      draw_hud_text_centred(i == editor.menu_index() ? "> " + label + " <" : label, y, st, &list_);
    }
  } else if (editor.screen() == EditorScreen::kNaming) {
    const int y = list_.height / 2 - 2 * line;
    add_panel(list_.width / 8, y - line, 3 * list_.width / 4, 9 * line);
    st.color = kWhite;
    draw_hud_text_centred("NAME YOUR CREATURE", y, st, &list_);
    HudTextStyle big = st;
    big.scale = 2 * s;
    big.color = kYellow;
    draw_hud_text_centred(editor.name_entry() + "<", y + 2 * line, big, &list_);
    st.color = Rgba8{170, 180, 210, 255};
    draw_hud_text_centred("UP/DOWN LETTER  A NEXT  B ERASE  START SAVE", y + 5 * line, st, &list_);
    draw_hud_text_centred("OR TYPE IT - ENTER SAVES, ESC CANCELS", y + 6 * line, st, &list_);
  }
}

const CommandList& EditorView::build(const Editor& editor, const EditorPreview& preview, TextureId skin_texture,
                                     const FrameSettings& settings, int window_w, int window_h) {
  meshes_.clear();
  lines_.clear();
  points_.clear();
  if (preview.has_skin) {
    MeshInput in = bind_flesh_input(preview.skin.mesh, skin_texture);
    in.color = Rgba8{200, 200, 200, 255};
    meshes_.push_back(in);
  }
  highlight_.clear();
  add_grid(editor.pen());
  add_creature_lines(editor, preview);
  lines_.insert(lines_.end(), highlight_.begin(), highlight_.end());
  if (editor.screen() != EditorScreen::kDrawing) {
    // Lines are drawn over everything: a menu shows the flesh alone behind its panel.
    lines_.clear();
    points_.clear();
  }
  GeometryJob job;
  job.set_inputs(meshes_, lines_, points_);
  job.camera.view = editor_camera_view(editor.pen().plane);
  job.camera.fov_y_rad = kEditorFovY;
  job.lighting.clear_color = Rgba8{24, 28, 44, 255};
  job.settings = settings;
  job.settings.overlay_mask = kOverlayAll & ~kOverlayWeights;  // the editor's lines are always shown
  job.window_width = window_w;
  job.window_height = window_h;
  job.scratch = &scratch_;
  job.out = &list_;
  if (!job.run()) list_.clear();
  add_hud(editor, preview);
  return list_;
}

}  // namespace cf
