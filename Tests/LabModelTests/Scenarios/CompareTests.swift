import LabModel
import LifecycleTasks
import LifecycleTestSupport
import Testing

extension SharedClockHost {
    /// A pacer that moves the shared test clock and settles every side.
    var pacer: ScenarioPacer {
        ScenarioPacer(
            tolerance: .zero,
            advance: { [self] duration in await self.advance(by: duration) },
            settle: { [self] in await self.settle() })
    }
}

/// Compare mode without a display: one repro, two strategies side by side on one clock.
@MainActor
@Suite("Compare mode (two strategies, one repro)")
struct CompareTests {
    /// Runs `left` and `right` side by side on a fresh shared clock.
    func compare(_ left: ToastStrategyID, _ right: ToastStrategyID, timing: LabTiming = .standard) async
        -> (ScenarioComparison, SharedClockHost)
    {
        let host = SharedClockHost(sides: 2)
        let screens = [left, right].enumerated().map { index, id in
            ToastScreen(strategy: id, context: host.contexts[index], timing: timing, host: ImmediateHost<ToastView>())
        }
        let driver = ScenarioDriver(context: host.contexts[0], pacer: host.pacer)
        let verdicts = await driver.run(toast: screens, actuator: FanOutActuator(screens))
        return (ScenarioComparison(verdicts: verdicts), host)
    }

    @Test("T1 vs T2: the bug and the fix from the same presses: T1 hides at t = 1 and 3, T2 at t = 1 and 4.5")
    func t1AgainstT2() async {
        let (comparison, host) = await compare(.t1, .t2)
        #expect(comparison.matchesSpec, "\(comparison.summary)")
        #expect(comparison.scenario == .toast)
        #expect(comparison.strategies == ["T1", "T2"])
        #expect(comparison.verdicts.map(\.hideTimes) == [[1, 3], [1, 4.5]])
        // The same presses at the same moments on both sides.
        let presses = comparison.verdicts.map { $0.log.filter { $0.text.hasPrefix("▶") } }
        #expect(presses[0] == presses[1])
        #expect(presses[0].map(\.t) == [0, 1, 1.5])
        // Flags never mix: only T1's side has an orphan, and each side counts only its own tasks.
        #expect(comparison.verdicts[0].flagsRaised.map(\.strategy) == ["T1", "T1"])
        #expect(comparison.verdicts[1].flagsRaised.isEmpty)
        #expect(comparison.verdicts.map(\.counters.started) == [2, 2])
        for context in host.contexts { expectNoLiveTasks(context.registry) }
    }

    @Test(
        "T1–T6, every pair: each side's verdict is exactly the verdict of that strategy run alone",
        arguments: ToastStrategyID.allCases.flatMap { left in
            ToastStrategyID.allCases.filter { $0.rawValue > left.rawValue }.map { [left, $0] }
        })
    func sideEqualsSingleRun(_ pair: [ToastStrategyID]) async {
        let (comparison, host) = await compare(pair[0], pair[1])
        for (index, id) in pair.enumerated() {
            let (single, singleHost) = await headless(id)
            #expect(comparison.verdicts[index] == single, "\(id) beside \(pair[1 - index])")
            await singleHost.expectNoLiveTasks()
        }
        #expect(comparison.matchesSpec == true)
        for context in host.contexts { expectNoLiveTasks(context.registry) }
    }

    @Test(
        "compare JSON: one object with both verdicts, matchesSpec and scheduleHeld; exit 1 as soon as one side misses its row, 3 when one could not be judged"
    )
    func comparisonJSON() async throws {
        let (comparison, _) = await compare(.t1, .t2)
        let json = comparison.json()
        #expect(
            json.hasPrefix(
                "{\n  \"matchesSpec\" : true,\n  \"scenario\" : \"toast\",\n  \"scheduleHeld\" : true,\n  \"strategies\" : [\n"
            ))
        #expect(json.contains("\"verdicts\" : [\n    {\n"))
        #expect(comparison.exitStatus == 0)
        var missed = comparison.verdicts
        missed[1].matchesSpec = false
        #expect(ScenarioComparison(verdicts: missed).matchesSpec == false)
        #expect(ScenarioComparison(verdicts: missed).exitStatus == 1)
        missed[0].scheduleHeld = false
        missed[0].matchesSpec = false
        #expect(ScenarioComparison(verdicts: missed).exitStatus == 3, "not judged wins over a miss on the other side")
    }
}
