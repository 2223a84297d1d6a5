import Gettext

/// What seed 001's repro read off the button screen, besides the typed lines and tasks.
struct ButtonReadings: Sendable, Hashable {
    /// L.
    var workDuration: Duration
    /// Execs the first show started by itself.
    var startedByAppear = 0
    /// When the first and second presses were really delivered.
    var firstPress: Duration = .zero
    var secondPress: Duration = .zero
    /// Execs running L/10 after the third press.
    var runningAfterPresses = 0
    /// When the reading after the close was taken.
    var afterClose: Duration = .zero
    /// Execs running, and view states alive, at that reading.
    var runningAfterClose = 0
    var statesAfterClose = 0
    /// Execs started once every exec had run its L, and view states alive then.
    var startedPhaseA = 0
    var statesAfterWork = 0
    /// When those were read (the exec tasks started by then are the presses').
    var afterWork: Duration = .zero
    /// When the throwing press was delivered, and when the reading after it was taken.
    var throwingPress: Duration = .zero
    var afterThrow: Duration = .zero
    /// Errors shown to the user at that reading, and execs the registry had recorded as failed.
    var errorsShown = 0
    var failedInRegistry = 0
}

/// The checks of seed 001's repro.
enum ButtonExpectation: ExpectationID, CaseIterable {
    case scheduleReadingBeforeFirstExecEnds
    case scheduleThrowingExecRan
    case firstAppearDoesNothing
    case execsStarted
    case mostRunningAtOnce
    case runningAfterPresses
    case runningAfterClose
    case statesAfterClose
    case statesAfterWork
    case errorShown
    case errorRecorded
    var message: StaticString {
        switch self {
        case .scheduleReadingBeforeFirstExecEnds:
            trMark("the presses, the close and its reading came before the first exec's L ran out")
        case .scheduleThrowingExecRan: trMark("the throwing exec had run its L at the reading")
        case .firstAppearDoesNothing: trMark("first appear does nothing")
        case .execsStarted: trMark("execs started by 3 presses")
        case .mostRunningAtOnce: trMark("most exec tasks running at once (not asked to stop)")
        case .runningAfterPresses: trMark("execs running after the presses")
        case .runningAfterClose: trMark("execs running after closing the view")
        case .statesAfterClose: trMark("view states alive after closing")
        case .statesAfterWork: trMark("view states alive once the work ended")
        case .errorShown: trMark("thrown error shown to the user")
        case .errorRecorded: trMark("thrown error recorded by the registry")
        }
    }
}

/// Seed 001's row for `row`, checked on a button repro's timeline: B1 runs every press's exec
/// at once, keeps them and the view's state past the close and loses the error; B2 and B3 run
/// one at a time, stop at the close and show the error; B3 does nothing at its first appear.
func judgeButton(
    _ timeline: ScenarioTimeline<ButtonReadings>, as row: ButtonStrategyID, tolerance: ScenarioTolerance
) -> [ScenarioVerdict.Expectation] {
    var checks = ExpectationList(for: timeline, tolerance: tolerance)
    let r = timeline.readings
    let l = r.workDuration
    let throwingExec = timeline.firstLine(from: r.throwingPress, where: \ButtonLine.isExecStart) ?? r.throwingPress
    // The readings after the presses and after the close show what closing does only while
    // the first exec still has work left; the later readings need every exec to have run its L.
    let firstExec = timeline.firstLine(from: r.firstPress) { (line: ButtonLine) in line.isExecStart }.flatMap {
        $0 < r.secondPress ? $0 : nil
    }
    let firstExecEnds = (firstExec ?? r.firstPress) + l
    checks.expectSchedule(
        ButtonExpectation.scheduleReadingBeforeFirstExecEnds,
        holds: r.afterClose + tolerance.jitter < firstExecEnds,
        observed: "reading at t = \(checks.offset(r.afterClose)), L ran out at t = \(checks.offset(firstExecEnds))")
    checks.expectSchedule(
        ButtonExpectation.scheduleThrowingExecRan,
        holds: r.afterThrow >= throwingExec + l + tolerance.jitter,
        observed:
            "reading at t = \(checks.offset(r.afterThrow)), exec due at t = \(checks.offset(throwingExec + l))")
    if row == .b3 {
        checks.expect(
            ButtonExpectation.firstAppearDoesNothing, expected: "0 execs", observed: "\(r.startedByAppear) execs",
            r.startedByAppear == 0)
    }
    checks.expect(ButtonExpectation.execsStarted, count: r.startedPhaseA, equals: 3)
    let expectedConcurrent = row == .b1 ? 3 : 1
    checks.expect(
        ButtonExpectation.mostRunningAtOnce, count: timeline.maxRunningAtOnce(.exec, startedBy: r.afterWork),
        equals: expectedConcurrent)
    checks.expect(ButtonExpectation.runningAfterPresses, count: r.runningAfterPresses, equals: expectedConcurrent)
    checks.expect(
        ButtonExpectation.runningAfterClose, count: r.runningAfterClose, equals: row == .b1 ? 3 : 0,
        note: row == .b1 ? "closing stops nothing" : nil)
    checks.expect(
        ButtonExpectation.statesAfterClose, count: r.statesAfterClose, equals: row == .b1 ? 1 : 0,
        note: row == .b1 ? "kept by the tasks" : "released at once")
    checks.expect(ButtonExpectation.statesAfterWork, count: r.statesAfterWork, equals: 0)
    checks.expect(
        ButtonExpectation.errorShown, holds: r.errorsShown > 0, expected: row != .b1,
        note: row == .b1 ? "it vanishes" : nil)
    if row == .b1 {
        checks.expect(
            ButtonExpectation.errorRecorded, expected: "failed", observed: "\(r.failedInRegistry) failed",
            r.failedInRegistry == 1)
    }
    checks.expectFlags(orphan: row == .b1, retainsOwner: row == .b1, in: timeline)
    checks.expectNothingLeft(in: timeline)
    return checks.checks
}
