/// A side effect a page holds while it is presented: seed 003 raises the screen brightness; the
/// app maps it to `gtk_application_inhibit` (idle inhibitor) or a visible "presenting" state.
@MainActor
public protocol PresentingSideEffect: AnyObject {
    /// Takes the side effect (inhibit idle, raise brightness).
    func acquire()
    /// Gives it back.
    func release()
}

/// A ``PresentingSideEffect`` that only counts, for tests and headless runs.
///
/// ```swift
/// let effect = CountingSideEffect()
/// effect.acquire(); effect.isHeld   // true
/// ```
@MainActor
public final class CountingSideEffect: PresentingSideEffect {
    /// How many acquisitions are not released yet.
    public private(set) var held = 0
    /// Acquisitions so far.
    public private(set) var acquisitions = 0
    /// Releases so far.
    public private(set) var releases = 0
    /// Whether the side effect is held.
    public var isHeld: Bool { held > 0 }

    /// Makes a side effect that is not held.
    public init() {}

    /// Counts an acquisition.
    public func acquire() {
        held += 1
        acquisitions += 1
    }

    /// Counts a release.
    public func release() {
        held -= 1
        releases += 1
    }
}

/// Seed 003's page: while shown it loads its data once (and shows when), polls a source every P,
/// and holds a side effect. The strategy decides which lifecycle events start and stop that.
///
/// ```swift
/// let window = WindowScene(name: "main", app: nil, context: context)
/// let screen = ScenePhaseScreen(strategy: .p2, context: context, host: ImmediateHost<ScenePhasePageView>(),
///                               scene: window, sideEffect: CountingSideEffect())
/// screen.openPage()                    // loads, polls every P, holds the side effect
/// window.update(phase: .background)    // P2: stops polling and releases; P1 keeps both
/// window.update(phase: .active)        // P2: loads again and restarts polling
/// ```
@MainActor
public final class ScenePhaseScreen {
    /// Which lifecycle events drive loading, polling and the side effect.
    public let strategy: ScenePhaseStrategyID
    /// Clock, registry and log.
    public let context: LifecycleContext
    /// The spec's durations; ``LabTiming/pollInterval`` is P.
    public let timing: LabTiming
    /// The window whose phase M6 and M7 follow.
    public let scene: WindowScene?
    /// What the page holds while presented.
    public let sideEffect: any PresentingSideEffect

    /// The page on screen, `nil` while closed.
    public private(set) var page: ScenePhasePageView?
    /// Whether the page is open.
    public var isPageOpen: Bool { page != nil }
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
    /// Log lines: loads, polling start/stop, side effect.
    public private(set) var logLines: [LogLine] = []

    private let anyHost: AnyViewHost<ScenePhasePageView>
    private let observers = ObserverList<ScenePhaseScreen>()
    let ledger = TaskLedger()
    private var pagesMade = 0

    /// Makes the screen with its page closed.
    /// - Parameters:
    ///   - strategy: P1, P2 or P3.
    ///   - context: clock, registry and log.
    ///   - timing: the spec's durations (P).
    ///   - host: shows and removes the page.
    ///   - scene: the window whose phase the page follows.
    ///   - sideEffect: what the page holds while presented.
    public init(
        strategy: ScenePhaseStrategyID, context: LifecycleContext, timing: LabTiming = .standard,
        host: some ViewHost<ScenePhasePageView>, scene: WindowScene?, sideEffect: any PresentingSideEffect
    ) {
        self.strategy = strategy
        self.context = context
        self.timing = timing
        self.scene = scene
        self.sideEffect = sideEffect
        self.anyHost = AnyViewHost(host)
    }

    /// Opens a fresh page (does nothing while one is open).
    public func openPage() {
        guard page == nil else { return }
        pagesMade += 1
        let view = ScenePhasePageView(screen: self, number: pagesMade)
        page = view
        install(on: view)
        anyHost.present(view)
        observers.notify(self)
    }

    /// Closes the page: its node disappears, then its state is dropped.
    public func closePage() {
        guard let view = page else { return }
        page = nil
        anyHost.dismissAndEnsureDisappeared(view)
        view.discardState()
        view.node.ownerStateReleasedExpected()
        observers.notify(self)
    }

    /// Switching strategy or shutting down: closes the page and cancels any polling left running.
    public func reset() {
        closePage()
        ledger.cancelAll()
    }

    /// Calls `handler` after every load, poll, side-effect change, open and close. Keep the token.
    public func onChange(_ handler: @escaping @MainActor (ScenePhaseScreen) -> Void) -> ObservationToken {
        observers.add(handler)
    }

    /// Logs a line on the screen and in the context's event log.
    public func log(_ text: String) {
        logLines.appendBounded(LogLine(time: context.now, text: text))
        context.log.append(.message(text))
    }

    // MARK: What the page does

    /// Loads the page's data (seed 003: the API call made when the screen shows).
    func load() {
        loads += 1
        lastLoadAt = context.now
        log("load #\(loads)")
        observers.notify(self)
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
        observers.notify(self)
    }

    /// Polls every P until cancelled, on a fixed grid as a repeating timer does: each sleep
    /// runs to the next multiple of P from the start, so a late wake-up does not push every
    /// later poll back.
    func pollForever() async throws {
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
        log("side effect acquired")
        observers.notify(self)
    }

    func releaseSideEffect() {
        guard isHoldingSideEffect else { return }
        isHoldingSideEffect = false
        sideEffect.release()
        log("side effect released")
        observers.notify(self)
    }

    private func install(on view: ScenePhasePageView) {
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
                        registry: registry, name: "poll every P", strategy: "P1", owner: node
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
                    state?.pollingTask = registry.unstructuredTask(name: "poll every P", strategy: "P2", owner: node) {
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
            view.node.task(while: .active, name: "load, hold, poll every P", strategy: "P3") { [weak self] in
                guard let self else { return }
                self.load()
                self.acquireSideEffect()
                defer { self.releaseSideEffect() }
                try? await self.pollForever()
            }
        }
    }
}

/// The scene-phase page of one opening: its node and the state that goes when it closes.
@MainActor
public final class ScenePhasePageView: HostedView {
    /// The page's lifecycle node, in the screen's window scene.
    public let node: LifecycleNode
    /// Which opening this is (1, 2, …).
    public let number: Int
    /// The page's @State, `nil` once the page closed.
    public private(set) var state: ScenePhasePageState?

    init(screen: ScenePhaseScreen, number: Int) {
        self.number = number
        let node = LifecycleNode(name: "scene page #\(number)", scene: screen.scene, context: screen.context)
        self.node = node
        let state = ScenePhasePageState()
        self.state = state
        node.ownerState = state
    }

    func discardState() { state = nil }
}

/// What the scene-phase page keeps in `@State`: P1's and P2's polling task (P3 keeps nothing).
@MainActor
public final class ScenePhasePageState {
    /// The polling task started on appear (P1) or on active (P2).
    public var pollingTask: Task<Void, any Error>?
}
