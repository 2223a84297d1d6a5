public import LifecycleTasks

/// Why the toast was hidden, which also says how it goes (SPEC §3, seed 000): a timer's hide
/// slides the toast out (`withAnimation`), the button's and a reset's remove it at once.
public enum HideCause: String, Sendable, Hashable, Codable {
    /// The *Hide toast* button: the toast vanishes at once.
    case button
    /// A strategy's timer (after D, or the T3 trap's cancelled action): the toast slides out.
    case timer
    /// The screen was reset (strategy switch, shutdown): the toast vanishes at once.
    case reset

    /// Whether the hide is animated (the toast slides out, its node disappears at the end).
    public var slidesOut: Bool { self == .timer }
}

/// A moment the toast went from shown to hidden.
public struct HideEvent: Sendable, Hashable, Codable {
    /// Context time of the hide: when it starts (a sliding toast disappears at the slide's end).
    public var time: Duration
    /// What hid it.
    public var cause: HideCause
}

/// The toast of one show: its node and ``ToastViewState``, made at *Show toast* and dropped at
/// the hide.
public typealias ToastView = PresentedView<ToastViewState>

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
public final class ToastScreen: ViewScreen {
    /// Strategy, context, timing, scene, journal and the view shell.
    public let core: ScreenCore<ToastStrategyID, ToastViewState>

    /// The toast's text.
    public let message: String
    /// Context times at which the toast was shown (the last 1,000 or so).
    public private(set) var showTimes: [Duration] = []
    /// Changes from shown to hidden, with their causes (the last 1,000 or so).
    public private(set) var hideEvents: [HideEvent] = []

    /// Live `ToastViewState`s: 1 while a toast is shown; more when a task keeps a dropped one (T6).
    public var liveViewStates: Int { stateCensus.value }
    /// Live `TaskBag`s (T5, T6): the T6 bug keeps one per press alive until its timer ends.
    public var liveTaskBags: Int { bagCensus.value }
    /// Ticks of T7's countdowns so far (one every D/10, nine per toast unless cancelled).
    public private(set) var countdownTicks = 0
    /// Context times of T8's saves that ran to their end.
    public private(set) var savesFinished: [Duration] = []

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
        self.message = message
        core = ScreenCore(
            strategy: strategy, context: context, timing: timing, scene: scene, viewName: "toast", host: host)
    }

    /// Whether the toast is shown (seed 000's `@State private var isPresented`).
    public var isPresented: Bool { isViewShown }
    /// The toast on screen, `nil` while hidden.
    public var presented: ToastView? { view }
    /// How many toasts have been made.
    public var toastsMade: Int { viewsShown }

    /// D, the time a toast stays up on its own.
    public var toastDuration: Duration { timing.toastDuration }

    /// How long a timer's hide slides the toast out: D/12 (250 ms at the spec's scale), scaled
    /// with every other duration.
    public var slideOutDuration: Duration { Self.slideOutDuration(timing) }

    /// The slide-out's length for `timing` (a host made before its screen asks for it).
    public static func slideOutDuration(_ timing: LabTiming) -> Duration { timing.toastDuration / 12 }

    /// How long T8's save takes: 2D/3, longer than the toast stays up in the repro's first show.
    public var saveDuration: Duration { timing.toastDuration * 2 / 3 }

    /// The step of T7's countdown: D/10.
    public var countdownStep: Duration { timing.toastDuration / 10 }

    /// The time left before the shown toast's D runs out (shown-at + D − now, never negative);
    /// `nil` while hidden. A display value: with T1 or T6 an older timer may hide it sooner.
    public var remainingTime: Duration? {
        guard let presented else { return nil }
        let left = presented.presentedAt + timing.toastDuration - context.now
        return left < .zero ? .zero : left
    }

    /// The *Show toast* button: shows a fresh toast unless one is shown (`isPresented = true`).
    public func show() {
        guard let view = present() else { return }
        showTimes.appendBounded(view.presentedAt)
        journal.changed()
    }

    /// The *Hide toast* button, and what a timer calls (`isPresented = false`). Does nothing while
    /// hidden: a stale timer firing then changes nothing.
    ///
    /// The hide is recorded when it starts. A timer's hide slides the toast out (seed 000's
    /// `withAnimation`): the toast leaves the model now, and its node disappears and its state
    /// goes when the host's slide ends. The button's hide removes it at once.
    public func hide(cause: HideCause = .button) {
        guard isPresented else { return }
        hideEvents.appendBounded(HideEvent(time: context.now, cause: cause))
        // The `if isPresented` branch is gone: SwiftUI drops the toast's @State with it.
        _ = dismiss(animated: cause.slidesOut)
        journal.changed()
    }

    /// Switching strategy or shutting down: hides the toast, ends a slide-out still running,
    /// and cancels the unstructured tasks its strategy left running (T1's timers, T6's bag tasks,
    /// T7's countdowns, T8's saves), so the page starts clean.
    public func reset() {
        hide(cause: .reset)
        finishLeavingNow()
        ledger.cancelAll()
        for bag in bags.compactMap(\.bag) { bag.cancelAll() }
        bags.removeAll()
    }

    /// Logs a line on the screen and in the context's event log (the seeds' `print`).
    public func log(_ line: ToastLine) {
        journal.log(line)
        journal.changed()
    }

    /// The toast's timer as the seeds write it (seed 000's `.task` body, seed 002's
    /// `startCounting()`): logs "sleep start", sleeps D, logs "sleep end" and hides the toast; a
    /// cancel during the sleep lands in `catch is CancellationError` and logs "task cancel".
    /// Which task runs it, and who cancels that task, is the strategy (T1, T2, T4–T6).
    public func dismissAfterDelay() async {
        // lab-code: T1 T2 T4 T5 T6 T7 T8 part 4
        do {
            log(.sleepStart)
            try await context.sleep(for: toastDuration)
            log(.sleepEnd)
            hide(cause: .timer)  // lab-code-key: T1 T6
        } catch is CancellationError {  // lab-code-key: T2 T4 T5 T7 T8
            log(.taskCancel)
        } catch {
            log(.error)
        }
        // lab-code-end
    }

    /// T7's countdown: ticks every D/10, nine times (until 0.1 D is left), then ends; a cancel
    /// stops it and logs "countdown cancelled". It captures the screen, not the toast's state.
    public func countDown() async {
        // lab-code: T7 part 2
        do {
            for _ in 1...9 {
                try await context.sleep(for: countdownStep)
                countdownTicks += 1
                journal.changed()
            }
        } catch {
            log(.countdownCancelled)  // lab-code-key
        }
        // lab-code-end
    }

    /// T8's save, work that must finish (seed 000's guide): takes ``saveDuration`` and logs
    /// "saved"; only a cancel (a strategy switch, shutdown) stops it, which logs "save cancelled".
    public func save() async {
        // lab-code: T8 part 2
        do {
            log(.saveStart)
            try await context.sleep(for: saveDuration)
            savesFinished.appendBounded(context.now)
            log(.saved)  // lab-code-key
        } catch {
            log(.saveCancelled)
        }
        // lab-code-end
    }

    public func makeState(for node: LifecycleNode) -> ToastViewState {
        ToastViewState(screen: self, node: node)
    }

    public func install(on view: ToastView) {
        strategy.strategy.install(on: view, screen: self)
    }

    func track(_ bag: TaskBag) {
        bags.removeAll { $0.bag == nil }
        bags.append(WeakBag(bag: bag))
    }
}

/// A bag the screen can still cancel on reset without keeping it alive.
private struct WeakBag {
    weak var bag: TaskBag?
}

/// A line the toast page's screen logs (SPEC §3). A judge matches these cases, never their text.
public enum ToastLine: ScreenLine {
    /// A toast's timer began its sleep of D.
    case sleepStart
    /// A toast's timer slept its D out.
    case sleepEnd
    /// A toast's timer was cancelled during its sleep.
    case taskCancel
    /// A toast's timer's sleep threw something other than a cancellation.
    case error
    /// T3's timer hid the toast (also when its cancelled sleep returned early).
    case autoDismissed
    /// T7's countdown was cancelled.
    case countdownCancelled
    /// T8's save began.
    case saveStart
    /// T8's save ran to its end.
    case saved
    /// T8's save was cancelled.
    case saveCancelled

    /// The line as it reads in the log.
    public var text: String {
        switch self {
        case .sleepStart: "sleep start"
        case .sleepEnd: "sleep end"
        case .taskCancel: "task cancel"
        case .error: "error"
        case .autoDismissed: "auto-dismissed"
        case .countdownCancelled: "countdown cancelled"
        case .saveStart: "save start"
        case .saved: "saved"
        case .saveCancelled: "save cancelled"
        }
    }
}
