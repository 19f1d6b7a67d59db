#!/usr/bin/env bash
# Runs `koma serve` on data/serve_requests.jsonl (good requests and malformed ones, each to be
# answered while the server carries on) and compares the answers with golden/serve.jsonl;
# KOMA_UPDATE_GOLDEN=1 rewrites it. Then checks that every answer line is valid JSON.
# Usage: serve.sh KOMA JSON_CHECK SOURCE_DIR
set -uo pipefail
koma=$1 json_check=$2 src=$3
here=$(cd "$(dirname "$0")" && pwd)
cd "$src" || exit 1
export KOMA_VARIANTS=variants
actual=$("$koma" serve --allow tests/cli/data <"$here/data/serve_requests.jsonl")
status=$?
[ "$status" = 0 ] || { echo "serve: exit status $status"; exit 1; }
requests=$(grep -c '[^[:space:]]' "$here/data/serve_requests.jsonl")
answers=$(printf '%s\n' "$actual" | wc -l)
[ "$requests" = "$answers" ] || { echo "serve: $requests requests, $answers answers"; exit 1; }
while IFS= read -r answer; do
  printf '%s\n' "$answer" | "$json_check" || { echo "serve: not JSON: $answer"; exit 1; }
done <<<"$actual"
golden="$here/golden/serve.jsonl"
if [ "${KOMA_UPDATE_GOLDEN:-0}" = 1 ]; then
  printf '%s\n' "$actual" >"$golden"
  echo "serve: golden updated"
  exit 0
fi
diff -u "$golden" <(printf '%s\n' "$actual") || { echo "serve: answers differ from golden/serve.jsonl"; exit 1; }
