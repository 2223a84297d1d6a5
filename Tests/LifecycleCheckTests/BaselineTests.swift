import LifecycleCheckReport
import Testing

@testable import LifecycleCheck

/// `--write-baseline` and `--baseline`: today's findings accepted, only new ones reported, by
/// file, rule and line text, so code added above a finding does not make it new.
@Suite struct BaselineTests {
    static func finding(_ rule: RuleID, line: Int, text: String, path: String = "Sources/A.swift") -> Finding {
        let description = rule.rule
        return Finding(
            rule: rule, severity: description.severity, path: path, line: line, column: 5, message: "m",
            why: description.why, fix: description.fix, spec: description.spec, live: description.live,
            excerpt: Excerpt(startLine: line, text: "    " + text))
    }

    @Test("A baseline written reads back equal, one finding a line, paths from its own folder")
    func roundTrip() throws {
        let findings = [
            (Self.finding(.taskErrorDropped, line: 9, text: "Task { try await save() }"), "/repo/Sources/A.swift"),
            (Self.finding(.taskNeverCancelled, line: 3, text: "Task {"), "/repo/Sources/B.swift"),
        ]
        let baseline = Baseline(entries: findings.map { Baseline.entry($0.0, realPath: $0.1, relativeTo: "/repo") })
        #expect(baseline.entries.map(\.path) == ["Sources/A.swift", "Sources/B.swift"])
        #expect(baseline.entries.first?.line == "Task { try await save() }")
        let text = baseline.text
        #expect(text.split(separator: "\n").count == 4)
        #expect(try Baseline.parse(text, path: "b.json").entries.sorted { $0.path < $1.path } == baseline.entries)
    }

    @Test("Only findings not in the baseline are new; a moved line is not new; two alike count twice")
    func newFindings() {
        let old = Self.finding(.taskErrorDropped, line: 9, text: "Task { try await save() }")
        let baseline = Baseline(entries: [Baseline.entry(old, realPath: "/repo/Sources/A.swift", relativeTo: "/repo")])
        let moved = Self.finding(.taskErrorDropped, line: 30, text: "Task { try await save() }")
        let twin = Self.finding(.taskErrorDropped, line: 40, text: "Task { try await save() }")
        let other = Self.finding(.taskErrorDropped, line: 50, text: "Task { try await send() }")
        let fresh = baseline.newFindings(
            [(moved, "/repo/Sources/A.swift"), (twin, "/repo/Sources/A.swift"), (other, "/repo/Sources/A.swift")],
            relativeTo: "/repo")
        #expect(fresh.map(\.line) == [40, 50])
        let elsewhere = baseline.newFindings([(moved, "/repo/Sources/C.swift")], relativeTo: "/repo")
        #expect(elsewhere.map(\.line) == [30], "another file's finding is new")
    }

    @Test("A file that is not a baseline is refused, saying why")
    func refusesOtherFiles() {
        #expect(throws: Baseline.Problem.self) { try Baseline.parse("not json", path: "b.json") }
        #expect(
            throws: Baseline.Problem(
                message:
                    #"b.json: not a baseline of this checker (it wants "version": 1 and a "findings" list; write one with --write-baseline)"#
            )
        ) { try Baseline.parse(#"{"findings":[]}"#, path: "b.json") }
        #expect(
            throws: Baseline.Problem(message: #"b.json: findings[0] needs "path", "rule" and "line" strings"#)
        ) { try Baseline.parse(#"{"version":1,"findings":[{"path":"a"}]}"#, path: "b.json") }
    }
}
