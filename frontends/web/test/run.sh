#!/usr/bin/env bash
# Installs the browser driver (puppeteer-core, pinned in package-lock.json; it drives Debian's
# chromium and downloads no browser) and runs the playground's page test, or with --bench the
# benchmark. usage: frontends/web/test/run.sh KOMA WEB_DIR ARTIFACTS_DIR | --bench KOMA WEB_DIR [DEPTH]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bench=0
[ "${1:-}" = --bench ] && { bench=1; shift; }
koma=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
web=$(cd "$2" && pwd)
(cd "$here" && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error >/dev/null)
if [ $bench = 1 ]; then
  exec node "$here/bench.mjs" "$koma" "$web" "${3:-5}"
fi
mkdir -p "$3"
artifacts=$(cd "$3" && pwd)
exec node "$here/playground_test.mjs" "$koma" "$web" "$artifacts"
