// The event log's storage, walled off from the log's rules (stamp, store, then tell). Its one
// speed trick is the registry's (see `RegistryStorage.swift`): the stored fields skip the
// runtime's dynamic exclusivity checks; the log is main-actor isolated and no access overlaps.

/// What an ``EventLog`` keeps: the newest events and how many were ever appended.
@MainActor
final class EventLogStorage {
    @exclusivity(unchecked) var events: BoundedRing<LifecycleEvent>
    @exclusivity(unchecked) var totalAppended = 0

    init(limit: Int) {
        events = BoundedRing(limit: limit)
    }
}
