/// The handle of an M4 task: set ``id`` to restart the task for a new id.
@MainActor
public final class TaskIDHandle<ID: Equatable & Sendable> {
    /// The current id. Setting a different one while the node is appeared cancels the running
    /// action and starts a new one (M4); while not appeared it only changes what the next
    /// appear uses.
    public var id: ID {
        didSet {
            // No node: it is gone, and its task with it (nothing to restart).
            guard id != oldValue, let slot, let node else { return }
            slot.perform(slot.machine.idChanged(), owner: node)
        }
    }

    /// The node the task belongs to (weak: the node owns the task, not the handle).
    public private(set) weak var node: LifecycleNode?

    weak var slot: TaskSlot?

    init(id: ID, node: LifecycleNode) {
        self.id = id
        self.node = node
    }
}
