#include "game/session/motion_menu.h"

#include <algorithm>
#include <cctype>

#include "game/play/actions/clip_action.h"
#include "retarget/emote.h"

namespace cf {

namespace {

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

void MotionMenu::set_registry(const ActionRegistry& actions, const Rig* body) {
  entries_.clear();
  groups_.clear();
  open_ = false;
  cursor_ = 0;
  chosen_ = -1;
  clip_ = actions.find("clip");
  if (clip_ == kNoAction) return;
  const ClipAction& clips = static_cast<const ClipAction&>(actions[clip_]);
  const MotionLibrary& lib = clips.library();
  auto listed = [&](int m) {
    const LibraryMotion& lm = lib[m];
    return clips.plays(m) && lm.about().menu && (!body || choose_variant(lm.about(), *body) >= 0);
  };
  // The motions made here, by kind.
  for (int kind = 0; kind < 2; ++kind) {
    const int group = static_cast<int>(groups_.size());
    for (int m = 0; m < lib.size(); ++m) {
      const LibraryMotion& lm = lib[m];
      if (!lm.about().source.empty() || !listed(m)) continue;
      if ((lm.about().kind == MotionKind::kOneShot ? 0 : 1) != kind) continue;
      entries_.push_back({static_cast<std::uint16_t>(m), upper(lm.title()), group});
    }
    if (static_cast<int>(entries_.size()) > 0 && entries_.back().group == group) groups_.push_back(kind == 0 ? "ONCE" : "HELD");
  }
  // Then each capture set, in the order its first motion has in the library.
  std::vector<std::string> sources;
  for (int m = 0; m < lib.size(); ++m) {
    const std::string& src = lib[m].about().source;
    if (!src.empty() && std::find(sources.begin(), sources.end(), src) == sources.end()) sources.push_back(src);
  }
  for (const std::string& src : sources) {
    const int group = static_cast<int>(groups_.size());
    for (int m = 0; m < lib.size(); ++m) {
      if (lib[m].about().source != src || !listed(m)) continue;
      std::string label = upper(lib[m].title());
      const std::string prefix = upper(src) + " ";
      if (label.size() > prefix.size() && label.compare(0, prefix.size(), prefix) == 0) label.erase(0, prefix.size());
      entries_.push_back({static_cast<std::uint16_t>(m), label, group});
    }
    if (!entries_.empty() && entries_.back().group == group) groups_.push_back(upper(src));
  }
}

std::uint32_t MotionMenu::step(const InputFrame& pad, ActionId* request, std::uint16_t* motion) {
  if (!open_) {
    if (!pad.went_down(kOpenButton) || entries_.empty()) return 0;
    open_ = true;
    cursor_ = std::min(cursor_, static_cast<int>(entries_.size()) - 1);  // where it was left
    return kOpenButton;
  }
  constexpr std::uint32_t kTaken = kOpenButton | kButtonA | kButtonB | kButtonDpadUp | kButtonDpadDown |
                                   kButtonDpadLeft | kButtonDpadRight;
  const int n = static_cast<int>(entries_.size());
  if (pad.went_down(kOpenButton) || pad.went_down(kButtonB)) {
    open_ = false;
    return kTaken;
  }
  if (pad.went_down(kButtonDpadDown)) cursor_ = (cursor_ + 1) % n;
  if (pad.went_down(kButtonDpadUp)) cursor_ = (cursor_ + n - 1) % n;
  if (pad.went_down(kButtonDpadRight) || pad.went_down(kButtonDpadLeft)) {
    // The first motion of the next (or previous) group.
    const int g = entries_[static_cast<std::size_t>(cursor_)].group;
    const int step = pad.went_down(kButtonDpadRight) ? 1 : -1;
    for (int k = 1; k <= n; ++k) {
      const int i = ((cursor_ + step * k) % n + n) % n;
      if (entries_[static_cast<std::size_t>(i)].group == g) continue;
      int first = i;  // back to its group's first entry
      while (first > 0 && entries_[static_cast<std::size_t>(first - 1)].group == entries_[static_cast<std::size_t>(i)].group)
        --first;
      cursor_ = first;
      break;
    }
  }
  if (pad.went_down(kButtonA)) {
    *request = clip_;
    *motion = entries_[static_cast<std::size_t>(cursor_)].motion;
    open_ = drive_;
    if (drive_) chosen_ = cursor_;
  }
  return kTaken;
}

}  // namespace cf
