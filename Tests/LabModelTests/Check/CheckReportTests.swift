import LabJSON
import LabModel
import LifecycleCheckReport
import Testing

/// The Check page's reading of `lifecycle-lab-check --format json` (the checker's contract),
/// its exit statuses, which run's answer counts, and how the findings are listed. The live
/// repros named are SPEC rows: T1 → T4 (toast), B1 → B2 (button), T3 → T2, P1 → P2.
@Suite("Check page: the checker's report")
struct CheckReportTests {
    static func finding(
        rule: String = "task-never-cancelled", severity: String = "warning", path: String = "/src/App/Toast.swift",
        line: Int = 12, live: String = #"{"page":"toast","strategy":"T1","fix":"T4"}"#
    ) -> String {
        #"{"rule":"\#(rule)","severity":"\#(severity)","path":"\#(path)","line":\#(line),"column":9,"message":"Task started in onAppear is never cancelled","why":"The view can go while the task runs on.","fix":"Use .task { } instead.","spec":["T1","B1"],"live":\#(live),"excerpt":{"startLine":10,"text":"    .onAppear {\n        Task {\n            try? await Task.sleep(for: .seconds(3))"}}"#
    }

    static func document(findings: [String], errors: String = "[]", files: Int = 3) -> String {
        #"{"tool":{"name":"lifecycle-lab check","version":"1.0.0"},"files":\#(files),"findings":[\#(findings.joined(separator: ","))],"errors":\#(errors)}"#
    }

    @Test("T1, B1: a report of the contract's shape is read whole")
    func readsReport() throws {
        let text = Self.document(
            findings: [
                Self.finding(),
                Self.finding(
                    rule: "task-error-dropped", path: "/src/App/Work.swift", line: 4,
                    live: #"{"page":"button","strategy":"B1","fix":"B2"}"#),
            ], errors: #"[{"path":"/src/App/Bad.swift","message":"cannot read: Permission denied"}]"#)
        let report = try CheckReport.decode(text)
        #expect(CheckReport.toolName == "lifecycle-lab check")
        #expect(report.toolVersion == "1.0.0")
        #expect(report.files == 3)
        #expect(report.findings.count == 2)
        #expect(report.warnings.count == 2)
        let first = report.findings[0]
        #expect(first.rule == .taskNeverCancelled)
        #expect(first.severity == .warning)
        #expect(first.path == "/src/App/Toast.swift")
        #expect((first.line, first.column) == (12, 9))
        #expect(first.message == "Task started in onAppear is never cancelled")
        #expect(first.why == "The view can go while the task runs on.")
        #expect(first.fix == "Use .task { } instead.")
        #expect(first.spec == ["T1", "B1"])
        #expect(first.live == LiveRepro(page: "toast", strategy: "T1", fix: "T4"))
        #expect(first.excerpt.startLine == 10)
        #expect(first.excerpt.numberedLines.map(\.number) == [10, 11, 12])
        #expect(first.excerpt.numberedLines[2].text == "            try? await Task.sleep(for: .seconds(3))")
        #expect(
            report.errors == [InputError(path: "/src/App/Bad.swift", message: "cannot read: Permission denied")])
    }

    @Test("T1 → T4 is a toast comparison; B1 → B2 shows live but compares nothing; an unknown page neither")
    func liveRepros() {
        let toast = LiveRepro(page: "toast", strategy: "T1", fix: "T4")
        #expect(toast.pageDescriptor?.id == .toast)
        #expect(toast.strategyID?.rawValue == "T1")
        #expect(toast.toastComparison.map { [$0.bug, $0.fix] } == [ToastStrategyID.t1, .t4])
        let button = LiveRepro(page: "button", strategy: "b1", fix: "B2")
        #expect(button.strategyID?.rawValue == "B1")
        #expect(button.fixID?.rawValue == "B2")
        #expect(button.toastComparison == nil)
        let scene = LiveRepro(page: "scene", strategy: "P1", fix: "P2")
        #expect(scene.pageDescriptor?.id == .scenePhase)
        let elsewhere = LiveRepro(page: "settings", strategy: "X1", fix: "X2")
        #expect(elsewhere.pageDescriptor == nil)
        #expect(elsewhere.strategyID == nil)
        #expect(LiveRepro(page: "toast", strategy: "B1", fix: "T4").toastComparison == nil)
    }

    /// Documents of the wrong shape, and the field and problem each error must name.
    static let misshapen: [(text: String, error: String)] = [
        ("[]", "the document should be an object, not an array"),
        (#"{"files":1,"findings":[],"errors":[]}"#, "tool is missing"),
        (
            #"{"tool":{"name":"eslint","version":"9"},"files":1,"findings":[],"errors":[]}"#,
            #"tool.name is "eslint", not "lifecycle-lab check""#
        ),
        (#"{"tool":{"name":"lifecycle-lab check"},"files":1,"findings":[],"errors":[]}"#, "tool.version is missing"),
        (
            document(findings: []).replacingFirst(#""files":3"#, with: #""files":"3""#),
            "files should be an integer, not a string"
        ),
        (
            document(findings: []).replacingFirst(#""files":3"#, with: #""files":-1"#),
            "files should be 0 or more, not -1"
        ),
        (
            document(findings: []).replacingFirst(#""files":3"#, with: #""files":2.5"#),
            "files should be an integer, not a number"
        ),
        (
            document(findings: []).replacingFirst(#""findings":[]"#, with: #""findings":{}"#),
            "findings should be an array, not an object"
        ),
        (document(findings: ["1"]), "findings[0] should be an object, not an integer"),
        (
            document(findings: [finding(severity: "fatal")]),
            #"findings[0].severity is "fatal", not error, warning or note"#
        ),
        (
            document(findings: [finding(rule: "no-such-rule")]),
            #"findings[0].rule is "no-such-rule", not a rule of this checker"#
        ),
        (document(findings: [finding(), finding(line: 0)]), "findings[1].line should be 1 or more, not 0"),
        (document(findings: [finding().replacingFirst(#""column":9,"#, with: "")]), "findings[0].column is missing"),
        (
            document(findings: [finding().replacingFirst(#""spec":["T1","B1"]"#, with: #""spec":["T1",1]"#)]),
            "findings[0].spec[1] should be a string, not an integer"
        ),
        (document(findings: [finding(live: #"{"page":"toast","strategy":"T1"}"#)]), "findings[0].live.fix is missing"),
        (document(findings: [finding(live: "3")]), "findings[0].live should be an object, not an integer"),
        (
            document(findings: [finding().replacingFirst(#""startLine":10"#, with: #""startLine":true"#)]),
            "findings[0].excerpt.startLine should be an integer, not a boolean"
        ),
        (document(findings: [], errors: #"[{"path":"a.swift"}]"#), "errors[0].message is missing"),
        (document(findings: []).replacingFirst(#","errors":[]"#, with: ""), "errors is missing"),
    ]

    @Test("a document of another shape is refused, naming the field and what is wrong", arguments: misshapen.indices)
    func refusesMisshapen(_ index: Int) {
        let (text, expected) = Self.misshapen[index]
        #expect(throws: CheckReportError.self) { try CheckReport.decode(text) }
        do {
            _ = try CheckReport.decode(text)
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test("output that is not JSON is refused with the reader's place and reason")
    func refusesNonJSON() {
        #expect(throws: CheckReportError.notJSON(JSONReadError(.empty, line: 1, column: 1))) {
            try CheckReport.decode("")
        }
        #expect(throws: CheckReportError.notJSON(JSONReadError(.trailingContent, line: 1, column: 3))) {
            try CheckReport.decode("{}\u{0}")
        }
    }

    // MARK: Exit statuses

    static let clean = document(findings: [], files: 5)

    @Test("exit 0 and 1 read the report; exit 2 reads it when there is one (unreadable files), else fails")
    func exitStatuses() throws {
        #expect(try CheckOutcome.interpret(exit: .exited(0), stdout: Self.clean, stderr: "").get().files == 5)
        let found = Self.document(findings: [Self.finding()])
        #expect(try CheckOutcome.interpret(exit: .exited(1), stdout: found, stderr: "").get().findings.count == 1)
        let withErrors = Self.document(
            findings: [], errors: #"[{"path":"/src/Bad.swift","message":"cannot read: Permission denied"}]"#)
        let report = try CheckOutcome.interpret(
            exit: .exited(2), stdout: withErrors,
            stderr: "lifecycle-lab check: /src/Bad.swift: cannot read: Permission denied\n"
        ).get()
        #expect(report.errors.map(\.path) == ["/src/Bad.swift"])
        let usage = "lifecycle-lab check: unknown option '--frob'\n"
        #expect(
            CheckOutcome.interpret(exit: .exited(2), stdout: "", stderr: usage)
                == .failure(.stopped(.exited(2), stderr: usage)))
    }

    @Test("a signal, an unknown status or unreadable output is a failure that says what to do")
    func failures() {
        #expect(
            CheckOutcome.interpret(exit: .killed(signal: 11), stdout: "", stderr: "")
                == .failure(.stopped(.killed(signal: 11), stderr: "")))
        #expect(
            CheckOutcome.interpret(exit: .exited(3), stdout: Self.clean, stderr: "")
                == .failure(.stopped(.exited(3), stderr: "")))
        let garbage = CheckOutcome.interpret(
            exit: .exited(0), stdout: "Usage: something else", stderr: "oops\nlast words\n")
        guard case .failure(let failure) = garbage, case .unreadableOutput(.notJSON, _) = failure else {
            Issue.record("expected unreadable output, got \(garbage)")
            return
        }
        #expect(failure.title == "The checker's answer could not be read")
        #expect(failure.explanation.contains("line 1, column 1: expected a value, found 'U'"))
        #expect(failure.explanation.hasSuffix("\nIt said: last words"))
        let missing = CheckFailure.checkerMissing(path: "/opt/lab/lifecycle-lab-check", fromEnvironment: false)
        #expect(missing.title == "The checker is missing")
        #expect(missing.explanation.contains("/opt/lab/lifecycle-lab-check"))
        #expect(missing.explanation.contains("swift build --product lifecycle-lab-check"))
        let named = CheckFailure.checkerMissing(path: "/nowhere/check", fromEnvironment: true)
        #expect(named.explanation.hasPrefix("LIFECYCLE_LAB_CHECK names /nowhere/check"))
        let stopped = CheckFailure.stopped(.killed(signal: 9), stderr: "")
        #expect(stopped.explanation.contains("signal 9"))
    }

    // MARK: Runs

    @Test("a second open makes the first run stale: its answer is ignored, the newest one shown")
    func session() {
        var session = CheckSession()
        #expect(session.state == .idle)
        let first = session.start(paths: ["/a"])
        let second = session.start(paths: ["/b"])
        #expect(first == 1 && second == 2)
        let staleCounted = session.finish(first, with: .failure(.stopped(.killed(signal: 9), stderr: "")))
        #expect(!staleCounted)
        #expect(session.state == .running(paths: ["/b"]))
        let report = CheckReport(files: 1, findings: [], errors: [], toolVersion: "1.0.0")
        let counted = session.finish(second, with: .success(report))
        #expect(counted)
        #expect(session.state == .done(report, paths: ["/b"]))
        let again = session.finish(second, with: .success(report))
        #expect(!again, "a run finishes once")
        #expect(session.paths == ["/b"])
        let stoppedNothing = session.stop()
        #expect(!stoppedNothing, "nothing runs")
        let third = session.start(paths: ["/c"])
        let stopped = session.stop()
        #expect(stopped)
        #expect(session.state == .idle && session.paths.isEmpty)
        let afterStop = session.finish(third, with: .success(report))
        #expect(!afterStop, "a stopped run's answer is ignored")
    }

    // MARK: Listing

    @Test("warnings first, then notes, each grouped by file in the report's order, paths relative to the folder opened")
    func listing() throws {
        let text = Self.document(findings: [
            Self.finding(path: "/src/App/Views/Toast.swift", line: 3),
            Self.finding(rule: "no-scene-phase", severity: "note", path: "/src/App/Views/Toast.swift", line: 20),
            Self.finding(path: "/src/App/Work.swift", line: 4),
            Self.finding(path: "/elsewhere/Other.swift", line: 1),
        ])
        let report = try CheckReport.decode(text)
        // The report's order is by path: /elsewhere first.
        #expect(report.findings.map(\.line) == [1, 3, 20, 4])
        let listing = CheckListing(report: report, base: "/src/App")
        #expect(
            listing.groups.map(\.displayPath)
                == ["/elsewhere/Other.swift", "Views/Toast.swift", "Work.swift", "Views/Toast.swift"])
        #expect(listing.groups.map(\.part) == [.warnings, .warnings, .warnings, .notes])
        #expect(listing.groups.map(\.findings) == [[0], [1], [3], [2]])
        #expect(
            listing.rows == [
                .part(.warnings), .file(0), .finding(0), .file(1), .finding(1), .file(2), .finding(3),
                .part(.notes), .file(3), .finding(2),
            ])
        #expect(listing.rowIDs.prefix(3) == ["part-warnings", "file-0", "finding-0"])
        for row in listing.rows { #expect(listing.row(id: CheckListing.id(row)) == row) }
        #expect(listing.row(id: "finding-99") == nil)
        #expect(listing.row(id: "part-other") == nil)
        #expect(listing.row(id: "other") == nil)
        #expect(listing.displayPath(of: 3) == "Work.swift")
        #expect(listing.count(of: .warnings) == 3 && listing.count(of: .notes) == 1)
        #expect(listing.summary == "3 warnings and 1 note in 3 files")
        let clean = CheckListing(report: try CheckReport.decode(Self.clean), base: "/src")
        #expect(clean.rows.isEmpty)
        #expect(clean.summary == "No findings in 5 files")
        let one = CheckListing(
            report: try CheckReport.decode(Self.document(findings: [Self.finding()], files: 1)), base: "")
        #expect(one.summary == "1 warning in 1 file")
        #expect(one.groups[0].displayPath == "/src/App/Toast.swift")
    }

    @Test("the folder paths are shown from: a folder is its own, a file's is its folder, several share one")
    func base() {
        let folders: Set<String> = ["/home/me/App", "/home/me/App/Sources", "/home/me/Other"]
        let isFolder = { (path: String) in folders.contains(path) }
        #expect(CheckListing.base(of: ["/home/me/App"], isFolder: isFolder) == "/home/me/App")
        #expect(CheckListing.base(of: ["/home/me/App/Main.swift"], isFolder: isFolder) == "/home/me/App")
        #expect(
            CheckListing.base(of: ["/home/me/App/Sources", "/home/me/App/Main.swift"], isFolder: isFolder)
                == "/home/me/App")
        #expect(CheckListing.base(of: ["/home/me/App", "/home/me/Other"], isFolder: isFolder) == "/home/me")
        #expect(CheckListing.base(of: ["/home/me/App", "/tmp/x.swift"], isFolder: isFolder) == "/")
        #expect(CheckListing.base(of: [], isFolder: isFolder) == "")
        #expect(CheckListing.relative("/home/me/App/A.swift", to: "/home/me/App") == "A.swift")
        #expect(CheckListing.relative("/home/me/Apple/A.swift", to: "/home/me/App") == "/home/me/Apple/A.swift")
        #expect(CheckListing.relative("/x/A.swift", to: "/") == "x/A.swift")
        #expect(CheckListing.relative("A.swift", to: "") == "A.swift")
    }
}

extension String {
    /// The text with the first `target` replaced (fixtures built by editing a good document).
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        let characters = Array(self)
        let wanted = Array(target)
        guard !wanted.isEmpty, wanted.count <= characters.count else { return self }
        for start in 0...(characters.count - wanted.count)
        where Array(characters[start..<start + wanted.count]) == wanted {
            return String(characters[..<start]) + replacement + String(characters[(start + wanted.count)...])
        }
        return self
    }
}
