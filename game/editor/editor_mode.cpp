#include "game/editor/editor_mode.h"

#include "gltf/gltf_export.h"

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
  for (const InputFrame& in : s.inputs) editor->step(in);
  return editor->hash();
}

void EditorMode::open(const Creature& start, const UserData& data, TextureId skin_texture) {
  editor_.reset(start);
  data_ = data;
  skin_texture_ = skin_texture;
  built_revision_ = ~0ull;
  draft_revision_ = editor_.revision();
  recording_ = EditSession{};
  playback_ = nullptr;
  playback_next_ = 0;
  away_ = false;
  if (!start.parts.empty()) recording_.start = creature_to_json(start);
  preview_.rebuild(editor_.doc().creature);
  built_revision_ = editor_.revision();
}

void EditorMode::play_back(const EditSession& session) {
  playback_ = &session;
  playback_next_ = 0;
}

Result<std::string> EditorMode::save() {
  if (!preview_.saveable()) {
    const std::string why = preview_.problems.empty() ? "it cannot be built" : preview_.problems.front().message;
    return Error{"", "", "can't save: " + why};
  }
  if (Status s = make_dirs(data_.creatures_dir()); !s) return s.error;
  Creature c = editor_.doc().creature;
  if (c.name.empty()) c.name = "critter";
  const std::string path = data_.creatures_dir() + "/" + creature_file_stem(c.name) + ".json";
  if (Status s = save_creature(path, c); !s) return s.error;
  std::remove(data_.draft_path().c_str());  // the work is safe in its own file now
  return path;
}

Status EditorMode::save_draft() {
  if (Status s = make_dirs(data_.root); !s) return s;
  return write_file_atomic(data_.draft_path(), creature_to_json(editor_.doc().creature).dump(2) + "\n");
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
  if (ctx.scene_changed) ctx.scene_changed();
  ctx.test_walk = true;
  ctx.harness.set_hash_override(false);
  return ModeId::kPlay;
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
    const EditorRequest r = editor_.step(in);
    harness.count_tick();
    if (r == EditorRequest::kSave) {
      // Save reports through the HUD only; the result never changes the document.
      if (editor_.revision() != built_revision_) {
        preview_.rebuild(editor_.doc().creature);
        built_revision_ = editor_.revision();
      }
      const Result<std::string> saved = save();
      editor_.set_message(saved ? "saved " + *saved : saved.error().to_string());
    }
    if (r == EditorRequest::kExport) {
      // Saved first (a glTF file goes beside its creature), then exported; the HUD says where.
      if (editor_.revision() != built_revision_) {
        preview_.rebuild(editor_.doc().creature);
        built_revision_ = editor_.revision();
      }
      const Result<std::string> saved = save();
      if (!saved) {
        editor_.set_message(saved.error().to_string());
      } else {
        const std::string out = export_path_beside(*saved);
        const Result<ExportReport> rep = export_glb(editor_.doc().creature, ExportOptions{}, out);
        editor_.set_message(rep ? "exported " + out : rep.error().to_string());
      }
    }
    if (editor_.revision() != built_revision_) {
      preview_.rebuild(editor_.doc().creature);
      built_revision_ = editor_.revision();
    }
    if (editor_.ticks() % kDraftIntervalTicks == 0 && editor_.revision() != draft_revision_ &&
        !editor_.doc().creature.parts.empty()) {
      if (save_draft().ok()) draft_revision_ = editor_.revision();
    }
    if (r == EditorRequest::kTestWalk) {
      next = start_test_walk(ctx);
      away_ = next != ModeId::kEditor;
      if (away_) break;
    }
    if (r == EditorRequest::kToTitle) {
      next = ModeId::kTitle;
      break;
    }
  }
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
  return &view_.build(editor_, preview_, skin_texture_, settings, w, h);
}

}  // namespace cf
