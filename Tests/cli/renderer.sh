#!/usr/bin/env bash
# The renderer the real app draws its first frame with, in a user's desktop session (run it
# under `scripts/sessions/with-display --desktop` or `scripts/sessions/with-wayland`: GSK_RENDERER unset, GL on
# Mesa's llvmpipe): the app asks for cairo on software GL and says why in About; GSK_RENDERER
# set by the person wins.
# Prints one line per check, then "N passed, N failed".
set -uo pipefail
app=${1:?usage: scripts/sessions/with-display --desktop Tests/cli/renderer.sh PATH/TO/lifecycle-lab}
passed=0 failed=0
check() {  # check NAME WANTED-RENDERER ENV...
    local name=$1 want=$2; shift 2
    local out got
    out=$(env "$@" LIFECYCLE_LAB_EXIT_AFTER_FIRST_FRAME=1 timeout 60 "$app" 2>&1)
    got=$(sed -n 's/^renderer //p' <<<"$out" | head -n 1)
    if [[ $got == "$want" ]]; then
        echo "PASS $name: $got"; passed=$((passed + 1))
    else
        echo "FAIL $name: drew with '${got:-nothing}', wanted $want"; sed 's/^/    | /' <<<"$out" | tail -n 5
        failed=$((failed + 1))
    fi
}
check "no GSK_RENDERER, software GL: cairo" GskCairoRenderer -u GSK_RENDERER
check "GSK_RENDERER=gl: the person's choice" GskGLRenderer GSK_RENDERER=gl
check "GSK_RENDERER=cairo: the person's choice" GskCairoRenderer GSK_RENDERER=cairo
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
