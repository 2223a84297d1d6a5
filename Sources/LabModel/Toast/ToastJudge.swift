import Gettext

/// What the toast repro (SPEC §3) read off its screen, besides the typed lines and tasks.
struct ToastReadings: Sendable, Hashable {
    /// D.
    var toastDuration: Duration
    /// T8's save length (2D/3).
    var saveDuration: Duration
    /// When the presses were really delivered (context times).
    var firstShow: Duration
    var hide: Duration
    var secondShow: Duration
    /// When each hide started (a timer's hide then slides out).
    var hides: [Duration]
    /// Live timers (not T7's countdowns or T8's saves) once the second toast was up.
    var timersAfterSecondShow: Int
}

/// The checks of the toast repro.
enum ToastExpectation: ExpectationID, CaseIterable {
    case scheduleSecondShowInTime
    case hiddenByButton
    case secondHidesEarly
    case secondHidesAfterFullD
    case hidesInRun
    case taskCancelNothingCancelled
    case taskCancel
    case taskCancelBagsOneTask
    case countdownAfterHide
    case countdownEndsByItself
    case countdownCancelled
    case taskCancelTaskTimer
    case savedEachSave
    case saveCancelled
    case autoDismissedEarly
    case taskCancelSwallowed
    case liveTimers
    var message: StaticString {
        switch self {
        case .scheduleSecondShowInTime:
            trMark("the Hide press and the second show came before the first toast's D ran out")
        case .hiddenByButton: trMark("toast hidden by the button")
        case .secondHidesEarly: trMark("second toast hides early (stale first timer)")
        case .secondHidesAfterFullD: trMark("second toast hides after a full D")
        case .hidesInRun: trMark("hides in the run")
        case .taskCancelNothingCancelled: trMark("\"task cancel\" logged (nothing is cancelled)")
        case .taskCancel: trMark("\"task cancel\" logged")
        case .taskCancelBagsOneTask: trMark("\"task cancel\" logged (the timer, the bag's one task)")
        case .countdownAfterHide: trMark("first countdown after the hide")
        case .countdownEndsByItself: trMark("first countdown ends by itself")
        case .countdownCancelled: trMark("\"countdown cancelled\" logged")
        case .taskCancelTaskTimer: trMark("\"task cancel\" logged (the .task timer)")
        case .savedEachSave: trMark("\"saved\" logged (each save runs to its end)")
        case .saveCancelled: trMark("\"save cancelled\" logged")
        case .autoDismissedEarly: trMark("\"auto-dismissed\" logged early")
        case .taskCancelSwallowed: trMark("\"task cancel\" logged (try? swallows it)")
        case .liveTimers: trMark("live timers once the second toast is up")
        }
    }
}

extension ScenarioTimeline<ToastReadings> {
    /// When the timer of the toast shown at `show` really started: its "sleep start" line
    /// (T1, T2, T4–T8), or the show itself for T3, whose timer logs nothing.
    func timerStart(after show: Duration) -> Duration {
        firstLine(from: show) { (line: ToastLine) in line == .sleepStart } ?? show
    }
}

/// SPEC §3's row for `row`, checked on a toast repro's timeline: the button's hide comes at the
/// Hide press; T1's and T6's second hide comes D after the *first* show's timer really started,
/// the others' D after the second's; "task cancel" (T2, T4, T5, T7, T8) and T3's early
/// "auto-dismissed" at the Hide press; T7's countdown ends 9 steps after it started, T8's
/// "saved" a save's length after its "save start".
func judgeToast(
    _ timeline: ScenarioTimeline<ToastReadings>, as row: ToastStrategyID, tolerance: ScenarioTolerance
) -> [ScenarioVerdict.Expectation] {
    var checks = ExpectationList(for: timeline, tolerance: tolerance)
    let r = timeline.readings
    let d = r.toastDuration
    let firstTimer = timeline.timerStart(after: r.firstShow)
    let secondTimer = timeline.timerStart(after: r.secondShow)
    let bug = row == .t1 || row == .t6
    // The repro shows T1's bug only if the first toast's timer is still pending when the
    // second toast is up: both presses must come before its D runs out.
    checks.expectSchedule(
        ToastExpectation.scheduleSecondShowInTime,
        holds: r.secondShow + tolerance.jitter < firstTimer + d,
        observed:
            "second show at t = \(checks.offset(r.secondShow)), D ran out at t = \(checks.offset(firstTimer + d))")
    checks.expectTime(ToastExpectation.hiddenByButton, at: r.hide, observed: r.hides.first, reason: "the Hide press")
    let secondHide = r.hides.count > 1 ? r.hides[1] : nil
    if bug {
        checks.expectTime(
            ToastExpectation.secondHidesEarly, at: firstTimer + d, observed: secondHide,
            reason: "D after the first show's timer started")
    } else {
        checks.expectTime(
            ToastExpectation.secondHidesAfterFullD, at: secondTimer + d, observed: secondHide,
            reason: "D after the second show's timer started")
    }
    checks.expect(ToastExpectation.hidesInRun, count: r.hides.count, equals: 2)
    let cancels = timeline.times(of: ToastLine.taskCancel)
    let atHide = [(time: r.hide, reason: "the Hide press")]
    switch row {
    case .t1, .t6:
        checks.expectTimes(ToastExpectation.taskCancelNothingCancelled, at: [], observed: cancels)
    case .t2, .t4, .t5:
        checks.expectTimes(ToastExpectation.taskCancel, at: atHide, observed: cancels)
    case .t7:
        checks.expectTimes(ToastExpectation.taskCancelBagsOneTask, at: atHide, observed: cancels)
        let countdown = timeline.tasks.first { $0.kind == .countdown && $0.state != nil }
        checks.expect(
            ToastExpectation.countdownAfterHide, expected: "finished (never cancelled)",
            observed: countdown?.state.map { "\($0)" } ?? "never started", countdown?.state == .finished)
        // Nine sleeps of D/10, each from the last one's wake-up: each wake-up may be a jitter
        // late, so the end may be up to nine jitters after 0.9 D (never before it).
        let countdownDue = (countdown?.start ?? r.firstShow) + d * 9 / 10
        let countdownLatest = countdownDue + tolerance.jitter * 9
        let countdownEnd = countdown?.end
        checks.expect(
            ToastExpectation.countdownEndsByItself,
            expected:
                "t = \(checks.offset(countdownDue)) (nine steps of D/10 after it started), "
                + "by t = \(checks.offset(countdownLatest)) (each step may wake a jitter late)",
            observed: countdownEnd.map { "t = \(checks.offset($0))" } ?? "never",
            countdownEnd.map { $0 >= countdownDue - tolerance.jitter && $0 <= countdownLatest } ?? false)
        checks.expectTimes(
            ToastExpectation.countdownCancelled, at: [], observed: timeline.times(of: ToastLine.countdownCancelled))
    case .t8:
        checks.expectTimes(ToastExpectation.taskCancelTaskTimer, at: atHide, observed: cancels)
        let saves = [r.firstShow, r.secondShow].map { show in
            (
                time: (timeline.firstLine(from: show) { (line: ToastLine) in line == .saveStart } ?? show)
                    + r.saveDuration,
                reason: "2D/3 after its save started"
            )
        }
        checks.expectTimes(ToastExpectation.savedEachSave, at: saves, observed: timeline.times(of: ToastLine.saved))
        checks.expectTimes(
            ToastExpectation.saveCancelled, at: [], observed: timeline.times(of: ToastLine.saveCancelled))
    case .t3:
        checks.expectTimes(
            ToastExpectation.autoDismissedEarly,
            at: [(r.hide, "the Hide press"), (secondTimer + d, "D after the second show")],
            observed: timeline.times(of: ToastLine.autoDismissed))
        checks.expectTimes(ToastExpectation.taskCancelSwallowed, at: [], observed: cancels)
    }
    checks.expect(ToastExpectation.liveTimers, count: r.timersAfterSecondShow, equals: bug ? 2 : 1)
    checks.expectFlags(orphan: bug || row == .t7, retainsOwner: row == .t6, in: timeline)
    checks.expectDetached(row == .t8, in: timeline)
    checks.expectNothingLeft(in: timeline)
    return checks.checks
}
