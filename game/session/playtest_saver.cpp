#include "game/session/playtest_saver.h"

#include <cctype>

#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "core/file_io.h"
#include "core/file_name.h"

namespace cf {

std::string playtest_file_name(const std::string& creature_path, const std::string& level_path, std::uint64_t tick,
                               const char* why) {
  // Only [a-z0-9_] (file_slug), so the name is valid on every disk (FAT and NTFS refuse '<', ':',
  // '>' ...): "<editor: My Dog>" -> "editor_my_dog".
  auto stem = [](const std::string& p) {
    std::string s = std::filesystem::path(p).filename().string();
    s = file_slug(s.substr(0, s.find('.')), 48);  // "clip_pipe.level.json" -> "clip_pipe"
    return s.empty() ? std::string("unnamed") : s;
  };
  char t[32];
  std::snprintf(t, sizeof t, "%06llu", static_cast<unsigned long long>(tick));
  return "playtest_" + stem(creature_path) + "_" + stem(level_path) + "_t" + t + "_" + why + ".replay.json";
}

PlaytestSaver::~PlaytestSaver() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    quit_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void PlaytestSaver::configure(const std::string& playtests_dir, bool auto_save) {
  dir_ = playtests_dir;
  auto_save_ = auto_save && !dir_.empty();
}

bool PlaytestSaver::claim_auto_save(std::uint64_t tick) {
  if (!auto_save_ || (have_auto_ && auto_tick_ == tick)) return false;
  have_auto_ = true;
  auto_tick_ = tick;
  return true;
}

bool PlaytestSaver::claim_manual_save(std::uint64_t tick) {
  if (have_manual_ && tick >= manual_tick_ && tick < manual_tick_ + kManualSaveCooldownTicks) return false;
  have_manual_ = true;
  manual_tick_ = tick;
  return true;
}

std::string PlaytestSaver::save(Replay replay, const std::string& file_name, const char* saved_line) {
  const std::string path = dir_ + "/" + file_name;
  std::lock_guard<std::mutex> lock(mu_);
  if (dir_.empty() || !is_plain_file_name(file_name)) {
    message_ = dir_.empty() ? "Can't save the replay: no data folder (set HOME or --data-dir)"
                            : "Can't save the replay: not a plain file name";
    ++messages_;
    return "";
  }
  queue_.push_back(Job{path, std::move(replay), saved_line});
  if (!thread_.joinable()) thread_ = std::thread([this] { worker(); });
  cv_.notify_all();
  return path;
}

void PlaytestSaver::worker() {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    cv_.wait(lock, [this] { return quit_ || !queue_.empty(); });
    if (queue_.empty()) return;  // quitting with nothing left
    auto job = std::move(queue_.front());
    queue_.pop_front();
    busy_ = true;
    lock.unlock();
    std::error_code ec;
    std::filesystem::create_directories(dir_, ec);
    // A name no file has: another session saving at the same tick (or this one twice) gets _2, _3 ...
    const std::string suffix = ".replay.json";
    std::string stem = job.path;
    if (stem.size() > suffix.size() && stem.compare(stem.size() - suffix.size(), suffix.size(), suffix) == 0)
      stem.resize(stem.size() - suffix.size());
    Result<std::string> written = write_file_new(stem, suffix, replay_to_json(job.replay).dump(1) + "\n");
    Status s = written ? Status{} : Status{written.error()};
    if (written) job.path = *written;
    lock.lock();
    busy_ = false;
    ++messages_;
    if (s) {
      ++saved_;
      // The file's name as on disk (without ".replay.json"); the full path goes to stderr.
      std::string name = std::filesystem::path(job.path).filename().string();
      name = name.substr(0, name.find('.'));
      message_ = job.saved_line ? job.saved_line : "Replay saved: " + name;
      std::fprintf(stderr, "critterforge: saved playtest replay %s\n", job.path.c_str());
    } else {
      message_ = "Can't save the replay: " + s.error.to_string();
      std::fprintf(stderr, "critterforge: %s\n", s.error.to_string().c_str());
    }
    cv_.notify_all();
  }
}

void PlaytestSaver::flush() {
  std::unique_lock<std::mutex> lock(mu_);
  cv_.wait(lock, [this] { return queue_.empty() && !busy_; });
}

int PlaytestSaver::saved() const {
  std::lock_guard<std::mutex> lock(mu_);
  return saved_;
}

int PlaytestSaver::messages() const {
  std::lock_guard<std::mutex> lock(mu_);
  return messages_;
}

std::string PlaytestSaver::last_message() const {
  std::lock_guard<std::mutex> lock(mu_);
  return message_;
}

}  // namespace cf
