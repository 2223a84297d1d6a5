/// One registered task's life (SPEC §5) as a pure state machine: its state, and the two flags
/// the panel shows, orphan and retains owner, decided in one place.
///
/// | from                         | event                           | to                                     | orphaned gauge |
/// |------------------------------|---------------------------------|----------------------------------------|----------------|
/// | running(ownerGone: false, o) | ownerDisappeared                | running(ownerGone: true, o)            | +1             |
/// | running(ownerGone: g, o)     | cancel                          | cancelling(o, looked at again)         | g ? −1 : 0     |
/// | running(ownerGone: g, _)     | end(exit, at)                   | ended(outcome, at, wasOrphan: g)       | g ? −1 : 0     |
/// | cancelling(_)                | end(exit, at)                   | ended(outcome, at, wasOrphan: false)   | 0              |
/// | running / cancelling         | ownerReleaseAnnounced(alive)    | the same, owner: released(alive)       | 0              |
/// | running / cancelling         | ownerLookedAtAgain(alive)       | the same, owner: released(alive)       | 0              |
/// | running(true, _), cancelling | ownerDisappeared                | unchanged                              | 0              |
/// | kept owner                   | ownerLookedAtAgain              | unchanged                              | 0              |
/// | cancelling, ended            | cancel                          | unchanged                              | 0              |
/// | detached(o)                  | ownerDisappeared                | unchanged                              | 0              |
/// | detached(o)                  | cancel                          | cancelling(o, looked at again)         | 0              |
/// | detached(_)                  | end(exit, at)                   | ended(outcome, at, wasOrphan: false)   | 0              |
/// | detached(_)                  | ownerReleaseAnnounced/LookedAt… | detached(released(alive))              | 0              |
/// | ended                        | end, ownerDisappeared, owner…   | stops the program with a message       |                |
///
/// The rules, as the queries below read them:
/// - **orphan**: `running` with `ownerGone`: the owner node disappeared and nobody asked the
///   task to stop. A cancel ends it; the flag stays on the ended record (`wasOrphan`) so the
///   history shows the task ran as one, and it stays an orphan when the owner appears again
///   (only tasks started from then on belong to the new appearance). A node's own M3/M4/M7
///   tasks are cancelled at its disappear before the registry looks for orphans, so only
///   unstructured tasks get here.
/// - **detached on purpose**: a task started as `detached` (work that must finish although its
///   owner goes, seed 000's guide) outlives its owner by design: its owner's disappear leaves
///   it `detached`, never an orphan. A cancel or its end moves it on like any other task.
/// - **retains owner**: live (`running` or `cancelling`), the host announced it released the
///   owner's state (``LifecycleNode/ownerStateReleasedExpected()``), and the state object was
///   still alive when last looked at. Never on an ended record.
///
/// The machine holds no task and reads no clock or weak reference: ``TaskRegistry`` starts and
/// cancels the real `Task`, looks at the owner's state when a transition asks, and applies the
/// returned ``Change`` to its counters and observers. A transition that cannot happen (ending
/// twice, telling an ended task about its owner) stops the program with a message.
struct TaskStateMachine: Sendable, Equatable {
    enum State: Sendable, Equatable {
        /// The action runs and nobody asked it to stop. `ownerGone`: the owner node is not
        /// appeared (it disappeared, or the task was started from a hidden node).
        case running(ownerGone: Bool, owner: OwnerRelease)
        /// The action runs, started detached on purpose: it is meant to outlive its owner node,
        /// so the owner's disappear does not make it an orphan.
        case detached(owner: OwnerRelease)
        /// Cancel was requested; the action has not returned yet.
        case cancelling(owner: OwnerRelease)
        /// The action returned at context time `at`. `wasOrphan`: it was an orphan until then.
        case ended(Outcome, at: Duration, wasOrphan: Bool)
    }

    /// What the host said about the owner's state object (the view's @State).
    enum OwnerRelease: Sendable, Equatable {
        /// No release announced while this task is live.
        case kept
        /// The host let go of the state; `stateAlive`: it was still alive when last looked at.
        case released(stateAlive: Bool)
    }

    /// How a task ended.
    enum Outcome: Sendable, Equatable {
        case cancelled
        case finished
        case failed(String)
    }

    /// How the task's action came back.
    enum Exit: Sendable, Equatable {
        /// It returned. `taskCancelled`: the real task is cancelled (`Task.isCancelled`), which
        /// counts even when the cancel came from another thread and has not been reported yet.
        case returned(taskCancelled: Bool)
        /// It threw `CancellationError`.
        case threwCancellation
        /// It threw another error (its description).
        case threw(String)
    }

    /// What a transition changed, for the registry's counters and observers.
    struct Change: Sendable, Equatable {
        /// How ``RegistryCounters/orphaned`` moves: +1, −1 or 0.
        var orphaned: Int
        /// Whether the task's record (its state or a flag) changed.
        var recordChanged: Bool

        static let none = Change(orphaned: 0, recordChanged: false)
    }

    private(set) var state: State

    /// A task starts running. `ownerGone`: its owner node is not appeared right now.
    init(ownerGone: Bool) {
        state = .running(ownerGone: ownerGone, owner: .kept)
    }

    /// A task starts running detached on purpose (it is meant to outlive its owner).
    static var detachedOnPurpose: TaskStateMachine {
        var machine = TaskStateMachine(ownerGone: false)
        machine.state = .detached(owner: .kept)
        return machine
    }

    // MARK: The rules

    /// Running or cancelling.
    var isLive: Bool {
        if case .ended = state { false } else { true }
    }

    /// SPEC §5 orphan: the owner disappeared and the task runs on with nobody having asked it
    /// to stop; an ended record keeps the flag it had at its end.
    var isOrphan: Bool {
        switch state {
        case .running(let ownerGone, _): ownerGone
        case .detached, .cancelling: false
        case .ended(_, _, let wasOrphan): wasOrphan
        }
    }

    /// SPEC §5 retains owner: the owner's state should be gone and is alive while the task is.
    var retainsOwner: Bool {
        switch state {
        case .running(_, .released(stateAlive: true)), .detached(.released(stateAlive: true)),
            .cancelling(.released(stateAlive: true)):
            true
        case .running, .detached, .cancelling, .ended: false
        }
    }

    /// The panel's state.
    var taskState: TaskState {
        switch state {
        case .running, .detached: .running
        case .cancelling: .cancelling
        case .ended(.cancelled, _, _): .cancelled
        case .ended(.finished, _, _): .finished
        case .ended(.failed(let error), _, _): .failed(error)
        }
    }

    /// Context time of the end; `nil` while live.
    var endedAt: Duration? {
        if case .ended(_, let time, _) = state { time } else { nil }
    }

    // MARK: Transitions

    /// Someone asked the task to cancel: `running` → `cancelling` (no longer an orphan). Does
    /// nothing when it is already cancelling or has ended. `stateAlive` is only looked at when
    /// the owner's release was announced.
    mutating func cancel(stateAlive: @autoclosure () -> Bool) -> Change {
        switch state {
        case .running(let ownerGone, let owner):
            state = .cancelling(owner: owner.lookedAtAgain(stateAlive))
            return Change(orphaned: ownerGone ? -1 : 0, recordChanged: true)
        case .detached(let owner):
            state = .cancelling(owner: owner.lookedAtAgain(stateAlive))
            return Change(orphaned: 0, recordChanged: true)
        case .cancelling, .ended:
            return .none
        }
    }

    /// The owner node disappeared: a running task becomes an orphan. A cancelling one is not
    /// (someone asked it to stop), nor one detached on purpose, and a second disappear changes
    /// nothing.
    mutating func ownerDisappeared() -> Change {
        switch state {
        case .running(ownerGone: false, let owner):
            state = .running(ownerGone: true, owner: owner)
            return Change(orphaned: 1, recordChanged: true)
        case .running(ownerGone: true, _), .detached, .cancelling:
            return .none
        case .ended:
            preconditionFailure(
                "TaskStateMachine: owner disappeared for an ended task (\(state)); only live tasks are told")
        }
    }

    /// The host announced it released the owner's state; `stateAlive`: whether it is still alive.
    mutating func ownerReleaseAnnounced(stateAlive: Bool) -> Change {
        setOwner(.released(stateAlive: stateAlive), event: "ownerReleaseAnnounced")
    }

    /// Another task of the same owner ended, which may have let go of the state: look again.
    /// Nothing to do when no release was announced.
    mutating func ownerLookedAtAgain(stateAlive: Bool) -> Change {
        switch state {
        case .running(_, .kept), .detached(.kept), .cancelling(.kept): .none
        default: setOwner(.released(stateAlive: stateAlive), event: "ownerLookedAtAgain")
        }
    }

    /// The action came back at context time `time`. The final state: `failed` for an error,
    /// `cancelled` for `CancellationError` or a return after a cancel, else `finished`.
    mutating func end(_ exit: Exit, at time: Duration) -> Change {
        let cancelRequested: Bool
        let wasOrphan: Bool
        switch state {
        case .running(let ownerGone, _):
            cancelRequested = false
            wasOrphan = ownerGone
        case .detached:
            cancelRequested = false
            wasOrphan = false
        case .cancelling:
            cancelRequested = true
            wasOrphan = false
        case .ended:
            preconditionFailure("TaskStateMachine: a task ended twice (\(state)); its action returns once")
        }
        let outcome: Outcome
        switch exit {
        case .returned(let taskCancelled): outcome = taskCancelled || cancelRequested ? .cancelled : .finished
        case .threwCancellation: outcome = .cancelled
        case .threw(let error): outcome = .failed(error)
        }
        state = .ended(outcome, at: time, wasOrphan: wasOrphan)
        return Change(orphaned: wasOrphan ? -1 : 0, recordChanged: true)
    }

    // MARK: Private

    private mutating func setOwner(_ owner: OwnerRelease, event: String) -> Change {
        let wasRetaining = retainsOwner
        switch state {
        case .running(let ownerGone, _): state = .running(ownerGone: ownerGone, owner: owner)
        case .detached: state = .detached(owner: owner)
        case .cancelling: state = .cancelling(owner: owner)
        case .ended:
            preconditionFailure("TaskStateMachine: \(event) for an ended task (\(state)); only live tasks are told")
        }
        return Change(orphaned: 0, recordChanged: retainsOwner != wasRetaining)
    }
}

extension TaskStateMachine.OwnerRelease {
    /// The same announcement with a fresh look at the state (none needed while kept).
    func lookedAtAgain(_ stateAlive: () -> Bool) -> Self {
        switch self {
        case .kept: .kept
        case .released: .released(stateAlive: stateAlive())
        }
    }
}
