#!/usr/bin/env bash
# Installs dependencies, then builds and runs every test: an optimised GCC build (build/) with
# the Python module, `pip install .` into a fresh venv with the pytest suite run there, the
# install test and the oracle cross-checks against independent libraries (random games,
# start-position perft, KIF and CSA records, moves in words and KI2, Chu shogi's moves against
# HaChu), and an AddressSanitizer + UndefinedBehaviorSanitizer
# clang build (build-asan/, built while the cross-checks run) that also holds the libFuzzer targets,
# each run briefly from its seeds (tools/fuzz.sh runs them for hours), and the playground: koma
# built for WebAssembly (build-web/): the npm package packed, installed and tested under Node,
# and the page driven in headless Chromium, screenshots in build/artifacts/playground.
# Slow perft rows are hidden Catch2 tests tagged [slow]; KOMA_SLOW=1 runs them too.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install-deps.sh --tests --web
# Debian's pybind11 and pytest are for the system interpreter, whatever else is on the PATH.
python=()
[ -x /usr/bin/python3 ] && python=(-DPython_EXECUTABLE=/usr/bin/python3)
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DKOMA_TESTS=ON -DKOMA_PYTHON=ON "${python[@]}" >/dev/null
cmake --build build -j2
(cd build && ctest --output-on-failure -j2)
tests/python/pip_install.sh /usr/bin/python3
if [ "${KOMA_SLOW:-0}" = 1 ]; then
  build/tests/runtime/koma_runtime_tests "[slow]"
fi
# The sanitizer build runs in the background, at low priority, while the oracle cross-checks
# (one thread each), the WebAssembly build and the playground's tests (waiting on Node and
# Chromium) run; its log is shown if it fails. Its tests run at the end.
cmake -S . -B build-asan -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_BUILD_TYPE=Debug -DKOMA_SANITIZE=ON -DKOMA_FUZZ=ON -DKOMA_TESTS=ON -DKOMA_PYTHON=OFF >/dev/null
mkdir -p build/artifacts
setsid nice -n 10 cmake --build build-asan -j2 >build/artifacts/asan-build.log 2>&1 &
asan_build=$!
# A failing step before the wait stops the background build too (setsid: its own process group).
trap 'kill -- -"$asan_build" 2>/dev/null || true' EXIT
tools/oracle/crosscheck.sh build/koma --games 20 --plies 160 --seed 1
tools/oracle/perft.sh build/koma
tools/oracle/records.sh build/koma --games 6 --plies 160 --seed 1
tools/oracle/notation.sh build/koma --games 3 --plies 120
KOMA=build/koma tools/oracle/hachu.sh --games 40 --seed 1
KOMA=build/koma tools/oracle/hachu.sh --variant dai --games 10 --plies 200 --seed 1
frontends/web/build.sh build-web
PYTHONPATH="$PWD/build/python" frontends/web/npm/test/run.sh build-web/npm build/koma
frontends/web/test/run.sh build/koma build-web/web build/artifacts/playground
frontends/web/test/run.sh --bench build/koma build-web/web 4
if ! wait "$asan_build"; then
  cat build/artifacts/asan-build.log >&2
  echo "the sanitizer build failed (log above: build/artifacts/asan-build.log)" >&2
  exit 1
fi
(cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
   ctest --output-on-failure -j2)
