#pragma once
// The most friends each creature has made on each free roam level, in the data folder:
//   friends/friends.json   critterforge.friends/1
// Keyed as best times are (game/session/best_times.h): a level is its course_key, a creature its
// file's content hash; the friends made are their creature files' content hashes too, so nothing the
// file says ever becomes a path. Written atomically; a damaged or newer file is kept aside, never
// overwritten. The game saves when a free roam session's friends outnumber the remembered best, and a
// trial's spectators start with the creature's remembered friends.
#include <cstdint>
#include <string>
#include <vector>

#include "core/json_util.h"
#include "core/result.h"
#include "game/play/herd.h"
#include "game/session/user_data.h"

namespace cf {

class Session;
struct Scene;

struct FriendsBest {
  std::string level;                  // the level's course_key
  std::string course_name;            // the level's name when it was made (shown only)
  std::uint64_t creature = 0;         // creature_content_hash of the player's creature file
  int friends = 0;                    // the most friends made at once
  std::vector<std::uint64_t> pack;    // each friend's creature_content_hash, one per friend
  std::uint64_t order = 0;            // saves counted up: the highest is the newest
};

struct FriendsRecord {
  std::vector<FriendsBest> bests;
  const FriendsBest* find(const std::string& level, std::uint64_t creature) const;
  // The creature's pack to bring along: its best with the most friends on any level, the newest of equals.
  const FriendsBest* pack_of(std::uint64_t creature) const;
};

std::string friends_dir(const UserData& data);
std::string friends_path(const UserData& data);

// A size limit far above a real record (about 200 bytes a level and creature) and a parsed-memory budget.
constexpr std::size_t kMaxFriendsBytes = 4u << 20;
constexpr std::size_t kFriendsMemoryBudget = 64u << 20;

Result<FriendsRecord> parse_friends_record(const std::string& text, const std::string& file);
Json friends_record_to_json(const FriendsRecord& record);
// The record (empty when there is none yet). A damaged or newer one is reported and read as empty:
// it is kept aside as friends.json.damaged-<n> first, so a save never writes over it.
FriendsRecord load_friends_record(const UserData& data, std::string* report, bool* damaged = nullptr);
Status save_friends_record(const UserData& data, const FriendsRecord& record);

// The content hashes of the session's friends (its herd creatures whose bond is friend), in creature order.
std::vector<std::uint64_t> session_friends(const Session& session);
// When the free roam session's friends outnumber the remembered best of its creature on its level,
// saves them (*saved says so); *best is the best after. Errors name the file.
Status record_friends(const UserData& data, const Session& session, int* best, bool* saved);

// Watches a free roam session for the game: reads the remembered best once per scene, and saves once
// each time the friends outnumber it (no file touched on other ticks). Never changes the session.
class FriendsWatch {
 public:
  void update(const UserData& data, const Session& session);
  // The best to show for this session's scene (0: none, or another scene's).
  int best(const Session& session) const;

 private:
  std::uint64_t scene_ = 0;
  bool known_ = false;
  int best_ = 0;
};

// The creature's remembered friends as herd kinds, at most n: each hash matched against the .json
// files in creatures_dir (listed, read and hashed here; the record names no file). Unmatched are left out.
std::vector<HerdKind> remembered_pack(const UserData& data, std::uint64_t creature, const std::string& creatures_dir, int n);
// A trial's spectators: 'pack' first, the rest picked with the seed as without a pack (pick_herd).
Result<std::vector<HerdKind>> spectators_with(const std::vector<HerdKind>& pack, int count, std::uint64_t seed,
                                              const std::string& creatures_dir);
// Starts 'session' as Session::start(scene, seed), but on a trial level with spectators the player's
// remembered friends come first among them (recorded in the replay's herd, so it plays back alone),
// and a free roam level brings its herd ("herd": n, picked with the seed) as the command line does.
void start_with_friends(Session* session, Scene scene, std::uint64_t seed, const UserData& data);

}  // namespace cf
