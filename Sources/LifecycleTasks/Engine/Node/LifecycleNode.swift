/// A lifecycle node's identity: unique within its ``LifecycleContext``.
public struct NodeID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The number (1, 2, 3 … in creation order).
    public let rawValue: Int
    /// Wraps a number.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// `n1`, `n2` …
    public var description: String { "n\(rawValue)" }
}

/// The stand-in for a SwiftUI view's lifecycle: hosts drive it, modifiers hang work on it.
///
/// A host (the GTK adapter, or the fake host of the LifecycleTestSupport library) calls ``appear()`` and
/// ``disappear()`` and sets the node's ``scene``; the modifiers M1–M7 (SPEC §2) react the way
/// SwiftUI's do. Everything runs on the main actor; tasks default to `.userInitiated`.
///
/// ```swift
/// let node = LifecycleNode(name: "toast", scene: window, context: context)
///     .onAppear { print("shown") }                                   // M1
///     .onDisappear { print("hidden") }                               // M2
///     .task {                                                        // M3
///         try? await context.sleep(for: .seconds(3))
///     }
///     .onActive({ startPolling() }, onInactive: { stopPolling() })   // M6
///     .task(while: .active) { await poll() }                        // M7
/// let server = node.task(id: "alpha") { server in await listen(to: server) }   // M4
///
/// node.appear()            // onAppear, onActive, both tasks and the listener start
/// server.id = "beta"       // the listener is cancelled and restarted for "beta"
/// window.update(phase: .background)   // onInactive; the while-active task is cancelled
/// node.disappear()         // onDisappear; every task is cancelled (nobody waits)
/// ```
///
/// Order at ``appear()``: the appear event, M1 actions, M6 `onActive`, then M3/M4/M7 starts,
/// each group in modifier order. At ``disappear()``: the disappear event, M2 actions, M3/M4/M7
/// cancels, M6 `onInactive`. Calling `appear()` twice in a row (or `disappear()` without an
/// `appear()`) is a host bug and stops the program with a message.
@MainActor
public final class LifecycleNode {
    /// Unique within the context.
    public let id: NodeID
    /// The name the log and the panel show.
    public let name: String
    /// Whether the node is between ``appear()`` and ``disappear()``.
    public var isAppeared: Bool { storage.isAppeared }
    /// Whether ``willAppear()`` ran and the appear it announces has not come yet. A task started
    /// then belongs to the coming appearance: it is not an orphan (seed 003's 3-B starts its
    /// work at will-appear).
    public var isAboutToAppear: Bool { storage.isAboutToAppear }
    /// The object standing for this view's @State, held weakly. The registry watches it: if it is
    /// still alive after the node disappeared and its host let go of it, while a task of this
    /// node runs, that task is flagged "retains owner".
    public var ownerState: AnyObject? {
        get { storage.ownerState }
        set { storage.ownerState = newValue }
    }

    /// The window the node is in; M5, M6 and M7 follow its phase (`.active` without a scene).
    /// Setting it re-subscribes, and a different phase counts as a phase change.
    public var scene: WindowScene? {
        didSet {
            guard scene !== oldValue else { return }
            subscribe()
            let old = oldValue?.phase ?? .active
            let new = currentPhase
            if old != new { phaseChanged(old: old, new: new) }
        }
    }

    let context: LifecycleContext
    private let log: EventLog
    private let registry: TaskRegistry
    private let storage = NodeStorage()
    private var sceneToken: ObservationToken?
    /// This node's live task ids, shared with the registry.
    let taskIndex = OwnerIndex()

    /// Creates a node, not appeared, in `scene` (or in no scene, which counts as `.active`).
    public init(name: String, scene: WindowScene?, context: LifecycleContext) {
        self.id = context.makeNodeID()
        self.name = name
        self.scene = scene
        self.context = context
        self.log = context.log
        self.registry = context.registry
        subscribe()
    }

    /// The phase M6/M7 read: the scene's, or `.active` when the node has no scene.
    public var currentPhase: ScenePhase { scene?.phase ?? .active }

    // MARK: Host side

    /// N1 hook: the page was chosen, before any map/unmap. Logs and runs `onWillAppear` actions.
    /// Until the appear it announces, tasks started with this node as owner are not orphans.
    public func willAppear() {
        if !isAppeared { storage.isAboutToAppear = true }
        context.log.append(.willAppear(node: name))
        for action in storage.willAppearActions { action() }
    }

    /// The node is shown: M1 actions, M6 `onActive` (if the scene is active), then the
    /// M3/M4/M7 tasks start (M7 only if the scene is in its phase).
    public func appear() {
        precondition(!isAppeared, "LifecycleNode \(name): appear() while already appeared; call disappear() first")
        storage.isAppeared = true
        storage.isAboutToAppear = false
        log.append(.appear(node: name))
        for action in storage.appearActions { action() }
        let active = currentPhase == .active
        for reader in storage.readers { reader.perform(reader.machine.appear(sceneActive: active)) }
        for slot in storage.slots { slot.perform(slot.machine.appear(), owner: self) }
    }

    /// The node is gone from the screen: M2 actions, M3/M4/M7 tasks are asked to cancel (no
    /// waiting), M6 `onInactive` if `onActive` stands. Live tasks of this node that nobody
    /// cancelled are flagged orphan.
    public func disappear() {
        precondition(isAppeared, "LifecycleNode \(name): disappear() while not appeared; call appear() first")
        storage.isAppeared = false
        log.append(.disappear(node: name))
        for action in storage.disappearActions { action() }
        for slot in storage.slots { slot.perform(slot.machine.disappear(), owner: self) }
        for reader in storage.readers { reader.perform(reader.machine.disappear()) }
        // Last, so the M2 actions' and the slots' cancels come first: a cancelled task is no orphan.
        if !taskIndex.running.isEmpty { registry.ownerDidDisappear(self) }
    }

    /// Host says "I dropped the state" (``ownerState``): the registry re-checks at once whether a
    /// live task of this node still keeps it alive (retains owner).
    public func ownerStateReleasedExpected() {
        context.registry.ownerStateReleaseExpected(self)
    }

    // MARK: Modifiers

    /// Runs `action` at every ``willAppear()`` (N1).
    @discardableResult
    public func onWillAppear(perform action: @escaping @MainActor () -> Void) -> Self {
        storage.willAppearActions.append(action)
        return self
    }

    /// M1: runs `action` synchronously at every appear.
    @discardableResult
    public func onAppear(perform action: @escaping @MainActor () -> Void) -> Self {
        storage.appearActions.append(action)
        return self
    }

    /// M2: runs `action` synchronously at every disappear.
    @discardableResult
    public func onDisappear(perform action: @escaping @MainActor () -> Void) -> Self {
        storage.disappearActions.append(action)
        return self
    }

    /// M3: starts `action` at appear and cancels it at disappear without waiting; a later
    /// appear starts a fresh one. Added while appeared, it starts at once.
    /// - Parameters:
    ///   - name: the task's name in the registry and the log: what it does.
    ///   - label: where it comes from (see ``TaskLabel``); the modifier's own by default.
    ///   - priority: the priority of each task the modifier starts.
    ///   - action: the work, on the main actor; it should return soon after a cancel.
    /// - Returns: the node, for the next modifier.
    @discardableResult
    public func task(
        name: TaskName = "task", label: TaskLabel = .task, priority: TaskPriority = .userInitiated,
        _ action: @escaping @MainActor @Sendable () async -> Void
    ) -> Self {
        addSlot(
            TaskSlot(
                owner: self, registry: context.registry, name: name, label: label, priority: priority,
                gateOpen: true, operation: action))
        return self
    }

    /// M4: as M3, and while appeared a change of the handle's `id` (compared with `==`)
    /// cancels the running action and starts a new one with the new id. A change while not
    /// appeared starts nothing; appear uses the current id.
    ///
    /// ```swift
    /// let server = node.task(id: "alpha") { server in await listen(to: server) }
    /// server.id = "beta"
    /// ```
    /// - Parameters:
    ///   - id: the first id; change it through the returned handle.
    ///   - name: the task's name in the registry and the log: what it does.
    ///   - label: where it comes from (see ``TaskLabel``); the modifier's own by default.
    ///   - priority: the priority of each task the modifier starts.
    ///   - action: the work for one id, on the main actor; it should return soon after a cancel.
    /// - Returns: the handle whose `id` restarts the task.
    public func task<ID: Equatable & Sendable>(
        id: ID, name: TaskName = "task(id:)", label: TaskLabel = .taskID,
        priority: TaskPriority = .userInitiated,
        _ action: @escaping @MainActor @Sendable (ID) async -> Void
    ) -> TaskIDHandle<ID> {
        let handle = TaskIDHandle(id: id, node: self)
        let slot = TaskSlot(
            owner: self, registry: context.registry, name: name, label: label, priority: priority,
            gateOpen: true,
            makeOperation: {
                let current = handle.id
                return { await action(current) }
            })
        handle.slot = slot
        addSlot(slot)
        return handle
    }

    /// M5: calls `action` with the old and new phase of the node's window while the node is
    /// appeared (a view off screen gets no environment updates).
    @discardableResult
    public func onScenePhaseChange(_ action: @escaping @MainActor (_ old: ScenePhase, _ new: ScenePhase) -> Void)
        -> Self
    {
        storage.phaseActions.append(action)
        return self
    }

    /// M6, seed 003's `ScenePhaseReader`: `onActive` at appear (if the scene is active) and
    /// when the scene returns to `.active`; `onInactive` at disappear and when the scene
    /// leaves `.active`. Never fires for a node that is not appeared, never twice in a row.
    @discardableResult
    public func onActive(
        _ onActive: @escaping @MainActor () -> Void,
        onInactive: @escaping @MainActor () -> Void
    ) -> Self {
        let reader = ActiveReader(onActive: onActive, onInactive: onInactive)
        storage.readers.append(reader)
        if isAppeared { reader.perform(reader.machine.appear(sceneActive: currentPhase == .active)) }
        return self
    }

    /// M7: an M3 task that also stops when the scene leaves `phase` and starts again when it
    /// returns to it.
    /// - Parameters:
    ///   - phase: the scene phase the task runs in.
    ///   - name: the task's name in the registry and the log: what it does.
    ///   - label: where it comes from (see ``TaskLabel``); the modifier's own by default.
    ///   - priority: the priority of each task the modifier starts.
    ///   - action: the work, on the main actor; it should return soon after a cancel.
    /// - Returns: the node, for the next modifier.
    @discardableResult
    public func task(
        while phase: ScenePhase, name: TaskName = "task(while:)", label: TaskLabel = .taskWhile,
        priority: TaskPriority = .userInitiated,
        _ action: @escaping @MainActor @Sendable () async -> Void
    ) -> Self {
        let slot = TaskSlot(
            owner: self, registry: context.registry, name: name, label: label, priority: priority,
            gateOpen: currentPhase == phase, whilePhase: phase, operation: action)
        addSlot(slot)
        return self
    }

    // MARK: Private

    private func addSlot(_ slot: TaskSlot) {
        storage.slots.append(slot)
        if isAppeared { slot.perform(slot.machine.appear(), owner: self) }
    }

    private func subscribe() {
        sceneToken?.cancel()
        sceneToken = scene?.onChange { [weak self] old, new in self?.phaseChanged(old: old, new: new) }
    }

    private func phaseChanged(old: ScenePhase, new: ScenePhase) {
        if isAppeared {
            for action in storage.phaseActions { action(old, new) }
            for reader in storage.readers { reader.perform(reader.machine.phaseChanged(to: new)) }
        }
        for slot in storage.slots {
            guard let phase = slot.whilePhase else { continue }
            slot.perform(slot.machine.gate(open: new == phase), owner: self)
        }
    }
}
