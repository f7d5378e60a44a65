// The reading of a hand's record, before any of it is judged (rules.md §4,
// "the record stands"): who played each card (the leaders the rules give, a
// leader the record names where the hands support it), the card meant where
// a token was mistyped, a trick written from the wrong seat, the tricks
// proven held and legal as written (so not played a second time), the hands
// at play worked back from the plays, and what the plays prove of the
// plucks. The referee reads a hand with it and then judges what it read.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/hand.h"
#include "engine/play.h"
#include "ruleset/ruleset.h"
#include "transcript/transcript.h"

namespace trickref {

using Hands = std::array<CardSet, kMaxPlayers>;

// A mistyped card: the trick (0-based), the written index, and the card the
// hand went on with.
struct Meant {
  int trick = 0;
  int index = 0;
  Card card;
  bool keystroke = false;  // chosen as a keystroke from the token (else as the one card that fits)
};

// The index `i` places after `start` in a trick of `count` cards, wrapping
// (start and i below count): the referee steps through every card of an
// archive this way, and a division per card costs more than the compare.
[[nodiscard]] inline std::size_t after(std::size_t start, std::size_t i, std::size_t count) {
  const std::size_t k = start + i;
  return k >= count ? k - count : k;
}

// The tricks attribute() found with every card held and legal in the order
// written (plays_in_order), and the play it started the first trick from.
// check_plays, starting the first trick from the same play
// (same_trick_start) and playing the same cards from the same leaders, is
// at attribute()'s play at the start of every trick while each trick
// before it was one of these, so need not check their cards again. One
// play is kept a hand, not one a trick: copying a play per trick cost more
// than checking the cards.
//
// Where every trick was proven, the play after the last one (`end`) is the
// play check_plays would reach, card by card, from the same start: it
// takes it whole (a hand of an archive is nearly always such a hand).
struct LegalTricks {
  PlayState start;                      // at the first trick, its leader set
  std::vector<std::uint8_t> held_legal;  // by trick: 1 where proven
  PlayState end;                        // after the last trick, once attribute() has read them all
  bool read_all = false;
  bool leader_named = false;  // a trick read names its leader

  [[nodiscard]] bool proven(std::size_t t) const { return t < held_legal.size() && held_legal[t] != 0; }
};

// One attributed play of a hand.
struct Play {
  int seat = -1;
  Card card;
  Loc loc;
  int trick = 0;  // 0-based
};

// Where the hand's plucks left the cards they moved: with whoever
// received each last (move_pluck, rules.md §2.3). Without the deal, who
// held a card is known only from the plays; a card the plucks left with
// one player that another plays proves the pluck or the play wrong (the
// pluckee plays the card it gave back, or the plucker's card goes to
// someone else): `not-held`, with a note at the pluck.
struct PluckHolders {
  Hands hands{};  // the cards each player received last in a pluck
  std::array<const PluckRec*, 64> last{};  // the pluck that moved each card last
  bool contradicted = false;
  // The player the plucks left `c` with, where `seat` (whose hand is not
  // known from the record) plays it and is not that player; else -1.
  [[nodiscard]] int holder(Card c, int seat) const {
    for (std::size_t o = 0; o < hands.size(); ++o) {
      if (hands[o].contains(c)) {
        return static_cast<int>(o) == seat ? -1 : static_cast<int>(o);
      }
    }
    return -1;
  }
};

// What the record shows of the hands at play: whether the deal and the
// plucks are recorded (`recorded`), the recorded deal moved through the
// plucks (`forward`), the seats whose hand that is (`usable`: known, and
// not the kitty's taker), the hands at play with the taker's kitty and
// discard (`at_play`), and whether every hand at play is known.
struct HandsAtPlay {
  bool recorded = false;
  Hands forward{};
  std::array<bool, kMaxPlayers> usable{};
  Hands at_play{};
  bool all_known = false;
};

// The card a pluck sent back, where one was recorded and read.
[[nodiscard]] std::optional<Card> gets_of(const PluckRec& p);

// A token in capitals (ASCII letters only), to compare with a card's written form.
[[nodiscard]] std::string upper_ascii(std::string_view text);

// One hand's reading. The storage is kept from hand to hand (an archive's
// hands take no allocation); start_hand begins a hand.
class HandReading {
 public:
  HandReading(const Ruleset& r, int players) : r_(r), n_(players) { plays_.reserve(64); }

  // Begins a hand dealt by `dealer`, in game `game` as it stood before the hand.
  void start_hand(int dealer, const GameState& game) {
    dealer_ = dealer;
    game_ = &game;
    plays_.clear();
  }

  // Works out who played each card (leaders from the rules, explicit leaders
  // taken as recorded). Returns false when the plays cannot be attributed
  // (first_leader_unknown() says whether that is because nobody can be
  // known to lead the first trick).
  [[nodiscard]] bool attribute(const HandRec& h, const HandState& m);
  [[nodiscard]] bool first_leader_unknown() const { return first_leader_unknown_; }

  [[nodiscard]] const std::vector<Play>& plays() const { return plays_; }
  // Who led each trick, as read.
  [[nodiscard]] const std::vector<int>& leaders() const { return leaders_; }
  // Per trick, the written index of the leader's card (trick-order: not 0
  // where the trick was written from the wrong seat).
  [[nodiscard]] const std::vector<int>& rotations() const { return rotations_; }
  [[nodiscard]] const LegalTricks& legal() const { return legal_; }
  [[nodiscard]] const std::vector<Meant>& meant() const { return meant_; }
  // The card the hand went on with for trick `t`'s written card `k`, where it was mistyped.
  [[nodiscard]] const Meant* meant_entry(int t, int k) const;

  // True when owed plucks were not recorded, so the hands at play are unknown.
  [[nodiscard]] bool exchange_unknown(const HandRec& h) const;
  // Hands at the start of play worked back from the plays: every card a
  // player plays in a complete hand was in their hand.
  [[nodiscard]] std::optional<Hands> inferred_play_hands(const HandRec& h) const;
  // Whether `seat` takes the kitty after the exchange, so a card they play
  // may have come from it rather than from the hand they plucked with.
  [[nodiscard]] bool kitty_after_exchange(int seat) const {
    return takes_kitty(r_, dealer_, seat) && r_.exchange_when == ExchangeWhen::kBeforeTrump;
  }
  // A card `seat` is proven to hold at the exchange without a recorded deal:
  // one it plays later in the hand that it did not receive in a pluck of the
  // hand (nor, as dealer, possibly from the kitty). The play of the highest
  // such card of `suit` above `than` (any, when `than` is empty), or null.
  [[nodiscard]] const Play* proven_higher(const HandRec& h, const HandState& m, int seat, Suit suit,
                                          std::optional<Card> than) const;
  // Where the hand's plucks left the cards they moved, into `out` (as made, empty).
  void pluck_holders(const HandRec& h, const std::array<bool, kMaxPlayers>& forward, PluckHolders& out) const;
  // Whether attribute() proved every trick held and legal as written from
  // the play check_plays starts at (`m.play`), each of the hand's size, so
  // that the play after them is attribute()'s (LegalTricks::end) and no
  // card need be played again: where, besides, the hand cannot end before
  // its last trick (the hand-end policy, a revoke forfeit) and the scoring
  // does not count the cards won, nothing else happens between the tricks.
  [[nodiscard]] bool proven_throughout(const std::vector<TrickRec>& tricks, const HandState& m) const;

 private:
  int conflicts(const PlayState& s, const TrickRec& tr, int leader, const std::array<bool, kMaxPlayers>& usable) const;
  bool plays_in_order(PlayState& s, const TrickRec& tr, int start) const;
  int play_order_start(PlayState& s, const TrickRec& tr) const;
  std::optional<Card> meant_card(const PlayState& s, int seat, const std::string& typed,
                                 const std::vector<TrickRec>& tricks, std::size_t t, std::size_t i,
                                 bool& keystroke) const;
  bool rest_is_held(PlayState s, int seat, Card c, const std::vector<TrickRec>& tricks, std::size_t t,
                    std::size_t i) const;
  std::optional<Card> meant_at(int t, int k) const;
  Hands hands_after_exchange_forward(const HandRec& h, Hands hold) const;
  HandsAtPlay hands_at_play(const HandRec& h, const HandState& m) const;

  const Ruleset& r_;
  int n_ = 0;
  int dealer_ = 0;
  const GameState* game_ = nullptr;
  bool first_leader_unknown_ = false;
  std::vector<Play> plays_;
  std::vector<int> leaders_;
  std::vector<int> rotations_;
  LegalTricks legal_;
  std::vector<Meant> meant_;  // mistyped cards
};

}  // namespace trickref
