#include "analyse/render.h"

#include <algorithm>
#include <string_view>

#include <fmt/format.h>

#include "base/text.h"
#include "page/kit.h"

namespace trickref {
namespace analyse_words {

enum class TargetKind : std::uint8_t { kQuota, kBid, kMajority };

static TargetKind target_kind(const HandAnalysis& h) {
  return h.three_player ? TargetKind::kQuota : h.points ? TargetKind::kBid : TargetKind::kMajority;
}

static std::string side_name(const GameReport& g, const AnalysedSide& s) {
  std::string out;
  for (const int seat : s.seats) {
    out += out.empty() ? "" : " & ";
    out += g.players[static_cast<std::size_t>(seat)];
  }
  return out;
}

static std::string amount(int n, bool points) {
  if (points) {
    return n == 1 ? std::string("a point") : fmt::format("{} points", n);
  }
  return n == 1 ? std::string("a trick") : fmt::format("{} tricks", n);
}

static std::string value_text(int v, bool points) {
  return points ? fmt::format("{} {}", v, v == 1 ? "point" : "points") : fmt::format("{}", v);
}

// "2H", "2H or 3H", "AH, KH or QH".
static std::string or_list(const std::vector<Card>& cards) {
  std::string out;
  for (std::size_t i = 0; i < cards.size(); ++i) {
    if (i > 0) {
      out += i + 1 == cards.size() ? " or " : ", ";
    }
    out += to_string(cards[i]);
  }
  return out;
}

// "of their quota 6", "of their bid 19", "of the 7 that win the hand".
static std::string of_target(const HandAnalysis& h, int target) {
  switch (target_kind(h)) {
    case TargetKind::kQuota:
      return fmt::format(" of their quota {}", target);
    case TargetKind::kBid:
      return fmt::format(" of their bid {}", target);
    case TargetKind::kMajority:
      break;
  }
  return fmt::format(" of the {} that win the hand", target);
}

static std::string_view lost_here(const HandAnalysis& h) {
  switch (target_kind(h)) {
    case TargetKind::kQuota:
      return "the quota was lost here";
    case TargetKind::kBid:
      return "the contract was set here";
    case TargetKind::kMajority:
      break;
  }
  return "the hand was lost here";
}

static std::string_view target_word(const HandAnalysis& h) {
  switch (target_kind(h)) {
    case TargetKind::kQuota:
      return "the quota";
    case TargetKind::kBid:
      return "the bid";
    case TargetKind::kMajority:
      break;
  }
  return "the hand";
}

static std::string par_line(const GameReport& g, const HandAnalysis& h, const std::vector<std::size_t>& shown) {
  std::string out = "par: ";
  std::optional<int> majority;
  for (std::size_t i = 0; i < shown.size(); ++i) {
    const std::size_t k = shown[i];
    const AnalysedSide& s = h.sides[k];
    out += i > 0 ? ", " : "";
    out += side_name(g, s) + " " + value_text(h.par[k], h.points);
    if (s.target) {
      switch (target_kind(h)) {
        case TargetKind::kQuota:
          out += fmt::format(" (quota {})", *s.target);
          break;
        case TargetKind::kBid:
          out += fmt::format(" (bid {})", *s.target);
          break;
        case TargetKind::kMajority:
          majority = *s.target;
          break;
      }
    }
  }
  if (majority) {
    out += fmt::format(" ({} tricks win the hand)", *majority);
  }
  return out;
}

static const DecisivePlay* decisive_of(const HandAnalysis& h, std::size_t play) {
  for (const auto& d : h.decisive) {
    if (static_cast<std::size_t>(d.play) == play) {
      return &d;
    }
  }
  return nullptr;
}

// "trick 6, Bob: 9H cost Bob a trick (6 → 5 of their quota 6); 2H or 3H kept it: the quota was lost here"
static std::string cost_line(const GameReport& g, const HandAnalysis& h, std::size_t i) {
  const AnalysedPlay& p = h.plays[i];
  const AnalysedSide& s = h.sides[static_cast<std::size_t>(p.side)];
  std::string out = fmt::format("trick {}, {}: {}{} cost {} {} ({} → {}", p.trick, g.players[static_cast<std::size_t>(p.seat)],
                                to_string(p.card), p.legal ? "" : " (not a legal card)", side_name(g, s),
                                amount(p.cost(), h.points), p.before, p.after);
  if (s.target) {
    out += of_target(h, *s.target);
  }
  out += ")";
  if (!p.best.empty()) {
    out += "; " + or_list(p.best) + " kept it";
  }
  if (const DecisivePlay* d = decisive_of(h, i)) {
    if (d->kept != p.best && !d->kept.empty()) {
      out += fmt::format(" ({} kept {})", or_list(d->kept), target_word(h));
    }
    out += fmt::format(": {}", lost_here(h));
  }
  return out;
}

static std::string game_title(const GameReport& g) {
  std::string out = fmt::format("{}: game {}", g.file, g.index + 1);
  if (!g.id.empty()) {
    out += fmt::format(" ({})", g.id);
  }
  if (!g.ruleset.empty()) {
    out += ", " + g.ruleset;
  }
  if (!g.players.empty()) {
    out += ": ";
    for (std::size_t i = 0; i < g.players.size(); ++i) {
      out += (i > 0 ? ", " : "") + g.players[i];
    }
  }
  return out;
}

// Why a game was not analysed at all (it could not be refereed).
static std::string game_note(const GameReport& g) {
  for (const auto& d : g.diagnostics) {
    if (d.severity == Severity::kError) {
      return "not analysed: " + d.message;
    }
  }
  return "not analysed: the record could not be refereed";
}

static bool refereed(const AnalysedGame& a) { return a.report.result && a.report.result->refereed && a.report.rules; }

// The sides shown for --for: those holding the player (all without --for).
static std::vector<std::size_t> shown_sides(const AnalysisView& v, const GameReport& g, const HandAnalysis& h) {
  std::vector<std::size_t> out;
  for (std::size_t k = 0; k < h.sides.size(); ++k) {
    const auto& seats = h.sides[k].seats;
    if (!v.for_player || std::any_of(seats.begin(), seats.end(), [&](int s) {
          return g.players[static_cast<std::size_t>(s)] == *v.for_player;
        })) {
      out.push_back(k);
    }
  }
  return out;
}

static std::string hand_heading(const GameReport& g, const HandAnalysis& h) {
  std::string out = fmt::format("hand {}", h.number);
  if (h.trump) {
    out += fmt::format(", trump {}", suit_letter(*h.trump));
  }
  if (h.leader >= 0 && h.analysed) {
    out += fmt::format(", {} leads", g.players[static_cast<std::size_t>(h.leader)]);
  }
  return out;
}

// The plays that cost something, worst first (then in play order), of the sides shown.
static std::vector<std::size_t> costly(const HandAnalysis& h, const std::vector<std::size_t>& shown) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < h.plays.size(); ++i) {
    const auto side = static_cast<std::size_t>(h.plays[i].side);
    if (h.plays[i].cost() > 0 && std::find(shown.begin(), shown.end(), side) != shown.end()) {
      out.push_back(i);
    }
  }
  std::stable_sort(out.begin(), out.end(),
                   [&](std::size_t a, std::size_t b) { return h.plays[a].cost() > h.plays[b].cost(); });
  return out;
}

static std::string text_report(const AnalysisView& v) {
  std::string out;
  bool floor_said = false;
  int hands = 0;
  int analysed = 0;
  int unsolved = 0;
  const std::string unsolved_note = not_solved_note(v.max_nodes);
  for (const AnalysedGame& a : *v.games) {
    const GameReport& g = a.report;
    out += out.empty() ? "" : "\n";
    out += printable(game_title(g)) + "\n";
    if (!refereed(a)) {
      out += "  " + printable(game_note(g)) + "\n";
      continue;
    }
    if (v.for_player && std::find(g.players.begin(), g.players.end(), *v.for_player) == g.players.end()) {
      out += fmt::format("  {} does not play in this game\n", printable(*v.for_player));
      continue;
    }
    for (const HandAnalysis& h : a.hands) {
      ++hands;
      if (!h.analysed) {
        unsolved += h.note == unsolved_note ? 1 : 0;
        out += printable(fmt::format("{}: not analysed: {}", hand_heading(g, h), h.note)) + "\n";
        continue;
      }
      ++analysed;
      if (h.three_player && !floor_said) {
        floor_said = true;
        out += "  (par in a three-player game is what a player makes against the other two playing together: a "
               "floor of what they can make)\n";
      }
      const auto shown = shown_sides(v, g, h);
      out += printable(hand_heading(g, h)) + "\n";
      out += "  " + printable(par_line(g, h, shown)) + "\n";
      if (v.par_only) {
        continue;
      }
      const auto lines = costly(h, shown);
      for (const std::size_t i : lines) {
        out += "  " + printable(cost_line(g, h, i)) + "\n";
      }
      if (lines.empty()) {
        out += "  no card played cost anything\n";
      }
      if (!h.note.empty()) {
        out += "  note: " + printable(h.note) + "\n";
      }
    }
  }
  out += out.empty() ? "" : "\n";
  out += fmt::format("{} of {} {} analysed", analysed, hands, hands == 1 ? "hand" : "hands");
  if (unsolved > 0) {
    out += fmt::format("; {} not solved within {} nodes (--max-nodes)", unsolved, v.max_nodes);
  }
  out += "\n";
  return out;
}

static nlohmann::ordered_json cards_json(const std::vector<Card>& cards) {
  auto j = nlohmann::ordered_json::array();
  for (const Card c : cards) {
    j.push_back(to_string(c));
  }
  return j;
}

static nlohmann::ordered_json side_json(const GameReport& g, const AnalysedSide& s) {
  auto j = nlohmann::ordered_json::array();
  for (const int seat : s.seats) {
    j.push_back(g.players[static_cast<std::size_t>(seat)]);
  }
  return j;
}

static nlohmann::ordered_json hand_json(const GameReport& g, const HandAnalysis& h, bool par_only) {
  nlohmann::ordered_json j;
  j["number"] = h.number;
  j["analysed"] = h.analysed;
  if (!h.analysed) {
    j["note"] = h.note;
    return j;
  }
  j["trump"] = h.trump ? std::string(1, suit_letter(*h.trump)) : std::string("?");
  j["leader"] = g.players[static_cast<std::size_t>(h.leader)];
  auto par = nlohmann::ordered_json::array();
  for (std::size_t k = 0; k < h.sides.size(); ++k) {
    nlohmann::ordered_json p;
    p["side"] = side_json(g, h.sides[k]);
    p["value"] = h.par[k];
    p["target"] = h.sides[k].target ? nlohmann::ordered_json(*h.sides[k].target) : nlohmann::ordered_json(nullptr);
    par.push_back(std::move(p));
  }
  j["par"] = std::move(par);
  if (!par_only) {
    auto plays = nlohmann::ordered_json::array();
    for (const auto& p : h.plays) {
      nlohmann::ordered_json o;
      o["trick"] = p.trick;
      o["player"] = g.players[static_cast<std::size_t>(p.seat)];
      o["card"] = to_string(p.card);
      o["side"] = side_json(g, h.sides[static_cast<std::size_t>(p.side)]);
      o["before"] = p.before;
      o["after"] = p.after;
      o["cost"] = p.cost();
      o["best"] = cards_json(p.best);
      o["legal"] = p.legal;
      plays.push_back(std::move(o));
    }
    j["plays"] = std::move(plays);
    auto decisive = nlohmann::ordered_json::array();
    for (const auto& d : h.decisive) {
      const AnalysedPlay& p = h.plays[static_cast<std::size_t>(d.play)];
      nlohmann::ordered_json o;
      o["side"] = side_json(g, h.sides[static_cast<std::size_t>(d.side)]);
      o["player"] = g.players[static_cast<std::size_t>(p.seat)];
      o["trick"] = p.trick;
      o["card"] = to_string(p.card);
      o["before"] = p.before;
      o["after"] = p.after;
      o["target"] = d.target;
      o["kept"] = cards_json(d.kept);
      decisive.push_back(std::move(o));
    }
    j["decisive"] = std::move(decisive);
  }
  if (!h.note.empty()) {
    j["note"] = h.note;
  }
  return j;
}

static nlohmann::ordered_json json_report(const AnalysisView& v) {
  nlohmann::ordered_json root;
  auto games = nlohmann::ordered_json::array();
  int hands = 0;
  int analysed = 0;
  for (const AnalysedGame& a : *v.games) {
    const GameReport& g = a.report;
    nlohmann::ordered_json o;
    o["file"] = g.file;
    o["index"] = g.index;
    if (!g.id.empty()) {
      o["id"] = g.id;
    }
    if (!g.ruleset.empty()) {
      o["ruleset"] = g.ruleset;
    }
    o["players"] = g.players;
    auto list = nlohmann::ordered_json::array();
    for (const HandAnalysis& h : a.hands) {
      ++hands;
      analysed += h.analysed ? 1 : 0;
      list.push_back(hand_json(g, h, v.par_only));
    }
    o["hands"] = std::move(list);
    if (!refereed(a)) {
      o["note"] = game_note(g);
    }
    games.push_back(std::move(o));
  }
  root["games"] = std::move(games);
  root["summary"] = {{"games", v.games->size()}, {"hands", hands}, {"analysed", analysed}};
  return root;
}

// The page's own look (not the standings' and study's of page/kit.h): a
// smaller type for the hand diagrams, the cards marked by what they cost.
constexpr std::string_view kHtmlStyle = R"(
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1d1d1f;margin:0 auto;max-width:1180px;padding:10px 12px}
h1{font-size:1.35em;margin:.4em 0}h2{font-size:1.1em;margin:1.4em 0 .3em;overflow-wrap:anywhere}
.note,.meta{color:#555}.key{display:flex;flex-wrap:wrap;gap:6px 14px;font-size:.9em;margin:.4em 0 1em}
section.hand{border:1px solid #d0d0d5;border-radius:8px;padding:8px 10px;margin:12px 0}
section.hand h3{font-size:1em;margin:0 0 .3em}
.par{margin:.2em 0 .5em}
.seats{display:grid;grid-template-columns:repeat(auto-fit,minmax(160px,1fr));gap:6px;margin:.4em 0}
.seat{border:1px solid #e0e0e5;border-radius:6px;padding:4px 6px;background:#fafafa}
.seat .who{font-weight:600;overflow-wrap:anywhere}.seat .who small{font-weight:400;color:#555}
.suit{white-space:normal;margin:1px 0}.sym{display:inline-block;width:1.1em}
.c{display:inline-block;font-family:ui-monospace,Menlo,Consolas,monospace;padding:0 3px;margin:1px 0;border-radius:3px}
.red{color:#c0162c}
.k1{background:#ffe08a}.k2{background:#ffb36b}.k3{background:#ff7b6b}
.gain{background:#c9f0c9}
.ill{text-decoration:underline wavy #7a1fa2}
.dec{outline:2px solid #1d1d1f;font-weight:700}
.un{color:#999}
table.tricks{border-collapse:collapse;margin:.4em 0;font-size:.92em}
table.tricks th,table.tricks td{border:1px solid #e0e0e5;padding:1px 5px;text-align:left}
table.tricks th{background:#f2f2f5;font-weight:600}
.lead{font-weight:700}
sup{font-size:.75em}
ul.costs{padding-left:1.2em;margin:.4em 0}ul.costs li{margin:.15em 0;overflow-wrap:anywhere}
.scroll{overflow-x:auto}
)";

static std::string suit_symbol(Suit s) {
  switch (s) {
    case Suit::kClubs:
      return "\u2663";
    case Suit::kDiamonds:
      return "\u2666";
    case Suit::kHearts:
      return "\u2665";
    case Suit::kSpades:
      break;
  }
  return "\u2660";
}

static bool red(Suit s) { return s == Suit::kHearts || s == Suit::kDiamonds; }

// A card's face: its rank and suit symbol ("9♥"), a joker as written.
static std::string face(Card c) {
  const std::string t = to_string(c);
  if (c.is_joker() || t.size() < 2) {
    return t;
  }
  return t.substr(0, t.size() - 1) + suit_symbol(c.suit());
}

static std::string card_span(const HandAnalysis& h, Card c, const std::vector<int>& play_of, bool with_suit) {
  std::string cls = "c";
  std::string title;
  const int i = play_of[static_cast<std::size_t>(c.index())];
  if (i < 0) {
    cls += " un";
    title = "not played";
  } else {
    const AnalysedPlay& p = h.plays[static_cast<std::size_t>(i)];
    const int cost = p.cost();
    // The bands of the key: tricks, or card points (1-4, 5-9, 10 and more).
    const int band = !h.points ? cost : cost >= 10 ? 3 : cost >= 5 ? 2 : cost > 0 ? 1 : cost;
    cls += band >= 3 ? " k3" : band == 2 ? " k2" : band == 1 ? " k1" : cost < 0 ? " gain" : "";
    cls += p.legal ? "" : " ill";
    cls += decisive_of(h, static_cast<std::size_t>(i)) != nullptr ? " dec" : "";
    title = fmt::format("trick {}: {} → {}{}{}", p.trick, p.before, p.after, cost > 0 ? fmt::format(", cost {}", cost) : "",
                        p.legal ? "" : ", not legal");
  }
  if (!c.is_joker() && red(c.suit())) {
    cls += " red";
  }
  const std::string text = with_suit ? face(c) : to_string(c).substr(0, to_string(c).size() - 1);
  return fmt::format("<span class=\"{}\" title=\"{}\">{}</span>", cls, html_text(title), html_text(c.is_joker() ? to_string(c) : text));
}

static void html_hand(std::string& out, const GameReport& g, const HandAnalysis& h, bool par_only) {
  out += fmt::format("<section class=\"hand\"><h3>{}</h3>\n", html_text(hand_heading(g, h)));
  if (!h.analysed) {
    out += fmt::format("<p class=\"note\">Not analysed: {}</p></section>\n", html_text(h.note));
    return;
  }
  std::vector<std::size_t> all;
  for (std::size_t k = 0; k < h.sides.size(); ++k) {
    all.push_back(k);
  }
  out += fmt::format("<p class=\"par\">{}</p>\n", html_text(par_line(g, h, all)));
  std::vector<int> play_of(64, -1);
  for (std::size_t i = 0; i < h.plays.size(); ++i) {
    play_of[static_cast<std::size_t>(h.plays[i].card.index())] = static_cast<int>(i);
  }
  // The diagram: each player's cards at the first lead, by suit.
  out += "<div class=\"seats\">\n";
  for (std::size_t s = 0; s < h.hands.size(); ++s) {
    std::string quota;
    // Beside a player: their quota, or the bid of the side they play for.
    for (const auto& side : h.sides) {
      const bool in = std::find(side.seats.begin(), side.seats.end(), static_cast<int>(s)) != side.seats.end();
      if (in && side.target && target_kind(h) != TargetKind::kMajority) {
        quota = fmt::format(" <small>{} {}</small>", target_kind(h) == TargetKind::kBid ? "bid" : "quota", *side.target);
      }
    }
    out += fmt::format("<div class=\"seat\"><div class=\"who\">{}{}</div>\n", html_text(g.players[s]), quota);
    for (const Suit suit : {Suit::kSpades, Suit::kHearts, Suit::kDiamonds, Suit::kClubs}) {
      std::vector<Card> cards;
      for (const Card c : h.hands[s] & CardSet::suit(suit)) {
        cards.push_back(c);
      }
      std::sort(cards.begin(), cards.end(), [](Card a, Card b) { return a.rank() > b.rank(); });
      out += fmt::format("<div class=\"suit\"><span class=\"sym{}\">{}</span>", red(suit) ? " red" : "", suit_symbol(suit));
      if (cards.empty()) {
        out += "<span class=\"un\">—</span>";
      }
      for (const Card c : cards) {
        out += card_span(h, c, play_of, false);
      }
      out += "</div>\n";
    }
    const CardSet jokers = h.hands[s] & CardSet::jokers();
    if (!jokers.empty()) {
      out += "<div class=\"suit\">";
      for (const Card c : jokers) {
        out += card_span(h, c, play_of, true);
      }
      out += "</div>\n";
    }
    out += "</div>\n";
  }
  out += "</div>\n";
  if (par_only || h.plays.empty()) {
    out += "</section>\n";
    return;
  }
  // The tricks: one row each, the cards under their players, the leader's in bold.
  out += "<div class=\"scroll\"><table class=\"tricks\"><tr><th>trick</th>";
  for (const auto& p : g.players) {
    out += fmt::format("<th>{}</th>", html_text(p));
  }
  out += "</tr>\n";
  int trick = 0;
  std::vector<std::string> cells;
  const auto flush = [&]() {
    if (trick > 0) {
      out += fmt::format("<tr><td>{}</td>", trick);
      for (const auto& c : cells) {
        out += "<td>" + c + "</td>";
      }
      out += "</tr>\n";
    }
  };
  for (std::size_t i = 0; i < h.plays.size(); ++i) {
    const AnalysedPlay& p = h.plays[i];
    if (p.trick != trick) {
      flush();
      trick = p.trick;
      cells.assign(g.players.size(), std::string());
    }
    std::string cell = card_span(h, p.card, play_of, true);
    if (p.cost() != 0) {
      cell += fmt::format("<sup>{}{}</sup>", p.cost() > 0 ? "−" : "+", std::abs(p.cost()));
    }
    if (i == 0 || h.plays[i - 1].trick != p.trick) {
      cell = "<span class=\"lead\">" + cell + "</span>";
    }
    cells[static_cast<std::size_t>(p.seat)] = cell;
  }
  flush();
  out += "</table></div>\n";
  std::vector<std::size_t> all_sides;
  for (std::size_t k = 0; k < h.sides.size(); ++k) {
    all_sides.push_back(k);
  }
  const auto lines = costly(h, all_sides);
  if (lines.empty()) {
    out += "<p class=\"note\">No card played cost anything.</p>\n";
  } else {
    out += "<ul class=\"costs\">\n";
    for (const std::size_t i : lines) {
      const bool dec = decisive_of(h, i) != nullptr;
      out += fmt::format("<li>{}{}{}</li>\n", dec ? "<strong>" : "", html_text(cost_line(g, h, i)), dec ? "</strong>" : "");
    }
    out += "</ul>\n";
  }
  if (!h.note.empty()) {
    out += fmt::format("<p class=\"note\">Note: {}</p>\n", html_text(h.note));
  }
  out += "</section>\n";
}

static std::string html_report(const AnalysisView& v) {
  std::string out = page::head("trickref analyse", "Double-dummy analysis", kHtmlStyle);
  out += "<h1>Double-dummy analysis</h1>\n";
  out += "<p class=\"meta\">Each hand as dealt at the first lead; each card played is marked by what it cost its "
         "side (the value before it less the value after it, every hand visible).</p>\n"
         "<div class=\"key\"><span><span class=\"c k1\">cost 1</span> trick (1–4 points)</span><span><span "
         "class=\"c k2\">cost 2</span> tricks (5–9 points)</span><span><span class=\"c k3\">cost 3+</span> tricks (10+ "
         "points)</span><span><span class=\"c gain\">gain</span> an illegal card</span><span><span class=\"c dec\">decisive"
         "</span> the target was lost here</span><span><span class=\"c ill\">not legal</span></span>"
         "<span><span class=\"c un\">not played</span></span><span><b>bold</b>: led the trick</span></div>\n";
  bool floor_said = false;
  for (const AnalysedGame& a : *v.games) {
    const GameReport& g = a.report;
    out += fmt::format("<h2>{}</h2>\n", html_text(game_title(g)));
    if (!refereed(a)) {
      out += fmt::format("<p class=\"note\">{}</p>\n", html_text(game_note(g)));
      continue;
    }
    for (const HandAnalysis& h : a.hands) {
      if (h.analysed && h.three_player && !floor_said) {
        floor_said = true;
        out += "<p class=\"note\">Par in a three-player game is what a player makes against the other two playing "
               "together: a floor of what they can make.</p>\n";
      }
      html_hand(out, g, h, v.par_only);
    }
  }
  out += page::kEnd;
  return out;
}

}  // namespace analyse_words

std::string render_analysis_text(const AnalysisView& v) { return analyse_words::text_report(v); }
nlohmann::ordered_json analysis_json(const AnalysisView& v) { return analyse_words::json_report(v); }
std::string render_analysis_html(const AnalysisView& v) { return analyse_words::html_report(v); }

}  // namespace trickref
