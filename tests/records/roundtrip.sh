#!/usr/bin/env bash
# Round trips through USI: each KIF record converted to a USI move list and back to KIF, and
# each CSA record to USI and back to CSA, must come back as written.
# usage: tests/records/roundtrip.sh KOMA
set -u
koma=$1
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
for pair in game.kif:kif foul_two_pawns.kif:kif game.csa:csa sennichite.csa:csa; do
  file=${pair%%:*} format=${pair##*:}
  "$koma" play shogi --record "$here/$file" --to usi >"$tmp/$file.usi" || { echo "roundtrip: $file to usi failed"; status=1; continue; }
  "$koma" play shogi --record "$tmp/$file.usi" --to "$format" >"$tmp/$file.back" || { echo "roundtrip: $file back to $format failed"; status=1; continue; }
  # The CSA originals may carry comments and names, which a round trip does not keep.
  grep -v -e "^'" -e '^N[+-]' "$here/$file" >"$tmp/$file.want"
  if ! diff -u "$tmp/$file.want" "$tmp/$file.back"; then
    echo "roundtrip: $file changed on its way through USI"
    status=1
  fi
done
exit $status
