#!/usr/bin/env bash
# A 10,000-ply record (kings stepping to and fro, in a Shogi without repetition or move limit)
# is judged to its end and reported as unfinished; the time it took is printed (a figure, not a
# pass mark: speed is measured by benchmarks, not by tests).
# usage: tests/records/long_game.sh KOMA
set -u
koma=$1
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
{
  printf 'position startpos moves'
  for _ in $(seq 2500); do printf ' 5i5h 5a5b 5h5i 5b5a'; done
  printf '\n'
} >"$tmp/long.usi"
start=$(date +%s%N)
out=$("$koma" play "$here/marathon.md" --record "$tmp/long.usi") || { echo "long game: koma failed"; exit 1; }
ms=$(( ($(date +%s%N) - start) / 1000000 ))
echo "long game: 10000 plies judged in $ms ms"
grep -q '^result: unfinished after ply 10000$' <<<"$out" || { echo "long game: unexpected result: $out"; exit 1; }
