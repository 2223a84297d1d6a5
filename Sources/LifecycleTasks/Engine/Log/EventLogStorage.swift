// The event log's storage, walled off from the log's rules (stamp, store, then tell). No speed
// tricks: see `RegistryStorage.swift` for what was measured.

/// What an ``EventLog`` keeps: the newest events and how many were ever appended.
@MainActor
final class EventLogStorage {
    var events: BoundedRing<LifecycleEvent>
    var totalAppended = 0

    init(limit: Int) {
        events = BoundedRing(limit: limit)
    }
}
