public import LifecycleTasks

/// What every page's screen shares: seed's `ContentView`, with its strategy, the core's context,
/// the spec's durations, its window, its journal, and the inner view it shows and closes, as
/// `if isPresented { SomeView() }` does.
///
/// A page's screen subclasses it, makes its view's state (``makeState(for:)``) and installs its
/// strategy on each new view (``install(on:)``); ``showView()`` and ``closeView()`` are the
/// `isPresented` toggle.
///
/// ```swift
/// final class ButtonScreen: ViewScreen<ButtonStrategyID, ButtonViewState> {
///     override func makeState(for node: LifecycleNode) -> ButtonViewState { ButtonViewState(screen: self, node: node) }
///     override func install(on view: ButtonView) { view.node.onDisappear { … } }
/// }
/// screen.showView()    // a fresh view: its node appears, the strategy's modifiers run
/// screen.closeView()   // its node disappears, then its state is dropped
/// ```
@MainActor
public class ViewScreen<Strategy: StrategyIdentifier, State: AnyObject> {
    /// How the page's work is started and stopped (a row of the spec).
    public let strategy: Strategy
    /// Clock, registry and log.
    public let context: LifecycleContext
    /// The spec's durations (D, L, P), scaled.
    public let timing: LabTiming
    /// The window the views live in; M5–M7 follow its phase. May be `nil`.
    public let scene: WindowScene?
    /// The screen's own log lines (also in the context's event log) and its change observers.
    public let journal: ScreenJournal
    /// The unstructured tasks a buggy strategy starts and nobody keeps, so ``reset()`` can still
    /// cancel them.
    let ledger = TaskLedger()
    private let presentation: Presentation<State>

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

    /// The view on screen, `nil` while closed.
    public var view: PresentedView<State>? { presentation.view }
    /// Whether the view is shown.
    public var isViewShown: Bool { presentation.isPresented }
    /// How many views were shown so far.
    public var viewsShown: Int { presentation.presentedCount }
    /// The screen's log lines, oldest first.
    public var logLines: [LogLine] { journal.lines }

    /// Shows a fresh view (does nothing while one is shown).
    public func showView() {
        if present() != nil { journal.changed() }
    }

    /// Closes the view: its node disappears, then its state is dropped.
    public func closeView() {
        if dismiss() != nil { journal.changed() }
    }

    /// Switching strategy or shutting down: closes the view (ending any removal animation) and
    /// cancels the unstructured tasks the strategy left running, so the page starts clean.
    public func reset() {
        closeView()
        presentation.finishLeavingNow()
        ledger.cancelAll()
    }

    /// Calls `handler` after every change the screen reports. Keep the token.
    public func onChange(_ handler: @escaping @MainActor () -> Void) -> ObservationToken {
        journal.onChange(handler)
    }

    /// The state of a new view (its `@State`), given its node. Every subclass makes its own.
    func makeState(for node: LifecycleNode) -> State {
        preconditionFailure("\(Self.self) must override makeState(for:) to make its view's state")
    }

    /// Installs the strategy's modifiers on a new view's node, before it appears.
    func install(on view: PresentedView<State>) {}

    /// Presents a fresh view; `nil` if one was shown. Observers are not told (the caller does).
    func present() -> PresentedView<State>? {
        presentation.present(makeState: makeState(for:), install: install(on:))
    }

    /// Dismisses the view (with the host's removal animation if `animated`); `nil` if none was
    /// shown. Observers are not told (the caller does).
    func dismiss(animated: Bool = false) -> PresentedView<State>? {
        presentation.dismiss(animated: animated)
    }

    /// Ends every removal animation now; their nodes disappear before this returns.
    func finishLeavingNow() {
        presentation.finishLeavingNow()
    }

    /// Views whose removal animation still runs (off the model, still on screen).
    public var leavingViews: [PresentedView<State>] { presentation.leaving }
}
