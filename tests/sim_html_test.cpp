// The rules study page in a real browser, as the standings page is tested
// (score_html_test.cpp): Debian's chromium, headless, lays out `simulate
// --format html -o study.html` in a phone's 360-pixel frame, and a probe
// script reads back the tables, the plots' marks and whether anything made
// the page wider than the phone. TRICKREF_KEEP_HTML=1 keeps the page.
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/browser.h"
#include "support/test_support.h"

namespace trickref {
namespace {

constexpr const char* kStudyProbe = R"(<script>
(function () {
  const out = {width: window.innerWidth, scrollWidth: document.documentElement.scrollWidth, tables: {},
               estimates: [], histograms: [], seats: 0};
  for (const t of document.querySelectorAll('table')) {
    out.tables[t.className] = Array.from(t.tBodies[0].rows, tr => ({key: tr.dataset.key,
                                                                    cells: Array.from(tr.cells, c => c.textContent)}));
  }
  for (const f of document.querySelectorAll('figure.estimate')) {
    const svg = f.querySelector('svg');
    out.estimates.push({key: f.dataset.key, dots: svg.querySelectorAll('circle.estimate').length,
                        width: svg.getBoundingClientRect().width,
                        ticks: Array.from(svg.querySelectorAll('g.grid text'), t => t.textContent),
                        inside: Array.from(svg.querySelectorAll('circle.estimate, line.interval')).every(e => {
                          const b = e.getBoundingClientRect(), s = svg.getBoundingClientRect();
                          return b.left >= s.left - 1 && b.right <= s.right + 1; })});
  }
  for (const svg of document.querySelectorAll('svg.histogram')) {
    out.histograms.push({ruleset: svg.dataset.ruleset, bars: svg.querySelectorAll('rect.bar').length,
                         height: svg.getBoundingClientRect().height});
  }
  out.seats = document.querySelectorAll('svg.seats rect.bar').length;
  parent.postMessage(JSON.stringify(out), '*');
})();
</script>)";

TEST(SimHtml, TheStudyPageLaysOutInChromium) {
  const std::string browser = test::chromium();
  if (browser.empty()) {
    if (const char* skip = std::getenv("TRICKREF_SKIP_BROWSER"); skip != nullptr && std::string(skip) == "1") {
      GTEST_SKIP() << "TRICKREF_SKIP_BROWSER=1 and no chromium";
    }
    FAIL() << "chromium is not installed: scripts/install-deps installs it (or set TRICKREF_CHROMIUM)";
  }
  const std::filesystem::path dir =
      std::filesystem::path(testing::TempDir()) / fmt::format("trickref-study-{}", ::getpid());
  std::filesystem::create_directories(dir);
  const std::vector<std::string> base{"simulate", "--rules", "pluck", "--rules", "pluck-noscore", "--rules",
                                      "nine-five-two", "--games", "60", "--seed", "3"};
  auto args = base;
  args.insert(args.end(), {"-o", (dir / "study.html").string()});
  const auto r = test::run_cli(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "");  // the page went to the file, written whole
  std::ifstream in(dir / "study.html", std::ios::binary);
  std::stringstream page;
  page << in.rdbuf();
  std::string html = page.str();
  // Self-contained: nothing fetched from elsewhere, no scripts of its own.
  for (const char* banned : {"<script", "<link", "src=", "@import", "url(", "http://", "https://"}) {
    EXPECT_EQ(html.find(banned), std::string::npos) << "the page contains " << banned;
  }
  auto json_args = base;
  json_args.insert(json_args.end(), {"--format", "json"});
  const auto j = nlohmann::json::parse(test::run_cli(json_args).out);

  const auto p = test::probe_in_phone(browser, dir, "study.html", html, kStudyProbe);
  ASSERT_FALSE(p.is_null());

  EXPECT_EQ(p["width"], 360);
  EXPECT_LE(p["scrollWidth"].get<int>(), 360) << "the page is wider than the phone";
  // The table: the estimates as the text report prints them, and a
  // difference row for every statistic with an interval.
  const auto& stats = p["tables"]["statistics"];
  ASSERT_FALSE(stats.empty());
  EXPECT_EQ(stats[0]["cells"], nlohmann::json::array({"games", "60", "60", "60"}));
  const auto hands = std::find_if(stats.begin(), stats.end(), [](const auto& row) { return row["key"] == "hands"; });
  ASSERT_NE(hands, stats.end());
  EXPECT_EQ((*hands)["cells"][1], std::to_string(j["rulesets"][0]["hands"].get<int>()));
  const auto& diffs = p["tables"]["differences"];
  const auto hpg = std::find_if(diffs.begin(), diffs.end(), [](const auto& row) { return row["key"] == "hands_per_game"; });
  ASSERT_NE(hpg, diffs.end());
  EXPECT_EQ((*hpg)["cells"][1].get<std::string>().back(), '*');  // ten hands a game against pluck's own
  // A plot per statistic, a dot per ruleset with samples, every mark inside its plot.
  ASSERT_FALSE(p["estimates"].empty());
  for (const auto& e : p["estimates"]) {
    EXPECT_GE(e["dots"].get<int>(), 1) << e["key"];
    EXPECT_TRUE(e["inside"].get<bool>()) << e["key"];
    EXPECT_GT(e["width"].get<double>(), 250) << e["key"];
    // The axis labels tell the ticks apart (not "0% 0% 0%").
    const auto ticks = e["ticks"].get<std::vector<std::string>>();
    EXPECT_GE(ticks.size(), 2U) << e["key"];
    EXPECT_EQ(std::set<std::string>(ticks.begin(), ticks.end()).size(), ticks.size()) << e["key"] << " " << e["ticks"];
  }
  const auto wins = std::find_if(p["estimates"].begin(), p["estimates"].end(),
                                 [](const auto& e) { return e["key"] == "wins_by_seat.first_dealer"; });
  ASSERT_NE(wins, p["estimates"].end());
  EXPECT_EQ((*wins)["dots"], 2);  // pluck-noscore finishes no game: no win rate
  // A histogram per ruleset; pluck-noscore's games all have ten hands.
  ASSERT_EQ(p["histograms"].size(), 3U);
  EXPECT_EQ(p["histograms"][1]["ruleset"], "pluck-noscore");
  EXPECT_EQ(p["histograms"][1]["bars"], 1);
  EXPECT_GT(p["histograms"][0]["bars"].get<int>(), 3);
  // Win rate by seat: three seats, two rulesets with finished games.
  EXPECT_EQ(p["seats"], 6);
  if (const char* keep = std::getenv("TRICKREF_KEEP_HTML"); keep != nullptr && std::string(keep) == "1") {
    std::printf("kept %s\n", dir.c_str());
  } else {
    std::filesystem::remove_all(dir);
  }
}

}  // namespace
}  // namespace trickref
