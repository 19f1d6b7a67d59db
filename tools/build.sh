#!/usr/bin/env bash
# Installs what building needs and builds the `koma` command into build/ (optimised, warnings as
# errors): no tests and no Python module, which the test command builds.
# Usage: tools/build.sh [extra cmake -D options]
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DKOMA_TESTS=OFF -DKOMA_PYTHON=OFF "$@" >/dev/null
cmake --build build -j2 --target koma
