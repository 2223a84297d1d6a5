import Gettext
import LifecycleTasks
import Testing

@testable import LabModel

/// Seconds as a context time (the hand-built timelines start at t = 0).
func at(_ seconds: Double) -> Duration { .milliseconds(Int((seconds * 1_000).rounded())) }

/// A judge's checks as "✓ name" or "✗ name", in order: the exact outcome, compactly.
func outcome(_ checks: [ScenarioVerdict.Expectation]) -> [String] {
    checks.map { ($0.passed ? "✓ " : "✗ ") + $0.name }
}

/// A task of a hand-built timeline. Its name is not one a strategy gives: a judge reads the
/// kind, so a reworded name changes no verdict.
func task(
    _ id: Int, _ kind: TaskKind, start: Double, stop: Double? = nil, state: TaskState = .finished,
    detached: Bool = false
) -> TaskSpan {
    TaskSpan(
        id: id, name: "renamed \(kind)", kind: kind, start: at(start), stop: stop.map(at),
        end: state.isLive ? nil : stop.map(at), state: state, isDetached: detached)
}

/// A flag of a hand-built timeline, raised at `t` and cleared at `until`.
func flag(_ flag: TaskFlag, on task: Int, t: Double, until: Double?) -> FlagSpan {
    FlagSpan(task: task, name: "task", strategy: "", owner: "view", flag: flag, t: t, until: until)
}

/// Lines of a hand-built timeline.
func lines<Line: ScreenLine>(_ type: Line.Type, _ entries: (Double, Line)...) -> [TimedLine] {
    entries.map { TimedLine(time: at($0.0), line: $0.1) }
}

@Suite("Check IDs: the English name in the JSON is the message its title translates")
struct CheckIDTests {
    @Test(
        "T1–T8, B1–B3, P1–P6, I1: every check a headless repro makes is a message of the template, and its title its translation",
        arguments: allStrategies)
    @MainActor
    func checksAreMessages(_ id: AnyStrategyID) async throws {
        let template = try ExpectationNameCatalogueTests.templateMessages()
        let (verdict, _) = await headless(id)
        for check in verdict.checks {
            let name =
                check.name.hasPrefix(ScenarioVerdict.Expectation.schedulePrefix)
                ? String(check.name.dropFirst(ScenarioVerdict.Expectation.schedulePrefix.count)) : check.name
            #expect(template.contains(name), "\(id): \(name) is not in po/lifecycle-lab.pot")
        }
        let names = verdict.checks.map(\.name)
        #expect(Set(names).count == names.count, "\(id): two checks share a name")
    }

    @Test("A verdict shows a check by its title; a schedule check inside its frame; an unknown name as it is")
    func displayNames() {
        func check(_ name: String) -> ScenarioVerdict.Expectation {
            .init(name: name, expected: "", observed: "", passed: true)
        }
        #expect(check("hides in the run").displayName == ToastExpectation.hidesInRun.title)
        #expect(
            check(ScenarioVerdict.Expectation.schedulePrefix + ButtonExpectation.scheduleThrowingExecRan.name)
                .displayName
                == tr("schedule: %{condition}", ["condition": ButtonExpectation.scheduleThrowingExecRan.title]))
        #expect(check("no such check").displayName == "no such check")
    }

    @Test(
        "SPEC §5: every task a repro starts carries a kind, which the judges read instead of its name",
        arguments: allStrategies)
    @MainActor
    func everyTaskHasAKind(_ id: AnyStrategyID) async {
        let (_, host) = await headless(id)
        let records = host.context.registry.records
        #expect(!records.isEmpty, "\(id) started no task")
        let unkinded = records.filter { $0.kind == nil }.map(\.name)
        #expect(unkinded.isEmpty, "\(id): \(unkinded) carry no kind")
    }

    @Test("SPEC §5: a flag reads as the verdict's JSON has it; a line as the screen shows it")
    func flagsAndLines() {
        #expect(TaskFlag.allCases.map(\.rawValue) == ["orphan", "retains owner"])
        #expect(
            ButtonLine.execStart(2).text == "exec #2 start"
                && ServerLine.status(Server("beta"), "Online").text == "beta: Online")
    }
}
