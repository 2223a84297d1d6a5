/// One line the toast screen logged, with its context time (the seeds' `print`).
public struct LogLine: Sendable, Hashable, Codable {
    /// Context time when it was logged.
    public var time: Duration
    /// The text: "sleep start", "task cancel", "auto-dismissed" …
    public var text: String

    /// Makes a line.
    public init(time: Duration, text: String) {
        self.time = time
        self.text = text
    }
}

/// Why the toast was hidden.
public enum HideCause: String, Sendable, Hashable, Codable {
    /// The *Hide toast* button.
    case button
    /// A strategy's timer (after D, or the T3 trap's cancelled action).
    case timer
    /// The screen was reset (strategy switch, shutdown).
    case reset
}

/// A moment the toast went from shown to hidden.
public struct HideEvent: Sendable, Hashable, Codable {
    /// Context time of the hide.
    public var time: Duration
    /// What hid it.
    public var cause: HideCause
}

/// SPEC §3's toast page: seed 000's `ContentView`, holding `isPresented` and making a fresh
/// ``ToastView`` each time the toast is shown, as `if isPresented { ToastView() }` does.
///
/// The screen owns the toast view's state only while the toast is shown; ``hide(cause:)`` makes
/// the node disappear through the host and then drops that state. The chosen strategy decides
/// what the toast's node does on appear and disappear: see ``ToastStrategyID``.
///
/// ```swift
/// let context = LifecycleContext(clock: clock)
/// let screen = ToastScreen(strategy: .t2, context: context, host: ImmediateHost<ToastView>())
/// screen.show()                  // t = 0: the toast's .task sleeps D
/// screen.hide()                  // the toast disappears: T2's timer is cancelled, logs "task cancel"
/// screen.remainingTime           // nil while hidden; D − elapsed while shown
/// ```
@MainActor
public final class ToastScreen {
    /// The strategy every toast made by this screen uses.
    public let strategy: ToastStrategyID
    /// The context whose clock, registry and log the toasts use.
    public let context: LifecycleContext
    /// The spec's durations; ``LabTiming/toastDuration`` is D.
    public let timing: LabTiming
    /// The toast's text.
    public let message: String
    /// The window the toast lives in (for strategies that read the scene phase); may be `nil`.
    public let scene: WindowScene?

    /// Whether the toast is shown (seed 000's `@State private var isPresented`).
    public private(set) var isPresented = false
    /// The toast on screen, `nil` while hidden.
    public private(set) var presented: ToastView?
    /// The lines the toasts logged ("sleep start", "task cancel", "auto-dismissed" …), oldest
    /// first; the last 1,000 or so are kept.
    public private(set) var logLines: [LogLine] = []
    /// Context times at which the toast was shown (the last 1,000 or so).
    public private(set) var showTimes: [Duration] = []
    /// Changes from shown to hidden, with their causes (the last 1,000 or so).
    public private(set) var hideEvents: [HideEvent] = []
    /// How many toasts have been made.
    public private(set) var toastsMade = 0

    /// Live `ToastViewState`s: 1 while a toast is shown; more when a task keeps a dropped one (T6).
    public var liveViewStates: Int { stateCensus.value }
    /// Live `TaskBag`s (T5, T6): the T6 bug keeps one per press alive until its timer ends.
    public var liveTaskBags: Int { bagCensus.value }

    private let anyHost: AnyViewHost<ToastView>
    private let observers = ObserverList<ToastScreen>()
    let ledger = TaskLedger()
    let stateCensus = LiveCounter()
    let bagCensus = LiveCounter()
    private var bags: [WeakBag] = []

    /// Makes the screen, hidden.
    /// - Parameters:
    ///   - strategy: how the toast dismisses itself.
    ///   - context: clock, registry and log.
    ///   - timing: the spec's durations (D).
    ///   - host: shows and removes toast views (``ImmediateHost`` without a display).
    ///   - scene: the window, if any.
    ///   - message: the toast's text.
    public init(
        strategy: ToastStrategyID, context: LifecycleContext, timing: LabTiming = .standard,
        host: some ViewHost<ToastView>, scene: WindowScene? = nil, message: String = "Toast!"
    ) {
        self.strategy = strategy
        self.context = context
        self.timing = timing
        self.anyHost = AnyViewHost(host)
        self.scene = scene
        self.message = message
    }

    /// D, the time a toast stays up on its own.
    public var toastDuration: Duration { timing.toastDuration }

    /// The time left before the shown toast's D runs out (shown-at + D − now, never negative);
    /// `nil` while hidden. A display value: with T1 or T6 an older timer may hide it sooner.
    public var remainingTime: Duration? {
        guard let presented else { return nil }
        let left = presented.shownAt + timing.toastDuration - context.now
        return left < .zero ? .zero : left
    }

    /// The *Show toast* button: shows a fresh toast unless one is shown (`isPresented = true`).
    public func show() {
        guard !isPresented else { return }
        isPresented = true
        toastsMade += 1
        let view = ToastView(screen: self, number: toastsMade)
        presented = view
        showTimes.appendBounded(context.now)
        strategy.strategy.install(on: view, screen: self)
        anyHost.present(view)
        observers.notify(self)
    }

    /// The *Hide toast* button, and what a timer calls (`isPresented = false`). Does nothing while
    /// hidden: a stale timer firing then changes nothing.
    public func hide(cause: HideCause = .button) {
        guard isPresented, let view = presented else { return }
        isPresented = false
        presented = nil
        hideEvents.appendBounded(HideEvent(time: context.now, cause: cause))
        anyHost.dismissAndEnsureDisappeared(view)
        // The `if isPresented` branch is gone: SwiftUI drops the toast's @State with it.
        view.discardState()
        view.node.ownerStateReleasedExpected()
        observers.notify(self)
    }

    /// Switching strategy or shutting down: hides the toast and cancels the unstructured tasks its
    /// strategy left running (T1's timers, T6's bag tasks), so the page starts clean.
    public func reset() {
        hide(cause: .reset)
        ledger.cancelAll()
        for bag in bags.compactMap(\.bag) { bag.cancelAll() }
        bags.removeAll()
    }

    func track(_ bag: TaskBag) {
        bags.removeAll { $0.bag == nil }
        bags.append(WeakBag(bag: bag))
    }

    /// Calls `handler` after every show, hide and log line. Keep the token.
    public func onChange(_ handler: @escaping @MainActor (ToastScreen) -> Void) -> ObservationToken {
        observers.add(handler)
    }

    /// Logs a line on the screen and in the context's event log (the seeds' `print`).
    public func log(_ text: String) {
        logLines.appendBounded(LogLine(time: context.now, text: text))
        context.log.append(.message(text))
        observers.notify(self)
    }
}

/// The toast of one show: a node the host drives and the state that exists only while shown.
///
/// The screen makes one per show and drops it on hide. The host turns it into a widget whose
/// map and unmap drive ``node``.
@MainActor
public final class ToastView: HostedView {
    /// The toast's lifecycle node; the strategy's modifiers are installed on it.
    public let node: LifecycleNode
    /// The toast's text.
    public let message: String
    /// Which toast this is (1, 2, …) on its screen.
    public let number: Int
    /// Context time at show.
    public let shownAt: Duration
    /// The toast's @State, `nil` once the toast was hidden (the registry watches it weakly).
    public private(set) var state: ToastViewState?

    init(screen: ToastScreen, number: Int) {
        self.number = number
        self.message = screen.message
        self.shownAt = screen.context.now
        let node = LifecycleNode(name: "toast #\(number)", scene: screen.scene, context: screen.context)
        self.node = node
        let state = ToastViewState(screen: screen, node: node)
        self.state = state
        node.ownerState = state
    }

    func discardState() { state = nil }
}

/// What a toast keeps in `@State`: the kept `Task` of T4 and the `TaskBag` of T5 and T6.
///
/// It is dropped when the toast hides. If it is still alive after that, something captured it
/// (T6), and the registry flags the task holding it as retaining its owner.
@MainActor
public final class ToastViewState {
    /// T4's kept task (seed 000's `@State private var task`).
    public var task: Task<Void, any Error>?
    /// T5's and T6's bag, cancelling its tasks in `deinit` (seed 002).
    public let taskBag: TaskBag

    // Strong on purpose: in SwiftUI the toast's closures capture the ContentView, whose
    // `isPresented` they set; the screen outlives its toasts anyway.
    private let screen: ToastScreen
    private let census: LiveCounter

    init(screen: ToastScreen, node: LifecycleNode) {
        self.screen = screen
        self.census = screen.stateCensus
        self.taskBag = TaskBag(
            registry: screen.context.registry, owner: node, strategy: screen.strategy.rawValue,
            census: screen.bagCensus)
        census.increment()
        screen.track(taskBag)
    }

    deinit { census.decrement() }

    /// The countdown as a method of the view (seed 002's `startCounting()`): calling it from a
    /// task closure captures this state, which is T6's bug.
    public func dismissAfterDelay() async {
        let context = screen.context
        do {
            screen.log("sleep start")
            try await context.sleep(for: screen.toastDuration)
            screen.log("sleep end")
            screen.hide(cause: .timer)
        } catch is CancellationError {
            screen.log("task cancel")
        } catch {
            screen.log("error")
        }
    }
}

/// A toast strategy as a value: what it installs on each new toast's node.
///
/// ```swift
/// let strategy = ToastStrategy(.t4)
/// strategy.install(on: view, screen: screen)   // ToastScreen does this at each show
/// ```
public struct ToastStrategy: Sendable {
    /// Which spec row this is.
    public let id: ToastStrategyID
    private let installer: @MainActor @Sendable (ToastView, ToastScreen) -> Void

    /// The strategy for `id`.
    public init(_ id: ToastStrategyID) {
        self.id = id
        switch id {
        case .t1: installer = Self.installT1
        case .t2: installer = Self.installT2
        case .t3: installer = Self.installT3
        case .t4: installer = Self.installT4
        case .t5: installer = Self.installT5
        case .t6: installer = Self.installT6
        }
    }

    /// Installs the strategy's modifiers on a new toast's node, before it appears.
    @MainActor
    public func install(on view: ToastView, screen: ToastScreen) {
        installer(view, screen)
    }

    // Seed 000, first version: `onAppear { Task { … } }`. Nobody keeps or cancels the Task.
    @MainActor
    private static func installT1(view: ToastView, screen: ToastScreen) {
        let registry = screen.context.registry
        let context = screen.context
        let duration = screen.toastDuration
        let ledger = screen.ledger
        view.node.onAppear { [weak node = view.node] in
            ledger.start(registry: registry, name: "sleep D, then hide", strategy: "T1", owner: node) {
                do {
                    screen.log("sleep start")
                    try await context.sleep(for: duration)
                    screen.log("sleep end")
                    screen.hide(cause: .timer)
                } catch {
                    screen.log("task cancel")  // never runs: nothing cancels this Task
                }
            }
        }
    }

    // Seed 000, the fix: `.task { do { … } catch is CancellationError { print("task cancel") } }`.
    @MainActor
    private static func installT2(view: ToastView, screen: ToastScreen) {
        let context = screen.context
        let duration = screen.toastDuration
        view.node.task(name: "sleep D, then hide", strategy: "T2") {
            do {
                screen.log("sleep start")
                try await context.sleep(for: duration)
                screen.log("sleep end")
                screen.hide(cause: .timer)
            } catch is CancellationError {
                screen.log("task cancel")
            } catch {
                screen.log("error")
            }
        }
    }

    // Seed 000's warning: `try?` swallows the CancellationError, so the lines after the sleep
    // run at once when the toast disappears. `hide` is then a no-op (the toast is already
    // hidden), but "auto-dismissed" is logged though no timer elapsed.
    @MainActor
    private static func installT3(view: ToastView, screen: ToastScreen) {
        let context = screen.context
        let duration = screen.toastDuration
        view.node.task(name: "try? sleep D, then hide", strategy: "T3") {
            try? await context.sleep(for: duration)
            screen.hide(cause: .timer)
            screen.log("auto-dismissed")
        }
    }

    // Seed 000's おまけ: keep the Task in @State, cancel it in onDisappear.
    @MainActor
    private static func installT4(view: ToastView, screen: ToastScreen) {
        let registry = screen.context.registry
        let context = screen.context
        let duration = screen.toastDuration
        view.node
            .onAppear { [weak node = view.node, weak state = view.state] in
                state?.task = registry.unstructuredTask(name: "sleep D, then hide", strategy: "T4", owner: node) {
                    do {
                        screen.log("sleep start")
                        try await context.sleep(for: duration)
                        screen.log("sleep end")
                        screen.hide(cause: .timer)
                    } catch is CancellationError {
                        screen.log("task cancel")
                    } catch {
                        screen.log("error")
                    }
                }
            }
            .onDisappear { [weak state = view.state] in
                state?.task?.cancel()
            }
    }

    // Seed 002, first version: the bag in @State, the closure written out in place so it
    // captures nothing of the view. Dropping the state deinits the bag, which cancels.
    @MainActor
    private static func installT5(view: ToastView, screen: ToastScreen) {
        let context = screen.context
        let duration = screen.toastDuration
        view.node.onAppear { [weak state = view.state] in
            state?.taskBag.add(name: "sleep D, then hide") {
                do {
                    screen.log("sleep start")
                    try await context.sleep(for: duration)
                    screen.log("sleep end")
                    screen.hide(cause: .timer)
                } catch is CancellationError {
                    screen.log("task cancel")
                } catch {
                    screen.log("error")
                }
            }
        }
    }

    // Seed 002, second version: `taskBag.add { await startCounting() }`. Calling a method of the
    // view captures it: the task keeps the state, the state keeps the bag, the bag never deinits
    // before the task ends, so nothing is cancelled.
    @MainActor
    private static func installT6(view: ToastView, screen: ToastScreen) {
        view.node.onAppear { [weak weakState = view.state] in
            guard let state = weakState else { return }
            state.taskBag.add(name: "sleep D, then hide") {
                await state.dismissAfterDelay()
            }
        }
    }
}

extension ToastStrategyID {
    /// The strategy value for this ID.
    public var strategy: ToastStrategy { ToastStrategy(self) }
}

/// Type-erases a host so a screen can keep any ``ViewHost`` of its view type.
@MainActor
final class AnyViewHost<Hosted: HostedView> {
    private let presentView: @MainActor (Hosted) -> Void
    private let dismissView: @MainActor (Hosted) -> Void

    init(_ host: some ViewHost<Hosted>) {
        presentView = { host.present($0) }
        dismissView = { host.dismissAndEnsureDisappeared($0) }
    }

    func present(_ view: Hosted) { presentView(view) }
    func dismissAndEnsureDisappeared(_ view: Hosted) { dismissView(view) }
}

/// A bag the screen can still cancel on reset without keeping it alive.
private struct WeakBag {
    weak var bag: TaskBag?
}
