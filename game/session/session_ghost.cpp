// The session's ghost: another run's replay in a Session of its own, ticked after each live tick.
#include "game/session/session.h"

namespace cf {

void Session::set_ghost(const Replay& replay, const std::string& file, const std::string& whose, bool own) {
  ghost_own_ = own;
  ghost_replay_ = replay;
  ghost_file_ = file;
  ghost_whose_ = whose;
  has_ghost_ = true;
  if (state_.tick == 0) start_ghost();  // else from the next start (a restart races it)
}

void Session::clear_ghost() {
  has_ghost_ = false;
  ghost_.reset();
  ghost_line_.clear();
}

void Session::start_ghost() {
  ghost_.reset();
  ghost_line_.clear();
  if (!has_ghost_) return;
  if (ghost_replay_.level_json != scene_.level_json) {  // another level: the ghost raced there, not here
    has_ghost_ = false;
    return;
  }
  auto g = std::make_unique<Session>();
  g->set_actions(actions_);
  g->set_controls(controls_);
  if (Status s = g->start_replay(ghost_replay_, ghost_file_); !s) {
    ghost_line_ = "GHOST DROPPED: " + s.error.message;
    return;
  }
  // Its first recorded hash is tick 0's: a ghost of another creature file or level fails here already.
  if (g->verifier().diverged()) {
    ghost_line_ = "GHOST DROPPED: ITS RUN NO LONGER REPLAYS (THE CREATURE OR THE MOTIONS CHANGED)";
    return;
  }
  if (history_.capacity() > 1) g->keep_history(history_.capacity());  // debug rewind takes it back too
  ghost_ = std::move(g);
  ghost_line_ = "GHOST: " + ghost_whose_;
}

void Session::tick_ghost() {
  if (!ghost_ || playback_) return;
  if (ghost_->state().tick >= ghost_->replay_ticks()) return;  // its run is over: it stays where it finished
  if (ghost_->behind_recording()) {  // after a debug rewind: what it did before, tick for tick
    ghost_->step_recorded();
    return;
  }
  if (!ghost_->tick(InputFrame{})) {
    ghost_.reset();
    ghost_line_ = "GHOST DROPPED: ITS RUN NO LONGER REPLAYS (THE CREATURE OR THE MOTIONS CHANGED)";
  }
}

}  // namespace cf
