/// The thin layer over ``TaskSlotMachine``: turns its actions into real registered tasks.
///
/// The slot holds no reference to its node: the node passes itself to ``perform(_:owner:)``
/// (and a ``TaskIDHandle`` passes its node only while that is alive).
@MainActor
final class TaskSlot {
    var machine: TaskSlotMachine
    let priority: TaskPriority
    let whilePhase: ScenePhase?
    /// No lasting cycle: the registry holds a slot only through the body of a live task.
    let registry: TaskRegistry
    /// Makes the action of the next task: M3/M7 always the same one, M4 one for the current id.
    private let makeOperation: @MainActor () -> @MainActor @Sendable () async -> Void
    /// Name, label and owner, shared by every task the slot starts.
    let identity: TaskIdentity

    init(
        owner: LifecycleNode, registry: TaskRegistry, name: TaskName, label: TaskLabel, priority: TaskPriority,
        gateOpen: Bool,
        whilePhase: ScenePhase? = nil,
        operation: (@MainActor @Sendable () async -> Void)? = nil,
        makeOperation: (@MainActor () -> @MainActor @Sendable () async -> Void)? = nil
    ) {
        precondition((operation == nil) != (makeOperation == nil), "TaskSlot: pass an operation or a maker")
        self.registry = registry
        self.identity = TaskIdentity(name: name, label: label, owner: owner)
        self.priority = priority
        self.whilePhase = whilePhase
        self.machine = TaskSlotMachine(gateOpen: gateOpen)
        if let operation {
            self.makeOperation = { operation }
        } else {
            self.makeOperation = makeOperation!
        }
    }

    func perform(_ actions: TaskSlotMachine.Actions, owner node: LifecycleNode) {
        if let id = actions.cancel {
            registry.cancel(id)
        }
        if actions.start {
            machine.didStart(registry.startManaged(slot: self, owner: node, makeOperation()))
        }
    }

    /// The registry says the task ended (by itself or after a cancel).
    func taskEnded(_ id: TaskID) {
        machine.taskEnded(id)
    }
}
