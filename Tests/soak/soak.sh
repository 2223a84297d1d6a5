#!/usr/bin/env bash
# Outside-driven soak: launches the real app and drives it only from outside the process,
# with real X input (xdotool: clicks on the real buttons, the page switcher and the menu,
# the menu's shortcuts, minimize and restore through the window manager, the focus to another
# client's window and back), in a seeded random order, for N seconds, while CPU-bound
# processes load the machine. Then the app reports through its own `--report` file:
#   - tasks alive that the current strategies should not have (orphans, tasks asked to stop
#     that did not): 0, after a quiet wait longer than every strategy's D and L;
#   - Swift closures held by GLib (every signal handler and GLib source the app adds holds
#     one): no more than after the warm-up, in the same state of the window;
#   - resident memory after malloc_trim: at most 2 MiB above the warm-up's (what GTK frees by
#     itself within 6 s is not counted: up to three more marks, 2 s apart, each printed);
#   - GTK/GLib criticals and warnings on its standard error: 0;
#   - it still answers a press: from writing the click to the persistent xdotool to the toast's
#     appear (or disappear) in the report, every one of 20 presses within 100 ms, while the
#     load still runs (the click's way through xdotool and the X server is counted too).
# Needs a display with a window manager (run it under scripts/sessions/with-display), xdotool, xprop
# and xmessage (scripts/run/ensure-deps --test).
#
#   scripts/sessions/with-display Tests/soak/soak.sh [--seconds N] [--seed S] [--busy N] PATH/TO/lifecycle-lab
#
# Prints PASS/FAIL per check with its figures, then "N passed, N failed"; exit 0 when all pass.
# Why coordinates from the app: the app writes its buttons' boxes (GTK's own layout, in the
# window's coordinates, after every page change and appear) to the report; xdotool clicks the
# middle of the box relative to the window. Nothing depends on a theme, a font or a guessed
# position, and no accessibility bus is needed; a click that lands nowhere shows as a missing
# reaction, not as a wrong figure.
set -uo pipefail
seconds=60 seed=${SOAK_SEED:-$RANDOM} busy_count=2
while [[ $# -gt 1 ]]; do
    case $1 in
        --seconds) seconds=$2; shift 2 ;;
        --seed) seed=$2; shift 2 ;;
        --busy) busy_count=$2; shift 2 ;;
        *) echo "soak.sh: unknown option $1 (valid: --seconds N, --seed S, --busy N)" >&2; exit 2 ;;
    esac
done
app=${1:?usage: scripts/sessions/with-display Tests/soak/soak.sh [--seconds N] [--seed S] [--busy N] PATH/TO/lifecycle-lab}
[[ -n ${DISPLAY:-} ]] || { echo "soak.sh: needs a display (run it under scripts/sessions/with-display)" >&2; exit 1; }
for tool in xdotool xprop xmessage; do
    command -v $tool >/dev/null || { echo "soak.sh: needs $tool (scripts/run/ensure-deps --test)" >&2; exit 1; }
done

# A private work folder that also holds the app's temporary and runtime folders.
work=$(mktemp -d "${TMPDIR:-/tmp}/lifecycle-lab-soak.XXXXXX") || exit 1
chmod 700 "$work"
mkdir -m 700 "$work/tmp" "$work/run"
export TMPDIR="$work/tmp" XDG_RUNTIME_DIR="$work/run"
report=$work/report.jsonl
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill -KILL "$pid" 2>/dev/null; done
    wait 2>/dev/null
    if [[ ${SOAK_KEEP:-0} == 1 ]]; then echo "soak.sh: kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

passed=0 failed=0
check() { # NAME OK FIGURES
    if [[ $2 == 1 ]]; then echo "PASS $1: $3"; passed=$((passed + 1)); else echo "FAIL $1: $3"; failed=$((failed + 1)); fi
}
now_us() { echo "${EPOCHREALTIME/./}"; }
field() { sed -n "s/.*\"$1\":\([^,}]*\).*/\1/p" <<<"$2"; }

echo "soak: seed $seed, $seconds s, $busy_count busy loops, app $app"
RANDOM=$seed

# The other client's window, for "focus elsewhere".
# In the screen's bottom-right corner, clear of the app's window, so no click meant for the app
# lands on it.
xmessage -geometry -0-0 -title lifecycle-lab-soak-other "another window" 2>/dev/null &
pids+=($!)
"$app" --report "$report" --time-scale 0.1 >"$work/stdout" 2>"$work/stderr" </dev/null &
app_pid=$!
pids+=($app_pid)
for _ in $(seq 200); do grep -q '"event":"layout"' "$report" 2>/dev/null && break; sleep 0.1; done
xid=$(timeout 20 xdotool search --sync --onlyvisible --pid "$app_pid" --name '^Lifecycle Lab$' 2>/dev/null | head -n 1)
other=$(timeout 20 xdotool search --sync --onlyvisible --name '^lifecycle-lab-soak-other$' 2>/dev/null | head -n 1)
if [[ -z $xid || -z $other ]] || ! grep -q '"event":"layout"' "$report"; then
    check "start" 0 "the app's window ($xid), the other window ($other) or the report's layout never came"
    echo "$passed passed, $failed failed"; exit 1
fi

# One xdotool for the whole run, fed through a pipe: a click costs no process start. A command
# taking a window runs once xdotool has read the next word, so each is followed by
# getmouselocation (no argument, runs at once).
coproc XDO { exec xdotool - >/dev/null 2>>"$work/xdotool.err"; }
pids+=($XDO_PID)
send() { printf '%s\ngetmouselocation\n' "$*" >&"${XDO[1]}"; }

pages=($(grep '"event":"layout"' "$report" | tail -n 1 | sed -n 's/.*"pages":\[\([^]]*\)\].*/\1/p' | tr -d '"' | tr ',' ' '))
# layout_of NAME: "x y" of the middle of NAME in the newest layout line, or nothing.
layout_of() {
    grep '"event":"layout"' "$report" | tail -n 1 |
        sed -n "s/.*\"$1\":\[\([0-9-]*\),\([0-9-]*\),\([0-9]*\),\([0-9]*\)\].*/\1 \2 \3 \4/p" |
        awk '{ printf "%d %d\n", $1 + $3 / 2, $2 + $4 / 2 }'
}
click() { # NAME: clicks the middle of NAME's box; returns 1 when it is not on screen
    local at; at=$(layout_of "$1")
    [[ -n $at ]] || return 1
    send "mousemove --window $xid $at click 1"
}
# page_buttons: the visible page's buttons in the newest layout (not the menu or the switcher,
# nor the Check page's Open buttons: they open GTK's file chooser, a window of its own outside the
# lab's tasks, which would cover the app and take the clicks meant for it).
page_buttons() {
    grep '"event":"layout"' "$report" | tail -n 1 | sed -n 's/.*"widgets":{\(.*\)}}$/\1/p' |
        grep -o '"[a-z0-9-]*":' | tr -d '":' | grep -vx -e menu -e switcher -e open-file -e open-folder
}
current_page() { grep '"event":"layout"' "$report" | tail -n 1 | sed -n 's/.*"page":"\([a-z]*\)".*/\1/p'; }
# switch_page I: clicks the I-th button of the page switcher (its buttons share its width).
switch_page() {
    local box; box=$(grep '"event":"layout"' "$report" | tail -n 1 |
        sed -n 's/.*"switcher":\[\([0-9-]*\),\([0-9-]*\),\([0-9]*\),\([0-9]*\)\].*/\1 \2 \3 \4/p')
    [[ -n $box ]] || return 1
    read -r sx sy sw sh <<<"$box"
    send "mousemove --window $xid $((sx + (2 * $1 + 1) * sw / (2 * ${#pages[@]}))) $((sy + sh / 2)) click 1"
}
wait_for_page() { # NAME: bounded wait until the report's layout is of page NAME
    for _ in $(seq 100); do [[ $(current_page) == "$1" ]] && return 0; sleep 0.02; done; return 1
}
focus_app() { send "windowactivate $xid"; }
quiet() { # let every task a strategy leaves end: T1/T6 timers after D (0.3 s), B1 execs after L (1 s)
    sleep 2.5
}
# The app's windows the soak opened through the menu (Compare, Keyboard Shortcuts, About):
# closed as a person would, Alt+F4 through the window manager, so their closures must go too.
# The scene page's own second window ("Elsewhere") stays, as after the warm-up.
closed_windows=0
close_extra_windows() {
    local w name
    for w in $(xdotool search --onlyvisible --pid "$app_pid" --name '.' 2>/dev/null); do
        name=$(xdotool getwindowname "$w" 2>/dev/null)
        [[ $w == "$xid" || $w == "$other" || $name == Elsewhere || $name == "Lifecycle Lab" ]] && continue
        [[ $name == lifecycle-lab-soak-other ]] && continue
        echo "soak: closing the app's window \"$name\""
        closed_windows=$((closed_windows + 1))
        # A separate xdotool: the persistent one stops at a command that fails.
        timeout 5 xdotool windowactivate --sync "$w" key alt+F4 2>/dev/null; sleep 0.3
    done
}
# The same state before both marks: every page on its first strategy (Ctrl+1: strategies hold
# different numbers of GLib closures, a scene-phase reader its signal handlers), every view
# closed, toast hidden, on the toast page, focused.
layouts() { grep -c '"event":"layout"' "$report"; }
canonical() {
    close_extra_windows
    focus_app; sleep 0.3
    local i tries before
    for i in "${!pages[@]}"; do
        # A switch sent while the window is minimized (the scene page's 3 s minimize, clicked
        # just before) goes nowhere: again, once the window is back and focused.
        for tries in 1 2 3 4; do
            switch_page "$i"; wait_for_page "${pages[$i]}" && break
            sleep 1; focus_app; sleep 0.3
        done
        if [[ $(current_page) != "${pages[$i]}" ]]; then
            echo "soak: could not bring page ${pages[$i]} up for the canonical state"; continue
        fi
        sleep 0.2
        # Ctrl+1 can move the buttons (another strategy's text above them): the click waits for
        # the layout the app writes after it (a page without strategies writes none: 1 s).
        before=$(layouts)
        send "key ctrl+1"
        for _ in $(seq 50); do [[ $(layouts) -gt $before ]] && break; sleep 0.02; done
        sleep 0.1
        click close-view 2>/dev/null; click hide-toast 2>/dev/null
        sleep 0.1
    done
    switch_page 0; wait_for_page "${pages[0]}"
    quiet
}
# memory_parts: the app's resident memory by kind (KiB), from /proc/PID/smaps: malloc's main heap,
# other anonymous mappings (thread arenas, large allocations, stacks), files (libraries, fonts,
# caches), the rest. Printed beside the marks, so a failed growth check says where it grew.
memory_parts() {
    awk '/^[0-9a-f]+-[0-9a-f]+ / { kind = ($6 == "[heap]") ? "heap" : ($6 == "") ? "anonymous" : ($6 ~ /^\[/) ? "other" : "files"; next }
         /^Rss:/ { kib[kind] += $2 }
         END { printf "heap %d, anonymous %d, files %d, other %d", kib["heap"], kib["anonymous"], kib["files"], kib["other"] }' \
        "/proc/$app_pid/smaps" 2>/dev/null || echo "unreadable"
}
mark() { # sends SIGUSR1; prints the new mark line
    local before; before=$(grep -c '"event":"mark"' "$report")
    kill -USR1 "$app_pid"
    for _ in $(seq 100); do [[ $(grep -c '"event":"mark"' "$report") -gt $before ]] && break; sleep 0.05; done
    grep '"event":"mark"' "$report" | tail -n 1
}

# Warm-up: every page built and every kind of widget used once (the menu's popover, the
# scene page's second window and minimize timer), so what is made once is in the baseline.
focus_app; sleep 0.5
for i in "${!pages[@]}"; do
    switch_page "$i"; wait_for_page "${pages[$i]}"; sleep 0.3
    for name in show-toast show-view action post-0 go-second focus-elsewhere; do click "$name" && sleep 0.3; done
    focus_app; sleep 0.3
done
click menu && sleep 0.3 && send "key Escape" && sleep 0.2
# The menu's second item on every page, as the soak chooses it (a strategy, or Compare on a page
# with one), so the first Compare window's fonts and code views are made before the baseline.
for i in "${!pages[@]}"; do
    [[ ${pages[$i]} == navigation ]] && continue
    switch_page "$i"; wait_for_page "${pages[$i]}"; sleep 0.3
    click menu && sleep 0.3 && send "key Down Down Return" && sleep 0.8
    close_extra_windows >/dev/null; focus_app; sleep 0.3
done
closed_windows=0
send "key ctrl+2"; sleep 0.2; send "key ctrl+1"; sleep 0.2
# Fill the app's fixed-size histories before the baseline (the registry keeps 500 ended tasks,
# the event log 2,000 events, the panel 500 log lines, a page 1,000 of its own): 600 Show/Hide
# pairs on the toast page. Memory they take up to their bound is not growth.
switch_page 0; wait_for_page "${pages[0]}"; sleep 0.3
show_at=$(layout_of show-toast) hide_at=$(layout_of hide-toast)
for _ in $(seq 12); do
    # 50 pairs, then wait until the app has shown them (xdotool must not build up a backlog
    # that would still be clicking into the soak).
    before=$(grep -c '"kind":"disappear","node":"toast #' "$report")
    for _ in $(seq 50); do
        send "mousemove --window $xid $show_at click 1"
        send "mousemove --window $xid $hide_at click 1"
    done
    for _ in $(seq 300); do
        [[ $(grep -c '"kind":"disappear","node":"toast #' "$report") -ge $((before + 50)) ]] && break
        sleep 0.05
    done
done
canonical
baseline=$(mark)
baseline_parts=$(memory_parts)

# The soak: busy loops beside it, seeded random actions from outside.
busy=()
for _ in $(seq "$busy_count"); do sh -c 'while :; do :; done' & busy+=($!); pids+=($!); done
declare -A done_count=()
app_focused=1
deadline=$(( $(date +%s) + seconds ))
mark_every=$(( seconds / 10 > 10 ? seconds / 10 : 10 ))
next_mark=$(( $(date +%s) + mark_every ))
series=()
actions=0
while [[ $(date +%s) -lt $deadline ]]; do
    if [[ $(date +%s) -ge $next_mark ]]; then
        # Memory after trim along the way (busy state, not the canonical one): the curve shows
        # whether growth levels off or keeps going.
        close_extra_windows >/dev/null
        series+=($(( $(field rss_after_trim_bytes "$(mark)") / 1024 )))
        next_mark=$(( $(date +%s) + mark_every ))
    fi
    roll=$((RANDOM % 100))
    if (( roll < 12 )); then
        i=$((RANDOM % ${#pages[@]})); switch_page "$i"; what="page ${pages[$i]}"
    elif (( roll < 62 )); then
        # One of the visible page's own buttons (the scene page's "Minimize window for 3 s" and
        # "Focus elsewhere" among them), at where GTK laid it out.
        names=($(page_buttons))
        if (( ${#names[@]} )); then
            name=${names[$((RANDOM % ${#names[@]}))]}; click "$name"; what="click $name"
            [[ $name == minimize-3s || $name == focus-elsewhere ]] && app_focused=0
        else
            focus_app; app_focused=1; what=focus
        fi
    elif (( roll < 70 )); then
        if (( app_focused )); then n=$((RANDOM % 9 + 1)); send "key ctrl+$n"; what="key ctrl+$n"; else focus_app; app_focused=1; what=focus; fi
    elif (( roll < 76 )); then
        if (( app_focused )) && click menu; then
            sleep 0.0$((RANDOM % 9 + 1))
            # The second item: a strategy on pages with two or more, else Compare (which the
            # run closes before it measures); not on the navigation page, whose section is empty.
            if (( RANDOM % 2 )) || [[ $(current_page) == navigation ]]; then send "key Escape"; what="menu, Escape"
            else
                send "key Down Down Return"; what="menu, an item"
                # A window it opened (Compare) would cover the app and take the clicks meant for
                # it for the rest of the run: closed again at once.
                sleep 0.3; close_extra_windows >/dev/null
            fi
        else focus_app; app_focused=1; what=focus; fi
    elif (( roll < 84 )); then
        send "windowminimize $xid"; app_focused=0; what=minimize
    elif (( roll < 92 )); then
        focus_app; app_focused=1; what="restore/focus"
    else
        send "windowactivate $other"; app_focused=0; what="focus elsewhere"
    fi
    done_count[$what]=$(( ${done_count[$what]:-0} + 1 ))
    # When each action was sent, in GLib's message format (HH:MM:SS.mmm), for a critical's context.
    printf '%(%H:%M:%S)T.%s %s\n' "${EPOCHREALTIME%.*}" "$(cut -c1-3 <<<"${EPOCHREALTIME#*.}")" "$what" >>"$work/actions.log"
    actions=$((actions + 1))
    sleep "0.0$((RANDOM % 9 + 2))"
done
summary_of_actions=$(for k in "${!done_count[@]}"; do echo "$k ${done_count[$k]}"; done | sort | tr '\n' ';')
echo "soak: $actions actions from outside: $summary_of_actions"
echo "soak: memory after trim every ${mark_every} s during the run (KiB): ${series[*]:-none}"
echo "soak: windows the menu opened, closed again during the run: $closed_windows"

canonical
final=$(mark)
final_parts=$(memory_parts)
# Memory GTK frees on its own a moment later (a window's buffers after its close, a cache a frame
# clock expires) is not growth: while above the bound, up to three more marks, 2 s apart; the
# figures of every mark are printed.
growth_bound_kib=2048
settle=($(( $(field rss_after_trim_bytes "$final") / 1024 )))
for _ in 1 2 3; do
    (( ($(field rss_after_trim_bytes "$final") - $(field rss_after_trim_bytes "$baseline")) / 1024 > growth_bound_kib )) || break
    sleep 2; final=$(mark); final_parts=$(memory_parts)
    settle+=($(( $(field rss_after_trim_bytes "$final") / 1024 )))
done
echo "soak: memory after trim at the final marks (KiB): ${settle[*]}"
echo "soak: resident by kind after the warm-up: $baseline_parts"
echo "soak: resident by kind after the soak:    $final_parts"

# It still answers a press, the load still running: Show / Hide toast, from the write of the
# click to the toast's appear / disappear in the report.
# On T2 (.task, Ctrl+2 on the toast page): with T1, the first page's strategy, a stale timer of
# one show takes the next toast down D later (SPEC §3's bug), and a Hide press then finds no
# toast to hide.
send "key ctrl+2"; sleep 0.3
worst=0 answered=0 latencies=()
for n in $(seq 20); do
    if (( n % 2 )); then name=show-toast kind=appear; else name=hide-toast kind=disappear; fi
    before=$(grep -c "\"kind\":\"$kind\",\"node\":\"toast #" "$report")
    t0=$(now_us)
    click "$name" || break
    for _ in $(seq 200); do [[ $(grep -c "\"kind\":\"$kind\",\"node\":\"toast #" "$report") -gt $before ]] && break; sleep 0.005; done
    line=$(grep "\"kind\":\"$kind\",\"node\":\"toast #" "$report" | tail -n 1)
    [[ $(grep -c "\"kind\":\"$kind\",\"node\":\"toast #" "$report") -gt $before ]] || continue
    ms=$(( ($(field wall "$line") - t0) / 1000 ))
    latencies+=($ms); answered=$((answered + 1))
    (( ms > worst )) && worst=$ms
    sleep 0.1
done
windows=$(xdotool search --onlyvisible --pid "$app_pid" --name '.' getwindowname %@ 2>/dev/null | tr '\n' ';')
for pid in "${busy[@]}"; do kill -KILL "$pid" 2>/dev/null; done

kill -TERM "$app_pid"
for _ in $(seq 100); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.05; done
wait "$app_pid"; rc=$?

b_closures=$(field glib_closures "$baseline") f_closures=$(field glib_closures "$final")
b_rss=$(field rss_after_trim_bytes "$baseline") f_rss=$(field rss_after_trim_bytes "$final")
unexpected=$(field unexpected_tasks "$final") live=$(field live_tasks "$final")
started=$(( $(field started_tasks "$final") - $(field started_tasks "$baseline") ))
growth_kib=$(( (f_rss - b_rss) / 1024 ))
criticals=$(grep -cE -- '-(CRITICAL|WARNING) \*\*|Gtk-CRITICAL|GLib-CRITICAL|Gdk-CRITICAL' "$work/stderr")
phases=$(grep -c '"kind":"phase","scene":"main window"' "$report")

check "tasks the current strategies should not have" "$([[ $unexpected == 0 ]] && echo 1 || echo 0)" \
    "$unexpected unexpected ($(field unexpected "$final")), $live live, $started started during the soak"
check "GLib closures not leaked" "$([[ $f_closures -le $b_closures ]] && echo 1 || echo 0)" \
    "$f_closures held after the soak, $b_closures after the warm-up"
check "memory growth after malloc_trim <= 2 MiB" "$([[ $growth_kib -le $growth_bound_kib ]] && echo 1 || echo 0)" \
    "$growth_kib KiB ($((b_rss / 1024)) KiB after the warm-up, $((f_rss / 1024)) KiB after the soak)"
check "no GTK or GLib critical or warning" "$([[ $criticals == 0 ]] && echo 1 || echo 0)" \
    "$criticals on stderr$( [[ $criticals != 0 ]] && echo ": $(grep -m3 -E 'CRITICAL|WARNING' "$work/stderr" | tr '\n' ' ')")"
# What was sent just before each critical or warning (up to three), so a failure in CI can be
# understood from the log alone.
grep -m3 -oE '(CRITICAL|WARNING) \*\*: [0-9:.]+' "$work/stderr" | sed 's/.* //' | while read -r at; do
    echo "soak: the last actions sent before $at:"
    awk -v at="$at" '$1 <= at' "$work/actions.log" 2>/dev/null | tail -n 5 | sed 's/^/    /'
done
sorted=$(printf '%s\n' "${latencies[@]}" | sort -n | tr '\n' ' ')
[[ $answered == 20 ]] || echo "soak: the app's windows on screen at the presses: $windows"
check "answers a press within 100 ms (under load)" "$([[ $answered == 20 && $worst -le 100 ]] && echo 1 || echo 0)" \
    "$answered of 20 presses answered, worst $worst ms, all: $sorted"
check "exits cleanly on SIGTERM" "$([[ $rc == 0 ]] && grep -q '"event":"summary"' "$report" && echo 1 || echo 0)" \
    "exit $rc, $phases scene-phase changes of the main window seen during the run"
echo "$passed passed, $failed failed"
[[ $failed == 0 ]]
