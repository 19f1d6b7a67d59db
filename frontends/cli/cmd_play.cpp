// `koma play VARIANT`: judges a game given by --moves or a record file (KIF, KI2, CSA, JKF, USI) from
// the start or --sfen: who won, by which rule of the variant file (with its place), at which
// ply, and with --notation its moves in words; or converts the record with --to.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "cli_error.h"
#include "commands.h"
#include "output_format.h"
#include "position_args.h"
#include "record.h"
#include "cli_variant.h"
#include "notation_args.h"
#include "record_file.h"
#include "records_io.h"

namespace koma::cli {

namespace {

struct PlayArgs {
  std::string variant;
  PositionArgs position;
  std::string record;  ///< a record file; empty: --moves
  std::string to;      ///< convert to kif, ki2, csa, jkf or usi; empty: judge
  std::size_t game = 0;     ///< --game: the game of a file of several (1-based); 0: every game
  std::string encoding;     ///< the record's encoding (utf-8, shift-jis); empty: detected
  std::string to_encoding;  ///< the written record's encoding (utf-8, shift-jis)
  NotationArgs notation;    ///< --notation: the moves printed in words
  Format format = Format::text;
};

/// The games of --record (every game of a CSA file of several, or the one --game picks), or
/// the one game of --moves and --sfen.
std::vector<records::Record> games_of(const PlayArgs& args, const LoadedVariant& loaded) {
  std::vector<records::Record> games(1);
  if (args.record.empty()) {
    if (args.game != 0) throw CliError("--game picks a game of a --record file", kExitUsage);
    if (args.position.sfen && args.position.sfen->empty()) {
      throw CliError("--sfen is empty; leave it out to start from the variant's start position");
    }
    // The start is checked as the other commands check it, with the same message.
    PositionArgs start;
    start.sfen = args.position.sfen;
    start.dialect = args.position.dialect;
    const PositionSetup setup = unwrap(setup_position(loaded.variant, start));
    // Moves in Japanese or Western notation are read as USI first.
    const int dialect = unwrap(dialect_index(*loaded.variant, args.position.dialect));
    std::string line;
    for (const std::string& word : unwrap(usi_of_moves(*setup.position, split_moves(args.position.moves), dialect))) {
      line += word + ' ';
    }
    // No --moves is a game of no moves yet, not an empty record.
    if (!line.empty()) {
      records::ReadResult read = records::read_usi(line);
      if (!read.record) {
        throw CliError(fmt::format("--moves: {} [{}]", read.error.message, read.error.code));
      }
      games[0] = std::move(*read.record);
    }
    if (args.position.sfen) games[0].sfen = *args.position.sfen;
    return games;
  }
  if (!args.position.moves.empty() || args.position.sfen) {
    throw CliError("--record gives the start and the moves; leave out --sfen and --moves", kExitUsage);
  }
  lib::Result<std::vector<records::Record>> read =
      lib::read_records_bytes(read_record_file(args.record), record_format_of_path(args.record),
                              *record_encoding_named(args.encoding), args.record, extension_of(args.record),
                              loaded.variant);
  if (!read) throw CliError(record_error(read.error()));
  games = std::move(*read);
  if (args.game > games.size()) {
    throw CliError(fmt::format("--game {}: '{}' holds {} game{}", args.game, args.record, games.size(),
                               games.size() == 1 ? "" : "s"),
                   kExitUsage);
  }
  if (args.game != 0) return {std::move(games[args.game - 1])};
  if (games.size() > 1 && !args.to.empty()) {
    throw CliError(fmt::format("'{}' holds {} games; choose the one to write with --game N", args.record,
                               games.size()),
                   kExitUsage);
  }
  return games;
}

/// One judged game as `koma play` prints it: text, or the fields of its JSON object.
struct Report {
  std::string text;
  nlohmann::ordered_json json;
};

Report report(const PlayArgs& args, const records::Judged& judged) {
  // --notation japanese|western: the moves played, in words.
  const bool show_words = args.notation.notation != "usi";
  std::vector<std::string> words;
  if (show_words) {
    Position at = judged.start->clone();
    for (const Move m : judged.moves) {
      words.push_back(move_words(at, m, args.notation));
      at.make(m);
    }
  }
  Report out;
  out.json = verdict_json(judged);
  if (show_words) out.json["notation"] = {{"name", args.notation.notation}, {"moves", words}};
  add_record_notes(judged.record, out.json);
  out.text = verdict_text(judged);
  if (show_words) {
    out.text += "moves:";
    for (const std::string& w : words) out.text += " " + w;
    out.text += "\n";
  }
  out.text += record_notes_text(judged.record);
  return out;
}

int run_play(const PlayArgs& args) {
  const LoadedVariant loaded = open_variant(args.variant);
  const Variant& variant = *loaded.variant;
  const int dialect = unwrap(dialect_index(variant, args.position.dialect));
  const std::vector<records::Record> games = games_of(args, loaded);
  const std::string source = args.record.empty() ? "--moves" : args.record;
  // A file of several games names the game of each problem and of each verdict.
  const bool several = games.size() > 1;
  std::vector<Report> reports;
  for (std::size_t g = 0; g < games.size(); ++g) {
    lib::Result<records::Judged> judged = judge_record(loaded.variant, games[g], dialect, source);
    if (!judged) {
      lib::Error error = judged.error();
      if (several) error.message = fmt::format("game {}: {}", g + 1, error.message);
      if (!args.record.empty()) throw CliError(record_error(error));
      throw CliError(fmt::format("{} [{}]", error.message, error.code));
    }
    if (!args.to.empty()) {
      lib::Result<std::string> written =
          write_record(*judged, *record_format_named(args.to), dialect, args.to_encoding == "shift-jis");
      if (!written) throw CliError(fmt::format("cannot write {}: {}", args.to, written.error().message));
      print_out(*written);
      return kExitOk;
    }
    reports.push_back(report(args, *judged));
  }
  if (!several) {
    print_out(args.format == Format::json ? reports[0].json.dump(2) + "\n" : reports[0].text);
    return kExitOk;
  }
  if (args.format == Format::json) {
    nlohmann::ordered_json out{{"games", nlohmann::ordered_json::array()}};
    for (std::size_t g = 0; g < reports.size(); ++g) {
      nlohmann::ordered_json one{{"game", g + 1}};
      one.update(reports[g].json);
      out["games"].push_back(std::move(one));
    }
    print_out(out.dump(2) + "\n");
    return kExitOk;
  }
  std::string out;
  for (std::size_t g = 0; g < reports.size(); ++g) {
    out += fmt::format("{}game: {}\n{}", g == 0 ? "" : "\n", g + 1, reports[g].text);
  }
  print_out(out);
  return kExitOk;
}

}  // namespace

void add_play(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<PlayArgs>();
  CLI::App* command = app.add_subcommand(
      "play", "Judge a game (--moves or --record FILE: KIF, KI2, CSA, JKF or USI), or convert its record.");
  command->add_option("VARIANT", args->variant, "Bundled slug or variant file (.md)")->required();
  add_position_options(*command, args->position);
  command->add_option("--record", args->record,
                      "A game record: .kif/.kifu (KIF), .ki2 (KI2), .csa (CSA V2 to V3.0, one game or several "
                      "separated by '/'), .jkf (JKF), else a USI move list");
  command->add_option("--game", args->game, "The game of a record file of several to judge or write (from 1)")
      ->check(CLI::PositiveNumber);
  CLI::Option* to = command->add_option("--to", args->to, "Write the game as a record instead of judging it")
      ->check(CLI::IsMember({"kif", "ki2", "csa", "jkf", "usi"}))
      ->option_text("kif|ki2|csa|jkf|usi");
  command->add_option("--encoding", args->encoding,
                      "The record's encoding (default: UTF-8 when its bytes are, else Shift-JIS; .kifu UTF-8)")
      ->check(CLI::IsMember({"utf-8", "shift-jis"}))
      ->option_text("utf-8|shift-jis");
  command->add_option("--to-encoding", args->to_encoding, "The written record's encoding (default UTF-8)")
      ->needs(to)
      ->check(CLI::IsMember({"utf-8", "shift-jis"}))
      ->option_text("utf-8|shift-jis");
  add_notation_options(*command, args->notation);
  add_format_option(*command, args->format);
  command->callback([args, &exit_code] { exit_code = run_play(*args); });
}

}  // namespace koma::cli
