import LabJSON
import Testing

@testable import LifecycleCheck
@testable import LifecycleCheckReport

/// The checker's output formats and exit statuses (docs/check.md).
@Suite struct FormatTests {
    /// A T1 finding (SPEC T1: `onAppear { Task { … } }`), as the rules report it.
    static func t1(path: String = "Sources/Toast.swift", line: Int = 9, column: Int = 17) -> Finding {
        let rule = RuleID.taskNeverCancelled.rule
        return Finding(
            rule: .taskNeverCancelled, severity: .warning, path: path, line: line, column: column,
            message: "`Task` started in `onAppear` is never cancelled", why: rule.why, fix: rule.fix, spec: rule.spec,
            live: rule.live,
            excerpt: Excerpt(
                startLine: line - 1,
                text:
                    "            .onAppear {\n                Task {\n                    try? await Task.sleep(for: .seconds(3))"
            ))
    }

    static func note(path: String = "a.swift") -> Finding {
        let rule = RuleID.noScenePhase.rule
        return Finding(
            rule: .noScenePhase, severity: .note, path: path, line: 3, column: 5, message: rule.message, why: rule.why,
            fix: rule.fix, spec: rule.spec, live: rule.live, excerpt: Excerpt(startLine: 3, text: "x"))
    }

    @Test func aReportWithoutFindingsHasTheDocumentedShape() {
        let report = CheckReport(
            files: 2, findings: [], errors: [InputError(path: "Bad \"1\".swift", message: "not UTF-8 text")],
            rules: RuleSet().summaries)
        #expect(
            report.json()
                == #"{"tool":{"name":"lifecycle-lab check","version":"2.0.0"},"files":2,"findings":[],"errors":[{"path":"Bad \"1\".swift","message":"not UTF-8 text"}]}"#
                + "\n")
        #expect(report.text(explain: true) == "")
        let sarif = report.sarif()
        #expect(
            sarif.hasPrefix(
                #"{"$schema":"https://json.schemastore.org/sarif-2.1.0.json","version":"2.1.0","runs":[{"tool":{"driver":{"name":"lifecycle-lab check","version":"2.0.0","rules":["#
            ))
        #expect(sarif.contains(#""executionSuccessful":false"#))
        #expect(sarif.contains(#""artifactLocation":{"uri":"Bad%20%221%22.swift","uriBaseId":"%SRCROOT%"}"#))
        #expect(sarif.hasSuffix(#""results":[]}]}"# + "\n"))
    }

    @Test func exitStatusAndSummaryWithoutFindings() {
        #expect(CheckReport(files: 3, findings: []).exitStatus == 0)
        #expect(CheckReport(files: 3, findings: []).summary == "no findings in 3 files")
        #expect(CheckReport(files: 1, findings: []).summary == "no findings in 1 file")
        let bad = CheckReport(
            files: 0, findings: [], errors: [InputError(path: "x", message: "no such file or folder")])
        #expect(bad.exitStatus == 2)
        #expect(bad.errors[0].line == "lifecycle-lab check: x: no such file or folder")
    }

    @Test func sarifURIs() {
        #expect(CheckReport.percentEncoded("Sources/A b/ü:x.swift") == "Sources/A%20b/%C3%BC%3Ax.swift")
        #expect(
            CheckReport.artifact("./Sources/A.swift")
                == .object(["uri": .string("Sources/A.swift"), "uriBaseId": .string("%SRCROOT%")]))
        #expect(CheckReport.artifact("/work/A b.swift") == .object(["uri": .string("file:///work/A%20b.swift")]))
    }

    @Test
    func findingsAreOrderedByPathLineColumnAndWarningsExit1() {
        let report = CheckReport(
            files: 2,
            findings: [
                Self.t1(path: "b.swift"), Self.t1(line: 20), Self.t1(line: 9, column: 3), Self.t1(), Self.note(),
            ])
        #expect(
            report.findings.map { "\($0.path):\($0.line):\($0.column)" } == [
                "Sources/Toast.swift:9:3", "Sources/Toast.swift:9:17", "Sources/Toast.swift:20:17", "a.swift:3:5",
                "b.swift:9:17",
            ])
        #expect(report.exitStatus == 1)
        #expect(report.summary == "4 warnings and 1 note in 2 files")
        #expect(report.warnings.count == 4 && report.notes.count == 1)
        let withError = CheckReport(files: 1, findings: [Self.t1()], errors: [InputError(path: "x", message: "m")])
        #expect(withError.exitStatus == 2)
    }

    @Test func notesAloneExit0AndAnErrorSeverityFails() {
        #expect(CheckReport(files: 1, findings: [Self.note()]).exitStatus == 0)
        #expect(CheckReport(files: 1, findings: [Self.note()]).summary == "1 note in 1 file")
        var error = Self.t1()
        error.severity = .error
        #expect(CheckReport(files: 1, findings: [error]).exitStatus == 1)
    }

    @Test("The compiler-style line is path:line:column: severity: message [rule]; --explain adds why, fix, lab")
    func textLineIsCompilerStyle() {
        let text = CheckReport(files: 1, findings: [Self.t1()]).text(explain: false)
        #expect(
            text
                == "Sources/Toast.swift:9:17: warning: `Task` started in `onAppear` is never cancelled [task-never-cancelled]\n"
        )
        #expect(!text.contains("SPEC") && !text.contains("lifecycle-lab --page"))
        let explained = CheckReport(files: 1, findings: [Self.t1()]).text(explain: true)
        #expect(explained.hasPrefix(text))
        #expect(explained.contains("\n    why: "))
        #expect(explained.contains("\n    fix: "))
        #expect(
            explained.contains(
                "\n    in the lab: SPEC T1, B1; see it live: lifecycle-lab --page toast --strategy T1; the fix: lifecycle-lab --page toast --strategy T2\n"
            ))
    }

    @Test("JSON: each finding's keys in the documented order, read back whole by decode")
    func jsonRoundTrip() throws {
        let report = CheckReport(files: 2, findings: [Self.t1(), Self.note()], rules: RuleSet().summaries)
        let json = report.json()
        let keys = [
            "rule", "severity", "path", "line", "column", "message", "why", "fix", "spec", "live", "excerpt", "fixIt",
        ]
        var last = json.startIndex
        for key in keys {
            let range = json[last...].firstRange(of: "\"\(key)\":")
            #expect(range != nil, "\(key)")
            if let range { last = range.upperBound }
        }
        #expect(json.contains(#""line":9,"column":17,"#))
        let decoded = try CheckReport.decode(json)
        #expect(decoded.findings == report.findings)
        #expect(decoded.files == 2 && decoded.errors.isEmpty)
    }

    @Test("A finding with no live repro is null in JSON and has no live property in SARIF")
    func noLiveRepro() throws {
        var finding = Self.note()
        finding.rule = .fileNotJudged
        finding.live = nil
        let report = CheckReport(files: 1, findings: [finding], rules: RuleSet().summaries)
        #expect(report.json().contains(#""live":null,"#))
        #expect(try CheckReport.decode(report.json()).findings.first?.live == nil)
        #expect(!report.sarif().contains(#""properties":{"spec":[],"live""#))
    }

    @Test
    func sarifResultPointsAtItsRuleAndLine() {
        var rules = RuleSet()
        rules.disabled.insert(.taskOutlivesView)
        let sarif = CheckReport(files: 1, findings: [Self.t1()], rules: rules.summaries).sarif()
        let index = rules.summaries.firstIndex { $0.id == .taskNeverCancelled }!
        #expect(sarif.contains(#"{"ruleId":"task-never-cancelled","ruleIndex":\#(index),"level":"warning","#))
        #expect(
            sarif.contains(#""region":{"startLine":9,"startColumn":17,"snippet":{"text":"                Task {"}}"#))
        #expect(sarif.contains(#""contextRegion":{"startLine":8,"endLine":10,"#))
        #expect(!sarif.contains(#""id":"task-outlives-view""#), "a disabled rule is not listed")
    }

    @Test("A decode names the field a report of another shape gets wrong")
    func decodeRefusesOtherShapes() {
        let good = CheckReport(files: 1, findings: [Self.t1()]).json()
        let unknownRule = good.replacingOccurrences(of: "task-never-cancelled", with: "no-such-rule")
        #expect(
            throws: CheckReportError.shape(
                path: "findings[0].rule", problem: #"is "no-such-rule", not a rule of this checker"#)
        ) {
            try CheckReport.decode(unknownRule)
        }
        let badSeverity = good.replacingOccurrences(of: #""severity":"warning""#, with: #""severity":"fatal""#)
        #expect(
            throws: CheckReportError.shape(
                path: "findings[0].severity", problem: #"is "fatal", not error, warning or note"#)
        ) {
            try CheckReport.decode(badSeverity)
        }
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        replacing(target, with: replacement)
    }
}
