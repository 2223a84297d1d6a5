/// What every task of one starter shares: its name and kind, label, owner, and whether it was started
/// detached on purpose. A node's task slot makes one and reuses it for every task it starts, so
/// registering a task copies one reference instead of three strings.
@MainActor
final class TaskIdentity {
    let name: String
    let kind: TaskKind?
    let label: TaskLabel
    let owner: NodeID?
    let ownerName: String
    /// Meant to outlive its owner (``TaskRegistry/unstructuredTask(name:label:owner:priority:detached:_:)``).
    let detached: Bool

    init(name: TaskName, label: TaskLabel, owner: LifecycleNode?, detached: Bool = false) {
        self.name = name.text
        self.kind = name.kind
        self.label = label
        self.owner = owner?.id
        self.ownerName = owner?.name ?? ""
        self.detached = detached
    }
}
