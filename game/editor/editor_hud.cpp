// The editor's HUD at any text size: the top lines beside the parts count and the depth gauge, each in
// the longest wording that fits; the bottom lines by priority (messages and problems before the help)
// within a share of the picture, so the creature stays in sight; menus at the largest size that fits.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "game/editor/editor_colors.h"
#include "game/editor/editor_view.h"

namespace cf {

namespace {

// Of the picture's height, at most: the top lines, and the bottom lines (more at 1x, where they are small).
constexpr float kTopShare = 0.3f, kBottomShare = 0.25f, kBottomShare1x = 0.34f;

// "DEPTH 0.14 M RIGHT", "0.14 M RIGHT", "0.14 R": the depth readout from longest to shortest.
std::vector<std::string> depth_wordings(const Editor& editor) {
  const std::string full = depth_readout(editor);
  const std::string bare = full.substr(full.find(' ') + 1);
  const std::size_t where = bare.rfind(' ');
  return {full, bare, bare.substr(0, bare.find(' ')) + " " + bare.substr(where + 1, 1)};
}

std::vector<std::string> tag_wordings(PartTag shown) {
  const std::string name = hud_upper(to_string(shown));
  return {tag_cycle_line(shown), "X: [" + name + "]", "[" + name + "]"};
}

}  // namespace

void EditorView::hud_text(const std::string& text, int x, int y, const HudTextStyle& st) {
  draw_hud_text(text, x, y, st, &list_);
  hud_boxes_.push_back({x, y, hud_text_width(text, st), hud_line_height(st)});
}

void EditorView::hud_text_centred(const std::string& text, int y, const HudTextStyle& st) {
  hud_text(text, (list_.width - hud_text_width(text, st)) / 2, y, st);
}

HudBox EditorView::add_depth_gauge(const Editor& editor, int s, int text_scale, int top_y) {
  const EditorPen& pen = editor.pen();
  const Creature& c = editor.doc().creature;
  const bool side = pen.plane == DrawPlane::kSide;  // drawing in the side view: the gauge is the front view
  HudTextStyle st;
  st.color = kEdHint;
  const std::string title = side ? "FRONT" : "SIDE";  // the view the gauge shows
  const int w = 64 * s, h = 52 * s, x0 = list_.width - w - 4 * s;
  st.scale = text_scale;
  while (st.scale > 1 && hud_text_width(title, st) > w - 4 * s) --st.scale;  // the title: the largest size that fits
  const int y0 = top_y;
  const HudBox box{x0, y0, w, h + hud_line_height(st) + 2 * s};
  fill_rect(box.x, box.y, box.w, box.h, kEdPanel);
  draw_hud_text(title, x0 + (w - hud_text_width(title, st)) / 2, y0 + s, st, &list_);
  const int top = y0 + hud_line_height(st) + s;
  // Metres to gauge pixels: 2 m of height fill it, the look-at point in the middle.
  const float k = static_cast<float>(h - 2 * s) / 2.0f;
  const float cx = static_cast<float>(x0) + 0.5f * static_cast<float>(w), ground = static_cast<float>(top + h - s);
  const float left = static_cast<float>(x0), right = static_cast<float>(x0 + w - 1);
  auto gx = [&](const glm::vec3& p) { return cx + (side ? p.x - kEditorLookAt.x : p.z - kEditorLookAt.z) * k; };
  auto gy = [&](float y) { return ground - y * k; };
  auto line = [&](float xa, float ya, float xb, float yb, Rgba8 col) {
    if (std::max(xa, xb) < left || std::min(xa, xb) > right) return;
    add_screen_line(std::clamp(xa, left, right), ya, std::clamp(xb, left, right), yb, col);
  };
  line(left, ground, right, ground, kEdGround);
  // The centre line (side) or the model's origin (front), dim.
  const float centre = side ? cx + (editor_torso_mid(c) - kEditorLookAt.x) * k : cx - kEditorLookAt.z * k;
  for (float y = static_cast<float>(top); y < ground; y += 4.0f * static_cast<float>(s)) {
    line(centre, y, centre, std::min(ground, y + 2.0f * static_cast<float>(s)), kEdGridMajor);
  }
  // The parts: their strokes, and the torso's flesh as a box (seen from the front a level torso is
  // a disc, from the side a bar).
  for (const Part& p : c.parts) {
    const Rgba8 col = editor_tag_color(p.tag);
    for (std::size_t i = 1; i < p.stroke.size(); ++i) {
      line(gx(p.stroke[i - 1]), gy(p.stroke[i - 1].y), gx(p.stroke[i]), gy(p.stroke[i].y), col);
    }
    if (p.tag != PartTag::kTorso || p.stroke.empty()) continue;
    float a0 = gx(p.stroke.front()), a1 = a0, b0 = p.stroke.front().y, b1 = b0;
    for (const glm::vec3& q : p.stroke) a0 = std::min(a0, gx(q)), a1 = std::max(a1, gx(q)), b0 = std::min(b0, q.y), b1 = std::max(b1, q.y);
    const float r = p.radius * k;
    const float ya = gy(b1 + p.radius), yb = gy(b0 - p.radius);
    line(a0 - r, ya, a1 + r, ya, col);
    line(a1 + r, ya, a1 + r, yb, col);
    line(a1 + r, yb, a0 - r, yb, col);
    line(a0 - r, yb, a0 - r, ya, col);
  }
  // The drawing plane, edge on: a line at the pen's depth, and the pen on it.
  const float px = gx(pen.pos), py = gy(pen.pos.y);
  line(px, static_cast<float>(top), px, ground, kEdPen);
  line(px - 2.0f * s, py, px + 2.0f * s, py, kEdPen);
  return box;
}

void EditorView::add_top_lines(const Editor& editor, int ts, const HudBox& beside) {
  HudTextStyle st;
  st.scale = ts;
  const int s = std::max(1, list_.height / 240), line = hud_line_height(st), x0 = 4 * s;
  const EditorDoc& doc = editor.doc();
  struct Top {
    std::vector<std::string> wordings;
    Rgba8 color;
  };
  // By priority: what drawing needs most first; as many as fit in the top share of the picture.
  const std::vector<std::string> view = editor.pen().plane == DrawPlane::kSide
                                            ? std::vector<std::string>{"SIDE VIEW (Y)", "SIDE (Y)"}
                                            : std::vector<std::string>{"FRONT VIEW (Y)", "FRONT (Y)"};
  const std::vector<std::string> sym = doc.symmetry ? std::vector<std::string>{"SYMMETRY ON (L3)", "SYM ON (L3)", "SYM ON"}
                                                    : std::vector<std::string>{"SYMMETRY OFF (L3)", "SYM OFF (L3)", "SYM OFF"};
  const Top by_priority[] = {{depth_wordings(editor), kEdPen},
                             {tag_wordings(editor.shown_tag()), editor_tag_color(editor.shown_tag())},
                             {sym, doc.symmetry ? kEdCyan : kEdOrange},
                             {view, kEdWhite}};
  const int rows = std::clamp(static_cast<int>(kTopShare * static_cast<float>(list_.height)) / line, 2, 4);
  const int order[] = {3, 0, 1, 2};  // shown as: view, depth, tag, symmetry
  int y = x0;
  for (int k : order) {
    if (k >= rows) continue;
    const Top& t = by_priority[k];
    // Beside the parts count and the gauge the line has less room.
    const HudBox row{x0, y, list_.width, line};
    const int room = (row.overlaps(beside) ? beside.x - 4 * s : list_.width - 4 * s) - x0;
    std::string text = t.wordings.back();
    for (const std::string& w : t.wordings) {
      if (hud_text_width(w, st) <= room) {
        text = w;
        break;
      }
    }
    if (hud_text_width(text, st) > room) text = wrap_hud_text(text, room, st, 1).front();
    st.color = t.color;
    hud_text(text, x0, y, st);
    y += line;
  }
}

void EditorView::add_bottom_lines(const Editor& editor, const EditorPreview& preview, int ts) {
  HudTextStyle st;
  st.scale = ts;
  const int s = std::max(1, list_.height / 240);
  const int line = hud_line_height(st), room = list_.width - 8 * s;
  const EditorDoc& doc = editor.doc();
  struct Block {
    std::vector<std::string> wordings;  // longest first; a help line uses the first that fits on one line
    Rgba8 color;
    int max_lines;
    bool help = false;  // a help line goes when it does not fit; the others are cut short
    std::vector<std::string> lines;
  };
  std::vector<Block> shown;  // from the bottom edge up
  shown.push_back({{"LB+UP BODY'S SIDE  LB+LEFT/RIGHT PEN ON PART", "LB+UP BODY'S SIDE"}, kEdHint, 1, true, {}});
  shown.push_back({{"A DRAW  LB SLOW  UP/DOWN DEPTH  SELECT UNDO", "A DRAW  SELECT UNDO", "A DRAW"}, kEdHint, 1, true, {}});
  std::size_t message = std::string::npos;  // the message's block: what the last press did answers the player first
  if (!editor.message().empty() && editor.screen() != EditorScreen::kNaming) {
    const char* home = std::getenv("HOME");
    message = shown.size();
    shown.push_back({{hud_upper(shorten_hud_paths(editor.message(), home ? home : ""))}, kEdYellow, 2, false, {}});
  }
  if (!preview.problems.empty()) {
    shown.push_back({{hud_upper(preview.problems.front().message)}, kEdRed, 2, false, {}});
  } else if (preview.has_rig) {
    const bool legs = std::any_of(preview.rig.limbs.begin(), preview.rig.limbs.end(),
                                  [](const LimbChain& l) { return l.tag == PartTag::kLeg; });
    const int centre = editor.centre_legs();
    if (centre > 0) {
      // It walks, but it is not the pairs the player meant (symmetry mirrors only legs off the centre).
      shown.push_back({{std::to_string(centre) + (centre == 1 ? " LEG IS" : " LEGS ARE") +
                        " ON THE CENTRE LINE: NO TWIN. B DELETES, LB+UP MOVES THE PEN TO THE SIDE",
                        std::to_string(centre) + " ON THE CENTRE LINE: NO TWIN"},
                       kEdOrange, 2, false, {}});
    } else if (legs) {
      shown.push_back({{"READY TO WALK (R3) AND SAVE (START)", "READY: R3 WALKS, START SAVES", "READY (R3)"}, kEdGround, 2, false, {}});
    } else {
      shown.push_back({{"NOW DRAW LEGS DOWN TO THE GROUND", "NOW DRAW LEGS"}, kEdWhite, 2, false, {}});
    }
  }
  if (doc.selected >= 0) {
    const std::string part = hud_upper(describe_part(doc.creature, doc.selected));
    shown.push_back({{part + " - B DELETES, TRIGGERS SIZE", part}, kEdYellow, 2, false, {}});
  }
  // Rows by priority: what the editor says now (the newest blocks) before the help, which goes first
  // at a large text size.
  const float share = ts <= s ? kBottomShare1x : kBottomShare;
  int rows = std::max(2, static_cast<int>(share * static_cast<float>(list_.height)) / line);
  // The message first, then the newest blocks down to the help (drawn in their places from the bottom up).
  for (std::size_t i = 0; i < shown.size() && rows > 0; ++i) {
    const std::size_t k = message == std::string::npos ? shown.size() - 1 - i
                          : i == 0                      ? message
                          : shown.size() - i - (shown.size() - i <= message ? 1 : 0);
    Block& b = shown[k];
    const int most = std::min(b.max_lines, rows);
    for (const std::string& w : b.wordings) {  // the first wording that fits its lines
      std::vector<std::string> ls = wrap_hud_text(w, room, st, 0);
      if (static_cast<int>(ls.size()) > most) continue;
      b.lines = std::move(ls);
      break;
    }
    if (b.lines.empty() && !b.help) b.lines = wrap_hud_text(b.wordings.back(), room, st, most);  // cut short, with "..."

    rows -= static_cast<int>(b.lines.size());
  }
  int y = list_.height - line;  // stacked upwards from the bottom edge
  for (const Block& b : shown) {
    if (b.lines.empty()) continue;
    st.color = b.color;
    y -= line * static_cast<int>(b.lines.size() - 1);
    for (std::size_t i = 0; i < b.lines.size(); ++i) hud_text_centred(b.lines[i], y + line * static_cast<int>(i), st);
    y -= line;
  }
}

void EditorView::add_menu(const Editor& editor, int ts) {
  const EditorDoc& doc = editor.doc();
  const int n = static_cast<int>(EditorMenuItem::kCount);
  const std::size_t n_parts = doc.creature.parts.size();
  std::vector<std::string> labels;
  for (int i = 0; i < n; ++i) {
    const auto item = static_cast<EditorMenuItem>(i);
    std::string label = editor_menu_label(item, doc.symmetry);
    if (item == EditorMenuItem::kNewBlank && editor.confirming() == EditorConfirm::kNewBlank) {
      label = n_parts == 1 ? "CLEAR THE ONE PART? A: YES" : "CLEAR ALL " + std::to_string(n_parts) + " PARTS? A: YES";
    }
    labels.push_back(i == editor.menu_index() ? "> " + label + " <" : label);
  }
  // The largest text size up to the player's at which the panel fits the picture: roomy (a gap
  // between items) when it fits, else the items line under line.
  HudTextStyle st;
  const int b = std::max(1, list_.height / 240);
  int pitch = 0, pad = 0, widest = 0;
  for (st.scale = ts;; --st.scale) {
    const int line = hud_line_height(st);
    widest = 0;
    for (const std::string& l : labels) widest = std::max(widest, hud_text_width(l, st));
    const bool wide_enough = widest <= list_.width - 8 * b;
    if (wide_enough && (n + 3) * (line + 2 * st.scale) + 2 * line <= list_.height) {
      pitch = line + 2 * st.scale, pad = 2 * line;
      break;
    }
    if ((wide_enough && (n + 1) * line + 2 * (line / 3) <= list_.height) || st.scale == 1) {
      pitch = line, pad = line / 3;
      break;
    }
  }
  const int panel_h = (n + 1) * pitch + 2 * pad - (pitch - hud_line_height(st));
  const int panel_w = std::clamp(widest + 16 * b, 3 * list_.width / 4, list_.width - 4 * b);
  const int top = std::max(0, (list_.height - panel_h) / 2);
  add_panel((list_.width - panel_w) / 2, top, panel_w, panel_h);
  int y = top + pad;
  st.color = kEdWhite;
  hud_text_centred("- EDITOR -", y, st);
  for (int i = 0; i < n; ++i) {
    y += pitch;
    const auto item = static_cast<EditorMenuItem>(i);
    const bool asking = item == EditorMenuItem::kNewBlank && editor.confirming() == EditorConfirm::kNewBlank;
    st.color = asking ? kEdOrange : (i == editor.menu_index() ? kEdYellow : kEdWhite);
    hud_text_centred(labels[static_cast<std::size_t>(i)], y, st);
  }
}

void EditorView::add_naming(const Editor& editor, int ts) {
  const char* hints[] = {"UP/DOWN LETTER  A NEXT  B ERASE  START SAVE", "BACK (SELECT) CANCELS",
                         "OR TYPE IT - ENTER SAVES, ESC CANCELS"};
  HudTextStyle st;
  for (st.scale = ts; st.scale > 1; --st.scale) {  // the largest size at which the prompt fits
    if (11 * hud_line_height(st) <= list_.height && hud_text_width(hints[0], st) <= 31 * list_.width / 32) break;
  }
  const int line = hud_line_height(st);
  const int y = std::max(line, list_.height / 2 - 2 * line);
  add_panel(list_.width / 64, y - line, 31 * list_.width / 32, std::min(11 * line, list_.height - (y - line)));
  st.color = kEdWhite;
  char count[48];
  std::snprintf(count, sizeof count, "NAME YOUR CREATURE (%zu/%zu)", editor.name_entry().size(), kMaxNameChars);
  hud_text_centred(count, y, st);
  HudTextStyle big = st;
  big.scale = 2 * st.scale;
  big.color = kEdYellow;
  if (hud_text_width(editor.name_entry() + "<", big) > list_.width) big.scale = st.scale;
  hud_text_centred(editor.name_entry() + "<", y + 2 * line, big);
  if (!editor.message().empty()) {
    st.color = kEdOrange;
    const std::vector<std::string> ls = wrap_hud_text(hud_upper(editor.message()), 27 * list_.width / 32, st, 2);
    for (std::size_t i = 0; i < ls.size(); ++i) hud_text_centred(ls[i], y + (4 + static_cast<int>(i)) * line, st);
  }
  st.color = kEdHint;
  for (int i = 0; i < 3; ++i) hud_text_centred(hints[i], y + (7 + i) * line, st);
}

void EditorView::add_hud(const Editor& editor, const EditorPreview& preview, const FrameSettings& settings) {
  if (list_.width <= 0) return;
  HudTextStyle st;
  st.scale = hud_pixel_scale(list_, settings);
  const int ts = st.scale, s = std::max(1, list_.height / 240), line = hud_line_height(st), x0 = 4 * s;
  const std::size_t n_parts = editor.doc().creature.parts.size();
  st.color = kEdWhite;
  const std::string parts = std::to_string(n_parts) + (n_parts == 1 ? " PART" : " PARTS");
  const int parts_x = list_.width - hud_text_width(parts, st) - x0;
  hud_text(parts, parts_x, x0, st);
  HudBox beside{parts_x, x0, list_.width - parts_x, line};
  if (editor.screen() == EditorScreen::kDrawing) {
    const HudBox gauge = add_depth_gauge(editor, s, ts, x0 + line + 2 * s);
    hud_boxes_.push_back(gauge);
    beside = HudBox{std::min(parts_x, gauge.x), x0, list_.width, gauge.y + gauge.h - x0};
  }
  // At a large text size a menu fills most of the picture: the lines it would cross are left out.
  const bool drawing = editor.screen() == EditorScreen::kDrawing;
  if (drawing || ts <= s) {
    add_top_lines(editor, ts, beside);
    add_bottom_lines(editor, preview, ts);
  }
  if (editor.screen() == EditorScreen::kMenu) add_menu(editor, ts);
  if (editor.screen() == EditorScreen::kNaming) add_naming(editor, ts);
}

}  // namespace cf
