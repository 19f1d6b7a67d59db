// koma's version, as the build states it: the CMake project version and the commit built.
#pragma once

namespace koma::lib {
/// "0.1.0"
const char* version();
/// The commit the build was made from ("3f2a9c1d0b7e", "…-modified" with uncommitted changes),
/// or "unknown" (a source tarball without git history, unless KOMA_COMMIT was given).
const char* commit();
/// What `koma --version` prints: "koma 0.1.0 (commit 3f2a9c1d0b7e)".
const char* version_line();
}  // namespace koma::lib
