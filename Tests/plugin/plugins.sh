#!/usr/bin/env bash
# The checker's SwiftPM plugins as a person's package uses them (Tests/plugin/Sample, which
# depends on this checkout by path, through a link named LifecycleLab, and applies the
# build-tool plugin to its SwiftUI-shaped target, Toasts):
#   - `swift build` builds the checker and the sample, and the toast's T1 bug (an unstructured
#     Task in onAppear, SPEC T1) is a build warning with its file, line and column; the build
#     passes; a rule the project's .lifecycle-check.yml makes an error fails it;
#   - `swift package lifecycle-check` reports it, exit non-zero; `--format json` carries it; an
#     unknown target is named; `--diff` writes nothing (SwiftPM's own option after the verb and a
#     target after `--` understood);
#   - `swift package --allow-writing-to-package-directory lifecycle-check --fix` rewrites it to the
#     seed's fixed shape, `.task { … }` (SPEC T2); then the check and the build are clean.
# With --without-gtk (scripts/ci/test-plugins: a Debian 13 root that never had GTK), the root must
# have no GTK headers, pkg-config file or libgtk-4-dev: the checker and its plugins need none.
#   Tests/plugin/plugins.sh [--without-gtk]
# Prints one line per check, then "N passed, N failed".
set -uo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
passed=0 failed=0
work=$(mktemp -d "${TMPDIR:-/tmp}/lifecycle-lab-plugins.XXXXXX")
trap 'rm -rf "$work"' EXIT
pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1"; [[ -z ${2:-} ]] || sed 's/^/    | /' "$2" | tail -n 15; failed=$((failed + 1)); }
finish() { echo "$passed passed, $failed failed"; [[ $failed -eq 0 ]]; exit; }

if [[ ${1:-} == --without-gtk ]]; then
    if [[ -e /usr/include/gtk-4.0 || -e /usr/share/pkgconfig/gtk4.pc ]] || compgen -G '/usr/lib/*/pkgconfig/gtk4.pc' >/dev/null \
        || dpkg-query -W -f '${Status}\n' libgtk-4-dev 2>/dev/null | grep -q 'install ok installed'; then
        fail "the root has no GTK for building (headers, gtk4.pc or libgtk-4-dev are here)"
        finish
    fi
    pass "the root has no GTK headers, no gtk4.pc, no libgtk-4-dev"
fi

cp -r "$repo/Tests/plugin/Sample" "$work/sample"
ln -s "$repo" "$work/LifecycleLab"
sample=$work/sample
toast=Sources/Toasts/ToastView.swift
cp "$sample/$toast" "$work/ToastView.original"
# The finding's place: the `Task` in `.onAppear { … }`.
place="$toast:15:17:"

# swift_in NAME ARGS...: `swift ARGS` in the sample, output in $work/NAME.log; sets rc.
swift_in() {
    local name=$1; shift
    (cd "$sample" && swift "$@" >"$work/$name.log" 2>&1 </dev/null); rc=$?
}

start=$SECONDS
swift_in build build
echo "   (the first build, the checker and swift-syntax with it: $((SECONDS - start)) s)"
if [[ $rc -eq 0 ]] && grep -q "^$sample/$place warning: .*\[task-never-cancelled\]$" "$work/build.log"; then
    pass "swift build: exit 0, the T1 bug a build warning at $place"
else
    fail "swift build: exit 0, the T1 bug a build warning at $place (exit $rc)" "$work/build.log"
fi

swift_in check package lifecycle-check
if [[ $rc -ne 0 ]] && grep -q "^$place warning: .*\[task-never-cancelled\]$" "$work/check.log"; then
    pass "swift package lifecycle-check: non-zero, the finding at $place"
else
    fail "swift package lifecycle-check: non-zero, the finding at $place (exit $rc)" "$work/check.log"
fi

(cd "$sample" && swift package lifecycle-check --format json Toasts </dev/null >"$work/check.json" 2>"$work/json.log")
if python3 - "$work/check.json" <<'PYEOF'; then
import json, sys
findings = json.load(open(sys.argv[1]))["findings"]
assert [(f["rule"], f["path"], f["line"]) for f in findings] == [
    ("task-never-cancelled", "Sources/Toasts/ToastView.swift", 15)], findings
PYEOF
    pass "lifecycle-check --format json Toasts: the one finding, its rule, path and line"
else
    cat "$work/check.json" >>"$work/json.log"
    fail "lifecycle-check --format json Toasts: the one finding, its rule, path and line" "$work/json.log"
fi

swift_in unknown package lifecycle-check Nope
if [[ $rc -ne 0 ]] && grep -q "no target named Nope in Sample (its targets: Toasts)" "$work/unknown.log"; then
    pass "lifecycle-check Nope: non-zero, the unknown target named with the package's targets"
else
    fail "lifecycle-check Nope: non-zero, the unknown target named with the package's targets (exit $rc)" \
        "$work/unknown.log"
fi

swift_in diff package lifecycle-check --allow-writing-to-package-directory --diff -- Toasts
if [[ $rc -eq 0 ]] && grep -q '^+            \.task {$' "$work/diff.log" && cmp -s "$sample/$toast" "$work/ToastView.original"; then
    pass "lifecycle-check --allow-writing-to-package-directory --diff -- Toasts: exit 0, the .task fix shown, the file unchanged"
else
    fail "lifecycle-check --allow-writing-to-package-directory --diff -- Toasts: exit 0, the .task fix shown, the file unchanged (exit $rc)" \
        "$work/diff.log"
fi

swift_in fix package --allow-writing-to-package-directory lifecycle-check --fix
fixed=$(sed -n '13,17p' "$sample/$toast")
want='        Text(message)
            .task {
                do { try await Task.sleep(for: .seconds(3)) } catch { return }
                isShown = false
            }'
if [[ $rc -eq 0 && $fixed == "$want" ]]; then
    pass "lifecycle-check --fix: exit 0, the toast rewritten to the seed's .task shape (SPEC T2)"
else
    { cat "$work/fix.log"; echo "--- the file now:"; cat "$sample/$toast"; } >"$work/fix.show"
    fail "lifecycle-check --fix: exit 0, the toast rewritten to the seed's .task shape (SPEC T2) (exit $rc)" \
        "$work/fix.show"
fi

swift_in clean package lifecycle-check
swift_in rebuild build
if [[ $rc -eq 0 ]] && ! grep -q "warning: .*\[task-" "$work/rebuild.log" \
    && grep -q "no findings in 2 files" "$work/clean.log"; then
    pass "after --fix: lifecycle-check finds nothing, swift build passes without the warning"
else
    cat "$work/clean.log" >>"$work/rebuild.log"
    fail "after --fix: lifecycle-check finds nothing, swift build passes without the warning (exit $rc)" \
        "$work/rebuild.log"
fi

# The bug put back, and the project makes the rule an error: the build stops, as on a compiler
# error.
cp "$work/ToastView.original" "$sample/$toast"
printf 'task-never-cancelled: error\n' >"$sample/.lifecycle-check.yml"
swift_in strict build
if [[ $rc -ne 0 ]] && grep -q "^$sample/$place error: .*\[task-never-cancelled\]$" "$work/strict.log"; then
    pass "task-never-cancelled: error in .lifecycle-check.yml: swift build fails at $place"
else
    fail "task-never-cancelled: error in .lifecycle-check.yml: swift build fails at $place (exit $rc)" \
        "$work/strict.log"
fi
finish
