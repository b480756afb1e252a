#include "game/title/launch.h"

#include "game/session/best_times.h"
#include "game/session/friends_record.h"
#include "game/play/herd.h"

#include <cstdio>
#include <cstdlib>
#include <limits.h>

#include "core/json_util.h"
#include "creature/creature_io.h"

namespace cf {

namespace {

bool is_edit_session(const Json& j) {
  auto f = j.is_object() ? j.find("format") : j.end();
  return j.is_object() && f != j.end() && f->is_string() && f->get<std::string>() == kEditSessionFormat;
}

}  // namespace

Status prepare_start(RunOptions* opt, Session* session, StartPlan* plan) {
  plan->data = resolve_user_data(opt->data_dir);
  if (!opt->replay_path.empty()) {
    Result<Json> j = load_json_file(opt->replay_path);
    if (j && is_edit_session(*j)) {
      Result<EditSession> es = parse_edit_session(*j, opt->replay_path);
      if (!es) return es.error();
      plan->edit_session = std::move(*es);
      plan->edit_replay = true;
      plan->first = ModeId::kEditor;
      if (!plan->edit_session.start.is_null()) {
        Result<Creature> c = parse_creature(plan->edit_session.start.dump(), opt->replay_path);
        if (!c) return c.error();
        plan->edit_creature = std::move(*c);
      }
      if (opt->has_ticks && opt->ticks > plan->edit_session.inputs.size())
        return Error{"", "--ticks", "more than the editing session's " + std::to_string(plan->edit_session.inputs.size()) + " ticks"};
      if (!opt->has_ticks) opt->ticks = plan->edit_session.inputs.size();
      opt->has_ticks = true;
      opt->replay_path.clear();  // the play harness must not treat it as a play replay
    } else {
      Result<Replay> replay = load_replay(opt->replay_path);
      if (!replay) return replay.error();
      if (Status s = session->start_replay(*replay, opt->replay_path); !s) return s;
      if (opt->has_ticks && opt->ticks > session->replay_ticks()) {
        return Error{"", "--ticks", std::to_string(opt->ticks) + " is more than the replay's " +
                                        std::to_string(session->replay_ticks()) + " ticks"};
      }
      return {};
    }
  }
  if (plan->first != ModeId::kEditor) {
    if (opt->edit) {
      plan->first = ModeId::kEditor;
      if (!opt->edit_path.empty()) {
        Result<Creature> c = load_creature(opt->edit_path);
        if (!c) return c.error();
        plan->edit_creature = std::move(*c);
        plan->edit_path = opt->edit_path;
      }
    } else if (starts_at_title(*opt)) {
      plan->first = ModeId::kTitle;
    }
  }
  Result<Scene> scene = load_scene(opt->creature_path, opt->level_path);
  if (!scene) return scene.error();
  const Level& lv = scene->level;
  // On a trial --herd N sets its spectators; a trial without spectator areas keeps its course clear.
  if (lv.trial.present && opt->has_herd && opt->herd > 0 && lv.spectators.count == 0)
    return Error{"", "--herd", "a trial level has no herd (the course is the player's) unless it has \"spectators\""};
  const int herd_size = opt->has_herd ? static_cast<int>(opt->herd) : lv.trial.present ? lv.spectators.count : lv.herd;
  const std::string herd_dir = opt->herd_dir.empty() ? default_assets_dir() + "/creatures" : opt->herd_dir;
  // A trial's spectators start with the player's remembered friends, from a data folder named on the
  // command line only (a scripted run without one stays as it was).
  std::vector<HerdKind> pack;
  if (lv.trial.present && !opt->has_herd && !opt->data_dir.empty())
    pack = remembered_pack(plan->data, creature_content_hash(scene->creature_json), herd_dir, herd_size);
  Result<std::vector<HerdKind>> herd = spectators_with(pack, herd_size, opt->seed, herd_dir);
  if (!herd) return herd.error();
  if (Status s = session->start(std::move(*scene), opt->seed, *herd); !s) {
    std::fprintf(stderr, "critterforge: %s\n", s.error.to_string().c_str());  // the rest of the herd still runs
  }
  apply_trial_best(session, plan->data);
  return {};
}

namespace {

// The stem of 'path' when it is a saved creature of the data folder ("" otherwise): the file the
// editor may save over as the creature's own.
std::string own_stem(const std::string& path, const UserData& data) {
  if (path.empty()) return "";
  char* file = ::realpath(path.c_str(), nullptr);
  char* dir = ::realpath(data.creatures_dir().c_str(), nullptr);
  std::string stem;
  if (file && dir) {
    const std::string f = file, d = std::string(dir) + "/";
    const std::string name = f.compare(0, d.size(), d) == 0 ? f.substr(d.size()) : "";
    if (name.size() > 5 && name.find('/') == std::string::npos && name.compare(name.size() - 5, 5, ".json") == 0 &&
        creature_file_stem(name.substr(0, name.size() - 5)) == name.substr(0, name.size() - 5))
      stem = name.substr(0, name.size() - 5);
  }
  std::free(file);
  std::free(dir);
  return stem;
}

}  // namespace

ModeId open_first_mode(const StartPlan& plan, TextureId skin_texture, EditorMode* editor, TitleMode* title) {
  title->open(plan.data, editor, skin_texture);
  if (plan.first == ModeId::kEditor) {
    EditorDocument doc;
    doc.file_stem = own_stem(plan.edit_path, plan.data);
    editor->open(plan.edit_creature, plan.data, skin_texture, doc);
    if (plan.edit_replay) editor->play_back(plan.edit_session);
  }
  return plan.first;
}

}  // namespace cf
