public import LifecycleTasks

/// What every page's screen is: seed's `ContentView`, with its strategy, the core's context, the
/// spec's durations, its window, its journal, and the inner view it shows and closes, as
/// `if isPresented { SomeView() }` does.
///
/// A page's screen keeps a ``ScreenCore`` (all of the above) and says the two things only it
/// knows: the state of a new view (``makeState(for:)``) and the strategy's modifiers on it
/// (``install(on:)``). The rest comes from here: ``showView()`` and ``closeView()`` are the
/// `isPresented` toggle. A screen that forgets either requirement does not compile.
///
/// ```swift
/// final class ButtonScreen: ViewScreen {
///     let core: ScreenCore<ButtonStrategyID, ButtonViewState>
///     func makeState(for node: LifecycleNode) -> ButtonViewState { ButtonViewState(screen: self, node: node) }
///     func install(on view: ButtonView) { view.node.onDisappear { … } }
/// }
/// screen.showView()    // a fresh view: its node appears, the strategy's modifiers run
/// screen.closeView()   // its node disappears, then its state is dropped
/// ```
@MainActor
public protocol ViewScreen: AnyObject {
    /// The page's strategy IDs.
    associatedtype Strategy: StrategyIdentifier
    /// A view's state (its `@State`).
    associatedtype State: AnyObject

    /// Strategy, context, timing, scene, journal and the view shell.
    var core: ScreenCore<Strategy, State> { get }
    /// The state of a new view, given its node.
    func makeState(for node: LifecycleNode) -> State
    /// Installs the strategy's modifiers on a new view's node, before it appears.
    func install(on view: PresentedView<State>)
    /// Switching strategy or shutting down: closes the view (ending any removal animation) and
    /// cancels the unstructured tasks the strategy left running, so the page starts clean. A
    /// screen that keeps more (the toast's bags) says so in its own.
    func reset()
}

/// What every page's screen keeps (see ``ViewScreen``).
@MainActor
public final class ScreenCore<Strategy: StrategyIdentifier, State: AnyObject> {
    let strategy: Strategy
    let context: LifecycleContext
    let timing: LabTiming
    let scene: WindowScene?
    let journal: ScreenJournal
    /// The unstructured tasks a buggy strategy starts and nobody keeps, so ``ViewScreen/reset()``
    /// can still cancel them.
    let ledger = TaskLedger()
    let presentation: Presentation<State>

    init(
        strategy: Strategy, context: LifecycleContext, timing: LabTiming, scene: WindowScene?, viewName: String,
        host: some ViewHost<PresentedView<State>>
    ) {
        self.strategy = strategy
        self.context = context
        self.timing = timing
        self.scene = scene
        self.journal = ScreenJournal(context: context)
        self.presentation = Presentation(name: viewName, context: context, scene: scene, host: host)
    }
}

extension ViewScreen {
    /// How the page's work is started and stopped (a row of the spec).
    public var strategy: Strategy { core.strategy }
    /// Clock, registry and log.
    public var context: LifecycleContext { core.context }
    /// The spec's durations (D, L, P), scaled.
    public var timing: LabTiming { core.timing }
    /// The window the views live in; M5–M7 follow its phase. May be `nil`.
    public var scene: WindowScene? { core.scene }
    /// The screen's own log lines (also in the context's event log) and its change observers.
    public var journal: ScreenJournal { core.journal }
    /// The unstructured tasks a buggy strategy starts and nobody keeps.
    var ledger: TaskLedger { core.ledger }

    /// The view on screen, `nil` while closed.
    public var view: PresentedView<State>? { core.presentation.view }
    /// Whether the view is shown.
    public var isViewShown: Bool { core.presentation.isPresented }
    /// How many views were shown so far.
    public var viewsShown: Int { core.presentation.presentedCount }
    /// The screen's log lines, oldest first.
    public var logLines: [LogLine] { journal.lines }
    /// Views whose removal animation still runs (off the model, still on screen).
    public var leavingViews: [PresentedView<State>] { core.presentation.leaving }

    /// Shows a fresh view (does nothing while one is shown).
    public func showView() {
        if present() != nil { journal.changed() }
    }

    /// Closes the view: its node disappears, then its state is dropped.
    public func closeView() {
        if dismiss() != nil { journal.changed() }
    }

    /// Closes the view (ending any removal animation) and cancels the unstructured tasks the
    /// strategy left running.
    public func reset() {
        closeView()
        finishLeavingNow()
        ledger.cancelAll()
    }

    /// Calls `handler` after every change the screen reports. Keep the token.
    public func onChange(_ handler: @escaping @MainActor () -> Void) -> ObservationToken {
        journal.onChange(handler)
    }

    /// Presents a fresh view; `nil` if one was shown. Observers are not told (the caller does).
    func present() -> PresentedView<State>? {
        core.presentation.present(makeState: makeState(for:), install: install(on:))
    }

    /// Dismisses the view (with the host's removal animation if `animated`); `nil` if none was
    /// shown. Observers are not told (the caller does).
    func dismiss(animated: Bool = false) -> PresentedView<State>? {
        core.presentation.dismiss(animated: animated)
    }

    /// Ends every removal animation now; their nodes disappear before this returns.
    func finishLeavingNow() {
        core.presentation.finishLeavingNow()
    }
}
