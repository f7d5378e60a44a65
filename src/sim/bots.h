// Built-in players for `simulate`. A bot is a SeatPolicy: the engine hands
// it the legal choices (engine/playout.h), so a bot cannot cheat. Bots hold
// no state between calls; what they know comes from the HandView and the
// PlayState, the information a player at the table has (their own hand, the
// cards played, their own discards and, as dealer, the kitty).
#pragma once

#include <memory>
#include <span>
#include <string_view>

#include "engine/playout.h"

namespace trickref::sim {

// `random`: uniform over the legal choices (trump: any of the four suits;
// after an early court it may play on from, stop or play on with equal chance).
class RandomBot final : public SeatPolicy {
 public:
  Card give(const HandView& view, int pluckee, CardSet options, PlayoutRng& rng) override;
  Suit name_trump(const HandView& view, PlayoutRng& rng) override;
  Card discard(const HandView& view, Suit trump, CardSet options, PlayoutRng& rng) override;
  Card play(const HandView& view, const PlayState& state, CardSet legal, PlayoutRng& rng) override;
  bool play_on(const HandView& view, const PlayState& state, PlayoutRng& rng) override;
  [[nodiscard]] RandomChoices random_choices() const override { return RandomChoices::kDrawUnlessForced; }
};

// `heuristic`: names trump by length and strength; plucks the suit where the
// pluckee most likely holds high cards, giving its lowest card of it;
// discards low cards from short side suits (keeping trumps and winners);
// in play wins cheaply while short of its quota (the lowest card that takes
// the trick, or a sure winner) and, once its quota is safe, takes only
// tricks that cost nothing (last to play, or a sure winner) and otherwise
// ducks with its lowest card. Where the scoring counts card points
// (call-deuces.md) it bids on what it expects its side to take, lays away
// counting cards the discard keeps for it, and plays for its side as far as
// it knows the sides (the bidder, and the partner card's holder once the
// card shows who it is): it never overtakes a partner's trick, puts points
// on a trick its side is sure to win, keeps them off the other side's, and
// fights for a trick that holds points. With a fixed partner (Court Piece's
// partnerships) it plays for its side's tricks: it never overtakes a trick
// its partner cannot lose, takes tricks from the other side as cheaply as
// is safe, leads its sure winners and otherwise to its partner's strength,
// names trump from the cards it has seen (the first part of the deal) by
// length, then high cards, and plays on after an early court (failing
// costs nothing). Deterministic: it never draws from the generator.
class HeuristicBot final : public SeatPolicy {
 public:
  Card give(const HandView& view, int pluckee, CardSet options, PlayoutRng& rng) override;
  Suit name_trump(const HandView& view, PlayoutRng& rng) override;
  Card discard(const HandView& view, Suit trump, CardSet options, PlayoutRng& rng) override;
  Card play(const HandView& view, const PlayState& state, CardSet legal, PlayoutRng& rng) override;
  int call(const HandView& view, bool may_pass, int lo, int hi, PlayoutRng& rng) override;
  bool play_on(const HandView& view, const PlayState& state, PlayoutRng& rng) override;

 private:
  static Card discard_low(Suit trump, CardSet options, PlayoutRng& rng);
  static Card play_for_quota(const HandView& view, const PlayState& state, CardSet legal);
  static Card play_for_points(const HandView& view, const PlayState& state, CardSet legal);
  static Card play_for_side(const HandView& view, const PlayState& state, CardSet legal);
};

// The heuristic bot's trump from the first cards of a deal made in two parts
// (deal.before_trump): the longest suit among them, then the one with the
// best high cards (ace 8, king 4, queen 2, jack 1), then the highest card.
[[nodiscard]] Suit trump_from_first_cards(CardSet seen);

// What the heuristic bot expects its side to take in a hand of a points
// scoring (call-deuces.md §2.6) with `hand` and its best suit as trump: its
// own likely tricks and counting cards, and a partner's average share.
[[nodiscard]] int expected_points(const Ruleset& rules, CardSet hand);

// The bot names `simulate --bots` accepts, in the order help lists them.
[[nodiscard]] std::span<const std::string_view> bot_names();
// A new bot by name; null for an unknown name.
[[nodiscard]] std::unique_ptr<SeatPolicy> make_bot(std::string_view name);

}  // namespace trickref::sim
