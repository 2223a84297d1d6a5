/// A task's number in the registry: 1, 2, 3 … in start order.
public struct TaskID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The number.
    public let rawValue: Int
    /// Wraps a number (tests use it to name expected ids: `TaskID(1)`).
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    /// `#1`, `#2` …
    public var description: String { "#\(rawValue)" }
    /// Start order.
    public static func < (lhs: TaskID, rhs: TaskID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Where a registered task is in its life (SPEC §5).
public enum TaskState: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The action runs and nobody asked it to stop.
    case running
    /// Cancel was requested; the action has not returned yet.
    case cancelling
    /// The action returned (or threw `CancellationError`) after a cancel.
    case cancelled
    /// The action returned without a cancel.
    case finished
    /// The action threw an error other than `CancellationError`.
    case failed(String)

    /// `running` or `cancelling`.
    public var isLive: Bool {
        switch self {
        case .running, .cancelling: true
        case .cancelled, .finished, .failed: false
        }
    }

    /// The panel's wording: `running`, `cancelling`, …, `failed(error)`.
    public var description: String {
        switch self {
        case .running: "running"
        case .cancelling: "cancelling"
        case .cancelled: "cancelled"
        case .finished: "finished"
        case .failed(let error): "failed(\(error))"
        }
    }
}

/// One row of the live task panel.
public struct TaskRecord: Sendable, Hashable, Identifiable, Codable {
    /// Start order.
    public let id: TaskID
    /// The task's name (`"task"`, `"dismiss timer"` …).
    public let name: String
    /// What the task is to code that looks for it (see ``TaskName``), if its starter said.
    public let kind: TaskKind?
    /// Where it came from, as its starter labels it: the modifier (``TaskLabel/task``,
    /// ``TaskLabel/taskID`` …) or whatever label the caller passed.
    public let label: TaskLabel
    /// The node that owns it, if any.
    public let owner: NodeID?
    /// The owner node's name (empty without an owner).
    public let ownerName: String
    /// The current or final state.
    public var state: TaskState
    /// Context time at start.
    public var startedAt: Duration
    /// Context time at end; `nil` while live.
    public var endedAt: Duration?
    /// The owner node has disappeared and the task runs on with nobody having asked it to stop.
    public var isOrphan: Bool
    /// The owner's state object should be gone (the host let go of it) and is still alive.
    public var retainsOwner: Bool
    /// Started detached on purpose: meant to outlive its owner (work that must finish), so it
    /// is never flagged orphan. Set at start, kept for the task's whole life and its history.
    public var isDetached: Bool
    /// `running` or `cancelling`.
    public var isLive: Bool { state.isLive }
}

/// The panel's counters. `started == live + cancelled + finished + failed` always holds;
/// `orphaned` counts the live tasks flagged orphan right now, `detached` the live tasks started
/// detached on purpose.
public struct RegistryCounters: Sendable, Hashable, Codable {
    /// Tasks running or cancelling.
    public var live = 0
    /// Tasks ever started.
    public var started = 0
    /// Tasks that ended `cancelled`.
    public var cancelled = 0
    /// Tasks that ended `finished`.
    public var finished = 0
    /// Tasks that ended `failed`.
    public var failed = 0
    /// Live tasks flagged orphan.
    public var orphaned = 0
    /// Live tasks started detached on purpose (never orphans).
    public var detached = 0

    /// Creates zero counters.
    public init() {}

    /// Whether `started == live + cancelled + finished + failed`, `orphaned + detached <= live`
    /// (a detached task is never an orphan) and neither gauge is negative.
    public var addUp: Bool {
        started == live + cancelled + finished + failed && orphaned >= 0 && detached >= 0
            && orphaned + detached <= live
    }
}

/// One change of the registry, as the panel's change stream delivers it.
public enum RegistryChange: Sendable, Hashable {
    /// A task started.
    case added(TaskRecord)
    /// A record changed (state, end, flags).
    case updated(TaskRecord)
    /// A record fell out of the bounded history.
    case removed(TaskID)
}
