import LabModel
import LifecycleCheckReport
import Testing

@testable import LifecycleCheck

/// Every rule's words are whole, its repro exists in the lab (SPEC T1–T7, B1, P1, P6), and the
/// severities are the ones the docs promise.
@Suite struct RuleDescriptionTests {
    @Test("Every rule has a description: its ID, words, and a rule behind it", arguments: RuleID.allCases)
    func wordsAreWhole(_ id: RuleID) {
        let rule = id.rule
        #expect(rule.id == id)
        #expect(!rule.name.isEmpty && !rule.message.isEmpty && !rule.why.isEmpty && !rule.fix.isEmpty)
        #expect(Checker.rules.map { $0.description.id } == RuleID.allCases)
    }

    @Test(
        "Notes are hints (overlapping-task-runs, task-outlives-view, try-optional-swallows-cancel, no-scene-phase, file-not-judged); the rest are warnings"
    )
    func severities() {
        let notes: Set<RuleID> = [
            .overlappingTaskRuns, .taskOutlivesView, .tryOptionalSwallowsCancel, .noScenePhase, .fileNotJudged,
        ]
        for id in RuleID.allCases {
            #expect(id.rule.severity == (notes.contains(id) ? .note : .warning), "\(id)")
        }
    }

    @Test("Spec rows, live pages and strategies name what the lab has", arguments: RuleID.allCases)
    func reprosExist(_ id: RuleID) throws {
        let rule = id.rule
        guard let live = rule.live else {
            #expect(id == .fileNotJudged, "\(id) has no live repro")
            return
        }
        let strategies = Set(LabCatalog.strategies.map(\.rawValue))
        for row in rule.spec { #expect(strategies.contains(row), "\(id): \(row)") }
        let page = try #require(LabCatalog.page(named: live.page), "\(id): page \(live.page)")
        let pageStrategies = Set(page.strategies.map(\.rawValue))
        #expect(pageStrategies.contains(live.strategy), "\(id)")
        #expect(pageStrategies.contains(live.fix), "\(id)")
        #expect(rule.why.contains("SPEC"), "\(id): the why names its seed and SPEC row")
    }

    @Test("The must-finish advice names the directive and says what Task.detached changes")
    func mustFinishAdvice() {
        let fix = RuleID.taskNeverCancelled.rule.fix
        #expect(fix.contains("// lifecycle: must-finish"))
        #expect(fix.contains("Task.detached") && fix.contains("main actor"))
    }

    /// A suppression silences only the rule it names, on its line or the line below.
    @Test func suppressionNamesItsRule() {
        let source = """
            struct Send: View {
                @State private var query = ""
                @State private var result = ""
                var body: some View {
                    Button("Send") {
                        // lifecycle: ignore task-error-dropped
                        Task { result = try await send(query) }
                    }
                }
            }
            """
        #expect(Checker.check(source: source, path: "b.swift").map(\.rule) == [.overlappingTaskRuns])
        let both = source.replacing("task-error-dropped", with: "task-error-dropped, overlapping-task-runs")
        #expect(Checker.check(source: both, path: "b.swift").isEmpty)
    }

    /// A rule turned off does not run; a severity the configuration sets is the finding's.
    @Test func ruleSetDisablesAndSetsSeverities() {
        let source = "Button(\"Go\") { Task { try await go() } }"
        #expect(Checker.check(source: source, path: "a.swift").map(\.rule) == [.taskErrorDropped])
        var rules = RuleSet()
        rules.severities[.taskErrorDropped] = .note
        #expect(Checker.check(source: source, path: "a.swift", rules: rules).map(\.severity) == [.note])
        rules.disabled.insert(.taskErrorDropped)
        #expect(Checker.check(source: source, path: "a.swift", rules: rules).isEmpty)
        #expect(!rules.summaries.contains { $0.id == .taskErrorDropped })
        #expect(rules.summaries.count == RuleID.allCases.count - 1)
    }

    /// The excerpt is the lines around the finding, as written.
    @Test func excerptSurroundsTheLine() throws {
        let source =
            (1...9).map { "// line \($0)" }.joined(separator: "\n")
            + "\nx.task {\n    Task { while true { await poll() } }\n}\n"
        let finding = try #require(Checker.check(source: source, path: "e.swift").first)
        #expect(finding.line == 11)
        #expect(finding.column == 5)
        #expect(finding.excerpt.startLine == 9)
        #expect(finding.excerpt.text == "// line 9\nx.task {\n    Task { while true { await poll() } }\n}\n")
    }
}
