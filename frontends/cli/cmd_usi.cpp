// `koma usi [VARIANT]`: the USI protocol on stdin and stdout, for shogi GUIs; the variant is
// the start's (default shogi) until `setoption name USI_Variant value ...` changes it.
#include <iostream>
#include <memory>
#include <string>

#include "cli_error.h"
#include "cli_variant.h"
#include "commands.h"
#include "usi.h"

namespace koma::cli {

namespace {

int run_usi(const std::string& variant) {
  std::ios::sync_with_stdio(false);
  // Only the engine's callback writes to stdout, under its lock: reading stdin must not flush it
  // from this thread while the search thread writes.
  std::cin.tie(nullptr);
  usi::Engine engine(open_variant(variant), [](const std::string& line) {
    std::cout << line << '\n';
    std::cout.flush();
  });
  std::string line;
  while (std::getline(std::cin, line)) {
    if (!engine.handle(line)) return kExitOk;
  }
  engine.finish();
  return kExitOk;
}

}  // namespace

void add_usi(CLI::App& app, int& exit_code) {
  auto variant = std::make_shared<std::string>("shogi");
  CLI::App* command = app.add_subcommand(
      "usi", "Play by the USI protocol on stdin and stdout (for shogi GUIs); options: USI_Variant "
             "(a slug or a .md file), USI_Hash, Threads (1).");
  command->add_option("VARIANT", *variant, "Bundled slug or variant file (.md); default shogi");
  command->callback([variant, &exit_code] { exit_code = run_usi(*variant); });
}

}  // namespace koma::cli
