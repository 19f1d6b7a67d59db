#!/usr/bin/env bash
# Installs the oracle libraries (pinned in package-lock.json) and cross-checks koma's Japanese
# and Western notation and its KI2 over seeded random shogi games, and both notations over
# seeded random Chu shogi games (the Lion's two-step moves, igui and passes included).
# usage: tools/oracle/notation.sh KOMA [--games N] [--plies N] [--chu-games N] [--chu-plies N] [--seed N]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
koma=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
(cd "$here" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
node "$here/notation.mjs" "$koma" "$@"
