#!/usr/bin/env bash
# Installs koma's build dependencies from Debian packages when any is missing.
set -euo pipefail
# clang builds the sanitizer test build and the libFuzzer targets; libclang-rt-14-dev holds the
# sanitizer and libFuzzer runtimes of Debian 12's clang 14.
packages=(g++ cmake make libyaml-cpp-dev libcmark-gfm-dev libcmark-gfm-extensions-dev catch2
          libfmt-dev libcli11-dev nlohmann-json3-dev libxml2-utils clang libclang-rt-14-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# The oracle cross-check runs on Node.js; any installed node will do.
command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || missing+=(nodejs npm)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
