/// The decisions behind M3, M4 and M7, as a pure state machine.
///
/// One machine per modifier. It only says what to do (``Action``); `LifecycleNode` starts and
/// cancels the real tasks and reports back with ``didStart(_:)`` and ``taskEnded(_:)``.
/// The gate is the scene condition of M7 (`phase == .active`); M3 and M4 keep it open.
struct TaskSlotMachine: Sendable, Equatable {
    enum Action: Sendable, Equatable {
        case start
        case cancel(TaskID)
    }

    /// What one event asks for: at most a cancel, then at most a start. A struct rather than an
    /// `[Action]` so a show/hide cycle allocates no arrays.
    struct Actions: Sendable, Equatable, Sequence {
        var cancel: TaskID?
        var start = false

        static let none = Actions()

        static func + (lhs: Actions, rhs: Actions) -> Actions {
            Actions(cancel: lhs.cancel ?? rhs.cancel, start: lhs.start || rhs.start)
        }

        func makeIterator() -> IndexingIterator<[Action]> {
            var list: [Action] = []
            if let cancel { list.append(.cancel(cancel)) }
            if start { list.append(.start) }
            return list.makeIterator()
        }
    }

    private(set) var isAppeared = false
    private(set) var isGateOpen: Bool
    private(set) var running: TaskID?
    /// Set between a `.start` action and `didStart`; any event in between is a bug in the layer.
    private var awaitingStart = false

    init(gateOpen: Bool = true) {
        self.isGateOpen = gateOpen
    }

    mutating func appear() -> Actions {
        checkNotAwaiting("appear")
        guard !isAppeared else {
            preconditionFailure("TaskSlotMachine: appear while already appeared; call disappear() first")
        }
        guard running == nil else {
            preconditionFailure("TaskSlotMachine: task \(running!) still tracked at appear; disappear must cancel it")
        }
        isAppeared = true
        return startIfPossible()
    }

    mutating func disappear() -> Actions {
        checkNotAwaiting("disappear")
        guard isAppeared else {
            preconditionFailure("TaskSlotMachine: disappear while not appeared; call appear() first")
        }
        isAppeared = false
        return cancelRunning()
    }

    /// M4: the id changed (compared with `==` by the caller).
    mutating func idChanged() -> Actions {
        checkNotAwaiting("idChanged")
        guard isAppeared, isGateOpen else { return .none }
        return cancelRunning() + startIfPossible()
    }

    /// M7: the scene condition became `open`.
    mutating func gate(open: Bool) -> Actions {
        checkNotAwaiting("gate")
        guard open != isGateOpen else { return .none }
        isGateOpen = open
        guard isAppeared else { return .none }
        return open ? startIfPossible() : cancelRunning()
    }

    mutating func didStart(_ id: TaskID) {
        guard awaitingStart else { preconditionFailure("TaskSlotMachine: didStart(\(id)) without a .start action") }
        awaitingStart = false
        running = id
    }

    /// The task's action returned. A task that ends by itself is not restarted (SwiftUI's
    /// `.task` runs its action once per appearance).
    mutating func taskEnded(_ id: TaskID) {
        if running == id { running = nil }
    }

    private mutating func startIfPossible() -> Actions {
        guard isAppeared, isGateOpen, running == nil else { return .none }
        awaitingStart = true
        return Actions(start: true)
    }

    private mutating func cancelRunning() -> Actions {
        guard let id = running else { return .none }
        running = nil
        return Actions(cancel: id)
    }

    private func checkNotAwaiting(_ event: String) {
        if awaitingStart { preconditionFailure("TaskSlotMachine: \(event) before didStart of the pending start") }
    }
}
