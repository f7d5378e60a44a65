#include "transcript/record_yaml.h"

#include <algorithm>

namespace trickref {
namespace {

// Where comments start: one column for the whole record, so they read as one margin.
constexpr std::size_t kCommentColumn = 44;

}  // namespace

void RecordYaml::start_line() {
  if (item_open_) {
    out_.append(indent_ - 2, ' ');
    out_ += "- ";
    item_open_ = false;
  } else {
    out_.append(indent_, ' ');
  }
}

void RecordYaml::comment(std::string_view text) {
  out_.append(indent_, ' ');
  out_ += "# ";
  out_ += text;
  out_ += '\n';
}

void RecordYaml::entry(std::string_view key, std::string_view value, std::string_view comment) {
  const std::size_t line = out_.size();
  start_line();
  out_ += key;
  out_ += ':';
  if (!value.empty()) {
    out_ += ' ';
    out_ += value;
  }
  if (!comment.empty()) {
    out_.resize(line + std::max(out_.size() - line + 1, kCommentColumn), ' ');
    out_ += "# ";
    out_ += comment;
  }
  out_ += '\n';
}

void RecordYaml::name_entry(std::string_view name, std::string_view value) {
  if (long_names_ == LongNames::kPlain || name.size() <= kImplicitKeyBytes) {
    entry(name, value);
    return;
  }
  start_line();
  out_ += "? ";
  out_ += name;
  out_ += '\n';
  out_.append(indent_, ' ');
  out_ += ':';
  if (!value.empty()) {
    out_ += ' ';
    out_ += value;
  }
  out_ += '\n';
}

void RecordYaml::open(std::string_view key, std::string_view comment) {
  entry(key, {}, comment);
  indent_ += 2;
}

void RecordYaml::close() { indent_ -= 2; }

void RecordYaml::begin_item() {
  indent_ += 2;
  item_open_ = true;
}

void RecordYaml::end_item() {
  if (item_open_) {
    out_.append(indent_ - 2, ' ');
    out_ += "- {}\n";
    item_open_ = false;
  }
  indent_ -= 2;
}

void RecordYaml::item(std::string_view value) {
  out_.append(indent_, ' ');
  out_ += "- ";
  out_ += value;
  out_ += '\n';
}

void RecordYaml::margin_comment(std::string_view comment) {
  out_.append(kCommentColumn, ' ');
  out_ += "# ";
  out_ += comment;
  out_ += '\n';
}

std::string RecordYaml::flow_list(const std::vector<std::string>& items) {
  std::string out = "[";
  for (std::size_t k = 0; k < items.size(); ++k) {
    if (k > 0) {
      out += ", ";
    }
    out += items[k];
  }
  out += ']';
  return out;
}

std::string RecordYaml::flow_map(std::initializer_list<std::pair<std::string_view, std::string_view>> entries) {
  std::string out = "{";
  for (const auto& [k, v] : entries) {
    if (out.size() > 1) {
      out += ", ";
    }
    out += k;
    out += ": ";
    out += v;
  }
  out += '}';
  return out;
}

std::string RecordYaml::cards(const std::vector<Card>& cards) {
  std::string out = "[";
  for (std::size_t k = 0; k < cards.size(); ++k) {
    if (k > 0) {
      out += ", ";
    }
    out += to_string(cards[k]);
  }
  out += ']';
  return out;
}

void RecordYaml::append_name_key(std::string& out, std::string_view name) const {
  if (long_names_ == LongNames::kExplicit && name.size() > kImplicitKeyBytes) {
    out += "? ";
    out += name;
    out += " : ";
  } else {
    out += name;
    out += ": ";
  }
}

}  // namespace trickref
