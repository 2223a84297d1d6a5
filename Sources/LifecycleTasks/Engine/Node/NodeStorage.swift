// A node's storage, walled off from its rules (the order of callbacks in `LifecycleNode`). No
// speed tricks: see `RegistryStorage.swift` for what was measured.

/// What a ``LifecycleNode`` keeps: whether it is appeared, its owner state, and what its
/// modifiers hung on it, each list in modifier order.
@MainActor
final class NodeStorage {
    var isAppeared = false
    /// Between ``LifecycleNode/willAppear()`` and the next appear (or disappear).
    var isAboutToAppear = false
    /// Weak: the registry must be able to see the state go away.
    weak var ownerState: AnyObject?
    var willAppearActions: [@MainActor () -> Void] = []
    var appearActions: [@MainActor () -> Void] = []
    var disappearActions: [@MainActor () -> Void] = []
    var phaseActions: [@MainActor (ScenePhase, ScenePhase) -> Void] = []
    var readers: [ActiveReader] = []
    var slots: [TaskSlot] = []
}
