#include "ruleset/ruleset_loader.h"

#include <algorithm>
#include <cctype>
#include <numeric>

#include <fmt/format.h>

#include "base/io.h"
#include "ruleset/embedded.h"

namespace trickref {
namespace {

// Only the option groups merge key by key; every other value (quotas,
// quotas_first_hand, play.first_lead, game.end included) is one flat entry
// and so replaces the inherited one whole.
bool is_group(std::string_view key) {
  const auto groups = ruleset_option_groups();
  return std::any_of(groups.begin(), groups.end(), [&](const OptionGroup& g) { return g.name == key; });
}

bool is_meta_key(std::string_view key) {
  const auto meta = ruleset_meta_keys();
  return std::any_of(meta.begin(), meta.end(), [&](const OptionGroup& g) { return g.name == key; });
}

// Every key a ruleset file may hold, for "did you mean": the options, then the groups, then the meta keys.
std::vector<std::string_view> known_keys() {
  std::vector<std::string_view> out;
  for (const auto& o : ruleset_options()) {
    out.push_back(o.path);
  }
  for (const auto& g : ruleset_option_groups()) {
    out.push_back(g.name);
  }
  for (const auto& m : ruleset_meta_keys()) {
    out.push_back(m.name);
  }
  return out;
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
  std::vector<Node> beneath;  // a map merged key by key: the values of the layers it extends, lowest first
};

// The options whose map merges key by key over the ruleset it extends
// (call-deuces.md §4: a house ruleset changes scoring.card_points card by
// card); every other value replaces the inherited one whole.
inline bool merged_by_key(std::string_view path) { return path == "scoring.card_points"; }

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
      if (prefix.empty() && is_meta_key(path)) {
        continue;
      }
      if (prefix.empty() && is_group(path)) {
        if (v.is_map()) {
          overlay(v, path, layer, flat, sink);
        } else if (!v.is_null()) {
          // A group given as a value would otherwise be dropped without a word.
          sink.report(Code::kRuleset, v.loc(),
                      fmt::format("`{}` is a map of options, not {}", path, v.kind_name()));
        }
        continue;
      }
      FlatEntry e{k, v, &layer, {}};
      if (const auto it = flat.find(path); it != flat.end() && merged_by_key(path) && v.is_map()) {
        e.beneath = it->second.beneath;
        e.beneath.push_back(it->second.value);
      }
      flat[path] = std::move(e);
    }
  }

  RulesetCatalog& catalog_;
  std::vector<Diagnostic>& diags_;
  std::vector<std::string> display_chain_;

 public:
  std::vector<std::unique_ptr<RulesetLayer>> layers_;
};

namespace {

// Turns the merged option map into a Ruleset, reporting every problem: each
// option read through the table, then the numbers that must agree across
// options. With the `extends` chain broken (`whole_chain` false) the options
// that loaded are still read, but nothing is built and the cross-option
// checks are skipped: the inherited values they would need are unknown.
class RulesetBuilder {
 public:
  RulesetBuilder(const FlatMap& flat, std::vector<Diagnostic>& diags, const RulesetLayer* top, bool whole_chain)
      : flat_(flat), diags_(diags), top_(top), whole_chain_(whole_chain) {}

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

  std::optional<Ruleset> build(Ruleset r) {
    // Unknown options first, with a suggestion.
    const auto known = known_keys();
    for (const auto& [path, e] : flat_) {
      if (std::find(known.begin(), known.end(), path) == known.end()) {
        const std::string hint = suggest(path, known);
        // Named only when it looks like an option: a file given as a ruleset by mistake (a record, a
        // key file, /etc/passwd) is not echoed key by key.
        const auto quoted = quote_input(path, Quoted::kOptionKey);
        error(e, e.key,
              fmt::format("{}{}", quoted ? "unknown ruleset option " + *quoted : "a key that is not a ruleset option",
                          hint.empty() ? "" : fmt::format(" (did you mean '{}'?)", hint)));
      }
    }
    // Then every option, in table order, by the one routine that reads them.
    for (const auto& spec : ruleset_options()) {
      const FlatEntry* e = get(spec.path);
      if (e == nullptr) {
        if (const OptionSpec* from = spec.follows.empty() ? nullptr : find_option(spec.follows)) {
          spec.access.set(r, from->access.get(r));
        }
        continue;
      }
      const OptionSource src{e->key, e->value,
                             [this, e](Node at, std::string message) { error(*e, at, std::move(message)); },
                             [this](std::string_view path) { return whole_chain_ || get(path) != nullptr; },
                             e->beneath};
      (void)parse_option(spec, src, r);
    }
    if (!ok_ || !whole_chain_) {
      return std::nullopt;
    }
    consistency(r);
    if (!ok_) {
      return std::nullopt;
    }
    return r;
  }

 private:
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
    const bool needs_quotas = r.scoring == ScoringKind::kQuota || r.scoring == ScoringKind::kPlucks;
    if (r.quotas.empty()) {
      if (needs_quotas) {
        fail(blame({"quotas", "scoring.kind"}),
             fmt::format("`scoring.kind: {}` scores tricks against quotas, but `quotas` is null",
                         r.scoring == ScoringKind::kQuota ? "quota" : "plucks"));
      }
    } else if (static_cast<int>(r.quotas.size()) != r.players) {
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
    if (r.deal_before_trump > r.hand_size) {
      fail(blame({"deal.before_trump", "deal.hand_size"}),
           fmt::format("`deal.before_trump` deals {} cards each before trump, but a hand has {}", r.deal_before_trump,
                       r.hand_size));
    }
    if (r.partnership == Partnership::kOpposite && r.players % 2 != 0) {
      fail(blame({"partnership", "players"}),
           fmt::format("partners sit opposite, but {} players cannot sit in two sides", r.players));
    }
    if (r.rotation == Rotation::kByResult && r.partnership != Partnership::kOpposite) {
      fail(blame({"rotation", "partnership"}),
           "`rotation: by_result` names the dealer's partner, so it needs `partnership: opposite`");
    }
    if (r.has_auction()) {
      if (r.bidding.min > r.bidding.max) {
        fail(blame({"bidding.min", "bidding.max"}),
             fmt::format("the lowest bid {} is above the highest {}", r.bidding.min, r.bidding.max));
      }
      if (r.scoring == ScoringKind::kPoints) {
        // call-deuces.md §3: the bid range lies within 1 .. the hand's total points.
        long long total = static_cast<long long>(r.hand_size) * r.per_trick;
        for (Card c : deck) {
          total += r.card_points[static_cast<std::size_t>(c.index())];
        }
        if (r.bidding.max > total) {
          fail(blame({"bidding.max", "scoring.per_trick", "scoring.card_points", "deal.hand_size"}),
               fmt::format("the highest bid {} is more than a hand's {} points", r.bidding.max, total));
        }
      }
    }
    if (r.partner_by == PartnerBy::kCard) {
      // call-deuces.md §3: partner.card is in the deck (whatever suit is trump, when its suit is trump).
      bool in_deck = true;
      for (int s = 0; s < kSuitCount; ++s) {
        if (!r.partner_suit || static_cast<int>(*r.partner_suit) == s) {
          in_deck = in_deck && deck.contains(Card::of(static_cast<Suit>(s), r.partner_rank));
        }
      }
      if (!in_deck) {
        fail(blame({"partner.card", "deck.remove"}), "the partner card is not in this ruleset's deck");
      }
    }
    if (r.end == GameEnd::kTricksInHand && r.end_value > r.tricks_per_hand()) {
      fail(blame({"game.end", "deal.hand_size"}),
           fmt::format("`game.end: {{tricks_in_hand: {}}}` can never be reached: a hand has {} tricks", r.end_value,
                       r.tricks_per_hand()));
    }
  }

  const FlatMap& flat_;
  std::vector<Diagnostic>& diags_;
  const RulesetLayer* top_;
  bool whole_chain_;
  bool ok_ = true;
};

}  // namespace

// ---------------------------------------------------------------- catalog

// A built-in ruleset is named by its file name without extension, which is
// also its `name:` (a test holds every built-in to that), so finding one
// parses nothing: every command builds a catalog, whatever it reads.
RulesetCatalog::RulesetCatalog(Limits limits) : limits_(limits) {
  for (const auto& f : embedded_rulesets()) {
    builtin_by_name_.emplace(stem_of(f.path), std::string(f.path));
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
      // The games' own rulesets by name; the house variants (rulesets/house/)
      // counted, so the message stays one readable line as they grow.
      std::vector<std::string_view> names;
      std::vector<std::string_view> games;
      for (const auto& [name, path] : builtin_by_name_) {
        names.push_back(name);
        if (path.find('/') == std::string::npos) {
          games.push_back(name);
        }
      }
      const std::string hint = suggest(ref, names);
      const auto quoted = quote_input(ref, Quoted::kText);
      const std::size_t house = names.size() - games.size();
      error = fmt::format("unknown ruleset {}{}; built-in rulesets: {}{}",
                          quoted ? *quoted : "(a name with control characters)",
                          hint.empty() ? "" : fmt::format(" (did you mean '{}'?)", hint), fmt::join(games, ", "),
                          house == 0 ? std::string()
                                     : fmt::format(", and {} house variants (`trickref rules list`)", house));
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
  const std::string_view dir = base_dir.native();
  if (const auto it = resolved_.find(std::tuple(by, ref, dir)); it != resolved_.end()) {
    return *it->second;
  }
  const RulesetResult& result = resolve_anew(ref, base_dir, by);
  resolved_.emplace(Reference(by, ref, dir), &result);
  return result;
}

const RulesetResult& RulesetCatalog::resolve_anew(std::string_view ref, const std::filesystem::path& base_dir,
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
  if (top != nullptr) {
    // A file that read as a map of options is checked whole, even when its
    // `extends` (or anything else it loaded) failed: one run reports every
    // problem. Only then is a ruleset built.
    const bool whole_chain = std::none_of(result.diagnostics.begin(), result.diagnostics.end(),
                                          [](const Diagnostic& d) { return d.severity == Severity::kError; });
    RulesetBuilder builder(flat, result.diagnostics, top, whole_chain);
    // A ruleset without `extends` starts from each option's default (Pluck's values, rules.md §3).
    auto built = builder.build(default_ruleset());
    const Node root = top->doc.root();
    const Node name = root.find("name");
    const std::string named = name.valid() && name.is_scalar() && !name.scalar().empty()
                                  ? std::string(name.scalar())
                                  : name_from_stem(src->stem);
    if (!is_ruleset_name(named)) {
      std::vector<Diagnostic> bad(1);
      bad[0].code = Code::kRuleset;
      bad[0].file = src->display;
      bad[0].loc = name.loc();
      bad[0].message = "a ruleset's `name` is one word of letters, digits, '-', '_', '.' or '+' (at most 64 "
                       "characters, starting with a letter or digit)";
      top->source->fix_columns(bad);
      result.diagnostics.push_back(std::move(bad[0]));
      built.reset();
    }
    if (built) {
      built->name = named;
      const Node desc = root.find("description");
      built->description = desc.valid() ? std::string(desc.scalar()) : std::string();
      built->source = src->display;
      result.ruleset = std::make_shared<const Ruleset>(std::move(*built));
    }
  }
  return cache_.emplace(key, std::move(result)).first->second;
}

}  // namespace trickref
