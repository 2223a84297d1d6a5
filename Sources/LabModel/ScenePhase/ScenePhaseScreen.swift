public import LifecycleTasks

/// The inner view of one showing of the scene-phase page: its node and ``ScenePhaseViewState``.
public typealias ScenePhaseView = PresentedView<ScenePhaseViewState>

extension PageID {
    /// Seed 003's scene phase (P1–P3).
    public static let scenePhase = PageID("scene")
}

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
public final class ScenePhaseScreen: ViewScreen<ScenePhaseStrategyID, ScenePhaseViewState> {
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
        super.init(
            strategy: strategy, context: context, timing: timing, scene: scene, viewName: "scene view", host: host)
    }

    // MARK: What the view does

    /// Loads the page's data (seed 003: the API call made when the screen shows).
    func load() {
        loads += 1
        lastLoadAt = context.now
        journal.log("load #\(loads)")
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
            body()
            next = next.advanced(by: interval)
        }
    }

    func acquireSideEffect() {
        guard !isHoldingSideEffect else { return }
        isHoldingSideEffect = true
        sideEffect.acquire()
        journal.log("side effect acquired")
        journal.changed()
    }

    func releaseSideEffect() {
        guard isHoldingSideEffect else { return }
        isHoldingSideEffect = false
        sideEffect.release()
        journal.log("side effect released")
        journal.changed()
    }

    override func makeState(for node: LifecycleNode) -> ScenePhaseViewState { ScenePhaseViewState() }

    override func install(on view: ScenePhaseView) {
        let registry = context.registry
        switch strategy {
        case .p1:
            // Seed 003's starting point: everything in onAppear, undone in onDisappear. Minimizing
            // does not unmap, so neither runs on suspend or return.
            view.node
                .onAppear { [weak self, weak node = view.node, weak state = view.state] in
                    guard let self else { return }
                    self.load()
                    state?.pollingTask = self.ledger.start(
                        registry: registry, name: "poll every P", origin: "P1", owner: node
                    ) { [weak self] in
                        try await self?.pollForever()
                    }
                    self.acquireSideEffect()
                }
                .onDisappear { [weak self, weak state = view.state] in
                    state?.pollingTask?.cancel()
                    self?.releaseSideEffect()
                }
        case .p2:
            // Seed 003's fix: `.onActive { … } onInactive: { … }` (M6).
            view.node.onActive(
                { [weak self, weak node = view.node, weak state = view.state] in
                    guard let self else { return }
                    self.load()
                    state?.pollingTask = registry.unstructuredTask(name: "poll every P", origin: "P2", owner: node) {
                        [weak self] in
                        try await self?.pollForever()
                    }
                    self.acquireSideEffect()
                },
                onInactive: { [weak self, weak state = view.state] in
                    state?.pollingTask?.cancel()
                    state?.pollingTask = nil
                    self?.releaseSideEffect()
                })
        case .p3:
            // Beyond the seeds: one task that lives exactly while the scene is active (M7).
            view.node.task(while: .active, name: "load, hold, poll every P", origin: "P3") { [weak self] in
                guard let self else { return }
                self.load()
                self.acquireSideEffect()
                defer { self.releaseSideEffect() }
                try? await self.pollForever()
            }
        }
    }
}

/// What the scene-phase page's inner view keeps in `@State`: P1's and P2's polling task (P3
/// keeps nothing).
@MainActor
public final class ScenePhaseViewState {
    /// The polling task started on appear (P1) or on active (P2).
    public var pollingTask: Task<Void, any Error>?
}
