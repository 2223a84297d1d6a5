/// What every task of one origin shares: its name, origin and owner. A node's task slot makes
/// one and reuses it for every task it starts, so registering a task copies one reference
/// instead of three strings.
@MainActor
final class TaskLabel {
    let name: String
    let origin: String
    let owner: NodeID?
    let ownerName: String

    init(name: String, origin: String, owner: LifecycleNode?) {
        self.name = name
        self.origin = origin
        self.owner = owner?.id
        self.ownerName = owner?.name ?? ""
    }
}
