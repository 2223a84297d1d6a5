import LabModel
import LifecycleCheckReport
import Testing

@testable import LifecycleCheck

/// The SwiftUI each strategy stands for (`swiftUIShape`, the code panel's right-hand side): a
/// bug or trap gets the rules its spec row names, a fix gets none.
@Suite struct StrategyShapeTests {
    /// What the checker reports on each shape's text, with why where it is not obvious; a
    /// strategy not named here gets no finding (a new page's fixes need no line, its bugs and
    /// traps do, or their finding fails the test). Most shapes are fragments (modifiers with no
    /// enclosing `View` type); the checker reads them as one view's code at the top level.
    static let expected: [String: [RuleID]] = [
        // T1: `onAppear { Task { sleep; isPresented = false } }` inside `if isPresented`: after
        // its sleep the task writes the state that shows the toast, and nothing cancels it.
        "T1": [.taskNeverCancelled],
        // T2: `.task { do … catch is CancellationError … catch … }`.
        "T2": [],
        // T3: `try? await Task.sleep` followed by the hide and the log.
        "T3": [.tryOptionalSwallowsCancel],
        // T4: kept in `task`, cancelled in `onDisappear`.
        "T4": [],
        // T5: works, fragile: the closure's `isPresented` is not declared in the fragment, so the
        // checker cannot tell it is the view's (in a full view it would be, and it would capture it).
        "T5": [],
        // T6: a fragment: `startCounting()` is not declared in it, so nothing says it is the
        // view's method; `t6InAViewIsFlagged` wraps it in a view that declares it.
        "T6": [],
        // T7: the seed's one-slot `TaskBag` class is part of the shape.
        "T7": [.bagDropsHandle],
        // T8: the save is marked `// lifecycle: must-finish`, as the checker asks of work that
        // must outlive the view; the timer is a `.task`.
        "T8": [],
        // B1: `Button { Task { try await exec() } }`: the error is lost. What `exec()` does is not
        // in the fragment, so nothing says the run acts on the view after it: no lifetime warning.
        "B1": [.taskErrorDropped],
        "B2": [],
        "B3": [],
        // P1: a polling loop started in `onAppear`, stopped in `onDisappear`, no scene phase; and
        // `pollingTask = Task { … try await poll() … }` drops poll's error (seed 001's kept handle).
        "P1": [.noScenePhase, .taskErrorDropped],
        // P2: the same task in seed 003's own `onActive`, a custom modifier the checker does not
        // know: not a view closure, so nothing is judged there.
        "P2": [],
        "P3": [],
        // P4, P5: traps of the `ScenePhaseReader`'s timing, which no syntax rule sees.
        "P4": [],
        "P5": [],
        // P6: P1 with Foundation's repeating `Timer`, which nothing invalidates.
        "P6": [.timerNeverInvalidated],
        "I1": [],
    ]

    @Test(
        "Each strategy's SwiftUI shape gets the rules of its spec row (T1 … I1)",
        arguments: LabCatalog.strategies.map(\.rawValue))
    func shapeGetsItsRules(_ id: String) throws {
        let strategy = try #require(LabCatalog.strategies.first { $0.rawValue == id })
        let expected = Self.expected[id] ?? []
        let found = Checker.check(source: strategy.swiftUIShape, path: id).map(\.rule)
        #expect(found.sorted { $0.rawValue < $1.rawValue } == expected.sorted { $0.rawValue < $1.rawValue })
        if strategy.kind == .fix { #expect(found.isEmpty, "a fix's shape is flagged: \(found)") }
        if strategy.kind == .bug { #expect(!found.isEmpty || id == "T6", "a bug's shape is not flagged") }
    }

    @Test("The table names only the catalogue's strategies, and every bug and trap among them")
    func tableCoversEveryStrategy() {
        let strategies = LabCatalog.strategies
        #expect(Set(Self.expected.keys).isSubset(of: strategies.map(\.rawValue)))
        let unnamed = strategies.filter { [.bug, .trap].contains($0.kind) && Self.expected[$0.rawValue] == nil }
        #expect(unnamed.isEmpty, "bugs and traps with no line: \(unnamed.map(\.rawValue))")
    }

    /// SPEC T6: the shape, inside a view that declares the method the closure calls.
    @Test func t6InAViewIsFlagged() throws {
        let shape = try #require(LabCatalog.strategies.first { $0.rawValue == "T6" }).swiftUIShape
        let source = """
            struct ToastHost: View {
                var body: some View {
            \(shape)
                }

                func startCounting() async {}
            }
            """
        let findings = Checker.check(source: source, path: "T6.swift")
        #expect(findings.map(\.rule) == [.bagCapturesView])
        #expect(findings.first?.live == LiveRepro(page: "toast", strategy: "T6", fix: "T4"))
    }

    /// SPEC N1: the navigation page's shape (no strategy row) has nothing to flag.
    @Test func navigationShapeIsClean() {
        #expect(Checker.check(source: NavigationScreen.swiftUIShape, path: "N1").isEmpty)
    }

    /// SPEC T1, B1: the live repro follows the place: a button action shows B1 → B3.
    @Test func liveReproFollowsThePlace() throws {
        let t1 = try #require(Checker.check(source: ToastStrategyID.t1.swiftUIShape, path: "T1").first)
        #expect(t1.live == LiveRepro(page: "toast", strategy: "T1", fix: "T2"))
        #expect(t1.message.contains("`onAppear`"))
        let source = """
            struct Scores: View {
                @State private var score = 0
                var body: some View {
                    Button("Follow") { Task { while true { score = await Feed.latest() } } }
                }
            }
            """
        let never = try #require(Checker.check(source: source, path: "B1").first { $0.rule == .taskNeverCancelled })
        #expect(never.live == LiveRepro(page: "button", strategy: "B1", fix: "B3"))
        #expect(never.message.contains("button action"))
    }
}
