import Foundation
import LabModel
import LifecycleTasks
import LifecycleTestSupport
import Testing

@MainActor
@Suite("Scenario driver")
struct ScenarioDriverTests {
    @Test("T1–T8, B1–B3, P1–P6, I1: the headless repro matches the spec's row", arguments: allStrategies)
    func everyRowMatches(_ id: AnyStrategyID) async {
        let (verdict, host) = await headless(id)
        #expect(verdict.matchesSpec, "\(verdict.summary)")
        #expect(verdict.strategy == id.rawValue)
        // P6's timer is the one task meant to be left running: nothing invalidates it.
        #expect(verdict.tasksLeftAlive.map(\.name) == (id.rawValue == "P6" ? ["repeating Timer, every P"] : []))
        #expect(verdict.counters.addUp)
        await host.expectNoLiveTasks()
    }

    @Test("T1 scenario: hides at t = 1 and t = 3 (D = 3 s); each timer runs on as an orphan after its toast went")
    func t1Verdict() async {
        let (verdict, host) = await headless(ToastStrategyID.t1)
        #expect(verdict.hideTimes == [1, 3])
        // Timer 1 outlives toast 1 (hidden at 1) and hides toast 2 at 3; timer 2 then outlives toast 2.
        #expect(verdict.flagsRaised.map { "\($0.task): \($0.t)–\($0.until ?? -1)" } == ["1: 1.0–3.0", "2: 3.0–4.5"])
        #expect(verdict.flagsRaised.allSatisfy { $0.flag == "orphan" })
        #expect(!verdict.log.contains { $0.text == "task cancel" })
        #expect(verdict.measurements["timersAfterSecondShow"] == 2)
        await host.expectNoLiveTasks()
    }

    @Test("T2 scenario: hides at t = 1 and t = 4.5; \"task cancel\" at t = 1; no flags")
    func t2Verdict() async {
        let (verdict, host) = await headless(ToastStrategyID.t2)
        #expect(verdict.hideTimes == [1, 4.5])
        #expect(verdict.log.filter { $0.text == "task cancel" }.map(\.t) == [1])
        #expect(verdict.flagsRaised.isEmpty)
        #expect(verdict.transientFlags.isEmpty)
        await host.expectNoLiveTasks()
    }

    @Test("T3 scenario: \"auto-dismissed\" logged at t = D/3 = 1 while the toast timing is right")
    func t3Verdict() async {
        let (verdict, host) = await headless(ToastStrategyID.t3)
        #expect(verdict.hideTimes == [1, 4.5])
        #expect(verdict.log.filter { $0.text == "auto-dismissed" }.map(\.t) == [1, 4.5])
        await host.expectNoLiveTasks()
    }

    @Test("T5 scenario: no standing flag; the instant between disappear and the bag's deinit is reported as transient")
    func t5Verdict() async {
        let (verdict, host) = await headless(ToastStrategyID.t5)
        #expect(verdict.hideTimes == [1, 4.5])
        #expect(verdict.flagsRaised.isEmpty)
        // At each hide the timer runs for an instant after disappear, until the state drop deinits the bag.
        #expect(verdict.transientFlags.map { "\($0.task) \($0.flag) \($0.t)" } == ["1 orphan 1.0", "2 orphan 4.5"])
        await host.expectNoLiveTasks()
    }

    @Test("T6 scenario: ends as T1 and flags the first timer as retaining its owner")
    func t6Verdict() async {
        let (verdict, host) = await headless(ToastStrategyID.t6)
        #expect(verdict.hideTimes == [1, 3])
        #expect(
            verdict.flagsRaised.map { "\($0.task) \($0.flag) \($0.t)" }
                == ["1 orphan 1.0", "1 retains owner 1.0", "2 orphan 3.0", "2 retains owner 3.0"])
        await host.expectNoLiveTasks()
    }

    @Test("T7 scenario: hides on time, but the dropped countdown runs on as an orphan from t = D/3 to 0.9 D")
    func t7Verdict() async {
        let (verdict, host) = await headless(ToastStrategyID.t7)
        #expect(verdict.hideTimes == [1, 4.5])
        #expect(verdict.log.filter { $0.text == "task cancel" }.map(\.t) == [1])
        #expect(verdict.flagsRaised.map { "\($0.task) \($0.flag) \($0.t)–\($0.until ?? -1)" } == ["1 orphan 1.0–2.7"])
        // Nine ticks per countdown: neither was ever cancelled.
        #expect(verdict.measurements["countdownTicks"] == 18)
        await host.expectNoLiveTasks()
    }

    @Test("T8 scenario: each save finishes (t = 2 and 3.5), marked detached, never orphan; the timer is T2's")
    func t8Verdict() async {
        let (verdict, host) = await headless(ToastStrategyID.t8)
        #expect(verdict.hideTimes == [1, 4.5])
        #expect(verdict.log.filter { $0.text == "saved" }.map(\.t) == [2, 3.5])
        #expect(verdict.log.filter { $0.text == "task cancel" }.map(\.t) == [1])
        #expect(verdict.flagsRaised.isEmpty)
        #expect(verdict.checks.contains { $0.name == "detached flag" && $0.passed })
        #expect(verdict.measurements["savesFinished"] == 2)
        await host.expectNoLiveTasks()
    }

    @Test(
        "P4 scenario: the headless restore goes straight from background to active, which the seed's reader misses; the tail shows the extra onInactive"
    )
    func p4Verdict() async {
        let (verdict, host) = await headless(ScenePhaseStrategyID.p4)
        #expect(verdict.matchesSpec, "\(verdict.summary)")
        #expect(verdict.measurements["restoreViaInactive"] == 0)
        let observed = Dictionary(verdict.checks.map { ($0.name, $0.observed) }, uniquingKeysWith: { a, _ in a })
        #expect(observed["loads after restoring"] == "1")
        #expect(observed["loads when shown in an unfocused window"] == "1")
        #expect(observed["onInactive calls from minimizing to closing while minimized"] == "2")
        await host.expectNoLiveTasks()
    }

    @Test("P2 scenario with the same tail: nothing in an unfocused window, one onInactive")
    func p2Tail() async {
        let (verdict, host) = await headless(ScenePhaseStrategyID.p2)
        let observed = Dictionary(verdict.checks.map { ($0.name, $0.observed) }, uniquingKeysWith: { a, _ in a })
        #expect(observed["loads after restoring"] == "2")
        #expect(observed["loads when shown in an unfocused window"] == "0")
        #expect(observed["onInactive calls from minimizing to closing while minimized"] == "1")
        await host.expectNoLiveTasks()
    }

    @Test("B1 scenario: 3 presses run 3 execs; the error vanishes; orphan and retains-owner flags")
    func b1Verdict() async {
        let (verdict, host) = await headless(ButtonStrategyID.b1)
        #expect(verdict.measurements["maxRunningExecTasks"] == 3)
        #expect(verdict.measurements["errorsShown"] == 0)
        #expect(verdict.measurements["viewStatesAliveAfterClose"] == 1)
        #expect(Set(verdict.flagsRaised.map(\.flag)) == ["orphan", "retains owner"])
        #expect(verdict.counters.failed == 1)
        await host.expectNoLiveTasks()
    }

    @Test("P1 scenario: polls 5 times in .background and holds the side effect")
    func p1Verdict() async {
        let (verdict, host) = await headless(ScenePhaseStrategyID.p1)
        #expect(verdict.measurements["pollsInBackground"] == 5)
        #expect(verdict.measurements["sideEffectHeldInBackground"] == 1)
        await host.expectNoLiveTasks()
    }

    @Test(
        "P2, P3 scenario from a window without focus: the run focuses it first and matches",
        arguments: [ScenePhaseStrategyID.p2, .p3])
    func sceneFromInactiveWindow(_ id: ScenePhaseStrategyID) async {
        let host = FakeHost(phase: .inactive)
        let screen = ScenePhaseScreen(
            strategy: id, context: host.context, host: ImmediateHost<ScenePhaseView>(), scene: host.window,
            sideEffect: CountingSideEffect())
        let verdict = await ScenarioDriver(context: host.context, pacer: host.pacer).run(scenePhase: screen)
        #expect(verdict.matchesSpec, "\(verdict.summary)")
        #expect(verdict.measurements["pollsInBackground"] == 0)
        await host.expectNoLiveTasks()
    }

    @Test("I1 scenario: one listener after the switch, none after closing")
    func i1Verdict() async {
        let (verdict, host) = await headless(ServerStrategyID.i1)
        #expect(verdict.measurements["listenersAfterSwitch"] == 1)
        #expect(verdict.measurements["listenersAfterClose"] == 0)
        await host.expectNoLiveTasks()
    }

    @Test(
        "T1, T2 at time scale 0.1: T1 hides at t = 0.1 and 0.3, T2 at t = 0.1 and 0.45",
        arguments: [ToastStrategyID.t1, .t2])
    func scaled(_ id: ToastStrategyID) async throws {
        let timing = try LabTiming(timeScale: 0.1)
        let (verdict, host) = await headless(id, timing: timing)
        #expect(verdict.matchesSpec, "\(verdict.summary)")
        #expect(verdict.hideTimes == (id == .t1 ? [0.1, 0.3] : [0.1, 0.45]))
        #expect(verdict.timeScale == 0.1)
        await host.expectNoLiveTasks()
    }

    @Test("T2 with a dead Hide button: the run cannot show the spec's outcome and does not match")
    func mismatchDetected() async {
        // A host whose hide button does nothing: the repro cannot produce the spec's outcome.
        final class BrokenActuator: ScenarioActuator {
            let inner: ToastScreen
            init(_ inner: ToastScreen) { self.inner = inner }
            func perform(_ action: ToastAction) async {
                if action == .hide { return }
                await inner.perform(action)
            }
        }
        let host = FakeHost()
        let screen = ToastScreen(strategy: .t2, context: host.context, host: ImmediateHost<ToastView>())
        let driver = ScenarioDriver(context: host.context, pacer: host.pacer)
        let verdict = await driver.run(toast: screen, actuator: BrokenActuator(screen))
        #expect(!verdict.matchesSpec)
        #expect(verdict.checks.contains { !$0.passed && $0.name == "toast hidden by the button" })
        await host.expectNoLiveTasks()
    }

    @Test("Verdict JSON: sorted keys, times in seconds, round-trips")
    func json() async throws {
        let (verdict, host) = await headless(ToastStrategyID.t1)
        let text = verdict.json()
        #expect(text.contains("\"matchesSpec\" : true"))
        #expect(text.contains("\"hideTimes\" : [\n    1,\n    3\n  ]"))
        let decoded = try JSONDecoder().decode(ScenarioVerdict.self, from: Data(text.utf8))
        #expect(decoded == verdict)
        await host.expectNoLiveTasks()
    }
}

@Suite("Parsing strategy IDs and scenario names")
struct ParsingTests {
    @Test("Every SPEC ID parses, ignoring case and spaces")
    func idsParse() throws {
        for id in allStrategies {
            #expect(try AnyStrategyID.parse(" \(id.rawValue.lowercased()) ", among: allStrategies) == id)
        }
        #expect(try ToastStrategyID.parse("t6") == .t6)
    }

    @Test("An unknown strategy lists the valid values")
    func unknownStrategy() {
        #expect(throws: UnknownValueError.self) { try AnyStrategyID.parse("T9", among: allStrategies) }
        do {
            _ = try AnyStrategyID.parse("T9", among: allStrategies)
        } catch {
            #expect(
                error.description
                    == "unknown strategy \"T9\": valid values are "
                    + allStrategies.map(\.rawValue).joined(separator: ", "))
        }
        do {
            _ = try ButtonStrategyID.parse("T1")
            Issue.record("T1 is not a button strategy")
        } catch {
            #expect(error.valid == ButtonStrategyID.allCases.map(\.rawValue))
        }
    }

    @Test("Every strategy names its page; the page's own type takes it back")
    func pages() throws {
        #expect(ToastStrategyID.anyCases.allSatisfy { $0.page == .toast })
        #expect(ScenePhaseStrategyID.anyCases.map(\.page.rawValue) == Array(repeating: "scene", count: 6))
        #expect(ServerStrategyID.anyCases.map(\.page) == [.server])
        #expect(AnyStrategyID(ButtonStrategyID.b2).as(ButtonStrategyID.self) == .b2)
        #expect(AnyStrategyID(ButtonStrategyID.b2).as(ToastStrategyID.self) == nil)
        do {
            _ = try ToastStrategyID.parse("B1")
            Issue.record("B1 is not a toast strategy")
        } catch {
            #expect(
                error.description
                    == "unknown strategy \"B1\": valid values are "
                    + ToastStrategyID.allCases.map(\.rawValue).joined(separator: ", "))
        }
    }

    @Test("A time scale must be a number greater than zero")
    func timeScale() throws {
        #expect(throws: LabTimingError.invalidScale(-1)) { try LabTiming(timeScale: -1) }
        #expect(throws: LabTimingError.self) { try LabTiming(timeScale: .nan) }
        #expect(try LabTiming(timeScale: 2).toastDuration == .seconds(6))
    }

    @Test("Every strategy has a title, an explanation and the spec's bug marking")
    func metadata() {
        #expect(ToastStrategyID.t1.title == "onAppear + Task (bug)")
        #expect(ToastStrategyID.t2.title == ".task (fix)")
        // The rows beyond the spec's tables, as docs/seed-notes.md describes them (the spec's own
        // rows are checked against SPEC.md in CatalogTests).
        #expect(ToastStrategyID.t7.kind == .trap && ToastStrategyID.t8.kind == .mustFinish)
        #expect(ScenePhaseStrategyID.p4.kind == .trap && ScenePhaseStrategyID.p5.kind == .trap)
        #expect(allStrategies.allSatisfy { $0.isBuggy == ($0.kind == .bug || $0.kind == .trap) })
        #expect(ToastStrategyID.t5.title == "TaskBag, no capture (works, fragile)")
        #expect(ToastStrategyID.t5.seedNote?.contains("Cancel in onDisappear instead (T4)") == true)
        for id in allStrategies { #expect(!id.title.isEmpty && !id.expectedOutcome.isEmpty) }
    }
}
