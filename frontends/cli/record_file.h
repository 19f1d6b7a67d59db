// Record files as the commands that read them open them: the bytes of a regular file of at most
// 16 MB, its extension, and a record's problem as `FILE:LINE[:COLUMN]: MESSAGE [CODE]`.
#pragma once

#include <string>

#include "error.h"

namespace koma::cli {

/// The bytes of the record file `path` (a regular file of at most 16 MB); CliError otherwise.
std::string read_record_file(const std::string& path);

/// A problem with a record as koma prints it: `FILE:LINE[:COLUMN]: MESSAGE [CODE]`.
std::string record_error(const lib::Error& error);

/// The lower-case extension of a file name ("" when it has none).
std::string extension_of(const std::string& path);

}  // namespace koma::cli
