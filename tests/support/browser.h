// Pages checked as a person sees them: Debian's chromium, headless, lays a
// page out in a phone's 360 x 740 frame (headless chromium's own window is
// at least 500 wide) and a probe script, added to the page, posts what it
// measured to the frame's parent, which the test reads back from the DOM.
// Shared by the standings page's and the rules study page's tests.
#pragma once

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace trickref::test {

// The browser: $TRICKREF_CHROMIUM, else Debian's chromium; empty if none.
inline std::string chromium() {
  if (const char* env = std::getenv("TRICKREF_CHROMIUM"); env != nullptr && *env != '\0') {
    return env;
  }
  for (const char* candidate : {"/usr/bin/chromium", "/usr/bin/chromium-browser"}) {
    if (access(candidate, X_OK) == 0) {
      return candidate;
    }
  }
  return {};
}

// The standard output of a shell command.
inline std::string command_output(const std::string& command) {
  std::string out;
  FILE* p = popen(command.c_str(), "r");
  if (p == nullptr) {
    return out;
  }
  std::array<char, 65536> buf{};
  while (const std::size_t n = fread(buf.data(), 1, buf.size(), p)) {
    out.append(buf.data(), n);
  }
  pclose(p);
  return out;
}

inline std::string unescape_html(std::string s) {
  const std::array<std::pair<std::string, std::string>, 5> table{
      {{"&quot;", "\""}, {"&lt;", "<"}, {"&gt;", ">"}, {"&#39;", "'"}, {"&amp;", "&"}}};
  for (const auto& [from, to] : table) {
    for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) {
      s.replace(at, from.size(), to);
    }
  }
  return s;
}

// What `probe` (a <script> that posts JSON to its parent) measured of
// `page` laid out in the phone's frame (or one `width` x `height`), the page written as `name` in
// `dir`; null (after a gtest failure) when chromium gave nothing back.
inline nlohmann::json probe_in_phone(const std::string& browser, const std::filesystem::path& dir,
                                     const std::string& name, std::string page, const char* probe,
                                     int width = 360, int height = 740) {
  page.insert(page.rfind("</body>"), probe);
  std::ofstream(dir / name, std::ios::binary) << page;
  std::ofstream(dir / "phone.html", std::ios::binary)
      << "<!DOCTYPE html>\n<html><body><pre id=\"probe\"></pre>\n<script>window.addEventListener('message', e => "
         "{ document.getElementById('probe').textContent = e.data; });</script>\n<iframe src=\""
      << name << "\" style=\"width:" << width << "px;height:" << height
      << "px;border:0\"></iframe>\n</body></html>\n";
  const std::string dom = command_output(fmt::format(
      "timeout 120 '{}' --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-extensions "
      "--disable-background-networking --no-first-run --user-data-dir='{}' --window-size={},{} "
      "--virtual-time-budget=5000 --dump-dom 'file://{}' 2>/dev/null",
      browser, (dir / "profile").string(), std::max(800, width + 40), height + 160, (dir / "phone.html").string()));
  const auto start = dom.find("<pre id=\"probe\">");
  if (start == std::string::npos) {
    ADD_FAILURE() << "no probe output from chromium:\n" << dom.substr(0, 2000);
    return {};
  }
  const auto end = dom.find("</pre>", start);
  return nlohmann::json::parse(unescape_html(dom.substr(start + 16, end - start - 16)));
}

}  // namespace trickref::test
