// The playout's trick loop, shared by its two users: the seats that decide
// for themselves (engine/playout.cpp, BotHand) and the seats that choose at
// random (engine/random_play.cpp, built once per kernel). Internal to those
// two units.
#pragma once

#include "engine/play.h"
#include "engine/playout.h"

namespace trickref {

// The tricks of a hand, each card chosen by `choose(seat, legal)` among
// legal_plays (kDuties false: the ruleset has no trump duties, so they are
// not looked at); with `record`, each card and each trick's leader go into `h`.
template <bool kDuties = true, class Choose>
[[gnu::always_inline]] inline void play_tricks(PlayState& s, PlayedHand& h, int tricks, bool record,
                                               const Choose& choose) {
  for (int t = 0; t < tricks; ++t) {
    if (record) {
      h.leaders.push_back(s.leader);
    }
    for (int i = 0; i < s.players; ++i) {
      const int seat = s.to_play();
      const CardSet legal = legal_plays_for<kDuties>(s);
      const Card c = choose(seat, legal);
      if (record) {
        h.tricks[static_cast<std::size_t>(s.trick)].push_back(c);
      }
      apply_play(s, seat, c);
    }
    finish_trick(s);
  }
}

// Whether the ruleset has trump duties the trick loop must look at.
[[nodiscard]] inline bool has_trump_duties(const PlayState& s) {
  return s.rules->must_trump_if_void || s.rules->must_overtrump;
}

}  // namespace trickref
