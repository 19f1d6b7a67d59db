#!/usr/bin/env bash
# `koma bench --records` runs once over the 300-ply record with variations and reports every
# format it writes (KIF in UTF-8 and Shift-JIS, KI2, CSA, JKF) read back as 300 plies. A smoke
# run: the figures are printed, not judged (speed is measured by benchmarks, not by tests).
# usage: tests/records/bench.sh KOMA
set -u
koma=$1
here=$(cd "$(dirname "$0")" && pwd)
out=$("$koma" bench --records "$here/long_300.kif" --iterations 1) || { echo "bench: koma failed: $out"; exit 1; }
echo "$out"
for row in 'kif +utf-8' 'kif +shift-jis' 'ki2 +utf-8' 'csa +utf-8' 'jkf +utf-8'; do
  grep -Eq "^long_300\.kif +$row +300 " <<<"$out" || { echo "bench: no row '$row' of 300 plies"; exit 1; }
done
grep -Eq '^long_300\.kif +kif +utf-8 +300 +3 ' <<<"$out" || { echo "bench: the KIF lost its 3 variations"; exit 1; }
