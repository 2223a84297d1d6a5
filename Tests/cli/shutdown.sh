#!/usr/bin/env bash
# Shutdown of the real process: with tasks running, closing the window (Alt+F4
# through openbox), Ctrl+Q, SIGINT and SIGTERM each cancel every registered task, wait for them
# up to the bound, report what did not stop, and exit 0 -- within 100 ms of the request when
# every task honours cancellation. A task that ignores cancellation (the app's
# LIFECYCLE_LAB_TEST_STUBBORN_TASK_MS hook) is waited for up to the 2 s bound and reported.
# Also: a broken style sheet is reported by name and the app still runs; started
# from another folder through a link to the build folder, the style sheet is still found.
#
# Needs a display with a window manager, and xdotool:
#   scripts/sessions/with-display Tests/cli/shutdown.sh PATH/TO/lifecycle-lab
# Prints one line per case with the measured figures, then "N passed, N failed".
# SHUTDOWN_BOUND_MS overrides the 100 ms bound (e.g. for a sanitizer build).
set -uo pipefail
app=${1:?usage: scripts/sessions/with-display Tests/cli/shutdown.sh PATH/TO/lifecycle-lab}
bound_ms=${SHUTDOWN_BOUND_MS:-100}
grace_ms=2000   # LabApp.shutdownGrace
passed=0 failed=0
# A private work folder (mktemp: a fresh name, mode 0700) that also holds the app's own
# temporary and runtime folders, so nothing of a run lands in the shared /tmp, where parallel
# runs and other users' files live; removed on any exit.
work=$(mktemp -d "${TMPDIR:-/tmp}/lifecycle-lab-shutdown.XXXXXX") || { echo "shutdown.sh: cannot make a work folder" >&2; exit 1; }
chmod 700 "$work"
mkdir -m 700 "$work/tmp" "$work/run"
export TMPDIR="$work/tmp" XDG_RUNTIME_DIR="$work/run"
# Only this shell cleans up: a background subshell killed between its fork and its exec runs the
# EXIT trap it inherited.
trap '[[ $BASHPID == $$ ]] && rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
[[ -n "${DISPLAY:-}" ]] || { echo "shutdown.sh: needs a display (run it under scripts/sessions/with-display)" >&2; exit 1; }
command -v xdotool >/dev/null || { echo "shutdown.sh: needs xdotool (apt-get install xdotool)" >&2; exit 1; }

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

# watchdog SECONDS PID: in the background, kills PID with SIGKILL after SECONDS unless the
# watchdog itself is sent SIGTERM first ($! is its pid). A separate `sh`, not a bash subshell:
# a subshell killed before it can drop the inherited EXIT trap would run this script's clean-up
# and delete the work folder under the next case.
watchdog() {
    sh -c 'trap "kill \$s 2>/dev/null; exit 0" TERM; sleep "$1" & s=$!; wait $s && kill -KILL "$2" 2>/dev/null' \
        watchdog "$1" "$2" &
}
fail() { echo "FAIL $1: $2"; sed 's/^/    | /' "$work/err" | tail -n 8; failed=$((failed + 1)); }

# run_case NAME HOW EXPECT_LEFT MAX_MS -- APP_ARGS...
#   HOW: window-close | ctrl-q | SIGINT | SIGTERM
#   EXPECT_LEFT: tasks the report must show left (0, or 1 for the stubborn task)
#   MAX_MS: the bound from the request to the process having exited
run_case() {
    local all=("$@")
    local name=$1 how=$2 want_left=$3 max_ms=$4; shift 5
    : >"$work/err"
    LIFECYCLE_LAB_REPORT_SHUTDOWN=1 "$app" "$@" >"$work/out" 2>"$work/err" </dev/null &
    local pid=$!
    local wid
    wid=$(timeout 15 xdotool search --sync --onlyvisible --pid "$pid" --name '^Lifecycle Lab$' 2>/dev/null | head -n 1)
    if [[ -z "$wid" ]]; then
        kill -KILL "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
        fail "$name" "the window never showed"; return
    fi
    # Let the scenario get going: its tasks are registered and running by now.
    sleep "${SETTLE_S:-1.5}"
    if ! kill -0 "$pid" 2>/dev/null; then
        wait "$pid"; fail "$name" "the app ended before the request (exit $?)"; return
    fi
    if [[ $how == window-close || $how == ctrl-q ]]; then
        # Give the window the focus first, outside the timed part.
        xdotool windowactivate --sync "$wid" 2>/dev/null
    fi
    local t0 t1 rc
    t0=$(now_ms)
    case $how in
        window-close) xdotool key --clearmodifiers alt+F4 ;;   # openbox: Close → close-request
        ctrl-q)       xdotool key --clearmodifiers ctrl+q ;;   # app.quit
        SIGINT)       kill -INT "$pid" ;;
        SIGTERM)      kill -TERM "$pid" ;;
    esac
    # A watchdog so a hung shutdown fails the case instead of the script.
    watchdog $(( (max_ms + grace_ms) / 1000 + 5 )) "$pid"
    local dog=$!
    wait "$pid"; rc=$?
    t1=$(now_ms)
    kill "$dog" 2>/dev/null; wait "$dog" 2>/dev/null
    local elapsed=$((t1 - t0))
    local line
    line=$(grep -o 'shutdown after .*' "$work/err" | tail -n 1)
    # "shutdown after SIGINT: 0 task(s) left, 3 ms; 2 live at the start, 2 ended cancelled"
    local left ms live cancelled
    if [[ $line =~ :\ ([0-9]+)\ task\(s\)\ left,\ ([0-9]+)\ ms\;\ ([0-9]+)\ live\ at\ the\ start,\ ([0-9]+)\ ended\ cancelled ]]; then
        left=${BASH_REMATCH[1]} ms=${BASH_REMATCH[2]} live=${BASH_REMATCH[3]} cancelled=${BASH_REMATCH[4]}
    else
        fail "$name" "exit $rc after ${elapsed} ms, no shutdown report line"; return
    fi
    local figures="exit $rc, request→exit ${elapsed} ms (in-app ${ms} ms), ${live} live at the request, ${cancelled} ended cancelled, ${left} left"
    if [[ $rc -ne 0 ]]; then fail "$name" "$figures; wanted exit 0"; return; fi
    if [[ $live -lt 1 ]]; then fail "$name" "$figures; no task was running (the case proves nothing)"; return; fi
    if [[ $left -ne $want_left ]]; then fail "$name" "$figures; wanted $want_left left"; return; fi
    if [[ $cancelled -ne $((live - want_left)) ]]; then fail "$name" "$figures; not every stopped task ended cancelled"; return; fi
    # Over the bound with the app's own part quick (a loaded machine's scheduling, measured from
    # outside): said, and the case taken once more; a second miss fails.
    if [[ $elapsed -gt $max_ms && $ms -le $max_ms && -z ${TAKEN_AGAIN:-} ]]; then
        echo "SLOW $name: $figures; over ${max_ms} ms, taken again"
        TAKEN_AGAIN=1 run_case "${all[@]}"
        return
    fi
    if [[ $elapsed -gt $max_ms ]]; then fail "$name" "$figures; wanted ≤ ${max_ms} ms"; return; fi
    if [[ $want_left -gt 0 ]] && ! grep -q "did not stop within .*stubborn" "$work/err"; then
        fail "$name" "$figures; the leftover task is not named"; return
    fi
    if grep -q -e "Fatal error" -e "CRITICAL" -e "Stack dump" "$work/err"; then
        fail "$name" "$figures; errors on stderr"; return
    fi
    echo "PASS $name: $figures"
    passed=$((passed + 1))
}

# One untimed launch and window close first: with a cold page cache (a fresh checkout, a just
# built binary) the first close pays for reading the exit paths of the app, GTK, Mesa and
# openbox from disk -- 118-158 ms where every later close takes 30-60 ms, with 1-2 ms in the
# app either way. The cases below measure the shutdown, not the disk.
warm_up() {
    "$app" --time-scale 5 >/dev/null 2>&1 </dev/null &
    local pid=$! wid
    wid=$(timeout 15 xdotool search --sync --onlyvisible --pid "$pid" --name '^Lifecycle Lab$' 2>/dev/null | head -n 1)
    if [[ -n "$wid" ]]; then
        xdotool windowactivate --sync "$wid" 2>/dev/null
        local t0; t0=$(now_ms)
        xdotool key --clearmodifiers alt+F4
        watchdog 10 "$pid"
        local dog=$!
        wait "$pid"
        echo "warm-up (not a case): one launch and window close, request→exit $(( $(now_ms) - t0 )) ms"
        kill "$dog" 2>/dev/null; wait "$dog" 2>/dev/null
    else
        kill -KILL "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
        echo "warm-up (not a case): the window never showed"
    fi
}
warm_up

# T1 at D = 3 s: show at 0, hide at 1 s, show at 1.5 s; about 2 s in, two T1 timers run (the
# first an orphan the page never cancels) -- the request comes then.
toast=(--scenario toast --strategy T1 --time-scale 1)
button=(--scenario button --strategy B1 --time-scale 5)  # B1: an exec running
for how in window-close ctrl-q SIGINT SIGTERM; do
    SETTLE_S=2.0 run_case "$how, toast T1 running"  "$how" 0 "$bound_ms" -- "${toast[@]}"
    run_case "$how, button B1 running" "$how" 0 "$bound_ms" -- "${button[@]}"
done
toast=(--scenario toast --strategy T1 --time-scale 5)
# Ignores cancellation for 10 s: the app waits the 2 s bound, names it, and still exits 0.
stubborn_max=$((grace_ms + 400))
export LIFECYCLE_LAB_TEST_STUBBORN_TASK_MS=10000
run_case "SIGTERM, a task ignoring cancellation" SIGTERM 1 "$stubborn_max" -- "${toast[@]}"
run_case "ctrl-q, a task ignoring cancellation"  ctrl-q  1 "$stubborn_max" -- "${toast[@]}"
unset LIFECYCLE_LAB_TEST_STUBBORN_TASK_MS

# A broken style sheet: one warning naming the file, the app runs on and shuts down cleanly.
mkdir -p "$work/res"
printf 'window { color: ; background: url(\n' >"$work/res/style.css"
LIFECYCLE_LAB_RESOURCES="$work/res" LIFECYCLE_LAB_REPORT_SHUTDOWN=1 "$app" --time-scale 5 >"$work/out" 2>"$work/err" </dev/null &
pid=$!
if timeout 15 xdotool search --sync --onlyvisible --pid "$pid" --name '^Lifecycle Lab$' >/dev/null 2>&1 && sleep 0.3 && kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid"; wait "$pid"; rc=$?
    if [[ $rc -eq 0 ]] && grep -q "style.css" "$work/err" && ! grep -q -e "Fatal error" -e "Stack dump" "$work/err"; then
        echo "PASS broken style.css: named on stderr ($(grep -m1 style.css "$work/err" | cut -c1-110)…), app ran, exit 0"
        passed=$((passed + 1))
    else
        fail "broken style.css" "exit $rc; wanted 0 and a message naming style.css"
    fi
else
    kill -KILL "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
    fail "broken style.css" "the app did not come up"
fi

# Started from another folder through a symbolic link to the build folder (as `.build/release`
# is): the style sheet beside the package is still found and loaded -- no warning at all.
ln -s "$(cd "$(dirname "$app")" && pwd -P)" "$work/bin"
(cd "$work" && LIFECYCLE_LAB_REPORT_SHUTDOWN=1 "$work/bin/$(basename "$app")" --time-scale 5 >"$work/out" 2>"$work/err" </dev/null) &
pid=$!
if timeout 15 xdotool search --sync --onlyvisible --name '^Lifecycle Lab$' >/dev/null 2>&1 && sleep 0.3; then
    pkill -TERM -f "^$work/bin/" ; wait "$pid"; rc=$?
    if [[ $rc -eq 0 ]] && ! grep -q -e "warning" -e "Fatal error" "$work/err"; then
        echo "PASS started elsewhere through a link: style sheet found, no warning, exit 0"
        passed=$((passed + 1))
    else
        fail "started elsewhere through a link" "exit $rc; wanted 0 and no warning"
    fi
else
    pkill -KILL -f "^$work/bin/"; wait "$pid" 2>/dev/null
    fail "started elsewhere through a link" "the app did not come up"
fi

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
