import Testing

@testable import LifecycleCheck

/// The checker's output formats and exit statuses (docs/check.md).
@Suite struct FormatTests {
    /// A T1 finding (SPEC T1: `onAppear { Task { … } }`), as the rules report it.
    static func t1(path: String = "Sources/Toast.swift", line: Int = 9, column: Int = 17) -> Finding {
        Finding(
            rule: .taskNeverCancelled, path: path, line: line, column: column,
            excerpt:
                "            .onAppear {\n                Task {\n                    try? await Task.sleep(for: .seconds(3))",
            excerptStartLine: line - 1)
    }

    @Test func jsonStringsAreEscapedAndStayUTF8() {
        #expect(CheckJSON.quoted("a\"b\\c") == #""a\"b\\c""#)
        #expect(CheckJSON.quoted("line\nnext\ttab\r") == #""line\nnext\ttab\r""#)
        #expect(CheckJSON.quoted("\u{01}\u{08}\u{0C}\u{1F}\u{7F}") == #""\u0001\b\f\u001f\u007f""#)
        #expect(CheckJSON.quoted("\u{2028}\u{2029}") == #""\u2028\u2029""#)
        #expect(CheckJSON.quoted("トースト ü 🍞") == "\"トースト ü 🍞\"")
    }

    @Test func aReportWithoutFindingsHasTheDocumentedShape() {
        let report = CheckReport(
            files: 2, findings: [], errors: [InputError(path: "Bad \"1\".swift", message: "not UTF-8 text")])
        #expect(
            report.json()
                == #"{"tool":{"name":"lifecycle-lab check","version":"1.0.0"},"files":2,"findings":[],"errors":[{"path":"Bad \"1\".swift","message":"not UTF-8 text"}]}"#
                + "\n")
        #expect(report.text(explain: true) == "")
        let sarif = report.sarif()
        #expect(
            sarif.hasPrefix(
                #"{"$schema":"https://json.schemastore.org/sarif-2.1.0.json","version":"2.1.0","runs":[{"tool":{"driver":{"name":"lifecycle-lab check","version":"1.0.0","rules":["#
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
        if case .object(let members) = CheckReport.artifact("./Sources/A.swift") {
            #expect(members.map { $0.0 } == ["uri", "uriBaseId"])
            if case .string(let uri) = members[0].1 { #expect(uri == "Sources/A.swift") }
        } else {
            Issue.record("not an object")
        }
        if case .object(let members) = CheckReport.artifact("/work/A b.swift") {
            #expect(members.map { $0.0 } == ["uri"])
            if case .string(let uri) = members[0].1 { #expect(uri == "file:///work/A%20b.swift") }
        } else {
            Issue.record("not an object")
        }
    }

    @Test
    func findingsAreOrderedByPathLineColumnAndWarningsExit1() {
        let report = CheckReport(
            files: 2, findings: [Self.t1(path: "b.swift"), Self.t1(line: 20), Self.t1(line: 9, column: 3), Self.t1()])
        #expect(
            report.findings.map { "\($0.path):\($0.line):\($0.column)" } == [
                "Sources/Toast.swift:9:3", "Sources/Toast.swift:9:17", "Sources/Toast.swift:20:17", "b.swift:9:17",
            ])
        #expect(report.exitStatus == 1)
        #expect(report.summary == "4 findings in 2 files")
        let withError = CheckReport(files: 1, findings: [Self.t1()], errors: [InputError(path: "x", message: "m")])
        #expect(withError.exitStatus == 2)
    }

    @Test
    func aNoteAloneExits0() {
        let note = Finding(rule: .noScenePhase, path: "a.swift", line: 3, column: 5, excerpt: "x", excerptStartLine: 3)
        #expect(CheckReport(files: 1, findings: [note]).exitStatus == 0)
    }

    @Test
    func textLineIsCompilerStyle() {
        let rule = RuleID.taskNeverCancelled.rule
        let text = CheckReport(files: 1, findings: [Self.t1()]).text(explain: false)
        #expect(
            text
                == "Sources/Toast.swift:9:17: warning: [task-never-cancelled] \(rule.message) (SPEC \(rule.spec.joined(separator: ", ")); see it live: lifecycle-lab --page \(rule.live.page) --strategy \(rule.live.strategy))\n"
        )
        let explained = CheckReport(files: 1, findings: [Self.t1()]).text(explain: true)
        #expect(explained.hasPrefix(text))
        #expect(explained.contains("\n    why: "))
        #expect(explained.contains("\n    fix: "))
    }

    @Test
    func jsonFindingKeysInOrder() {
        let json = CheckReport(files: 1, findings: [Self.t1()]).json()
        let keys = [
            "rule", "severity", "path", "line", "column", "message", "why", "fix", "spec", "live", "excerpt",
        ]
        var last = json.startIndex
        for key in keys {
            let range = json[last...].firstRange(of: "\"\(key)\":")
            #expect(range != nil, "\(key)")
            if let range { last = range.upperBound }
        }
        #expect(json.contains(#""line":9,"column":17,"#))
        #expect(json.contains(#""excerpt":{"startLine":8,"text":"            .onAppear {\n                Task {\n"#))
    }

    @Test
    func sarifResultPointsAtItsRuleAndLine() {
        let sarif = CheckReport(files: 1, findings: [Self.t1()]).sarif()
        let index = RuleID.allCases.compactMap { Rule.all[$0] }.firstIndex { $0.id == .taskNeverCancelled }!
        #expect(sarif.contains(#"{"ruleId":"task-never-cancelled","ruleIndex":\#(index),"level":"warning","#))
        #expect(
            sarif.contains(#""region":{"startLine":9,"startColumn":17,"snippet":{"text":"                Task {"}}"#))
        #expect(sarif.contains(#""contextRegion":{"startLine":8,"endLine":10,"#))
    }
}
