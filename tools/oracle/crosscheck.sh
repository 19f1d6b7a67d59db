#!/usr/bin/env bash
# Installs the oracle rules library (pinned in package-lock.json) and cross-checks koma's
# legal moves against it over seeded random games. usage: tools/oracle/crosscheck.sh KOMA [args]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
koma=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
(cd "$here" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
node "$here/crosscheck.mjs" "$koma" "$@"
