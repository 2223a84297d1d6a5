/// What every task of one origin shares: its name, strategy and owner. A node's task slot makes
/// one and reuses it for every task it starts, so registering a task copies one reference
/// instead of three strings.
@MainActor
final class TaskLabel {
    let name: String
    let strategy: String
    let owner: NodeID?
    let ownerName: String

    init(name: String, strategy: String, owner: LifecycleNode?) {
        self.name = name
        self.strategy = strategy
        self.owner = owner?.id
        self.ownerName = owner?.name ?? ""
    }
}
