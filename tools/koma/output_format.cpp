// --format parsing and plain stdout writing.
#include "output_format.h"

#include <cstdio>

namespace koma::cli {

CLI::Option* add_format_option(CLI::App& command, Format& format, bool with_sarif) {
  std::map<std::string, Format> names{{"text", Format::text}, {"json", Format::json}};
  if (with_sarif) names.emplace("sarif", Format::sarif);
  return command
      .add_option("--format", format,
                  with_sarif ? "Output: text (GCC style), json or sarif" : "Output: text or json")
      ->transform(CLI::CheckedTransformer(names, CLI::ignore_case))
      ->option_text(with_sarif ? "text|json|sarif" : "text|json");
}

void print_out(const std::string& text) {
  std::fwrite(text.data(), 1, text.size(), stdout);
}

}  // namespace koma::cli
