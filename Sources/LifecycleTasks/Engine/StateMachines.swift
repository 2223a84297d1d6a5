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

    private(set) var isAppeared = false
    private(set) var isGateOpen: Bool
    private(set) var running: TaskID?
    /// Set between a `.start` action and `didStart`; any event in between is a bug in the layer.
    private var awaitingStart = false

    init(gateOpen: Bool = true) {
        self.isGateOpen = gateOpen
    }

    mutating func appear() -> [Action] {
        checkNotAwaiting("appear")
        guard !isAppeared else { preconditionFailure("TaskSlotMachine: appear while already appeared; call disappear() first") }
        guard running == nil else { preconditionFailure("TaskSlotMachine: task \(running!) still tracked at appear; disappear must cancel it") }
        isAppeared = true
        return startIfPossible()
    }

    mutating func disappear() -> [Action] {
        checkNotAwaiting("disappear")
        guard isAppeared else { preconditionFailure("TaskSlotMachine: disappear while not appeared; call appear() first") }
        isAppeared = false
        return cancelRunning()
    }

    /// M4: the id changed (compared with `==` by the caller).
    mutating func idChanged() -> [Action] {
        checkNotAwaiting("idChanged")
        guard isAppeared, isGateOpen else { return [] }
        return cancelRunning() + startIfPossible()
    }

    /// M7: the scene condition became `open`.
    mutating func gate(open: Bool) -> [Action] {
        checkNotAwaiting("gate")
        guard open != isGateOpen else { return [] }
        isGateOpen = open
        guard isAppeared else { return [] }
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

    private mutating func startIfPossible() -> [Action] {
        guard isAppeared, isGateOpen, running == nil else { return [] }
        awaitingStart = true
        return [.start]
    }

    private mutating func cancelRunning() -> [Action] {
        guard let id = running else { return [] }
        running = nil
        return [.cancel(id)]
    }

    private func checkNotAwaiting(_ event: String) {
        if awaitingStart { preconditionFailure("TaskSlotMachine: \(event) before didStart of the pending start") }
    }
}

/// The decisions behind M6 (seed 003's `ScenePhaseReader`), as a pure state machine.
///
/// `onActive` fires at appear when the scene is active and when the scene returns to
/// `.active`; `onInactive` at disappear and when the scene leaves `.active`, but only after an
/// `onActive`, so the two always alternate and nothing fires while the node is not appeared.
struct ActiveReaderMachine: Sendable, Equatable {
    enum Action: Sendable, Equatable {
        case fireActive
        case fireInactive
    }

    private(set) var isAppeared = false
    /// Whether the last callback was `onActive`.
    private(set) var isActiveFired = false

    mutating func appear(sceneActive: Bool) -> [Action] {
        guard !isAppeared else { preconditionFailure("ActiveReaderMachine: appear while already appeared") }
        precondition(!isActiveFired, "ActiveReaderMachine: onActive still standing from an earlier appearance")
        isAppeared = true
        return sceneActive ? fire(.fireActive) : []
    }

    mutating func disappear() -> [Action] {
        guard isAppeared else { preconditionFailure("ActiveReaderMachine: disappear while not appeared") }
        isAppeared = false
        return isActiveFired ? fire(.fireInactive) : []
    }

    mutating func phaseChanged(to phase: ScenePhase) -> [Action] {
        guard isAppeared else { return [] }
        switch (phase, isActiveFired) {
        case (.active, false): return fire(.fireActive)
        case (.inactive, true), (.background, true): return fire(.fireInactive)
        default: return []
        }
    }

    private mutating func fire(_ action: Action) -> [Action] {
        isActiveFired = action == .fireActive
        return [action]
    }
}
