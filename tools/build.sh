#!/usr/bin/env bash
# Installs dependencies and builds koma into build/ (optimised, warnings as errors).
# Usage: tools/build.sh [extra cmake -D options]
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
cmake --build build -j2
