#include "base/diagnostic.h"

#include <algorithm>
#include <array>
#include <numeric>
#include <tuple>

namespace trickref {
namespace {

constexpr Severity E = Severity::kError;
constexpr Severity W = Severity::kWarning;
constexpr Severity N = Severity::kNote;

constexpr std::array kCatalogue = {
    CodeInfo{Code::kIo, "io", E, "a path that cannot be read (missing, unreadable, a loop); the run exits 2",
             "Every path given on the command line must be a readable file or directory. A path that is "
             "missing, unreadable, a directory loop or not a regular file is reported and the run exits 2; "
             "the other paths of the batch are still refereed.",
             ""},
    CodeInfo{Code::kLimit, "limit", E,
             "the input breaks a safety limit (file size, depth, node count, scalar length, aliases)",
             "trickref bounds the work one file may cost: its size, the nesting depth, the number of YAML "
             "nodes in one game, the length of one scalar, and the nodes that aliases may copy. A file that "
             "breaks a limit gets this diagnostic naming the limit and the option that raises it "
             "(--max-file-size, --max-depth, --max-nodes, --max-scalar).",
             ""},
    CodeInfo{Code::kSyntax, "syntax", E, "the YAML/JSON cannot be parsed",
             "The record must be well-formed YAML (JSON is YAML too). Tabs may not indent, a mapping may not "
             "repeat a key, and an alias must name an anchor that is already complete.",
             ""},
    CodeInfo{Code::kSchema, "schema", E, "a required key is missing or a value has the wrong type",
             "A game needs `players` and `hands`; the first hand needs a `dealer`; every value must have the "
             "type transcript.md gives it (a list of cards, a map of players to numbers, ...). Where the "
             "ruleset's first lead depends on who holds a card (Pluck: the 2C), a record of the plays "
             "without a `deal` must name the first trick's `leader`, or the plays cannot be attributed.",
             ""},
    CodeInfo{Code::kUnknownKey, "unknown-key", W, "a key the format does not define",
             "Keys that transcript.md does not define are reported, never silently dropped, so a misspelt "
             "key (`trumps:` for `trump:`) does not quietly turn a check off.",
             ""},
    CodeInfo{Code::kRuleset, "ruleset", E, "the game's ruleset is unknown or invalid",
             "A game names its ruleset in `game` (or the command line gives --rules). The ruleset must exist "
             "(a built-in name or a file path), its `extends` chain must not loop, every option must be known "
             "and well typed, and its numbers must work: hand size x players + kitty = deck size, and the "
             "quotas add up to the tricks in a hand.",
             "extends"},
    CodeInfo{Code::kUnknownPlayer, "unknown-player", E, "a name that is not in `players`",
             "Every player named in a hand (dealer, deal, plucks, leader, taken, score, result) must be one "
             "of the game's `players`.",
             "players"},
    CodeInfo{Code::kBadCard, "bad-card", E, "a token that is not a card",
             "A card is written rank then suit: 2-9, 10 (or T), J, Q, K, A followed by C, D, H, S (or the "
             "symbols), in either case; the jokers are BJ and LJ (rules.md §1).",
             ""},
    CodeInfo{Code::kNotInDeck, "not-in-deck", E, "a card this ruleset's deck lacks (2H in Pluck)",
             "The deck is the 52 cards less `deck.remove`, plus the jokers if `deck.jokers` is 2. Pluck "
             "removes 2D 2H 2S and adds two jokers; Nine Five Two uses the plain 52.",
             "deck.remove, deck.jokers"},
    CodeInfo{Code::kDuplicateCard, "duplicate-card", E, "a card dealt twice (deal, kitty)",
             "Every card of the deck is dealt exactly once. A card dealt twice is reported at its second "
             "occurrence, in seat order and then the kitty (rules.md §4).",
             ""},
    CodeInfo{Code::kHandSize, "hand-size", E, "a dealt hand or kitty of the wrong size",
             "Each player is dealt `deal.hand_size` cards and the kitty gets `deal.kitty` (Pluck 17 and 0; "
             "Nine Five Two 16 and 4).",
             "deal.hand_size, deal.kitty"},
    CodeInfo{Code::kWrongDealer, "wrong-dealer", E, "the recorded dealer breaks the rotation",
             "The deal passes to the left of the last dealer (or to the right with `rotation: right`). A "
             "recorded dealer that breaks the rotation is reported once; the hand is refereed with the "
             "recorded dealer and the rotation goes on from there.",
             "rotation"},
    CodeInfo{Code::kPluckUnowed, "pluck-unowed", E,
             "a pluck by a player not over quota, from a player not short, or in the first hand",
             "From hand `exchange.from_hand` on, a player over quota by k in the previous hand makes k plucks "
             "and a player short by k is plucked k times; with three players the pairing is unique. A pluck "
             "outside that (in the first hand, by a player who was not over, from one who was not short, or "
             "more than owed) is reported, and the cards still move as recorded.",
             "exchange.from_hand"},
    CodeInfo{Code::kPluckMissing, "pluck-missing", E, "fewer plucks made than owed (a warning when waivable)",
             "Every owed pluck must be made (Pluck: the plucker is entitled to them). With "
             "`exchange.waivable: true` (Nine Five Two: the up player \"may give\") fewer plucks is only a "
             "warning. An absent `plucks` key means not recorded and is not checked; `plucks: []` means none "
             "were made.",
             "exchange.waivable"},
    CodeInfo{Code::kPluckOrder, "pluck-order", E, "plucks made out of the required order",
             "The plucker with the most plucks makes all of theirs first; ties start with the new dealer and "
             "go left (seed 000). `least_first` reverses the count order; `highest_quota_first` goes by this "
             "hand's quota. When one player plucks two players the order between those two is free.",
             "exchange.order"},
    CodeInfo{Code::kPluckJoker, "pluck-joker", E, "a joker given or returned in a pluck",
             "Plucks happen before trump is named, when the jokers belong to no suit: a joker can be neither "
             "given nor returned.",
             "deck.jokers"},
    CodeInfo{Code::kPluckNotHeld, "pluck-not-held", E, "the plucker gave a card they did not hold",
             "A plucker gives one card from their hand as it stands at that moment (after any earlier pluck "
             "of the hand).",
             ""},
    CodeInfo{Code::kPluckReturn, "pluck-return", E,
             "the pluckee gave back a card other than the one the rules require",
             "The pluckee gives back the highest card they now hold in the suit of the card received; the "
             "card just received counts, so if it is the highest it goes straight back. With "
             "`highest_excluding_received` the received card does not count, and if the pluckee has no other "
             "card of the suit, `exchange.void` says whether the received card goes back or nothing does. "
             "Without a deal, a card of the suit the pluckee plays later, not received in a pluck, proves they "
             "held it.",
             "exchange.return, exchange.void"},
    CodeInfo{Code::kPluckGive, "pluck-give", E, "the plucker gave a card the rules forbid",
             "With `exchange.give: lowest_of_suit` the plucker chooses a suit and must give the lowest card "
             "of it held at that moment.",
             "exchange.give"},
    CodeInfo{Code::kPluckSuitRepeat, "pluck-suit-repeat", E,
             "the same suit given twice to one pluckee in a hand",
             "With `exchange.distinct_suits: true` a plucker may not give two cards of the same suit to the "
             "same pluckee in one hand; the repeat is reported at the second card. With `while_both_hold` the "
             "repeat is barred only while some suit not yet given to that pluckee is held by both players (then "
             "the given suits start over), and it is checked only where both hands are known.",
             "exchange.distinct_suits"},
    CodeInfo{Code::kShowMissing, "show-missing", E, "a required kitty show not made, or a wrong card shown",
             "Nine Five Two (seed 003): if the dealer was plucked and the kitty holds cards of the plucked "
             "suit ranked higher than the card the dealer gave back, the dealer must show exactly those cards "
             "to that plucker, even if later discarded: one `shows` entry per plucker.",
             "exchange.show_kitty"},
    CodeInfo{Code::kTrumpMissing, "trump-missing", E, "tricks are recorded but trump is not",
             "The plays of a hand cannot be checked without its trump. The hand's plays are not checked and "
             "its recorded `taken` is used for scoring.",
             "trump.chooser"},
    CodeInfo{Code::kDiscard, "discard", E, "wrong number of discards, or a discard not held",
             "After naming trump the dealer adds the kitty to their hand and discards `kitty.discard` cards "
             "(any cards, jokers included). With `discard_then_take` the dealer discards from their own hand "
             "before taking the kitty.",
             "deal.kitty, kitty.discard, kitty.mode"},
    CodeInfo{Code::kFirstLead, "first-lead", E, "the first trick led by the wrong player or with the wrong card",
             "Pluck: whoever holds the two of clubs leads it to the first trick. Nine Five Two: the player "
             "left of the dealer leads any card. Any fault in how the first trick is led is this code.",
             "play.first_lead"},
    CodeInfo{Code::kOutOfTurn, "out-of-turn", E,
             "an explicit `leader` on a later trick that is not the player due to lead",
             "The winner of a trick leads the next. A recorded `leader` that is someone else is reported; the "
             "trick is then read with the recorded leader.",
             ""},
    CodeInfo{Code::kNotHeld, "not-held", E, "a card played by a player who did not hold it",
             "A player can only play a card in their hand. Checked when the hand as dealt (and the exchange "
             "and discard) are recorded; the card still counts in the trick as played.",
             ""},
    CodeInfo{Code::kDuplicatePlay, "duplicate-play", E, "a card played twice in one hand",
             "Each card is played at most once in a hand. A second play of the same card is this code (not "
             "not-held) and is not checked further.",
             ""},
    CodeInfo{Code::kRevoke, "revoke", E, "did not follow suit while able",
             "A player who holds a card of the suit led must play one; once trump is named the jokers count as "
             "trumps. A player who cannot follow may play any card, except under the trump duties: "
             "`play.must_trump_if_void` (a void player trumps if able) and `play.must_overtrump` (a trump to a "
             "trumped trick beats it if able). The hand is scored as played unless `penalty.revoke` says "
             "otherwise.",
             "penalty.revoke, play.must_trump_if_void, play.must_overtrump"},
    CodeInfo{Code::kTrumpLead, "trump-lead", E, "led trump before trumps were broken, holding a non-trump",
             "With `play.trump_lead: after_broken` (Pluck) a trump may not be led until a trump has been "
             "played to a trick, unless the leader holds only trumps (`play.trump_lead_when_only_trumps`). "
             "When clubs are trump the opening 2C is never a trump lead.",
             "play.trump_lead, play.trump_lead_when_only_trumps"},
    CodeInfo{Code::kTrickSize, "trick-size", E, "a trick with the wrong number of cards",
             "Every player plays exactly one card to each trick.", "players"},
    CodeInfo{Code::kTrickCount, "trick-count", E, "a hand with the wrong number of tricks",
             "A hand has as many tricks as each player holds cards: `deal.hand_size` (17 in Pluck, 16 in "
             "Nine Five Two), fewer where the ruleset ends a hand early.",
             "deal.hand_size"},
    CodeInfo{Code::kTricksTotal, "tricks-total", E,
             "recorded `taken` counts that do not add up to the tricks in a hand",
             "The tricks taken by the players add up to the tricks in the hand. When recorded counts do not, "
             "the next hand's plucks cannot be known and are not checked.",
             "deal.hand_size"},
    CodeInfo{Code::kTakenMismatch, "taken-mismatch", E, "recorded `taken` differs from the tricks as played",
             "The recorded trick counts are compared with the tricks as played (the highest trump, else the "
             "highest card of the suit led, wins each trick), one diagnostic per player whose count differs; "
             "the played count is used.",
             ""},
    CodeInfo{Code::kScoreMismatch, "score-mismatch", E,
             "a recorded running or final score differs from the computed one",
             "Each hand scores `scoring.over` points per trick over quota and `scoring.under` per trick short. "
             "Recorded running scores and the final score are compared with the computed ones, never adopted. "
             "A score that only carries an earlier mistake forward is not reported again.",
             "scoring.over, scoring.under, quotas"},
    CodeInfo{Code::kWinnerMismatch, "winner-mismatch", E, "the recorded winner differs from the computed one",
             "The game ends after the first hand in which a running score reaches `game.end.target`; the "
             "highest score wins. On a tie at the top `game.tie: continue` plays on until one player leads, "
             "`share` makes joint winners. `{plucks_against: N}`: it ends when a player's tricks short, summed, "
             "reach N (best score wins); `{tricks_in_hand: N}`: when a player takes N tricks in a hand (that "
             "player wins). A game with no winner yet is unfinished.",
             "game.end, game.tie"},
    CodeInfo{Code::kPlayedPastEnd, "played-past-end", W, "hands recorded after the game was won",
             "Hands recorded after the game ended are still refereed, reported once at the first extra hand, "
             "and do not change the result.",
             "game.end"},
    // Call Deuces (call-deuces.md §5).
    CodeInfo{Code::kBidRange, "bid-range", E, "a call that is neither pass nor a whole number within the range",
             "A call is `pass` or a bid, a whole number from `bidding.min` to `bidding.max` (Call Deuces: 15 to 33 "
             "with four players, 10 to 30 with five). The record stands: a number outside the range still counts "
             "as a bid of that value, and anything else counts as a pass.",
             "bidding.min, bidding.max"},
    CodeInfo{Code::kBidTooLow, "bid-too-low", E, "a bid not at least `step` above the highest bid so far",
             "Each bid must beat the highest bid so far by at least `bidding.step` (with `bidding.hold`, a later "
             "caller may equal it instead). The bid still counts as made; the highest bid wins the auction.",
             "bidding.step, bidding.hold"},
    CodeInfo{Code::kBidOutOfTurn, "bid-out-of-turn", E,
             "a call by the wrong player: out of order, after passing when passing is final, or after the "
             "auction ended",
             "The first call is made by the player left of the dealer and calls go to the left, skipping players "
             "who have passed when a pass is final. A named call by someone else counts for the named player and "
             "the turn passes on from them; a call after the auction ended still counts.",
             "bidding.style, bidding.pass_is_final"},
    CodeInfo{Code::kBidAllPass, "bid-all-pass", E,
             "every player passed where `dealer_must_bid` forbids the dealer's pass",
             "With `bidding.all_pass: dealer_must_bid` the dealer may not pass when everyone before has passed, "
             "and must bid at least `bidding.min`. The hand is then void as any all-pass hand.",
             "bidding.all_pass"},
    CodeInfo{Code::kNoContract, "no-contract", E,
             "tricks recorded for a hand with no contract (everyone passed and the hand is void)",
             "When every player passes, the hand is void: not played and not scored (the deal passes on, or the "
             "same dealer deals again under `bidding.all_pass: redeal_same`). Tricks recorded for it are not "
             "refereed, and the running scores must not change.",
             "bidding.all_pass"},
    CodeInfo{Code::kContractMismatch, "contract-mismatch", E,
             "a recorded `contract` that differs from what the auction produced",
             "The highest bid wins the auction: its caller is the bidder and the bid is the contract. A recorded "
             "`contract` is checked against the recorded `bids`; the auction's result is the one scored.",
             "bidding.hold"},
    CodeInfo{Code::kPartnerMismatch, "partner-mismatch", E,
             "a recorded `partner` that is not the holder of the partner card",
             "The bidder's partner for the hand is whoever holds the partner card (the two of trump) during play. "
             "The bidder is solo when they hold it themselves (dealt, or found in the kitty) or discard it. The "
             "record proves the holder by the deal, by a play of the card or by the discard; the proven partner "
             "is the one scored.",
             "partner.by, partner.card, partner.solo_by_discard"},
    CodeInfo{Code::kPointsMismatch, "points-mismatch", E,
             "recorded hand points that differ from the tricks and cards taken",
             "A player's points for the hand are `scoring.per_trick` for every trick won plus the counting cards "
             "(the fives, 5 each) in those tricks; the points in the discard go to the bidder. Recorded `points` "
             "are compared player by player with the ones the tricks show; where no tricks are recorded the "
             "recorded points are the ones scored.",
             "scoring.per_trick, scoring.card_points, scoring.discard_to"},
    CodeInfo{Code::kPointsImpossible, "points-impossible", E,
             "recorded hand points that no play of the hand could give",
             "Points are `scoring.per_trick` a trick won plus the counting cards in those tricks (a card a "
             "player to a trick), the bidder's also the discard's. A figure no trick count and set of counting cards makes "
             "(45 on 5 tricks, 7 on 3), or figures that together need a card twice or more tricks than the hand "
             "has (34 in a 33-point hand), are no count. Checked on score sheets; less than the hand holds is "
             "fine.",
             "scoring.per_trick, scoring.card_points, scoring.discard_to"},
    // Court Piece (court-piece.md §6).
    CodeInfo{Code::kWrongTrumpCaller, "wrong-trump-caller", E,
             "`trump_by` names a player other than the one the rules make choose",
             "Court Piece: the player left of the dealer names trump after seeing five cards. A recorded "
             "`trump_by` naming someone else is reported; the trump named stands.",
             "trump.chooser"},
    CodeInfo{Code::kTricksPastEnd, "tricks-past-end", E,
             "tricks recorded after the hand ended (after an early court under `abandon`)",
             "A hand ends after an early court where the house abandons it (`hand.after_early_court: abandon`), "
             "or as soon as a side has a majority of the tricks where the house stops there "
             "(`hand.stop_at_majority`). Tricks recorded after the end are reported once, at the first, and not "
             "counted.",
             "hand.after_early_court, hand.stop_at_majority, hand.early_court_tricks"},
    CodeInfo{Code::kRevokeClaimUnfounded, "revoke-claim-unfounded", W,
             "a recorded `revoke_claim` that the record does not show",
             "A `revoke_claim` is the table's ruling that a player revoked at a trick: the revoking side forfeits "
             "the hand. Where the record does not show that player revoking at that trick the claim is reported, "
             "and the ruling stands as recorded.",
             "penalty.revoke, penalty.revoke_when"},
    CodeInfo{Code::kTeamMismatch, "team-mismatch", E, "`teams` that do not match the seating rule",
             "Partners sit opposite: seats 1 and 3 of `players` are one side, seats 2 and 4 the other. Recorded "
             "`teams` that pair the players otherwise are reported once; the seating rule stands and the sides "
             "are named by their players.",
             "partnership"},
    // Recording (cli.md, "Codes for common slips (recording)").
    CodeInfo{Code::kIncomplete, "incomplete", N,
             "the last hand of a record in progress (`status: in-progress`) is not finished yet",
             "A record `trickref record` still keeps has `status: in-progress`; its last hand may stop anywhere "
             "(auction, exchange, mid-trick). What it holds is refereed; what it lacks yet (tricks, cards of the "
             "last trick, plucks before the first trick, the contract) is not a fault, and the hand is not "
             "counted. This note is neither an error nor a warning. A finished record has no `status`.",
             ""},
    CodeInfo{Code::kMisspeltKey, "misspelt-key", E,
             "an unknown key within two edits of a key defined at that place (`takn:` for `taken:`)",
             "A key the format does not define at its place, but within two edits of one it does (an edit: a "
             "letter added, dropped, changed, or two neighbours swapped; fewer edits than the key has letters), "
             "is taken for a slip: what it holds would be silently dropped and its check turned off, so it is "
             "an error naming the key meant. A key near no defined key stays an `unknown-key` warning.",
             ""},
    CodeInfo{Code::kTrickOrder, "trick-order", E,
             "a trick written in seat order (or from the wrong seat) rather than in play order from its leader",
             "A trick lists its cards in play order, the leader's first. Where the deal is known and the trick "
             "as written has a card not held or not legal, but read from another start every card is held and "
             "legal (one start only), the trick was written from the wrong seat: one diagnostic, instead of the "
             "not-held and revoke cascade. The referee applies the trick in that play order (each card by the "
             "player who held it), so the trick's winner and the tricks after it are judged as played.",
             ""},
};

}  // namespace

std::span<const CodeInfo> code_catalogue() { return kCatalogue; }

const CodeInfo& info(Code code) {
  const auto i = static_cast<std::size_t>(code);
  if (i < kCatalogue.size()) {
    return kCatalogue[i];
  }
  return kCatalogue[0];  // not reached: every code is catalogued (a test holds the two lists together)
}

std::string_view code_name(Code code) { return info(code).name; }

std::optional<Code> code_from_name(std::string_view name) {
  for (const auto& c : kCatalogue) {
    if (c.name == name) {
      return c.code;
    }
  }
  return std::nullopt;
}

std::string_view severity_name(Severity s) {
  switch (s) {
    case Severity::kError:
      return "error";
    case Severity::kWarning:
      return "warning";
    case Severity::kNote:
      return "note";
  }
  return "error";
}

Diagnostic& DiagnosticSink::report(Code code, Loc loc, std::string message) {
  return report(info(code).severity, code, loc, std::move(message));
}

Diagnostic& DiagnosticSink::overflow(Severity severity) {
  if (scratch_pending_) {
    if (scratch_.severity != Severity::kNote) {  // a note hidden is not a fault hidden
      ++(scratch_.severity == Severity::kError ? hidden_errors_ : hidden_warnings_);
    }
    if (kept_hidden_.size() < kKeptHidden) {
      kept_hidden_.push_back(std::move(scratch_));
    }
  }
  scratch_ = Diagnostic{};
  scratch_.severity = severity;
  scratch_pending_ = true;
  return scratch_;
}

std::vector<Diagnostic> DiagnosticSink::take_hidden() {
  if (scratch_pending_) {
    if (scratch_.severity != Severity::kNote) {
      ++(scratch_.severity == Severity::kError ? hidden_errors_ : hidden_warnings_);
    }
    if (kept_hidden_.size() < kKeptHidden) {
      kept_hidden_.push_back(std::move(scratch_));
    }
    scratch_ = Diagnostic{};
    scratch_pending_ = false;
  }
  return std::move(kept_hidden_);
}

int DiagnosticSink::hidden_errors() const {
  return hidden_errors_ + (scratch_pending_ && scratch_.severity == Severity::kError ? 1 : 0);
}

int DiagnosticSink::hidden_warnings() const {
  return hidden_warnings_ + (scratch_pending_ && scratch_.severity == Severity::kWarning ? 1 : 0);
}

Diagnostic& DiagnosticSink::report(Severity severity, Code code, Loc loc, std::string message) {
  if (budget_ != nullptr) {
    if (budget_->left == 0) {
      Diagnostic& hidden = overflow(severity);
      if (kept_hidden_.size() < kKeptHidden) {  // else only its severity is ever read
        hidden.code = code;
        hidden.loc = loc;
        hidden.file = file_;
        hidden.message = std::move(message);
      }
      return hidden;
    }
    --budget_->left;
  }
  Diagnostic d;
  d.severity = severity;
  d.code = code;
  d.loc = loc;
  d.file = file_;
  d.message = std::move(message);
  diags_.push_back(std::move(d));
  return diags_.back();
}

Diagnostic* DiagnosticSink::find(Code code, Loc loc) {
  for (auto& d : diags_) {
    if (d.code == code && d.loc == loc) {
      return &d;
    }
  }
  return nullptr;
}

int DiagnosticSink::error_count() const {
  return hidden_errors() + static_cast<int>(std::count_if(diags_.begin(), diags_.end(), [](const Diagnostic& d) {
           return d.severity == Severity::kError;
         }));
}

void DiagnosticSink::append(std::vector<Diagnostic> more) {
  for (auto& d : more) {
    if (budget_ != nullptr) {
      if (budget_->left == 0) {
        overflow(d.severity) = std::move(d);
        continue;
      }
      --budget_->left;
    }
    diags_.push_back(std::move(d));
  }
}

void sort_game_order(std::vector<Diagnostic>& diags) {
  auto key = [](const Diagnostic& d) {
    const int hand = d.phase == phase::kResult ? 1 << 30 : d.hand;
    return std::tuple(hand, d.phase, d.trick);
  };
  std::stable_sort(diags.begin(), diags.end(),
                   [&](const Diagnostic& a, const Diagnostic& b) { return key(a) < key(b); });
}

std::string suggest(std::string_view word, std::span<const std::string_view> candidates) {
  // Levenshtein distance; a candidate is offered when it is within a third of the word's length.
  auto distance = [](std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    std::iota(row.begin(), row.end(), std::size_t{0});
    for (std::size_t i = 1; i <= a.size(); ++i) {
      std::size_t prev = row[0];
      row[0] = i;
      for (std::size_t j = 1; j <= b.size(); ++j) {
        const std::size_t cur = row[j];
        row[j] = std::min({row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] == b[j - 1] ? 0U : 1U)});
        prev = cur;
      }
    }
    return row[b.size()];
  };
  // Bounded cost: only short words and the first 64 short candidates are
  // compared, and a candidate whose length alone puts it out of reach is not
  // compared at all, so a 64 KiB key or thousands of long player names cost
  // next to nothing (at most 64 x 64 x 64 steps a call).
  constexpr std::size_t kLongest = 64;
  constexpr std::size_t kMostCandidates = 64;
  if (word.size() > kLongest) {
    return {};
  }
  std::string best;
  std::size_t best_d = word.size() / 3 + 1;
  for (auto c : candidates.first(std::min(candidates.size(), kMostCandidates))) {
    const std::size_t gap = c.size() > word.size() ? c.size() - word.size() : word.size() - c.size();
    if (c.size() > kLongest || gap >= best_d) {
      continue;
    }
    const std::size_t d = distance(word, c);
    if (d < best_d) {
      best_d = d;
      best = std::string(c);
    }
  }
  return best;
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  constexpr std::size_t kLongest = 64;
  if (a.size() > kLongest || b.size() > kLongest) {
    return kLongest + 1;
  }
  // Three rows: the one before last, the last, the current.
  std::vector<std::size_t> two(b.size() + 1);
  std::vector<std::size_t> one(b.size() + 1);
  std::vector<std::size_t> row(b.size() + 1);
  std::iota(one.begin(), one.end(), std::size_t{0});
  for (std::size_t i = 1; i <= a.size(); ++i) {
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0U : 1U;
      row[j] = std::min({one[j] + 1, row[j - 1] + 1, one[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        row[j] = std::min(row[j], two[j - 2] + 1);
      }
    }
    std::swap(two, one);
    std::swap(one, row);
  }
  return one[b.size()];
}

std::string misspelling_of(std::string_view word, std::span<const std::string_view> defined) {
  constexpr std::size_t kLongest = 64;
  constexpr std::size_t kMost = 2;  // edits
  if (word.size() > kLongest) {
    return {};
  }
  std::string best;
  std::size_t best_d = kMost + 1;
  for (const auto c : defined) {
    const std::size_t gap = c.size() > word.size() ? c.size() - word.size() : word.size() - c.size();
    if (c.size() > kLongest || gap >= best_d || c == word) {
      continue;
    }
    const std::size_t d = edit_distance(word, c);
    if (d < best_d && d < word.size() && d < c.size()) {
      best_d = d;
      best = std::string(c);
    }
  }
  return best;
}

}  // namespace trickref
