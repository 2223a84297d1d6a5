// The event log's storage, walled off from the log's rules (stamp, store, then tell).
//
// The one speed trick here is the registry's (see `RegistryStorage.swift`): the fields every
// append touches skip the runtime's dynamic exclusivity checks. The log is main-actor isolated
// and none of these accesses overlaps another, so the checks find nothing.

/// What an ``EventLog`` keeps: the newest events and how many were ever appended.
@MainActor
final class EventLogStorage {
    @exclusivity(unchecked) var events: BoundedRing<LifecycleEvent>
    @exclusivity(unchecked) var totalAppended = 0

    init(limit: Int) {
        events = BoundedRing(limit: limit)
    }
}
