#!/usr/bin/env bash
# Encodings: the Shift-JIS record here is its UTF-8 twin converted with iconv, and koma reads the
# two as the same game and the same tree (headers, comments, variation); a KIF written in Shift-JIS reads back; bytes in neither encoding, and a
# .kifu that is not UTF-8, are refused at their line with their code.
# usage: tests/records/encodings.sh KOMA
set -u
koma=$1
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
fail() { echo "encodings: $*"; status=1; }
iconv -f UTF-8 -t CP932 "$here/meijin_1999.kifu" | cmp -s - "$here/meijin_1999_sjis.kif" ||
  fail "meijin_1999_sjis.kif is not meijin_1999.kifu in CP932"
utf8=$("$koma" play shogi --record "$here/meijin_1999.kifu" --to usi) || fail "the .kifu does not read"
sjis=$("$koma" play shogi --record "$here/meijin_1999_sjis.kif" --to usi) || fail "the Shift-JIS .kif does not read"
[ "$utf8" = "$sjis" ] || fail "the two encodings read as different games: $utf8 / $sjis"
# The whole tree too (headers, comments, the variation), as JKF writes it.
utf8_tree=$("$koma" play shogi --record "$here/meijin_1999.kifu" --to jkf) || fail "the .kifu does not write as JKF"
sjis_tree=$("$koma" play shogi --record "$here/meijin_1999_sjis.kif" --to jkf) || fail "the Shift-JIS .kif does not write as JKF"
[ "$utf8_tree" = "$sjis_tree" ] || fail "the two encodings read as different trees"
grep -q '"forks"' <<<"$utf8_tree" || fail "the variation of meijin_1999.kifu was not read"
grep -q '各9時間' <<<"$sjis_tree" || fail "the time control of meijin_1999_sjis.kif was not read"
forced=$("$koma" play shogi --record "$here/meijin_1999_sjis.kif" --encoding shift-jis --to usi) ||
  fail "--encoding shift-jis does not read the Shift-JIS .kif"
[ "$forced" = "$sjis" ] || fail "--encoding shift-jis reads another game"
# Written in Shift-JIS, the KIF is the UTF-8 one converted, and reads back as the same game.
"$koma" play shogi --record "$here/meijin_1999.kifu" --to kif >"$tmp/utf8.kif" || fail "--to kif failed"
"$koma" play shogi --record "$here/meijin_1999.kifu" --to kif --to-encoding shift-jis >"$tmp/sjis.kif" ||
  fail "--to kif --to-encoding shift-jis failed"
iconv -f UTF-8 -t CP932 "$tmp/utf8.kif" | cmp -s - "$tmp/sjis.kif" || fail "the Shift-JIS KIF written is not the UTF-8 one"
back=$("$koma" play shogi --record "$tmp/sjis.kif" --to usi) || fail "the Shift-JIS KIF written does not read"
[ "$back" = "$utf8" ] || fail "the Shift-JIS KIF written reads as another game"
# Refused at the line: expect CODE LINE ARGS...
expect() {
  local code=$1 line=$2 file=$3; shift 3
  local err
  if err=$("$koma" play shogi --record "$file" "$@" 2>&1 >/dev/null); then fail "$file was read ($*)"; return; fi
  grep -q "$file:$line: .*\[$code\]$" <<<"$err" || fail "$file: expected $code at line $line, got: $err"
}
cp "$here/meijin_1999_sjis.kif" "$tmp/named.kifu"
expect encoding-not-utf8 1 "$tmp/named.kifu"
expect encoding-not-utf8 1 "$here/meijin_1999_sjis.kif" --encoding utf-8
{ head -n 5 "$here/meijin_1999.kifu"; printf '   1 \x82\x56\xff\n'; } >"$tmp/broken.kif"
expect encoding-mixed 6 "$tmp/broken.kif"
{ printf 'V2.2\nPI\n+\n'; printf "'\x82\x56\xff\n"; } >"$tmp/broken.csa"
expect encoding-unknown 4 "$tmp/broken.csa"
expect encoding-not-shift-jis 4 "$tmp/broken.csa" --encoding shift-jis
exit $status
