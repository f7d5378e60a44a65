// What a person types at `trickref record` to record a game the playout
// played (engine/playout.h): the record tests type it on a stream, the
// terminal test into tmux.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "cards/card.h"
#include "engine/hand.h"
#include "engine/playout.h"
#include "ruleset/ruleset.h"

namespace trickref::test {

enum class Level { kDeal, kPlays, kSheet };

// What a person types to record `game` at `level` (the deal first, the
// plays only, or score-sheet lines): the phases in the order the ruleset
// gives them, as the stepper asks.
inline std::string script_of(const PlayedGame& game, const Ruleset& r, const std::vector<std::string>& players,
                      const std::string& ruleset, Level level = Level::kDeal, std::size_t max_hands = SIZE_MAX) {
  std::string s = ruleset + "\n";
  for (const auto& p : players) {
    s += p + " ";
  }
  s += "\n";
  const PhaseList phases = hand_phases(r);
  const std::size_t hands = std::min(max_hands, game.hands.size());
  for (std::size_t i = 0; i < hands; ++i) {
    const PlayedHand& h = game.hands[i];
    if (i == 0) {
      s += players[static_cast<std::size_t>(h.dealer)] + "\n";
    }
    s += level == Level::kDeal ? "d\n" : level == Level::kPlays ? "p\n" : "s\n";
    const bool void_hand = r.has_auction() && h.bidder < 0;
    if (level == Level::kSheet) {
      for (const auto& [seat, bid] : h.bids) {
        s += bid == 0 ? std::string("pass\n") : std::to_string(bid) + "\n";
      }
      if (void_hand) {
        continue;
      }
      for (const int t : h.taken) {
        s += std::to_string(t) + " ";
      }
      s += "\n";
      if (r.partner_by == PartnerBy::kCard) {
        s += h.partner >= 0 ? players[static_cast<std::size_t>(h.partner)] + "\n" : std::string("none\n");
      }
      if (r.scoring == ScoringKind::kPoints) {
        for (const int t : h.points) {
          s += std::to_string(t) + " ";
        }
        s += "\n";
      }
      continue;
    }
    for (const Phase p : phases) {
      switch (p) {
        case Phase::kDeal:
          if (level != Level::kDeal) {
            break;
          }
          for (int seat = 0; seat < r.players; ++seat) {
            s += to_string(h.deal[static_cast<std::size_t>(seat)]) + "\n";
          }
          if (r.kitty > 0) {
            s += to_string(h.kitty) + "\n";
          }
          break;
        case Phase::kAuction:
          for (const auto& [seat, bid] : h.bids) {
            s += bid == 0 ? std::string("pass\n") : std::to_string(bid) + "\n";
          }
          break;
        case Phase::kExchange:
          for (const auto& pl : h.plucks) {
            s += to_string(pl.gives) + " " + (pl.gets ? to_string(*pl.gets) : std::string("-")) + "\n";
          }
          break;
        case Phase::kTrump:
          if (!void_hand) {
            s += std::string(1, suit_letter(h.trump)) + "\n";
          }
          break;
        case Phase::kKitty:
        case Phase::kDiscard:
          if (!void_hand && !h.discard.empty() && (p == Phase::kDiscard || !phases.has(Phase::kDiscard))) {
            s += to_string(h.discard) + "\n";
          }
          // With the deal, the kitty the dealer showed each player who
          // plucked them (a card came back), in seat order, after the discard.
          if (level == Level::kDeal && r.show_kitty && p == Phase::kKitty && !phases.has(Phase::kDiscard)) {
            for (int by = 0; by < r.players; ++by) {
              const bool plucked = std::any_of(h.plucks.begin(), h.plucks.end(), [&](const PlayedPluck& pl) {
                return pl.by == by && pl.from == h.dealer && pl.gets && !pl.gets->is_joker();
              });
              if (!plucked) {
                continue;
              }
              CardSet shown;
              for (const auto& [to, cards] : h.shows) {
                shown |= to == by ? cards : CardSet();
              }
              s += shown.empty() ? std::string("none\n") : to_string(shown) + "\n";
            }
          }
          break;
        case Phase::kPlay:
          // Without the deal, who holds the card that leads is not known: asked.
          if (level == Level::kPlays && r.first_lead == FirstLead::kCard && !h.leaders.empty()) {
            s += players[static_cast<std::size_t>(h.leaders[0])] + "\n";
          }
          for (std::size_t t = 0; t < h.tricks.size(); ++t) {
            for (const Card c : h.tricks[t]) {
              s += to_string(c) + "\n";
            }
            if (h.early_court_side >= 0 && static_cast<int>(t) + 1 == r.early_court_tricks &&
                r.after_early_court == AfterEarlyCourt::kEither) {
              s += static_cast<int>(h.tricks.size()) > r.early_court_tricks ? "y\n" : "n\n";
            }
          }
          break;
        case Phase::kDealRest:
        case Phase::kCount:
          break;
      }
    }
  }
  // A game that is the hands recorded ends when the table says so.
  if (hands == game.hands.size() && (!game.finished || r.end == GameEnd::kHandsRecorded)) {
    s += "end\n";
  }
  return s;
}

}  // namespace trickref::test
