#!/usr/bin/env bash
# Runs one fuzz target for SECONDS from its committed seeds (the variant-file target also from
# the bundled variants and the compiler's fail files), with a fixed seed. A crash, a sanitizer
# report or a broken invariant fails the test and prints the input that caused it.
# Usage: run.sh FUZZ-BINARY TARGET SOURCE-DIR SECONDS [CORPUS-DIR]
set -euo pipefail
binary=$1 target=$2 src=$3 seconds=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
corpus=${5:-$work/corpus}
mkdir -p "$corpus"
seeds=("$src/tests/fuzz/corpus/$target")
max_len=512
case $target in records | serve) max_len=4096 ;; esac
if [ "$target" = compile ]; then
  seeds+=("$src/variants" "$src/tests/compiler/fail")
  max_len=32768
fi
options=(-seed=1 -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2560 -max_len="$max_len"
         -print_final_stats=1 -artifact_prefix="$work/")
[ -f "$src/tests/fuzz/$target.dict" ] && options+=(-dict="$src/tests/fuzz/$target.dict")
cd "$work"
if ! "$binary" "${options[@]}" "$corpus" "${seeds[@]}" >"$work/log" 2>&1; then
  tail -n 60 "$work/log"
  for artifact in "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-*; do
    [ -f "$artifact" ] || continue
    echo "--- input ($artifact), as hex:"
    od -A d -t x1z "$artifact" | head -n 40
  done
  exit 1
fi
# The executions, the coverage reached (edges: cov, features: ft) and the corpus grown.
grep -E "^stat::(number_of_executed_units|new_units_added)|^Done|DONE" "$work/log" || true
