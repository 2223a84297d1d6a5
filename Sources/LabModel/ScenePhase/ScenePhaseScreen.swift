public import LifecycleTasks

extension TaskKind {
    /// Seed 003's polling every P, however it is started (with its load and side effect for P3).
    static let poll: TaskKind = "poll"
    /// P6's repeating Foundation `Timer`, told apart from a polling task so the judge can say
    /// which one was left running.
    static let repeatingTimer: TaskKind = "repeating timer"
}

extension TaskName {
    static let pollEveryP = TaskName("poll every P", kind: .poll)
    static let loadHoldPoll = TaskName("load, hold, poll every P", kind: .poll)
    /// P6's Foundation `Timer` that nothing invalidates.
    static let repeatingTimer = TaskName("repeating Timer, every P", kind: .repeatingTimer)
}

/// The inner view of one showing of the scene-phase page: its node and ``ScenePhaseViewState``.
public typealias ScenePhaseView = PresentedView<ScenePhaseViewState>

/// Seed 003's page: while its inner view is shown it loads its data once (and shows when), polls
/// a source every P, and holds a side effect. The strategy decides which lifecycle events start
/// and stop that.
///
/// ```swift
/// let window = WindowScene(name: "main", app: nil, context: context)
/// let screen = ScenePhaseScreen(strategy: .p2, context: context, host: ImmediateHost<ScenePhaseView>(),
///                               scene: window, sideEffect: CountingSideEffect())
/// screen.showView()                    // loads, polls every P, holds the side effect
/// window.update(phase: .background)    // P2: stops polling and releases; P1 keeps both
/// window.update(phase: .active)        // P2: loads again and restarts polling
/// ```
@MainActor
public final class ScenePhaseScreen: ViewScreen {
    /// Strategy, context, timing, scene, journal and the view shell.
    public let core: ScreenCore<ScenePhaseStrategyID, ScenePhaseViewState>

    /// What the page holds while presented.
    public let sideEffect: any PresentingSideEffect

    /// Loads so far.
    public private(set) var loads = 0
    /// Context time of the last load (what the page shows as "last loaded").
    public private(set) var lastLoadAt: Duration?
    /// Polls so far.
    public private(set) var polls = 0
    /// Context time of the last poll.
    public private(set) var lastPollAt: Duration?
    /// Polls made while the window was `.background` (the P1 bug).
    public private(set) var pollsInBackground = 0
    /// Polls made while the window was `.inactive`.
    public private(set) var pollsWhileInactive = 0
    /// Whether this page holds the side effect now.
    public private(set) var isHoldingSideEffect = false
    /// Calls of the strategy's `onActive` so far (P2, P4, P5).
    public private(set) var activeCalls = 0
    /// Calls of `onActive` made before the view's node appeared (P5: from `willAppear`).
    public private(set) var activeCallsBeforeAppear = 0
    /// Calls of the strategy's `onInactive` so far (P2, P4, P5); two in a row is the seed's reader.
    public private(set) var inactiveCalls = 0
    /// Context times at which a polling loop started (it polls P, 2P … after each; the last
    /// 1,000 or so): when the poll timer really started, for the scenario's judgement.
    public private(set) var pollingStarts: [Duration] = []

    /// Makes the screen with its view closed.
    /// - Parameters:
    ///   - strategy: P1, P2 or P3.
    ///   - context: clock, registry and log.
    ///   - timing: the spec's durations (P).
    ///   - host: shows and removes the view.
    ///   - scene: the window whose phase the page follows.
    ///   - sideEffect: what the page holds while presented.
    public init(
        strategy: ScenePhaseStrategyID, context: LifecycleContext, timing: LabTiming = .standard,
        host: some ViewHost<ScenePhaseView>, scene: WindowScene?, sideEffect: any PresentingSideEffect
    ) {
        self.sideEffect = sideEffect
        core = ScreenCore(
            strategy: strategy, context: context, timing: timing, scene: scene, viewName: "scene view", host: host)
    }

    // MARK: What the view does

    /// Loads the page's data (seed 003: the API call made when the screen shows).
    func load() {
        loads += 1
        lastLoadAt = context.now
        journal.log(ScenePhaseLine.load(loads))
        journal.changed()
    }

    /// One poll of the source.
    func poll() {
        polls += 1
        lastPollAt = context.now
        switch scene?.phase ?? .active {
        case .background: pollsInBackground += 1
        case .inactive: pollsWhileInactive += 1
        case .active: break
        }
        journal.changed()
    }

    /// Polls every P until cancelled, on a fixed grid as a repeating timer does: each sleep
    /// runs to the next multiple of P from the start, so a late wake-up does not push every
    /// later poll back.
    func pollForever() async throws {
        pollingStarts.appendBounded(context.now)
        try await Self.repeatEvery(timing.pollInterval, on: context.clock) { self.poll() }
    }

    private static func repeatEvery<C: Clock<Duration>>(
        _ interval: Duration, on clock: C, _ body: @MainActor () -> Void
    ) async throws {
        var next = clock.now.advanced(by: interval)
        while true {
            try await clock.sleep(until: next, tolerance: nil)
            // A cancel that came after the sleep ended but before the task ran again (the scene
            // left `.active` in between): a stopped loop polls no more, as an invalidated timer.
            try Task.checkCancellation()
            body()
            next = next.advanced(by: interval)
        }
    }

    func acquireSideEffect() {
        guard !isHoldingSideEffect else { return }
        isHoldingSideEffect = true
        sideEffect.acquire()
        journal.log(ScenePhaseLine.sideEffectAcquired)
        journal.changed()
    }

    func releaseSideEffect() {
        guard isHoldingSideEffect else { return }
        isHoldingSideEffect = false
        sideEffect.release()
        journal.log(ScenePhaseLine.sideEffectReleased)
        journal.changed()
    }

    public func makeState(for node: LifecycleNode) -> ScenePhaseViewState { ScenePhaseViewState() }

    public func install(on view: ScenePhaseView) {
        let registry = context.registry
        switch strategy {
        case .p1:
            // lab-code: P1
            // Seed 003's starting point: everything in onAppear, undone in onDisappear. Minimizing
            // does not unmap, so neither runs on suspend or return.
            view.node
                .onAppear { [weak self, weak node = view.node, weak state = view.state] in  // lab-code-key
                    guard let self else { return }
                    self.load()
                    state?.pollingTask = self.ledger.start(
                        registry: registry, name: .pollEveryP, label: "P1", owner: node
                    ) { [weak self] in
                        try await self?.pollForever()
                    }
                    self.acquireSideEffect()
                }
                .onDisappear { [weak self, weak state = view.state] in  // lab-code-key
                    state?.pollingTask?.cancel()
                    self?.releaseSideEffect()
                }
        // lab-code-end
        case .p6:
            // lab-code: P6
            // P1 with Foundation's repeating timer: scheduled in onAppear, never invalidated. A
            // scheduled timer lives in the run loop, not in the view: closing the view leaves it
            // firing.
            view.node
                .onAppear { [weak self, weak node = view.node, weak state = view.state] in
                    guard let self else { return }
                    self.load()
                    state?.timer = self.scheduledTimer(owner: node)  // lab-code-key
                    self.acquireSideEffect()
                }
                .onDisappear { [weak self] in
                    self?.releaseSideEffect()
                }
        // lab-code-end
        case .p2:
            // lab-code: P2
            // Seed 003's fix: `.onActive { … } onInactive: { … }` (M6).
            let (onActive, onInactive) = activeCallbacks(for: view)
            view.node.onActive(onActive, onInactive: onInactive)  // lab-code-key
        // lab-code-end
        case .p4:
            // lab-code: P4
            // Seed 003's own reader, as written, beside P2 in the same repro.
            let (onActive, onInactive) = activeCallbacks(for: view)
            SeedScenePhaseReader.install(  // lab-code-key
                on: view.node, hook: .appear, onActive: onActive, onInactive: onInactive)
        // lab-code-end
        case .p5:
            // lab-code: P5
            // Seed 003's 3-B: the same reader, onActive from the will-appear hook the host fires
            // before the view maps (GTK: the fresh view widget's realize).
            let (onActive, onInactive) = activeCallbacks(for: view)
            SeedScenePhaseReader.install(  // lab-code-key
                on: view.node, hook: .willAppear, onActive: onActive, onInactive: onInactive)
        // lab-code-end
        case .p3:
            // lab-code: P3
            // Beyond the seeds: one task that lives exactly while the scene is active (M7).
            view.node.task(while: .active, name: .loadHoldPoll, label: "P3") {  // lab-code-key
                [weak self] in
                guard let self else { return }
                self.load()
                self.acquireSideEffect()
                defer { self.releaseSideEffect() }  // lab-code-key
                try? await self.pollForever()
            }
        // lab-code-end
        }
    }
}

extension ScenePhaseScreen {
    /// Foundation's `Timer.scheduledTimer(withTimeInterval: P, repeats: true) { poll() }` in the
    /// lab: a task the page's run loop keeps (its ledger), firing every P on the polling grid
    /// until someone invalidates it. It is registered with `owner`, so the panel flags it orphan
    /// once that view has gone and it fires on.
    func scheduledTimer(owner: LifecycleNode?) -> RepeatingTimer {
        RepeatingTimer(
            task: ledger.start(registry: context.registry, name: .repeatingTimer, label: "P6", owner: owner) {
                [weak self] in
                try await self?.pollForever()
            })
    }

    /// The work P2, P4 and P5 hang on `onActive` / `onInactive`: load, poll every P and take the
    /// side effect; stop polling and release it. Counted, so the repro can tell the readers apart.
    fileprivate func activeCallbacks(for view: ScenePhaseView) -> (
        onActive: @MainActor () -> Void, onInactive: @MainActor () -> Void
    ) {
        // lab-code: P2 P4 P5 part 2
        let registry = context.registry
        let label = TaskLabel(strategy.rawValue)
        let onActive: @MainActor () -> Void = { [weak self, weak node = view.node, weak state = view.state] in
            guard let self else { return }
            self.activeCalls += 1
            if node?.isAppeared == false { self.activeCallsBeforeAppear += 1 }
            self.load()
            state?.pollingTask?.cancel()
            state?.pollingTask = registry.unstructuredTask(name: .pollEveryP, label: label, owner: node) {
                [weak self] in
                try await self?.pollForever()
            }
            self.acquireSideEffect()
        }
        let onInactive: @MainActor () -> Void = { [weak self, weak state = view.state] in
            self?.inactiveCalls += 1
            state?.pollingTask?.cancel()
            state?.pollingTask = nil
            self?.releaseSideEffect()
        }
        return (onActive, onInactive)
        // lab-code-end
    }
}

/// What the scene-phase page's inner view keeps in `@State`: the polling task of P1, P2, P4 and
/// P5, the timer of P6 (P3 keeps nothing).
@MainActor
public final class ScenePhaseViewState {
    /// The polling task started on appear (P1) or on active (P2, P4, P5).
    public var pollingTask: Task<Void, any Error>?
    /// P6's repeating timer (`@State private var timer: Timer?`).
    public var timer: RepeatingTimer?
}

/// A repeating timer's handle, as `Timer` is one: ``invalidate()`` stops it; dropping the
/// handle does not, since the run loop keeps the timer (here, the page's task ledger).
@MainActor
public final class RepeatingTimer {
    private let task: Task<Void, any Error>

    init(task: Task<Void, any Error>) {
        self.task = task
    }

    /// Stops the timer (`Timer.invalidate()`).
    public func invalidate() { task.cancel() }

    /// Whether it still fires (`Timer.isValid`).
    public var isValid: Bool { !task.isCancelled }
}
