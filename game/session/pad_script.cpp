#include "game/session/pad_script.h"

#include <cmath>
#include <utility>

#include "core/file_io.h"
#include "core/json_util.h"
#include "core/json.h"

namespace cf {
namespace {

struct ButtonName {
  const char* name;
  Button bit;
};
constexpr ButtonName kNames[] = {
    {"a", kButtonA},          {"b", kButtonB},          {"x", kButtonX},
    {"y", kButtonY},          {"lb", kButtonLeftShoulder}, {"rb", kButtonRightShoulder},
    {"up", kButtonDpadUp},    {"down", kButtonDpadDown}, {"left", kButtonDpadLeft},
    {"right", kButtonDpadRight}, {"start", kButtonStart}, {"select", kButtonSelect},
    {"ls", kButtonLeftStick}, {"rs", kButtonRightStick}, {"mouse_left", kButtonMouseLeft},
    {"mouse_right", kButtonMouseRight},
};

Status read_pair(const Json& step, const char* key, float lo, float hi, std::int16_t* a, std::int16_t* b,
                 const std::string& file, const std::string& where) {
  auto it = step.find(key);
  if (it == step.end()) return {};
  const std::string f = field_path(where, key);
  if (!it->is_array() || it->size() != 2 || !(*it)[0].is_number() || !(*it)[1].is_number())
    return Error{file, f, "must be [x, y] with two numbers"};
  const double x = (*it)[0].get<double>(), y = (*it)[1].get<double>();
  if (!std::isfinite(x) || !std::isfinite(y) || x < lo || x > hi || y < lo || y > hi)
    return Error{file, f, "values must lie in [" + std::to_string(static_cast<int>(lo)) + ", 1]"};
  *a = static_cast<std::int16_t>(std::lround(x * 32767.0));
  *b = static_cast<std::int16_t>(std::lround(y * 32767.0));
  return {};
}

}  // namespace

PadScript::PadScript(const std::vector<Step>& steps) {
  for (const Step& s : steps) add(s);
}

void PadScript::add(Step step) {
  ends_.push_back(total_ticks() + step.ticks);
  steps_.push_back(std::move(step));
}

std::size_t PadScript::step_at(std::uint64_t tick, std::size_t* probes) const {
  // The first step ending after 'tick' (steps of 0 ticks end where they start, so none holds a tick).
  std::size_t lo = 0, hi = ends_.size();
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    if (probes) ++*probes;
    if (ends_[mid] > tick) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  return lo;
}

InputFrame PadScript::frame_at(std::uint64_t tick) const {
  const std::size_t i = step_at(tick);
  if (i < steps_.size()) return steps_[i].frame;
  InputFrame after;  // neutral, the pointer where the last step left it
  if (!steps_.empty()) {
    after.mouse_x = steps_.back().frame.mouse_x;
    after.mouse_y = steps_.back().frame.mouse_y;
  }
  return after;
}

const std::string* PadScript::text_at(std::uint64_t tick) const {
  const std::size_t i = step_at(tick);
  if (i >= steps_.size() || tick != ends_[i] - steps_[i].ticks) return nullptr;  // not the step's first tick
  return steps_[i].type.empty() ? nullptr : &steps_[i].type;
}

Result<PadScript> parse_pad_script(const std::string& text, const std::string& file) {
  Result<Json> j = parse_json(text, file);
  if (!j) return j.error();
  if (Status s = check_format(*j, "critterforge.padscript/1", file); !s) return s.error;
  auto steps = j->find("steps");
  if (steps == j->end() || !steps->is_array()) return Error{file, "steps", "missing or not an array"};
  if (steps->size() > 100000) return Error{file, "steps", "too many steps (at most 100000)"};
  PadScript script;
  std::int16_t mouse_x = 0, mouse_y = 0;  // the pointer stays where the last step put it
  for (std::size_t i = 0; i < steps->size(); ++i) {
    const Json& sj = (*steps)[i];
    const std::string where = "steps[" + std::to_string(i) + "]";
    if (!sj.is_object()) return Error{file, where, "must be an object"};
    for (auto it = sj.begin(); it != sj.end(); ++it) {
      const std::string& k = it.key();
      if (k != "ticks" && k != "left" && k != "right" && k != "triggers" && k != "buttons" && k != "mouse" &&
          k != "type")
        return Error{file, field_path(where, k), "unknown field"};
    }
    PadScript::Step step;
    double ticks = 0;
    if (Status s = read_number(sj, "ticks", &ticks, file, where); !s) return s.error;
    if (ticks < 0 || ticks > 864000 || ticks != std::floor(ticks))
      return Error{file, field_path(where, "ticks"), "must be a whole number from 0 to 864000"};
    step.ticks = static_cast<std::uint64_t>(ticks);
    InputFrame& f = step.frame;
    if (Status s = read_pair(sj, "left", -1, 1, &f.left_x, &f.left_y, file, where); !s) return s.error;
    std::int16_t right_x = 0, right_y = 0;
    if (Status s = read_pair(sj, "right", -1, 1, &right_x, &right_y, file, where); !s) return s.error;
    f.right_x = right_x;
    f.right_y = right_y;
    if (Status s = read_pair(sj, "triggers", 0, 1, &f.left_trigger, &f.right_trigger, file, where); !s)
      return s.error;
    if (Status s = read_pair(sj, "mouse", -1, 1, &mouse_x, &mouse_y, file, where); !s) return s.error;
    f.mouse_x = mouse_x;
    f.mouse_y = mouse_y;
    if (auto t = sj.find("type"); t != sj.end()) {
      if (!t->is_string() || t->get<std::string>().size() > 256)
        return Error{file, field_path(where, "type"), "must be a string of at most 256 keys"};
      step.type = t->get<std::string>();
    }
    if (auto b = sj.find("buttons"); b != sj.end()) {
      const std::string bf = field_path(where, "buttons");
      if (!b->is_array()) return Error{file, bf, "must be an array of button names"};
      for (const Json& name : *b) {
        bool known = false;
        for (const ButtonName& n : kNames) {
          if (name.is_string() && name.get<std::string>() == n.name) {
            f.buttons |= n.bit;
            known = true;
          }
        }
        if (!known) {
          std::string shown = name.dump();  // cut: a 100 KB "name" would otherwise fill the message
          if (shown.size() > 40) shown = shown.substr(0, 40) + "...";
          return Error{file, bf, "unknown button " + shown +
                                     " (a b x y lb rb up down left right start select ls rs mouse_left mouse_right)"};
        }
      }
    }
    script.add(std::move(step));
  }
  return script;
}

Result<PadScript> load_pad_script(const std::string& path) {
  Result<std::string> text = read_file(path, 16u << 20);
  if (!text) return text.error();
  return parse_pad_script(*text, path);
}

}  // namespace cf
