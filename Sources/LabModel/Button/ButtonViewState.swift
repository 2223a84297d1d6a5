import LifecycleTasks

/// What the button page's inner view keeps in `@State`, and its `exec()` method.
///
/// B1's and B2's task closures call ``exec()``, so they keep this state alive while they run, as
/// seed 001's closures keep the `ContentView`: B2 cancels them, B1 does not.
@MainActor
public final class ButtonViewState {
    /// B2's `@State private var currentTask`.
    public var currentTask: Task<Void, any Error>?
    /// B3's `@State private var triggers: Bool?`; every press flips it, which restarts the task.
    public private(set) var trigger: Bool? {
        didSet {
            // lab-code: B3 part 3
            triggerTask?.id = trigger  // lab-code-key
            // lab-code-end
        }
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
            screen.journal.log(ButtonLine.viewCancelledExec)
        } else {
            screen.surface(error)
        }
    }

    func press() {
        switch screen.strategy {
        case .b1:
            // lab-code: B1
            // `Button { Task { try await exec() } }`: nobody keeps the Task, its error is never read.
            let registry = screen.context.registry
            screen.ledger.start(registry: registry, name: .exec, label: "B1", owner: node) {  // lab-code-key
                try await self.exec()  // lab-code-key
            }
        // lab-code-end
        case .b2:
            // lab-code: B2
            currentTask?.cancel()  // lab-code-key
            currentTask = screen.context.registry.unstructuredTask(name: .exec, label: "B2", owner: node) {
                do {
                    try await self.exec()
                } catch {
                    self.report(error)
                }
            }
        // lab-code-end
        case .b3:
            // lab-code: B3
            if trigger == nil {
                trigger = true
            } else {
                trigger?.toggle()  // lab-code-key
            }
        // lab-code-end
        }
    }
}
