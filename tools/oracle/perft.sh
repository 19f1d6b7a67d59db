#!/usr/bin/env bash
# Installs the oracles (pinned in package-lock.json) and checks koma's start-position perft of
# the variants listed in perft.txt against them. usage: tools/oracle/perft.sh KOMA [args]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
koma=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
(cd "$here" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
node "$here/perft.mjs" "$koma" "$@"
