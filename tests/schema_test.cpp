// The JSON Schemas in schemas/ against what the tool reads and writes: every
// sample transcript, every built-in ruleset and the JSON report, checked with
// valijson (draft 7). Built only when valijson is installed.
#ifdef TRICKREF_HAVE_VALIJSON

#define VALIJSON_USE_EXCEPTIONS 1

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validator.hpp>
#include <vector>

#include "ruleset/embedded.h"
#include "ruleset/options.h"
#include "score/render.h"
#include "score/standings.h"
#include "support/test_support.h"
#include "transcript/transcript_loader.h"
#include "yaml/tree.h"

namespace trickref {
namespace {

namespace fs = std::filesystem;

// One schema from schemas/, parsed once.
class SchemaCheck {
 public:
  explicit SchemaCheck(const std::string& name) : SchemaCheck(name, test::read_source_file("schemas/" + name)) {}
  // A schema given as text (the ruleset schema as the tool generates it).
  SchemaCheck(const std::string& name, const std::string& text) : name_(name) {
    json_ = nlohmann::json::parse(text);
    valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
    const valijson::adapters::NlohmannJsonAdapter adapter(json_);
    parser.populateSchema(adapter, schema_);
  }

  // Empty when `doc` is valid; otherwise one line per error: "<path>: <description>".
  [[nodiscard]] std::vector<std::string> errors(const nlohmann::json& doc) const {
    valijson::Validator validator;
    valijson::ValidationResults results;
    const valijson::adapters::NlohmannJsonAdapter target(doc);
    if (validator.validate(schema_, target, &results)) {
      return {};
    }
    std::vector<std::string> out;
    valijson::ValidationResults::Error error;
    while (results.popError(error)) {
      std::string path;
      for (const auto& part : error.context) {
        path += part;
      }
      out.push_back(fmt::format("{}: {}", path, error.description));
    }
    return out;
  }

  // A gtest failure naming `what` and every error, if `doc` is invalid.
  void expect_valid(const nlohmann::json& doc, const std::string& what) const {
    const auto errs = errors(doc);
    if (!errs.empty()) {
      ADD_FAILURE() << what << " does not match schemas/" << name_ << ":\n  "
                    << fmt::format("{}", fmt::join(errs, "\n  "));
    }
  }

 private:
  std::string name_;
  nlohmann::json json_;
  valijson::Schema schema_;
};

// trickref's own YAML tree as JSON: plain integers become numbers, plain true/false booleans, null
// null; every other scalar, and every quoted one, is a string. A repeated key keeps its first value,
// as Node::find does.
nlohmann::json to_json(Node n) {
  switch (n.kind()) {
    case NodeKind::kNull:
      return nullptr;
    case NodeKind::kScalar: {
      const std::string_view s = n.scalar();
      if (!n.quoted()) {
        if (n.is_null()) {
          return nullptr;
        }
        if (s == "true") {
          return true;
        }
        if (s == "false") {
          return false;
        }
        if (const auto v = parse_integer(s)) {
          return *v;
        }
      }
      return std::string(s);
    }
    case NodeKind::kSequence: {
      auto out = nlohmann::json::array();
      for (std::uint32_t i = 0; i < n.size(); ++i) {
        out.push_back(to_json(n.item(i)));
      }
      return out;
    }
    case NodeKind::kMap: {
      auto out = nlohmann::json::object();
      for (std::uint32_t i = 0; i < n.size(); ++i) {
        const Node k = n.key(i);
        const std::string key = k.is_scalar() ? std::string(k.scalar()) : to_json(k).dump();
        if (!out.contains(key)) {
          out[key] = to_json(n.value(i));
        }
      }
      return out;
    }
  }
  return nullptr;
}

std::string read_text(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  EXPECT_TRUE(f) << "cannot open " << p;
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

struct GameDoc {
  std::string where;  // "samples/x.yaml (game 2)"
  nlohmann::json json;
};

// The games of one YAML text, converted through the YAML tree; a parse failure is a test failure.
std::vector<GameDoc> yaml_documents(const std::string& text, const std::string& display) {
  std::vector<GameDoc> out;
  YamlReader reader(text, Limits{});
  DiagnosticSink sink(display);
  int index = 0;
  while (true) {
    Document doc;
    if (!reader.next(doc, sink)) {
      break;
    }
    if (doc.root().is_null() && index > 0) {
      continue;  // a trailing `---`
    }
    out.push_back(GameDoc{fmt::format("{} (game {})", display, index), to_json(doc.root())});
    ++index;
  }
  for (const auto& d : sink.diagnostics()) {
    ADD_FAILURE() << display << ":" << d.loc.line << ":" << d.loc.column << ": " << d.message;
  }
  return out;
}

// The games of one sample file by its extension: YAML documents, one JSON document, or JSON Lines.
std::vector<GameDoc> games_in(const fs::path& path, const std::string& display) {
  const std::string text = read_text(path);
  const auto ext = path.extension().string();
  if (ext == ".yaml" || ext == ".yml") {
    return yaml_documents(text, display);
  }
  std::vector<GameDoc> out;
  if (ext == ".json") {
    try {
      out.push_back(GameDoc{display, nlohmann::json::parse(text)});
    } catch (const nlohmann::json::exception& e) {
      ADD_FAILURE() << display << ": not JSON: " << e.what();
    }
    return out;
  }
  std::istringstream lines(text);
  std::string line;
  int number = 0;
  while (std::getline(lines, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) {
      continue;
    }
    try {
      out.push_back(GameDoc{fmt::format("{} (line {})", display, number), nlohmann::json::parse(line)});
    } catch (const nlohmann::json::exception& e) {
      ADD_FAILURE() << display << ":" << number << ": not JSON: " << e.what();
    }
  }
  return out;
}

// Files under source_dir()/`dir` with one of `exts`, sorted, skipping any path under `skip`.
std::vector<fs::path> files_under(const std::string& dir, const std::vector<std::string>& exts,
                                  const std::string& skip = {}) {
  const fs::path root = fs::path(test::source_dir()) / dir;
  std::vector<fs::path> out;
  if (!fs::exists(root)) {
    return out;
  }
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file()) {
      continue;
    }
    const auto rel = fs::relative(entry.path(), fs::path(test::source_dir())).generic_string();
    if (!skip.empty() && rel.rfind(skip, 0) == 0) {
      continue;
    }
    if (entry.path().stem() == "league") {
      continue;  // league settings (league.schema.json), not a record
    }
    if (std::find(exts.begin(), exts.end(), entry.path().extension().string()) != exts.end()) {
      out.push_back(entry.path());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string relative_name(const fs::path& p) {
  return fs::relative(p, fs::path(test::source_dir())).generic_string();
}

// A fresh directory under the system temp directory, removed with its files.
class TempDir {
 public:
  TempDir() {
    static std::atomic<int> counter{0};
    path_ = fs::temp_directory_path() / fmt::format("trickref-schema-{}-{}", ::getpid(), counter++);
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  void write(const std::string& name, const std::string& text) const {
    std::ofstream f(path_ / name, std::ios::binary);
    f << text;
  }
  [[nodiscard]] std::string str() const { return path_.string(); }

 private:
  fs::path path_;
};

}  // namespace

TEST(Schema, EverySchemaIsDraft7AndParses) {
  for (const char* name : {"transcript.schema.json", "ruleset.schema.json", "report.schema.json", "league.schema.json",
                           "standings.schema.json"}) {
    const auto json = nlohmann::json::parse(test::read_source_file(std::string("schemas/") + name));
    EXPECT_EQ(json.at("$schema"), "http://json-schema.org/draft-07/schema#") << name;
    EXPECT_NO_THROW(SchemaCheck{name}) << name;
  }
}

// (a) Every valid sample game matches the transcript schema.
TEST(Schema, SampleTranscriptsMatchTheTranscriptSchema) {
  const SchemaCheck schema("transcript.schema.json");
  const auto files = files_under("samples", {".yaml", ".yml", ".json", ".jsonl"}, "samples/invalid/");
  if (files.empty()) {
    GTEST_SKIP() << "samples/ holds no valid game files yet";
  }
  int games = 0;
  for (const auto& file : files) {
    const std::string name = relative_name(file);
    const auto docs = games_in(file, name);
    EXPECT_FALSE(docs.empty()) << name << " holds no game";
    for (const auto& g : docs) {
      schema.expect_valid(g.json, g.where);
      ++games;
    }
  }
  EXPECT_GT(games, 0);
}

// The schema accepts the spellings of rules.md §1 and every optional part of transcript.md, as the tool
// does.
TEST(Schema, TranscriptSchemaAcceptsEverySpellingTheToolAccepts) {
  const SchemaCheck schema("transcript.schema.json");
  const std::string text =
      "game: nine-five-two\n"
      "id: spellings\n"
      "event: {league: Thursday, table: 3}\n"
      "date: 2026-11-19\n"
      "notes: symbols and lower case\n"
      "players: [Ann, Bob, Cat]\n"
      "hands:\n"
      "  - dealer: Ann\n"
      "    deal: {Ann: [10\xE2\x99\xA5, T\xE2\x99\xA3, qs, Ad], Bob: [2\xE2\x99\xA6, 3\xE2\x99\xA0], Cat: "
      "[bj, LJ]}\n"
      "    kitty: [4H, 5\xE2\x99\xA1]\n"
      "    trump: \xE2\x99\xA0\n"
      "    discard: [4H]\n"
      "    tricks:\n"
      "      - [10\xE2\x99\xA5, th, 9c]\n"
      "      - {leader: Bob, cards: [2\xE2\x99\xA6, 3D, KD]}\n"
      "    taken: {Ann: 9, Bob: 5, Cat: 2}\n"
      "    score: {Ann: 0, Bob: 0, Cat: 0}\n"
      "  - plucks: []\n"
      "    trump: Heart\n"
      "  - exchanges:\n"
      "      - {by: Ann, from: Cat, gives: 4\xE2\x99\xA5, gets: ~}\n"
      "      - {by: Ann, from: Cat, gives: 5H, gets: QH}\n"
      "    shows:\n"
      "      - {to: Ann, cards: [AC, 10C]}\n"
      "    trump: clubs\n"
      "result:\n"
      "  winner: [Ann, Bob]\n"
      "  score: {Ann: 21, Bob: 21, Cat: -3}\n";
  const auto docs = yaml_documents(text, "spellings.yaml");
  ASSERT_EQ(docs.size(), 1U);
  schema.expect_valid(docs[0].json, "spellings.yaml");
  // The tool reads every token of it.
  for (const auto& g : test::validate_yaml(text)) {
    for (const auto& d : g.diagnostics) {
      EXPECT_NE(d.code, Code::kBadCard) << d.message;
      EXPECT_NE(d.code, Code::kSchema) << d.message;
      EXPECT_NE(d.code, Code::kUnknownKey) << d.message;
    }
  }
}

// A record in progress (transcript.md, `status`): the schema takes it as the tool does.
TEST(Schema, TranscriptSchemaAcceptsARecordInProgress) {
  const SchemaCheck schema("transcript.schema.json");
  const std::string text = test::read_source_file("samples/invalid/incomplete.yaml");
  const auto docs = yaml_documents(text, "incomplete.yaml");
  ASSERT_EQ(docs.size(), 1U);
  schema.expect_valid(docs[0].json, "incomplete.yaml");
  EXPECT_EQ(test::codes(test::validate_yaml(text)[0]), (std::vector<std::string>{"incomplete"}));
}

// A draw's recorded result names no winner (court-piece.md §3.6): null or [].
TEST(Schema, TranscriptSchemaAcceptsADrawsResult) {
  const SchemaCheck schema("transcript.schema.json");
  const std::string record = test::read_source_file("tests/data/court-piece/split.yaml");
  for (const char* result : {"result: {winner: null, score: {Ann: 0, Dan: 0}}\n", "result: {winner: []}\n"}) {
    const std::string text = record + result;
    const auto docs = yaml_documents(text, "draw.yaml");
    ASSERT_EQ(docs.size(), 1U);
    schema.expect_valid(docs[0].json, result);
    EXPECT_EQ(test::diagnostics_text(test::validate_yaml(text)), "") << "the tool reads it as a draw";
  }
}

// The schema is not a blank cheque: what the tool rejects as schema/bad-card/unknown-key, it rejects too.
TEST(Schema, TranscriptSchemaRejectsWhatTheToolRejects) {
  const SchemaCheck schema("transcript.schema.json");
  const std::string head = "game: pluck\nplayers: [Ann, Bob, Cat]\n";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"no dealer in the first hand", "hands:\n  - trump: S\n"},
      {"bad card", "hands:\n  - dealer: Ann\n    tricks:\n      - [2C, 1D, KC]\n"},
      {"unknown key", "hands:\n  - dealer: Ann\n    trumps: S\n"},
      {"negative taken", "hands:\n  - dealer: Ann\n    taken: {Ann: -1, Bob: 6, Cat: 4}\n"},
      {"hex taken", "hands:\n  - dealer: Ann\n    taken: {Ann: 0x10, Bob: 6, Cat: 4}\n"},
      {"quoted number", "hands:\n  - dealer: Ann\n    taken: {Ann: \"7\", Bob: 6, Cat: 4}\n"},
      {"bad trump", "hands:\n  - dealer: Ann\n    trump: X\n"},
      {"pluck without gives", "hands:\n  - dealer: Ann\n  - plucks:\n      - {by: Ann, from: Bob}\n"},
      {"no hands", ""},
      {"a status other than in-progress", "status: done\nhands:\n  - dealer: Ann\n"},
  };
  for (const auto& [what, body] : cases) {
    const auto docs = yaml_documents(head + body, what);
    ASSERT_EQ(docs.size(), 1U) << what;
    EXPECT_FALSE(schema.errors(docs[0].json).empty()) << what << " is accepted by the schema";
  }
}

// (b) Every ruleset file matches the ruleset schema.
TEST(Schema, RulesetFilesMatchTheRulesetSchema) {
  const SchemaCheck schema("ruleset.schema.json");
  const auto files = files_under("rulesets", {".yaml"});
  EXPECT_EQ(files.size(), embedded_rulesets().size()) << "every file in rulesets/ is a built-in";
  for (const auto& file : files) {
    const std::string name = relative_name(file);
    const auto docs = yaml_documents(read_text(file), name);
    ASSERT_EQ(docs.size(), 1U) << name;
    schema.expect_valid(docs[0].json, name);
  }
  // And it is not a blank cheque either.
  const auto bad =
      yaml_documents("extends: pluck\nexchange:\n  ordr: least_first\nquotas: {dealer: x}\n", "bad.yaml");
  ASSERT_EQ(bad.size(), 1U);
  EXPECT_EQ(schema.errors(bad[0].json).empty(), false);
}

// The ruleset schema, generated from the option table, takes every option at its default and every value
// the table lists (those refused for now too: they are the format), and rejects a value the table lacks.
TEST(Schema, RulesetSchemaTakesEveryValueOfTheOptionTable) {
  const SchemaCheck schema("ruleset.schema.json", ruleset_schema());
  const auto errors_for = [&](std::string_view path, const std::string& value) {
    const auto dot = path.find('.');
    const std::string text =
        dot == std::string_view::npos
            ? fmt::format("extends: pluck\n{}: {}\n", path, value)
            : fmt::format("extends: pluck\n{}:\n  {}: {}\n", path.substr(0, dot), path.substr(dot + 1), value);
    const auto docs = yaml_documents(text, std::string(path));
    return docs.size() == 1 ? schema.errors(docs[0].json) : std::vector<std::string>{"not one document"};
  };
  for (const auto& spec : ruleset_options()) {
    EXPECT_EQ(errors_for(spec.path, std::string(spec.default_text)), std::vector<std::string>{}) << spec.path;
    for (const auto& value : spec.values) {
      EXPECT_EQ(errors_for(spec.path, std::string(value.name)), std::vector<std::string>{})
          << spec.path << ": " << value.name;
    }
    if (spec.kind == OptionKind::kEnum || spec.kind == OptionKind::kBoolean) {
      EXPECT_FALSE(errors_for(spec.path, "no_such_value").empty()) << spec.path;
    }
    if (spec.kind == OptionKind::kInteger) {
      EXPECT_FALSE(errors_for(spec.path, std::to_string(spec.hi + 1)).empty()) << spec.path;
    }
  }
  for (const char* end : {"{plucks_against: 10}", "{tricks_in_hand: 12}", "{target: null}"}) {
    EXPECT_EQ(errors_for("game.end", end), std::vector<std::string>{}) << end;
  }
  EXPECT_FALSE(errors_for("game.end", "{target: 10, tricks_in_hand: 3}").empty());
  EXPECT_FALSE(errors_for("name", "\"two words\"").empty());
}

// (c) The JSON report of a run over samples/ matches the report schema.
TEST(Schema, ReportOfTheSamplesMatchesTheReportSchema) {
  const SchemaCheck schema("report.schema.json");
  const auto r = test::run_cli({"validate", "--format", "json", test::source_dir() + "/samples"});
  EXPECT_TRUE(r.exit_code == 0 || r.exit_code == 1) << "exit " << r.exit_code << "\n" << r.err;
  nlohmann::json report;
  ASSERT_NO_THROW(report = nlohmann::json::parse(r.out)) << r.out.substr(0, 2000);
  schema.expect_valid(report, "the JSON report of samples/");
  EXPECT_EQ(report.at("summary").at("games").get<std::size_t>(), report.at("games").size());
}

// (c') The JSON Lines results of a run over samples/ (validate --format
// jsonl: the game objects with what `score --results` reads added) match the
// report schema's game, as the games of a report.
TEST(Schema, ResultLinesOfTheSamplesMatchTheReportSchema) {
  const SchemaCheck schema("report.schema.json");
  const auto r = test::run_cli({"validate", "--format", "jsonl", test::source_dir() + "/samples"});
  nlohmann::json report{{"games", nlohmann::json::array()},
                        {"summary", {{"files", 0}, {"games", 0}, {"errors", 0}, {"warnings", 0}}}};
  std::istringstream lines(r.out);
  std::set<std::string> scoring;
  for (std::string line; std::getline(lines, line);) {
    ASSERT_NO_THROW(report["games"].push_back(nlohmann::json::parse(line))) << line.substr(0, 2000);
    if (report["games"].back().contains("scoring")) {
      scoring.insert(report["games"].back()["scoring"].get<std::string>());
    }
  }
  EXPECT_EQ(scoring, (std::set<std::string>{"courts", "points", "quota"}));
  schema.expect_valid(report, "the JSON Lines results of samples/");
  // The keys only results carry are checked, not merely allowed.
  auto broken = report;
  broken["games"][0]["scoring"] = "rubber";
  EXPECT_FALSE(schema.errors(broken).empty());
  broken = report;
  broken["games"][0]["hands"][0]["plucks_made"] = {{"Ann", -1}};
  EXPECT_FALSE(schema.errors(broken).empty());
  broken = report;
  broken["games"][0]["result"]["refereed"] = true;
  EXPECT_FALSE(schema.errors(broken).empty());
  // `scoring` names every scoring.kind the option table has, and no other.
  const auto file = nlohmann::json::parse(test::read_source_file("schemas/report.schema.json"));
  std::vector<std::string> kinds;
  for (const auto& v : find_option("scoring.kind")->values) {
    kinds.emplace_back(v.name);
  }
  EXPECT_EQ(file["definitions"]["game"]["properties"]["scoring"]["enum"].get<std::vector<std::string>>(), kinds);
}

// (d) The league settings sample matches the league schema, which rejects what the loader rejects.
TEST(Schema, LeagueSettingsMatchTheLeagueSchema) {
  const SchemaCheck schema("league.schema.json");
  const auto docs = yaml_documents(test::read_source_file("samples/league/league.yaml"), "league.yaml");
  ASSERT_EQ(docs.size(), 1U);
  schema.expect_valid(docs[0].json, "samples/league/league.yaml");
  for (const char* bad : {"min_game: 3\n", "ranking: [wins, point]\n", "ranking: [wins, wins]\n",
                          "min_games: -1\n", "aliases: {Ann: [1]}\n", "placing_points: []\n"}) {
    const auto b = yaml_documents(bad, "bad.yaml");
    ASSERT_EQ(b.size(), 1U) << bad;
    EXPECT_FALSE(schema.errors(b[0].json).empty()) << bad << " is accepted by the schema";
  }
}

// (e) The score JSON report, by night and with placing points, matches the standings schema.
TEST(Schema, ScoreReportMatchesTheStandingsSchema) {
  const SchemaCheck schema("standings.schema.json");
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"score", "--format", "json", "--by", "night", test::source_dir() + "/samples/league"},
           {"score", "--format", "json", "--strict", test::source_dir() + "/samples",
            test::source_dir() + "/no-such-file.yaml"}}) {
    const auto r = test::run_cli(args);
    nlohmann::json report;
    ASSERT_NO_THROW(report = nlohmann::json::parse(r.out)) << r.out.substr(0, 2000);
    schema.expect_valid(report, "the score report");
    EXPECT_EQ(report.at("games").get<std::size_t>(), report.at("results").size());
  }
}

// The analysis of samples/analyse/ (trace and decisive plays), its --par
// form, and a hand not solved within the budget match the analysis schema;
// a play without its `legal` or with a cost that is not a number does not.
TEST(Schema, AnalysisReportMatchesTheAnalysisSchema) {
  const SchemaCheck schema("analysis.schema.json");
  const std::string dir = test::source_dir() + "/samples/analyse";
  nlohmann::json full;
  for (const auto& args : std::vector<std::vector<std::string>>{{"analyse", "--format", "json", dir},
                                                                {"analyse", "--format", "json", "--par", dir},
                                                                {"analyse", "--format", "json", "--max-nodes", "5", dir}}) {
    const auto r = test::run_cli(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    nlohmann::json report;
    ASSERT_NO_THROW(report = nlohmann::json::parse(r.out)) << r.out.substr(0, 2000);
    schema.expect_valid(report, fmt::format("the analysis report ({})", args[3]));
    if (full.is_null()) {
      full = report;
    }
  }
  auto& play = full.at("games").at(0).at("hands").at(0).at("plays").at(0);
  ASSERT_TRUE(play.contains("legal"));
  auto broken = full;
  broken.at("games").at(0).at("hands").at(0).at("plays").at(0).erase("legal");
  EXPECT_FALSE(schema.errors(broken).empty());
  broken = full;
  broken.at("games").at(0).at("hands").at(0).at("plays").at(0)["cost"] = "1";
  EXPECT_FALSE(schema.errors(broken).empty());
}

// A night of Pluck, Call Deuces and Court Piece (built by hand: a game of
// each as the referee summarises it): the report with a table set per kind,
// and the one-kind reports of the Call Deuces game and of the Court Piece
// game alone, match the standings schema; rows of one kind with another's
// figures do not.
TEST(Schema, MixedScoreReportMatchesTheStandingsSchema) {
  const SchemaCheck schema("standings.schema.json");
  auto refereed = [](std::vector<std::string> players, ScoringKind scoring) {
    GameReport g;
    g.file = "night.yaml";
    g.ruleset = scoring == ScoringKind::kPoints   ? "call-deuces"
                : scoring == ScoringKind::kCourts ? "court-piece"
                                                  : "pluck";
    g.scoring = scoring;
    g.players = std::move(players);
    g.event.emplace_back("night", "2026-12-03");
    RefereeResult r;
    r.refereed = true;
    r.outcome.finished = true;
    r.outcome.winners = {0};
    r.outcome.score = std::vector<long long>(g.players.size(), 5);
    HandSummary h;
    h.number = 1;
    if (scoring == ScoringKind::kPoints) {
      h.auction = true;
      h.bidder = 0;
      h.bid = 20;
      h.partner = -1;
      h.made = true;
    } else if (scoring == ScoringKind::kCourts) {
      r.sides = {{0, 2}, {1, 3}};
      r.side_names = {"Tigers", "Bob & Dan"};
      r.outcome.winners = {0, 2};
      h.courts = true;
      h.winner_side = 0;
      h.end = HandEnd::kEarlyCourt;
      h.side_score = std::vector<long long>{1, 0};
      r.outcome.score = std::vector<long long>{1, 0, 1, 0};
    } else {
      h.quota = {7, 6, 4};
      h.taken = std::vector<int>{8, 5, 4};
    }
    h.score = r.outcome.score;
    r.hands.push_back(h);
    g.result = r;
    return g;
  };
  League league;
  league.placing_points = {3, 1, 0};
  league.min_games = 2;  // every row unranked: the unranked shapes too
  for (const ScoringKind only : {ScoringKind::kQuota, ScoringKind::kPoints, ScoringKind::kCourts}) {
    const bool all = only == ScoringKind::kQuota;
    ScoreOptions o;
    o.by_night = true;
    StandingsBuilder b(league, o);
    if (all) {
      b.add(refereed({"Ann", "Bob", "Cat"}, ScoringKind::kQuota));
      b.add(refereed({"Ann", "Bob", "Cat", "Dan"}, ScoringKind::kPoints));
      b.add(refereed({"Ann", "Bob", "Cat", "Dan"}, ScoringKind::kCourts));
    } else {
      b.add(refereed({"Ann", "Bob", "Cat", "Dan"}, only));
      b.add(refereed({"Ann", "Bob", "Cat", "Dan"}, only));  // two games: ranked rows as well
    }
    const Standings s = b.finish();
    const nlohmann::json report = nlohmann::json::parse(standings_json(ScoreView{s, league, true}).dump());
    EXPECT_EQ(report.contains("tables"), all);
    schema.expect_valid(report, all ? "the mixed score report" : "a one-kind score report");
    if (all) {
      ASSERT_EQ(report["tables"].size(), 3U);
      EXPECT_EQ(report["tables"][2]["unranked_partnerships"].size(), 2U);
      auto broken = report;
      broken["tables"][1]["unranked"][0]["quota_made"] = 1;  // a Call Deuces row with a quota figure
      EXPECT_FALSE(schema.errors(broken).empty());
      broken = report;
      broken["tables"][2]["unranked"][0]["quota_made"] = 1;  // a Court Piece row with a quota figure
      EXPECT_FALSE(schema.errors(broken).empty());
      broken = report;
      broken["tables"][2]["unranked_partnerships"][0].erase("players");  // a partnership without its players
      EXPECT_FALSE(schema.errors(broken).empty());
      broken = report;
      broken["results"][2]["sides"][0]["seats"] = 1;
      EXPECT_FALSE(schema.errors(broken).empty());
      broken = report;
      broken["standings"] = nlohmann::json::array();  // both shapes at once
      broken["unranked"] = nlohmann::json::array();
      broken["nights"] = nlohmann::json::array();
      EXPECT_FALSE(schema.errors(broken).empty());
    } else if (only == ScoringKind::kCourts) {
      EXPECT_EQ(report["partnerships"].size(), 2U);
      EXPECT_EQ(report["partnerships"][0]["partnership"], "Tigers");
      EXPECT_EQ(report["nights"][0]["partnerships"].size(), 2U);
      EXPECT_EQ(report["results"][0]["sides"][0]["name"], "Tigers");
    }
  }
}

// The report schema also covers what the tool writes for broken input: syntax and limit errors,
// unparsable cards, notes, io errors, and each line of --format jsonl.
TEST(Schema, ReportOfBrokenInputMatchesTheReportSchema) {
  const SchemaCheck schema("report.schema.json");
  TempDir dir;
  const std::string head = "game: pluck\nplayers: [Ann, Bob, Cat]\n";
  dir.write("a-syntax.yaml", "game: pluck\nplayers: [Ann, Bob\n");
  dir.write("b-card.yaml",
            head + "hands:\n  - dealer: Ann\n    trump: S\n    tricks:\n      - [2C, 1D, KC]\n");
  dir.write("c-keys.yaml", head + "hands:\n  - dealer: Ann\n    trumps: S\n    dealer: Bob\n");
  dir.write("c-unknown.yaml", head + "hands:\n  - dealer: Ann\n    colour: red\n");
  dir.write("d-deep.yaml", head + "notes: [[[[[[[[1]]]]]]]]\nhands: []\n");
  dir.write("e-ruleset.yaml", "game: nosuch\nplayers: [Ann, Bob, Cat]\nhands: []\n");
  dir.write("f-two.yaml", head + "hands: []\n---\n" + head + "hands:\n  - dealer: Zed\n");
  dir.write("g-lines.jsonl", "{\"game\": \"pluck\", \"players\": [\"Ann\"], \"hands\": []}\n{oops\n");
  dir.write("h-empty.yaml", "");
  // Three unknown players past a cap of 2 diagnostics a file: diagnostics_not_shown.
  dir.write("i-capped.yaml", head + "hands:\n  - dealer: Ann\n    taken: {Ax: 7, Bx: 6, Cx: 4}\n");
  const auto r = test::run_cli({"validate", "--format", "json", "--max-depth", "6", "--max-diagnostics", "2",
                                dir.str(), dir.str() + "/missing.yaml"});
  EXPECT_EQ(r.exit_code, 2) << r.err;  // the missing path
  nlohmann::json report;
  ASSERT_NO_THROW(report = nlohmann::json::parse(r.out)) << r.out.substr(0, 2000);
  schema.expect_valid(report, "the JSON report of broken input");
  std::set<std::string> codes;
  for (const auto& g : report.at("games")) {
    for (const auto& d : g.at("diagnostics")) {
      codes.insert(d.at("code").get<std::string>());
    }
  }
  for (const char* code :
       {"syntax", "bad-card", "unknown-key", "misspelt-key", "limit", "ruleset", "unknown-player", "io", "schema"}) {
    EXPECT_TRUE(codes.count(code) == 1) << "the report has no `" << code << "` to check";
  }
  EXPECT_TRUE(std::any_of(report.at("games").begin(), report.at("games").end(),
                          [](const auto& g) { return g.contains("diagnostics_not_shown"); }))
      << "the report has no `diagnostics_not_shown` to check";

  // --format jsonl: one game object per line, each as the report's games[] items.
  const auto lines = test::run_cli({"validate", "--format", "jsonl", "--max-depth", "6", dir.str()});
  nlohmann::json wrapped = {{"games", nlohmann::json::array()},
                            {"summary", {{"files", 0}, {"games", 0}, {"errors", 0}, {"warnings", 0}}}};
  std::istringstream in(lines.out);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) {
      continue;
    }
    nlohmann::json game;
    ASSERT_NO_THROW(game = nlohmann::json::parse(line)) << line;
    wrapped["games"].push_back(game);
  }
  EXPECT_EQ(wrapped["games"].size(), report.at("games").size() - 1) << "every game but the missing path's";
  schema.expect_valid(wrapped, "the --format jsonl lines of broken input");
}

}  // namespace trickref

#endif  // TRICKREF_HAVE_VALIJSON
