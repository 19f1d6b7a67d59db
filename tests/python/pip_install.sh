#!/usr/bin/env bash
# `pip install .` of the checkout into a fresh virtual environment (Debian's Python, seeing its
# pytest), built in pip's own isolated environment with no package index (the checkout's build
# backend needs none), then the pytest suite run against the installed
# package from outside the checkout: the wheel holds the extension, the type stubs and the
# bundled variants, so nothing is read from the build tree or KOMA_VARIANTS.
# Usage: tests/python/pip_install.sh [PYTHON]   (default /usr/bin/python3)
set -euo pipefail
source_dir="$(cd "$(dirname "$0")/../.." && pwd)"
python="${1:-/usr/bin/python3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$python" -m venv --system-site-packages "$work/venv"
# The backend builds in build-python/ of the checkout (KOMA_BUILD_DIR): a second run is incremental.
(cd "$source_dir" && "$work/venv/bin/pip" install --quiet --no-index .)
cd "$work"
unset KOMA_VARIANTS PYTHONPATH
installed="$("$work/venv/bin/python" -c 'import koma; print(koma.__file__)')"
case "$installed" in
  "$work/venv/"*) ;;
  *) echo "koma was imported from $installed, not from the virtual environment" >&2; exit 1 ;;
esac
"$work/venv/bin/python" -c 'import koma, os; assert os.path.isdir(os.path.join(os.path.dirname(koma.__file__), "variants")); koma.Variant("shogi")'
"$work/venv/bin/python" -m pytest -q -p no:cacheprovider "$source_dir/tests/python"
