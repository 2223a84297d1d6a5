import LifecycleTasks

/// What a toast keeps in `@State`: the kept `Task` of T4, the `TaskBag` of T5 and T6, and seed
/// 002's one-task bag of T7.
///
/// It is dropped when the toast hides. If it is still alive after that, something captured it
/// (T6), and the registry flags the task holding it as retaining its owner.
@MainActor
public final class ToastViewState {
    /// T4's kept task (seed 000's `@State private var task`).
    public var task: Task<Void, any Error>?
    /// T5's and T6's bag, cancelling its tasks in `deinit` (seed 002).
    public let taskBag: TaskBag
    /// T7's bag, seed 002's own: it keeps one task (`nil` for the other strategies).
    let oneTaskBag: SeedTaskBag?

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
        if screen.strategy == .t7 {
            let registry = screen.context.registry
            let ledger = screen.ledger
            let label = TaskLabel(screen.strategy.rawValue)
            // The ledger only keeps the handles so a strategy switch can still cancel them; the
            // bag alone decides what is cancelled while the strategy runs.
            oneTaskBag = SeedTaskBag { [weak node] name, operation in
                ledger.start(registry: registry, name: name, label: label, owner: node) { await operation() }
            }
        } else {
            oneTaskBag = nil
        }
        census.increment()
        screen.track(taskBag)
    }

    deinit { census.decrement() }

    /// The countdown as a method of the view (seed 002's `startCounting()`): calling it from a
    /// task closure captures this state, which is T6's bug.
    public func dismissAfterDelay() async {
        // lab-code: T6
        await screen.dismissAfterDelay()  // lab-code-key
        // lab-code-end
    }
}
