/// A node's live task ids, shared by the node and its registry entries so the hot path finds
/// them without hashing. `running`: what the node's disappear may flag orphan. `watched`: tasks
/// whose owner state is expected gone, the only ones retains-owner re-checks.
@MainActor
final class OwnerIndex {
    // Small arrays that keep their storage: a node shown and hidden all day allocates nothing.
    @exclusivity(unchecked) var running: [TaskID] = [] {
        didSet { isTracking = !running.isEmpty }
    }
    /// `!running.isEmpty`, kept as a plain flag: a node's disappear reads one byte.
    @exclusivity(unchecked) private(set) var isTracking = false
    @exclusivity(unchecked) var watched: [TaskID] = [] {
        didSet { isWatching = !watched.isEmpty }
    }
    /// `!watched.isEmpty`, kept as a plain flag: the check on every task start reads one byte.
    @exclusivity(unchecked) private(set) var isWatching = false

    func removeRunning(_ id: TaskID) {
        if let position = running.firstIndex(of: id) { running.remove(at: position) }
    }

    func removeWatched(_ id: TaskID) {
        if let position = watched.firstIndex(of: id) { watched.remove(at: position) }
    }
}
