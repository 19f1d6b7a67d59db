#!/usr/bin/env bash
# Installs BUILD_DIR into a temporary prefix, then: builds README.md's library example (the
# "```cpp example" block) with the "```cmake example" CMakeLists.txt and again with pkg-config,
# runs both and checks their output; runs the installed `koma` with the source tree's variants
# out of reach; imports the installed Python package when one was built.
# Usage: install_test.sh BUILD_DIR SOURCE_DIR CXX [PYTHON_INSTALL_DIR PYTHON]
set -euo pipefail
build=$1 src=$2 cxx=$3 python_dir=${4:-} python=${5:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
fail() { echo "install: $*"; exit 1; }

cmake --install "$build" --prefix "$prefix" >"$work/install.log" || { cat "$work/install.log"; fail "cmake --install failed"; }
for f in bin/koma include/koma/runtime/game.h include/koma/compiler/compiler.h include/koma/ir/rules.h \
         share/koma/variants/shogi.md share/koma/variants/FORMAT.md share/doc/koma/LICENSE; do
  [ -f "$prefix/$f" ] || fail "$f was not installed"
done

# The example and its CMakeLists.txt, as README.md shows them.
mkdir -p "$work/example"
block() { awk -v tag="$1" '$0 == "```" tag " example" {inside = 1; next} /^```/ {inside = 0} inside' "$src/README.md"; }
block cpp >"$work/example/example.cpp"
block cmake >"$work/example/CMakeLists.txt"
[ -s "$work/example/example.cpp" ] || fail "README.md has no \`\`\`cpp example block"
[ -s "$work/example/CMakeLists.txt" ] || fail "README.md has no \`\`\`cmake example block"

expected="$work/expected"
cat >"$expected" <<'OUT'
Shogi: 30 legal moves at the start
after 7g7f 3c3d 8h2b+: lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4
gote has 33 legal moves; perft 2: 2904
bad SFEN: sfen-bad-rank
OUT

cmake -S "$work/example" -B "$work/example/build" -DCMAKE_PREFIX_PATH="$prefix" \
      -DCMAKE_CXX_COMPILER="$cxx" >"$work/cmake.log" 2>&1 || { cat "$work/cmake.log"; fail "configuring the example failed"; }
cmake --build "$work/example/build" >"$work/build.log" 2>&1 || { cat "$work/build.log"; fail "building the example failed"; }
"$work/example/build/example" "$prefix/share/koma/variants" >"$work/out.cmake" || fail "the example (CMake) failed"
diff -u "$expected" "$work/out.cmake" || fail "the example (CMake) printed something else"

pkg="$prefix/lib/pkgconfig"
[ -d "$pkg" ] || pkg=$(dirname "$(find "$prefix" -name koma.pc | head -n 1)")
"$cxx" -std=c++20 -o "$work/example-pc" "$work/example/example.cpp" \
  $(PKG_CONFIG_PATH="$pkg" pkg-config --cflags --libs koma) || fail "building the example with pkg-config failed"
"$work/example-pc" "$prefix/share/koma/variants" >"$work/out.pc" || fail "the example (pkg-config) failed"
diff -u "$expected" "$work/out.pc" || fail "the example (pkg-config) printed something else"

# The installed koma reads the installed variants, wherever the prefix is.
mv "$prefix" "$work/moved"
prefix=$work/moved
(cd "$work" && "$prefix/bin/koma" perft shogi 2 | grep -qx 'nodes: 900') || fail "installed koma cannot play its variants"
if (cd "$work" && "$prefix/bin/koma" moves no-such-variant 2>"$work/err"); then fail "an unknown variant was accepted"; fi
grep -q "searched $prefix/share/koma/variants" "$work/err" || { cat "$work/err"; fail "the error does not name the folder searched"; }
(cd "$work" && KOMA_VARIANTS="$src/tests/cli/data" "$prefix/bin/koma" moves shogi 2>"$work/err") && fail "KOMA_VARIANTS did not override"
grep -q "searched $src/tests/cli/data" "$work/err" || { cat "$work/err"; fail "the KOMA_VARIANTS error does not name it"; }

# When the playground's page was built (frontends/web/build.sh), it is installed and the installed koma
# serves it from the prefix (stopped after a moment: the server runs until killed).
if [ -f "$src/build-web/web/index.html" ]; then
  [ -f "$prefix/share/koma/web/koma-playground.js" ] || fail "the playground page was not installed"
  (cd "$work" && timeout 2 "$prefix/bin/koma" playground --port 0 >"$work/playground" 2>&1) || true
  grep -q "serving $(cd "$prefix" && pwd -P)/share/koma/web at http://127.0.0.1:" "$work/playground" ||
    { cat "$work/playground"; fail "the installed koma does not serve the installed page"; }
fi

if [ -n "$python_dir" ]; then
  [ -f "$prefix/$python_dir/koma/__init__.py" ] || fail "the Python package was not installed in $python_dir"
  (cd "$work" && PYTHONPATH="$prefix/$python_dir" "$python" -c '
import koma, sys
position = koma.Position(koma.compile("shogi"))
assert len(position.legal_moves()) == 30
assert koma.variants_dir().startswith(sys.argv[1]), koma.variants_dir()
' "$prefix/share/koma/variants") || fail "the installed Python package does not work"
fi
echo "install: ok"
