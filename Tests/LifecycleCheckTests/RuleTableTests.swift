import LabModel
import Testing

@testable import LifecycleCheck

/// The rule table is complete and every rule's repro exists in the lab (SPEC T1–T7, B1, P1).
@Suite struct RuleTableTests {
    @Test func everyRuleHasItsWords() {
        for id in RuleID.allCases {
            let rule = Rule.all[id]
            #expect(rule != nil, "\(id)")
            #expect(rule?.message.isEmpty == false && rule?.why.isEmpty == false && rule?.fix.isEmpty == false)
            #expect(rule?.spec.isEmpty == false)
        }
        #expect(Rule.table.count == RuleID.allCases.count)
        #expect(Rule.table.map(\.id) == RuleID.allCases)
    }

    @Test("Every rule is checked by exactly one rule family")
    func everyRuleIsChecked() {
        let checked = Rule.checkedRules
        #expect(checked.count == Set(checked).count)
        #expect(Set(checked) == Set(RuleID.allCases))
    }

    @Test("Severities as the shared contract has them: only no-scene-phase is a note")
    func severities() {
        for id in RuleID.allCases {
            #expect(id.rule.severity == (id == .noScenePhase ? .note : .warning), "\(id)")
        }
    }

    @Test("Spec rows, live pages and strategies name what the lab has")
    func reprosExist() throws {
        let strategies = Set(LabCatalog.strategies.map(\.rawValue))
        for rule in Rule.table {
            for row in rule.spec { #expect(strategies.contains(row), "\(rule.id): \(row)") }
            let page = try #require(LabCatalog.page(named: rule.live.page), "\(rule.id): page \(rule.live.page)")
            let pageStrategies = Set(page.strategies.map(\.rawValue))
            #expect(pageStrategies.contains(rule.live.strategy), "\(rule.id)")
            #expect(pageStrategies.contains(rule.live.fix), "\(rule.id)")
            #expect(rule.why.contains("SPEC"), "\(rule.id): the why names its seed and SPEC row")
        }
    }

    /// A suppression silences only the rule it names, on its line or the line below.
    @Test func suppressionNamesItsRule() {
        let source = """
            Button("Send") {
                // lifecycle: ignore task-error-dropped
                Task { try await send() }
            }
            """
        #expect(Checker.check(source: source, path: "b.swift").map(\.rule) == [.taskNeverCancelled])
        let both = source.replacing("task-error-dropped", with: "task-error-dropped, task-never-cancelled")
        #expect(Checker.check(source: both, path: "b.swift").isEmpty)
    }

    /// The excerpt is the lines around the finding, as written.
    @Test func excerptSurroundsTheLine() throws {
        let source =
            (1...9).map { "// line \($0)" }.joined(separator: "\n") + "\nx.onAppear {\n    Task { await work() }\n}\n"
        let finding = try #require(Checker.check(source: source, path: "e.swift").first)
        #expect(finding.line == 11)
        #expect(finding.column == 5)
        #expect(finding.excerptStartLine == 9)
        #expect(finding.excerpt == "// line 9\nx.onAppear {\n    Task { await work() }\n}\n")
    }
}
