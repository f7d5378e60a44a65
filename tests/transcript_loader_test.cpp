// load_game: structure and tokens of a transcript (transcript.md) as located
// schema / unknown-key / unknown-player / bad-card diagnostics.
#include "transcript/transcript_loader.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "base/diagnostic.h"
#include "report/report.h"
#include "support/test_support.h"
#include "yaml/tree.h"

namespace trickref {

namespace {

struct Loaded {
  Game game;
  std::vector<Diagnostic> diags;
};

// Parses the first document of `text` and loads it as game 0 of "t.yaml".
Loaded load(const std::string& text) {
  YamlReader reader(text, Limits{});
  DiagnosticSink sink("t.yaml");
  Document doc;
  Loaded out;
  const bool got = reader.next(doc, sink);
  EXPECT_TRUE(got) << "the YAML does not parse";
  EXPECT_TRUE(sink.diagnostics().empty()) << "the YAML has diagnostics";
  if (got) {
    out.game = load_game(doc.root(), "t.yaml", 0, sink);
  }
  out.diags = sink.take();
  return out;
}

// "line:column: message [code] (hand H, trick T)" for each diagnostic.
std::vector<std::string> transcript_lines(const std::vector<Diagnostic>& diags) {
  std::vector<std::string> out;
  for (const auto& d : diags) {
    std::string s = fmt::format("{}:{}: {} [{}]", d.loc.line, d.loc.column, d.message, code_name(d.code));
    if (d.hand > 0) {
      s += fmt::format(" (hand {}", d.hand);
      s += d.trick > 0 ? fmt::format(", trick {})", d.trick) : std::string(")");
    }
    out.push_back(std::move(s));
  }
  return out;
}

using Lines = std::vector<std::string>;

const char* const kHead = "game: pluck\nplayers: [Ann, Bob, Cat]\n";

}  // namespace

TEST(TranscriptLoader, MinimalGame) {
  const auto l = load(
      "game: pluck\nid: g-1\nplayers: [Ann, Bob, Cat]\nhands:\n  - dealer: Bob\n"
      "    taken: {Ann: 7, Bob: 6, Cat: 4}\n  - taken: {Ann: 5, Bob: 5, Cat: 7}\n");
  EXPECT_EQ(transcript_lines(l.diags), Lines{});
  const Game& g = l.game;
  EXPECT_EQ(g.file, "t.yaml");
  EXPECT_EQ(g.index, 0);
  EXPECT_EQ(g.loc, (Loc{1, 1}));
  ASSERT_TRUE(g.ruleset_ref);
  EXPECT_EQ(*g.ruleset_ref, "pluck");
  EXPECT_EQ(g.ruleset_loc, (Loc{1, 7}));
  EXPECT_EQ(g.id, "g-1");
  EXPECT_EQ(g.players, (std::vector<std::string>{"Ann", "Bob", "Cat"}));
  EXPECT_EQ(g.player_locs, (std::vector<Loc>{{3, 11}, {3, 16}, {3, 21}}));
  ASSERT_EQ(g.hands.size(), 2U);
  const HandRec& h1 = g.hands[0];
  EXPECT_EQ(h1.number, 1);
  EXPECT_EQ(h1.loc, (Loc{5, 5}));
  ASSERT_TRUE(h1.dealer);
  EXPECT_EQ(h1.dealer->seat, 1);
  EXPECT_EQ(h1.dealer->loc, (Loc{5, 13}));
  EXPECT_FALSE(h1.deal);
  EXPECT_FALSE(h1.kitty);
  EXPECT_FALSE(h1.plucks);
  EXPECT_FALSE(h1.trump);
  EXPECT_FALSE(h1.trump_bad);
  EXPECT_FALSE(h1.tricks);
  EXPECT_FALSE(h1.shows);
  EXPECT_FALSE(h1.discard);
  EXPECT_FALSE(h1.score);
  ASSERT_TRUE(h1.taken);
  EXPECT_TRUE(h1.taken->complete());
  EXPECT_EQ(h1.taken->values, (std::vector<std::optional<long long>>{7, 6, 4}));
  EXPECT_EQ(h1.taken->locs, (std::vector<Loc>{{6, 18}, {6, 26}, {6, 34}}));
  EXPECT_EQ(h1.taken->loc, (Loc{6, 12}));
  // A later hand may leave out its dealer.
  EXPECT_EQ(g.hands[1].number, 2);
  EXPECT_FALSE(g.hands[1].dealer);
  EXPECT_FALSE(g.result);
}

TEST(TranscriptLoader, MetadataAndEvent) {
  const auto l = load(std::string(kHead) +
                      "event:\n  league: Thursday\n  night: 2026-11-19\n  table: 3\n"
                      "  where: {town: Leeds}\n  tags: [a, b]\ndate: 2026-11-19\n"
                      "notes: fun\nhands: []\n");
  EXPECT_EQ(transcript_lines(l.diags), Lines{});
  EXPECT_EQ(l.game.event, (std::vector<std::pair<std::string, std::string>>{
                              {"league", "Thursday"},
                              {"night", "2026-11-19"},
                              {"table", "3"},
                              {"where.town", "Leeds"},
                              {"tags", "a, b"},
                          }));
  EXPECT_TRUE(l.game.hands.empty());
  const auto bad = load(std::string(kHead) + "event: [x]\nnotes: [a]\nhands: []\n");
  EXPECT_EQ(transcript_lines(bad.diags), (Lines{
                                     "3:8: `event` is a map of details, not a list [schema]",
                                     "4:8: `notes` is a single value, not a list [schema]",
                                 }));
}

TEST(TranscriptLoader, RequiredKeys) {
  EXPECT_EQ(transcript_lines(load("game: pluck\nhands: []\n").diags),
            (Lines{"1:1: the game has no `players` list (names in seat order) [schema]"}));
  EXPECT_EQ(transcript_lines(load("game: pluck\nplayers: [Ann, Bob, Cat]\n").diags),
            (Lines{"1:1: the game has no `hands` list [schema]"}));
  EXPECT_EQ(transcript_lines(load("- a\n- b\n").diags),
            (Lines{"1:1: a game is a map with `players` and `hands`, not a list [schema]"}));
  EXPECT_EQ(transcript_lines(load(std::string(kHead) + "hands: {dealer: Ann}\n").diags),
            (Lines{"3:8: `hands` is a list of hands, not a map [schema]"}));
  EXPECT_EQ(transcript_lines(load(std::string(kHead) + "hands: [x]\n").diags),
            (Lines{"3:9: hand 1 is a map (dealer, trump, tricks, ...), not a scalar [schema] (hand 1)"}));
  EXPECT_EQ(transcript_lines(load("game: [pluck]\nplayers: [Ann, Bob, Cat]\nhands: []\n").diags),
            (Lines{"1:7: `game` names a ruleset, not a list [schema]"}));
  // `game` may be left out (--rules names the ruleset).
  const auto no_game = load("players: [Ann, Bob, Cat]\nhands: []\n");
  EXPECT_EQ(transcript_lines(no_game.diags), Lines{});
  EXPECT_FALSE(no_game.game.ruleset_ref);
}

TEST(TranscriptLoader, Players) {
  EXPECT_EQ(transcript_lines(load("players: []\nhands: []\n").diags),
            (Lines{"1:10: `players` is a list of names in seat order, not an empty list [schema]"}));
  EXPECT_EQ(transcript_lines(load("players: Ann\nhands: []\n").diags),
            (Lines{"1:10: `players` is a list of names in seat order, not a scalar [schema]"}));
  const auto twice = load("players: [Ann, Bob, Ann]\nhands: []\n");
  EXPECT_EQ(transcript_lines(twice.diags), (Lines{"1:21: 'Ann' is listed twice in `players` [schema]"}));
  EXPECT_EQ(twice.game.players, (std::vector<std::string>{"Ann", "Bob", "Ann#3"}));
  const auto odd = load("players: [Ann, [Bob], Cat]\nhands: []\n");
  EXPECT_EQ(transcript_lines(odd.diags), (Lines{"1:16: a player is a name, not a list [schema]"}));
  EXPECT_EQ(odd.game.players.size(), 3U);
}

TEST(TranscriptLoader, FirstHandMustNameItsDealer) {
  const auto l = load(std::string(kHead) + "hands:\n  - trump: S\n  - dealer: Bob\n");
  EXPECT_EQ(transcript_lines(l.diags), (Lines{"4:5: the first hand must name its `dealer` [schema] (hand 1)"}));
  ASSERT_EQ(l.game.hands.size(), 2U);
  EXPECT_FALSE(l.game.hands[0].dealer);
  ASSERT_TRUE(l.game.hands[0].trump);
  EXPECT_EQ(*l.game.hands[0].trump, Suit::kSpades);
  const auto null_dealer = load(std::string(kHead) + "hands:\n  - dealer: ~\n");
  EXPECT_EQ(transcript_lines(null_dealer.diags),
            (Lines{"4:13: the dealer is a player's name, not empty [schema] (hand 1)"}));
}

// A key within two edits of one defined at its place is a slip (misspelt-key,
// an error), read as the key meant unless that key is given too; a key near
// none stays an unknown-key warning.
TEST(TranscriptLoader, KeysNearADefinedKeyAreMisspeltErrors) {
  const auto l = load(
      "game: pluck\nplayers: [Ann, Bob, Cat]\nhand: []\nhands:\n"
      "  - dealer: Ann\n    trumps: S\n    colour: red\n"
      "    plucks:\n      - {by: Ann, from: Bob, give: 4H, gives: 5H}\n"
      "    tricks:\n      - {leader: Ann, cards: [2C, 3C, 4C], leadr: Ann}\n"
      "    tkaen: {Ann: 7, Bob: 6, Cat: 4}\n"
      "result:\n  winners: Ann\n");
  EXPECT_EQ(
      transcript_lines(l.diags),
      (Lines{
          "3:1: 'hand' is not a key of a game: did you mean `hands`? `hands` is given too, so it is ignored "
          "[misspelt-key]",
          "6:5: 'trumps' is not a key of a hand: did you mean `trump`? It is read as `trump` [misspelt-key] (hand 1)",
          "7:5: unknown key 'colour' in a hand; it is ignored [unknown-key] (hand 1)",
          "12:5: 'tkaen' is not a key of a hand: did you mean `taken`? It is read as `taken` [misspelt-key] (hand 1)",
          "9:30: 'give' is not a key of a pluck: did you mean `gives`? `gives` is given too, so it is ignored "
          "[misspelt-key] (hand 1)",
          "11:44: 'leadr' is not a key of a trick: did you mean `leader`? `leader` is given too, so it is ignored "
          "[misspelt-key] (hand 1, trick 1)",
          "14:3: 'winners' is not a key of a result: did you mean `winner`? It is read as `winner` [misspelt-key]",
      }));
  for (const auto& d : l.diags) {
    EXPECT_EQ(d.severity, d.code == Code::kUnknownKey ? Severity::kWarning : Severity::kError) << d.message;
  }
  // The rest of the record is still read, the slips as the keys meant.
  ASSERT_EQ(l.game.hands.size(), 1U);
  ASSERT_TRUE(l.game.hands[0].plucks);
  EXPECT_EQ(l.game.hands[0].plucks->size(), 1U);
  ASSERT_TRUE(l.game.hands[0].tricks);
  EXPECT_EQ(l.game.hands[0].tricks->size(), 1U);
  ASSERT_TRUE(l.game.hands[0].trump);
  EXPECT_EQ(*l.game.hands[0].trump, Suit::kSpades);
  ASSERT_TRUE(l.game.hands[0].taken);
  ASSERT_TRUE(l.game.result && l.game.result->winners);
}

// Two edits at most, fewer than the key has letters; a swap of two neighbours is one edit.
TEST(TranscriptLoader, WhatCountsAsAMisspelling) {
  const std::vector<std::string_view> keys = {"by", "from", "gives", "gets", "taken", "trump_by"};
  EXPECT_EQ(misspelling_of("takne", keys), "taken");   // a swap
  EXPECT_EQ(misspelling_of("tkn", keys), "taken");     // two letters dropped
  EXPECT_EQ(misspelling_of("Taken", keys), "taken");   // case is a letter changed
  EXPECT_EQ(misspelling_of("trumpby", keys), "trump_by");
  EXPECT_EQ(misspelling_of("tk", keys), "");           // three edits
  EXPECT_EQ(misspelling_of("to", keys), "");           // two edits from `by`, but as many as its letters
  EXPECT_EQ(misspelling_of("bi", keys), "by");
  EXPECT_EQ(misspelling_of("gvies", keys), "gives");
  EXPECT_EQ(misspelling_of("colour", keys), "");
  EXPECT_EQ(misspelling_of(std::string(100, 'a'), keys), "");
}

TEST(TranscriptLoader, UnknownPlayers) {
  const auto l = load(std::string(kHead) +
                      "hands:\n  - dealer: Dan\n    plucks:\n      - {by: Bobb, from: Ann, gives: 4H}\n"
                      "    tricks:\n      - {leader: Zed, cards: [2C, 3C, 4C]}\n"
                      "    taken: {Ann: 7, Bob: 6, Kat: 4}\n"
                      "result:\n  winner: Dan\n");
  EXPECT_EQ(
      transcript_lines(l.diags),
      (Lines{
          "4:13: 'Dan' (the dealer) is not one of the players: Ann, Bob, Cat [unknown-player] (hand 1)",
          "6:14: 'Bobb' (the plucker (`by`)) is not one of the players: Ann, Bob, Cat (did you mean 'Bob'?) "
          "[unknown-player] (hand 1)",
          "8:18: 'Zed' (the trick's `leader`) is not one of the players: Ann, Bob, Cat [unknown-player] "
          "(hand 1, trick 1)",
          "9:29: 'Kat' (a key of `taken`) is not one of the players: Ann, Bob, Cat (did you mean 'Cat'?) "
          "[unknown-player] (hand 1)",
          "11:11: 'Dan' (the winner) is not one of the players: Ann, Bob, Cat [unknown-player]",
      }));
  for (const auto& d : l.diags) {
    EXPECT_EQ(d.code, Code::kUnknownPlayer);
    EXPECT_EQ(d.severity, Severity::kError);
  }
  const HandRec& h = l.game.hands.at(0);
  EXPECT_FALSE(h.dealer);
  EXPECT_FALSE(h.plucks) << "a pluck naming an unknown player makes the list unusable";
  EXPECT_FALSE(h.tricks);
  EXPECT_FALSE(h.taken);
  ASSERT_TRUE(l.game.result);
  EXPECT_FALSE(l.game.result->winners);
}

// A record typed on a phone: suit symbols with the emoji variation selector
// (U+FE0F) are the cards they show, kept as written in `text`.
TEST(TranscriptLoader, EmojiSuitsAreCards) {
  const auto l = load(std::string(kHead) +
                      "hands:\n  - dealer: Ann\n    trump: \u2660\uFE0F\n"
                      "    tricks:\n      - {leader: Bob, cards: [2\u2663\uFE0F, A\u2663\uFE0F, 10\u2665\uFE0F]}\n");
  EXPECT_EQ(transcript_lines(l.diags), Lines{});
  const HandRec& h = l.game.hands.at(0);
  EXPECT_EQ(h.trump, Suit::kSpades);
  ASSERT_TRUE(h.tricks);
  const auto& cards = h.tricks->at(0).cards;
  ASSERT_EQ(cards.size(), 3U);
  EXPECT_EQ(cards[0].card, Card::of(Suit::kClubs, 0));
  EXPECT_EQ(cards[1].card, Card::of(Suit::kClubs, 12));
  EXPECT_EQ(cards[2].card, Card::of(Suit::kHearts, 8));
  EXPECT_EQ(cards[1].text, "A\u2663\uFE0F");
}

TEST(TranscriptLoader, BadCardsAreReportedWithLineAndColumn) {
  const auto l = load(std::string(kHead) +
                      "hands:\n  - dealer: Ann\n    kitty: [ZZ]\n"
                      "    tricks:\n      - [2C, 1D, KC]\n      - [AS, [QS], \"\"]\n"
                      "    plucks:\n      - {by: Ann, from: Bob, gives: 4X, gets: 11H}\n");
  EXPECT_EQ(
      transcript_lines(l.diags),
      (Lines{
          "5:13: 'ZZ' is not a card (rank then suit, like 10H, QS or 2C; jokers BJ, LJ) [bad-card] (hand 1)",
          "10:37: '4X' is not a card (rank then suit, like 10H, QS or 2C; jokers BJ, LJ) [bad-card] (hand 1)",
          "10:47: '11H' is not a card (rank then suit, like 10H, QS or 2C; jokers BJ, LJ) [bad-card] (hand "
          "1)",
          "7:14: '1D' is not a card (rank then suit, like 10H, QS or 2C; jokers BJ, LJ) [bad-card] "
          "(hand 1, trick 1)",
          "8:14: expected a card, found a list [bad-card] (hand 1, trick 2)",
          "8:20: '' is not a card (rank then suit, like 10H, QS or 2C; jokers BJ, LJ) [bad-card] "
          "(hand 1, trick 2)",
      }))
      << "the exchange is read before the tricks";
  EXPECT_EQ(l.diags.at(0).token, "ZZ");
  EXPECT_EQ(l.diags.at(3).token, "1D");
  EXPECT_EQ(l.diags.at(3).phase, phase::kTricks);
  EXPECT_EQ(l.diags.at(1).phase, phase::kExchange);
  // Bad tokens keep their place, unparsed, so the rest of the trick is still checked.
  const HandRec& h = l.game.hands.at(0);
  ASSERT_TRUE(h.tricks);
  ASSERT_EQ(h.tricks->size(), 2U);
  const auto& t1 = (*h.tricks)[0].cards;
  ASSERT_EQ(t1.size(), 3U);
  EXPECT_TRUE(t1[0].card);
  EXPECT_FALSE(t1[1].card);
  EXPECT_EQ(t1[1].text, "1D");
  EXPECT_EQ(t1[1].loc, (Loc{7, 14}));
  EXPECT_EQ(t1[2].card, parse_card("KC"));
  ASSERT_TRUE(h.plucks);
  ASSERT_EQ(h.plucks->size(), 1U);
  EXPECT_FALSE((*h.plucks)[0].gives.card);
}

TEST(TranscriptLoader, CardSpellingsAndSymbols) {
  const auto l = load(std::string(kHead) +
                      "hands:\n  - dealer: Ann\n    trump: \xE2\x99\xA0\n"
                      "    tricks:\n      - [2c, T\xE2\x99\xA3, bj]\n");
  EXPECT_EQ(transcript_lines(l.diags), Lines{});
  const HandRec& h = l.game.hands.at(0);
  ASSERT_TRUE(h.trump);
  EXPECT_EQ(*h.trump, Suit::kSpades);
  const auto& cards = h.tricks->at(0).cards;
  EXPECT_EQ(cards[0].card, parse_card("2C"));
  EXPECT_EQ(cards[1].card, parse_card("10C"));
  EXPECT_EQ(cards[1].text, "T\xE2\x99\xA3");
  EXPECT_EQ(cards[2].card, Card::big_joker());
}

TEST(TranscriptLoader, BadTrump) {
  const auto l =
      load(std::string(kHead) + "hands:\n  - dealer: Ann\n    trump: X\n  - trump: [S]\n  - trump: ~\n");
  EXPECT_EQ(transcript_lines(l.diags), (Lines{
                                   "5:12: `trump` is a suit (C, D, H or S), not 'X' [schema] (hand 1)",
                                   "6:12: `trump` is a suit (C, D, H or S), not a list [schema] (hand 2)",
                               }));
  EXPECT_TRUE(l.game.hands[0].trump_bad);
  EXPECT_FALSE(l.game.hands[0].trump);
  EXPECT_EQ(l.game.hands[0].trump_loc, (Loc{5, 12}));
  EXPECT_TRUE(l.game.hands[1].trump_bad);
  EXPECT_FALSE(l.game.hands[2].trump_bad) << "an empty trump is not recorded, not wrong";
  EXPECT_FALSE(l.game.hands[2].trump);
}

TEST(TranscriptLoader, ExchangesIsASynonymOfPlucks) {
  const auto l = load(std::string(kHead) +
                      "hands:\n  - dealer: Ann\n  - exchanges:\n"
                      "      - {by: Ann, from: Cat, gives: 4H, gets: QH}\n"
                      "      - {by: Ann, from: Cat, gives: 5H}\n");
  EXPECT_EQ(transcript_lines(l.diags), Lines{});
  const HandRec& h = l.game.hands.at(1);
  ASSERT_TRUE(h.plucks);
  ASSERT_EQ(h.plucks->size(), 2U);
  const PluckRec& p = (*h.plucks)[0];
  EXPECT_EQ(p.by.seat, 0);
  EXPECT_EQ(p.from.seat, 2);
  EXPECT_EQ(p.gives.card, parse_card("4H"));
  ASSERT_TRUE(p.gets);
  EXPECT_EQ(p.gets->card, parse_card("QH"));
  EXPECT_EQ(p.loc, (Loc{6, 9}));
  EXPECT_EQ(h.plucks_loc, (Loc{6, 7}));
  EXPECT_FALSE((*h.plucks)[1].gets) << "no `gets`: nothing came back";

  const auto both = load(std::string(kHead) + "hands:\n  - dealer: Ann\n    plucks: []\n    exchanges: []\n");
  EXPECT_EQ(transcript_lines(both.diags),
            (Lines{"6:16: `exchanges` is a synonym of `plucks`; give one of them [schema] (hand 1)"}));
  ASSERT_TRUE(both.game.hands[0].plucks);
  EXPECT_TRUE(both.game.hands[0].plucks->empty());
}

TEST(TranscriptLoader, EmptyPlucksDiffersFromAbsentPlucks) {
  const auto l = load(std::string(kHead) + "hands:\n  - dealer: Ann\n  - plucks: []\n  - shows: []\n");
  EXPECT_EQ(transcript_lines(l.diags), Lines{});
  ASSERT_EQ(l.game.hands.size(), 3U);
  EXPECT_FALSE(l.game.hands[0].plucks) << "absent: not recorded";
  ASSERT_TRUE(l.game.hands[1].plucks) << "[]: recorded, none made";
  EXPECT_TRUE(l.game.hands[1].plucks->empty());
  EXPECT_FALSE(l.game.hands[1].shows);
  ASSERT_TRUE(l.game.hands[2].shows);
  EXPECT_TRUE(l.game.hands[2].shows->empty());
  EXPECT_FALSE(l.game.hands[2].plucks);
}

TEST(TranscriptLoader, MalformedPlucks) {
  const auto l = load(std::string(kHead) +
                      "hands:\n  - dealer: Ann\n    plucks:\n      - {by: Ann, gives: 4H}\n"
                      "      - {by: Ann, from: Ann, gives: 4H}\n      - 4H\n");
  EXPECT_EQ(transcript_lines(l.diags),
            (Lines{
                "6:9: the pluck lacks `from` [schema] (hand 1)",
                "7:9: Ann cannot pluck themselves [schema] (hand 1)",
                "8:9: a pluck is a map {by, from, gives, gets}, not a scalar [schema] (hand 1)",
            }));
  EXPECT_FALSE(l.game.hands[0].plucks);
  const auto scalar = load(std::string(kHead) + "hands:\n  - dealer: Ann\n    plucks: none\n");
  EXPECT_EQ(transcript_lines(scalar.diags),
            (Lines{"5:13: `plucks` is a list of {by, from, gives, gets}, not a scalar [schema] (hand 1)"}));
}

TEST(TranscriptLoader, TrickAsAListOrWithALeader) {
  const auto l = load(std::string(kHead) +
                      "hands:\n  - dealer: Ann\n    trump: H\n    tricks:\n"
                      "      - [2C, 9C, KC]\n      - {leader: Cat, cards: [AD, 4D, 9D]}\n"
                      "      - {cards: [5H, QH, 3H]}\n");
  EXPECT_EQ(transcript_lines(l.diags), Lines{});
  const HandRec& h = l.game.hands.at(0);
  ASSERT_TRUE(h.tricks);
  ASSERT_EQ(h.tricks->size(), 3U);
  EXPECT_EQ(h.tricks_loc, (Loc{7, 7}));
  const TrickRec& t1 = (*h.tricks)[0];
  EXPECT_FALSE(t1.leader);
  EXPECT_EQ(t1.loc, (Loc{7, 9}));
  ASSERT_EQ(t1.cards.size(), 3U);
  EXPECT_EQ(t1.cards[2].card, parse_card("KC"));
  EXPECT_EQ(t1.cards[2].loc, (Loc{7, 18}));
  const TrickRec& t2 = (*h.tricks)[1];
  ASSERT_TRUE(t2.leader);
  EXPECT_EQ(t2.leader->seat, 2);
  EXPECT_EQ(t2.leader->loc, (Loc{8, 18}));
  EXPECT_EQ(t2.loc, (Loc{8, 9}));
  ASSERT_EQ(t2.cards.size(), 3U);
  EXPECT_EQ(t2.cards[0].card, parse_card("AD"));
  EXPECT_EQ(t2.cards[0].loc, (Loc{8, 31}));
  EXPECT_FALSE((*h.tricks)[2].leader);
  EXPECT_EQ((*h.tricks)[2].cards.size(), 3U);

  const auto bad = load(std::string(kHead) +
                        "hands:\n  - dealer: Ann\n    tricks:\n      - {leader: Ann}\n"
                        "      - 2C\n");
  EXPECT_EQ(transcript_lines(bad.diags),
            (Lines{
                "6:9: the trick lacks its `cards` [schema] (hand 1, trick 1)",
                "7:9: a trick is a list of cards, not a scalar [schema] (hand 1, trick 2)",
            }));
  EXPECT_FALSE(bad.game.hands[0].tricks);
  const auto not_list = load(std::string(kHead) + "hands:\n  - dealer: Ann\n    tricks: {a: 1}\n");
  EXPECT_EQ(transcript_lines(not_list.diags),
            (Lines{"5:13: `tricks` is a list of tricks, not a map [schema] (hand 1)"}));
}

TEST(TranscriptLoader, DealAndShows) {
  const auto l = load(std::string(kHead) +
                      "hands:\n  - dealer: Ann\n    deal:\n      Cat: [2C]\n      Ann: [3C]\n"
                      "      Bob: [4C, 5C]\n    discard: [6C]\n"
                      "    shows:\n      - {to: Bob, cards: [AC, KC]}\n");
  EXPECT_EQ(transcript_lines(l.diags), Lines{});
  const HandRec& h = l.game.hands.at(0);
  ASSERT_TRUE(h.deal);
  ASSERT_EQ(h.deal->size(), 3U);
  EXPECT_EQ((*h.deal)[0].at(0).card, parse_card("3C")) << "the deal is by seat, whatever the key order";
  EXPECT_EQ((*h.deal)[1].size(), 2U);
  EXPECT_EQ((*h.deal)[2].at(0).card, parse_card("2C"));
  EXPECT_EQ(h.deal_seat_locs, (std::vector<Loc>{{7, 12}, {8, 12}, {6, 12}}));
  ASSERT_TRUE(h.discard);
  EXPECT_EQ(h.discard->size(), 1U);
  ASSERT_TRUE(h.shows);
  ASSERT_EQ(h.shows->size(), 1U);
  EXPECT_EQ((*h.shows)[0].to.seat, 1);
  EXPECT_EQ((*h.shows)[0].cards.size(), 2U);

  const auto partial = load(std::string(kHead) +
                            "hands:\n  - dealer: Ann\n    deal:\n      Ann: [3C]\n"
                            "      Bob: [4C]\n    shows:\n      - {to: Bob}\n");
  EXPECT_EQ(transcript_lines(partial.diags),
            (Lines{
                "6:7: `deal` lacks the cards of Cat [schema] (hand 1)",
                "9:9: a show is a map {to: PLAYER, cards: [CARDS]} [schema] (hand 1)",
            }));
  EXPECT_FALSE(partial.game.hands[0].deal);
  EXPECT_FALSE(partial.game.hands[0].shows);
}

TEST(TranscriptLoader, TakenAndScoreMaps) {
  const auto l = load(std::string(kHead) +
                      "hands:\n  - dealer: Ann\n    taken: {Cat: 4, Ann: +7, Bob: 6}\n"
                      "    score: {Ann: -3, Bob: 0, Cat: 12}\n"
                      "result:\n  score: {Ann: 21, Bob: 14, Cat: 9}\n");
  EXPECT_EQ(transcript_lines(l.diags), Lines{});
  const HandRec& h = l.game.hands.at(0);
  ASSERT_TRUE(h.taken);
  EXPECT_EQ(h.taken->values, (std::vector<std::optional<long long>>{7, 6, 4}));
  EXPECT_EQ(h.taken->locs, (std::vector<Loc>{{5, 26}, {5, 35}, {5, 18}}));
  ASSERT_TRUE(h.score);
  EXPECT_EQ(h.score->values, (std::vector<std::optional<long long>>{-3, 0, 12}));
  ASSERT_TRUE(l.game.result);
  ASSERT_TRUE(l.game.result->score);
  EXPECT_EQ(l.game.result->score->values, (std::vector<std::optional<long long>>{21, 14, 9}));
  EXPECT_FALSE(l.game.result->winners) << "no `winner` key: not recorded";

  const auto lacking = load(std::string(kHead) +
                            "hands:\n  - dealer: Ann\n    taken: {Ann: 7, Bob: 6}\n"
                            "    score: [1, 2, 3]\n");
  // A map may leave players out (a partnership game names one player of a
  // side): the loader keeps what it names, and the referee, which knows the
  // game, says whether every player had to be named.
  EXPECT_EQ(transcript_lines(lacking.diags),
            (Lines{
                "6:12: `score` is a map of players to numbers, not a list [schema] (hand 1)",
            }));
  ASSERT_TRUE(lacking.game.hands[0].taken);
  EXPECT_FALSE(lacking.game.hands[0].taken->complete());
  EXPECT_EQ(lacking.game.hands[0].taken->values, (std::vector<std::optional<long long>>{7, 6, std::nullopt}));
  EXPECT_FALSE(lacking.game.hands[0].score);
  const auto refereed = test::validate_yaml(std::string(kHead) + "hands:\n  - dealer: Ann\n    taken: {Ann: 7, Bob: 6}\n");
  EXPECT_EQ(test::diagnostics_text(refereed), "t.yaml:5:12: error: `taken` lacks Cat [schema] (hand 1)\n");
}

TEST(TranscriptLoader, NumbersAreDecimalIntegersOnly) {
  const auto l = load(std::string(kHead) +
                      "hands:\n  - dealer: Ann\n    taken: {Ann: 0x10, Bob: 10^30, Cat: -1}\n"
                      "  - taken: {Ann: 7.0, Bob: \"6\", Cat: 99999999999999999999}\n"
                      "    score: {Ann: 1e3, Bob: 0o7, Cat: 5000000000}\n");
  EXPECT_EQ(
      transcript_lines(l.diags),
      (Lines{
          "5:18: `taken` values are whole numbers (0 or more), not '0x10' [schema] (hand 1)",
          "5:29: `taken` values are whole numbers (0 or more), not '10^30' [schema] (hand 1)",
          "5:41: `taken` values are whole numbers (0 or more), not '-1' [schema] (hand 1)",
          "6:18: `taken` values are whole numbers (0 or more), not '7.0' [schema] (hand 2)",
          "6:28: `taken` values are whole numbers (0 or more), not '6' [schema] (hand 2)",
          "6:38: `taken` values are whole numbers (0 or more), not '99999999999999999999' [schema] (hand 2)",
          "7:18: `score` values are whole numbers, not '1e3' [schema] (hand 2)",
          "7:28: `score` values are whole numbers, not '0o7' [schema] (hand 2)",
          "7:38: `score` values are whole numbers, not '5000000000' [schema] (hand 2)",
      }));
  EXPECT_FALSE(l.game.hands[0].taken);
  EXPECT_FALSE(l.game.hands[1].taken);
  EXPECT_FALSE(l.game.hands[1].score);
  EXPECT_EQ(parse_integer("17"), 17);
  EXPECT_EQ(parse_integer("+3"), 3);
  EXPECT_EQ(parse_integer("-4"), -4);
  EXPECT_EQ(parse_integer("007"), 7);
  EXPECT_FALSE(parse_integer(""));
  EXPECT_FALSE(parse_integer("+"));
  EXPECT_FALSE(parse_integer("0x10"));
  EXPECT_FALSE(parse_integer("1_000"));
  EXPECT_FALSE(parse_integer(" 5"));
}

TEST(TranscriptLoader, ResultWinnerAsANameOrAList) {
  const auto one = load(std::string(kHead) + "hands: []\nresult:\n  winner: Bob\n");
  EXPECT_EQ(transcript_lines(one.diags), Lines{});
  ASSERT_TRUE(one.game.result);
  ASSERT_TRUE(one.game.result->winners);
  ASSERT_EQ(one.game.result->winners->size(), 1U);
  EXPECT_EQ((*one.game.result->winners)[0].seat, 1);
  EXPECT_EQ((*one.game.result->winners)[0].loc, (Loc{5, 11}));
  EXPECT_EQ(one.game.result->winner_loc, (Loc{5, 11}));
  EXPECT_EQ(one.game.result->loc, (Loc{5, 3}));

  const auto two = load(std::string(kHead) + "hands: []\nresult:\n  winner: [Cat, Ann]\n");
  EXPECT_EQ(transcript_lines(two.diags), Lines{});
  ASSERT_TRUE(two.game.result->winners);
  ASSERT_EQ(two.game.result->winners->size(), 2U);
  EXPECT_EQ((*two.game.result->winners)[0].seat, 2);
  EXPECT_EQ((*two.game.result->winners)[1].seat, 0);

  const auto bad = load(std::string(kHead) + "hands: []\nresult: Ann\n");
  EXPECT_EQ(transcript_lines(bad.diags),
            (Lines{"4:9: `result` is a map with `winner` and/or `score`, not a scalar [schema]"}));
  EXPECT_FALSE(bad.game.result);
}

TEST(TranscriptLoader, DiagnosticsCarryTheirHandAndPhase) {
  const auto l = load(std::string(kHead) +
                      "hands:\n  - dealer: Ann\n  - dealer: Ann\n    trump: Q\n"
                      "    taken: {Ann: x, Bob: 1, Cat: 1}\nresult: {winner: Q}\n");
  ASSERT_EQ(l.diags.size(), 3U);
  EXPECT_EQ(l.diags[0].hand, 2);
  EXPECT_EQ(l.diags[0].phase, phase::kTrump);
  EXPECT_EQ(l.diags[1].hand, 2);
  EXPECT_EQ(l.diags[1].phase, phase::kTotals);
  EXPECT_EQ(l.diags[2].hand, 0);
  EXPECT_EQ(l.diags[2].phase, phase::kResult);
  EXPECT_EQ(l.diags[2].code, Code::kUnknownPlayer);
  for (const auto& d : l.diags) {
    EXPECT_EQ(d.file, "t.yaml");
  }
}

// The same game as YAML and as JSON is refereed the same way.
TEST(TranscriptLoader, JsonIsAcceptedLikeYaml) {
  const std::string yaml =
      "game: pluck\n"
      "id: g1\n"
      "players: [Ann, Bob, Cat]\n"
      "hands:\n"
      "  - dealer: Ann\n"
      "    taken: {Ann: 7, Bob: 6, Cat: 4}\n"
      "    score: {Ann: 0, Bob: 0, Cat: 0}\n"
      "  - dealer: Bob\n"
      "    taken: {Ann: 6, Bob: 7, Cat: 4}\n"
      "    score: {Ann: 2, Bob: 0, Cat: 0}\n"
      "result:\n"
      "  score: {Ann: 2, Bob: 0, Cat: 0}\n";
  const std::string json =
      "{\"game\": \"pluck\", \"id\": \"g1\", \"players\": [\"Ann\", \"Bob\", \"Cat\"],\n"
      " \"hands\": [\n"
      "  {\"dealer\": \"Ann\", \"taken\": {\"Ann\": 7, \"Bob\": 6, \"Cat\": 4},"
      " \"score\": {\"Ann\": 0, \"Bob\": 0, \"Cat\": 0}},\n"
      "  {\"dealer\": \"Bob\", \"taken\": {\"Ann\": 6, \"Bob\": 7, \"Cat\": 4},"
      " \"score\": {\"Ann\": 2, \"Bob\": 0, \"Cat\": 0}}\n"
      " ],\n"
      " \"result\": {\"score\": {\"Ann\": 2, \"Bob\": 0, \"Cat\": 0}}}\n";
  const auto from_yaml = test::validate_yaml(yaml, "g.yaml");
  const auto from_json = test::validate_yaml(json, "g.yaml");
  ASSERT_EQ(from_yaml.size(), 1U);
  ASSERT_EQ(from_json.size(), 1U);
  EXPECT_EQ(test::diagnostics_text(from_json), "");
  EXPECT_EQ(test::diagnostics_text(from_yaml), "");
  EXPECT_EQ(from_json[0].ruleset, "pluck");
  EXPECT_EQ(from_json[0].id, "g1");
  ASSERT_TRUE(from_json[0].result);
  ASSERT_EQ(from_json[0].result->hands.size(), 2U);
  ASSERT_TRUE(from_json[0].result->hands[1].score);
  EXPECT_EQ(*from_json[0].result->hands[1].score, (std::vector<long long>{2, 0, 0}));
  EXPECT_EQ(game_json(from_json[0]).dump(), game_json(from_yaml[0]).dump());
}

TEST(TranscriptLoader, JsonProblemsAreLocatedInTheJsonText) {
  const std::string json =
      "{\"game\": \"pluck\", \"players\": [\"Ann\", \"Bob\", \"Cat\"],\n"
      " \"hands\": [{\"dealer\": \"Ann\", \"trumps\": \"S\",\n"
      "   \"taken\": {\"Ann\": 7, \"Bob\": 6, \"Cat\": \"4\"}}]}\n";
  const auto games = test::validate_yaml(json, "g.json");
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(test::codes(games[0]), (std::vector<std::string>{"misspelt-key", "schema"}));
  ASSERT_EQ(games[0].diagnostics.size(), 2U);
  EXPECT_EQ(games[0].diagnostics[0].loc, (Loc{2, 30}));
  EXPECT_EQ(games[0].diagnostics[1].loc, (Loc{3, 41}));
  EXPECT_EQ(games[0].diagnostics[1].message, "`taken` values are whole numbers (0 or more), not '4'")
      << "a JSON string is not a number";
}

// A NUL (YAML "\0", JSON "\u0000") cannot be in a name or a card: an error
// with the NUL shown as \0, and the name goes no further than the message.
TEST(TranscriptLoader, NulInNamesAndCards) {
  const auto l = load(
      "game: pluck\nplayers: [Ann, \"B\\0b\", Cat]\nhands:\n  - dealer: \"C\\0at\"\n"
      "    plucks: [{by: \"\\0\", from: Ann, gives: 2C}]\n"
      "    tricks: [{leader: \"Ann\\0\", cards: [\"2C\\0\", 3C, 4C]}]\n"
      "    taken: {Ann: 7, \"B\\0b\": 6, Cat: 4}\nresult: {winner: \"A\\0nn\"}\n");
  EXPECT_EQ(transcript_lines(l.diags),
            (Lines{
                R"(2:16: 'B\0b' holds a NUL character (\0), which a player's name cannot [schema])",
                R"(4:13: 'C\0at' (the dealer) holds a NUL character (\0), which a player's name cannot [schema] (hand 1))",
                R"(5:19: '\0' (the plucker (`by`)) holds a NUL character (\0), which a player's name cannot [schema] (hand 1))",
                R"(6:23: 'Ann\0' (the trick's `leader`) holds a NUL character (\0), which a player's name cannot [schema] (hand 1, trick 1))",
                R"(6:40: '2C\0' is not a card: it holds a NUL character (\0) [bad-card] (hand 1, trick 1))",
                R"(7:21: 'B\0b' (a key of `taken`) holds a NUL character (\0), which a player's name cannot [schema] (hand 1))",
                R"(8:18: 'A\0nn' (the winner) holds a NUL character (\0), which a player's name cannot [schema])",
            }));
  // The seat keeps a placeholder, never the raw name.
  EXPECT_EQ(l.game.players, (std::vector<std::string>{"Ann", "#2", "Cat"}));
  for (const auto& d : l.diags) {
    EXPECT_EQ(d.message.find('\0'), std::string::npos) << d.message;
    EXPECT_EQ(d.token.find('\0'), std::string::npos) << d.message;
  }
  // JSON's \u0000 is the same character.
  const auto j = load(R"({"game": "pluck", "players": ["Ann", "B\u0000b", "Cat"], "hands": []})");
  EXPECT_EQ(transcript_lines(j.diags),
            (Lines{R"(1:38: 'B\0b' holds a NUL character (\0), which a player's name cannot [schema])"}));
}

}  // namespace trickref

namespace trickref {

// A 60 KB token that is not a card is kept as far as a message shows it
// (81 characters), in the record and in its diagnostic: 1,000 such cards
// used to keep two 60 MB copies beside the text and the tree.
TEST(TranscriptLoader, ALongBadCardIsKeptOnlyAsFarAsItIsShown) {
  const std::string token(60'000, 'X');
  std::string text = std::string(kHead) + "hands:\n  - dealer: Ann\n    tricks:\n";
  for (int t = 0; t < 20; ++t) {
    text += "      - [" + token + ", 3C, 4C]\n";
  }
  const auto l = load(text);
  ASSERT_EQ(l.diags.size(), 20U);
  std::size_t kept = 0;
  for (const auto& d : l.diags) {
    kept += d.token.size() + d.message.size();
  }
  ASSERT_TRUE(l.game.hands.at(0).tricks);
  for (const auto& tr : *l.game.hands.at(0).tricks) {
    kept += tr.cards.at(0).text.size();
    EXPECT_FALSE(tr.cards.at(0).card);
  }
  EXPECT_LE(kept, 20U * (81U + 81U + 200U));
  EXPECT_EQ(l.diags[0].message,
            "'" + std::string(79, 'X') + "…' is not a card (rank then suit, like 10H, QS or 2C; jokers BJ, LJ)");
  // A short one is kept whole.
  EXPECT_EQ(load(std::string(kHead) + "hands:\n  - dealer: Ann\n    tricks:\n      - [ZZ, 3C, 4C]\n").diags.at(0).token,
            "ZZ");
}

}  // namespace trickref
