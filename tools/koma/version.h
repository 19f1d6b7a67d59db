// koma's version, as the build states it (the CMake project version).
#pragma once

namespace koma::cli {
/// "0.1.0"
const char* version();
}  // namespace koma::cli
