import LifecycleTasks
import LifecycleTestSupport
import SeededRandom
import Testing

@testable import LabModel

/// A main loop that is late: every wait of the run oversleeps by a lateness the test picks,
/// and every settle lets `settleTime` pass, firing whatever timers fall due in it, as a real
/// settle (a short sleep) does. The run's actions land late; the strategies' timers still
/// fire on time, as on a real clock.
@MainActor
private final class LateLoop {
    let host: FakeHost
    private var lateness: () -> Duration
    private let settleTime: Duration
    /// How much later than asked each wait of the run returned, in order.
    private(set) var delays: [Duration] = []

    init(host: FakeHost, settleTime: Duration = .milliseconds(20), lateness: @escaping () -> Duration) {
        self.host = host
        self.settleTime = settleTime
        self.lateness = lateness
    }

    /// Late by the same amount at every wait.
    convenience init(host: FakeHost, lateBy late: Duration) {
        self.init(host: host) { late }
    }

    /// Late by a seeded random amount in `0...most` at every wait.
    convenience init(host: FakeHost, seed: UInt64, upTo most: Duration) {
        var random = SplitMix64(seed: seed)
        self.init(host: host) {
            .milliseconds(Int.random(in: 0...(most / .milliseconds(1)).roundedInt, using: &random))
        }
    }

    /// A pacer with the app's allowance for late outcomes (D/4, as `LabApp.realTimePacer`), so
    /// the wrong-behaviour cases show that allowance lets no wrong row pass.
    var pacer: ScenarioPacer {
        var pacer = ScenarioPacer(
            tolerance: .zero,
            advance: { [self] duration in
                let late = self.lateness()
                self.delays.append(late)
                await self.host.advance(by: duration + late)
            },
            settle: { [self] in await self.host.advance(by: self.settleTime) })
        pacer.lateness = LabTiming.standard.toastDuration / 4
        return pacer
    }

    var driver: ScenarioDriver { ScenarioDriver(context: host.context, pacer: pacer) }
}

extension Double {
    fileprivate var roundedInt: Int { Int(rounded()) }
}

/// A seed 000 T1 timer added to each show by the actuator: an unstructured task nobody keeps
/// or cancels, which hides the toast D after its show. With it a T2 screen behaves as T1 does.
@MainActor
private final class StaleTimerActuator: ScenarioActuator {
    let screen: ToastScreen
    private var timers: [Task<Void, Never>] = []
    init(_ screen: ToastScreen) { self.screen = screen }
    func perform(_ action: ToastAction) async {
        await screen.perform(action)
        guard action == .show else { return }
        let (screen, context) = (screen, screen.context)
        timers.append(
            Task { @MainActor in
                guard (try? await context.sleep(for: screen.toastDuration)) != nil else { return }
                screen.hide(cause: .timer)
            })
    }
    func cancelAll() { timers.forEach { $0.cancel() } }
}

/// A page whose Hide button is dead.
@MainActor
private final class DeadHideActuator: ScenarioActuator {
    let screen: ToastScreen
    init(_ screen: ToastScreen) { self.screen = screen }
    func perform(_ action: ToastAction) async {
        if action != .hide { await screen.perform(action) }
    }
}

/// A page whose close does nothing: the view stays up.
@MainActor
private final class DeadCloseActuator: ScenarioActuator {
    let screen: ButtonScreen
    init(_ screen: ButtonScreen) { self.screen = screen }
    func perform(_ action: ButtonAction) async {
        if action != .view(.close) { await screen.perform(action) }
    }
}

/// Runs `id`'s repro on a late loop, judged as `row` (the strategy's own row by default).
@MainActor
private func lateRun(
    _ id: AnyStrategyID, judgedAs row: AnyStrategyID? = nil, loop: (FakeHost) -> LateLoop
) async -> (ScenarioVerdict, LateLoop) {
    let host = FakeHost()
    let late = loop(host)
    let driver = late.driver
    let context = host.context
    let row = row ?? id
    let verdict: ScenarioVerdict
    if let toast = id.as(ToastStrategyID.self), let judged = row.as(ToastStrategyID.self) {
        let screen = ToastScreen(strategy: toast, context: context, host: ImmediateHost<ToastView>())
        verdict = await driver.run(toast: screen, judgedAs: judged, actuator: nil, cleanUp: true)
    } else if let button = id.as(ButtonStrategyID.self), let judged = row.as(ButtonStrategyID.self) {
        let screen = ButtonScreen(strategy: button, context: context, host: ImmediateHost<ButtonView>())
        verdict = await driver.run(button: screen, judgedAs: judged, actuator: nil, cleanUp: true)
    } else if let scene = id.as(ScenePhaseStrategyID.self), let judged = row.as(ScenePhaseStrategyID.self) {
        let screen = ScenePhaseScreen(
            strategy: scene, context: context, host: ImmediateHost<ScenePhaseView>(firesWillAppear: scene == .p5),
            scene: host.window,
            sideEffect: CountingSideEffect())
        verdict = await driver.run(scenePhase: screen, judgedAs: judged, actuator: nil, cleanUp: true)
    } else {
        // Any other page (server, …) is run by its own headless repro, judged as its own row.
        if row != id { Issue.record("lateRun can judge \(id) only as itself") }
        verdict = await id.runHeadless(context: context, pacer: driver.pacer)
    }
    await host.settleCancelled()
    return (verdict, late)
}

@MainActor
@Suite("Scenario verdicts judge behaviour, not the loop's punctuality (T1–T8, B1–B3, P1–P6, I1)")
struct LateLoopTests {
    @Test(
        "T1–T8, B1–B3, P1–P6, I1: every wait 0.4 s late and 20 ms per settle: each row still matches its strategy",
        arguments: allStrategies)
    func lateByAFixedAmount(_ id: AnyStrategyID) async {
        let (verdict, late) = await lateRun(id) { LateLoop(host: $0, lateBy: .milliseconds(400)) }
        #expect(verdict.scheduleHeld, "\(verdict.summary)")
        #expect(verdict.matchesSpec, "\(verdict.summary)")
        #expect(late.delays.count >= 3 && late.delays.allSatisfy { $0 == .milliseconds(400) })
        await late.host.expectNoLiveTasks()
    }

    @Test(
        "T1–T8, B1–B3, P1–P6, I1: every wait late by a seeded random 0–450 ms: each row still matches its strategy",
        arguments: allStrategies, [UInt64(1), 2, 3])
    func lateByRandomAmounts(_ id: AnyStrategyID, seed: UInt64) async {
        let (verdict, late) = await lateRun(id) { LateLoop(host: $0, seed: seed, upTo: .milliseconds(450)) }
        #expect(verdict.matchesSpec, "seed \(seed): \(verdict.summary)")
        #expect(late.delays.contains { $0 > .milliseconds(100) })
        await late.host.expectNoLiveTasks()
    }

    @Test("T1, T2 on a late loop: the presses land late, and the verdict judges against when they really happened")
    func latePressesAreJudgedWhereTheyLanded() async {
        // D = 3 s. Nominal: Hide at 1, second show at 1.5. Here each lands 0.4 s (+ 20 ms settles) late.
        let (t1, _) = await lateRun(AnyStrategyID(ToastStrategyID.t1)) {
            LateLoop(host: $0, lateBy: .milliseconds(400))
        }
        let (t2, _) = await lateRun(AnyStrategyID(ToastStrategyID.t2)) {
            LateLoop(host: $0, lateBy: .milliseconds(400))
        }
        let hidePress = t1.log.first { $0.text == "▶ press Hide toast" }?.t ?? 0
        #expect(hidePress >= 1.4, "the Hide press landed late (a nominal t = D/3 check would fail)")
        // T1: the button's hide where the press landed; the stale first timer D after the first show.
        #expect(t1.hideTimes.count == 2)
        #expect(t1.hideTimes.first == hidePress)
        let firstTimer = t1.log.first { $0.text == "sleep start" }?.t ?? -1
        #expect(t1.hideTimes.last == firstTimer + 3, "\(t1.hideTimes), first timer at \(firstTimer)")
        // T2: the second toast D after its own (late) show: 1.5 + 0.4 + 2 settles + D.
        #expect(t2.hideTimes.last.map { $0 > 4.5 + 0.4 } == true, "\(t2.hideTimes)")
        #expect(t1.matchesSpec && t2.matchesSpec, "\(t1.summary)\n\(t2.summary)")
    }

    @Test(
        "A wrong behaviour on a late loop still fails: T1↔T2, T3 as T2, T6 as T5, T7 as T5, T8 as T2, B1↔B2, P1↔P2, P3 as P1, P4 as P2, P5 as P4",
        arguments: [
            (ToastStrategyID.t1, ToastStrategyID.t2), (.t2, .t1), (.t3, .t2), (.t6, .t5), (.t7, .t5), (.t8, .t2),
        ].map { (AnyStrategyID($0.0), AnyStrategyID($0.1)) }
            + [(ButtonStrategyID.b1, ButtonStrategyID.b2), (.b2, .b1)].map {
                (AnyStrategyID($0.0), AnyStrategyID($0.1))
            }
            + [
                (ScenePhaseStrategyID.p1, ScenePhaseStrategyID.p2), (.p2, .p1), (.p3, .p1), (.p4, .p2), (.p5, .p4),
                (.p6, .p1), (.p1, .p6),
            ].map {
                (AnyStrategyID($0.0), AnyStrategyID($0.1))
            })
    func wrongBehaviourFails(_ pair: (behaviour: AnyStrategyID, row: AnyStrategyID)) async {
        let (verdict, late) = await lateRun(pair.behaviour, judgedAs: pair.row) {
            LateLoop(host: $0, seed: 7, upTo: .milliseconds(450))
        }
        #expect(verdict.strategy == pair.row.rawValue)
        #expect(verdict.scheduleHeld, "the run could judge: \(verdict.summary)")
        #expect(!verdict.matchesSpec, "\(pair.behaviour.rawValue)'s behaviour passed as \(pair.row.rawValue)")
        await late.host.expectNoLiveTasks()
    }

    @Test("T2 with T1's stale timer added (a T1 behaviour on a T2 page), late loop: the second hide comes too early")
    func staleTimerFails() async {
        let host = FakeHost()
        let late = LateLoop(host: host, lateBy: .milliseconds(300))
        let screen = ToastScreen(strategy: .t2, context: host.context, host: ImmediateHost<ToastView>())
        let actuator = StaleTimerActuator(screen)
        let verdict = await late.driver.run(toast: screen, actuator: actuator)
        actuator.cancelAll()
        await host.settleCancelled()
        #expect(verdict.scheduleHeld)
        #expect(!verdict.matchesSpec)
        #expect(verdict.exitStatus == 1, "a wrong behaviour exits 1")
        #expect(verdict.checks.contains { !$0.passed && $0.name == "second toast hides after a full D" })
        await host.expectNoLiveTasks()
    }

    @Test("Broken actuators on a late loop fail: T2 with a dead Hide button, B2 with a dead close")
    func brokenActuatorsFail() async {
        let toastHost = FakeHost()
        let toast = ToastScreen(strategy: .t2, context: toastHost.context, host: ImmediateHost<ToastView>())
        let toastVerdict = await LateLoop(host: toastHost, lateBy: .milliseconds(300)).driver.run(
            toast: toast, actuator: DeadHideActuator(toast))
        #expect(toastVerdict.scheduleHeld && !toastVerdict.matchesSpec)
        #expect(toastVerdict.checks.contains { !$0.passed && $0.name == "toast hidden by the button" })
        await toastHost.expectNoLiveTasks()

        let buttonHost = FakeHost()
        let button = ButtonScreen(strategy: .b2, context: buttonHost.context, host: ImmediateHost<ButtonView>())
        let buttonVerdict = await LateLoop(host: buttonHost, lateBy: .milliseconds(300)).driver.run(
            button: button, actuator: DeadCloseActuator(button))
        #expect(buttonVerdict.scheduleHeld && !buttonVerdict.matchesSpec)
        #expect(buttonVerdict.checks.contains { !$0.passed && $0.name == "execs running after closing the view" })
        await buttonHost.expectNoLiveTasks()
    }

    @Test(
        "T1, T2 on a loop 2 s late (D = 3 s): the second show comes after the first D ran out; the run judges nothing (exit 3)",
        arguments: [ToastStrategyID.t1, .t2])
    func brokenScheduleIsNotJudged(_ id: ToastStrategyID) async {
        let (verdict, late) = await lateRun(AnyStrategyID(id)) { LateLoop(host: $0, lateBy: .seconds(2)) }
        #expect(!verdict.scheduleHeld)
        #expect(!verdict.matchesSpec)
        #expect(verdict.exitStatus == 3, "a run that could not be judged exits 3, never 1")
        #expect(verdict.summary.contains("could not be judged"))
        let comparison = ScenarioComparison(verdicts: [verdict, verdict])
        #expect(!comparison.scheduleHeld && comparison.exitStatus == 3)
        #expect(verdict.checks.contains { !$0.passed && $0.name.hasPrefix("schedule: ") })
        await late.host.expectNoLiveTasks()
    }

    @Test(
        "Polling ticks between two moments: exact away from the edges; either way within the jitter of one or while the loop was late"
    )
    func ticks() async {
        let p = Duration.seconds(1)
        let ms = { (n: Int) in Duration.milliseconds(n) }
        let timeline = ScenarioTimeline(readings: ())
        let exact = ExpectationList(for: timeline, tolerance: .exact)
        func at(_ n: Int) -> Moment { .exact(ms(n)) }
        #expect(exact.ticks(of: .zero, every: p, after: at(0), upTo: at(3_250)) == 3...3)
        #expect(exact.ticks(of: .zero, every: p, after: at(3_650), upTo: at(9_150)) == 6...6)
        #expect(exact.ticks(of: .seconds(5), every: p, after: at(0), upTo: at(5_000)) == 0...0)
        // A tick exactly at the reading counts; one exactly at the window's start does not.
        #expect(exact.ticks(of: .zero, every: p, after: at(2_000), upTo: at(4_000)) == 2...2)
        let jittery = ExpectationList(
            for: timeline, tolerance: ScenarioTolerance(jitter: .milliseconds(50), lateness: .milliseconds(50)))
        #expect(jittery.ticks(of: .zero, every: p, after: at(0), upTo: at(3_250)) == 3...3)
        #expect(jittery.ticks(of: .zero, every: p, after: at(0), upTo: at(3_020)) == 2...3)
        // A tick just before the window may fire late into it; one just after it is in it.
        #expect(jittery.ticks(of: .zero, every: p, after: at(1_980), upTo: at(3_500)) == 2...2)
        #expect(jittery.ticks(of: .zero, every: p, after: at(2_020), upTo: at(3_500)) == 1...2)
        // A reading due at 4.42 s that came at 4.99 s (a stalled loop), P = 0.3 s, from 3.82 s:
        // ticks due at 3.9 and 4.2 came before it; those at 4.5 and 4.8 may have or not.
        let fast = Duration.milliseconds(300)
        let late = Moment(due: ms(4_420), at: ms(4_990))
        #expect(jittery.ticks(of: .zero, every: fast, after: at(3_820), upTo: late) == 2...4)
    }
}
