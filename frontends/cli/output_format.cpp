// --format parsing and plain stdout writing.
#include "output_format.h"

#include <cstdio>
#include <string>
#include <vector>

namespace koma::cli {

void add_format_option(CLI::App& command, Format& format, bool with_sarif) {
  std::vector<std::string> names{"text", "json"};
  if (with_sarif) names.emplace_back("sarif");
  command
      .add_option_function<std::string>(
          "--format",
          [&format](const std::string& name) {
            format = name == "json" ? Format::json : name == "sarif" ? Format::sarif : Format::text;
          },
          with_sarif ? "Output: text (GCC style), json or sarif" : "Output: text or json")
      ->check(CLI::IsMember(names))
      ->option_text(with_sarif ? "text|json|sarif" : "text|json");
}

void print_out(const std::string& text) {
  std::fwrite(text.data(), 1, text.size(), stdout);
}

}  // namespace koma::cli
