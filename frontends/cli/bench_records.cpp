// `koma bench --records FILE...` (see bench_records.h): each record is written in every format
// koma writes, and each text is read and judged again and again, as `koma play` reads a file.
#include "bench_records.h"

#include <chrono>
#include <filesystem>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "cli_error.h"
#include "cli_variant.h"
#include "output_format.h"
#include "record_file.h"
#include "records_io.h"

namespace koma::cli {

namespace {

/// Without --iterations, each text is read until this much time has passed (and at least
/// kMinReads times).
constexpr double kReadBudgetSeconds = 0.25;
constexpr int kMinReads = 5;

/// One text of a record, as one of the formats writes it.
struct RecordText {
  std::string format;    ///< "kif", "ki2", "csa", "jkf"
  bool shift_jis = false;
  std::string bytes;
};

struct RecordRow {
  std::string file;
  std::string format;
  bool shift_jis = false;
  std::size_t plies = 0;
  std::size_t variations = 0;
  std::size_t bytes = 0;
  int iterations = 0;
  double seconds = 0;
};

using Clock = std::chrono::steady_clock;
double since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// The variations of `moves`, theirs included.
std::size_t count_variations(const std::vector<records::RecordMove>& moves) {
  std::size_t count = 0;
  for (const records::RecordMove& move : moves) {
    for (const records::RecordLine& line : move.variations) count += 1 + count_variations(line.moves);
  }
  return count;
}

/// `record` without its variations (KI2 holds none).
records::Record main_line(records::Record record) {
  for (records::RecordMove& move : record.moves) move.variations.clear();
  return record;
}

/// Reads `bytes` as `format` and judges the game, as `koma play --record` does.
records::Judged read_and_judge(const LoadedVariant& loaded, int dialect, const std::string& bytes,
                               RecordFormat format, const std::string& file, const std::string& extension) {
  lib::Result<records::Record> read = read_record_bytes(bytes, format, RecordEncoding::detect, file, extension,
                                                   loaded.variant);
  if (!read) throw CliError(record_error(read.error()));
  lib::Result<records::Judged> judged = judge_record(loaded.variant, *read, dialect, file);
  if (!judged) throw CliError(record_error(judged.error()));
  return std::move(*judged);
}

/// `judged` as each format writes it; `file` names the record in errors.
std::vector<RecordText> texts_of(const LoadedVariant& loaded, int dialect, const records::Judged& judged,
                                 const std::string& file) {
  std::vector<RecordText> texts;
  const auto add = [&](const records::Judged& game, RecordFormat format, bool shift_jis) {
    lib::Result<std::string> written = write_record(game, format, dialect, shift_jis);
    if (!written) {
      throw CliError(fmt::format("cannot write '{}' as {}: {}", file, record_format_name(format),
                                 written.error().message));
    }
    texts.push_back({std::string(record_format_name(format)), shift_jis, std::move(*written)});
  };
  add(judged, RecordFormat::kif, false);
  add(judged, RecordFormat::kif, true);
  lib::Result<records::Judged> main = judge_record(loaded.variant, main_line(judged.record), dialect, file);
  if (!main) throw CliError(record_error(main.error()));
  add(*main, RecordFormat::ki2, false);
  add(judged, RecordFormat::csa, false);
  add(judged, RecordFormat::jkf, false);
  return texts;
}

/// Times reading and judging `text` (`iterations` times, or for kReadBudgetSeconds); each read
/// must give the record's plies.
RecordRow time_text(const LoadedVariant& loaded, int dialect, const RecordText& text, const std::string& file,
                    std::size_t plies, int iterations) {
  RecordRow row{file, text.format, text.shift_jis, plies, 0, text.bytes.size(), 0, 0};
  const std::string name = fmt::format("{} ({})", file, text.format);
  const RecordFormat format = *record_format_named(text.format);
  const auto start = Clock::now();
  do {
    const records::Judged judged = read_and_judge(loaded, dialect, text.bytes, format, name, text.format);
    if (judged.moves.size() != plies) {
      throw CliError(fmt::format("{}: read back as {} plies, not {}", name, judged.moves.size(), plies));
    }
    row.variations = count_variations(judged.record.moves);
    ++row.iterations;
  } while (iterations > 0 ? row.iterations < iterations
                          : row.iterations < kMinReads || since(start) < kReadBudgetSeconds);
  row.seconds = since(start);
  return row;
}

double ms_per_record(const RecordRow& row) { return row.seconds * 1000 / row.iterations; }
double records_per_second(const RecordRow& row) {
  return row.seconds > 0 ? row.iterations / row.seconds : 0;
}
std::string encoding_name(const RecordRow& row) { return row.shift_jis ? "shift-jis" : "utf-8"; }

}  // namespace

int run_bench_records(const RecordBenchArgs& args) {
  const LoadedVariant loaded = open_variant(args.variant);
  const int dialect = kNativeDialect;
  std::vector<RecordRow> rows;
  for (const std::string& path : args.files) {
    const std::string file = std::filesystem::path(path).filename().string();
    const records::Judged judged = read_and_judge(loaded, dialect, read_record_file(path),
                                                  record_format_of_path(path), path, extension_of(path));
    for (const RecordText& text : texts_of(loaded, dialect, judged, path)) {
      rows.push_back(time_text(loaded, dialect, text, file, judged.moves.size(), args.iterations));
    }
  }
  if (args.format == Format::json) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const RecordRow& row : rows) {
      list.push_back({{"file", row.file},
                      {"format", row.format},
                      {"encoding", encoding_name(row)},
                      {"plies", row.plies},
                      {"variations", row.variations},
                      {"bytes", row.bytes},
                      {"iterations", row.iterations},
                      {"ms_per_record", ms_per_record(row)},
                      {"records_per_second", records_per_second(row)}});
    }
    print_out(nlohmann::ordered_json{{"variant", args.variant}, {"records", list}}.dump(2) + "\n");
    return kExitOk;
  }
  std::string out = fmt::format("records read and judged on one thread ({}):\n", args.variant);
  out += fmt::format("{:<20} {:<6} {:<9} {:>6} {:>10} {:>8} {:>6} {:>10} {:>10}\n", "file", "format", "encoding",
                     "plies", "variations", "bytes", "reads", "ms/record", "records/s");
  for (const RecordRow& row : rows) {
    out += fmt::format("{:<20} {:<6} {:<9} {:>6} {:>10} {:>8} {:>6} {:>10.3f} {:>10.0f}\n", row.file, row.format,
                       encoding_name(row), row.plies, row.variations, row.bytes, row.iterations,
                       ms_per_record(row), records_per_second(row));
  }
  print_out(out);
  return kExitOk;
}

}  // namespace koma::cli
