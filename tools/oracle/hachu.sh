#!/usr/bin/env bash
# Chu or Dai shogi's legal moves in koma against HaChu (Debian package hachu); skips when it is absent.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
koma="${KOMA:-$root/build/koma}"
hachu="$(command -v hachu || true)"
[ -z "$hachu" ] && [ -x /usr/games/hachu ] && hachu=/usr/games/hachu
if [ -z "$hachu" ]; then
  echo "hachu oracle: skipped, HaChu is not installed (apt-get install hachu)"
  exit 0
fi
if [ ! -x "$koma" ]; then
  echo "hachu oracle: $koma not found (build koma or set KOMA)" >&2
  exit 2
fi
exec python3 "$here/hachu.py" --koma "$koma" --hachu "$hachu" "$@"
