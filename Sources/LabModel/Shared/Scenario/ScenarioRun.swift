internal import LifecycleTasks

/// The bookkeeping of one scenario run: its clock origin, log, flags and checks.
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

    /// Does `action` at the current time, then lets its effects settle.
    func act<Action>(_ action: Action, _ actuator: any ScenarioActuator<Action>) async {
        await Self.act(action, actuator, runs: [self])
    }

    /// Lets time pass until `offset` after t = 0, then settles.
    func wait(until offset: Duration) async {
        await Self.wait(until: offset, runs: [self])
    }

    /// Does `action` once for `runs` in lockstep (compare mode: one run per side, their contexts
    /// on one clock, begun at the same moment): every run logs it at the same moment, `actuator`
    /// performs it on every side in the same turn, one settle, then every run checks its flags.
    /// With one run this is ``act(_:_:)``.
    static func act<Action>(_ action: Action, _ actuator: any ScenarioActuator<Action>, runs: [ScenarioRun]) async {
        for run in runs { run.lines.append(.init(t: run.offset(run.context.now), text: "▶ \(action)")) }
        await actuator.perform(action)
        await runs[0].pacer.settle()
        for run in runs { run.checkpoint() }
    }

    /// Lets time pass until `offset` after t = 0 of `runs` (in lockstep, on one clock), then
    /// settles. With one run this is ``wait(until:)``.
    static func wait(until offset: Duration, runs: [ScenarioRun]) async {
        let first = runs[0]
        let delta = first.start + offset - first.context.now
        if delta > .zero { await first.pacer.advance(by: delta) }
        await first.pacer.settle()
        for run in runs { run.checkpoint() }
    }

    /// Times of the strategy's log lines equal to `text`, as durations since t = 0.
    func messages(_ text: String) -> [Duration] {
        messageTimes.filter { $0.text == text }.map { $0.time - start }
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

    func expectTime(_ name: String, at expected: Duration, observed: Double?, expectedText: String? = nil) {
        let text = "t = \(expected.roundedSeconds)" + (expectedText.map { " (\($0))" } ?? "")
        guard let observed else {
            expect(name, expected: text, observed: "never", false)
            return
        }
        expect(
            name, expected: text, observed: "t = \(observed)",
            abs(observed - expected.roundedSeconds) <= pacer.tolerance.roundedSeconds)
    }

    func expectTimes(_ name: String, at expected: [Duration], observed: [Duration]) {
        let tolerance = pacer.tolerance
        let matches =
            expected.count == observed.count
            && zip(expected, observed).allSatisfy { e, o in abs((o - e).roundedSeconds) <= tolerance.roundedSeconds }
        expect(
            name, expected: "at t = \(expected.map(\.roundedSeconds))",
            observed: observed.isEmpty ? "never" : "at t = \(observed.map(\.roundedSeconds))", matches)
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

    /// Takes the verdict for `screen`'s strategy, then, with `cleanUp`, resets the screen (which
    /// cancels what a bug left running) and lets that settle.
    func finish<Strategy, State>(
        _ screen: ViewScreen<Strategy, State>, hideTimes: [Double] = [], cleanUp: Bool
    ) async -> ScenarioVerdict {
        let verdict = verdict(AnyStrategyID(screen.strategy), timeScale: screen.timing.timeScale, hideTimes: hideTimes)
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
                task: record.id.rawValue, name: record.name, strategy: record.origin, owner: record.ownerName,
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
            timeScale: timeScale, matchesSpec: checks.allSatisfy(\.passed), expected: strategy.expectedOutcome,
            checks: checks, hideTimes: hideTimes, log: lines, tasksLeftAlive: live,
            flagsRaised: sortedFlags.filter { !isTransient($0) },
            transientFlags: sortedFlags.filter(isTransient),
            counters: counters, measurements: measurements)
    }

    // MARK: Private

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
                    task: record.id.rawValue, name: record.name, strategy: record.origin, owner: record.ownerName,
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
