// The HTML page kit: what every page trickref writes (`score`, `simulate`,
// `analyse`) is made of. Each page is one self-contained file, no script
// and no external file: the head and end every page has, escaping, the
// colours of its series, SVG coordinates and axis ticks, a legend, and
// the style rules the pages share. A page's own rules stay with the page;
// where two pages differ in a shared rule by a value, the value is a
// parameter here, so each page's bytes are what they were.
#pragma once

#include <array>
#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace trickref::page {

// Text for element content or a quoted attribute (base/text.h `html_text`:
// printable, then & < > " ' escaped).
[[nodiscard]] std::string esc(std::string_view s);

// The page up to its body: doctype, viewport, `generator` ("trickref
// score"), the title (escaped here) and the style sheet (`stylesheet`).
[[nodiscard]] std::string head(std::string_view generator, std::string_view title, std::string_view style);

// The page's end, after its body.
inline constexpr std::string_view kEnd = "</body>\n</html>\n";

// ------------------------------------------------------------ colours

// Colour-blind-safe: Okabe-Ito, then Tol's muted, black last.
inline constexpr std::array<std::string_view, 12> kPalette{"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                                           "#E69F00", "#56B4E9", "#332288", "#882255",
                                                           "#117733", "#999933", "#AA4499", "#000000"};

// The colour of series i on a page that uses `size` colours (2 to 12): the
// palette's first size-1, then black, over again. The standings use all
// twelve (one a player); the rules study eight (Okabe-Ito's, one a ruleset).
[[nodiscard]] std::string_view colour(std::size_t i, std::size_t size = kPalette.size());

// ------------------------------------------------------------ SVG

// A coordinate or length: one decimal, without a trailing ".0", never "-0".
[[nodiscard]] std::string num(double x);

// Ticks over [lo, hi] for an axis of real numbers: a step of 1, 2 or 5
// times a power of ten, 2 to 6 of them ({lo} alone when the range is empty).
[[nodiscard]] std::vector<double> ticks(double lo, double hi);

// A chart's legend: a swatch of each series' colour before its words
// (given as HTML, already escaped).
struct LegendEntry {
  std::string_view colour;
  std::string html;
};
[[nodiscard]] std::string legend(const std::vector<LegendEntry>& entries);

// ------------------------------------------------------------ style

// A style sheet: its rules in order, each ending in a newline.
[[nodiscard]] std::string stylesheet(std::initializer_list<std::string_view> rules);

// The look of every standings and study page: the type, the width, the
// colours, the headings (underlined in the palette's first colour).
inline constexpr std::string_view kBase =
    ":root{color-scheme:light}\n"
    "*{box-sizing:border-box}\n"
    "body{font-family:system-ui,-apple-system,\"Segoe UI\",Roboto,\"Helvetica Neue\",Arial,sans-serif;margin:0 auto;\n"
    "max-width:76rem;padding:1rem;color:#1b1b1b;background:#fff;line-height:1.45}\n"
    "h1{font-size:1.6rem;margin:.2rem 0}\n"
    "h2{font-size:1.25rem;margin:1.6rem 0 .4rem;border-bottom:2px solid #0072B2;padding-bottom:.2rem}\n";

inline constexpr std::string_view kH3 = "h3{font-size:1rem;margin:1rem 0 .3rem}\n";

// A wide table scrolls sideways inside its box, not the page.
inline constexpr std::string_view kScroll = ".scroll{overflow-x:auto;-webkit-overflow-scrolling:touch}\n";

// Every other body row shaded.
inline constexpr std::string_view kStripes = "tbody tr:nth-child(even)>*{background:#f4f6f8}\n";

// Tables of figures: numbers right-aligned in tabular digits, a rule under
// each row, a shaded head. The standings fill the width and pad cells
// `.35rem .45rem`; the study's tables fit their figures, pad `.3rem .5rem`
// and set the heads of its multi-line columns at the bottom.
struct TableStyle {
  bool full_width = false;
  std::string_view padding;
  bool heads_at_bottom = false;
};
[[nodiscard]] std::string table_rules(const TableStyle& t);

// The legend's list and swatches (`legend`); `margin` is the list's
// (".3rem 0 0" under a chart, ".3rem 0" above plots).
[[nodiscard]] std::string legend_rules(std::string_view margin);

// Chart grid lines and labels, in the page's greys.
[[nodiscard]] std::string chart_text_rules(std::string_view grid, std::string_view text);

}  // namespace trickref::page
