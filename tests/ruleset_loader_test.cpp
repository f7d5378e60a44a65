// RulesetCatalog: the built-in rulesets (rules.md §3), `extends`, and every
// kind of bad ruleset file as a located `ruleset` diagnostic.
#include "ruleset/ruleset_loader.h"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <map>
#include <ostream>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "base/diagnostic.h"
#include "engine/playout.h"
#include "ruleset/embedded.h"
#include "ruleset/options.h"
#include "ruleset/ruleset.h"
#include "support/test_support.h"

namespace trickref {

namespace {

// How an unknown name's message lists the built-ins: the games' own rulesets
// by name, the house variants counted (one readable line as they grow).
constexpr std::string_view kBuiltinList =
    "call-deuces, call-deuces-5, court-piece, court-piece-race, nine-five-two, nine-five-two-10, pluck, "
    "pluck-noscore, and 17 house variants (`trickref rules list`)";


// A fresh directory under the system temp directory, removed with its files.
class TempDir {
 public:
  TempDir() {
    static std::atomic<int> counter{0};
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ =
        std::filesystem::temp_directory_path() /
        fmt::format("trickref-ruleset-{}-{}-{}", ::getpid(), info != nullptr ? info->name() : "x", counter++);
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  // Writes `text` to NAME and returns its full path as the loader displays it.
  std::string write(const std::string& name, const std::string& text) const {
    const auto p = path_ / name;
    std::ofstream f(p, std::ios::binary);
    f << text;
    return p.string();
  }
  [[nodiscard]] std::string file(const std::string& name) const { return (path_ / name).string(); }
  [[nodiscard]] const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// "file:line:column: message" for each diagnostic: one string compares everything at once.
std::vector<std::string> describe(const std::vector<Diagnostic>& diags) {
  std::vector<std::string> out;
  for (const auto& d : diags) {
    out.push_back(
        fmt::format("{}:{}:{}: {} [{}]", d.file, d.loc.line, d.loc.column, d.message, code_name(d.code)));
  }
  return out;
}

std::map<std::string, std::string> values_of(const Ruleset& r) {
  std::map<std::string, std::string> out;
  for (const auto& [k, v] : option_values(r)) {
    out[k] = v;
  }
  return out;
}

// The options whose resolved values differ between two rulesets.
std::set<std::string> differences(const Ruleset& a, const Ruleset& b) {
  const auto va = values_of(a);
  const auto vb = values_of(b);
  std::set<std::string> out;
  for (const auto& [k, v] : va) {
    if (vb.at(k) != v) {
      out.insert(k);
    }
  }
  return out;
}

// Should a loader wait on a FIFO, a writer opens it after 2 s (and closes
// it, an end of file), so the test fails instead of hanging. A non-blocking
// open for writing succeeds only while a reader has the FIFO open:
// unblocked() counts the waits, a fact and not a time.
class FifoWriterLater {
 public:
  explicit FifoWriterLater(std::string fifo)
      : thread_([this, fifo = std::move(fifo)] {
          for (int i = 0; !done_; ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
            if (i >= 200) {
              if (const int fd = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK); fd >= 0) {
                ::close(fd);
                ++unblocked_;
              }
            }
          }
        }) {}
  [[nodiscard]] int unblocked() const { return unblocked_; }
  ~FifoWriterLater() {
    done_ = true;
    thread_.join();
  }
  FifoWriterLater(const FifoWriterLater&) = delete;
  FifoWriterLater& operator=(const FifoWriterLater&) = delete;

 private:
  std::atomic<bool> done_{false};
  std::atomic<int> unblocked_{0};
  std::thread thread_;
};

Card card(const char* token) {
  const auto c = parse_card(token);
  EXPECT_TRUE(c) << token;
  return c.value_or(Card::big_joker());
}

}  // namespace

// Also holds every built-in's `name:` to its file name, which the catalog names it by unread.
TEST(RulesetLoader, EveryBuiltinLoadsWithoutDiagnostics) {
  RulesetCatalog catalog;
  const auto names = catalog.builtin_names();
  EXPECT_EQ(names.size(), embedded_rulesets().size());
  for (const char* required : {"pluck", "pluck-noscore", "nine-five-two", "nine-five-two-10"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), required), names.end()) << required;
  }
  for (const auto& name : names) {
    const auto& res = catalog.resolve(name);
    EXPECT_TRUE(res.ruleset) << name;
    EXPECT_EQ(describe(res.diagnostics), std::vector<std::string>{}) << name;
    if (res.ruleset) {
      EXPECT_EQ(res.ruleset->name, name);
      EXPECT_FALSE(res.ruleset->description.empty()) << name;
      EXPECT_EQ(res.ruleset->source.rfind("rulesets/", 0), 0U) << res.ruleset->source;
      EXPECT_EQ(res.ruleset->deck.size(), res.ruleset->hand_size * res.ruleset->players + res.ruleset->kitty)
          << name;
    }
  }
}

TEST(RulesetLoader, BuiltinsListTheirParents) {
  RulesetCatalog catalog;
  std::map<std::string, std::string> extends;
  for (const auto& b : catalog.builtins()) {
    extends[b.name] = b.extends;
  }
  EXPECT_EQ(extends.at("pluck"), "");
  EXPECT_EQ(extends.at("nine-five-two"), "");
  EXPECT_EQ(extends.at("pluck-noscore"), "pluck");
  EXPECT_EQ(extends.at("nine-five-two-10"), "nine-five-two");
  EXPECT_EQ(extends.at("nine-five-two-943"), "nine-five-two");
  EXPECT_EQ(extends.at("pluck-least-first"), "pluck");
}

TEST(RulesetLoader, PluckHasTheValuesOfRulesSection3) {
  RulesetCatalog catalog;
  const auto& res = catalog.resolve("pluck");
  ASSERT_TRUE(res.ruleset);
  const Ruleset& r = *res.ruleset;
  EXPECT_EQ(r.name, "pluck");
  EXPECT_EQ(r.source, "rulesets/pluck.yaml");
  EXPECT_EQ(r.players, 3);
  EXPECT_EQ(r.deck_remove, (std::vector<Card>{card("2D"), card("2H"), card("2S")}));
  EXPECT_EQ(r.jokers, 2);
  EXPECT_EQ(r.deck.size(), 51);
  EXPECT_TRUE(r.deck.contains(card("2C")));
  EXPECT_FALSE(r.deck.contains(card("2H")));
  EXPECT_TRUE(r.deck.contains(Card::big_joker()));
  EXPECT_TRUE(r.deck.contains(Card::little_joker()));
  EXPECT_EQ(r.hand_size, 17);
  EXPECT_EQ(r.tricks_per_hand(), 17);
  EXPECT_EQ(r.kitty, 0);
  EXPECT_EQ(r.quotas, (std::vector<int>{7, 6, 4}));
  EXPECT_FALSE(r.quotas_first_hand);
  EXPECT_EQ(r.quotas_for(1), (std::vector<int>{7, 6, 4}));
  EXPECT_EQ(r.rotation, Rotation::kLeft);
  EXPECT_EQ(r.trump_chooser, TrumpChooser::kDealer);
  EXPECT_EQ(r.kitty_discard, 0);
  EXPECT_EQ(r.exchange_from_hand, 2);
  EXPECT_EQ(r.pluck_order, PluckOrder::kMostFirst);
  EXPECT_EQ(r.pluck_give, PluckGive::kAny);
  EXPECT_EQ(r.pluck_return, PluckReturn::kHighestIncludingReceived);
  EXPECT_EQ(r.pluck_void, PluckVoid::kReturnReceived);
  EXPECT_EQ(r.distinct_suits, DistinctSuits::kNo);
  EXPECT_FALSE(r.waivable);
  EXPECT_FALSE(r.show_kitty);
  EXPECT_EQ(r.first_lead, FirstLead::kCard);
  EXPECT_EQ(r.first_lead_card, card("2C"));
  EXPECT_EQ(r.trump_lead, TrumpLead::kAfterBroken);
  EXPECT_TRUE(r.trump_lead_when_only_trumps);
  EXPECT_FALSE(r.must_trump_if_void);
  EXPECT_FALSE(r.must_overtrump);
  EXPECT_EQ(r.scoring, ScoringKind::kQuota);
  EXPECT_EQ(r.over, 1);
  EXPECT_EQ(r.under, 0);
  EXPECT_EQ(r.end, GameEnd::kTarget);
  EXPECT_TRUE(r.has_target());
  EXPECT_EQ(r.end_value, 20);
  EXPECT_EQ(r.tie, TieRule::kContinue);
  EXPECT_EQ(r.revoke_penalty, RevokePenalty::kNone);
}

TEST(RulesetLoader, NineFiveTwoHasTheValuesOfRulesSection3) {
  RulesetCatalog catalog;
  const auto& res = catalog.resolve("nine-five-two");
  ASSERT_TRUE(res.ruleset);
  const Ruleset& r = *res.ruleset;
  EXPECT_EQ(r.name, "nine-five-two");
  EXPECT_EQ(r.players, 3);
  EXPECT_TRUE(r.deck_remove.empty());
  EXPECT_EQ(r.jokers, 0);
  EXPECT_EQ(r.deck.size(), 52);
  EXPECT_FALSE(r.deck.contains(Card::big_joker()));
  EXPECT_EQ(r.hand_size, 16);
  EXPECT_EQ(r.kitty, 4);
  EXPECT_EQ(r.kitty_discard, 4);
  EXPECT_EQ(r.kitty_taken_by, KittyTaker::kDealer);
  EXPECT_EQ(r.kitty_mode, KittyMode::kTakeThenDiscard);
  EXPECT_EQ(r.quotas, (std::vector<int>{9, 5, 2}));
  EXPECT_FALSE(r.quotas_first_hand);
  EXPECT_EQ(r.rotation, Rotation::kLeft);
  EXPECT_EQ(r.pluck_order, PluckOrder::kMostFirst);
  EXPECT_TRUE(r.waivable);
  EXPECT_TRUE(r.show_kitty);
  EXPECT_EQ(r.distinct_suits, DistinctSuits::kNo);
  EXPECT_EQ(r.first_lead, FirstLead::kLeftOfDealer);
  EXPECT_EQ(r.trump_lead, TrumpLead::kAny);
  EXPECT_EQ(r.scoring, ScoringKind::kQuota);
  EXPECT_EQ(r.over, 1);
  EXPECT_EQ(r.under, -1);
  EXPECT_EQ(r.end, GameEnd::kTarget);
  EXPECT_EQ(r.end_value, 20);
  EXPECT_EQ(r.tie, TieRule::kContinue);
}

TEST(RulesetLoader, ExtendsOverridesOnlyWhatItNames) {
  RulesetCatalog catalog;
  struct Case {
    const char* name;
    const char* parent;
    std::set<std::string> changed;
  };
  const std::vector<Case> cases = {
      {"nine-five-two-10", "nine-five-two", {"game.end"}},
      {"nine-five-two-943", "nine-five-two", {"quotas_first_hand"}},
      {"nine-five-two-discard-first", "nine-five-two", {"kitty.mode"}},
      {"pluck-noscore", "pluck", {"scoring.over", "game.end"}},  // under stays 0
      {"pluck-deal-right", "pluck", {"rotation"}},
      {"pluck-distinct-suits", "pluck", {"exchange.distinct_suits"}},
      {"pluck-least-first", "pluck", {"exchange.order"}},
      {"pluck-lowest-give", "pluck", {"exchange.give"}},
      {"pluck-return-excluding", "pluck", {"exchange.return"}},  // void is restated unchanged
      {"pluck-shared-ties", "pluck", {"game.tie"}},
  };
  for (const auto& c : cases) {
    const auto child = catalog.resolve(c.name).ruleset;
    const auto parent = catalog.resolve(c.parent).ruleset;
    ASSERT_TRUE(child) << c.name;
    ASSERT_TRUE(parent) << c.parent;
    EXPECT_EQ(differences(*child, *parent), c.changed) << c.name;
  }
  const auto ten = catalog.resolve("nine-five-two-10").ruleset;
  EXPECT_EQ(ten->end, GameEnd::kTarget);
  EXPECT_EQ(ten->end_value, 10);
  EXPECT_EQ(ten->name, "nine-five-two-10");
  const auto r943 = catalog.resolve("nine-five-two-943").ruleset;
  ASSERT_TRUE(r943->quotas_first_hand);
  EXPECT_EQ(*r943->quotas_first_hand, (std::vector<int>{9, 4, 3}));
  EXPECT_EQ(r943->quotas_for(1), (std::vector<int>{9, 4, 3}));
  EXPECT_EQ(r943->quotas_for(2), (std::vector<int>{9, 5, 2}));
  const auto noscore = catalog.resolve("pluck-noscore").ruleset;
  EXPECT_EQ(noscore->over, 0);
  EXPECT_EQ(noscore->under, 0);
  EXPECT_EQ(noscore->end, GameEnd::kHandsRecorded);
  EXPECT_FALSE(noscore->has_target());
}

TEST(RulesetLoader, OptionValuesFollowTheOptionTable) {
  RulesetCatalog catalog;
  const auto pluck = catalog.resolve("pluck").ruleset;
  ASSERT_TRUE(pluck);
  const auto values = option_values(*pluck);
  const auto options = ruleset_options();
  ASSERT_EQ(values.size(), options.size());
  for (std::size_t i = 0; i < options.size(); ++i) {
    EXPECT_EQ(values[i].first, options[i].path) << i;
  }
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"players", "3"},
      {"partnership", "none"},
      {"deck.remove", "[2D, 2H, 2S]"},
      {"deck.jokers", "2"},
      {"deal.hand_size", "17"},
      {"deal.kitty", "0"},
      {"deal.before_trump", "0"},
      {"quotas", "{dealer: 7, left: 6, right: 4}"},
      {"quotas_first_hand", "null"},
      {"rotation", "left"},
      {"rotation_court.after_dealer_court", "next"},
      {"rotation_court.after_caller_court", "dealer_partner"},
      {"bidding.style", "auction"},
      {"bidding.min", "15"},
      {"bidding.max", "33"},
      {"bidding.step", "1"},
      {"bidding.pass_is_final", "true"},
      {"bidding.hold", "false"},
      {"bidding.all_pass", "redeal_next"},
      {"trump.chooser", "dealer"},
      {"kitty.taken_by", "dealer"},
      {"kitty.mode", "take_then_discard"},
      {"kitty.discard", "0"},
      {"kitty.discard_forbid", "[]"},
      {"partner.by", "none"},
      {"partner.card", "{rank: 2, suit: trump}"},
      {"partner.solo_by_discard", "true"},
      {"exchange.when", "before_trump"},
      {"exchange.from_hand", "2"},
      {"exchange.order", "most_first"},
      {"exchange.tie_start", "new_dealer"},
      {"exchange.give", "any"},
      {"exchange.return", "highest_including_received"},
      {"exchange.void", "return_received"},
      {"exchange.distinct_suits", "false"},
      {"exchange.waivable", "false"},
      {"exchange.show_kitty", "false"},
      {"play.first_lead", "{card: 2C}"},
      {"play.trump_lead", "after_broken"},
      {"play.trump_lead_when_only_trumps", "true"},
      {"play.must_trump_if_void", "false"},
      {"play.must_overtrump", "false"},
      {"hand.early_court_tricks", "7"},
      {"hand.after_early_court", "either"},
      {"hand.stop_at_majority", "false"},
      {"scoring.kind", "quota"},
      {"scoring.over", "1"},
      {"scoring.under", "0"},
      {"scoring.per_trick", "1"},
      {"scoring.card_points", "{5C: 5, 5D: 5, 5H: 5, 5S: 5}"},
      {"scoring.discard_to", "bidder"},
      {"scoring.made", "side_points"},
      {"scoring.set", "minus_bid"},
      {"scoring.solo_made_factor", "2"},
      {"scoring.solo_set_factor", "1"},
      {"scoring.defenders", "own_points"},
      {"scoring.early_court", "1"},
      {"scoring.all_tricks", "52"},
      {"scoring.early_court_side", "any"},
      {"scoring.streak_length", "7"},
      {"scoring.streak_courts", "1"},
      {"scoring.early_court_in_streak", "true"},
      {"scoring.revoke_court", "1"},
      {"game.end", "{target: 20}"},
      {"game.tie", "continue"},
      {"penalty.revoke", "none"},
      {"penalty.revoke_when", "proven"},
  };
  EXPECT_EQ(values, expected);
  const auto noscore = catalog.resolve("pluck-noscore").ruleset;
  EXPECT_EQ(values_of(*noscore).at("game.end"), "{target: null}");
  const auto r943 = catalog.resolve("nine-five-two-943").ruleset;
  EXPECT_EQ(values_of(*r943).at("quotas_first_hand"), "{dealer: 9, left: 4, right: 3}");
  EXPECT_EQ(values_of(*r943).at("play.first_lead"), "left_of_dealer");
}

TEST(RulesetLoader, ResolveCachesAndReportsUnknownNames) {
  RulesetCatalog catalog;
  const auto& a = catalog.resolve("pluck");
  const auto& b = catalog.resolve("pluck");
  EXPECT_EQ(&a, &b);
  EXPECT_EQ(a.ruleset.get(), b.ruleset.get());

  const auto& bad = catalog.resolve("plock");
  EXPECT_FALSE(bad.ruleset);
  ASSERT_EQ(bad.diagnostics.size(), 1U);
  EXPECT_EQ(bad.diagnostics[0].code, Code::kRuleset);
  EXPECT_EQ(bad.diagnostics[0].file, "");
  EXPECT_FALSE(bad.diagnostics[0].loc.known());
  EXPECT_EQ(bad.diagnostics[0].message,
            fmt::format("unknown ruleset 'plock' (did you mean 'pluck'?); built-in rulesets: {}",
                        kBuiltinList));
}

TEST(RulesetLoader, FileWithoutNameTakesItsFileName) {
  TempDir dir;
  const std::string path = dir.write("club-rules.yaml", "extends: pluck\nrotation: right\n");
  RulesetCatalog catalog;
  const auto& res = catalog.resolve(path);
  ASSERT_TRUE(res.ruleset) << ::testing::PrintToString(describe(res.diagnostics));
  EXPECT_TRUE(res.diagnostics.empty());
  EXPECT_EQ(res.ruleset->name, "club-rules");
  EXPECT_EQ(res.ruleset->source, path);
  EXPECT_EQ(res.ruleset->rotation, Rotation::kRight);
  // A relative reference is resolved against the base directory.
  const auto& rel = catalog.resolve("club-rules.yaml", dir.path());
  ASSERT_TRUE(rel.ruleset);
  EXPECT_EQ(rel.ruleset->name, "club-rules");
}

TEST(RulesetLoader, ExtendsAFileByRelativePath) {
  TempDir dir;
  dir.write("base.yaml", "name: club\nextends: nine-five-two\nexchange:\n  waivable: false\n");
  const std::string top = dir.write("top.yaml", "extends: base.yaml\ngame:\n  tie: share\n");
  RulesetCatalog catalog;
  const auto& res = catalog.resolve(top);
  ASSERT_TRUE(res.ruleset) << ::testing::PrintToString(describe(res.diagnostics));
  EXPECT_EQ(res.ruleset->name, "top");
  EXPECT_FALSE(res.ruleset->waivable);
  EXPECT_TRUE(res.ruleset->show_kitty);  // the rest of `exchange` still comes from nine-five-two
  EXPECT_EQ(res.ruleset->tie, TieRule::kShare);
  EXPECT_EQ(res.ruleset->end_value, 20);  // `game` merges key by key
}

TEST(RulesetLoader, UnknownOptionWithSuggestion) {
  TempDir dir;
  const std::string path =
      dir.write("r.yaml", "extends: pluck\nrotaton: left\nexchange:\n  ordr: least_first\n");
  RulesetCatalog catalog;
  const auto& res = catalog.resolve(path);
  EXPECT_FALSE(res.ruleset);
  EXPECT_EQ(
      describe(res.diagnostics),
      (std::vector<std::string>{
          path + ":4:3: unknown ruleset option 'exchange.ordr' (did you mean 'exchange.order'?) [ruleset]",
          path + ":2:1: unknown ruleset option 'rotaton' (did you mean 'rotation'?) [ruleset]",
      }));
  const std::string far = dir.write("far.yaml", "extends: pluck\nbanana: 3\n");
  const auto& res2 = catalog.resolve(far);
  EXPECT_EQ(describe(res2.diagnostics),
            (std::vector<std::string>{far + ":2:1: unknown ruleset option 'banana' [ruleset]"}));
}

TEST(RulesetLoader, WrongTypes) {
  TempDir dir;
  RulesetCatalog catalog;
  const std::string ints =
      dir.write("ints.yaml", "extends: pluck\nplayers: \"3\"\ndeal:\n  hand_size: three\n");
  EXPECT_EQ(describe(catalog.resolve(ints).diagnostics),
            (std::vector<std::string>{
                ints + ":2:10: `players` must be a whole number, not '3' [ruleset]",
                ints + ":4:14: `deal.hand_size` must be a whole number, not 'three' [ruleset]",
            }));
  const std::string bools = dir.write("bools.yaml",
                                      "extends: pluck\nexchange:\n  waivable: [true]\n"
                                      "  show_kitty: \"false\"\n");
  EXPECT_EQ(describe(catalog.resolve(bools).diagnostics),
            (std::vector<std::string>{
                bools + ":3:13: `exchange.waivable` must be true or false, not a list [ruleset]",
                bools + ":4:15: `exchange.show_kitty` must be true or false, not 'false' [ruleset]",
            }));
  const std::string others = dir.write("others.yaml",
                                       "extends: pluck\nplayers: 9\ndeck:\n  jokers: 1\n"
                                       "scoring:\n  under: 1\n  over: 0x10\n"
                                       "exchange:\n  order: lest_first\n");
  EXPECT_EQ(
      describe(catalog.resolve(others).diagnostics),
      (std::vector<std::string>{
          others + ":2:10: `players` must be between 2 and 8, not 9 [ruleset]",
          others + ":4:11: `deck.jokers` is 0 or 2 (a big and a little joker) [ruleset]",
          others + ":9:10: `exchange.order` must be one of most_first, least_first, highest_quota_first, "
                   "not 'lest_first' (did you mean 'least_first'?) [ruleset]",
          others + ":7:9: `scoring.over` must be a whole number, not '0x10' [ruleset]",
          others + ":6:10: `scoring.under` must be between -100 and 0, not 1 [ruleset]",
      }));
  for (const auto* p : {&ints, &bools, &others}) {
    EXPECT_FALSE(catalog.resolve(*p).ruleset) << *p;
  }
}

TEST(RulesetLoader, GroupGivenAsAValueIsAnError) {
  TempDir dir;
  const std::string path =
      dir.write("g.yaml", "extends: pluck\nplay: left_of_dealer\nexchange: [a]\ngame:\n");
  RulesetCatalog catalog;
  const auto& res = catalog.resolve(path);
  EXPECT_FALSE(res.ruleset);
  EXPECT_EQ(describe(res.diagnostics),
            (std::vector<std::string>{
                path + ":2:7: `play` is a map of options, not a scalar [ruleset]",
                path + ":3:11: `exchange` is a map of options, not a list [ruleset]",
            }));
}

TEST(RulesetLoader, ColumnsCountCharacters) {
  TempDir dir;
  const std::string path = dir.write("u.yaml", "extends: pluck\ndeck:\n  remove: [2\xE2\x99\xA6, 1X]\n");
  RulesetCatalog catalog;
  // '1X' starts at byte 18 of its line but is its 16th character (the diamond is three bytes).
  EXPECT_EQ(describe(catalog.resolve(path).diagnostics),
            (std::vector<std::string>{
                path + ":3:16: `deck.remove` lists '1X', which is not one of the 52 cards [ruleset]",
            }));
}

TEST(RulesetLoader, ExtendsCycleBetweenTwoFiles) {
  TempDir dir;
  const std::string a = dir.write("a.yaml", "name: a\nextends: b.yaml\n");
  const std::string b = dir.write("b.yaml", "name: b\nextends: a.yaml\n");
  RulesetCatalog catalog;
  const auto& res = catalog.resolve(a);
  EXPECT_FALSE(res.ruleset);
  EXPECT_EQ(describe(res.diagnostics),
            (std::vector<std::string>{
                b + ":2:10: `extends: a.yaml` makes a cycle: " + a + " -> " + b + " -> " + a + " [ruleset]",
            }));
}

TEST(RulesetLoader, FileExtendingItself) {
  TempDir dir;
  const std::string self = dir.write("self.yaml", "# loops\nextends: self.yaml\n");
  RulesetCatalog catalog;
  const auto& res = catalog.resolve(self);
  EXPECT_FALSE(res.ruleset);
  EXPECT_EQ(describe(res.diagnostics),
            (std::vector<std::string>{
                self + ":2:10: `extends: self.yaml` makes a cycle: " + self + " -> " + self + " [ruleset]",
            }));
}

TEST(RulesetLoader, ExtendsOfAnUnknownName) {
  TempDir dir;
  RulesetCatalog catalog;
  const std::string name = dir.write("n.yaml", "extends: plock\n");
  EXPECT_EQ(
      describe(catalog.resolve(name).diagnostics),
      (std::vector<std::string>{
          fmt::format(
              "{}:1:10: unknown ruleset 'plock' (did you mean 'pluck'?); built-in rulesets: {} [ruleset]",
              name, kBuiltinList),
      }));
  EXPECT_FALSE(catalog.resolve(name).ruleset);
  const std::string path = dir.write("p.yaml", "extends: nothere.yaml\n");
  EXPECT_EQ(describe(catalog.resolve(path).diagnostics),
            (std::vector<std::string>{
                path + ":1:10: cannot read ruleset '" + dir.file("nothere.yaml") +
                    "': no such file or directory [ruleset]",
            }));
  EXPECT_FALSE(catalog.resolve(path).ruleset);
  const std::string list = dir.write("l.yaml", "extends: [pluck]\n");
  EXPECT_EQ(describe(catalog.resolve(list).diagnostics),
            (std::vector<std::string>{
                list + ":1:10: `extends` names one ruleset (a built-in name or a path) [ruleset]",
            }));
}

// One run reports every problem of a file: a broken `extends` (unknown, a
// cycle, an invalid parent) does not hide the file's own misspelt options and
// bad values; the numbers that need the inherited values are not checked.
TEST(RulesetLoader, BrokenExtendsStillChecksTheFilesOwnOptions) {
  TempDir dir;
  RulesetCatalog catalog;
  const std::string unknown =
      dir.write("u.yaml", "extends: plock\nrotaton: left\nexchange:\n  order: lest_first\n");
  EXPECT_EQ(describe(catalog.resolve(unknown).diagnostics),
            (std::vector<std::string>{
                fmt::format("{}:1:10: unknown ruleset 'plock' (did you mean 'pluck'?); built-in rulesets: {} [ruleset]",
                            unknown, kBuiltinList),
                unknown + ":2:1: unknown ruleset option 'rotaton' (did you mean 'rotation'?) [ruleset]",
                unknown + ":4:10: `exchange.order` must be one of most_first, least_first, highest_quota_first, not "
                          "'lest_first' (did you mean 'least_first'?) [ruleset]",
            }));
  EXPECT_FALSE(catalog.resolve(unknown).ruleset);
  // A cycle, an unreadable parent and an invalid one: the same.
  const std::string cycle = dir.write("c.yaml", "extends: c.yaml\nrotaton: left\n");
  EXPECT_EQ(describe(catalog.resolve(cycle).diagnostics),
            (std::vector<std::string>{
                cycle + ":1:10: `extends: c.yaml` makes a cycle: " + cycle + " -> " + cycle + " [ruleset]",
                cycle + ":2:1: unknown ruleset option 'rotaton' (did you mean 'rotation'?) [ruleset]",
            }));
  dir.write("broken.yaml", "players: [3\n");
  const std::string child = dir.write("child.yaml", "extends: broken.yaml\nplayers: x\nname: \"two words\"\n");
  const auto& res = catalog.resolve(child);
  ASSERT_EQ(res.diagnostics.size(), 4U) << ::testing::PrintToString(describe(res.diagnostics));
  EXPECT_EQ(res.diagnostics[0].code, Code::kSyntax);
  EXPECT_EQ(describe({res.diagnostics[1], res.diagnostics[2], res.diagnostics[3]}),
            (std::vector<std::string>{
                child + ":1:10: the ruleset it extends ('broken.yaml') is invalid [ruleset]",
                child + ":2:10: `players` must be a whole number, not 'x' [ruleset]",
                child + ":3:7: a ruleset's `name` is one word of letters, digits, '-', '_', '.' or '+' (at most 64 "
                        "characters, starting with a letter or digit) [ruleset]",
            }));
  // With the player count unknown, a four-player quota map is not taken for a three-player one, and numbers
  // that cannot be checked without the parent are not reported.
  const std::string four =
      dir.write("four.yaml", "extends: nosuch.yaml\nquotas: {dealer: 5, left: 3, across: 3, right: 2}\ndeal:\n"
                             "  kitty: 9\n");
  EXPECT_EQ(describe(catalog.resolve(four).diagnostics),
            (std::vector<std::string>{four + ":1:10: cannot read ruleset '" + dir.file("nosuch.yaml") +
                                      "': no such file or directory [ruleset]"}));
  // A group given as a value no longer hides the other keys of the file.
  const std::string group = dir.write("g.yaml", "extends: pluck\ngame: 3\nbanana: 1\n");
  EXPECT_EQ(describe(catalog.resolve(group).diagnostics),
            (std::vector<std::string>{
                group + ":2:7: `game` is a map of options, not a scalar [ruleset]",
                group + ":3:1: unknown ruleset option 'banana' [ruleset]",
            }));
  // `rules check` prints them all, exit 1.
  const auto check = test::run_cli({"rules", "check", unknown});
  EXPECT_EQ(check.exit_code, 1);
  EXPECT_NE(check.out.find("unknown ruleset 'plock'"), std::string::npos) << check.out;
  EXPECT_NE(check.out.find("unknown ruleset option 'rotaton'"), std::string::npos) << check.out;
  EXPECT_NE(check.out.find("not 'lest_first'"), std::string::npos) << check.out;
}

TEST(RulesetLoader, ExtendsAnInvalidFile) {
  TempDir dir;
  const std::string bad = dir.write("bad.yaml", "players: [3\n");
  const std::string top = dir.write("top.yaml", "extends: bad.yaml\n");
  RulesetCatalog catalog;
  const auto& res = catalog.resolve(top);
  EXPECT_FALSE(res.ruleset);
  ASSERT_EQ(res.diagnostics.size(), 2U) << ::testing::PrintToString(describe(res.diagnostics));
  EXPECT_EQ(res.diagnostics[0].code, Code::kSyntax);
  EXPECT_EQ(res.diagnostics[0].file, bad);
  EXPECT_EQ(res.diagnostics[1].code, Code::kRuleset);
  EXPECT_EQ(res.diagnostics[1].file, top);
  EXPECT_EQ(res.diagnostics[1].loc, (Loc{1, 10}));
  EXPECT_EQ(res.diagnostics[1].message, "the ruleset it extends ('bad.yaml') is invalid");
}

TEST(RulesetLoader, NotARulesetDocument) {
  TempDir dir;
  RulesetCatalog catalog;
  const std::string empty = dir.write("empty.yaml", "");
  EXPECT_EQ(describe(catalog.resolve(empty).diagnostics),
            (std::vector<std::string>{empty + ":1:1: the ruleset file is empty [ruleset]"}));
  const std::string list = dir.write("list.yaml", "- players: 3\n");
  EXPECT_EQ(describe(catalog.resolve(list).diagnostics),
            (std::vector<std::string>{list + ":1:1: a ruleset is a map of options, not a list [ruleset]"}));
  const std::string two = dir.write("two.yaml", "extends: pluck\n---\nplayers: 3\n");
  EXPECT_EQ(describe(catalog.resolve(two).diagnostics),
            (std::vector<std::string>{
                two + ":2:1: a ruleset file holds one YAML document; this is a second [ruleset]"}));
  const std::string dup = dir.write("dup.yaml", "extends: pluck\nrotation: left\nrotation: right\n");
  EXPECT_EQ(describe(catalog.resolve(dup).diagnostics),
            (std::vector<std::string>{
                dup + ":3:1: duplicate key 'rotation' in a map (first given at line 2) [syntax]"}));
  for (const auto* p : {&empty, &list, &two, &dup}) {
    EXPECT_FALSE(catalog.resolve(*p).ruleset) << *p;
  }
}

TEST(RulesetLoader, DealNumbersMustAddUpToTheDeck) {
  TempDir dir;
  RulesetCatalog catalog;
  const std::string kitty = dir.write("kitty.yaml", "extends: pluck\ndeal:\n  kitty: 3\n");
  EXPECT_EQ(
      describe(catalog.resolve(kitty).diagnostics),
      (std::vector<std::string>{
          kitty + ":3:10: the numbers do not work: 3 players x 17 cards + a kitty of 3 = 54, but the deck "
                  "has 51 cards [ruleset]",
      }));
  EXPECT_FALSE(catalog.resolve(kitty).ruleset);
  // A change of hand size breaks the deal and the inherited quotas: both reported where the change is.
  const std::string hand = dir.write("hand.yaml", "extends: pluck\ndeal:\n  hand_size: 16\n");
  EXPECT_EQ(
      describe(catalog.resolve(hand).diagnostics),
      (std::vector<std::string>{
          hand + ":3:14: the numbers do not work: 3 players x 16 cards + a kitty of 0 = 48, but the deck "
                 "has 51 cards [ruleset]",
          hand + ":3:14: the quotas add up to 17 but a hand has 16 tricks [ruleset]",
      }));
  const std::string jokers = dir.write("jokers.yaml", "extends: nine-five-two\ndeck:\n  jokers: 2\n");
  EXPECT_EQ(
      describe(catalog.resolve(jokers).diagnostics),
      (std::vector<std::string>{
          jokers + ":3:11: the numbers do not work: 3 players x 16 cards + a kitty of 4 = 52, but the deck "
                   "has 54 cards [ruleset]",
      }));
  // Consistent changes are fine: Pluck with the 2S kept and a 1-card kitty... needs a discard of 1.
  const std::string ok =
      dir.write("ok.yaml", "extends: pluck\ndeck:\n  remove: [2D, 2H]\ndeal:\n  kitty: 1\n");
  const auto& res = catalog.resolve(ok);
  ASSERT_TRUE(res.ruleset) << ::testing::PrintToString(describe(res.diagnostics));
  EXPECT_EQ(res.ruleset->deck.size(), 52);
  EXPECT_EQ(res.ruleset->kitty_discard, 1);
}

TEST(RulesetLoader, QuotasMustAddUpToTheTricks) {
  TempDir dir;
  RulesetCatalog catalog;
  const std::string sum = dir.write("sum.yaml", "extends: pluck\nquotas: {dealer: 7, left: 6, right: 5}\n");
  EXPECT_EQ(
      describe(catalog.resolve(sum).diagnostics),
      (std::vector<std::string>{sum + ":2:9: the quotas add up to 18 but a hand has 17 tricks [ruleset]"}));
  EXPECT_FALSE(catalog.resolve(sum).ruleset);
  const std::string first = dir.write("first.yaml",
                                      "extends: nine-five-two\n"
                                      "quotas_first_hand: {dealer: 9, left: 4, right: 4}\n");
  EXPECT_EQ(describe(catalog.resolve(first).diagnostics),
            (std::vector<std::string>{
                first + ":2:20: the first-hand quotas add up to 17 but a hand has 16 tricks [ruleset]"}));
  const std::string role = dir.write("role.yaml", "extends: pluck\nquotas: {dealer: 7, left: 6, rigt: 4}\n");
  EXPECT_EQ(describe(catalog.resolve(role).diagnostics),
            (std::vector<std::string>{
                role + ":2:30: unknown seat role 'rigt' in `quotas`; the roles are dealer, left, right "
                       "(did you mean 'right'?) [ruleset]"}));
}

TEST(RulesetLoader, WholeReplacedKeys) {
  TempDir dir;
  RulesetCatalog catalog;
  // `quotas` is replaced whole: a partial map does not inherit the missing role.
  const std::string partial = dir.write("partial.yaml", "extends: pluck\nquotas: {dealer: 8, left: 5}\n");
  EXPECT_EQ(describe(catalog.resolve(partial).diagnostics),
            (std::vector<std::string>{partial + ":2:9: `quotas` lacks the right quota (a 3-player ruleset needs dealer, left, right) [ruleset]"}));
  EXPECT_FALSE(catalog.resolve(partial).ruleset);
  const std::string partial_first =
      dir.write("pf.yaml", "extends: nine-five-two-943\nquotas_first_hand: {left: 5}\n");
  EXPECT_EQ(describe(catalog.resolve(partial_first).diagnostics),
            (std::vector<std::string>{
                partial_first + ":2:20: `quotas_first_hand` lacks the dealer quota (a 3-player ruleset needs dealer, left, right) [ruleset]",
                partial_first + ":2:20: `quotas_first_hand` lacks the right quota (a 3-player ruleset needs dealer, left, right) [ruleset]",
            }));
  // A problem elsewhere in the file does not hide a missing quota.
  const std::string two =
      dir.write("two.yaml", "extends: pluck\nrotaton: left\nquotas: {dealer: 8, left: 5}\n");
  EXPECT_EQ(describe(catalog.resolve(two).diagnostics),
            (std::vector<std::string>{
                two + ":2:1: unknown ruleset option 'rotaton' (did you mean 'rotation'?) [ruleset]",
                two + ":3:9: `quotas` lacks the right quota (a 3-player ruleset needs dealer, left, right) [ruleset]",
            }));
  // A bad entry is reported once, not also as missing.
  const std::string bad =
      dir.write("bad.yaml", "extends: pluck\nquotas: {dealer: 8, left: five, right: 4}\n");
  EXPECT_EQ(
      describe(catalog.resolve(bad).diagnostics),
      (std::vector<std::string>{bad + ":2:27: the left quota must be a whole number, not 'five' [ruleset]"}));
  // A complete replacement works, and null removes the first-hand quotas.
  const std::string whole = dir.write("whole.yaml",
                                      "extends: nine-five-two-943\nquotas: {dealer: 8, left: 5, right: 3}\n"
                                      "quotas_first_hand: null\n");
  const auto& w = catalog.resolve(whole);
  ASSERT_TRUE(w.ruleset) << ::testing::PrintToString(describe(w.diagnostics));
  EXPECT_EQ(w.ruleset->quotas, (std::vector<int>{8, 5, 3}));
  EXPECT_FALSE(w.ruleset->quotas_first_hand);
  // `play.first_lead` and `game.end` are replaced whole; their groups still merge.
  const std::string lead = dir.write("lead.yaml",
                                     "extends: nine-five-two\nplay:\n  first_lead: {card: 2C}\n"
                                     "game:\n  end: {target: null}\n");
  const auto& l = catalog.resolve(lead);
  ASSERT_TRUE(l.ruleset) << ::testing::PrintToString(describe(l.diagnostics));
  EXPECT_EQ(l.ruleset->first_lead, FirstLead::kCard);
  EXPECT_EQ(l.ruleset->first_lead_card, card("2C"));
  EXPECT_EQ(l.ruleset->trump_lead, TrumpLead::kAny);
  EXPECT_EQ(l.ruleset->end, GameEnd::kHandsRecorded);
  EXPECT_EQ(l.ruleset->tie, TieRule::kContinue);
  const std::string end =
      dir.write("end.yaml", "extends: pluck\ngame:\n  end: {target: 10, plucks_against: 3}\n");
  EXPECT_EQ(
      describe(catalog.resolve(end).diagnostics),
      (std::vector<std::string>{
          end +
          ":3:8: `game.end` is a map with one key: {target: 20}, {target: null}, {plucks_against: N} or "
          "{tricks_in_hand: N} [ruleset]"}));
  // The first-lead card must be in the deck.
  const std::string gone = dir.write("gone.yaml", "extends: pluck\nplay:\n  first_lead: {card: 2H}\n");
  EXPECT_EQ(describe(catalog.resolve(gone).diagnostics),
            (std::vector<std::string>{
                gone + ":3:15: the first-lead card 2H is not in this ruleset's deck [ruleset]"}));
}

TEST(RulesetLoader, TheLaterGamesValuesLoad) {
  TempDir dir;
  RulesetCatalog catalog;
  const std::string house = dir.write("house.yaml",
                                      "extends: pluck\nscoring:\n  kind: plucks\ngame:\n"
                                      "  end: {plucks_against: 10}\n");
  EXPECT_EQ(describe(catalog.resolve(house).diagnostics), std::vector<std::string>{});
  EXPECT_TRUE(catalog.resolve(house).ruleset);
  const std::string later = dir.write("later.yaml",
                                      "extends: pluck\nkitty:\n  taken_by: bidder\npenalty:\n"
                                      "  revoke: forfeit_hand\n");
  EXPECT_EQ(describe(catalog.resolve(later).diagnostics), std::vector<std::string>{});
  EXPECT_TRUE(catalog.resolve(later).ruleset);
}

// A file given as a ruleset may be anything: keys are named only when they
// look like options, values only when they are one short token.
TEST(RulesetLoader, InputIsQuotedOnlyWhenItLooksLikeTheFormat) {
  TempDir dir;
  RulesetCatalog catalog;
  const std::string path =
      dir.write("creds.yaml", "extends: pluck\nPassword: SECRET\nhands: []\nrotation: \"" + std::string(90, 'z') +
                                  "\"\ntrump:\n  chooser: pass it on\nquotas: {dealer: 7, Left: 6, right: 4}\n"
                                  "players: " + std::string(30, '9') + "\n");
  EXPECT_EQ(describe(catalog.resolve(path).diagnostics),
            (std::vector<std::string>{
                path + ":2:1: a key that is not a ruleset option [ruleset]",
                path + ":3:1: unknown ruleset option 'hands' [ruleset]",
                path + ":8:10: `players` must be between 2 and 8, not " + std::string(30, '9') + " [ruleset]",
                path + ":7:21: a key that is not a seat role in `quotas`; the roles are dealer, left, right (did you "
                       "mean 'left'?) [ruleset]",
                path + ":4:11: `rotation` must be one of left, right, by_result, not '" + std::string(79, 'z') +
                    "\xE2\x80\xA6' [ruleset]",
                path + ":6:12: `trump.chooser` must be one of dealer, left_of_dealer, bidder, any, not a value with "
                       "spaces or control characters [ruleset]",
            }));
  const std::string end = dir.write("end.yaml", "extends: pluck\ngame:\n  end: {Target Score: 3}\n");
  EXPECT_EQ(describe(catalog.resolve(end).diagnostics),
            (std::vector<std::string>{
                end + ":3:9: a key that is not a game end; use target, plucks_against or tricks_in_hand [ruleset]"}));
  const std::string dup = dir.write("dup.yaml", "Token: a\nToken: b\n");
  EXPECT_EQ(describe(catalog.resolve(dup).diagnostics),
            (std::vector<std::string>{dup + ":2:1: a duplicate key in a map (first given at line 1) [syntax]"}));
}

// `extends` links are followed up to Limits::max_extends (--max-extends), then one limit diagnostic.
TEST(RulesetLoader, ExtendsChainIsBounded) {
  TempDir dir;
  for (int i = 0; i < 5; ++i) {
    dir.write(fmt::format("r{}.yaml", i), fmt::format("extends: r{}.yaml\n", i + 1));
  }
  dir.write("r5.yaml", "extends: pluck\n");
  Limits three;
  three.max_extends = 3;
  RulesetCatalog catalog(three);
  const auto& res = catalog.resolve(dir.file("r0.yaml"));
  EXPECT_FALSE(res.ruleset);
  EXPECT_EQ(describe(res.diagnostics),
            (std::vector<std::string>{
                dir.file("r3.yaml") +
                ":1:10: the `extends` chain goes on past the limit of 3 links (raise it with --max-extends) [limit]"}));
  // r3 -> r4 -> r5 -> pluck: three links.
  EXPECT_TRUE(catalog.resolve(dir.file("r3.yaml")).ruleset);
  EXPECT_EQ(Limits{}.max_extends, 32U);
}

// Ruleset files are regular files; one named in a file (`extends:`, a
// record's `game:`) also ends in .yaml or .yml.
TEST(RulesetLoader, RulesetFilesAreRegularYamlFiles) {
  TempDir dir;
  RulesetCatalog catalog;
  ASSERT_EQ(::mkfifo(dir.file("pipe.yaml").c_str(), 0600), 0);
  const FifoWriterLater unblock(dir.file("pipe.yaml"));
  std::filesystem::create_symlink("/dev/null", dir.file("null.yaml"));
  std::filesystem::create_symlink("/proc/self/status", dir.file("status.yaml"));
  dir.write("house.json", "extends: pluck\n");
  const std::string pipe = dir.write("a.yaml", "extends: pipe.yaml\n");
  EXPECT_EQ(describe(catalog.resolve(pipe).diagnostics),
            (std::vector<std::string>{pipe + ":1:10: cannot read ruleset '" + dir.file("pipe.yaml") +
                                      "': is a named pipe (FIFO), not a regular file [ruleset]"}));
  const std::string null = dir.write("b.yaml", "extends: null.yaml\n");
  EXPECT_EQ(describe(catalog.resolve(null).diagnostics),
            (std::vector<std::string>{null + ":1:10: cannot read ruleset '" + dir.file("null.yaml") +
                                      "': is a device, not a regular file [ruleset]"}));
  const std::string status = dir.write("c.yaml", "extends: status.yaml\n");
  EXPECT_EQ(describe(catalog.resolve(status).diagnostics),
            (std::vector<std::string>{status + ":1:10: cannot read ruleset '" + dir.file("status.yaml") +
                                      "': is a kernel file (/proc, /sys), not a ruleset [ruleset]"}));
  const std::string json = dir.write("d.yaml", "extends: house.json\n");
  EXPECT_EQ(describe(catalog.resolve(json).diagnostics),
            (std::vector<std::string>{
                json + ":1:10: a ruleset path in a file must name a .yaml or .yml file, not 'house.json' [ruleset]"}));
  // Named by the user: any regular file, but still no FIFO.
  EXPECT_TRUE(catalog.resolve(dir.file("house.json")).ruleset);
  const auto& by_file = catalog.resolve("house.json", dir.path(), NamedBy::kFile);
  EXPECT_FALSE(by_file.ruleset);
  ASSERT_EQ(by_file.diagnostics.size(), 1U);
  EXPECT_EQ(by_file.diagnostics[0].message,
            "a ruleset path in a file must name a .yaml or .yml file, not 'house.json'");
  EXPECT_EQ(catalog.resolve(dir.file("pipe.yaml")).diagnostics.at(0).message,
            "cannot read ruleset '" + dir.file("pipe.yaml") + "': is a named pipe (FIFO), not a regular file");
  EXPECT_EQ(unblock.unblocked(), 0) << "the FIFO was waited on";
  Limits small;
  small.max_file_bytes = 10;
  RulesetCatalog strict(small);
  EXPECT_EQ(strict.resolve(dir.file("house.json")).diagnostics.at(0).message,
            "cannot read ruleset '" + dir.file("house.json") +
                "': the file is larger than the limit of 10 bytes (raise it with --max-file-size)");
}

}  // namespace trickref

namespace trickref {
namespace {

// Seats are 3, 4 or 5 (and 2): a five-player quota game names its two middle
// seats across_left and across_right; the quotas go by offset from the dealer.
TEST(RulesetLoader, FivePlayerQuotasNameEverySeat) {
  EXPECT_EQ(quota_roles(5),
            (std::vector<std::string_view>{"dealer", "left", "across_left", "across_right", "right"}));
  TempDir dir;
  RulesetCatalog catalog;
  const std::string five = dir.write(
      "five.yaml",
      "extends: nine-five-two\nplayers: 5\ndeal:\n  hand_size: 10\n  kitty: 2\nkitty:\n  discard: 2\n"
      "quotas: {dealer: 3, left: 2, across_left: 2, across_right: 2, right: 1}\n");
  const auto& got = catalog.resolve(five);
  EXPECT_EQ(describe(got.diagnostics), std::vector<std::string>{});
  ASSERT_TRUE(got.ruleset);
  EXPECT_EQ(got.ruleset->quotas, (std::vector<int>{3, 2, 2, 2, 1}));
  const std::string short_one =
      dir.write("short.yaml", "extends: nine-five-two\nplayers: 5\ndeal:\n  hand_size: 10\n  kitty: 2\nkitty:\n"
                              "  discard: 2\nquotas: {dealer: 3, left: 2, across: 2, right: 1}\n");
  EXPECT_EQ(describe(catalog.resolve(short_one).diagnostics),
            (std::vector<std::string>{
                short_one + ":8:30: unknown seat role 'across' in `quotas`; the roles are dealer, left, "
                            "across_left, across_right, right [ruleset]"}));
  // The engine plays it: five seats, every hand's tricks add up.
  PlayoutOptions po;
  po.seed = 3;
  const PlayedGame g = play_random_game(*got.ruleset, po);
  ASSERT_FALSE(g.hands.empty());
  for (const auto& h : g.hands) {
    EXPECT_EQ(std::accumulate(h.taken.begin(), h.taken.end(), 0), 10);
    EXPECT_EQ(h.quota[static_cast<std::size_t>(h.dealer)], 3);
    EXPECT_EQ(h.quota[static_cast<std::size_t>((h.dealer + 4) % 5)], 1) << "right of the dealer";
  }
}

}  // namespace
}  // namespace trickref
