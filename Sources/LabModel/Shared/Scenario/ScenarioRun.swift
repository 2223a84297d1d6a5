internal import LifecycleTasks

/// A moment of a run: when it was due by the run's schedule, and when it really came (later on
/// a late loop). For an edge that is not a wait (a phase change), `due` is the earliest time
/// work queued before it could still have been waiting.
struct Moment {
    var due: Duration
    var at: Duration

    /// A moment that came exactly when due (a timer's start, a test clock's instant).
    static func exact(_ time: Duration) -> Moment { Moment(due: time, at: time) }
}

/// The bookkeeping of one scenario run: its clock origin, log, flags and checks.
///
/// A run judges behaviour, not the main loop's punctuality. Every action records when it
/// really happened (``act(_:_:)`` returns that context time), every wait is measured from a
/// real time (``wait(_:after:)``), and every time check compares an outcome with the real time
/// of what it follows: "the second hide comes D after the first show's timer really started",
/// not "at t = D". The pacer's tolerance is left for the clock's own jitter (a wake-up a few
/// milliseconds late). Where lateness broke the repro itself (the second toast shown after
/// the first one's D ran out, so T1's stale timer has nothing left to hide), the run says its
/// schedule did not hold (``ScenarioVerdict/scheduleHeld``) rather than judge the strategy.
@MainActor
final class ScenarioRun {
    private struct FlagKey: Hashable {
        var task: Int
        var flag: String
    }

    let context: LifecycleContext
    let pacer: ScenarioPacer
    private(set) var start: Duration = .zero
    private var firstTask = 0
    private var lines: [ScenarioVerdict.Line] = []
    private var flags: [FlagKey: ScenarioVerdict.Flag] = [:]
    private var checks: [ScenarioVerdict.Check] = []
    private var measurements: [String: Double] = [:]
    private var messageTimes: [(time: Duration, text: String)] = []
    private var phaseChanges: [(time: Duration, scene: String, phase: ScenePhase)] = []
    private var scheduleHeld = true
    /// Per task of the run: its name, start, and when it was asked to stop or ended.
    private var spans: [TaskID: (name: String, start: Duration, stop: Duration?)] = [:]
    private var tokens: [ObservationToken] = []

    init(context: LifecycleContext, pacer: ScenarioPacer) {
        self.context = context
        self.pacer = pacer
    }

    /// t = 0: from now on, tasks started and lines logged belong to this run.
    func begin() {
        start = context.now
        firstTask = context.registry.counters.started + 1
        tokens.append(
            context.registry.observe { [weak self] change in
                switch change {
                case .added(let record), .updated(let record): self?.saw(record)
                case .removed: break
                }
            })
        tokens.append(
            context.log.observe { [weak self] event in
                guard let self else { return }
                switch event.kind {
                case .message(let text):
                    self.messageTimes.append((event.time, text))
                    self.lines.append(.init(t: self.offset(event.time), text: text))
                case .taskStarted(let id, let name) where id.rawValue >= self.firstTask:
                    self.spans[id] = (name, event.time, nil)
                case .taskCancelRequested(let id), .taskEnded(let id, _):
                    if self.spans[id]?.stop == nil { self.spans[id]?.stop = event.time }
                case .scenePhase(let scene, _, let new):
                    self.phaseChanges.append((event.time, scene, new))
                default:
                    break
                }
            })
    }

    /// Seconds since t = 0.
    func offset(_ time: Duration) -> Double { (time - start).roundedSeconds }

    /// Every record of this run still in the registry, by id.
    var records: [TaskRecord] { context.registry.records.filter { $0.id.rawValue >= firstTask } }

    /// This run's live records, by id.
    var liveRecords: [TaskRecord] { context.registry.liveRecords.filter { $0.id.rawValue >= firstTask } }

    /// The context's time now (a reading's real time).
    var now: Duration { context.now }

    /// Does `action` now, then lets its effects settle.
    /// - Returns: the context time the action was delivered (the actuator returned: a click has
    ///   run its handler, a window action has seen its phase), before the settle.
    @discardableResult
    func act<Action>(_ action: Action, _ actuator: any ScenarioActuator<Action>) async -> Duration {
        await Self.act(action, actuator, runs: [self])
    }

    /// Lets time pass until `delay` after `anchor` (a real time: an action's, a timer's start),
    /// then settles. Already past (the loop was late): only settles.
    /// - Returns: the context time after the settle, when the caller takes its readings.
    @discardableResult
    func wait(_ delay: Duration, after anchor: Duration) async -> Duration {
        await pass(delay, after: anchor).at
    }

    /// ``wait(_:after:)``, returning also when the wait was due: on a late loop a reading
    /// taken at `at` has seen every timer due by `due`, and maybe some due up to `at`.
    func pass(_ delay: Duration, after anchor: Duration) async -> Moment {
        await Self.pass(delay, after: anchor, runs: [self])
    }

    /// Does `action` once for `runs` in lockstep (compare mode: one run per side, their contexts
    /// on one clock, begun at the same moment): every run logs it at the same moment, `actuator`
    /// performs it on every side in the same turn, one settle, then every run checks its flags.
    /// With one run this is ``act(_:_:)``.
    /// - Returns: the clock's time the action was delivered on every side, before the settle.
    @discardableResult
    static func act<Action>(_ action: Action, _ actuator: any ScenarioActuator<Action>, runs: [ScenarioRun]) async
        -> Duration
    {
        for run in runs { run.lines.append(.init(t: run.offset(run.context.now), text: "▶ \(action)")) }
        await actuator.perform(action)
        let delivered = runs[0].context.now
        await runs[0].pacer.settle()
        for run in runs { run.checkpoint() }
        return delivered
    }

    /// Lets time pass until `delay` after `anchor` (a real time on the clock `runs` share), then
    /// settles; already past: only settles. With one run this is ``pass(_:after:)``.
    /// - Returns: when the wait was due and when the readings after it are taken.
    static func pass(_ delay: Duration, after anchor: Duration, runs: [ScenarioRun]) async -> Moment {
        let first = runs[0]
        let due = anchor + delay
        let remaining = due - first.context.now
        if remaining > .zero { await first.pacer.advance(by: remaining) }
        await first.pacer.settle()
        for run in runs { run.checkpoint() }
        return Moment(due: due, at: first.context.now)
    }

    /// The first strategy log line at or after `time` for which `matches` holds, and its time.
    func firstMessage(from time: Duration, where matches: (String) -> Bool) -> Duration? {
        messageTimes.first { $0.time >= time && matches($0.text) }?.time
    }

    /// When the scene named `scene` first changed to `phase` at or after `time`.
    func phaseChange(of scene: String, to phase: ScenePhase, from time: Duration) -> Duration? {
        phaseChanges.first { $0.time >= time && $0.scene == scene && $0.phase == phase }?.time
    }

    /// Context times of the strategy's log lines equal to `text`.
    func messages(_ text: String) -> [Duration] {
        messageTimes.filter { $0.text == text }.map(\.time)
    }

    func measure(_ name: String, _ value: Double) { measurements[name] = value }

    /// The most tasks named `name` running at once, a task counting from its start until it was
    /// asked to stop (or ended): a run cancelled at the instant the next starts does not overlap it.
    func maxRunningAtOnce(named name: String) -> Int {
        let named = spans.values.filter { $0.name == name }
        return named.map { span in
            named.count { $0.start <= span.start && ($0.stop.map { $0 > span.start } ?? true) }
        }.max() ?? 0
    }

    func expect(_ name: String, expected: String, observed: String, _ passed: Bool) {
        checks.append(.init(name: name, expected: expected, observed: observed, passed: passed))
    }

    /// A count the spec fixes; `note` says why, after the number ("5 (keeps polling)").
    func expect(_ name: String, count observed: Int, equals expected: Int, note: String? = nil) {
        expect(
            name, expected: "\(expected)" + (note.map { " (\($0))" } ?? ""), observed: "\(observed)",
            observed == expected)
    }

    /// A yes-or-no the spec fixes; `note` says why ("yes (the bug)").
    func expect(_ name: String, holds observed: Bool, expected: Bool, note: String? = nil) {
        let yes: (Bool) -> String = { $0 ? "yes" : "no" }
        expect(
            name, expected: yes(expected) + (note.map { " (\($0))" } ?? ""), observed: yes(observed),
            observed == expected)
    }

    /// An outcome that must happen at `expected` (a context time derived from real ones: an
    /// action's, a timer's start, plus a spec duration), within the clock's jitter.
    /// - Parameter reason: how `expected` was derived, in the spec's words ("D after the
    ///   second show's timer started").
    func expectTime(_ name: String, at expected: Duration, observed: Duration?, reason: String) {
        let text = "t = \(offset(expected)) (\(reason))"
        guard let observed else {
            expect(name, expected: text, observed: "never", false)
            return
        }
        expect(name, expected: text, observed: "t = \(offset(observed))", isWithinJitter(observed, of: expected))
    }

    /// Outcomes that must happen exactly at `expected` (context times), each within the clock's jitter.
    func expectTimes(_ name: String, at expected: [(time: Duration, reason: String)], observed: [Duration]) {
        let matches =
            expected.count == observed.count
            && zip(expected, observed).allSatisfy { isWithinJitter($1, of: $0.time) }
        expect(
            name,
            expected: expected.isEmpty
                ? "never" : "at " + expected.map { "t = \(offset($0.time)) (\($0.reason))" }.joined(separator: ", "),
            observed: observed.isEmpty ? "never" : "at t = \(observed.map { offset($0) })", matches)
    }

    /// A count the spec fixes through real times: `expected` is the fewest and most the right
    /// behaviour can show given when things really happened (a single value unless an edge of
    /// the window fell within the clock's jitter of a timer's tick).
    func expect(_ name: String, count observed: Int, within expected: ClosedRange<Int>, note: String? = nil) {
        let range = expected.lowerBound == expected.upperBound ? "\(expected.lowerBound)" : "\(expected)"
        expect(
            name, expected: range + (note.map { " (\($0))" } ?? ""), observed: "\(observed)",
            expected.contains(observed))
    }

    /// A condition the repro's schedule needs before the run can judge the strategy at all
    /// (an order of real actions the spec's repro relies on). When it does not hold, the loop
    /// was too late for this repro: the verdict says the schedule did not hold and does not
    /// claim a match, whatever the other checks say.
    func expectSchedule(_ name: String, holds: Bool, observed: String) {
        expect(
            ScenarioVerdict.Check.schedulePrefix + name, expected: "yes",
            observed: (holds ? "yes, " : "no, ") + observed, holds)
        if !holds { scheduleHeld = false }
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
        let jitter = pacer.tolerance
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

    /// Which flags must have stood after a step settled: the spec's orphan / retains-owner.
    func expectFlags(orphan: Bool, retainsOwner: Bool) {
        let raised = Set(standingFlags.map(\.flag))
        expect(
            "orphan flag", expected: orphan ? "raised" : "not raised",
            observed: raised.contains("orphan") ? "raised" : "not raised", raised.contains("orphan") == orphan)
        expect(
            "retains-owner flag", expected: retainsOwner ? "raised" : "not raised",
            observed: raised.contains("retains owner") ? "raised" : "not raised",
            raised.contains("retains owner") == retainsOwner)
    }

    /// Whether a task of the run was marked detached on purpose (SPEC §5: work that must finish).
    func expectDetached(_ expected: Bool) {
        let raised = records.contains(where: \.isDetached)
        expect(
            "detached flag", expected: expected ? "raised (never orphan)" : "not raised",
            observed: raised ? "raised" : "not raised", raised == expected)
    }

    func expectNothingLeft() {
        let left = liveRecords
        expect(
            "tasks live at the end", expected: "none",
            observed: left.isEmpty ? "none" : left.map(\.name).joined(separator: ", "),
            left.isEmpty)
    }

    /// Takes the verdict for `screen`'s strategy (or, with `row`, judged against that row), then,
    /// with `cleanUp`, resets the screen (which cancels what a bug left running) and lets that settle.
    func finish<Strategy, State>(
        _ screen: ViewScreen<Strategy, State>, judgedAs row: AnyStrategyID? = nil, hideTimes: [Double] = [],
        cleanUp: Bool
    ) async -> ScenarioVerdict {
        let verdict = verdict(
            row ?? AnyStrategyID(screen.strategy), timeScale: screen.timing.timeScale, hideTimes: hideTimes)
        if cleanUp {
            screen.reset()
            await pacer.settle()
        }
        return verdict
    }

    func verdict(_ strategy: AnyStrategyID, timeScale: Double, hideTimes: [Double]) -> ScenarioVerdict {
        tokens.forEach { $0.cancel() }
        tokens = []
        let live = liveRecords.map { record in
            ScenarioVerdict.LiveTask(
                task: record.id.rawValue, name: record.name, strategy: record.label.rawValue, owner: record.ownerName,
                state: "\(record.state)", startedAt: offset(record.startedAt), isOrphan: record.isOrphan,
                retainsOwner: record.retainsOwner)
        }
        let sortedFlags = flags.values.sorted { ($0.t, $0.task, $0.flag) < ($1.t, $1.task, $1.flag) }
        var counters = RegistryCounters()
        for record in records {
            counters.started += 1
            switch record.state {
            case .running, .cancelling:
                counters.live += 1
                if record.isOrphan { counters.orphaned += 1 }
            case .cancelled: counters.cancelled += 1
            case .finished: counters.finished += 1
            case .failed: counters.failed += 1
            }
        }
        return ScenarioVerdict(
            scenario: strategy.page, strategy: strategy.rawValue, title: strategy.title, isBuggy: strategy.isBuggy,
            timeScale: timeScale, matchesSpec: scheduleHeld && checks.allSatisfy(\.passed),
            scheduleHeld: scheduleHeld, expected: strategy.expectedOutcome,
            checks: checks, hideTimes: hideTimes, log: lines, tasksLeftAlive: live,
            flagsRaised: sortedFlags.filter { !isTransient($0) },
            transientFlags: sortedFlags.filter(isTransient),
            counters: counters, measurements: measurements)
    }

    // MARK: Private

    /// Whether `observed` is `expected` give or take the clock's jitter: no earlier than the
    /// jitter allows, and no later than a loaded loop's timers may wake (``ScenarioPacer/lateness``).
    private func isWithinJitter(_ observed: Duration, of expected: Duration) -> Bool {
        let delta = (observed - expected).roundedSeconds
        return delta >= -pacer.tolerance.roundedSeconds
            && delta <= max(pacer.lateness, pacer.tolerance).roundedSeconds
    }

    /// Flags that stood for longer than the pacer's tolerance (or still stand).
    private var standingFlags: [ScenarioVerdict.Flag] { flags.values.filter { !isTransient($0) } }

    /// Raised and cleared within the tolerance: the same instant on a test clock.
    private func isTransient(_ flag: ScenarioVerdict.Flag) -> Bool {
        guard let until = flag.until else { return false }
        return until - flag.t <= pacer.tolerance.roundedSeconds
    }

    private func saw(_ record: TaskRecord) {
        guard record.id.rawValue >= firstTask else { return }
        // The registry keeps the orphan flag on an ended record (history); for the run a flag
        // stands only while its task is live.
        note(record, "orphan", on: record.isLive && record.isOrphan)
        note(record, "retains owner", on: record.isLive && record.retainsOwner)
    }

    private func note(_ record: TaskRecord, _ flag: String, on: Bool) {
        let key = FlagKey(task: record.id.rawValue, flag: flag)
        let now = offset(context.now)
        if on {
            if var existing = flags[key], existing.until != nil {
                existing.until = nil  // raised again
                flags[key] = existing
            } else if flags[key] == nil {
                flags[key] = .init(
                    task: record.id.rawValue, name: record.name, strategy: record.label.rawValue,
                    owner: record.ownerName,
                    flag: flag, t: now, until: nil)
            }
        } else if var existing = flags[key], existing.until == nil {
            existing.until = now
            flags[key] = existing
        }
    }

    private func checkpoint() {
        // Catches a flag set without a change notification.
        for record in liveRecords { saw(record) }
    }
}
