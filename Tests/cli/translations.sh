#!/usr/bin/env bash
# Translations on the command line (the app's text domain, po/ja.po compiled by
# scripts/run/build-locale into .build/locale, found beside a binary built in .build/<triple>/<config>/):
# LANGUAGE=ja gives Japanese --help and errors, with and without LANG; without LANGUAGE, or with
# an explicit LANG=C, the output is English; a locale named but not generated on the machine
# (LANG=ja_JP.UTF-8) still gives its language; machine-readable parts (option names, IDs) stay.
# Runs without a display.
#   Tests/cli/translations.sh PATH/TO/lifecycle-lab
set -uo pipefail
app=${1:?usage: Tests/cli/translations.sh PATH/TO/lifecycle-lab}
passed=0 failed=0

# check NAME EXPECTED_EXIT EXPECTED_SUBSTRING UNWANTED_SUBSTRING -- ENV... -- ARGS...
check() {
    local name=$1 want=$2 needle=$3 unwanted=$4; shift 4
    local envs=()
    while [[ $1 != -- ]]; do envs+=("$1"); shift; done
    shift
    local out rc
    out=$(env -i PATH="$PATH" "${envs[@]}" "$app" "$@" 2>&1 </dev/null); rc=$?
    if [[ $rc -ne $want ]]; then
        echo "FAIL $name: exit $rc, wanted $want; output: $out"; failed=$((failed + 1)); return
    fi
    if [[ "$out" != *"$needle"* ]]; then
        echo "FAIL $name: output lacks '$needle': $out"; failed=$((failed + 1)); return
    fi
    if [[ -n $unwanted && "$out" == *"$unwanted"* ]]; then
        echo "FAIL $name: output has '$unwanted': $out"; failed=$((failed + 1)); return
    fi
    echo "PASS $name"; passed=$((passed + 1))
}

check "LANGUAGE=ja --help, no LANG (messages fall back to C.UTF-8)" 0 "使い方: lifecycle-lab [オプション…]" "Usage:" \
    LANGUAGE=ja -- --help
check "LANGUAGE=ja --help, LANG=C.UTF-8: options and IDs stay"       0 "--scenario NAME         そのページの再現手順" "Show this help" \
    LANG=C.UTF-8 LANGUAGE=ja -- --help
check "LANGUAGE=ja bad input: Japanese message, valid values as typed" 2 "不明なページ 'x' です。有効な値: toast, button" "" \
    LANGUAGE=ja -- --page x
check "no LANGUAGE: English"                                          0 "Usage: lifecycle-lab [OPTION…]" "使い方" \
    LANG=C.UTF-8 -- --help
check "LANGUAGE=ja with an explicit LANG=C: English (glibc's rule)"   0 "Usage: lifecycle-lab" "使い方" \
    LANG=C LANGUAGE=ja -- --help
check "LANGUAGE=fr:ja (no French catalogue): the next language, Japanese" 0 "使い方" "" \
    LANG=C.UTF-8 LANGUAGE=fr:ja -- --help
check "LANG=ja_JP.UTF-8 not generated on the machine: Japanese from the locale's name" 0 "使い方" "Usage:" \
    LANG=ja_JP.UTF-8 -- --help
check "LC_ALL=C with LANGUAGE=ja: English (an explicit C wins)"    0 "Usage:" "使い方" \
    LC_ALL=C LANGUAGE=ja -- --help
check "a value typed as a placeholder stays as typed"                2 "unknown page '%{valid}'" "page 'toast," \
    LANG=C.UTF-8 -- --page '%{valid}'

# No line of the Japanese help is wider than the 92 terminal columns it wraps to (a CJK
# character takes two; wc -L counts display columns in a UTF-8 locale).
widest=$(env -i PATH="$PATH" LANG=C.UTF-8 LANGUAGE=ja "$app" --help | LC_ALL=C.UTF-8 wc -L)
if [[ ${widest:-999} -le 92 && ${widest:-0} -gt 60 ]]; then
    echo "PASS LANGUAGE=ja --help: the widest line takes $widest columns (≤ 92)"; passed=$((passed + 1))
else
    echo "FAIL LANGUAGE=ja --help: the widest line takes ${widest:-?} columns (wanted 61 … 92)"; failed=$((failed + 1))
fi

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
