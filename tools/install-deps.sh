#!/usr/bin/env bash
# Installs koma's dependencies from Debian packages when any is missing: what building `koma`
# needs, with --tests what the test command needs too (Catch2, the Python module's build, tests
# and pip install, pkg-config for the install test, Node.js for the oracle cross-check), and
# with --web what the playground's WebAssembly build needs (Emscripten, dpkg-dev for `apt-get source`;
# with --tests also headless Chromium and a Japanese font for the page's test).
# Usage: tools/install-deps.sh [--tests] [--web]
set -euo pipefail
packages=(g++ cmake make libyaml-cpp-dev libcmark-gfm-dev libcmark-gfm-extensions-dev
          libfmt-dev libcli11-dev nlohmann-json3-dev)
with_tests=0
with_web=0
for argument in "$@"; do
  case $argument in
    --tests) with_tests=1 ;;
    --web) with_web=1 ;;
    *) echo "usage: tools/install-deps.sh [--tests] [--web]" >&2; exit 2 ;;
  esac
done
# clang builds the sanitizer test build and the libFuzzer targets; libclang-rt-14-dev holds the
# sanitizer and libFuzzer runtimes of Debian 12's clang 14; hachu is a Chu shogi engine the
# oracle compares legal moves with.
if [ $with_tests = 1 ]; then
  packages+=(catch2 libxml2-utils pkg-config python3-dev python3-pybind11 pybind11-dev python3-pytest
            python3-venv python3-pip clang libclang-rt-14-dev hachu)
fi
if [ $with_web = 1 ]; then
  packages+=(emscripten dpkg-dev)
  [ $with_tests = 1 ] && packages+=(chromium fonts-ipafont-mincho)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# The oracle cross-check runs on Node.js; any installed node will do.
if [ $with_tests = 1 ] || [ $with_web = 1 ]; then
  command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || missing+=(nodejs npm)
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
