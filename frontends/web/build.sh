#!/usr/bin/env bash
# Builds the playground: installs Emscripten (Debian's package), builds yaml-cpp and cmark-gfm
# for WebAssembly from Debian's sources (frontends/web/deps.sh), then koma's compiler and runtime and the
# page into build-web/web, which `koma playground` serves or a browser opens directly, and the npm
# package's folder build-web/npm (`npm pack` there makes the tarball). KOMA_WEB_DEPS names a
# prefix deps.sh already built, used as it is.
# Usage: frontends/web/build.sh [BUILD_DIR]   (default build-web)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build-web}
tools/install-deps.sh --web
# Emscripten runs its JavaScript tools on node, which must find Debian's node-acorn.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
if [ -n "${KOMA_WEB_DEPS:-}" ]; then
  deps=$(cd "$KOMA_WEB_DEPS" && pwd)
else
  frontends/web/deps.sh "$build/deps"
  deps=$PWD/$build/deps
fi
launcher=()
command -v ccache >/dev/null 2>&1 &&
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
emcmake cmake -S frontends/web -B "$build" -DCMAKE_BUILD_TYPE=Release -DKOMA_WEB_DEPS="$deps" \
  "${launcher[@]}" >/dev/null
cmake --build "$build" -j2
echo "playground built: $build/web (open $build/web/index.html, or run 'koma playground')"
echo "npm package built: $build/npm (npm pack $build/npm makes the tarball)"
