#!/usr/bin/env bash
# Fails when a library includes what its layer may not see:
#   runtime/ir/  -> standard library only
#   runtime/     -> the IR, no compiler headers, no yaml-cpp, no cmark
#   compiler/    -> the IR and its parsers, no runtime headers
set -u
top=${1:-.}
status=0
fail() { echo "layering: $*"; status=1; }

while IFS= read -r hit; do fail "IR includes a non-standard header: $hit"; done < <(
  grep -nE '^\s*#\s*include\s*"' "$top"/runtime/ir/*.h "$top"/runtime/ir/*.cpp 2>/dev/null |
    grep -vE '#\s*include\s*"ir/[a-z_]+\.h"')
while IFS= read -r hit; do fail "runtime includes the compiler, yaml-cpp or cmark: $hit"; done < <(
  grep -rnE '^\s*#\s*include\s*[<"](compiler/|yaml-cpp|cmark|[a-z_]*diagnostic)' "$top"/runtime 2>/dev/null)
runtime_headers=$(cd "$top/runtime" && ls *.h 2>/dev/null | tr '\n' '|' | sed 's/|$//')
if [ -n "$runtime_headers" ]; then
  while IFS= read -r hit; do fail "compiler includes a runtime header: $hit"; done < <(
    grep -rnE "^\s*#\s*include\s*[<\"](runtime/)?($runtime_headers)[\">]" "$top"/compiler 2>/dev/null)
fi
[ $status -eq 0 ] && echo "layering: ok"
exit $status
