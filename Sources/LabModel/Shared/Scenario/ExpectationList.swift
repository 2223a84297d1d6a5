internal import LifecycleTasks

/// The expectations a judge has checked so far, and how each kind is worded: counts, yes-or-no, times
/// within the clock's jitter, the repro's schedule, the registry's flags.
///
/// A value with no clock: times are context times of the timeline it was made for, and each
/// expected or observed text shows them as seconds since its t = 0.
struct ExpectationList {
    /// The timeline's t = 0.
    let start: Duration
    let tolerance: ScenarioTolerance
    private(set) var checks: [ScenarioVerdict.Expectation] = []

    init<Readings>(for timeline: ScenarioTimeline<Readings>, tolerance: ScenarioTolerance) {
        self.start = timeline.start
        self.tolerance = tolerance
    }

    /// Seconds since t = 0.
    func offset(_ time: Duration) -> Double { (time - start).roundedSeconds }

    mutating func expect(_ id: some ExpectationID, expected: String, observed: String, _ passed: Bool) {
        checks.append(.init(name: id.name, expected: expected, observed: observed, passed: passed))
    }

    /// A count the spec fixes; `note` says why, after the number ("5 (keeps polling)").
    mutating func expect(_ id: some ExpectationID, count observed: Int, equals expected: Int, note: String? = nil) {
        expect(id, expected: "\(expected)" + Self.suffix(note), observed: "\(observed)", observed == expected)
    }

    /// A yes-or-no the spec fixes; `note` says why ("yes (the bug)").
    mutating func expect(_ id: some ExpectationID, holds observed: Bool, expected: Bool, note: String? = nil) {
        let yes: (Bool) -> String = { $0 ? "yes" : "no" }
        expect(id, expected: yes(expected) + Self.suffix(note), observed: yes(observed), observed == expected)
    }

    /// A count the spec fixes through real times: `expected` is the fewest and most the right
    /// behaviour can show given when things really happened (a single value unless an edge of
    /// the window fell within the clock's jitter of a timer's tick).
    mutating func expect(
        _ id: some ExpectationID, count observed: Int, within expected: ClosedRange<Int>, note: String? = nil
    ) {
        let range = expected.lowerBound == expected.upperBound ? "\(expected.lowerBound)" : "\(expected)"
        expect(id, expected: range + Self.suffix(note), observed: "\(observed)", expected.contains(observed))
    }

    /// An outcome that must happen at `expected` (a context time derived from real ones: an
    /// action's, a timer's start, plus a spec duration), within the clock's jitter.
    /// - Parameter reason: how `expected` was derived, in the spec's words ("D after the
    ///   second show's timer started").
    mutating func expectTime(_ id: some ExpectationID, at expected: Duration, observed: Duration?, reason: String) {
        let text = "t = \(offset(expected)) (\(reason))"
        guard let observed else {
            expect(id, expected: text, observed: "never", false)
            return
        }
        expect(id, expected: text, observed: "t = \(offset(observed))", isWithinJitter(observed, of: expected))
    }

    /// Outcomes that must happen exactly at `expected` (context times), each within the clock's jitter.
    mutating func expectTimes(
        _ id: some ExpectationID, at expected: [(time: Duration, reason: String)], observed: [Duration]
    ) {
        let matches =
            expected.count == observed.count
            && zip(expected, observed).allSatisfy { isWithinJitter($1, of: $0.time) }
        expect(
            id,
            expected: expected.isEmpty
                ? "never" : "at " + expected.map { "t = \(offset($0.time)) (\($0.reason))" }.joined(separator: ", "),
            observed: observed.isEmpty ? "never" : "at t = \(observed.map { offset($0) })", matches)
    }

    /// A condition the repro's schedule needs before the run can judge the strategy at all
    /// (an order of real actions the spec's repro relies on). When it does not hold, the loop
    /// was too late for this repro: the verdict says the schedule did not hold and does not
    /// claim a match, whatever the other checks say.
    mutating func expectSchedule(_ id: some ExpectationID, holds: Bool, observed: String) {
        checks.append(
            .init(
                name: ScenarioVerdict.Expectation.schedulePrefix + id.name, expected: "yes",
                observed: (holds ? "yes, " : "no, ") + observed, passed: holds))
    }

    /// Which flags must have stood after a step settled: the spec's orphan / retains-owner.
    mutating func expectFlags<Readings>(orphan: Bool, retainsOwner: Bool, in timeline: ScenarioTimeline<Readings>) {
        let raised = Set(timeline.standingFlags(tolerance).map(\.flag))
        func word(_ on: Bool) -> String { on ? "raised" : "not raised" }
        expect(
            SharedExpectation.orphanFlag, expected: word(orphan), observed: word(raised.contains(.orphan)),
            raised.contains(.orphan) == orphan)
        expect(
            SharedExpectation.retainsOwnerFlag, expected: word(retainsOwner),
            observed: word(raised.contains(.retainsOwner)),
            raised.contains(.retainsOwner) == retainsOwner)
    }

    /// Whether a task of the run was marked detached on purpose (SPEC §5: work that must finish).
    mutating func expectDetached<Readings>(_ expected: Bool, in timeline: ScenarioTimeline<Readings>) {
        let raised = timeline.tasks.contains(where: \.isDetached)
        expect(
            SharedExpectation.detachedFlag, expected: expected ? "raised (never orphan)" : "not raised",
            observed: raised ? "raised" : "not raised", raised == expected)
    }

    /// Exactly tasks of these kinds are live at the run's end (P6's timer, which nothing stops),
    /// told apart by kind and shown by name.
    mutating func expectLeftRunning<Readings>(_ names: [TaskName], in timeline: ScenarioTimeline<Readings>) {
        let left = timeline.tasks.filter(\.isLive)
        // A task or a name with no kind matches nothing: only kinds are compared.
        let kinds = { (kinds: [TaskKind?]) in kinds.map { $0?.rawValue ?? "(no kind)" }.sorted() }
        let matches =
            !names.contains { $0.kind == nil } && !left.contains { $0.kind == nil }
            && kinds(left.map(\.kind)) == kinds(names.map(\.kind))
        expect(
            SharedExpectation.tasksLiveAtEnd, expected: names.map(\.text).joined(separator: ", "),
            observed: left.isEmpty ? "none" : left.map(\.name).joined(separator: ", "), matches)
    }

    /// No task of the run is live at its end.
    mutating func expectNothingLeft<Readings>(in timeline: ScenarioTimeline<Readings>) {
        let left = timeline.tasks.filter(\.isLive)
        expect(
            SharedExpectation.tasksLiveAtEnd, expected: "none",
            observed: left.isEmpty ? "none" : left.map(\.name).joined(separator: ", "), left.isEmpty)
    }

    /// How many ticks of a timer grid (`start` + k·`interval`, k ≥ 1) a poller fires between two
    /// moments of the run, as the fewest and the most. A tick due by `upper.due` (less the
    /// clock's jitter) has surely fired before `upper` (timers fire in deadline order); one due
    /// after `upper.at` surely has not; one in between may have (the loop was late). The same at
    /// `lower`. On a punctual loop (`due == at`) only a tick within the jitter of an edge can go
    /// either way.
    func ticks(of start: Duration, every interval: Duration, after lower: Moment, upTo upper: Moment)
        -> ClosedRange<Int>
    {
        precondition(interval > .zero, "ticks(of:every:after:upTo:) needs an interval greater than zero")
        let jitter = tolerance.jitter
        let (origin, step) = (start.nanoseconds, interval.nanoseconds)
        func count(after low: Duration, upTo high: Duration) -> Int {
            // k ≥ 1 with low < start + k·interval <= high, in whole nanoseconds (exact, unlike a
            // division of Durations into a Double).
            let (low, high) = (low.nanoseconds - origin, high.nanoseconds - origin)
            guard high >= step else { return 0 }
            let last = high / step
            let first = low < 0 ? 1 : low / step + 1
            return Int(max(0, last - max(first, 1) + 1))
        }
        let fewest = count(after: max(lower.at, lower.due), upTo: min(upper.due, upper.at) - jitter)
        let most = count(after: min(lower.due, lower.at) - jitter, upTo: max(upper.at, upper.due))
        return fewest...max(fewest, most)
    }

    // MARK: Private

    private static func suffix(_ note: String?) -> String { note.map { " (\($0))" } ?? "" }

    /// Whether `observed` is `expected` give or take the clock's jitter: no earlier than the
    /// jitter allows, and no later than a loaded loop's timers may wake (``ScenarioPacer/lateness``).
    private func isWithinJitter(_ observed: Duration, of expected: Duration) -> Bool {
        let delta = (observed - expected).roundedSeconds
        return delta >= -tolerance.jitter.roundedSeconds
            && delta <= max(tolerance.lateness, tolerance.jitter).roundedSeconds
    }
}
