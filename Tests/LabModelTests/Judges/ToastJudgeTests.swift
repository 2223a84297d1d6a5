import LifecycleTasks
import Testing

@testable import LabModel

/// SPEC §3's judge on hand-built timelines (D = 3 s: show at 0, Hide at 1, show at 1.5).
@Suite("Toast judge (SPEC §3): a timeline in, the exact checks out")
struct ToastJudgeTests {
    static func readings(hides: [Double], timers: Int, secondShow: Double = 1.5) -> ToastReadings {
        ToastReadings(
            toastDuration: .seconds(3), saveDuration: .seconds(2), firstShow: .zero, hide: at(1),
            secondShow: at(secondShow), hides: hides.map(at), timersAfterSecondShow: timers)
    }

    /// T1's behaviour: nothing cancelled, the first timer hides the second toast at D, an orphan meanwhile.
    static let t1Behaviour = ScenarioTimeline(
        lines: lines(ToastLine.self, (0, .sleepStart), (1.5, .sleepStart), (3, .sleepEnd), (4.5, .sleepEnd)),
        tasks: [task(1, .toastTimer, start: 0, stop: 3), task(2, .toastTimer, start: 1.5, stop: 4.5)],
        flags: [flag(.orphan, on: 1, t: 1, until: 3)],
        readings: readings(hides: [1, 3], timers: 2))

    /// T2's behaviour: the Hide press cancels the timer, the second toast gets its full D.
    static let t2Behaviour = ScenarioTimeline(
        lines: lines(ToastLine.self, (0, .sleepStart), (1, .taskCancel), (1.5, .sleepStart), (4.5, .sleepEnd)),
        tasks: [
            task(1, .toastTimer, start: 0, stop: 1, state: .cancelled), task(2, .toastTimer, start: 1.5, stop: 4.5),
        ],
        readings: readings(hides: [1, 4.5], timers: 1))

    static let common = [
        "✓ schedule: the Hide press and the second show came before the first toast's D ran out",
        "✓ toast hidden by the button",
    ]

    @Test("SPEC §3 T1: early second hide, no \"task cancel\", two live timers, an orphan: matches")
    func t1Matches() {
        let checks = judgeToast(Self.t1Behaviour, as: .t1, tolerance: .exact)
        #expect(
            outcome(checks) == Self.common + [
                "✓ second toast hides early (stale first timer)", "✓ hides in the run",
                "✓ \"task cancel\" logged (nothing is cancelled)", "✓ live timers once the second toast is up",
                "✓ orphan flag", "✓ retains-owner flag", "✓ detached flag", "✓ tasks live at the end",
            ])
        #expect(
            checks[2].expected == "t = 3.0 (D after the first show's timer started)" && checks[2].observed == "t = 3.0")
    }

    @Test(
        "SPEC §3 T2's row on T1's behaviour: the early hide, the missing cancel, the second timer and the orphan fail")
    func t1BehaviourFailsT2() {
        let checks = judgeToast(Self.t1Behaviour, as: .t2, tolerance: .exact)
        #expect(
            outcome(checks) == Self.common + [
                "✗ second toast hides after a full D", "✓ hides in the run", "✗ \"task cancel\" logged",
                "✗ live timers once the second toast is up", "✗ orphan flag", "✓ retains-owner flag",
                "✓ detached flag", "✓ tasks live at the end",
            ])
        #expect(
            checks[2].expected == "t = 4.5 (D after the second show's timer started)" && checks[2].observed == "t = 3.0"
        )
    }

    @Test("SPEC §3 T2 matches; T1's row on T2's behaviour fails; T6's row also wants the retains-owner flag")
    func t2() {
        #expect(judgeToast(Self.t2Behaviour, as: .t2, tolerance: .exact).allSatisfy { $0.passed })
        #expect(
            outcome(judgeToast(Self.t2Behaviour, as: .t6, tolerance: .exact)) == Self.common + [
                "✗ second toast hides early (stale first timer)", "✓ hides in the run",
                "✗ \"task cancel\" logged (nothing is cancelled)", "✗ live timers once the second toast is up",
                "✗ orphan flag", "✗ retains-owner flag", "✓ detached flag", "✓ tasks live at the end",
            ])
    }

    @Test("SPEC §3 T3: \"auto-dismissed\" at the Hide press and at D after the second show; a swallowed cancel")
    func t3() {
        var timeline = Self.t2Behaviour
        timeline.lines = lines(ToastLine.self, (1, .autoDismissed), (4.5, .autoDismissed))
        timeline.tasks = []
        let expected =
            Self.common + [
                "✓ second toast hides after a full D", "✓ hides in the run", "✓ \"auto-dismissed\" logged early",
                "✓ \"task cancel\" logged (try? swallows it)", "✓ live timers once the second toast is up",
                "✓ orphan flag", "✓ retains-owner flag", "✓ detached flag", "✓ tasks live at the end",
            ]
        #expect(outcome(judgeToast(timeline, as: .t3, tolerance: .exact)) == expected)
        // A T2 behaviour has no "auto-dismissed", and its cancel is logged.
        let t2AsT3 = outcome(judgeToast(Self.t2Behaviour, as: .t3, tolerance: .exact))
        #expect(
            t2AsT3.filter { $0.hasPrefix("✗") } == [
                "✗ \"auto-dismissed\" logged early", "✗ \"task cancel\" logged (try? swallows it)",
            ])
    }

    @Test("SPEC §3 T7: the countdown finishes by itself at 0.9 D as an orphan; cancelled, it fails")
    func t7() {
        var timeline = Self.t2Behaviour
        timeline.tasks.append(task(3, .countdown, start: 0, stop: 2.7))
        timeline.flags = [flag(.orphan, on: 3, t: 1, until: 2.7)]
        let expected =
            Self.common + [
                "✓ second toast hides after a full D", "✓ hides in the run",
                "✓ \"task cancel\" logged (the timer, the bag's one task)", "✓ first countdown after the hide",
                "✓ first countdown ends by itself", "✓ \"countdown cancelled\" logged",
                "✓ live timers once the second toast is up", "✓ orphan flag", "✓ retains-owner flag", "✓ detached flag",
                "✓ tasks live at the end",
            ]
        #expect(outcome(judgeToast(timeline, as: .t7, tolerance: .exact)) == expected)
        timeline.tasks[2] = task(3, .countdown, start: 0, stop: 1, state: .cancelled)
        timeline.lines += lines(ToastLine.self, (1, .countdownCancelled))
        timeline.flags = []
        #expect(
            outcome(judgeToast(timeline, as: .t7, tolerance: .exact)).filter { $0.hasPrefix("✗") } == [
                "✗ first countdown after the hide", "✗ first countdown ends by itself",
                "✗ \"countdown cancelled\" logged", "✗ orphan flag",
            ])
    }

    @Test(
        "SPEC §3 T8: each save ends 2D/3 after its start, marked detached; an orphan flag that cleared at once is transient"
    )
    func t8() {
        var timeline = Self.t2Behaviour
        timeline.lines += lines(ToastLine.self, (0, .saveStart), (1.5, .saveStart), (2, .saved), (3.5, .saved))
        timeline.tasks += [
            task(3, .save, start: 0, stop: 2, detached: true), task(4, .save, start: 1.5, stop: 3.5, detached: true),
        ]
        timeline.flags = [flag(.orphan, on: 3, t: 1, until: 1)]
        let checks = judgeToast(timeline, as: .t8, tolerance: .exact)
        #expect(checks.allSatisfy { $0.passed }, "\(outcome(checks))")
        #expect(outcome(checks).contains("✓ \"saved\" logged (each save runs to its end)"))
        // T2's behaviour saves nothing and marks nothing detached.
        #expect(
            outcome(judgeToast(Self.t2Behaviour, as: .t8, tolerance: .exact)).filter { $0.hasPrefix("✗") } == [
                "✗ \"saved\" logged (each save runs to its end)", "✗ detached flag",
            ])
    }

    @Test("SPEC §3: a second show after the first D ran out breaks the repro's schedule (not judged)")
    func lateSecondShow() {
        var timeline = Self.t1Behaviour
        timeline.readings.secondShow = at(3.2)
        let checks = judgeToast(timeline, as: .t1, tolerance: .exact)
        #expect(
            outcome(checks).first
                == "✗ schedule: the Hide press and the second show came before the first toast's D ran out")
        #expect(checks.first?.observed == "no, second show at t = 3.2, D ran out at t = 3.0")
    }

    @Test("SPEC §3: an outcome within the lateness allowance matches; one D/2 late does not")
    func lateness() {
        var timeline = Self.t2Behaviour
        timeline.readings.hides = [at(1), at(5.2)]
        let tolerance = ScenarioTolerance(jitter: .milliseconds(150), lateness: .milliseconds(750))
        #expect(judgeToast(timeline, as: .t2, tolerance: tolerance).allSatisfy { $0.passed })
        timeline.readings.hides = [at(1), at(6)]
        #expect(
            outcome(judgeToast(timeline, as: .t2, tolerance: tolerance)).contains("✗ second toast hides after a full D")
        )
    }
}
