// The --notation and --signs options, and the move text they ask for (written by libkoma).
#include "notation_args.h"

#include <fmt/core.h>

#include "move_words.h"

namespace koma::cli {

void add_notation_options(CLI::App& command, NotationArgs& args) {
  command.add_option("--notation", args.notation,
                     "Moves in USI (default), Japanese (☗７六歩, ☖同　銀, 右左直上引寄打成不成) or Western (P-7f, Bx2b+, G6i-5h)")
      ->check(CLI::IsMember({"usi", "japanese", "western"}))
      ->option_text("usi|japanese|western");
  command.add_option("--signs", args.signs, "The side marks of Japanese moves: ☗☖ (pieces, default), ▲△ (triangles) or none")
      ->check(CLI::IsMember({"pieces", "triangles", "none"}))
      ->option_text("pieces|triangles|none");
}

std::string move_words(const Position& position, Move move, const NotationArgs& args) {
  const lib::Wording wording{*lib::notation_named(args.notation), *lib::signs_named(args.signs)};
  auto text = lib::move_words(position, move, wording);
  if (!text) throw CliError(fmt::format("{} [{}]", text.error().message, text.error().code));
  return *text;
}

}  // namespace koma::cli
