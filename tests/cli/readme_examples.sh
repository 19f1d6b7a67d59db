#!/usr/bin/env bash
# Runs every command in README.md's fenced blocks marked "```sh example", one line per command,
# in a scratch folder that mirrors the source tree, with build/koma being the built binary.
# A line ending in "# exit N" must exit with N; every other line must succeed.
# Usage: readme_examples.sh KOMA SOURCE_DIR
set -uo pipefail
koma=$1 src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for entry in "$src"/*; do
  case "$(basename "$entry")" in build*) ;; *) ln -s "$entry" "$work/" ;; esac
done
mkdir -p "$work/build" && ln -s "$koma" "$work/build/koma"

commands=$(awk '/^```sh example/ {inside = 1; next} /^```/ {inside = 0} inside && NF' \
  "$src/README.md")
[ -n "$commands" ] || { echo "readme: no \`\`\`sh example blocks in README.md"; exit 1; }
failures=0 count=0
while IFS= read -r command; do
  case "$command" in \#*) continue ;; esac
  expected=0
  if [[ "$command" =~ \#\ exit\ ([0-9]+)[[:space:]]*$ ]]; then expected=${BASH_REMATCH[1]}; fi
  count=$((count + 1))
  (cd "$work" && bash -o pipefail -c "$command" >"$work/.out" 2>&1)
  status=$?
  if [ "$status" != "$expected" ]; then
    echo "readme: '$command' exited $status, README says $expected:"
    sed 's/^/  | /' "$work/.out" | head -n 20
    failures=$((failures + 1))
  fi
done <<<"$commands"
echo "readme: $count commands, $failures failed"
[ "$failures" -eq 0 ]
