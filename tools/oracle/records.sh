#!/usr/bin/env bash
# Installs the oracle libraries (pinned in package-lock.json) and cross-checks koma's KIF and
# CSA readers and writers on the records in tests/records (the files named bad_* are broken on
# purpose and left out). usage: tools/oracle/records.sh KOMA
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
koma=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
(cd "$here" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
files=()
for f in "$here"/../../tests/records/*.kif "$here"/../../tests/records/*.kifu "$here"/../../tests/records/*.csa; do
  case $(basename "$f") in bad_*) ;; *) files+=("$f") ;; esac
done
node "$here/records.mjs" "$koma" "${files[@]}"
