#!/usr/bin/env bash
# Installs dependencies, then builds and runs every test twice: an optimised build (build/)
# and an AddressSanitizer + UndefinedBehaviorSanitizer build (build-asan/).
# Slow perft rows are tagged [slow] and run only with KOMA_SLOW=1.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j2
(cd build && ctest --output-on-failure -j2)
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DKOMA_SANITIZE=ON >/dev/null
cmake --build build-asan -j2
(cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
   ctest --output-on-failure -j2)
