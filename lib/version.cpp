// The version and commit, compiled in from the CMake project version and cmake/commit.cmake.
#include "version.h"

#include "koma_commit.h"

#ifndef KOMA_VERSION
#define KOMA_VERSION "unknown"
#endif

namespace koma::lib {
const char* version() { return KOMA_VERSION; }
const char* commit() { return KOMA_COMMIT; }
const char* version_line() { return "koma " KOMA_VERSION " (commit " KOMA_COMMIT ")"; }
}  // namespace koma::lib
