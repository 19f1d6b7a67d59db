// The --notation and --signs options, and the move text they ask for.
#include "notation_args.h"

#include <fmt/core.h>

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

std::string move_words(const Position& position, Move move, const NotationArgs& args, int previous_to) {
  const records::Notation notation = args.notation == "japanese"  ? records::Notation::japanese
                                     : args.notation == "western" ? records::Notation::western
                                                                  : records::Notation::usi;
  const records::SideSigns signs = args.signs == "triangles" ? records::SideSigns::triangles
                                   : args.signs == "none"    ? records::SideSigns::none
                                                             : records::SideSigns::pieces;
  auto text = records::move_in(position, move, notation, previous_to, signs);
  if (!text) throw CliError(fmt::format("{} [{}]", text.error().message, text.error().code));
  return *text;
}

}  // namespace koma::cli
