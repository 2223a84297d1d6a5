@testable import LifecycleTasks

/// Drives the pure machines with random steps, playing the layer that starts and cancels.
enum MachineProbe {
    struct Slot {
        var machine = TaskSlotMachine(gateOpen: true)
        var live: Set<TaskID> = []
        var next = 0
        var maxLive = 0
        var phase = ScenePhase.active
        var consistent = true

        var liveCount: Int { live.count }

        mutating func apply(_ step: Step) {
            let actions: TaskSlotMachine.Actions
            switch step {
            case .appear: actions = machine.isAppeared ? .none : machine.appear()
            case .disappear: actions = machine.isAppeared ? machine.disappear() : .none
            case .changeID: actions = machine.idChanged()
            case .active, .inactive, .background:
                phase = step == .active ? .active : step == .inactive ? .inactive : .background
                actions = machine.gate(open: phase == .active)
            case .advance:
                // The running task ends by itself.
                if let id = machine.running {
                    live.remove(id)
                    machine.taskEnded(id)
                }
                actions = .none
            }
            for action in actions {
                switch action {
                case .start:
                    next += 1
                    live.insert(TaskID(next))
                    machine.didStart(TaskID(next))
                case .cancel(let id):
                    if live.remove(id) == nil { consistent = false }
                }
                maxLive = max(maxLive, live.count)
            }
            if machine.running.map({ !live.contains($0) }) ?? false { consistent = false }
            if live.count > 0 && !(machine.isAppeared && phase == .active) { consistent = false }
        }
    }

    struct Reader {
        var machine = ActiveReaderMachine()
        var phase = ScenePhase.active
        var fired: [Bool] = []
        var firedWhileHidden = false

        var alternates: Bool {
            zip(fired, fired.dropFirst()).allSatisfy { $0 != $1 } && (fired.first ?? true)
        }

        mutating func apply(_ step: Step) {
            var actions: [ActiveReaderMachine.Action] = []
            let wasAppeared = machine.isAppeared
            switch step {
            case .appear: if !machine.isAppeared { actions = machine.appear(sceneActive: phase == .active) }
            case .disappear: if machine.isAppeared { actions = machine.disappear() }
            case .active, .inactive, .background:
                phase = step == .active ? .active : step == .inactive ? .inactive : .background
                actions = machine.phaseChanged(to: phase)
                if !wasAppeared && !actions.isEmpty { firedWhileHidden = true }
            case .changeID, .advance: break
            }
            fired += actions.map { $0 == .fireActive }
        }
    }
}
