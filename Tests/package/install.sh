#!/usr/bin/env bash
# scripts/run/install and scripts/run/uninstall, checked in temporary folders:
#   - DESTDIR=… scripts/run/install: exactly the expected tree under DESTDIR/usr/local, the desktop
#     entry passes desktop-file-validate and the metainfo appstreamcli validate --no-net; the
#     man page renders without a warning; scripts/run/uninstall with the same DESTDIR leaves nothing;
#   - scripts/run/install --prefix DIR: the same checks, the desktop entry's Exec names DIR's binary,
#     the caches it made are in the manifest; the installed app started from / through a PATH
#     look-up (argv[0] without a folder) finds DIR/share/lifecycle-lab/style.css: the toast
#     scenario passes with nothing on stderr; `lifecycle-lab check` runs the installed checker
#     (a file with the T1 bug: exit 1, clean code: exit 0); the same binary copied where no
#     share/ is beside it does warn (so the check can fail), and without the checker beside it
#     `lifecycle-lab check` says so (exit 2); installing twice keeps one manifest entry per path;
#     scripts/run/uninstall removes the whole prefix it created; without a manifest it refuses.
# Needs a display for the app runs:
#   scripts/sessions/with-display Tests/package/install.sh
# Prints one line per check, then "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
[[ -n ${DISPLAY:-} ]] || { echo "install.sh: needs a display (run it under scripts/sessions/with-display)" >&2; exit 1; }
passed=0 failed=0
work=$(mktemp -d "${TMPDIR:-/tmp}/lifecycle-lab-install-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1"; [[ -z ${2:-} ]] || sed 's/^/    | /' "$2" | tail -n 15; failed=$((failed + 1)); }

app_id=io.github.lifecyclelab.LifecycleLab
expected_files() {   # PREFIX (paths relative to it), one a line, sorted
    printf '%s\n' bin/lifecycle-lab bin/lifecycle-lab-check "share/applications/$app_id.desktop" \
        "share/icons/hicolor/scalable/apps/$app_id.svg" "share/icons/hicolor/symbolic/apps/$app_id-symbolic.svg" \
        "share/metainfo/$app_id.metainfo.xml" share/lifecycle-lab/style.css share/lifecycle-lab/install-manifest \
        share/man/man1/lifecycle-lab.1.gz share/man/man1/lifecycle-lab-check.1.gz \
        share/locale/ja/LC_MESSAGES/lifecycle-lab.mo "$@" | LC_ALL=C sort
}
validate_tree() {   # NAME TREE
    local name=$1 tree=$2
    if desktop-file-validate "$tree/share/applications/$app_id.desktop" >"$work/validate" 2>&1 && ! grep -q . "$work/validate"; then
        pass "$name: desktop-file-validate share/applications/$app_id.desktop"
    else
        fail "$name: desktop-file-validate" "$work/validate"
    fi
    if appstreamcli validate --no-net "$tree/share/metainfo/$app_id.metainfo.xml" >"$work/validate" 2>&1; then
        pass "$name: appstreamcli validate --no-net share/metainfo/$app_id.metainfo.xml ($(tail -n 1 "$work/validate" | sed 's/^✔ //'))"
    else
        fail "$name: appstreamcli validate --no-net" "$work/validate"
    fi
    local desktop="$tree/share/applications/$app_id.desktop" metainfo="$tree/share/metainfo/$app_id.metainfo.xml"
    if grep -q '^Name\[ja\]=' "$desktop" && grep -q '^Comment\[ja\]=.*非同期タスク' "$desktop" \
        && grep -q '<translation type="gettext">lifecycle-lab</translation>' "$metainfo" \
        && grep -q '<summary xml:lang="ja">' "$metainfo"; then
        pass "$name: the desktop entry has Name[ja] and Comment[ja]; the metainfo names the gettext domain and has a Japanese summary"
    else
        grep -E '\[ja\]|xml:lang|<translation' "$desktop" "$metainfo" >"$work/ja" 2>&1
        fail "$name: Japanese in the desktop entry or the metainfo" "$work/ja"
    fi
    if man --warnings -E UTF-8 -l "$tree/share/man/man1/lifecycle-lab.1.gz" 2>"$work/man.err" | grep -q -- "--scenario" && ! grep -q . "$work/man.err"; then
        pass "$name: man -l share/man/man1/lifecycle-lab.1.gz renders the options, no warning"
    else
        fail "$name: the man page" "$work/man.err"
    fi
    if man --warnings -E UTF-8 -l "$tree/share/man/man1/lifecycle-lab-check.1.gz" 2>"$work/man.err" | grep -q -- "--format" && ! grep -q . "$work/man.err"; then
        pass "$name: man -l share/man/man1/lifecycle-lab-check.1.gz renders the checker's options, no warning"
    else
        fail "$name: the checker's man page" "$work/man.err"
    fi
}

echo "== install and uninstall (release build: scripts/run/install)"
{ swift build -c release --static-swift-stdlib --product lifecycle-lab && swift build -c release --static-swift-stdlib --product lifecycle-lab-check; } \
    >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }

# DESTDIR, default prefix.
dest="$work/dest"
if DESTDIR="$dest" scripts/run/install >"$work/install.log" 2>&1; then
    (cd "$dest/usr/local" && find . -type f | sed 's|^\./||' | LC_ALL=C sort) >"$work/tree"
    others=$(cd "$dest" && find . -mindepth 1 -not -path './usr' -not -path './usr/local' -not -path './usr/local/*')
    if diff <(expected_files) "$work/tree" >"$work/diff" && [[ -z $others ]]; then
        pass "DESTDIR=… scripts/run/install: the $(wc -l <"$work/tree") expected files under DESTDIR/usr/local, nothing else (no caches)"
    else
        echo "$others" >>"$work/diff"; fail "DESTDIR=… scripts/run/install: the tree differs" "$work/diff"
    fi
    validate_tree "DESTDIR" "$dest/usr/local"
    DESTDIR="$dest" scripts/run/uninstall >"$work/uninstall.log" 2>&1
    left=$(cd "$dest" && find . -mindepth 1)
    [[ -z $left ]] && pass "DESTDIR=… scripts/run/uninstall: DESTDIR is empty ($(cat "$work/uninstall.log"))" \
        || { echo "$left" >"$work/left"; fail "DESTDIR=… scripts/run/uninstall left files" "$work/left"; }
else
    fail "DESTDIR=… scripts/run/install" "$work/install.log"
fi

# --prefix, with the caches of a live install.
prefix="$work/prefix"
if scripts/run/install --prefix "$prefix" >"$work/install.log" 2>&1; then
    caches=()
    command -v gtk4-update-icon-cache >/dev/null || command -v gtk-update-icon-cache >/dev/null && caches+=(share/icons/hicolor/icon-theme.cache)
    command -v update-desktop-database >/dev/null && caches+=(share/applications/mimeinfo.cache)
    (cd "$prefix" && find . -type f | sed 's|^\./||' | LC_ALL=C sort) >"$work/tree"
    if diff <(expected_files "${caches[@]}") "$work/tree" >"$work/diff"; then
        pass "scripts/run/install --prefix DIR: the $(wc -l <"$work/tree") expected files (caches: ${caches[*]:-none})"
    else
        fail "scripts/run/install --prefix DIR: the tree differs" "$work/diff"
    fi
    validate_tree "--prefix" "$prefix"
    exec_line=$(sed -n 's/^Exec=//p' "$prefix/share/applications/$app_id.desktop")
    [[ $exec_line == "$prefix/bin/lifecycle-lab" ]] && pass "the desktop entry's Exec is the prefix's binary ($exec_line)" \
        || fail "the desktop entry's Exec is '$exec_line'"
    listed=$(grep -c '^cache ' "$prefix/share/lifecycle-lab/install-manifest")
    [[ $listed -eq ${#caches[@]} ]] && pass "the manifest lists the $listed cache(s) the install made" \
        || fail "the manifest lists $listed cache(s), not ${#caches[@]}" "$prefix/share/lifecycle-lab/install-manifest"

    # Started from / through PATH: argv[0] is "lifecycle-lab", without a folder.
    (cd / && PATH="$prefix/bin:$PATH" lifecycle-lab --scenario toast --strategy T2 --time-scale 0.5 \
        >"$work/scenario.json" 2>"$work/scenario.err")
    rc=$?
    if [[ $rc -eq 0 ]] && grep -Eq '"matchesSpec" *: *true' "$work/scenario.json" && ! grep -q . "$work/scenario.err"; then
        pass "installed app started from / through PATH: scenario toast T2 exit 0, style sheet found (stderr empty)"
    else
        cat "$work/scenario.err" >>"$work/scenario.json"; fail "installed app from / through PATH: exit $rc" "$work/scenario.json"
    fi
    # The checker through the installed app, from / through PATH, no display: it is found
    # beside the app (bin/lifecycle-lab-check), whatever PATH says. The T1 bug (an unstructured
    # Task in onAppear, line 9), and its fix (T2: .task, the cancellation caught).
    printf '%s\n' 'import SwiftUI' '' 'struct ToastView: View {' '    @Binding var isPresented: Bool' '' \
        '    var body: some View {' '        Text("Saved")' '            .onAppear {' '                Task {' \
        '                    try? await Task.sleep(for: .seconds(3))' '                    isPresented = false' \
        '                }' '            }' '    }' '}' >"$work/Toast.swift"
    printf '%s\n' 'import SwiftUI' '' 'struct ToastView: View {' '    @Binding var isPresented: Bool' '' \
        '    var body: some View {' '        Text("Saved")' '            .task {' '                do {' \
        '                    try await Task.sleep(for: .seconds(3))' '                    isPresented = false' \
        '                } catch {}' '            }' '    }' '}' >"$work/Fixed.swift"
    (cd / && env -u DISPLAY -u WAYLAND_DISPLAY -u LIFECYCLE_LAB_CHECK PATH="$prefix/bin:/usr/bin:/bin" \
        lifecycle-lab check "$work/Toast.swift" >"$work/check.out" 2>"$work/check.err")
    rc=$?
    (cd / && env -u DISPLAY -u WAYLAND_DISPLAY -u LIFECYCLE_LAB_CHECK PATH="$prefix/bin:/usr/bin:/bin" \
        lifecycle-lab check "$work/Fixed.swift" >"$work/check-fixed.out" 2>"$work/check-fixed.err")
    rc_fixed=$?
    if [[ $rc -eq 1 ]] && grep -q "Toast.swift:9:[0-9]*: warning: .*\[task-never-cancelled\]$" "$work/check.out" \
        && [[ $rc_fixed -eq 0 && $(cat "$work/check-fixed.err") == "no findings in 1 file" ]]; then
        pass "installed app, no display: lifecycle-lab check finds the T1 bug (exit 1) and passes the fix (exit 0)"
    else
        cat "$work/check.out" "$work/check.err" "$work/check-fixed.out" "$work/check-fixed.err" >"$work/check.all"
        fail "installed app: lifecycle-lab check: exit $rc (bug), $rc_fixed (fix)" "$work/check.all"
    fi

    # Translations from the installed catalogue (share/locale): LANGUAGE=ja in a bare environment
    # (no LANG: the app uses C.UTF-8 for messages) and with LANG=C.UTF-8; English without it.
    env -i PATH="$prefix/bin:/usr/bin:/bin" LANGUAGE=ja lifecycle-lab --help >"$work/help-ja" 2>&1
    env -i PATH="$prefix/bin:/usr/bin:/bin" LANG=C.UTF-8 LANGUAGE=ja lifecycle-lab --help >"$work/help-ja-utf8" 2>&1
    env -i PATH="$prefix/bin:/usr/bin:/bin" LANG=C.UTF-8 lifecycle-lab --help >"$work/help-en" 2>&1
    if grep -q '^使い方: lifecycle-lab \[オプション…\]' "$work/help-ja" && grep -q 'オプション:' "$work/help-ja-utf8" \
        && grep -q '^Usage: lifecycle-lab' "$work/help-en"; then
        pass "installed app: LANGUAGE=ja lifecycle-lab --help prints Japanese (bare environment and LANG=C.UTF-8), English without LANGUAGE"
    else
        cat "$work/help-ja" "$work/help-ja-utf8" "$work/help-en" >"$work/help"; fail "installed app: --help under LANGUAGE=ja" "$work/help"
    fi

    # The same binary with no share/lifecycle-lab beside it: the warning this check looks for.
    mkdir -p "$work/bare/bin" && cp "$prefix/bin/lifecycle-lab" "$work/bare/bin/"
    (cd / && PATH="$work/bare/bin:$PATH" lifecycle-lab --page toast --screenshot "$work/bare.png" >/dev/null 2>"$work/bare.err")
    if grep -q "style sheet style.css not found" "$work/bare.err"; then
        pass "the binary alone, without share/lifecycle-lab: warns that style.css is not found (the check above can fail)"
    else
        fail "the binary alone did not warn about style.css" "$work/bare.err"
    fi
    (cd / && env -u LIFECYCLE_LAB_CHECK PATH="$work/bare/bin:$prefix/bin:$PATH" lifecycle-lab check "$work/Toast.swift" \
        >/dev/null 2>"$work/bare.err")
    rc=$?
    if [[ $rc -eq 2 ]] && grep -q "^lifecycle-lab check: the checker $work/bare/bin/lifecycle-lab-check is not installed" "$work/bare.err"; then
        pass "the binary alone: lifecycle-lab check says its checker is not beside it (exit 2), though PATH has one"
    else
        fail "the binary alone: lifecycle-lab check: exit $rc" "$work/bare.err"
    fi

    cp "$prefix/share/lifecycle-lab/install-manifest" "$work/manifest-1"
    scripts/run/install --prefix "$prefix" --no-build >"$work/install.log" 2>&1
    if diff <(grep -v '^#' "$work/manifest-1" | sort) <(grep -v '^#' "$prefix/share/lifecycle-lab/install-manifest" | sort) >"$work/diff"; then
        pass "installing again over it: the same manifest entries"
    else
        fail "installing again changed the manifest" "$work/diff"
    fi
    scripts/run/uninstall --prefix "$prefix" >"$work/uninstall.log" 2>&1
    if [[ ! -e $prefix ]]; then
        pass "scripts/run/uninstall --prefix DIR: DIR is gone ($(cat "$work/uninstall.log"))"
    else
        find "$prefix" >"$work/left"; fail "scripts/run/uninstall --prefix DIR left files" "$work/left"
    fi
else
    fail "scripts/run/install --prefix DIR" "$work/install.log"
fi

mkdir -p "$work/empty/share"
if scripts/run/uninstall --prefix "$work/empty" >"$work/refuse.log" 2>&1; then
    fail "scripts/run/uninstall without a manifest succeeded" "$work/refuse.log"
elif [[ -d $work/empty/share ]]; then
    pass "scripts/run/uninstall without a manifest: refuses ($(head -c 60 "$work/refuse.log")…), removes nothing"
else
    fail "scripts/run/uninstall without a manifest removed something"
fi

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
