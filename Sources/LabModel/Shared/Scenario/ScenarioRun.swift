internal import LifecycleTasks

/// The recorder of one scenario run: its clock origin, the verdict's log, the screen's typed
/// lines, the run's tasks, flags and phase changes, and the measurements it reports. Pacing
/// (``act(_:_:)``, ``wait(_:after:)``) is in `ScenarioRun+Pacing.swift`.
///
/// A run records; it does not judge. ``timeline(_:)`` hands what it saw, with the page's own
/// readings, to the page's judge (a pure function of the timeline, the row and the tolerance),
/// and ``verdict(_:timeScale:hideTimes:checks:)`` wraps the judge's checks with the rest of the
/// record.
@MainActor
final class ScenarioRun {
    private struct FlagKey: Hashable {
        var task: Int
        var flag: TaskFlag
    }

    let context: LifecycleContext
    let pacer: ScenarioPacer
    private(set) var start: Duration = .zero
    private var firstTask = 0
    private var log: [ScenarioVerdict.Line] = []
    private var lines: [TimedLine] = []
    private var flags: [FlagKey: FlagSpan] = [:]
    private var measurements: [String: Double] = [:]
    private var phaseChanges: [PhaseChange] = []
    /// Per task of the run: its name, start, and when it was asked to stop or ended.
    private var spans: [TaskID: (name: String, start: Duration, stop: Duration?)] = [:]
    /// Each task's kind, as the registry recorded it at the start (the record may be gone by the end).
    private var kinds: [TaskID: TaskKind] = [:]
    private var tokens: [ObservationToken] = []

    init(context: LifecycleContext, pacer: ScenarioPacer) {
        self.context = context
        self.pacer = pacer
    }

    /// t = 0: from now on, tasks started and lines logged (in the context's log, and typed in
    /// `journal`) belong to this run.
    func begin(journal: ScreenJournal) {
        start = context.now
        firstTask = context.registry.counters.started + 1
        tokens.append(
            context.registry.observe { [weak self] change in
                switch change {
                case .added(let record), .updated(let record): self?.saw(record)
                case .removed: break
                }
            })
        tokens.append(journal.onLine { [weak self] line in self?.lines.append(line) })
        tokens.append(
            context.log.observe { [weak self] event in
                guard let self else { return }
                switch event.kind {
                case .message(let text):
                    self.log.append(.init(t: self.offset(event.time), text: text))
                case .taskStarted(let id, let name) where id.rawValue >= self.firstTask:
                    self.spans[id] = (name, event.time, nil)
                case .taskCancelRequested(let id), .taskEnded(let id, _):
                    if self.spans[id]?.stop == nil { self.spans[id]?.stop = event.time }
                case .scenePhase(let scene, _, let new):
                    self.phaseChanges.append(.init(time: event.time, scene: scene, phase: new))
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

    /// The first typed line at or after `time` for which `matches` holds, and its time.
    func firstLine<Line: ScreenLine>(from time: Duration, where matches: (Line) -> Bool) -> Duration? {
        lines.first { $0.time >= time && $0.line(as: Line.self).map(matches) == true }?.time
    }

    /// When the scene named `scene` first changed to `phase` at or after `time`.
    func phaseChange(of scene: String, to phase: ScenePhase, from time: Duration) -> Duration? {
        phaseChanges.first { $0.time >= time && $0.scene == scene && $0.phase == phase }?.time
    }

    /// A scenario-specific number for the verdict (not judged).
    func measure(_ name: String, _ value: Double) { measurements[name] = value }

    /// Appends an action to the verdict's log, at now.
    func logAction(_ action: some CustomStringConvertible) {
        log.append(.init(t: offset(context.now), text: "▶ \(action)"))
    }

    /// What the run recorded so far, with the page's `readings`.
    func timeline<Readings>(_ readings: Readings) -> ScenarioTimeline<Readings> {
        let recorded = Dictionary(uniqueKeysWithValues: records.map { ($0.id, $0) })
        let ids = Set(recorded.keys).union(spans.keys).sorted { $0.rawValue < $1.rawValue }
        let tasks = ids.map { id in
            let record = recorded[id]
            let span = spans[id]
            let name = record?.name ?? span?.name ?? ""
            return TaskSpan(
                id: id.rawValue, name: name, kind: record?.kind ?? kinds[id],
                start: record?.startedAt ?? span?.start ?? start, stop: span?.stop, end: record?.endedAt,
                state: record?.state, isDetached: record?.isDetached ?? false)
        }
        let sortedFlags = flags.values.sorted { ($0.t, $0.task, $0.flag.rawValue) < ($1.t, $1.task, $1.flag.rawValue) }
        return ScenarioTimeline(
            start: start, lines: lines, tasks: tasks, flags: sortedFlags,
            phaseChanges: phaseChanges, readings: readings)
    }

    /// Takes the verdict for `screen`'s strategy judged as `row` from `checks`, then, with
    /// `cleanUp`, resets the screen (which cancels what a bug left running) and lets that settle.
    func finish(
        _ screen: some ViewScreen, judgedAs row: AnyStrategyID, checks: [ScenarioVerdict.Expectation],
        hideTimes: [Double] = [], cleanUp: Bool
    ) async -> ScenarioVerdict {
        let verdict = verdict(row, timeScale: screen.timing.timeScale, hideTimes: hideTimes, checks: checks)
        if cleanUp {
            screen.reset()
            await pacer.settle()
        }
        return verdict
    }

    /// The verdict: the judge's `checks` on what the run recorded. Stops recording.
    func verdict(
        _ strategy: AnyStrategyID, timeScale: Double, hideTimes: [Double], checks: [ScenarioVerdict.Expectation]
    ) -> ScenarioVerdict {
        tokens.forEach { $0.cancel() }
        tokens = []
        let live = liveRecords.map { record in
            ScenarioVerdict.LiveTask(
                task: record.id.rawValue, name: record.name, strategy: record.label.rawValue, owner: record.ownerName,
                state: "\(record.state)", startedAt: offset(record.startedAt), isOrphan: record.isOrphan,
                retainsOwner: record.retainsOwner)
        }
        let flags = timeline(()).flags
        let tolerance = pacer.judgeTolerance
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
        let scheduleHeld = !checks.contains { $0.isSchedule && !$0.passed }
        return ScenarioVerdict(
            scenario: strategy.page, strategy: strategy.rawValue, title: strategy.title, isBuggy: strategy.isBuggy,
            timeScale: timeScale, matchesSpec: scheduleHeld && checks.allSatisfy(\.passed),
            scheduleHeld: scheduleHeld, expected: strategy.expectedOutcome,
            checks: checks, hideTimes: hideTimes, log: log, tasksLeftAlive: live,
            flagsRaised: flags.filter { !$0.isTransient(tolerance) }.map(\.verdictFlag),
            transientFlags: flags.filter { $0.isTransient(tolerance) }.map(\.verdictFlag),
            counters: counters, measurements: measurements)
    }

    /// Catches a flag set without a change notification (after each step settled).
    func checkpoint() {
        for record in liveRecords { saw(record) }
    }

    // MARK: Private

    private func saw(_ record: TaskRecord) {
        guard record.id.rawValue >= firstTask else { return }
        if let kind = record.kind { kinds[record.id] = kind }
        // The registry keeps the orphan flag on an ended record (history); for the run a flag
        // stands only while its task is live.
        note(record, .orphan, on: record.isLive && record.isOrphan)
        note(record, .retainsOwner, on: record.isLive && record.retainsOwner)
    }

    private func note(_ record: TaskRecord, _ flag: TaskFlag, on: Bool) {
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
}
