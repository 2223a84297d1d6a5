import Testing

@testable import LifecycleTasks

/// The life of one registered task (SPEC §5) as a pure machine: no task, no clock, no registry.
@Suite("Task state machine (SPEC §5)")
struct TaskStateMachineTests {
    typealias Machine = TaskStateMachine
    typealias Change = TaskStateMachine.Change

    /// The panel's view of a machine: what a record shows.
    struct Row: Equatable {
        var state: TaskState
        var isOrphan: Bool
        var retainsOwner: Bool
        var endedAt: Duration?

        init(_ machine: Machine) {
            state = machine.taskState
            isOrphan = machine.isOrphan
            retainsOwner = machine.retainsOwner
            endedAt = machine.endedAt
        }

        init(_ state: TaskState, orphan: Bool = false, retains: Bool = false, endedAt: Duration? = nil) {
            self.state = state
            isOrphan = orphan
            retainsOwner = retains
            self.endedAt = endedAt
        }
    }

    static let t = Duration.seconds(3)

    // MARK: Start

    @Test("§5 state: a task starts running; started from a hidden owner it is an orphan at once")
    func start() {
        #expect(Machine(ownerGone: false).state == .running(ownerGone: false, owner: .kept))
        #expect(Row(Machine(ownerGone: false)) == Row(.running))
        #expect(Row(Machine(ownerGone: true)) == Row(.running, orphan: true))
        #expect(Machine(ownerGone: false).isLive)
    }

    // MARK: running → cancelling

    @Test("§5 state: cancel turns running into cancelling; again, or after the end, it does nothing")
    func cancel() {
        var machine = Machine(ownerGone: false)
        #expect(machine.cancel(stateAlive: false) == Change(orphaned: 0, recordChanged: true))
        #expect(machine.state == .cancelling(owner: .kept))
        #expect(Row(machine) == Row(.cancelling))
        #expect(machine.cancel(stateAlive: false) == .none)
        _ = machine.end(.returned(taskCancelled: true), at: Self.t)
        let ended = machine
        #expect(machine.cancel(stateAlive: false) == .none)
        #expect(machine == ended)
    }

    @Test("§5 orphan: a cancelled task is no orphan (T4: onDisappear { task.cancel() })")
    func cancelEndsOrphan() {
        var machine = Machine(ownerGone: false)
        #expect(machine.ownerDisappeared() == Change(orphaned: 1, recordChanged: true))
        #expect(machine.cancel(stateAlive: false) == Change(orphaned: -1, recordChanged: true))
        #expect(Row(machine) == Row(.cancelling, orphan: false))
        // Telling a cancelling task its owner disappeared changes nothing.
        #expect(machine.ownerDisappeared() == .none)
        #expect(machine.end(.threwCancellation, at: Self.t) == Change(orphaned: 0, recordChanged: true))
        #expect(Row(machine) == Row(.cancelled, orphan: false, endedAt: Self.t))
    }

    // MARK: Orphan

    @Test("§5 orphan: the owner disappears while the task runs; a second disappear changes nothing")
    func orphan() {
        var machine = Machine(ownerGone: false)
        #expect(machine.ownerDisappeared() == Change(orphaned: 1, recordChanged: true))
        #expect(machine.state == .running(ownerGone: true, owner: .kept))
        #expect(Row(machine) == Row(.running, orphan: true))
        #expect(machine.ownerDisappeared() == .none)
    }

    @Test("§5 orphan: the flag stays on the ended record and leaves the live gauge (T1)")
    func orphanKeptOnEndedRecord() {
        var machine = Machine(ownerGone: false)
        _ = machine.ownerDisappeared()
        #expect(machine.end(.returned(taskCancelled: false), at: Self.t) == Change(orphaned: -1, recordChanged: true))
        #expect(machine.state == .ended(.finished, at: Self.t, wasOrphan: true))
        #expect(Row(machine) == Row(.finished, orphan: true, endedAt: Self.t))
        #expect(!machine.isLive)
    }

    // MARK: Detached on purpose

    @Test("§5 detached: a task detached on purpose runs past its owner's disappear and is never an orphan")
    func detachedIsNoOrphan() {
        var machine = Machine.detachedOnPurpose
        #expect(machine.state == .detached(owner: .kept))
        #expect(Row(machine) == Row(.running))
        #expect(machine.ownerDisappeared() == .none)
        #expect(machine.state == .detached(owner: .kept))
        #expect(machine.end(.returned(taskCancelled: false), at: Self.t) == Change(orphaned: 0, recordChanged: true))
        #expect(machine.state == .ended(.finished, at: Self.t, wasOrphan: false))
        #expect(Row(machine) == Row(.finished, endedAt: Self.t))
    }

    @Test("§5 detached: a cancel still stops it (shutdown), with no orphan change; retains owner still applies")
    func detachedCancelAndRetains() {
        var machine = Machine.detachedOnPurpose
        #expect(machine.ownerReleaseAnnounced(stateAlive: true) == Change(orphaned: 0, recordChanged: true))
        #expect(Row(machine) == Row(.running, retains: true))
        #expect(machine.cancel(stateAlive: true) == Change(orphaned: 0, recordChanged: true))
        #expect(machine.state == .cancelling(owner: .released(stateAlive: true)))
        #expect(machine.end(.threwCancellation, at: Self.t) == Change(orphaned: 0, recordChanged: true))
        #expect(Row(machine) == Row(.cancelled, endedAt: Self.t))
    }

    // MARK: Retains owner

    @Test("§5 retains owner: flagged once the release is announced and the state is alive, cleared at the end (T6)")
    func retainsOwner() {
        var machine = Machine(ownerGone: false)
        _ = machine.ownerDisappeared()
        #expect(machine.ownerReleaseAnnounced(stateAlive: true) == Change(orphaned: 0, recordChanged: true))
        #expect(Row(machine) == Row(.running, orphan: true, retains: true))
        #expect(machine.end(.returned(taskCancelled: false), at: Self.t) == Change(orphaned: -1, recordChanged: true))
        #expect(Row(machine) == Row(.finished, orphan: true, retains: false, endedAt: Self.t))
    }

    @Test("§5 retains owner: a state already gone at the announcement is not flagged (T5)")
    func releasedStateGone() {
        var machine = Machine(ownerGone: true)
        #expect(machine.ownerReleaseAnnounced(stateAlive: false) == .none)
        #expect(machine.state == .running(ownerGone: true, owner: .released(stateAlive: false)))
        #expect(Row(machine) == Row(.running, orphan: true, retains: false))
    }

    @Test("§5 retains owner: looked at again when another task of the owner ends; not before an announcement")
    func lookedAtAgain() {
        var machine = Machine(ownerGone: false)
        #expect(machine.ownerLookedAtAgain(stateAlive: true) == .none)
        #expect(machine.state == .running(ownerGone: false, owner: .kept))
        _ = machine.ownerReleaseAnnounced(stateAlive: true)
        #expect(machine.ownerLookedAtAgain(stateAlive: true) == .none)
        #expect(machine.ownerLookedAtAgain(stateAlive: false) == Change(orphaned: 0, recordChanged: true))
        #expect(!machine.retainsOwner)
    }

    @Test("§5 retains owner: a cancelling task can still hold the state; cancel looks at it only after an announcement")
    func retainsWhileCancelling() {
        var looked = 0
        var kept = Machine(ownerGone: false)
        _ = kept.cancel(
            stateAlive: {
                looked += 1
                return true
            }())
        #expect(looked == 0)
        #expect(!kept.retainsOwner)

        var machine = Machine(ownerGone: false)
        _ = machine.ownerReleaseAnnounced(stateAlive: true)
        _ = machine.cancel(
            stateAlive: {
                looked += 1
                return true
            }())
        #expect(looked == 1)
        #expect(Row(machine) == Row(.cancelling, retains: true))
        #expect(machine.ownerLookedAtAgain(stateAlive: false) == Change(orphaned: 0, recordChanged: true))
        #expect(Row(machine) == Row(.cancelling, retains: false))
    }

    // MARK: Ending

    @Test("§5 state: the final state from how the action came back and whether a cancel was asked")
    func endStates() {
        func ended(cancelFirst: Bool, _ exit: Machine.Exit) -> TaskState {
            var machine = Machine(ownerGone: false)
            if cancelFirst { _ = machine.cancel(stateAlive: false) }
            #expect(machine.end(exit, at: Self.t) == Change(orphaned: 0, recordChanged: true))
            #expect(machine.endedAt == Self.t)
            return machine.taskState
        }
        // Returned without a cancel: finished.
        #expect(ended(cancelFirst: false, .returned(taskCancelled: false)) == .finished)
        // Returned after a cancel the registry saw (M3/M4/M7), or one from another thread it has
        // not heard of yet (`Task.isCancelled`): cancelled.
        #expect(ended(cancelFirst: true, .returned(taskCancelled: false)) == .cancelled)
        #expect(ended(cancelFirst: false, .returned(taskCancelled: true)) == .cancelled)
        #expect(ended(cancelFirst: true, .returned(taskCancelled: true)) == .cancelled)
        // CancellationError: cancelled, with or without a cancel.
        #expect(ended(cancelFirst: false, .threwCancellation) == .cancelled)
        #expect(ended(cancelFirst: true, .threwCancellation) == .cancelled)
        // Any other error: failed, even after a cancel.
        #expect(ended(cancelFirst: false, .threw("boom")) == .failed("boom"))
        #expect(ended(cancelFirst: true, .threw("boom")) == .failed("boom"))
    }

    // MARK: Every path

    enum Event: CaseIterable, CustomStringConvertible {
        case cancel, ownerDisappeared, announceAlive, announceGone, lookAlive, lookGone
        case returned, returnedCancelled, threwCancellation, threw

        var description: String { "\(self)" }
        var isEnd: Bool { [.returned, .returnedCancelled, .threwCancellation, .threw].contains(self) }

        func apply(to machine: inout Machine) -> Change {
            switch self {
            case .cancel: machine.cancel(stateAlive: true)
            case .ownerDisappeared: machine.ownerDisappeared()
            case .announceAlive: machine.ownerReleaseAnnounced(stateAlive: true)
            case .announceGone: machine.ownerReleaseAnnounced(stateAlive: false)
            case .lookAlive: machine.ownerLookedAtAgain(stateAlive: true)
            case .lookGone: machine.ownerLookedAtAgain(stateAlive: false)
            case .returned: machine.end(.returned(taskCancelled: false), at: TaskStateMachineTests.t)
            case .returnedCancelled: machine.end(.returned(taskCancelled: true), at: TaskStateMachineTests.t)
            case .threwCancellation: machine.end(.threwCancellation, at: TaskStateMachineTests.t)
            case .threw: machine.end(.threw("boom"), at: TaskStateMachineTests.t)
            }
        }
    }

    @Test(
        "§5 counters: over every event sequence up to 5 long, the orphan changes add up to the live orphan flag, and a change is reported exactly when the row changes"
    )
    func everyPath() {
        var paths = 0
        func walk(_ machine: Machine, orphaned: Int, depth: Int, path: [Event]) {
            // orphaned ≤ live, and it counts exactly this task while it is a live orphan.
            #expect(orphaned == (machine.isLive && machine.isOrphan ? 1 : 0), "after \(path)")
            #expect(!machine.retainsOwner || machine.isLive, "after \(path)")
            if machine.isLive && machine.isOrphan, case .cancelling = machine.state {
                Issue.record("a cancelling task flagged orphan, after \(path)")
            }
            paths += 1
            guard depth > 0, machine.isLive else { return }
            for event in Event.allCases {
                var next = machine
                let change = event.apply(to: &next)
                #expect(change.recordChanged == (Row(next) != Row(machine)), "\(event) after \(path)")
                if event.isEnd { #expect(!next.isLive) }
                walk(next, orphaned: orphaned + change.orphaned, depth: depth - 1, path: path + [event])
            }
        }
        walk(Machine(ownerGone: false), orphaned: 0, depth: 5, path: [])
        walk(Machine(ownerGone: true), orphaned: 1, depth: 5, path: [])
        #expect(paths > 10_000)
    }

    @Test("§5 detached: over every event sequence up to 5 long, a task detached on purpose is never an orphan")
    func everyDetachedPath() {
        var paths = 0
        func walk(_ machine: Machine, depth: Int, path: [Event]) {
            #expect(!machine.isOrphan, "after \(path)")
            paths += 1
            guard depth > 0, machine.isLive else { return }
            for event in Event.allCases {
                var next = machine
                let change = event.apply(to: &next)
                #expect(change.orphaned == 0, "\(event) after \(path)")
                #expect(change.recordChanged == (Row(next) != Row(machine)), "\(event) after \(path)")
                walk(next, depth: depth - 1, path: path + [event])
            }
        }
        walk(Machine.detachedOnPurpose, depth: 5, path: [])
        #expect(paths > 5_000)
    }

    // MARK: Impossible transitions

    static func standardError(_ result: ExitTest.Result?) -> String {
        String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    }

    @Test("§5 impossible: a task that ends twice stops the program with a message")
    func endTwice() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var machine = TaskStateMachine(ownerGone: false)
            _ = machine.end(.returned(taskCancelled: false), at: .seconds(1))
            _ = machine.end(.returned(taskCancelled: false), at: .seconds(2))
        }
        #expect(Self.standardError(result).contains("a task ended twice"))
    }

    @Test("§5 impossible: an ended task is never told about its owner")
    func ownerEventsAfterEnd() async {
        let disappeared = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var machine = TaskStateMachine(ownerGone: false)
            _ = machine.end(.threwCancellation, at: .seconds(1))
            _ = machine.ownerDisappeared()
        }
        #expect(Self.standardError(disappeared).contains("owner disappeared for an ended task"))
        let announced = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var machine = TaskStateMachine(ownerGone: false)
            _ = machine.end(.threw("boom"), at: .seconds(1))
            _ = machine.ownerReleaseAnnounced(stateAlive: true)
        }
        #expect(Self.standardError(announced).contains("ownerReleaseAnnounced for an ended task"))
        let lookedAt = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var machine = TaskStateMachine(ownerGone: false)
            _ = machine.ownerReleaseAnnounced(stateAlive: true)
            _ = machine.end(.returned(taskCancelled: false), at: .seconds(1))
            _ = machine.ownerLookedAtAgain(stateAlive: true)
        }
        #expect(Self.standardError(lookedAt).contains("ownerLookedAtAgain for an ended task"))
    }
}
