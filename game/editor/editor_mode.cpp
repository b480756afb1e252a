#include "game/editor/editor_mode.h"

#include "gltf/gltf_export.h"

#include <algorithm>
#include <cstdio>

#include "core/file_io.h"
#include "core/hash.h"
#include "creature/creature_io.h"
#include "game/session/replay.h"
#include "game/play/scene.h"

namespace cf {

Json edit_session_to_json(const EditSession& s) {
  Replay r;
  r.inputs = s.inputs;
  Json j = Json::object();
  j["format"] = kEditSessionFormat;
  j["start"] = s.start;
  j["ticks"] = s.inputs.size();
  j["inputs"] = replay_to_json(r)["inputs"];  // the replay's run-length input form
  if (!s.asks.empty()) {
    Json asks = Json::array();
    for (const EditorAsk& a : s.asks) {
      Json one{{"tick", a.tick}, {"offer", a.offer}};
      if (!a.taken.empty()) one["taken"] = a.taken;
      asks.push_back(one);
    }
    j["asks"] = asks;
  }
  if (s.pen_speed != 1.0f || s.precise_pen_speed != 1.0f) j["pen_speeds"] = {s.pen_speed, s.precise_pen_speed};
  j["hash"] = hash_hex(s.hash);
  return j;
}

Result<EditSession> parse_edit_session(const Json& j, const std::string& file) {
  if (!j.is_object()) return Error{file, "", "must be a JSON object"};
  auto f = j.find("format");
  if (f == j.end() || !f->is_string() || f->get<std::string>() != kEditSessionFormat)
    return Error{file, "format", std::string("must be \"") + kEditSessionFormat + "\""};
  EditSession s;
  auto start = j.find("start");
  if (start != j.end() && !start->is_null()) {
    Result<Creature> c = parse_creature(start->dump(), file + " (start)");
    if (!c) return c.error();
    s.start = *start;
  }
  auto in = j.find("inputs");
  if (in == j.end()) return Error{file, "inputs", "missing"};
  // Same input form as a play replay: parsed by its loader.
  Json as_replay = replay_to_json(Replay{});
  as_replay["creature"] = Json{{"path", "-"}};
  as_replay["level"] = Json{{"path", "-"}};
  as_replay["inputs"] = *in;
  as_replay.erase("ticks");
  Result<Replay> r = parse_replay(as_replay.dump(), file);
  if (!r) return r.error();
  s.inputs = std::move(r->inputs);
  if (auto asks = j.find("asks"); asks != j.end()) {
    if (!asks->is_array()) return Error{file, "asks", "must be an array of {tick, offer[, taken]}"};
    std::uint64_t last = 0;
    for (std::size_t i = 0; i < asks->size(); ++i) {
      const Json& a = (*asks)[i];
      const std::string where = "asks[" + std::to_string(i) + "]";
      if (!a.is_object()) return Error{file, where, "must be an object {tick, offer[, taken]}"};
      auto tick = a.find("tick");
      if (tick == a.end() || !tick->is_number_unsigned() || tick->get<std::uint64_t>() < last ||
          tick->get<std::uint64_t>() > s.inputs.size() || tick->get<std::uint64_t>() == 0)
        return Error{file, where + ".tick", "must be a tick of the session (1.." + std::to_string(s.inputs.size()) +
                                                ", ascending)"};
      EditorAsk ask;
      ask.tick = last = tick->get<std::uint64_t>();
      for (const char* key : {"offer", "taken"}) {
        auto v = a.find(key);
        if (v == a.end()) {
          if (std::string(key) == "offer") return Error{file, where + ".offer", "missing"};
          continue;
        }
        if (!v->is_string() || v->get<std::string>().empty() || v->get<std::string>().size() > kMaxNameChars)
          return Error{file, where + "." + key, "must be a name of 1 to " + std::to_string(kMaxNameChars) + " characters"};
        (std::string(key) == "offer" ? ask.offer : ask.taken) = v->get<std::string>();
      }
      s.asks.push_back(ask);
    }
  }
  if (auto ps = j.find("pen_speeds"); ps != j.end()) {
    if (!ps->is_array() || ps->size() != 2 || !(*ps)[0].is_number() || !(*ps)[1].is_number() ||
        !((*ps)[0].get<double>() >= 0.25 && (*ps)[0].get<double>() <= 3.0) ||
        !((*ps)[1].get<double>() >= 0.25 && (*ps)[1].get<double>() <= 3.0))
      return Error{file, "pen_speeds", "must be [normal, precise], each in [0.25, 3]"};
    s.pen_speed = (*ps)[0].get<float>();
    s.precise_pen_speed = (*ps)[1].get<float>();
  }
  auto h = j.find("hash");
  if (h == j.end() || !h->is_string() || !parse_hash_hex(h->get<std::string>(), &s.hash))
    return Error{file, "hash", "must be 16 hex digits"};
  return s;
}

std::uint64_t replay_edit_session(const EditSession& s, Editor* editor) {
  Creature start;
  if (!s.start.is_null()) {
    Result<Creature> c = parse_creature(s.start.dump(), "start");
    if (c) start = std::move(*c);
  }
  editor->reset(start);
  editor->set_pen_speeds(s.pen_speed, s.precise_pen_speed);
  std::size_t next_ask = 0;
  for (std::size_t t = 0; t < s.inputs.size(); ++t) {
    editor->step(s.inputs[t]);
    for (; next_ask < s.asks.size() && s.asks[next_ask].tick == t + 1; ++next_ask) apply_ask(s.asks[next_ask], editor);
  }
  return editor->hash();
}

void apply_ask(const EditorAsk& ask, Editor* editor) {
  if (ask.taken.empty()) {
    editor->offer_name(ask.offer);
  } else {
    editor->ask_replace(ask.taken, ask.offer);
  }
}

void EditorMode::open(const Creature& start, const UserData& data, TextureId skin_texture, EditorDocument doc) {
  editor_.reset(start);
  data_ = data;
  doc_ = std::move(doc);
  // The prompt's spelling of the name (upper case, the wheel's letters), so offers compare with it.
  if (!start.name.empty()) doc_.name = editor_.name_entry();
  open_ = true;
  skin_texture_ = skin_texture;
  built_revision_ = ~0ull;
  draft_revision_ = editor_.revision();
  saved_revision_ = doc_.from_draft ? ~0ull : editor_.revision();
  draft_error_.clear();
  recording_ = EditSession{};
  recording_.pen_speed = editor_.pen_scale();
  recording_.precise_pen_speed = editor_.precise_scale();
  playback_ = nullptr;
  playback_next_ = 0;
  away_ = false;
  playback_ask_ = 0;
  if (!start.parts.empty()) recording_.start = creature_to_json(start);
  preview_.rebuild(editor_.doc().creature);
  built_creature_ = editor_.doc().creature;
  built_revision_ = editor_.revision();
}

void EditorMode::play_back(const EditSession& session) {
  playback_ = &session;
  editor_.set_pen_speeds(session.pen_speed, session.precise_pen_speed);  // as recorded, not this machine's
  recording_.pen_speed = session.pen_speed;
  recording_.precise_pen_speed = session.precise_pen_speed;
  playback_next_ = 0;
  playback_ask_ = 0;
  drafts_enabled_ = false;  // a replay is not the player's work
}

void EditorMode::rebuild_preview() {
  if (editor_.revision() == built_revision_) return;
  const Creature& c = editor_.doc().creature;
  if (same_shape(c, built_creature_)) {
    preview_.repaint(c);  // a paint stroke: the flesh stays, the page is made again
  } else {
    preview_.rebuild(c);
  }
  built_creature_ = c;
  built_revision_ = editor_.revision();
}

ModeId EditorMode::start_test_walk(ModeContext& ctx) {
  if (!preview_.has_rig) {
    editor_.set_message(preview_.problems.empty() ? "nothing to walk yet" : preview_.problems.front().message);
    return ModeId::kEditor;
  }
  Result<Scene> base = load_scene(default_creature_path(), "");
  if (!base) {
    editor_.set_message(base.error().to_string());
    return ModeId::kEditor;
  }
  Scene scene = std::move(*base);
  scene.creature = editor_.doc().creature;
  scene.creature_json = creature_to_json(scene.creature);
  scene.creature_path = "<editor: " + (scene.creature.name.empty() ? std::string("critter") : scene.creature.name) + ">";
  if (Status s = build_scene_runtime(&scene); !s) {
    editor_.set_message(s.error.message);
    return ModeId::kEditor;
  }
  ctx.harness.session_replaced(ctx.session);
  ctx.session.start(std::move(scene), 1);
  ctx.session.set_test_drive(true);  // RB: the Test drive
  if (ctx.scene_changed) ctx.scene_changed();
  ctx.test_walk = true;
  ctx.harness.set_hash_override(false);
  return ModeId::kPlay;
}

namespace {

constexpr std::uint8_t kPenToneHold = 1;

// The pen's held tone while it draws (loudness 0 releases it): higher as the pen rises, panned to its
// side of the view, so the stroke's shape is heard.
SoundEvent pen_tone(const EditorPen& pen) {
  SoundEvent e;
  e.kind = SoundKind::kPenTone;
  e.hold = kPenToneHold;
  e.loudness = pen.drawing ? 0.45f : 0.0f;
  e.pitch = 0.8f + 0.3f * std::clamp(pen.pos.y, 0.0f, 2.0f);
  const float across = pen.plane == DrawPlane::kSide ? pen.pos.z - kEditorLookAt.z : pen.pos.x - kEditorLookAt.x;
  e.pan = 0.6f * std::clamp(across / 1.6f, -1.0f, 1.0f);
  return e;
}

}  // namespace

void EditorMode::release_pen_tone(ModeContext& ctx) {
  if (!ctx.sound) return;
  SoundEvent e = pen_tone(editor_.pen());
  e.loudness = 0.0f;
  ctx.sound(e);
}

// The editor's sounds of one tick, from what the tick changed: the pen's tone while it draws, a stroke
// becomes a part or is refused, undo or redo, a save, the Start menu's blips.
void EditorMode::play_sounds(ModeContext& ctx, const InputFrame& in, EditorScreen was, bool was_drawing,
                             std::size_t parts, int saves) {
  if (!was_drawing && editor_.pen().drawing) ui_sound(ctx, SoundKind::kPenDraw);
  if (ctx.sound && (was_drawing || editor_.pen().drawing)) ctx.sound(pen_tone(editor_.pen()));
  if (was_drawing && !editor_.pen().drawing)
    ui_sound(ctx, editor_.doc().creature.parts.size() > parts ? SoundKind::kPartMade : SoundKind::kStrokeRefused);
  if (was == EditorScreen::kMenu) {
    const std::uint32_t a = editor_.menu_actions();
    if (a & (kMenuBack | kMenuConfirm)) ui_sound(ctx, SoundKind::kMenuBack);
    else if (a & kMenuChoose) ui_sound(ctx, SoundKind::kMenuSelect);
    else if (a & (kMenuUp | kMenuDown)) ui_sound(ctx, SoundKind::kMenuMove);
  }
  if (was == EditorScreen::kDrawing && !was_drawing &&
      (map_actions(ModeId::kEditor, in, 0) & (kActionEditUndo | kActionEditRedo)))
    ui_sound(ctx, SoundKind::kUndo);
  if (saves_ > saves) ui_sound(ctx, SoundKind::kSave);
}

ModeId EditorMode::update(const ModeFrame& frame, ModeContext& ctx) {
  RunHarness& harness = ctx.harness;
  ModeId next = ModeId::kEditor;
  if (away_) {
    editor_.hold_off_buttons();  // A held in the walk (the vault) must not draw when B comes back
    away_ = false;
  }
  for (int i = 0; i < frame.due_ticks && harness.may_tick(ctx.session); ++i) {
    InputFrame in = (*frame.sample)();
    if (playback_) {
      if (playback_next_ >= playback_->inputs.size()) break;
      in = playback_->inputs[playback_next_++];
    }
    recording_.inputs.push_back(in);
    const EditorScreen was = editor_.screen();
    const std::uint64_t old_revision = editor_.revision();
    const bool was_drawing = editor_.pen().drawing;
    const std::size_t parts = editor_.doc().creature.parts.size();
    const int saves = saves_;
    const EditorRequest r = editor_.step(in);
    harness.count_tick();
    const bool asked = tell_editor(was, r);
    if ((r == EditorRequest::kSave || r == EditorRequest::kExport) && !asked) save_requested(r == EditorRequest::kExport);
    play_sounds(ctx, in, was, was_drawing, parts, saves);
    if (r == EditorRequest::kNewBlank) begin_new_document(old_revision);
    rebuild_preview();
    if (editor_.ticks() % kDraftIntervalTicks == 0 && editor_.revision() != draft_revision_ && unsaved() &&
        !editor_.doc().creature.parts.empty()) {
      save_draft();
    }
    if (r == EditorRequest::kTestWalk) {
      next = start_test_walk(ctx);
      away_ = next != ModeId::kEditor;
      if (away_) break;
    }
    if (r == EditorRequest::kToTitle) {
      if (const std::string line = leave("back to the title menu"); !line.empty())
        std::fprintf(stderr, "critterforge: %s\n", line.c_str());
      next = ModeId::kTitle;
      break;
    }
  }
  if (next != ModeId::kEditor) release_pen_tone(ctx);  // a stroke cut short by leaving: silence
  recording_.hash = editor_.hash();
  if (playback_ && playback_next_ == playback_->inputs.size() && next == ModeId::kEditor) {
    if (editor_.hash() != playback_->hash) {
      harness.fail("editing replay: the editor's hash " + hash_hex(editor_.hash()) + " differs from the recorded " +
                   hash_hex(playback_->hash));
    }
    playback_ = nullptr;
  }
  if (next == ModeId::kEditor) harness.set_hash_override(true, editor_.hash());
  if (!harness.record_path().empty() && (next != ModeId::kEditor || harness.finished(ctx.session))) {
    if (Status s = write_file_atomic(harness.record_path(), edit_session_to_json(recording_).dump() + "\n"); !s) {
      harness.fail(s.error.to_string());
    }
  }
  return next;
}

const CommandList* EditorMode::build_frame(const FrameSettings& settings, int w, int h) {
  const CommandList& pic = view_.build(editor_, preview_, skin_texture_, settings, w, h);
  if (editor_.screen() != EditorScreen::kNameTaken) return &pic;
  frame_ = pic;  // reuses frame_'s storage: no allocation once it has grown
  add_name_taken_panel();
  return &frame_;
}

}  // namespace cf
