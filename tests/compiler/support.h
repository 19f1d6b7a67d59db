// Helpers shared by the compiler tests: reading files, compiling with the bundled variants as
// parents, and the expectation comments of fail files.
#pragma once

#include <fstream>
#include <optional>
#include <regex>
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
  static const std::regex kExpect(R"(expect:\s*((?:(?:error|warning)\s+[a-z0-9-]+\s*,?\s*)+))");
  static const std::regex kItem(R"((error|warning)\s+([a-z0-9-]+))");
  std::vector<Expected> out;
  std::istringstream lines(text);
  std::string line;
  std::uint32_t number = 0;
  while (std::getline(lines, line)) {
    ++number;
    for (auto m = std::sregex_iterator(line.begin(), line.end(), kExpect); m != std::sregex_iterator(); ++m) {
      const std::string items = (*m)[1].str();
      for (auto i = std::sregex_iterator(items.begin(), items.end(), kItem); i != std::sregex_iterator(); ++i) {
        out.emplace_back(number, (*i)[1].str(), (*i)[2].str());
      }
    }
  }
  return out;
}

}  // namespace koma::test
