#!/usr/bin/env bash
# Runs koma's libFuzzer targets (tests/fuzz: variant files, SFEN, USI moves, game records, koma
# serve sessions, the playground's HTTP requests) for a long time, in the clang sanitizer build
# (build-asan/, configured here when needed), the libraries built with coverage instrumentation. The corpus each target grows is
# kept in build-asan/fuzz-corpus/TARGET, so runs build on each other; findings (the inputs and
# the reports) go to build-asan/fuzz-findings/. Each target prints its executions and the
# coverage it reached (cov: edges, ft: features).
# Usage: tools/fuzz.sh [--hours N] [--jobs J] [--no-build] [TARGET...]
#   (default: 1 hour, 1 job, every target one after another; --no-build uses the built ones)
set -euo pipefail
cd "$(dirname "$0")/.."
hours=1
jobs=1
build=1
targets=()
while [ $# -gt 0 ]; do
  case $1 in
    --hours) hours=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --no-build) build=0; shift ;;
    -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
    *) targets+=("$1"); shift ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=(compile sfen usi records serve http)
seconds=$(awk -v h="$hours" 'BEGIN { printf "%d", h * 3600 }')
if [ "$build" = 1 ]; then
  cmake -S . -B build-asan -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
    -DCMAKE_BUILD_TYPE=Debug -DKOMA_SANITIZE=ON -DKOMA_FUZZ=ON >/dev/null
  cmake --build build-asan -j2 --target "${targets[@]/#/fuzz_}"
fi
mkdir -p build-asan/fuzz-findings
status=0
for target in "${targets[@]}"; do
  corpus=build-asan/fuzz-corpus/$target
  mkdir -p "$corpus"
  seeds=("tests/fuzz/corpus/$target")
  max_len=512
  case $target in records | serve) max_len=4096 ;; esac
  if [ "$target" = compile ]; then seeds+=(variants tests/compiler/fail); max_len=32768; fi
  extra=()
  [ -f "tests/fuzz/$target.dict" ] && extra+=(-dict="tests/fuzz/$target.dict")
  # Several jobs write their logs to fuzz-N.log in the current folder; one job writes to $log.
  [ "$jobs" -gt 1 ] && extra+=(-jobs="$jobs" -workers="$jobs")
  echo "fuzz_$target: ${hours} h, ${jobs} job(s), corpus $corpus"
  log=build-asan/fuzz-findings/$target.log
  if ! build-asan/tests/fuzz/fuzz_$target -max_total_time="$seconds" -timeout=20 \
       -rss_limit_mb=2560 -max_len="$max_len" -print_final_stats=1 \
       -artifact_prefix="build-asan/fuzz-findings/$target-" "${extra[@]}" \
       "$corpus" "${seeds[@]}" >"$log" 2>&1; then
    status=1
    echo "fuzz_$target: FINDING, see $log and build-asan/fuzz-findings/$target-*"
  fi
  grep -hE "^stat::(number_of_executed_units|average_exec_per_sec|new_units_added)|^Done|DONE" \
    "$log" | sed "s/^/  /" || true
done
exit $status
