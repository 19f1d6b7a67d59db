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
# Written straight back, a record keeps its headers, comments, times and closing line (the
# '#' lines of a KIF are the writing program's, not the game's).
for pair in headers.kif:kif meijin_1999.kifu:kif variations.kif:kif sennichite.csa:csa; do
  file=${pair%%:*} format=${pair##*:}
  grep -v '^#' "$here/$file" >"$tmp/$file.want"
  "$koma" play shogi --record "$here/$file" --to "$format" >"$tmp/$file.same" || { echo "roundtrip: $file to $format failed"; status=1; continue; }
  diff -u "$tmp/$file.want" "$tmp/$file.same" || { echo "roundtrip: $file changed when written back"; status=1; }
done
# Through CSA and back, a KIF keeps its headers (six here), comments and times.
"$koma" play shogi --record "$here/headers.kif" --to csa >"$tmp/headers.csa" &&
  "$koma" play shogi --record "$tmp/headers.csa" --to kif >"$tmp/headers.back.kif" || { echo "roundtrip: headers.kif through CSA failed"; status=1; }
diff -u <(grep -v -e '^#' -e '^まで' "$here/headers.kif" | grep -v '^手合割') <(grep -v '^手合割' "$tmp/headers.back.kif") ||
  { echo "roundtrip: headers.kif changed through CSA"; status=1; }
exit $status
