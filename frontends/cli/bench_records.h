// `koma bench --records FILE...`: records read and judged through libkoma, timed in the process.
#pragma once

#include <string>
#include <vector>

#include "output_format.h"

namespace koma::cli {

/// What `koma bench --records` measures.
struct RecordBenchArgs {
  std::vector<std::string> files;  ///< the records (any format koma reads)
  std::string variant = "shogi";   ///< the variant they are judged on
  int iterations = 0;              ///< reads of each text; 0: as many as fit the time budget
  Format format = Format::text;
};

/// Reads and judges each record once, writes it as KIF (UTF-8 and Shift-JIS), KI2 (its main
/// line), CSA and JKF, and times read_record_bytes + judge_record of each text; prints ms per
/// record and records per second.
int run_bench_records(const RecordBenchArgs& args);

}  // namespace koma::cli
