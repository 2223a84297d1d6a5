#!/usr/bin/env bash
# Seed 003's scene-phase repro (P1–P5) under GNOME's own compositor, as a GNOME user gets it: run
# it under scripts/with-mutter (mutter --headless, GDK_BACKEND=wayland).
#   - With `--window-actions-by scripts/mutter-window-action` mutter minimizes the window with its
#     own <Super>h and brings it back with <Alt>Tab, keys sent from outside through its
#     RemoteDesktop API: every row must match the spec (exit 0), RUNS times each.
#   - Without it the app can minimize itself but not come back (no Wayland app can): P1 and P2
#     must leave the minimize out and say so, and judge the rest: exit 0 or 3 (could not be
#     judged, "scheduleHeld": false), never 1.
#   scripts/with-mutter Tests/cli/mutter-scene.sh PATH/TO/lifecycle-lab [RUNS]   (RUNS default 1)
# Prints one line per check, then "N passed, N failed".
set -uo pipefail
app=${1:?usage: scripts/with-mutter Tests/cli/mutter-scene.sh PATH/TO/lifecycle-lab [RUNS]}
runs=${2:-1}
[[ -n ${MUTTER_INPUT_SOCKET:-} ]] || { echo "mutter-scene: run it under scripts/with-mutter" >&2; exit 2; }
actions="$(cd "$(dirname "$0")/../.." && pwd -P)/scripts/mutter-window-action"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0
pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1"; [[ -z ${2:-} ]] || sed 's/^/    | /' "$2" | tail -n 25; failed=$((failed + 1)); }

# The scene page's strategies, from the app's own list.
for id in $("$app" --list-pages | awk '$1 == "scene" { $1 = ""; print }'); do
    matched=0
    for run in $(seq 1 "$runs"); do
        out="$work/$id-$run.json"
        timeout 120 "$app" --scenario scene --strategy "$id" --time-scale 0.2 --window-actions-by "$actions" >"$out" 2>&1
        rc=$?
        if [[ $rc -eq 0 ]] && grep -q '"matchesSpec" : true' "$out" && grep -q 'minimize the window' "$out"; then
            matched=$((matched + 1))
        else
            cp "$out" "$work/$id-failed.json"
            echo "   $id run $run: exit $rc"
        fi
    done
    if [[ $matched -eq $runs ]]; then
        pass "$id with mutter's own keys (<Super>h, <Alt>Tab) from outside: matches the spec in $matched of $runs"
    else
        fail "$id with mutter's own keys from outside: matches the spec in $matched of $runs" "$work/$id-failed.json"
    fi
done

for id in P1 P2; do
    out="$work/$id-alone.json"
    timeout 120 "$app" --scenario scene --strategy "$id" --time-scale 0.2 >"$out" 2>&1
    rc=$?
    if [[ $rc -eq 0 ]] && grep -q 'left out, the app cannot restore a minimized window' "$out"; then
        pass "$id without an outside driver: exit 0, the minimize left out and said why"
    elif [[ $rc -eq 3 ]] && grep -q '"scheduleHeld" : false' "$out" \
        && grep -q 'left out, the app cannot restore a minimized window' "$out"; then
        pass "$id without an outside driver: exit 3, could not be judged (\"scheduleHeld\": false)"
    else
        fail "$id without an outside driver: exit $rc (0 or 3 wanted, never 1)" "$out"
    fi
done
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
