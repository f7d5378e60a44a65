// The HTML page kit (page/kit.h) that the standings, study and analysis
// pages are made with: exact text for each piece.
#include <gtest/gtest.h>

#include "page/kit.h"

namespace trickref {
namespace {

TEST(PageKit, NumbersHaveOneDecimalNoTrailingZeroAndNoNegativeZero) {
  EXPECT_EQ(page::num(3.0), "3");
  EXPECT_EQ(page::num(2.34), "2.3");
  EXPECT_EQ(page::num(-1.5), "-1.5");
  EXPECT_EQ(page::num(-0.01), "0");
  EXPECT_EQ(page::num(0.96), "1");
  EXPECT_EQ(page::num(480), "480");
}

TEST(PageKit, ColoursAreThePalettesFirstThenBlackOverAgain) {
  EXPECT_EQ(page::colour(0), "#0072B2");
  EXPECT_EQ(page::colour(10), "#AA4499");
  EXPECT_EQ(page::colour(11), "#000000");
  EXPECT_EQ(page::colour(12), "#0072B2");
  // Eight colours: Okabe-Ito's seven, then black.
  EXPECT_EQ(page::colour(6, 8), "#332288");
  EXPECT_EQ(page::colour(7, 8), "#000000");
  EXPECT_EQ(page::colour(8, 8), "#0072B2");
}

TEST(PageKit, TicksStepByOneTwoOrFiveTimesAPowerOfTen) {
  EXPECT_EQ(page::ticks(0, 100), (std::vector<double>{0, 20, 40, 60, 80, 100}));
  EXPECT_EQ(page::ticks(-3, 7), (std::vector<double>{-2, 0, 2, 4, 6}));
  EXPECT_EQ(page::ticks(10, 40), (std::vector<double>{10, 20, 30, 40}));
  EXPECT_EQ(page::ticks(4, 4), (std::vector<double>{4}));
}

TEST(PageKit, HeadEscapesTheTitle) {
  EXPECT_EQ(page::head("trickref score", "Ann & <Bo>", "\nb{}\n"),
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            "<meta name=\"generator\" content=\"trickref score\">\n<title>Ann &amp; &lt;Bo&gt;</title>\n"
            "<style>\nb{}\n</style>\n</head>\n<body>\n");
}

TEST(PageKit, LegendPutsASwatchBeforeEachSeries) {
  EXPECT_EQ(page::legend({{"#0072B2", "Ann 12"}, {"#D55E00", "B&amp;C"}}),
            "<ul class=\"legend\"><li><span class=\"swatch\" style=\"background:#0072B2\"></span>Ann 12</li>"
            "<li><span class=\"swatch\" style=\"background:#D55E00\"></span>B&amp;C</li></ul>\n");
  EXPECT_EQ(page::legend({}), "<ul class=\"legend\"></ul>\n");
}

TEST(PageKit, StyleRulesTakeTheirDifferencesAsParameters) {
  EXPECT_EQ(page::stylesheet({page::kH3, "p{}\n"}), "\nh3{font-size:1rem;margin:1rem 0 .3rem}\np{}\n");
  EXPECT_EQ(page::table_rules({.full_width = true, .padding = ".35rem .45rem", .heads_at_bottom = false}),
            "table{border-collapse:separate;border-spacing:0;width:100%;font-variant-numeric:tabular-nums}\n"
            "th,td{padding:.35rem .45rem;border-bottom:1px solid #ddd;text-align:right;white-space:nowrap;"
            "background:#fff}\n"
            "thead th{background:#eef4f9;font-weight:600}\n");
  EXPECT_EQ(page::table_rules({.full_width = false, .padding = ".3rem .5rem", .heads_at_bottom = true}),
            "table{border-collapse:separate;border-spacing:0;font-variant-numeric:tabular-nums}\n"
            "th,td{padding:.3rem .5rem;border-bottom:1px solid #ddd;text-align:right;white-space:nowrap;"
            "background:#fff}\n"
            "thead th{background:#eef4f9;font-weight:600;vertical-align:bottom}\n");
  EXPECT_EQ(page::legend_rules(".3rem 0"),
            ".legend{list-style:none;padding:0;margin:.3rem 0;display:flex;flex-wrap:wrap;gap:.2rem 1rem}\n"
            ".swatch{display:inline-block;width:.9em;height:.9em;border-radius:2px;margin-right:.35em;"
            "vertical-align:-.1em}\n");
  EXPECT_EQ(page::chart_text_rules("#ddd", "#444"),
            "svg .grid line{stroke:#ddd;stroke-width:1}\nsvg text{fill:#444}\n");
}

}  // namespace
}  // namespace trickref
