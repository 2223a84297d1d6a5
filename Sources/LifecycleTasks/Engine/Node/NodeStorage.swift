// A node's storage, walled off from its rules (the order of callbacks in `LifecycleNode`). Its
// one speed trick is the registry's (see `RegistryStorage.swift`): the stored fields skip the
// runtime's dynamic exclusivity checks; the node is main-actor isolated and no access overlaps.

/// What a ``LifecycleNode`` keeps: whether it is appeared, its owner state, and what its
/// modifiers hung on it, each list in modifier order.
@MainActor
final class NodeStorage {
    @exclusivity(unchecked) var isAppeared = false
    /// Between ``LifecycleNode/willAppear()`` and the next appear (or disappear).
    @exclusivity(unchecked) var isAboutToAppear = false
    /// Weak: the registry must be able to see the state go away.
    @exclusivity(unchecked) weak var ownerState: AnyObject?
    @exclusivity(unchecked) var willAppearActions: [@MainActor () -> Void] = []
    @exclusivity(unchecked) var appearActions: [@MainActor () -> Void] = []
    @exclusivity(unchecked) var disappearActions: [@MainActor () -> Void] = []
    @exclusivity(unchecked) var phaseActions: [@MainActor (ScenePhase, ScenePhase) -> Void] = []
    @exclusivity(unchecked) var readers: [ActiveReader] = []
    @exclusivity(unchecked) var slots: [TaskSlot] = []
}
