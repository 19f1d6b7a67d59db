// Strict reading of a yaml-cpp tree: located values, known keys only (with did-you-mean),
// duplicate keys, and typed values; every problem is reported, none is thrown.
#pragma once

#include <yaml-cpp/yaml.h>

#include <charconv>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "diagnostics.h"
#include "front_matter.h"
#include "ir/dump.h"
#include "names.h"
#include "source.h"

namespace koma::compiler {

/// Reads the YAML tree, reporting into the sink and remembering whether anything failed.
class YamlReader {
 public:
  YamlReader(const Source& source, DiagnosticSink& sink) : source_(source), sink_(sink) {}

  bool failed() const { return failed_; }

  /// Where a yaml-cpp mark (0-based, from the line after the opening '---') is in the file;
  /// the bare file when yaml-cpp could not place it.
  ir::SourceLoc loc(const YAML::Mark& mark) const {
    if (mark.line < 0) return make_loc(source_.path, 0, 0);
    return make_loc(source_.path, static_cast<std::uint32_t>(mark.line + 2),
                    static_cast<std::uint32_t>(mark.column + 1));
  }
  ir::SourceLoc loc(const YAML::Node& node) const { return loc(node.Mark()); }

  void error(Code code, const ir::SourceLoc& at, std::string message,
             std::vector<Note> notes = {}) {
    failed_ = true;
    report_error(sink_, code, at, std::move(message), std::move(notes));
  }

  /// The entries of a mapping by key; unknown and duplicate keys are reported. `where` names
  /// the mapping in messages ("engine", "" for the top level).
  std::map<std::string, std::pair<YAML::Node, YAML::Node>> entries(
      const YAML::Node& map, const std::vector<std::string>& allowed, std::string_view where) {
    std::map<std::string, std::pair<YAML::Node, YAML::Node>> out;
    if (!map.IsMap()) {
      error(Code::invalid_value, loc(map),
            std::string(where.empty() ? "the front matter" : quote(where)) +
                " must be a mapping of keys to values");
      return out;
    }
    for (auto it = map.begin(); it != map.end(); ++it) {
      const YAML::Node key = it->first;
      const std::string name = key.IsScalar() ? key.Scalar() : std::string("?");
      const std::string full = where.empty() ? name : std::string(where) + "." + name;
      bool known = false;
      for (const std::string& candidate : allowed) known = known || candidate == name;
      if (!known) {
        error(Code::unknown_key, loc(key),
              "unknown key " + quote(full) + did_you_mean(name, allowed));
        continue;
      }
      auto found = out.find(name);
      if (found != out.end()) {
        error(Code::duplicate_key, loc(key), "key " + quote(full) + " is given twice",
              {{loc(found->second.first), "first given here"}});
        continue;
      }
      out.emplace(name, std::make_pair(key, it->second));
    }
    return out;
  }

  std::optional<Located<std::string>> text(const YAML::Node& node, std::string_view key) {
    if (!node.IsScalar()) {
      error(Code::invalid_value, loc(node), quote(key) + " must be a single text value");
      return std::nullopt;
    }
    Located<std::string> out{node.Scalar(), loc(node)};
    if (node.Tag() == "!") ++out.loc.column;  // quoted: point at the first character inside
    return out;
  }

  std::optional<Located<int>> number(const YAML::Node& node, std::string_view key, int min,
                                     int max) {
    int value = 0;
    if (node.IsScalar()) {
      const std::string& s = node.Scalar();
      const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
      if (ec == std::errc() && end == s.data() + s.size() && value >= min && value <= max) {
        return Located<int>{value, loc(node)};
      }
    }
    error(Code::invalid_value, loc(node),
          quote(key) + " must be a whole number from " + std::to_string(min) + " to " +
              std::to_string(max) + (node.IsScalar() ? ", not " + quote(node.Scalar()) : ""));
    return std::nullopt;
  }

  /// A whole number in decimal, of any size an int holds; range checks are the caller's.
  std::optional<Located<int>> whole_number(const YAML::Node& node, std::string_view key) {
    int value = 0;
    if (node.IsScalar()) {
      const std::string& s = node.Scalar();
      const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
      if (ec == std::errc() && end == s.data() + s.size()) return Located<int>{value, loc(node)};
    }
    error(Code::invalid_value, loc(node),
          quote(key) + " must be a whole number" +
              (node.IsScalar() ? ", not " + quote(node.Scalar()) : ""));
    return std::nullopt;
  }

  std::optional<Located<bool>> boolean(const YAML::Node& node, std::string_view key) {
    if (node.IsScalar() && (node.Scalar() == "true" || node.Scalar() == "false")) {
      return Located<bool>{node.Scalar() == "true", loc(node)};
    }
    error(Code::invalid_value, loc(node),
          quote(key) + " must be true or false" +
              (node.IsScalar() ? ", not " + quote(node.Scalar()) : ""));
    return std::nullopt;
  }

  template <class E>
  std::optional<Located<E>> word(const YAML::Node& node, std::string_view key) {
    if (node.IsScalar()) {
      if (const std::optional<E> value = ir::from_name<E>(node.Scalar())) {
        return Located<E>{*value, loc(node)};
      }
    }
    std::vector<std::string> options;
    for (unsigned i = 0; !ir::name(static_cast<E>(i)).empty(); ++i) {
      options.emplace_back(ir::name(static_cast<E>(i)));
    }
    const std::string written = node.IsScalar() ? node.Scalar() : std::string();
    error(Code::invalid_value, loc(node),
          quote(key) + " must be one of " + ir::all_names<E>() +
              (node.IsScalar() ? ", not " + quote(written) + did_you_mean(written, options) : ""));
    return std::nullopt;
  }

  std::optional<Located<std::vector<Located<std::string>>>> text_list(const YAML::Node& node,
                                                                      std::string_view key) {
    if (!node.IsSequence()) {
      error(Code::invalid_value, loc(node), quote(key) + " must be a list, like [King]");
      return std::nullopt;
    }
    Located<std::vector<Located<std::string>>> out{{}, loc(node)};
    for (const YAML::Node& item : node) {
      if (auto value = text(item, key)) out.value.push_back(*value);
    }
    return out;
  }

 private:
  const Source& source_;
  DiagnosticSink& sink_;
  bool failed_ = false;
};

/// Readers of the rule sections of the front matter (front_matter_rules.cpp).
void read_promotion(YamlReader& r, const YAML::Node& node, FrontMatter& fm);
/// The `trading:` mapping (the Lion-trading rules): `pieces` and `minor`.
void read_trading(YamlReader& r, const YAML::Node& node, FrontMatter& fm);
void read_drops(YamlReader& r, const YAML::Node& node, FrontMatter& fm);
void read_endings(YamlReader& r, const YAML::Node& key, const YAML::Node& list, FrontMatter& fm);
void read_notation(YamlReader& r, const YAML::Node& node, FrontMatter& fm);

}  // namespace koma::compiler
