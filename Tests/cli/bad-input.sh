#!/usr/bin/env bash
# Bad input on the command line: every wrong value prints
# one line naming the problem and the valid values, and exits 2; no display exits 1 with a
# clear message. `lifecycle-lab check …` hands over to the checker built beside the app (or
# LIFECYCLE_LAB_CHECK) without a display: its bad input is one line and exit 2 too, and a
# missing checker is one line and exit 2. Runs without a display; needs the built
# `lifecycle-lab` and `lifecycle-lab-check` binaries.
#   Tests/cli/bad-input.sh PATH/TO/lifecycle-lab
set -uo pipefail
app=${1:?usage: Tests/cli/bad-input.sh PATH/TO/lifecycle-lab}
passed=0 failed=0
ro=$(mktemp -d); chmod 555 "$ro"
trap 'chmod 755 "$ro"; rm -rf "$ro"' EXIT

# Variables for the next checks' environment (NAME=VALUE), e.g. LIFECYCLE_LAB_CHECK.
extra_env=()

# check NAME EXPECTED_EXIT EXPECTED_SUBSTRING -- ARGS...
check() {
    local name=$1 want=$2 needle=$3; shift 4
    local out rc lines
    out=$(env -u DISPLAY -u WAYLAND_DISPLAY -u LIFECYCLE_LAB_CHECK "${extra_env[@]}" "$app" "$@" 2>&1 </dev/null); rc=$?
    lines=$(printf '%s\n' "$out" | grep -c .)
    if [[ $rc -ne $want ]]; then
        echo "FAIL $name: exit $rc, wanted $want; output: $out"; failed=$((failed + 1)); return
    fi
    if [[ "$out" != *"$needle"* ]]; then
        echo "FAIL $name: output lacks '$needle': $out"; failed=$((failed + 1)); return
    fi
    if [[ $want -eq 2 && $lines -ne 1 ]]; then
        echo "FAIL $name: wanted one line, got $lines: $out"; failed=$((failed + 1)); return
    fi
    if [[ "$out" == *"Fatal error"* || "$out" == *"Stack dump"* ]]; then
        echo "FAIL $name: crashed: $out"; failed=$((failed + 1)); return
    fi
    echo "PASS $name"; passed=$((passed + 1))
}

# The lists the messages must give, from the app's own catalogue (`--list-pages`: a page and its
# strategies a line), so a new page or strategy needs no edit here.
listing=$("$app" --list-pages) || { echo "FAIL --list-pages: exit $?"; exit 1; }
joined() { paste -sd, - | sed 's/,/, /g'; }
all_pages=$(awk '{ print $1 }' <<<"$listing" | joined)
repro_pages=$(awk 'NF > 1 { print $1 }' <<<"$listing" | joined)
no_repro_page=$(awk 'NF == 1 { print $1; exit }' <<<"$listing")
all_strategies=$(awk '{ for (i = 2; i <= NF; i++) print $i }' <<<"$listing" | joined)
first_page=$(awk 'NF > 1 { print $1; exit }' <<<"$listing")
first_page_strategies=$(awk 'NF > 1 { for (i = 2; i <= NF; i++) print $i; exit }' <<<"$listing" | joined)
other_strategy=$(awk -v p="$first_page" 'NF > 1 && $1 != p { print $2; exit }' <<<"$listing")
check "list pages and strategies" 0 "$first_page T1" -- --list-pages
check "list strategies"         0 "T1 $first_page bug" -- --list-strategies
check "unknown strategy"        2 "valid: $all_strategies" -- --strategy T9
check "empty strategy"          2 "unknown strategy" -- --strategy ""
check "unknown page"            2 "valid: $all_pages" -- --page settings
check "unknown scenario"        2 "valid: $repro_pages" -- --scenario nope
check "scenario without repro"  2 "valid: $repro_pages" -- --scenario "$no_repro_page"
check "strategy of other page"  2 "valid for it: $first_page_strategies" -- --scenario "$first_page" --strategy "$other_strategy"
check "scale zero"              2 "greater than 0" -- --time-scale 0
check "scale negative"          2 "greater than 0" -- --time-scale -1
check "scale not a number"      2 "is not a number" -- --time-scale fast
check "scale infinite"          2 "greater than 0" -- --time-scale inf
check "scale NaN"               2 "greater than 0" -- --time-scale nan
check "screenshot missing dir"  2 "does not exist" -- --screenshot /nonexistent/dir/shot.png
check "screenshot not png"      2 "must end in .png" -- --screenshot shot.jpg
check "report missing dir"      2 "cannot be written" -- --report /nonexistent/dir/run.jsonl
check "window actions missing"  2 "not an executable file; valid: a program path or a name found in PATH" -- --window-actions-by /nonexistent/window-action
plain=$(mktemp); chmod 644 "$plain"
check "window actions not exec" 2 "not an executable file" -- --window-actions-by "$plain"
rm -f "$plain"
check "window actions a folder" 2 "not an executable file" -- --window-actions-by /usr/bin
check "window actions empty"    2 "not an executable file" -- --window-actions-by ""
if [[ $(id -u) -ne 0 ]]; then
    check "screenshot read-only" 2 "not writable" -- --screenshot "$ro/shot.png"
else
    # root may write anywhere; a folder on a read-only mount still refuses.
    check "screenshot read-only" 2 "not writable" -- --screenshot /proc/shot.png
fi
check "unknown flag"            2 "valid options: --strategy" -- --frobnicate
check "unknown flag with value" 2 "unknown option '--frobnicate'" -- --frobnicate=1
check "stray argument"          2 "unexpected argument 'toast'; valid options: --strategy" -- toast
check "missing value"           2 "Missing value" -- --strategy
check "missing value at flag"   2 "Missing value for '--page NAME'" -- --page --strategy T1
check "value after ="           2 "valid: T1, T2" -- --strategy=T9
check "negative scale value"    2 "greater than 0" -- --time-scale=-0.5
check "compare one strategy"    2 "--compare takes two strategies separated by a comma, e.g. T1,T2; valid: T1, T2, T3, T4, T5, T6" -- --compare T1
check "compare three"           2 "--compare takes two strategies" -- --compare T1,T2,T3
check "compare empty side"      2 "unknown strategy '' in --compare; valid: T1, T2, T3, T4, T5, T6" -- --compare T1,
check "compare unknown"         2 "unknown strategy 'T9' in --compare; valid: T1, T2, T3, T4, T5, T6" -- --compare T1,T9
check "compare other page"      2 "strategy B2 cannot be compared: compare mode runs the toast repro; valid: T1, T2" -- --compare=T1,b2
check "compare other scenario"  2 "valid with --compare: --scenario toast" -- --scenario button --compare T1,T2
check "compare and strategy"    2 "valid: one of them" -- --scenario toast --strategy T1 --compare T1,T2
check "compare missing value"   2 "Missing value for '--compare ID,ID'" -- --compare
check "help names --compare"    0 "--compare ID,ID" -- --help
check "help"                    0 "--time-scale" -- --help
check "help, short"             0 "Usage: lifecycle-lab" -- -h
check "help names check"        0 "lifecycle-lab check [--format text|json|sarif] [--explain] PATH…" -- --help
check "version"                 0 "lifecycle-lab 0.1.0" -- --version
check "help with a value"       2 "option '--help' takes no value" -- --help=1
check "no display"              1 "no display" --

# `lifecycle-lab check`: the checker's own bad input, through the app, with no display.
usage="usage: lifecycle-lab check [--format text|json|sarif] [--explain] [--config FILE] [--disable RULE] [--baseline FILE | --write-baseline FILE] [--force-exclude] [--fix | --diff [--unsafe-fixes]] [--fail-on warning|error] PATH…"
notes=$(mktemp --suffix=.txt); echo "not Swift" >"$notes"
check "check: missing path"     2 "lifecycle-lab check: /nonexistent/View.swift: no such file or folder" -- check /nonexistent/View.swift
check "check: not a Swift file" 2 "lifecycle-lab check: $notes: not a Swift file (the name does not end in .swift)" -- check "$notes"
check "check: no PATH"          2 "lifecycle-lab check: no PATH given; $usage" -- check
check "check: unknown option"   2 "lifecycle-lab check: unknown option '--frobnicate'; $usage" -- check --frobnicate /nonexistent.swift
check "check: unknown format"   2 "unknown format 'xml'; valid: text, json, sarif" -- check --format xml /nonexistent.swift
check "check: format no value"  2 "missing value for '--format'" -- check --format
check "check --help"            0 "--format FORMAT" -- check --help
check "check --version"         0 "lifecycle-lab-check 2.0.0" -- check --version
check "check, a later word"     2 "unexpected argument 'check'" -- --page toast check
extra_env=(LIFECYCLE_LAB_CHECK=/nonexistent/lifecycle-lab-check)
check "check: checker missing"  2 "lifecycle-lab check: the checker /nonexistent/lifecycle-lab-check is not installed; install lifecycle-lab-check beside lifecycle-lab, or set LIFECYCLE_LAB_CHECK to its path" -- check "$notes"
extra_env=(LIFECYCLE_LAB_CHECK="$notes")
check "check: checker not executable" 2 "lifecycle-lab check: cannot start the checker $notes: Permission denied" -- check "$notes"
extra_env=()
rm -f "$notes"

# A display that refuses: DISPLAY names a server nobody runs.
out=$(env -u WAYLAND_DISPLAY DISPLAY=:97 XAUTHORITY=/nonexistent "$app" 2>&1 </dev/null); rc=$?
if [[ $rc -eq 1 && "$out" == *"no display"* && "$out" != *"Fatal error"* ]]; then
    echo "PASS display refuses"; passed=$((passed + 1))
else
    echo "FAIL display refuses: exit $rc, wanted 1 and 'no display'; output: $out"; failed=$((failed + 1))
fi

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
