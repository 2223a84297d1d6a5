/// The error `exec()` throws when the button page is set to fail.
public struct ExecFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// Which exec failed (1, 2, … on its screen).
    public let run: Int
    /// "exec #N failed".
    public var description: String { "exec #\(run) failed" }
}

/// Seed 001's page: an *Action!* button whose `exec()` takes L, honours cancellation and can be
/// set to throw. The page itself can be opened and closed while work runs; each open makes a
/// fresh ``ButtonPageView`` whose state goes with it.
///
/// The screen outlives its pages and counts what really happened to every exec, so the app can
/// show it next to what the strategy reported (``surfacedErrors``):
///
/// ```swift
/// let screen = ButtonScreen(strategy: .b1, context: context, host: ImmediateHost<ButtonPageView>())
/// screen.openPage()
/// screen.press(); screen.press()    // B1: two execs at once
/// screen.closePage()                // B1: both keep running; the page state stays alive
/// screen.execsRunning               // 2
/// ```
@MainActor
public final class ButtonScreen {
    /// How the Action! button starts its work.
    public let strategy: ButtonStrategyID
    /// Clock, registry and log.
    public let context: LifecycleContext
    /// The spec's durations; ``LabTiming/workDuration`` is L.
    public let timing: LabTiming
    /// The window the page lives in, if any.
    public let scene: WindowScene?

    /// When `true`, every exec that starts from now on throws ``ExecFailure`` after L instead of returning.
    public var execShouldThrow = false

    /// The page on screen, `nil` while closed.
    public private(set) var page: ButtonPageView?
    /// Whether the page is open.
    public var isPageOpen: Bool { page != nil }
    /// Execs started so far.
    public private(set) var execsStarted = 0
    /// Execs running now.
    public private(set) var execsRunning = 0
    /// The most execs ever running at once, by their start and end times. A run cancelled as the
    /// next one starts (B2, B3) overlaps it only for as long as its cancellation takes to land:
    /// zero on a test clock, microseconds on a real one. The scenario driver counts tasks not
    /// asked to stop instead.
    public var maxConcurrentExecs: Int {
        execSpans.map { span in
            execSpans.count { $0.start <= span.start && ($0.end.map { $0 > span.start } ?? true) }
        }.max() ?? 0
    }
    /// Execs that ran to the end and returned.
    public private(set) var execsCompleted = 0
    /// Execs that stopped because their task was cancelled.
    public private(set) var execsCancelled = 0
    /// Execs that threw ``ExecFailure``.
    public private(set) var execsFailed = 0
    /// The errors the strategy reported to the user (B1 reports none: they vanish).
    public private(set) var surfacedErrors: [String] = []
    /// Log lines: exec start/end and what the strategy reported.
    public private(set) var logLines: [LogLine] = []
    /// Live page states: 1 while the page is open; more while tasks keep closed pages' states (B1).
    public var liveViewStates: Int { stateCensus.value }

    private let anyHost: AnyViewHost<ButtonPageView>
    private let observers = ObserverList<ButtonScreen>()
    let ledger = TaskLedger()
    let stateCensus = LiveCounter()
    private var pagesMade = 0
    private var execSpans: [(start: Duration, end: Duration?)] = []

    /// Makes the screen with its page closed.
    /// - Parameters:
    ///   - strategy: how a press starts `exec()`.
    ///   - context: clock, registry and log.
    ///   - timing: the spec's durations (L).
    ///   - host: shows and removes the page (``ImmediateHost`` without a display).
    ///   - scene: the window, if any.
    public init(
        strategy: ButtonStrategyID, context: LifecycleContext, timing: LabTiming = .standard,
        host: some ViewHost<ButtonPageView>, scene: WindowScene? = nil
    ) {
        self.strategy = strategy
        self.context = context
        self.timing = timing
        self.scene = scene
        self.anyHost = AnyViewHost(host)
    }

    /// Opens a fresh page (does nothing while one is open).
    public func openPage() {
        guard page == nil else { return }
        pagesMade += 1
        let view = ButtonPageView(screen: self, number: pagesMade)
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

    /// The *Action!* button (does nothing while the page is closed).
    public func press() {
        guard let state = page?.state else { return }
        state.press()
        observers.notify(self)
    }

    /// Switching strategy or shutting down: closes the page and cancels the work B1 left running.
    public func reset() {
        closePage()
        ledger.cancelAll()
    }

    /// Calls `handler` after every open, close, press, exec start and exec end. Keep the token.
    public func onChange(_ handler: @escaping @MainActor (ButtonScreen) -> Void) -> ObservationToken {
        observers.add(handler)
    }

    /// Logs a line on the screen and in the context's event log.
    public func log(_ text: String) {
        logLines.appendBounded(LogLine(time: context.now, text: text))
        context.log.append(.message(text))
    }

    func surface(_ error: any Error) {
        surfacedErrors.appendBounded(String(describing: error))
        log("shown to the user: \(error)")
    }

    /// The work (seed 001's `exec()`): L on the clock, honouring cancellation.
    func runExec() async throws {
        execsStarted += 1
        let run = execsStarted
        let shouldThrow = execShouldThrow
        execsRunning += 1
        let span = execSpans.count
        execSpans.append((context.now, nil))
        log("exec #\(run) start")
        observers.notify(self)
        defer {
            execsRunning -= 1
            execSpans[span].end = context.now
            observers.notify(self)
        }
        do {
            try await context.sleep(for: timing.workDuration)
        } catch {
            execsCancelled += 1
            log("exec #\(run) cancelled")
            throw error
        }
        if shouldThrow {
            execsFailed += 1
            log("exec #\(run) threw")
            throw ExecFailure(run: run)
        }
        execsCompleted += 1
        log("exec #\(run) done")
    }

    private func install(on view: ButtonPageView) {
        switch strategy {
        case .b1:
            break  // B1 installs nothing: the button makes its Task on the spot.
        case .b2:
            // Seed 001, 方法1: `.onDisappear { currentTask?.cancel() }`.
            view.node.onDisappear { [weak state = view.state] in
                state?.currentTask?.cancel()
            }
        case .b3:
            // Seed 001, 方法2: `.task(id: triggers) { guard triggers != nil else { return } … }`.
            guard let state = view.state else { return }
            state.triggerTask = view.node.task(id: state.trigger, name: "exec", strategy: "B3") {
                [weak state] trigger in
                guard trigger != nil else { return }
                guard let state else { return }
                do {
                    try await state.exec()
                } catch {
                    state.report(error)
                }
            }
        }
    }
}

/// The button page of one opening: its node and the state that goes when it closes.
@MainActor
public final class ButtonPageView: HostedView {
    /// The page's lifecycle node.
    public let node: LifecycleNode
    /// Which opening this is (1, 2, …).
    public let number: Int
    /// The page's @State, `nil` once the page closed.
    public private(set) var state: ButtonPageState?

    init(screen: ButtonScreen, number: Int) {
        self.number = number
        let node = LifecycleNode(name: "button page #\(number)", scene: screen.scene, context: screen.context)
        self.node = node
        let state = ButtonPageState(screen: screen, node: node)
        self.state = state
        node.ownerState = state
    }

    func discardState() { state = nil }
}

/// What the button page keeps in `@State`, and its `exec()` method.
///
/// B1's and B2's task closures call ``exec()``, so they keep this state alive while they run, as
/// seed 001's closures keep the `ContentView`: B2 cancels them, B1 does not.
@MainActor
public final class ButtonPageState {
    /// B2's `@State private var currentTask`.
    public var currentTask: Task<Void, any Error>?
    /// B3's `@State private var triggers: Bool?`; every press flips it, which restarts the task.
    public private(set) var trigger: Bool? {
        didSet { triggerTask?.id = trigger }
    }

    var triggerTask: TaskIDHandle<Bool?>?
    private let screen: ButtonScreen
    private weak var node: LifecycleNode?

    init(screen: ButtonScreen, node: LifecycleNode) {
        self.screen = screen
        self.node = node
        screen.stateCensus.increment()
    }

    isolated deinit { screen.stateCensus.decrement() }

    /// Seed 001's `private func exec() async throws`: takes L, honours cancellation, may throw.
    public func exec() async throws {
        try await screen.runExec()
    }

    func report(_ error: any Error) {
        if error is CancellationError {
            screen.log("exec cancelled")
        } else {
            screen.surface(error)
        }
    }

    func press() {
        switch screen.strategy {
        case .b1:
            // `Button { Task { try await exec() } }`: nobody keeps the Task, its error is never read.
            screen.ledger.start(registry: screen.context.registry, name: "exec", strategy: "B1", owner: node) {
                try await self.exec()
            }
        case .b2:
            currentTask?.cancel()
            currentTask = screen.context.registry.unstructuredTask(name: "exec", strategy: "B2", owner: node) {
                do {
                    try await self.exec()
                } catch {
                    self.report(error)
                }
            }
        case .b3:
            if trigger == nil {
                trigger = true
            } else {
                trigger?.toggle()
            }
        }
    }
}
