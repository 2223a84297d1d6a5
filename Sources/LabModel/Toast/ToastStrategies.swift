import LifecycleTasks

extension TaskKind {
    /// A toast's timer: sleeps D, then hides (T1–T8).
    static let toastTimer: TaskKind = "toast timer"
    /// T7's countdown every D/10.
    static let countdown: TaskKind = "countdown"
    /// T8's save, which must finish.
    static let save: TaskKind = "save"
}

extension TaskName {
    static let hideAfterD = TaskName("sleep D, then hide", kind: .toastTimer)
    /// T3's timer, whose `try?` swallows the cancel.
    static let tryHideAfterD = TaskName("try? sleep D, then hide", kind: .toastTimer)
    static let countdown = TaskName("countdown every D/10", kind: .countdown)
    static let save = TaskName("save (must finish)", kind: .save)
}

/// A toast strategy as a value: what it installs on each new toast's node (SPEC §3).
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
        case .t7: installer = Self.installT7
        case .t8: installer = Self.installT8
        }
    }

    /// Installs the strategy's modifiers on a new toast's node, before it appears.
    @MainActor
    public func install(on view: ToastView, screen: ToastScreen) {
        installer(view, screen)
    }

    // Seed 000, first version: `onAppear { Task { … } }`. Nobody keeps or cancels the Task, so
    // its `catch is CancellationError` never runs.
    @MainActor
    private static func installT1(view: ToastView, screen: ToastScreen) {
        // lab-code: T1
        let registry = screen.context.registry
        let ledger = screen.ledger
        view.node.onAppear { [weak node = view.node] in
            // An unstructured task: the ledger lets a reset cancel it; nothing else keeps it.
            ledger.start(registry: registry, name: .hideAfterD, label: "T1", owner: node) {  // lab-code-key
                await screen.dismissAfterDelay()
            }
        }
        // lab-code-end
    }

    // Seed 000, the fix: `.task { do { … } catch is CancellationError { print("task cancel") } }`.
    @MainActor
    private static func installT2(view: ToastView, screen: ToastScreen) {
        // lab-code: T2
        view.node.task(name: .hideAfterD, label: "T2") {  // lab-code-key
            await screen.dismissAfterDelay()
        }
        // lab-code-end
    }

    // Seed 000's warning: `try?` swallows the CancellationError, so the lines after the sleep
    // run at once when the toast disappears. `hide` is then a no-op (the toast is already
    // hidden), but "auto-dismissed" is logged though no timer elapsed.
    @MainActor
    private static func installT3(view: ToastView, screen: ToastScreen) {
        // lab-code: T3
        let context = screen.context
        let duration = screen.toastDuration
        view.node.task(name: .tryHideAfterD, label: "T3") {
            try? await context.sleep(for: duration)  // lab-code-key
            screen.hide(cause: .timer)
            screen.log(.autoDismissed)  // lab-code-key
        }
        // lab-code-end
    }

    // Seed 000's おまけ: keep the Task in @State, cancel it in onDisappear.
    @MainActor
    private static func installT4(view: ToastView, screen: ToastScreen) {
        // lab-code: T4
        let registry = screen.context.registry
        view.node
            .onAppear { [weak node = view.node, weak state = view.state] in
                state?.task = registry.unstructuredTask(  // lab-code-key
                    name: .hideAfterD, label: "T4", owner: node
                ) {
                    await screen.dismissAfterDelay()
                }
            }
            .onDisappear { [weak state = view.state] in
                state?.task?.cancel()  // lab-code-key
            }
        // lab-code-end
    }

    // Seed 002, first version: the bag in @State; the closure calls the screen (the ContentView),
    // not the view, so it captures nothing of the view. Dropping the state deinits the bag,
    // which cancels. It works; seed 002 still advises against it (T6 shows why).
    @MainActor
    private static func installT5(view: ToastView, screen: ToastScreen) {
        // lab-code: T5
        view.node.onAppear { [weak state = view.state] in
            state?.taskBag.add(name: .hideAfterD) {
                await screen.dismissAfterDelay()  // lab-code-key
            }
        }
        // lab-code-end
    }

    // Seed 002, second version: `taskBag.add { await startCounting() }`. Calling a method of the
    // view captures it: the task keeps the state, the state keeps the bag, the bag never deinits
    // before the task ends, so nothing is cancelled.
    @MainActor
    private static func installT6(view: ToastView, screen: ToastScreen) {
        // lab-code: T6
        view.node.onAppear { [weak weakState = view.state] in
            guard let state = weakState else { return }
            state.taskBag.add(name: .hideAfterD) {
                await state.dismissAfterDelay()  // lab-code-key
            }
        }
        // lab-code-end
    }

    // Seed 002's bag exactly as the seed writes it: one task. The toast adds its countdown, then
    // its timer; the second add replaces the handle without cancelling the countdown. At the
    // hide the bag deinits and cancels the timer only; the countdown runs on, unreachable.
    @MainActor
    private static func installT7(view: ToastView, screen: ToastScreen) {
        // lab-code: T7
        view.node.onAppear { [weak state = view.state] in
            guard let bag = state?.oneTaskBag else { return }
            bag.add(name: .countdown) { await screen.countDown() }  // lab-code-key
            bag.add(name: .hideAfterD) { await screen.dismissAfterDelay() }  // lab-code-key
        }
        // lab-code-end
    }

    // Seed 000's guide, both tools each for its job: the save must finish although the toast
    // goes, so it starts in onAppear as a Task nobody cancels, declared detached on purpose; the
    // timer should stop with the toast, so it is a .task (T2's).
    @MainActor
    private static func installT8(view: ToastView, screen: ToastScreen) {
        // lab-code: T8
        let registry = screen.context.registry
        let ledger = screen.ledger
        view.node
            .onAppear { [weak node = view.node] in
                ledger.start(
                    registry: registry, name: .save, label: "T8", owner: node,
                    detached: true  // lab-code-key
                ) {
                    await screen.save()
                }
            }
            .task(name: .hideAfterD, label: "T8") {  // lab-code-key
                await screen.dismissAfterDelay()
            }
        // lab-code-end
    }
}

extension ToastStrategyID {
    /// The strategy value for this ID.
    public var strategy: ToastStrategy { ToastStrategy(self) }
}
