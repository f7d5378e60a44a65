#include "sheet/skeleton.h"

#include <algorithm>

#include <fmt/format.h>

#include "engine/game.h"
#include "engine/hand.h"
#include "engine/policies.h"
#include "transcript/record_keys.h"
#include "transcript/record_yaml.h"
#include "transcript/writer.h"

namespace trickref::sheet {
namespace key = record_key;
namespace {

// `{A: , B: , C: }` for the seats given: a map whose values are all placeholders.
std::string empty_map(const RecordYaml& y, const std::vector<std::string>& names, const std::vector<std::size_t>& seats) {
  return y.name_map(
      seats.size(), [&](std::size_t k) -> std::string_view { return names[seats[k]]; },
      [](std::size_t) { return std::string_view(); });
}

std::string_view level_name(Detail d) {
  switch (d) {
    case Detail::kSheet:
      return "score sheet";
    case Detail::kExchange:
      return "score sheet with the exchange and trump";
    case Detail::kPlays:
      return "every trick played";
    case Detail::kFull:
      break;
  }
  return "the deal and every trick";
}

// What every hand of the skeleton shares.
struct Frame {
  const Ruleset& r;
  const std::vector<std::string>& players;
  std::vector<std::string> names{};  // as scalars
  std::vector<std::size_t> all_seats{};
  std::vector<std::size_t> scored = score_seats(r);
  PhaseList phases = hand_phases(r);
  bool auction = phases.has(Phase::kAuction);
  bool exchange_level = false;
  bool plays_level = false;
  bool full = false;
};

// The keys of the exchange and the play (those after the dealer, before
// the tricks taken), as placeholders.
void play_keys(RecordYaml& y, const Frame& f, int hand, int chooser) {
  const Ruleset& r = f.r;
  if (f.full) {
    y.open(key::kDeal, "the cards each player was dealt, as [AS, 10H, ...]");
    for (const auto& n : f.names) {
      y.name_entry(n, "");
    }
    y.close();
    if (r.kitty > 0) {
      y.entry(key::kKitty, "", "the cards dealt to the kitty");
    }
  }
  if (f.auction && f.exchange_level) {
    y.entry(key::kBids, "", "the calls in order from the dealer's left: a number or pass");
  }
  if (f.auction) {
    y.entry(key::kContract, RecordYaml::flow_map({{key::kBidder, ""}, {key::kBid, ""}}),
            "or none when everyone passed");
  }
  const bool plucks = f.phases.has(Phase::kExchange) && hand >= r.exchange_from_hand;
  if (f.exchange_level && plucks) {
    y.entry(key::kPlucks, "", "each pluck in the order made: - {by: , from: , gives: , gets: }");
  }
  if (f.exchange_level && r.scoring == ScoringKind::kCourts) {
    y.entry(key::kTrumpBy, "",
            chooser >= 0 ? fmt::format("who named trump ({}, by the rules)", f.players[static_cast<std::size_t>(chooser)])
                         : std::string("who named trump"));
  }
  if (f.exchange_level) {
    y.entry(key::kTrump, "", "the trump suit: C, D, H or S");
  }
  if (f.full && r.kitty > 0 && r.kitty_taken_by != KittyTaker::kNobody) {
    y.entry(key::kDiscard, "",
            r.kitty_taken_by == KittyTaker::kBidder ? "the cards the bidder laid away" : "the cards the dealer laid away");
    if (r.show_kitty && plucks) {
      y.entry(key::kShows, "", "kitty cards shown to a plucker: - {to: , cards: [...]}");
    }
  }
  if (f.auction && r.partner_by == PartnerBy::kCard) {
    y.entry(key::kPartner, "", "the holder of the partner card, or none (the bidder alone)");
  }
  if (f.plays_level) {
    const bool leader = !f.full && r.first_lead == FirstLead::kCard;
    y.entry(key::kTricks, "",
            leader ? "each trick in play order: - [2C, 9C, KC]; the first names its leader:"
                   : "each trick in play order, from its leader: - [2C, 9C, KC]");
    if (leader) {
      y.margin_comment("- {leader: NAME, cards: [...]}");
    }
  }
}

// One hand: its dealer where known (`dealer` < 0: not), its keys, the tricks taken and the scores.
void hand_skeleton(RecordYaml& y, const Frame& f, int hand, int dealer, bool fixed) {
  y.begin_item();
  if (dealer >= 0) {
    y.entry(key::kDealer, f.names[static_cast<std::size_t>(dealer)],
            hand == 1 ? (fixed ? "who deals first; the later dealers follow from the rotation"
                               : "who deals first; the later dealers follow how each hand went")
                      : fmt::format("hand {}", hand));
  } else {
    y.entry(key::kDealer, "", fmt::format("hand {}: who deals follows how hand {} went (it is checked)", hand, hand - 1));
  }
  play_keys(y, f, hand, dealer >= 0 ? trump_chooser(f.r, dealer) : -1);
  const bool sides = f.scored.size() < f.all_seats.size();
  y.entry(key::kTaken, empty_map(y, f.names, f.all_seats),
          sides ? "tricks each player took (or each side's, naming one player of it)"
                : fmt::format("tricks each player took ({} in all)", f.r.tricks_per_hand()));
  if (f.r.scoring == ScoringKind::kPoints) {
    y.entry(key::kPoints, empty_map(y, f.names, f.all_seats), "the points each player took");
  }
  y.entry(key::kScore, empty_map(y, f.names, f.scored),
          sides ? "optional: each side's running score (one player of each side)"
                : "optional: the running scores after the hand");
  y.end_item();
}

}  // namespace

std::string skeleton(const Ruleset& r, std::string_view ruleset_ref, const std::vector<std::string>& players,
                     const SkeletonOptions& o) {
  Frame f{r, players};
  for (const auto& p : players) {
    f.names.push_back(yaml_scalar(p));
    f.all_seats.push_back(f.all_seats.size());
  }
  f.exchange_level = o.detail != Detail::kSheet;
  f.plays_level = o.detail == Detail::kPlays || o.detail == Detail::kFull;
  f.full = o.detail == Detail::kFull;
  const bool fixed = dealers_fixed(r);

  std::string text;
  RecordYaml y(text, LongNames::kExplicit);
  y.comment(fmt::format("A record of {} to fill in as the game is played ({}), made by `trickref new`.", r.name,
                        level_name(o.detail)));
  y.comment("An empty value is a placeholder: while `status: in-progress` stays, `trickref validate` reads it");
  y.comment("as not yet recorded, and the hands not begun as not played yet. Fill each hand in as it is");
  y.comment("played; take the `status` line out when the game is over.");
  y.entry(key::kGame, yaml_scalar(ruleset_ref));
  y.entry(key::kStatus, key::kInProgress);
  y.entry(key::kPlayers, RecordYaml::flow_list(f.names));
  y.open(key::kHands);
  GameState game = start_game(r);
  int dealer = o.first_dealer;
  for (int hand = 1; hand <= o.hands; ++hand) {
    const bool dealer_known = hand == 1 || fixed;
    if (hand > 1 && fixed) {
      dealer = next_dealer(game, dealer);
    }
    hand_skeleton(y, f, hand, dealer_known ? dealer : -1, fixed);
  }
  y.close();
  return text;
}

}  // namespace trickref::sheet
