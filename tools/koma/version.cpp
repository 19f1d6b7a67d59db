// The version string, compiled in from the CMake project version.
#include "version.h"

#ifndef KOMA_VERSION
#define KOMA_VERSION "unknown"
#endif

namespace koma::cli {
const char* version() { return KOMA_VERSION; }
}  // namespace koma::cli
