#!/usr/bin/env bash
# Packs the koma npm package built in NPM_DIR (frontends/web/build.sh puts it in build-web/npm),
# installs the tarball into a scratch project in a temporary folder (no network: the package has
# no dependencies) and runs the tests beside this script there with Node's test runner.
# With KOMA (the built `koma`), it then asks the installed package, the CLI, `koma serve` and,
# when PYTHONPATH finds it, the Python module the same questions (tests/frontends/).
# usage: frontends/web/npm/test/run.sh NPM_DIR [KOMA]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source_dir=$(cd "$here/../../../.." && pwd)
package=$(cd "$1" && pwd)
koma=${2:+$(cd "$(dirname "$2")" && pwd)/$(basename "$2")}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
tarball=$(cd "$scratch" && npm pack --loglevel=error "$package" | tail -1)
echo "packed $tarball: $(tar tzf "$scratch/$tarball" | sed 's|^package/||' | sort | tr '\n' ' ')"
mkdir "$scratch/project"
printf '{"name": "koma-package-test", "private": true, "type": "module"}\n' >"$scratch/project/package.json"
(cd "$scratch/project" &&
  npm install --offline --no-audit --no-fund --loglevel=error "$scratch/$tarball" >/dev/null)
cp "$here"/*.test.mjs "$scratch/project/"
cd "$scratch/project"
node --test --expose-gc
if [ -n "$koma" ]; then
  python_flag=()
  python3 -c "import koma" 2>/dev/null && python_flag=(--python)
  python3 "$source_dir/tests/frontends/same_answers.py" "$koma" "$source_dir" "${python_flag[@]}" --node "$scratch/project"
fi
