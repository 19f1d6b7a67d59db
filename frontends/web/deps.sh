#!/usr/bin/env bash
# Builds the compiler's parsers, yaml-cpp and cmark-gfm, for WebAssembly from Debian's own
# sources of the versions the native build uses (fetched with `apt-get source`), and installs
# them into a prefix the web build links against. Nothing is kept in the repository.
# Usage: frontends/web/deps.sh PREFIX   (skips a library whose files are already in PREFIX)
set -euo pipefail
prefix=$(mkdir -p "$1" && cd "$1" && pwd)
work="$prefix/src"
# Emscripten runs its JavaScript tools on node, which must find Debian's node-acorn.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
# Debian's emscripten ships prebuilt system libraries only for JavaScript-based exceptions.
flags="-O2 -fexceptions"
launcher=()
command -v ccache >/dev/null 2>&1 &&
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
mkdir -p "$work"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"

# Runs a command, showing its output (the libraries' own warnings) only when it fails.
quiet() {
  "$@" >"$work/last.log" 2>&1 || { cat "$work/last.log"; return 1; }
}

# apt-get source needs deb-src lines; Debian's stock image has none, so add them once, as the
# source twins of the machine's own package sources (the same mirrors, suites and keys).
add_source_lines() {
  local lists=/etc/apt/sources.list.d
  if [ -f "$lists/debian.sources" ]; then
    sed 's/^Types:.*$/Types: deb-src/' "$lists/debian.sources" |
      $sudo tee "$lists/koma-web-sources.sources" >/dev/null
  elif [ -f /etc/apt/sources.list ]; then
    sed -n 's/^deb /deb-src /p' /etc/apt/sources.list | $sudo tee "$lists/koma-web-sources.list" >/dev/null
  else
    echo "deps.sh: no Debian package sources found to add source lines for" >&2
    return 1
  fi
  $sudo apt-get update -qq
}

fetch() {
  local package=$1
  if ! ls -d "$work/$package"-*/ >/dev/null 2>&1; then
    apt-get source --print-uris "$package" >/dev/null 2>&1 || add_source_lines || return 1
    (cd "$work" && apt-get source -qq "$package" >/dev/null 2>&1)
  fi
  ls -d "$work/$package"-*/ | head -1
}

if [ ! -f "$prefix/lib/libyaml-cpp.a" ]; then
  src=$(fetch yaml-cpp)
  quiet emcmake cmake -S "$src" -B "$work/yaml-cpp-build" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_CXX_FLAGS="$flags" -DYAML_CPP_BUILD_TESTS=OFF \
    -DYAML_CPP_BUILD_TOOLS=OFF -DYAML_CPP_BUILD_CONTRIB=OFF -DYAML_BUILD_SHARED_LIBS=OFF "${launcher[@]}"
  quiet cmake --build "$work/yaml-cpp-build" -j2
  quiet cmake --install "$work/yaml-cpp-build"
fi
if [ ! -f "$prefix/lib/libcmark-gfm.a" ]; then
  src=$(fetch cmark-gfm)
  quiet emcmake cmake -S "$src" -B "$work/cmark-gfm-build" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_C_FLAGS="-O2" -DCMARK_TESTS=OFF \
    -DCMARK_SHARED=OFF -DCMARK_STATIC=ON "${launcher[@]}"
  quiet cmake --build "$work/cmark-gfm-build" -j2
  quiet cmake --install "$work/cmark-gfm-build"
fi
