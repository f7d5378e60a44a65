#include "sheet/skeleton.h"

#include <algorithm>

#include <fmt/format.h>

#include "engine/game.h"
#include "engine/hand.h"
#include "engine/policies.h"
#include "sheet/yaml_text.h"
#include "transcript/writer.h"

namespace trickref::sheet {
namespace {

// Where the comments start: one column for the whole record, so they read as one margin.
constexpr std::size_t kCommentColumn = 44;

std::string line(std::string_view text, std::string_view comment) {
  std::string out(text);
  if (!comment.empty()) {
    out.resize(std::max(out.size() + 1, kCommentColumn), ' ');
    out += fmt::format("# {}", comment);
  }
  return out + "\n";
}

// `{A: , B: , C: }` for the seats given: a map whose values are all placeholders.
std::string empty_map(const std::vector<std::string>& names, const std::vector<std::size_t>& seats) {
  std::vector<std::string> parts;
  for (const std::size_t s : seats) {
    parts.push_back(yaml_flow_key(names[s]));
  }
  return fmt::format("{{{}}}", fmt::join(parts, ", "));
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

}  // namespace

std::string skeleton(const Ruleset& r, std::string_view ruleset_ref, const std::vector<std::string>& players,
                     const SkeletonOptions& o) {
  std::vector<std::string> names;
  for (const auto& p : players) {
    names.push_back(yaml_scalar(p));
  }
  std::vector<std::size_t> all_seats;
  for (std::size_t s = 0; s < names.size(); ++s) {
    all_seats.push_back(s);
  }
  const std::vector<std::size_t> scored = score_seats(r);
  const bool sides = scored.size() < all_seats.size();
  const PhaseList phases = hand_phases(r);
  const bool auction = phases.has(Phase::kAuction);
  const bool exchange_level = o.detail != Detail::kSheet;
  const bool plays_level = o.detail == Detail::kPlays || o.detail == Detail::kFull;
  const bool full = o.detail == Detail::kFull;
  const bool fixed = dealers_fixed(r);

  std::string y;
  y += fmt::format("# A record of {} to fill in as the game is played ({}), made by `trickref new`.\n",
                   r.name, level_name(o.detail));
  y += "# An empty value is a placeholder: while `status: in-progress` stays, `trickref validate` reads it\n"
       "# as not yet recorded, and the hands not begun as not played yet. Fill each hand in as it is\n"
       "# played; take the `status` line out when the game is over.\n";
  y += fmt::format("game: {}\n", yaml_scalar(ruleset_ref));
  y += "status: in-progress\n";
  y += fmt::format("players: {}\n", yaml_flow_list(names));
  y += "hands:\n";
  GameState game = start_game(r);
  int dealer = o.first_dealer;
  for (int hand = 1; hand <= o.hands; ++hand) {
    const bool dealer_known = hand == 1 || fixed;
    if (hand > 1 && fixed) {
      dealer = next_dealer(game, dealer);
    }
    if (dealer_known) {
      y += line(fmt::format("  - dealer: {}", names[static_cast<std::size_t>(dealer)]),
                hand == 1 ? (fixed ? "who deals first; the later dealers follow from the rotation"
                                     : "who deals first; the later dealers follow how each hand went")
                          : fmt::format("hand {}", hand));
    } else {
      y += line("  - dealer:", fmt::format("hand {}: who deals follows how hand {} went (it is checked)", hand,
                                           hand - 1));
    }
    const int chooser = dealer_known ? trump_chooser(r, dealer) : -1;
    if (full) {
      y += line("    deal:", "the cards each player was dealt, as [AS, 10H, ...]");
      for (const auto& n : names) {
        y += yaml_block_entry(6, n, "");
      }
      if (r.kitty > 0) {
        y += line("    kitty:", "the cards dealt to the kitty");
      }
    }
    if (auction && exchange_level) {
      y += line("    bids:", "the calls in order from the dealer's left: a number or pass");
    }
    if (auction) {
      y += line("    contract: {bidder: , bid: }", "or none when everyone passed");
    }
    if (exchange_level && phases.has(Phase::kExchange) && hand >= r.exchange_from_hand) {
      y += line("    plucks:", "each pluck in the order made: - {by: , from: , gives: , gets: }");
    }
    if (exchange_level && r.scoring == ScoringKind::kCourts) {
      y += line("    trump_by:", chooser >= 0 ? fmt::format("who named trump ({}, by the rules)",
                                                            players[static_cast<std::size_t>(chooser)])
                                                : std::string("who named trump"));
    }
    if (exchange_level) {
      y += line("    trump:", "the trump suit: C, D, H or S");
    }
    if (full && r.kitty > 0 && r.kitty_taken_by != KittyTaker::kNobody) {
      y += line("    discard:", r.kitty_taken_by == KittyTaker::kBidder ? "the cards the bidder laid away"
                                                                         : "the cards the dealer laid away");
      if (r.show_kitty && phases.has(Phase::kExchange) && hand >= r.exchange_from_hand) {
        y += line("    shows:", "kitty cards shown to a plucker: - {to: , cards: [...]}");
      }
    }
    if (auction && r.partner_by == PartnerBy::kCard) {
      y += line("    partner:", "the holder of the partner card, or none (the bidder alone)");
    }
    if (plays_level) {
      const bool leader = !full && r.first_lead == FirstLead::kCard;
      y += line("    tricks:", leader ? "each trick in play order: - [2C, 9C, KC]; the first names its leader:"
                                      : "each trick in play order, from its leader: - [2C, 9C, KC]");
      if (leader) {
        y += line("", "- {leader: NAME, cards: [...]}");
      }
    }
    y += line(fmt::format("    taken: {}", empty_map(names, all_seats)),
              sides ? "tricks each player took (or each side's, naming one player of it)"
                    : fmt::format("tricks each player took ({} in all)", r.tricks_per_hand()));
    if (r.scoring == ScoringKind::kPoints) {
      y += line(fmt::format("    points: {}", empty_map(names, all_seats)), "the points each player took");
    }
    y += line(fmt::format("    score: {}", empty_map(names, scored)),
              sides ? "optional: each side's running score (one player of each side)"
                    : "optional: the running scores after the hand");
  }
  return y;
}

}  // namespace trickref::sheet
