#include "ruleset/ruleset_loader.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <numeric>
#include <set>

#include <fmt/format.h>

#include "base/io.h"
#include "ruleset/embedded.h"

namespace trickref {
namespace {

constexpr std::array kOptions = {
    OptionInfo{"players", "integer", "number of players; play passes to the next player in seat order"},
    OptionInfo{"deck.remove", "list of cards", "cards taken out of the standard 52"},
    OptionInfo{"deck.jokers", "0 | 2", "jokers added (BJ above LJ); they join the trump suit once it is named"},
    OptionInfo{"deal.hand_size", "integer", "cards dealt to each player (and tricks in a hand)"},
    OptionInfo{"deal.kitty", "integer", "cards dealt face down to the kitty"},
    OptionInfo{"quotas", "{dealer, left, right}", "tricks each seat must take, by position relative to the dealer"},
    OptionInfo{"quotas_first_hand", "{dealer, left, right} | null", "quotas for the first hand only"},
    OptionInfo{"rotation", "left | right", "where the deal passes after each hand"},
    OptionInfo{"trump.chooser", "dealer | left_of_dealer | bidder", "who names trump after the exchange"},
    OptionInfo{"kitty.taken_by", "dealer | bidder", "who takes the kitty after trump is named"},
    OptionInfo{"kitty.mode", "take_then_discard | discard_then_take",
               "whether the dealer discards after or before taking the kitty"},
    OptionInfo{"kitty.discard", "integer", "cards the kitty taker discards (defaults to deal.kitty)"},
    OptionInfo{"exchange.from_hand", "integer", "the first hand with plucks"},
    OptionInfo{"exchange.order", "most_first | least_first | highest_quota_first",
               "which plucker makes all of their plucks first (ties: new dealer, then left)"},
    OptionInfo{"exchange.give", "any | lowest_of_suit", "what the plucker may give"},
    OptionInfo{"exchange.return", "highest_including_received | highest_excluding_received",
               "what the pluckee gives back: the highest of the suit, counting the received card or not"},
    OptionInfo{"exchange.void", "return_received | lost",
               "with highest_excluding_received and no other card of the suit: the received card goes back, "
               "or nothing does"},
    OptionInfo{"exchange.distinct_suits", "false | true",
               "a plucker may not give two cards of one suit to the same pluckee in a hand"},
    OptionInfo{"exchange.waivable", "false | true", "owed plucks may be left unmade (a warning, not an error)"},
    OptionInfo{"exchange.show_kitty", "false | true",
               "a plucked dealer shows the plucker kitty cards of the plucked suit above the card given back"},
    OptionInfo{"play.first_lead", "{card: CARD} | left_of_dealer | trump_chooser",
               "who leads the first trick (the holder of CARD leads it)"},
    OptionInfo{"play.trump_lead", "after_broken | any", "whether trump may be led before a trump has been played"},
    OptionInfo{"play.trump_lead_when_only_trumps", "true | false",
               "a player holding only trumps may lead one before trumps are broken"},
    OptionInfo{"play.must_trump_if_void", "false | true", "a player void in the suit led must trump (later)"},
    OptionInfo{"play.must_overtrump", "false | true", "a player trumping must beat a trump already played (later)"},
    OptionInfo{"scoring.kind", "quota | plucks", "how hands score: tricks against quota (plucks: later)"},
    OptionInfo{"scoring.over", "integer", "points per trick over quota"},
    OptionInfo{"scoring.under", "integer <= 0", "points per trick short of quota"},
    OptionInfo{"game.end", "{target: N} | {target: null}",
               "the game ends after the first hand in which a score reaches N; null: the hands recorded"},
    OptionInfo{"game.tie", "continue | share", "a tie at the top: play on until one player leads, or joint winners"},
    OptionInfo{"penalty.revoke", "none | forfeit_hand", "what a revoke costs (forfeit_hand: later)"},
};

// Only these groups merge key by key; every other value (quotas,
// quotas_first_hand, play.first_lead, game.end included) is one flat entry
// and so replaces the inherited one whole.
constexpr std::array<std::string_view, 9> kGroups = {"deck", "deal",     "trump", "kitty",  "exchange",
                                                     "play", "scoring", "game",  "penalty"};
constexpr std::array<std::string_view, 3> kMetaKeys = {"name", "description", "extends"};

template <class Arr>
bool contains(const Arr& arr, std::string_view s) {
  return std::find(arr.begin(), arr.end(), s) != arr.end();
}

std::vector<std::string_view> option_paths() {
  std::vector<std::string_view> out;
  for (const auto& o : kOptions) {
    out.push_back(o.path);
  }
  for (auto g : kGroups) {
    out.push_back(g);
  }
  for (auto m : kMetaKeys) {
    out.push_back(m);
  }
  return out;
}

// The seat roles a `quotas` map names, by offset from the dealer going left;
// empty for a player count the quotas cannot yet describe.
std::vector<std::string_view> quota_roles(int players) {
  switch (players) {
    case 2:
      return {"dealer", "left"};
    case 3:
      return {"dealer", "left", "right"};
    case 4:
      return {"dealer", "left", "across", "right"};
    default:
      return {};
  }
}

bool looks_like_path(std::string_view ref) {
  auto ends = [&](std::string_view suf) {
    return ref.size() >= suf.size() && ref.substr(ref.size() - suf.size()) == suf;
  };
  return ref.find('/') != std::string_view::npos || ends(".yaml") || ends(".yml") || ends(".json");
}

// A ruleset's name heads columns, names directories (`simulate --out DIR`
// writes DIR/NAME/) and is echoed in messages: a plain word of at most 64
// characters, so no name from a file can hold a path, a control character or
// a screenful of text.
bool is_ruleset_name(std::string_view name) {
  const auto word = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  };
  return !name.empty() && name.size() <= 64 && word(name.front()) &&
         std::all_of(name.begin(), name.end(),
                     [&](char c) { return word(c) || c == '-' || c == '_' || c == '.' || c == '+'; });
}

// A file name's stem as a ruleset name: other characters become '-'.
std::string name_from_stem(std::string stem) {
  for (char& c : stem) {
    if (!is_ruleset_name(std::string(1, c)) && c != '-' && c != '_' && c != '.' && c != '+') {
      c = '-';
    }
  }
  if (stem.size() > 64) {
    stem.resize(64);
  }
  if (!is_ruleset_name(stem)) {
    stem = "ruleset-" + stem;
    stem.resize(std::min<std::size_t>(stem.size(), 64));
  }
  return is_ruleset_name(stem) ? stem : std::string("ruleset");
}

std::string stem_of(std::string_view path) {
  return std::filesystem::path(std::string(path)).stem().string();
}

bool has_yaml_extension(const std::filesystem::path& p) {
  std::string ext = p.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); });
  return ext == ".yaml" || ext == ".yml";
}

// A ruleset reference (`game:`, `extends:`, --rules) as messages show it.
std::string shown_ref(std::string_view ref) {
  return shown_input(ref, Quoted::kPath).value_or("(a name with control characters)");
}
std::string quoted_ref(std::string_view ref) {
  return quote_input(ref, Quoted::kPath).value_or("(a name with control characters)");
}

}  // namespace

std::span<const OptionInfo> ruleset_options() { return kOptions; }

// ------------------------------------------------------------- resolution

struct RulesetLayer {
  std::string display;
  std::string text;
  Document doc;
  std::unique_ptr<SourceText> source;
};

struct FlatEntry {
  Node key;
  Node value;
  const RulesetLayer* layer;
};

using FlatMap = std::map<std::string, FlatEntry, std::less<>>;

class RulesetResolver {
 public:
  RulesetResolver(RulesetCatalog& catalog, std::vector<Diagnostic>& diags)
      : catalog_(catalog), diags_(diags) {}

  // Loads `src` and everything it extends into `flat`. Returns the top layer or null.
  const RulesetLayer* load(const RulesetCatalog::Source& src, std::vector<std::string>& chain, FlatMap& flat) {
    auto layer = std::make_unique<RulesetLayer>();
    layer->display = src.display;
    layer->text = src.text;
    layer->source = std::make_unique<SourceText>(layer->text);
    DiagnosticSink sink(src.display);
    {
      // Keys a duplicate-key message may quote are those that look like options: the file may be anything.
      YamlReader reader(layer->text, catalog_.limits_, 1, Quoted::kOptionKey);
      const bool got = reader.next(layer->doc, sink);
      Document extra;
      if (got && reader.next(extra, sink)) {
        sink.report(Code::kRuleset, extra.start(), "a ruleset file holds one YAML document; this is a second");
      }
      if (!got && !sink.has_errors()) {
        sink.report(Code::kRuleset, Loc{1, 1}, "the ruleset file is empty");
      }
    }
    const RulesetLayer* raw = layer.get();
    layers_.push_back(std::move(layer));
    if (sink.has_errors()) {
      flush(sink, *raw);
      return nullptr;
    }
    const Node root = raw->doc.root();
    if (!root.is_map()) {
      sink.report(Code::kRuleset, root.loc(), fmt::format("a ruleset is a map of options, not {}", root.kind_name()));
      flush(sink, *raw);
      return nullptr;
    }
    if (const Node ext = root.find("extends"); ext.valid()) {
      if (!ext.is_scalar() || ext.scalar().empty()) {
        sink.report(Code::kRuleset, ext.loc(), "`extends` names one ruleset (a built-in name or a path)");
      } else if (chain.size() > catalog_.limits_.max_extends) {
        // Checked before reading the next file: a chain of thousands of files
        // (or one generated without end) costs no more than the limit.
        sink.report(Code::kLimit, ext.loc(),
                    fmt::format("the `extends` chain goes on past the limit of {} link{} (raise it with --max-extends)",
                                catalog_.limits_.max_extends, catalog_.limits_.max_extends == 1 ? "" : "s"));
      } else {
        std::string why;
        auto parent = catalog_.locate(ext.scalar(), src.dir, NamedBy::kFile, why);
        if (!parent) {
          sink.report(Code::kRuleset, ext.loc(), why);
        } else if (std::find(chain.begin(), chain.end(), parent->id) != chain.end()) {
          sink.report(Code::kRuleset, ext.loc(),
                      fmt::format("`extends: {}` makes a cycle: {} -> {}", shown_ref(ext.scalar()),
                                  fmt::join(display_chain_, " -> "), parent->display));
        } else {
          chain.push_back(parent->id);
          display_chain_.push_back(parent->display);
          const bool ok = load(*parent, chain, flat) != nullptr;
          chain.pop_back();
          display_chain_.pop_back();
          if (!ok) {
            sink.report(Code::kRuleset, ext.loc(),
                        fmt::format("the ruleset it extends ({}) is invalid", quoted_ref(ext.scalar())));
          }
        }
      }
    }
    overlay(root, "", *raw, flat, sink);
    flush(sink, *raw);
    return raw;
  }

  void start_chain(const std::string& display) { display_chain_ = {display}; }

  void flush(DiagnosticSink& sink, const RulesetLayer& layer) {
    auto diags = sink.take();
    layer.source->fix_columns(diags);
    for (auto& d : diags) {
      diags_.push_back(std::move(d));
    }
  }

 private:
  void overlay(Node map, const std::string& prefix, const RulesetLayer& layer, FlatMap& flat, DiagnosticSink& sink) {
    for (std::uint32_t i = 0; i < map.size(); ++i) {
      const Node k = map.key(i);
      const Node v = map.value(i);
      if (!k.is_scalar()) {
        sink.report(Code::kRuleset, k.loc(), "an option name must be a plain word");
        continue;
      }
      const std::string path = prefix.empty() ? std::string(k.scalar()) : prefix + "." + std::string(k.scalar());
      if (prefix.empty() && contains(kMetaKeys, path)) {
        continue;
      }
      if (prefix.empty() && contains(kGroups, path)) {
        if (v.is_map()) {
          overlay(v, path, layer, flat, sink);
        } else if (!v.is_null()) {
          // A group given as a value would otherwise be dropped without a word.
          sink.report(Code::kRuleset, v.loc(),
                      fmt::format("`{}` is a map of options, not {}", path, v.kind_name()));
        }
        continue;
      }
      flat[path] = FlatEntry{k, v, &layer};
    }
  }

  RulesetCatalog& catalog_;
  std::vector<Diagnostic>& diags_;
  std::vector<std::string> display_chain_;

 public:
  std::vector<std::unique_ptr<RulesetLayer>> layers_;
};

namespace {

// Turns the merged option map into a Ruleset, reporting every problem.
class RulesetBuilder {
 public:
  RulesetBuilder(const FlatMap& flat, std::vector<Diagnostic>& diags, const RulesetLayer* top)
      : flat_(flat), diags_(diags), top_(top) {}

  void error(const FlatEntry& e, Node at, std::string message) {
    Diagnostic d;
    d.severity = Severity::kError;
    d.code = Code::kRuleset;
    d.file = e.layer->display;
    d.loc = e.layer->source->to_chars(at.loc());
    d.message = std::move(message);
    diags_.push_back(std::move(d));
    ok_ = false;
  }

  const FlatEntry* get(std::string_view path) {
    const auto it = flat_.find(path);
    return it == flat_.end() ? nullptr : &it->second;
  }

  // Where to report numbers that disagree: the first of `paths` that the file being resolved sets itself
  // (an inherited value is not where the change was made), else the first set anywhere.
  const FlatEntry* blame(std::initializer_list<std::string_view> paths) {
    const FlatEntry* inherited = nullptr;
    for (const auto path : paths) {
      if (const auto* e = get(path)) {
        if (e->layer == top_) {
          return e;
        }
        if (inherited == nullptr) {
          inherited = e;
        }
      }
    }
    return inherited;
  }

  std::optional<int> integer(const FlatEntry& e, Node v, int lo, int hi, std::string_view what) {
    const auto s = v.scalar();
    int value = 0;
    const char* end = s.data() + s.size();
    const char* begin = s.data();
    if (!s.empty() && s.front() == '+') {
      ++begin;
    }
    const auto [ptr, ec] = std::from_chars(begin, end, value);
    if (!v.is_scalar() || v.quoted() || s.empty() || ec == std::errc::invalid_argument || ptr != end) {
      error(e, v, fmt::format("{} must be a whole number, not {}", what, describe(v)));
      return std::nullopt;
    }
    if (ec == std::errc::result_out_of_range || value < lo || value > hi) {
      // Only digits get here, but perhaps thousands of them.
      error(e, v, fmt::format("{} must be between {} and {}, not {}", what, lo, hi,
                              shown_input(s, Quoted::kToken).value_or("a number out of range")));
      return std::nullopt;
    }
    return value;
  }

  std::optional<int> integer(std::string_view path, int lo, int hi) {
    const auto* e = get(path);
    return e ? integer(*e, e->value, lo, hi, fmt::format("`{}`", path)) : std::nullopt;
  }

  std::optional<bool> boolean(std::string_view path) {
    const auto* e = get(path);
    if (!e) {
      return std::nullopt;
    }
    const auto s = e->value.scalar();
    if (e->value.is_scalar() && !e->value.quoted()) {
      if (s == "true" || s == "True" || s == "TRUE") {
        return true;
      }
      if (s == "false" || s == "False" || s == "FALSE") {
        return false;
      }
    }
    error(*e, e->value, fmt::format("`{}` must be true or false, not {}", path, describe(e->value)));
    return std::nullopt;
  }

  template <class E>
  std::optional<E> choice(std::string_view path, std::initializer_list<std::pair<std::string_view, E>> values) {
    const auto* e = get(path);
    if (!e) {
      return std::nullopt;
    }
    if (e->value.is_scalar()) {
      for (const auto& [name, value] : values) {
        if (e->value.scalar() == name) {
          return value;
        }
      }
    }
    std::vector<std::string_view> names;
    for (const auto& v : values) {
      names.push_back(v.first);
    }
    const std::string hint = e->value.is_scalar() ? suggest(e->value.scalar(), names) : std::string();
    error(*e, e->value,
          fmt::format("`{}` must be one of {}, not {}{}", path, fmt::join(names, ", "), describe(e->value),
                      hint.empty() ? "" : fmt::format(" (did you mean '{}'?)", hint)));
    return std::nullopt;
  }

  // A value as messages show it: quoted when it is one short token
  // (quote_input), else only what kind of value it is.
  static std::string describe(Node v) {
    if (!v.is_scalar()) {
      return std::string(v.kind_name());
    }
    return quote_input(v.scalar(), Quoted::kToken).value_or("a value with spaces or control characters");
  }

  void later(std::string_view path, std::string_view value) {
    error(*get(path), get(path)->value,
          fmt::format("`{}: {}` is not supported yet (it belongs to a later ruleset)", path, value));
  }

  std::optional<std::vector<int>> quotas(std::string_view path, int players) {
    const auto* e = get(path);
    if (!e) {
      return std::nullopt;
    }
    const Node v = e->value;
    if (!v.is_map()) {
      error(*e, v, fmt::format("`{}` is a map of seat roles to tricks ({{dealer: 7, left: 6, right: 4}}), not {}",
                               path, v.kind_name()));
      return std::nullopt;
    }
    const std::vector<std::string_view> roles = quota_roles(players);
    if (roles.empty()) {
      error(*e, v, fmt::format("quotas for {} players are not supported yet", players));
      return std::nullopt;
    }
    std::vector<int> out(roles.size(), -1);
    const std::size_t errors_before = diags_.size();
    for (std::uint32_t i = 0; i < v.size(); ++i) {
      const Node k = v.key(i);
      const auto it = std::find(roles.begin(), roles.end(), k.scalar());
      if (!k.is_scalar() || it == roles.end()) {
        const std::string hint = suggest(k.scalar(), roles);
        const auto role = k.is_scalar() ? quote_input(k.scalar(), Quoted::kOptionKey) : std::nullopt;
        error(*e, k, fmt::format("{} in `{}`; the roles are {}{}",
                                 role ? "unknown seat role " + *role : "a key that is not a seat role", path,
                                 fmt::join(roles, ", "),
                                 hint.empty() ? "" : fmt::format(" (did you mean '{}'?)", hint)));
        continue;
      }
      if (auto n = integer(*e, v.value(i), 0, 64, fmt::format("the {} quota", k.scalar()))) {
        out[static_cast<std::size_t>(it - roles.begin())] = *n;
      }
    }
    if (diags_.size() != errors_before) {
      return std::nullopt;  // a bad entry: its role is not reported missing as well
    }
    // Checked whatever went wrong elsewhere in the file, so one run reports every problem.
    bool complete = true;
    for (std::size_t i = 0; i < roles.size(); ++i) {
      if (out[i] < 0) {
        error(*e, v, fmt::format("`{}` lacks the {} quota (a {}-player ruleset needs {})", path, roles[i], players,
                                 fmt::join(roles, ", ")));
        complete = false;
      }
    }
    if (!complete) {
      return std::nullopt;
    }
    return out;
  }

  std::optional<Ruleset> build(Ruleset r) {
    // Unknown options first, with a suggestion.
    const auto known = option_paths();
    for (const auto& [path, e] : flat_) {
      if (!contains(known, path)) {
        const std::string hint = suggest(path, known);
        // Named only when it looks like an option: a file given as a ruleset by mistake (a record, a
        // key file, /etc/passwd) is not echoed key by key.
        const auto quoted = quote_input(path, Quoted::kOptionKey);
        error(e, e.key,
              fmt::format("{}{}", quoted ? "unknown ruleset option " + *quoted : "a key that is not a ruleset option",
                          hint.empty() ? "" : fmt::format(" (did you mean '{}'?)", hint)));
      }
    }
    if (auto v = integer("players", 2, 8)) {
      r.players = *v;
    }
    if (const auto* e = get("deck.remove")) {
      r.deck_remove.clear();
      if (!e->value.is_sequence()) {
        error(*e, e->value, fmt::format("`deck.remove` is a list of cards, not {}", e->value.kind_name()));
      } else {
        for (std::uint32_t i = 0; i < e->value.size(); ++i) {
          const Node c = e->value.item(i);
          const auto card = c.is_scalar() ? parse_card(c.scalar()) : std::nullopt;
          if (!card || card->is_joker()) {
            error(*e, c, fmt::format("`deck.remove` lists {}, which is not one of the 52 cards", describe(c)));
          } else if (std::find(r.deck_remove.begin(), r.deck_remove.end(), *card) != r.deck_remove.end()) {
            error(*e, c, fmt::format("`deck.remove` lists {} twice", to_string(*card)));
          } else {
            r.deck_remove.push_back(*card);
          }
        }
      }
    }
    if (const auto* e = get("deck.jokers")) {
      if (auto v = integer(*e, e->value, 0, 2, "`deck.jokers`")) {
        if (*v == 1) {
          error(*e, e->value, "`deck.jokers` is 0 or 2 (a big and a little joker)");
        } else {
          r.jokers = *v;
        }
      }
    }
    if (auto v = integer("deal.hand_size", 1, 60)) {
      r.hand_size = *v;
    }
    if (auto v = integer("deal.kitty", 0, 52)) {
      r.kitty = *v;
    }
    if (auto q = quotas("quotas", r.players)) {
      r.quotas = *q;
    }
    if (const auto* e = get("quotas_first_hand")) {
      if (e->value.is_null()) {
        r.quotas_first_hand.reset();
      } else if (auto q = quotas("quotas_first_hand", r.players)) {
        r.quotas_first_hand = *q;
      }
    }
    if (auto v = choice<Rotation>("rotation", {{"left", Rotation::kLeft}, {"right", Rotation::kRight}})) {
      r.rotation = *v;
    }
    if (auto v = choice<TrumpChooser>("trump.chooser", {{"dealer", TrumpChooser::kDealer},
                                                        {"left_of_dealer", TrumpChooser::kLeftOfDealer},
                                                        {"bidder", TrumpChooser::kBidder}})) {
      r.trump_chooser = *v;
      if (*v == TrumpChooser::kBidder) {
        later("trump.chooser", "bidder");
      }
    }
    if (auto v = choice<KittyTaker>("kitty.taken_by", {{"dealer", KittyTaker::kDealer}, {"bidder", KittyTaker::kBidder}})) {
      r.kitty_taken_by = *v;
      if (*v == KittyTaker::kBidder) {
        later("kitty.taken_by", "bidder");
      }
    }
    if (auto v = choice<KittyMode>("kitty.mode", {{"take_then_discard", KittyMode::kTakeThenDiscard},
                                                  {"discard_then_take", KittyMode::kDiscardThenTake}})) {
      r.kitty_mode = *v;
    }
    r.kitty_discard = r.kitty;
    if (auto v = integer("kitty.discard", 0, 52)) {
      r.kitty_discard = *v;
    }
    if (auto v = integer("exchange.from_hand", 1, 1000)) {
      r.exchange_from_hand = *v;
    }
    if (auto v = choice<PluckOrder>("exchange.order", {{"most_first", PluckOrder::kMostFirst},
                                                       {"least_first", PluckOrder::kLeastFirst},
                                                       {"highest_quota_first", PluckOrder::kHighestQuotaFirst}})) {
      r.pluck_order = *v;
    }
    if (auto v = choice<PluckGive>("exchange.give", {{"any", PluckGive::kAny}, {"lowest_of_suit", PluckGive::kLowestOfSuit}})) {
      r.pluck_give = *v;
    }
    if (auto v = choice<PluckReturn>("exchange.return",
                                     {{"highest_including_received", PluckReturn::kHighestIncludingReceived},
                                      {"highest_excluding_received", PluckReturn::kHighestExcludingReceived}})) {
      r.pluck_return = *v;
    }
    if (auto v = choice<PluckVoid>("exchange.void", {{"return_received", PluckVoid::kReturnReceived}, {"lost", PluckVoid::kLost}})) {
      r.pluck_void = *v;
    }
    if (auto v = boolean("exchange.distinct_suits")) {
      r.distinct_suits = *v ? DistinctSuits::kYes : DistinctSuits::kNo;
    }
    if (auto v = boolean("exchange.waivable")) {
      r.waivable = *v;
    }
    if (auto v = boolean("exchange.show_kitty")) {
      r.show_kitty = *v;
    }
    first_lead(r);
    if (auto v = choice<TrumpLead>("play.trump_lead", {{"after_broken", TrumpLead::kAfterBroken}, {"any", TrumpLead::kAny}})) {
      r.trump_lead = *v;
    }
    if (auto v = boolean("play.trump_lead_when_only_trumps")) {
      r.trump_lead_when_only_trumps = *v;
    }
    if (auto v = boolean("play.must_trump_if_void")) {
      r.must_trump_if_void = *v;
      if (*v) {
        later("play.must_trump_if_void", "true");
      }
    }
    if (auto v = boolean("play.must_overtrump")) {
      r.must_overtrump = *v;
      if (*v) {
        later("play.must_overtrump", "true");
      }
    }
    if (auto v = choice<ScoringKind>("scoring.kind", {{"quota", ScoringKind::kQuota}, {"plucks", ScoringKind::kPlucks}})) {
      r.scoring = *v;
      if (*v == ScoringKind::kPlucks) {
        later("scoring.kind", "plucks");
      }
    }
    if (auto v = integer("scoring.over", -100, 100)) {
      r.over = *v;
    }
    if (auto v = integer("scoring.under", -100, 0)) {
      r.under = *v;
    }
    game_end(r);
    if (auto v = choice<TieRule>("game.tie", {{"continue", TieRule::kContinue}, {"share", TieRule::kShare}})) {
      r.tie = *v;
    }
    if (auto v = choice<RevokePenalty>("penalty.revoke", {{"none", RevokePenalty::kNone}, {"forfeit_hand", RevokePenalty::kForfeitHand}})) {
      r.revoke_penalty = *v;
      if (*v == RevokePenalty::kForfeitHand) {
        later("penalty.revoke", "forfeit_hand");
      }
    }
    if (!ok_) {
      return std::nullopt;
    }
    consistency(r);
    if (!ok_) {
      return std::nullopt;
    }
    return r;
  }

 private:
  void first_lead(Ruleset& r) {
    const auto* e = get("play.first_lead");
    if (!e) {
      return;
    }
    const Node v = e->value;
    if (v.is_map()) {
      const Node c = v.find("card");
      if (v.size() != 1 || !c.valid()) {
        error(*e, v, "`play.first_lead` as a map is {card: CARD}, e.g. {card: 2C}");
        return;
      }
      const auto card = c.is_scalar() ? parse_card(c.scalar()) : std::nullopt;
      if (!card) {
        error(*e, c, fmt::format("`play.first_lead.card` must be a card, not {}", describe(c)));
        return;
      }
      r.first_lead = FirstLead::kCard;
      r.first_lead_card = *card;
      return;
    }
    if (v.is_scalar() && v.scalar() == "left_of_dealer") {
      r.first_lead = FirstLead::kLeftOfDealer;
    } else if (v.is_scalar() && v.scalar() == "trump_chooser") {
      r.first_lead = FirstLead::kTrumpChooser;
    } else {
      error(*e, v, fmt::format("`play.first_lead` must be {{card: CARD}}, left_of_dealer or trump_chooser, not {}",
                               describe(v)));
    }
  }

  void game_end(Ruleset& r) {
    const auto* e = get("game.end");
    if (!e) {
      return;
    }
    const Node v = e->value;
    if (!v.is_map() || v.size() != 1 || !v.key(0).is_scalar()) {
      error(*e, v, "`game.end` is a map with one key: {target: 20}, {target: null}, {plucks_against: N} "
                   "or {tricks_in_hand: N}");
      return;
    }
    const auto key = v.key(0).scalar();
    const Node val = v.value(0);
    if (key == "target") {
      if (val.is_null()) {
        r.end = GameEnd::kHandsRecorded;
        r.end_value = 0;
      } else if (auto n = integer(*e, val, 1, 100000, "`game.end.target`")) {
        r.end = GameEnd::kTarget;
        r.end_value = *n;
      }
    } else if (key == "plucks_against" || key == "tricks_in_hand") {
      error(*e, v.key(0), fmt::format("`game.end: {{{}: ...}}` is not supported yet (it belongs to a later ruleset)", key));
    } else {
      const auto quoted = quote_input(key, Quoted::kOptionKey);
      error(*e, v.key(0), fmt::format("{}; use target (plucks_against and tricks_in_hand come later)",
                                      quoted ? "unknown game end " + *quoted : "a key that is not a game end"));
    }
  }

  // Numbers that must agree for the game to be playable.
  void consistency(Ruleset& r) {
    CardSet deck = CardSet::standard();
    for (Card c : r.deck_remove) {
      deck.erase(c);
    }
    if (r.jokers == 2) {
      deck |= CardSet::jokers();
    }
    r.deck = deck;
    const FlatEntry* where = blame({"deal.hand_size", "deal.kitty", "players", "deck.remove", "deck.jokers"});
    auto fail = [&](const FlatEntry* at, std::string message) {
      if (at) {
        error(*at, at->value, std::move(message));
      } else {
        Diagnostic d;
        d.code = Code::kRuleset;
        d.message = std::move(message);
        diags_.push_back(std::move(d));
        ok_ = false;
      }
    };
    if (r.hand_size * r.players + r.kitty != deck.size()) {
      fail(where, fmt::format("the numbers do not work: {} players x {} cards + a kitty of {} = {}, but the deck "
                              "has {} cards",
                              r.players, r.hand_size, r.kitty, r.hand_size * r.players + r.kitty, deck.size()));
    }
    if (static_cast<int>(r.quotas.size()) != r.players) {
      fail(get("quotas"), fmt::format("`quotas` names {} seats but the game has {} players", r.quotas.size(), r.players));
    } else if (const int sum = std::accumulate(r.quotas.begin(), r.quotas.end(), 0); sum != r.tricks_per_hand()) {
      fail(blame({"quotas", "deal.hand_size"}),
           fmt::format("the quotas add up to {} but a hand has {} tricks", sum, r.tricks_per_hand()));
    }
    if (r.quotas_first_hand) {
      const int sum = std::accumulate(r.quotas_first_hand->begin(), r.quotas_first_hand->end(), 0);
      if (static_cast<int>(r.quotas_first_hand->size()) != r.players || sum != r.tricks_per_hand()) {
        fail(blame({"quotas_first_hand", "deal.hand_size"}),
             fmt::format("the first-hand quotas add up to {} but a hand has {} tricks", sum, r.tricks_per_hand()));
      }
    }
    if (r.kitty > 0 && r.kitty_discard != r.kitty) {
      fail(blame({"kitty.discard", "deal.kitty"}),
           fmt::format("the kitty taker discards {} cards but takes {}: hands would differ in size",
                       r.kitty_discard, r.kitty));
    }
    if (r.kitty == 0 && r.kitty_discard != 0) {
      fail(get("kitty.discard"), "`kitty.discard` must be 0 when there is no kitty");
    }
    if (r.first_lead == FirstLead::kCard && !deck.contains(r.first_lead_card)) {
      fail(blame({"play.first_lead", "deck.remove"}),
           fmt::format("the first-lead card {} is not in this ruleset's deck", to_string(r.first_lead_card)));
    }
  }

  const FlatMap& flat_;
  std::vector<Diagnostic>& diags_;
  const RulesetLayer* top_;
  bool ok_ = true;
};

std::string yaml_list(const std::vector<int>& quotas, int players) {
  const std::vector<std::string_view> roles = quota_roles(players);
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < quotas.size() && i < roles.size(); ++i) {
    parts.push_back(fmt::format("{}: {}", roles[i], quotas[i]));
  }
  return fmt::format("{{{}}}", fmt::join(parts, ", "));
}

}  // namespace

std::vector<std::pair<std::string, std::string>> option_values(const Ruleset& r) {
  auto b = [](bool v) { return std::string(v ? "true" : "false"); };
  std::vector<std::string> removed;
  for (Card c : r.deck_remove) {
    removed.push_back(to_string(c));
  }
  std::vector<std::pair<std::string, std::string>> out;
  auto add = [&](std::string_view path, std::string value) { out.emplace_back(std::string(path), std::move(value)); };
  add("players", std::to_string(r.players));
  add("deck.remove", fmt::format("[{}]", fmt::join(removed, ", ")));
  add("deck.jokers", std::to_string(r.jokers));
  add("deal.hand_size", std::to_string(r.hand_size));
  add("deal.kitty", std::to_string(r.kitty));
  add("quotas", yaml_list(r.quotas, r.players));
  add("quotas_first_hand", r.quotas_first_hand ? yaml_list(*r.quotas_first_hand, r.players) : "null");
  add("rotation", r.rotation == Rotation::kLeft ? "left" : "right");
  add("trump.chooser", r.trump_chooser == TrumpChooser::kDealer         ? "dealer"
                       : r.trump_chooser == TrumpChooser::kLeftOfDealer ? "left_of_dealer"
                                                                        : "bidder");
  add("kitty.taken_by", r.kitty_taken_by == KittyTaker::kDealer ? "dealer" : "bidder");
  add("kitty.mode", r.kitty_mode == KittyMode::kTakeThenDiscard ? "take_then_discard" : "discard_then_take");
  add("kitty.discard", std::to_string(r.kitty_discard));
  add("exchange.from_hand", std::to_string(r.exchange_from_hand));
  add("exchange.order", r.pluck_order == PluckOrder::kMostFirst    ? "most_first"
                        : r.pluck_order == PluckOrder::kLeastFirst ? "least_first"
                                                                   : "highest_quota_first");
  add("exchange.give", r.pluck_give == PluckGive::kAny ? "any" : "lowest_of_suit");
  add("exchange.return", r.pluck_return == PluckReturn::kHighestIncludingReceived ? "highest_including_received"
                                                                                  : "highest_excluding_received");
  add("exchange.void", r.pluck_void == PluckVoid::kReturnReceived ? "return_received" : "lost");
  add("exchange.distinct_suits", b(r.distinct_suits != DistinctSuits::kNo));
  add("exchange.waivable", b(r.waivable));
  add("exchange.show_kitty", b(r.show_kitty));
  add("play.first_lead", r.first_lead == FirstLead::kCard ? fmt::format("{{card: {}}}", to_string(r.first_lead_card))
                         : r.first_lead == FirstLead::kLeftOfDealer ? "left_of_dealer"
                                                                    : "trump_chooser");
  add("play.trump_lead", r.trump_lead == TrumpLead::kAfterBroken ? "after_broken" : "any");
  add("play.trump_lead_when_only_trumps", b(r.trump_lead_when_only_trumps));
  add("play.must_trump_if_void", b(r.must_trump_if_void));
  add("play.must_overtrump", b(r.must_overtrump));
  add("scoring.kind", r.scoring == ScoringKind::kQuota ? "quota" : "plucks");
  add("scoring.over", std::to_string(r.over));
  add("scoring.under", std::to_string(r.under));
  add("game.end", r.end == GameEnd::kTarget ? fmt::format("{{target: {}}}", r.end_value) : "{target: null}");
  add("game.tie", r.tie == TieRule::kContinue ? "continue" : "share");
  add("penalty.revoke", r.revoke_penalty == RevokePenalty::kNone ? "none" : "forfeit_hand");
  return out;
}

// ---------------------------------------------------------------- catalog

RulesetCatalog::RulesetCatalog(Limits limits) : limits_(limits) {
  for (const auto& f : embedded_rulesets()) {
    std::string name = stem_of(f.path);
    Document doc;
    DiagnosticSink sink;
    YamlReader reader(f.text, limits_);
    if (reader.next(doc, sink)) {
      const Node n = doc.root().is_map() ? doc.root().find("name") : Node();
      if (n.valid() && n.is_scalar() && !n.scalar().empty()) {
        name = std::string(n.scalar());
      }
    }
    builtin_by_name_.emplace(name, std::string(f.path));
  }
}

std::vector<std::string> RulesetCatalog::builtin_names() const {
  std::vector<std::string> out;
  for (const auto& [name, path] : builtin_by_name_) {
    out.push_back(name);
  }
  return out;
}

std::vector<BuiltinInfo> RulesetCatalog::builtins() const {
  std::vector<BuiltinInfo> out;
  for (const auto& [name, path] : builtin_by_name_) {
    BuiltinInfo b{name, path, {}, {}};
    for (const auto& f : embedded_rulesets()) {
      if (f.path != path) {
        continue;
      }
      Document doc;
      DiagnosticSink sink;
      YamlReader reader(f.text, limits_);
      if (reader.next(doc, sink) && doc.root().is_map()) {
        if (const Node d = doc.root().find("description"); d.valid()) {
          b.description = std::string(d.scalar());
        }
        if (const Node e = doc.root().find("extends"); e.valid()) {
          b.extends = std::string(e.scalar());
        }
      }
    }
    out.push_back(std::move(b));
  }
  return out;
}

std::optional<RulesetCatalog::Source> RulesetCatalog::locate(std::string_view ref,
                                                             const std::filesystem::path& base_dir, NamedBy by,
                                                             std::string& error) const {
  if (!looks_like_path(ref)) {
    const auto it = builtin_by_name_.find(std::string(ref));
    if (it == builtin_by_name_.end()) {
      std::vector<std::string_view> names;
      for (const auto& [name, path] : builtin_by_name_) {
        names.push_back(name);
      }
      const std::string hint = suggest(ref, names);
      const auto quoted = quote_input(ref, Quoted::kText);
      error = fmt::format("unknown ruleset {}{}; built-in rulesets: {}",
                          quoted ? *quoted : "(a name with control characters)",
                          hint.empty() ? "" : fmt::format(" (did you mean '{}'?)", hint), fmt::join(names, ", "));
      return std::nullopt;
    }
    for (const auto& f : embedded_rulesets()) {
      if (f.path == it->second) {
        return Source{"builtin:" + it->second, "rulesets/" + it->second, std::string(f.text), {}, stem_of(f.path)};
      }
    }
  }
  std::filesystem::path p(std::string{ref});
  if (p.is_relative() && !base_dir.empty()) {
    p = base_dir / p;
  }
  p = p.lexically_normal();
  // A file that may come from anywhere names YAML rulesets only: not a key
  // file, a record, a script or /proc/self/environ that happens to parse.
  if (by == NamedBy::kFile && !has_yaml_extension(p)) {
    error = fmt::format("a ruleset path in a file must name a .yaml or .yml file, not {}", quoted_ref(ref));
    return std::nullopt;
  }
  // Only a regular file outside /proc and /sys (base/io.h Readable::kPlainFile).
  auto read = read_file(p, limits_.max_file_bytes, Readable::kPlainFile);
  if (!read.error.empty()) {
    error = fmt::format("cannot read ruleset {}: {}", quoted_ref(p.string()), read.error);
    return std::nullopt;
  }
  std::string text = std::move(read.text);
  std::error_code ec;
  auto canonical = std::filesystem::weakly_canonical(p, ec);
  return Source{ec ? p.string() : canonical.string(), p.string(), std::move(text), p.parent_path(),
                p.stem().string()};
}

const RulesetResult& RulesetCatalog::resolve(std::string_view ref, const std::filesystem::path& base_dir,
                                             NamedBy by) {
  std::string why;
  auto src = locate(ref, base_dir, by, why);
  // Unresolved references are cached by who named them: a path refused in a file may be fine on the command line.
  const std::string key = src ? src->id
                              : fmt::format("unresolved:{}:{}@{}", static_cast<int>(by), ref, base_dir.string());
  if (auto it = cache_.find(key); it != cache_.end()) {
    return it->second;
  }
  RulesetResult result;
  if (!src) {
    Diagnostic d;
    d.code = Code::kRuleset;
    d.message = why;
    result.diagnostics.push_back(std::move(d));
    return cache_.emplace(key, std::move(result)).first->second;
  }
  RulesetResolver resolver(*this, result.diagnostics);
  resolver.start_chain(src->display);
  std::vector<std::string> chain{src->id};
  FlatMap flat;
  const RulesetLayer* top = resolver.load(*src, chain, flat);
  if (top != nullptr && std::none_of(result.diagnostics.begin(), result.diagnostics.end(),
                                     [](const Diagnostic& d) { return d.severity == Severity::kError; })) {
    RulesetBuilder builder(flat, result.diagnostics, top);
    // A ruleset without `extends` starts from Pluck's values (rules.md §3 defaults).
    Ruleset base;
    base.deck_remove = {Card::of(Suit::kDiamonds, 0), Card::of(Suit::kHearts, 0), Card::of(Suit::kSpades, 0)};
    base.jokers = 2;
    base.quotas = {7, 6, 4};
    if (auto built = builder.build(std::move(base))) {
      const Node root = top->doc.root();
      const Node name = root.find("name");
      built->name = name.valid() && name.is_scalar() && !name.scalar().empty() ? std::string(name.scalar())
                                                                                : name_from_stem(src->stem);
      if (!is_ruleset_name(built->name)) {
        std::vector<Diagnostic> bad(1);
        bad[0].code = Code::kRuleset;
        bad[0].file = src->display;
        bad[0].loc = name.loc();
        bad[0].message = "a ruleset's `name` is one word of letters, digits, '-', '_', '.' or '+' (at most 64 "
                         "characters, starting with a letter or digit)";
        top->source->fix_columns(bad);
        result.diagnostics.push_back(std::move(bad[0]));
        return cache_.emplace(key, std::move(result)).first->second;
      }
      const Node desc = root.find("description");
      built->description = desc.valid() ? std::string(desc.scalar()) : std::string();
      built->source = src->display;
      result.ruleset = std::make_shared<const Ruleset>(std::move(*built));
    }
  }
  return cache_.emplace(key, std::move(result)).first->second;
}

}  // namespace trickref
