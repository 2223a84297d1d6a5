/// What every task of one origin shares: its name, origin, owner, and whether it was started
/// detached on purpose. A node's task slot makes
/// one and reuses it for every task it starts, so registering a task copies one reference
/// instead of three strings.
@MainActor
final class TaskLabel {
    let name: String
    let origin: String
    let owner: NodeID?
    let ownerName: String
    /// Meant to outlive its owner (``TaskRegistry/unstructuredTask(name:origin:owner:priority:detached:_:)``).
    let detached: Bool

    init(name: String, origin: String, owner: LifecycleNode?, detached: Bool = false) {
        self.name = name
        self.origin = origin
        self.owner = owner?.id
        self.ownerName = owner?.name ?? ""
        self.detached = detached
    }
}
