internal import LifecycleTasks

/// A moment of a run: when it was due by the run's schedule, and when it really came (later on
/// a late loop). For an edge that is not a wait (a phase change), `due` is the earliest time
/// work queued before it could still have been waiting.
struct Moment: Sendable, Hashable {
    var due: Duration
    var at: Duration

    /// A moment that came exactly when due (a timer's start, a test clock's instant).
    static func exact(_ time: Duration) -> Moment { Moment(due: time, at: time) }
}

/// How far a judge lets an outcome stray from the time derived for it (see ``ScenarioPacer``).
struct ScenarioTolerance: Sendable, Hashable {
    /// The clock's own jitter, either way.
    var jitter: Duration
    /// How much later an outcome may come (at least ``jitter`` is allowed).
    var lateness: Duration

    /// No jitter at all: a test clock.
    static let exact = ScenarioTolerance(jitter: .zero, lateness: .zero)
}

extension ScenarioPacer {
    /// The tolerance a judge gives the outcomes of a run paced by this pacer.
    var judgeTolerance: ScenarioTolerance { ScenarioTolerance(jitter: tolerance, lateness: lateness) }
}

/// A flag the registry raises on a task (SPEC §5).
enum TaskFlag: String, Sendable, Hashable, CaseIterable {
    /// The task outlived its owner.
    case orphan = "orphan"
    /// The task keeps its owner's state alive.
    case retainsOwner = "retains owner"
}

/// A task of a run, from its start to when it was asked to stop or ended.
struct TaskSpan: Sendable, Hashable {
    var id: Int
    /// Its name, for a person (the judges read ``kind``, which a page gives where it starts
    /// the task, so rewording a name changes no verdict).
    var name: String
    var kind: TaskKind?
    var start: Duration
    /// When it was asked to stop, or ended, whichever came first.
    var stop: Duration?
    /// When it ended.
    var end: Duration?
    /// Its state at the end of the run (`nil`: the registry no longer holds it).
    var state: TaskState?
    /// Marked detached on purpose (SPEC §5: work that must finish).
    var isDetached = false

    /// Still running or cancelling at the end of the run.
    var isLive: Bool { state?.isLive ?? false }
}

/// A flag a task of the run carried, and when (seconds since t = 0, as the verdict shows them).
struct FlagSpan: Sendable, Hashable {
    var task: Int
    var name: String
    var strategy: String
    var owner: String
    var flag: TaskFlag
    var t: Double
    /// When it was cleared; `nil` if it still stood at the end.
    var until: Double?

    /// Raised and cleared within the jitter: the same instant on a test clock.
    func isTransient(_ tolerance: ScenarioTolerance) -> Bool {
        guard let until else { return false }
        return until - t <= tolerance.jitter.roundedSeconds
    }

    /// The flag as a verdict reports it.
    var verdictFlag: ScenarioVerdict.Flag {
        .init(task: task, name: name, strategy: strategy, owner: owner, flag: flag.rawValue, t: t, until: until)
    }
}

/// A scene's change of phase, as a run records it.
struct PhaseChange: Sendable, Hashable {
    var time: Duration
    var scene: String
    var phase: ScenePhase
}

/// What a scenario run recorded, as a value: when it began, the strategy's typed log lines, the
/// run's tasks and flags, the scene's phase changes, and the page's own `readings` (the real
/// moments of its actions and what the screen showed at each reading). A page's judge turns it
/// into checks with no clock and no screen, so a test can hand-build one.
struct ScenarioTimeline<Readings: Sendable>: Sendable {
    /// t = 0, a context time.
    var start: Duration = .zero
    var lines: [TimedLine] = []
    /// The run's tasks, by id.
    var tasks: [TaskSpan] = []
    var flags: [FlagSpan] = []
    var phaseChanges: [PhaseChange] = []
    var readings: Readings

    /// Context times at which `line` was logged.
    func times<Line: ScreenLine>(of line: Line) -> [Duration] {
        lines.filter { $0.line(as: Line.self) == line }.map(\.time)
    }

    /// The first line of `Line`'s at or after `time` for which `matches` holds, and its time.
    func firstLine<Line: ScreenLine>(from time: Duration, where matches: (Line) -> Bool) -> Duration? {
        lines.first { $0.time >= time && $0.line(as: Line.self).map(matches) == true }?.time
    }

    /// The most tasks of `kind` running at once among those started by `time`, a task counting
    /// from its start until it was asked to stop (or ended): a run cancelled at the instant the
    /// next starts does not overlap it.
    func maxRunningAtOnce(_ kind: TaskKind, startedBy time: Duration? = nil) -> Int {
        let spans = tasks.filter { task in task.kind == kind && (time.map { task.start <= $0 } ?? true) }
        return spans.map { span in
            spans.count { $0.start <= span.start && ($0.stop.map { $0 > span.start } ?? true) }
        }.max() ?? 0
    }

    /// Flags that stood for longer than the jitter (or still stand).
    func standingFlags(_ tolerance: ScenarioTolerance) -> [FlagSpan] { flags.filter { !$0.isTransient(tolerance) } }
}
