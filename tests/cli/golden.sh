#!/usr/bin/env bash
# Runs one case of cases.txt with the built koma and compares its exit status, stdout and stderr
# with golden/NAME.txt. Paths and timings are normalised first; JSON output must parse and SVG
# output must be well-formed XML. KOMA_UPDATE_GOLDEN=1 rewrites the golden file instead.
# Usage: golden.sh KOMA JSON_CHECK SOURCE_DIR CASE_NAME
set -uo pipefail
koma=$1 json_check=$2 src=$3 name=$4
here=$(cd "$(dirname "$0")" && pwd)
line=$(grep -E "^$name " "$here/cases.txt" | head -n 1)
[ -n "$line" ] || { echo "golden: no case '$name' in cases.txt"; exit 1; }
read -r _ expected_exit args <<<"$line"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/out" "$tmp/scratch"
cd "$src" || exit 1
export KOMA_VARIANTS=variants
export TMP="$tmp/scratch"
eval "set -- $args"
"$koma" "$@" >"$tmp/out/stdout" 2>"$tmp/out/stderr"
status=$?

fail() { echo "golden $name: $*"; exit 1; }
[ "$status" = "$expected_exit" ] || { cat "$tmp/out/stderr"; fail "exit status $status, expected $expected_exit"; }
case " $args " in
  *" --format json "*|*" --format sarif "*)
    "$json_check" <"$tmp/out/stdout" || fail "stdout is not well-formed JSON" ;;
esac
if grep -q '^<?xml' "$tmp/out/stdout"; then
  xmllint --noout "$tmp/out/stdout" || fail "stdout is not well-formed XML"
fi
while IFS= read -r svg; do
  [ -f "$svg" ] || fail "listed image '$svg' was not written"
done < <(grep -E '\.svg$' "$tmp/out/stdout")
while IFS= read -r svg; do
  xmllint --noout "$svg" || fail "'$svg' is not well-formed XML"
done < <(find "$tmp/scratch" -name '*.svg')

# Normalise: the temporary folder, the source folder, every timing and the commit.
normalise() {
  sed -E -e "s#$tmp/scratch#<tmp>#g" -e "s#$src/#<src>/#g" \
    -e 's/^(seconds|nps): .*/\1: <t>/' -e 's/\(commit [^)]*\)$/(commit <c>)/' \
    -e 's/"(seconds|nps|leaves_per_second|compile_seconds|compiles)": [0-9.eE+-]+/"\1": "<t>"/' \
    -e 's/"no_bulk_(seconds|leaves_per_second)": [0-9.eE+-]+/"no_bulk_\1": "<t>"/' \
    -e 's/"counting_kernel": "[^"]*"/"counting_kernel": "<k>"/' \
    -e 's/^(bitboard tier: counting kernel) [^,]*,/\1 <k>,/' \
    -e 's/^([a-z0-9_./-]+ +([a-z]+ +)?[0-9]* +[0-9]+) +[0-9.]+ +[0-9]+ +([0-9]* +[0-9]+) +[0-9.]+ +[0-9]+( +[0-9.]+)?$/\1 <t> \3 <t>/' \
    -e 's/^([a-z0-9_./-]+ +([a-z]+ +)?[0-9]* +[0-9]+) +[0-9.]+ +[0-9]+( +[0-9.]+)?$/\1 <t>/'
}
actual=$(
  echo "\$ koma $args"
  echo "--- exit $status"
  echo "--- stdout"
  normalise <"$tmp/out/stdout"
  echo "--- stderr"
  normalise <"$tmp/out/stderr"
  echo "--- files written"
  (cd "$tmp/scratch" && find . -type f | sort)
)
golden="$here/golden/$name.txt"
if [ "${KOMA_UPDATE_GOLDEN:-0}" = 1 ]; then
  printf '%s\n' "$actual" >"$golden"
  echo "golden $name: updated"
  exit 0
fi
[ -f "$golden" ] || fail "no golden file (run with KOMA_UPDATE_GOLDEN=1 to create it)"
diff -u "$golden" <(printf '%s\n' "$actual") || fail "output differs from golden/$name.txt"
