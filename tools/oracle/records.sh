#!/usr/bin/env bash
# Installs the oracle libraries (pinned in package-lock.json) and cross-checks koma's KIF, KI2,
# CSA and JKF readers and writers, both ways, on the records in tests/records (the files named
# bad_* are broken on purpose and left out) and on seeded random games.
# usage: tools/oracle/records.sh KOMA [--games N] [--plies N] [--seed N]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
koma=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
(cd "$here" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
files=()
for f in "$here"/../../tests/records/*.{kif,kifu,ki2,csa,jkf}; do
  case $(basename "$f") in bad_*) ;; *) files+=("$f") ;; esac
done
node "$here/records.mjs" "$koma" "$@" "${files[@]}"
