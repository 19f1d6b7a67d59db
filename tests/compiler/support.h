// Helpers shared by the compiler tests: reading files, compiling with the bundled variants as
// parents, and the expectation comments of fail files.
#pragma once

#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "compiler.h"

namespace koma::test {

inline std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

/// A 3x3 variant with a King and a Pawn: its front matter without the closing "---", for cases
/// that add keys, and the rest of the file.
inline const std::string kTinyFront = R"(---
title: Tiny
slug: tiny
win: "Checkmate the opponent's King"
royal: [King]
promotion: {zone: 1}
endings:
  - {kind: checkmate, outcome: loss}
engine:
  topology: {type: grid, rows: 3, cols: 3}
  setup: "k1p/3/P1K b - 1"
)";
inline const std::string kTinyBody = R"(---

| Piece | Movement | Letter |
|---|---|---|
| King | One square any direction | K |
| Pawn | One square forward | P |
)";

inline compiler::Options bundled_options() {
  compiler::Options options;
  options.variants_dir = KOMA_VARIANTS_DIR;
  return options;
}

/// One expected diagnostic: line, severity and code.
using Expected = std::tuple<std::uint32_t, std::string, std::string>;

/// The diagnostics a fail file expects: on any line, "expect:" followed by one or more
/// "SEVERITY CODE" separated by commas (inside an HTML comment in Markdown, or a # comment in
/// the front matter). Each item expects one diagnostic on that line.
inline std::vector<Expected> expectations(const std::string& text) {
  std::vector<Expected> out;
  std::istringstream lines(text);
  std::string line;
  std::uint32_t number = 0;
  const auto is_code_char = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; };
  while (std::getline(lines, line)) {
    ++number;
    for (std::size_t at = line.find("expect:"); at != std::string::npos; at = line.find("expect:", at + 1)) {
      std::size_t i = at + 7;
      while (true) {
        while (i < line.size() && (line[i] == ' ' || line[i] == ',')) ++i;
        std::string severity;
        for (const char* word : {"error", "warning"}) {
          if (line.compare(i, std::string(word).size(), word) == 0) severity = word;
        }
        if (severity.empty()) break;
        i += severity.size();
        while (i < line.size() && line[i] == ' ') ++i;
        const std::size_t start = i;
        while (i < line.size() && is_code_char(line[i])) ++i;
        if (i == start) break;
        std::string code = line.substr(start, i - start);
        while (!code.empty() && code.back() == '-') code.pop_back();  // "-->" after the code
        out.emplace_back(number, severity, code);
      }
    }
  }
  return out;
}

}  // namespace koma::test
