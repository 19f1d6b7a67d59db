#!/usr/bin/env bash
# Fails when a library includes what its layer may not see:
#   runtime/ir/  -> the standard library and its own headers only
#   runtime/     -> the standard library, the IR and its own headers (no compiler, yaml-cpp,
#                   cmark or any other library)
#   compiler/    -> the IR, its parsers and its own headers; no runtime header
#   records/     -> the standard library, the C library's <iconv.h>, the runtime and its own
#                   headers (no compiler, no other library)
#   search/      -> the standard library, the IR, the runtime and its own headers (no compiler,
#                   records or any other library)
#   lib/         -> the compiler, the runtime, records, search, fmt and nlohmann_json; no front end
#                   (frontends/) and no command-line library
# usage: tests/check_layering.sh [SOURCE_DIR]
set -u
top=${1:-.}
status=0
fail() { echo "layering: $*"; status=1; }

# Third-party headers: anything in angle brackets that contains a '/' or a '.' (the standard
# library's headers have neither: <vector>, <cstdint>).
third_party='#\s*include\s*<[^>]*[./][^>]*>'

# The quoted includes of FILE must name a file in one of the folders that follow.
check_quoted() {
  local file=$1; shift
  local name found dir
  while IFS= read -r name; do
    [ "$name" = koma_commit.h ] && continue  # generated into the build tree
    found=0
    for dir in "$@"; do [ -f "$dir/$name" ] && found=1; done
    [ $found -eq 1 ] || fail "$file includes \"$name\", which its layer may not see"
  done < <(sed -nE 's/^\s*#\s*include\s*"([^"]+)".*/\1/p' "$file")
}

for f in "$top"/runtime/ir/*.h "$top"/runtime/ir/*.cpp; do
  [ -e "$f" ] || continue
  grep -nE "$third_party" "$f" | sed "s|^|$f:|" | while IFS= read -r hit; do echo "layering: IR includes a library header: $hit"; done
  grep -qE "$third_party" "$f" && status=1
  check_quoted "$f" "$top/runtime"
  while IFS= read -r name; do
    case $name in ir/*) ;; *) fail "IR includes a header outside the IR: $f: \"$name\"" ;; esac
  done < <(sed -nE 's/^\s*#\s*include\s*"([^"]+)".*/\1/p' "$f")
done
for f in "$top"/runtime/*.h "$top"/runtime/*.cpp; do
  [ -e "$f" ] || continue
  if grep -qE "$third_party" "$f"; then fail "runtime includes a library header: $f: $(grep -m1 -E "$third_party" "$f")"; fi
  check_quoted "$f" "$top/runtime"
done
for f in "$top"/compiler/*.h "$top"/compiler/*.cpp "$top"/compiler/phrase/*.h "$top"/compiler/phrase/*.cpp; do
  [ -e "$f" ] || continue
  check_quoted "$f" "$top/compiler" "$top/compiler/phrase" "$top/runtime/ir/.."
  while IFS= read -r name; do
    case $name in
      ir/*) ;;
      *) [ -f "$top/compiler/$name" ] || [ -f "$top/compiler/phrase/$name" ] ||
           fail "compiler includes a runtime header: $f: \"$name\"" ;;
    esac
  done < <(sed -nE 's/^\s*#\s*include\s*"([^"]+)".*/\1/p' "$f")
done
for f in "$top"/records/*.h "$top"/records/*.cpp; do
  [ -e "$f" ] || continue
  if grep -vE '#\s*include\s*<iconv\.h>' "$f" | grep -qE "$third_party"; then
    fail "records includes a library header: $f: $(grep -vE '#\s*include\s*<iconv\.h>' "$f" | grep -m1 -E "$third_party")"
  fi
  check_quoted "$f" "$top/records" "$top/runtime"
done
for f in "$top"/search/*.h "$top"/search/*.cpp; do
  [ -e "$f" ] || continue
  if grep -qE "$third_party" "$f"; then fail "search includes a library header: $f: $(grep -m1 -E "$third_party" "$f")"; fi
  check_quoted "$f" "$top/search" "$top/runtime"
done
for f in "$top"/lib/*.h "$top"/lib/*.cpp; do
  [ -e "$f" ] || continue
  while IFS= read -r hit; do
    case $hit in
      *'<fmt/'*|*'<nlohmann/'*) ;;
      *) fail "lib includes a library header it may not use: $f: $hit" ;;
    esac
  done < <(grep -E "$third_party" "$f")
  check_quoted "$f" "$top/lib" "$top/compiler" "$top/compiler/phrase" "$top/runtime" "$top/records" "$top/search"
done
[ $status -eq 0 ] && echo "layering: ok"
exit $status
