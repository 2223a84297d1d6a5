import LifecycleTasks
import Testing

@testable import LabModel

/// Seed 001's judge (SPEC §4, button-triggered work) on hand-built timelines, L = 3 s: presses
/// at 0, 0.3 and 0.6, the close at 1.5 (read at 1.8), the throwing press at 6 (read at 9.75).
@Suite("Button judge (SPEC §4 B1–B3): a timeline in, the exact checks out")
struct ButtonJudgeTests {
    static let readings = ButtonReadings(
        workDuration: .seconds(3), startedByAppear: 0, firstPress: .zero, secondPress: at(0.3),
        runningAfterPresses: 1, afterClose: at(1.8), runningAfterClose: 0, statesAfterClose: 0, startedPhaseA: 3,
        statesAfterWork: 0, afterWork: at(4.5), throwingPress: at(6), afterThrow: at(9.75), errorsShown: 1,
        failedInRegistry: 1)
    static let execLines = lines(
        ButtonLine.self, (0, .execStart(1)), (0.3, .execStart(2)), (0.6, .execStart(3)), (6, .execStart(4)))

    /// B1's behaviour: every press's exec runs its L, past the close, each an orphan keeping the
    /// view's state; the thrown error is shown to nobody.
    static var b1Behaviour: ScenarioTimeline<ButtonReadings> {
        var readings = Self.readings
        (readings.runningAfterPresses, readings.runningAfterClose, readings.statesAfterClose) = (3, 3, 1)
        readings.errorsShown = 0
        return ScenarioTimeline(
            lines: execLines,
            tasks: [
                task(1, .exec, start: 0, stop: 3), task(2, .exec, start: 0.3, stop: 3.3),
                task(3, .exec, start: 0.6, stop: 3.6),
                task(4, .exec, start: 6, stop: 9, state: .failed("exec #4 failed")),
            ],
            flags: (1...3).flatMap {
                [flag(.orphan, on: $0, t: 1.5, until: 3), flag(.retainsOwner, on: $0, t: 1.5, until: 3)]
            },
            readings: readings)
    }

    /// B2's behaviour: each press cancels the exec before it; the close cancels the last.
    static let b2Behaviour = ScenarioTimeline(
        lines: execLines,
        tasks: [
            task(1, .exec, start: 0, stop: 0.3, state: .cancelled),
            task(2, .exec, start: 0.3, stop: 0.6, state: .cancelled),
            task(3, .exec, start: 0.6, stop: 1.5, state: .cancelled), task(4, .exec, start: 6, stop: 9),
        ],
        readings: readings)

    static let schedule = [
        "✓ schedule: the presses, the close and its reading came before the first exec's L ran out",
        "✓ schedule: the throwing exec had run its L at the reading",
    ]

    @Test("SPEC §4 B1: three execs at once, kept past the close with the view's state, the error lost: matches")
    func b1Matches() {
        #expect(
            outcome(judgeButton(Self.b1Behaviour, as: .b1, tolerance: .exact)) == Self.schedule + [
                "✓ execs started by 3 presses", "✓ most exec tasks running at once (not asked to stop)",
                "✓ execs running after the presses", "✓ execs running after closing the view",
                "✓ view states alive after closing", "✓ view states alive once the work ended",
                "✓ thrown error shown to the user", "✓ thrown error recorded by the registry", "✓ orphan flag",
                "✓ retains-owner flag", "✓ tasks live at the end",
            ])
    }

    @Test("SPEC §4 B2's row on B1's behaviour: overlap, work past the close, the lost error and both flags fail")
    func b1BehaviourFailsB2() {
        #expect(
            outcome(judgeButton(Self.b1Behaviour, as: .b2, tolerance: .exact)) == Self.schedule + [
                "✓ execs started by 3 presses", "✗ most exec tasks running at once (not asked to stop)",
                "✗ execs running after the presses", "✗ execs running after closing the view",
                "✗ view states alive after closing", "✓ view states alive once the work ended",
                "✗ thrown error shown to the user", "✗ orphan flag", "✗ retains-owner flag",
                "✓ tasks live at the end",
            ])
    }

    @Test("SPEC §4 B2 and B3 match B2's behaviour; B3 also checks its first appear; B1's row fails it")
    func b2AndB3() {
        #expect(judgeButton(Self.b2Behaviour, as: .b2, tolerance: .exact).allSatisfy { $0.passed })
        let b3 = outcome(judgeButton(Self.b2Behaviour, as: .b3, tolerance: .exact))
        #expect(b3.count == 13 && b3[2] == "✓ first appear does nothing" && !b3.contains { $0.hasPrefix("✗") })
        var appearing = Self.b2Behaviour
        appearing.readings.startedByAppear = 1
        #expect(
            outcome(judgeButton(appearing, as: .b3, tolerance: .exact)).filter { $0.hasPrefix("✗") } == [
                "✗ first appear does nothing"
            ])
        #expect(
            outcome(judgeButton(Self.b2Behaviour, as: .b1, tolerance: .exact)).filter { $0.hasPrefix("✗") } == [
                "✗ most exec tasks running at once (not asked to stop)", "✗ execs running after the presses",
                "✗ execs running after closing the view", "✗ view states alive after closing",
                "✗ thrown error shown to the user", "✗ orphan flag",
                "✗ retains-owner flag",
            ])
    }

    @Test("SPEC §4: a close read after the first exec's L ran out, or a throwing exec read early, breaks the schedule")
    func schedule() {
        var timeline = Self.b2Behaviour
        timeline.readings.afterClose = at(3.1)
        timeline.readings.afterThrow = at(8)
        let checks = judgeButton(timeline, as: .b2, tolerance: .exact)
        #expect(
            Array(outcome(checks).prefix(2)) == [
                "✗ schedule: the presses, the close and its reading came before the first exec's L ran out",
                "✗ schedule: the throwing exec had run its L at the reading",
            ])
        #expect(checks[1].observed == "no, reading at t = 8.0, exec due at t = 9.0")
    }
}
