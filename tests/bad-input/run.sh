#!/usr/bin/env bash
# Runs one case of cases.txt: builds the generated inputs in a scratch folder, runs koma with a
# time limit, and checks the exit status, the expected text and the size of what was printed.
# Usage: run.sh KOMA SOURCE-DIR CASE-NAME
set -uo pipefail
koma=$1 src=$2 name=$3
here=$src/tests/bad-input
line=$(grep -E "^$name\|" "$here/cases.txt") || { echo "no case '$name'"; exit 2; }
IFS='|' read -r _ want_exit want_text args <<<"$line"

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
IN=$here
good=$(cat "$here/good.md")
# good.md with another engine.setup (a bash substitution: the setup may be longer than one
# command-line argument may be).
with_setup() { printf '%s\n' "${good/setup: \"k2\/p2\/P1K b - 1\"/setup: \"$1\"}"; }

# Inputs too large or too odd for git, each made only when the case names it (`$TMP/NAME`).
make_input() {
  case $1 in
    digits.md) with_setup "k$(head -c 900000 /dev/zero | tr '\0' '9')/3/2K b - 1" >"$TMP/digits.md" ;;
    fifo.md) mkfifo "$TMP/fifo.md" ;;
    folder.md) mkdir "$TMP/folder.md" ;;
    parent)
      mkdir "$TMP/parent" "$TMP/parent/sub.md"
      printf '%s\n' "$good" | sed 's/^slug: bad/slug: child\nparent: sub/' >"$TMP/parent/child.md" ;;
    folder)
      mkdir -p "$TMP/folder/sub"
      cp "$here/good.md" "$TMP/folder/good.md"
      cp "$here/good.md" "$TMP/folder/mini_shogi.md"
      cp "$here/good.md" "$TMP/folder/Tori-Shogi.md"
      cp "$here/good.md" "$TMP/folder/README.md" ;;
    big.md) head -c 2000000 /dev/zero | tr '\0' 'x' >"$TMP/big.md" ;;
    rows.md)
      { printf '%s\n' "$good"; for i in $(seq 1 300); do echo "| Extra $i | One square forward | Does not promote | X |"; done; } >"$TMP/rows.md" ;;
    phrase.md)
      sed "s/| Pawn | One square forward |/| Pawn | $(printf 'one square forward or %.0s' $(seq 1 40))one square forward |/" \
        "$here/good.md" >"$TMP/phrase.md" ;;
    deep.md)
      { echo '---'; echo 'title: Deep'; printf 'x: '; printf '[%.0s' $(seq 1 100); printf ']%.0s' $(seq 1 100); echo; echo '---'; } >"$TMP/deep.md" ;;
    many.md)
      { printf '%s\n' "$good"; for i in $(seq 1 150); do echo "| Extra $i | One square forward | Does not promote |"; done; } >"$TMP/many.md" ;;
    long-setup.md) with_setup "$(printf 'k2/3/2K b %0100000d' 0)" >"$TMP/long-setup.md" ;;
    aliases.md)
      # One ending of 1,000 unknown keys, repeated by 1,000 aliases (a million values written out).
      { echo '---'; echo 'title: Aliases'; echo 'slug: aliases'; echo 'win: "Checkmate"'; echo 'endings:'
        echo "  - &e {$(seq -s ', ' -f 'k%g: 1' 0 999)}"; printf '  - *e\n%.0s' $(seq 1 1000); echo '---'; } >"$TMP/aliases.md" ;;
    keys.md) { echo '---'; echo 'title: Keys'; echo 'slug: keys'; seq -f 'k%g: 1' 0 1499; echo '---'; } >"$TMP/keys.md" ;;
    wide.md)
      # A header of 5,000 columns over 5,000 one-cell rows.
      { printf '%s\n\n' "$good"; printf '|c%.0s' $(seq 1 5000); echo '|'; printf '|-%.0s' $(seq 1 5000); echo '|'
        printf '|x|\n%.0s' $(seq 1 5000); } >"$TMP/wide.md" ;;
    chain)
      # A chain of 900 parents, each file naming the next.
      mkdir "$TMP/chain"
      for i in $(seq 0 899); do printf '%s\n' "${good/slug: bad/slug: c$i$'\n'parent: c$((i + 1))}" >"$TMP/chain/c$i.md"; done ;;
    quotes.md) { printf '%s\n\n' "$good"; head -c 500000 /dev/zero | tr '\0' '>'; echo ' deep'; } >"$TMP/quotes.md" ;;
    # Records with old Mac line ends (a lone CR), which editors and git may not keep.
    cr-only.csa) printf 'V2.2\rPI\r+\r+7776FU\r-3334FU\r%%TORYO\r' >"$TMP/cr-only.csa" ;;
    cr-only.kif) printf '手合割：平手\r   1 ７六歩(77)\r   2 ３四歩(33)\r   3 投了\r' >"$TMP/cr-only.kif" ;;
    cr-only-bad.kif) printf '手合割：平手\r   1 ７六歩(77)\r   2 ３四歩\r' >"$TMP/cr-only-bad.kif" ;;
  esac
}
for input in $(grep -oE '\$TMP/[A-Za-z0-9_.-]+' <<<"$args" | sort -u); do make_input "${input#\$TMP/}"; done
[[ $args == *'$TMP_LONG_NAME'* ]] && TMP_LONG_NAME=$(printf 'x%.0s' $(seq 1 100000))

envs=()
set -f
read -r -a words <<<"$args"
set +f
while [ ${#words[@]} -gt 0 ] && [[ ${words[0]} =~ ^[A-Z_]+= ]]; do envs+=("${words[0]}"); words=("${words[@]:1}"); done
rest="${words[*]}"
cd "$src"
start=$(date +%s)
eval "KOMA_VARIANTS=variants TMP=\"\$TMP\" timeout 60 env ${envs[*]:-} \"\$koma\" >\"\$TMP/out\" 2>\"\$TMP/err\" $rest"
status=$?
seconds=$(( $(date +%s) - start ))
output=$(cat "$TMP/out" "$TMP/err" 2>/dev/null)
printed=$(( $(wc -c <"$TMP/err") + $( [ -f "$TMP/out" ] && wc -c <"$TMP/out" || echo 0) ))
fail=0
if [ "$status" -ne "$want_exit" ]; then echo "exit status $status, expected $want_exit"; fail=1; fi
if [ -n "$want_text" ] && ! grep -qF -- "$want_text" <<<"$output"; then echo "expected text not printed: $want_text"; fail=1; fi
if [ "$printed" -gt 20000 ]; then echo "printed $printed bytes, more than 20 kB"; fail=1; fi
if [ "$fail" -ne 0 ]; then
  echo "--- koma $rest (${seconds}s)"
  head -c 3000 <<<"$output"
  exit 1
fi
echo "ok: exit $status in ${seconds}s"
