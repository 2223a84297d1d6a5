// swift-format-ignore-file
// SPEC T7: a holder with one task slot drops the handle it held when a second task comes.
final class OneTaskBag {
    private var task: Task<Void, Never>?

    func add(priority: TaskPriority? = nil, operation: @escaping () async -> Void) {
        task = Task(priority: priority, operation: operation)  // expect: bag-drops-handle
    }

    func replace(_ operation: @escaping () async -> Void) {
        task?.cancel()
        task = Task { await operation() }
    }

    func clear() {
        task = nil
    }

    deinit {
        task?.cancel()
    }
}

final class SelfSlot {
    var current: Task<Void, Never>!

    deinit { self.current.cancel() }

    func start(_ operation: @escaping () async -> Void) {
        self.current = Task.detached { await operation() }  // expect: bag-drops-handle
    }
}

// Keeps every task, so nothing is dropped (as this project's TaskBag does).
final class ManyTaskBag {
    private var tasks: [Task<Void, Never>] = []

    func add(_ operation: @escaping () async -> Void) {
        tasks.append(Task { await operation() })
    }

    deinit {
        for task in tasks { task.cancel() }
    }
}

// Cancels nothing in deinit: no holder.
final class Runner {
    private var task: Task<Void, Never>?

    func run(_ operation: @escaping () async -> Void) {
        task = Task { await operation() }
    }
}

// Filled once, from the initializer only: nothing to drop.
final class Monitor {
    private var watch: Task<Void, Never>?

    init() {
        startWatching()
    }

    private func startWatching() {
        watch = Task { await Self.poll() }
    }

    deinit {
        watch?.cancel()
    }

    private static func poll() async {}
}

// Checked empty with the project's own `isNil` before it is filled: nothing to drop.
final class OneShot {
    private var task: Task<Void, Never>?
    private var label: String?

    func startIfNeeded(_ operation: @escaping () async -> Void) {
        guard task.isNil else { return }
        task = Task { await operation() }
    }

    func restart(_ operation: @escaping () async -> Void) {
        guard task.isNotNil else { return }
        task = Task { await operation() }  // expect: bag-drops-handle
    }

    // Goes on only when the slot is full: the running task is dropped.
    func replace(_ operation: @escaping () async -> Void) {
        guard task != nil, label == nil else { return }
        task = Task { await operation() }  // expect: bag-drops-handle
    }

    func resume(_ operation: @escaping () async -> Void, when needed: Bool) {
        if needed, self.task == nil {
            task = Task { await operation() }
        } else {
            task = Task { await operation() }  // expect: bag-drops-handle
        }
    }

    deinit {
        task?.cancel()
    }
}

// Filled in `viewDidLoad`, which runs once in a controller's life; `reload()` runs again.
final class DocumentController: NSViewController {
    private var observer: Task<Void, Never>?

    override func viewDidLoad() {
        super.viewDidLoad()
        observer = Task { await Self.watch() }
    }

    func reload() {
        observer = Task { await Self.watch() }  // expect: bag-drops-handle
    }

    deinit {
        observer?.cancel()
    }

    private static func watch() async {}
}

// Filled from the initializer through a task that runs once: nothing to drop.
final class PreviewsStore {
    private var subscription: Task<Void, Never>?

    init() {
        Task { await startSubscription() }
    }

    private func startSubscription() async {
        subscription = Task { await Self.listen() }
    }

    deinit {
        subscription?.cancel()
    }

    private static func listen() async {}
}

// The initializer calls the filler twice: the first task is dropped.
final class TwiceStarted {
    private var watch: Task<Void, Never>?

    init() {
        startWatching()
        startWatching()
    }

    private func startWatching() {
        watch = Task { await Self.poll() }  // expect: bag-drops-handle
    }

    deinit {
        watch?.cancel()
    }

    private static func poll() async {}
}

// The initializer hands the filler to a notification that comes again and again.
final class RestartedOnNotice {
    private var watch: Task<Void, Never>?
    private var token: NSObjectProtocol?

    init() {
        token = NotificationCenter.default.addObserver(forName: .NSCalendarDayChanged, object: nil, queue: .main) {
            [weak self] _ in self?.startWatching()
        }
    }

    private func startWatching() {
        watch = Task { await Self.poll() }  // expect: bag-drops-handle
    }

    deinit {
        watch?.cancel()
    }

    private static func poll() async {}
}

// The cancelling helper is reached through a weak `self` in an observer's closure: it runs
// when the notice comes, after the slot is filled again, so the running task is dropped.
final class CancelsOnNotice {
    private var task: Task<Void, Never>?
    private var token: NSObjectProtocol?

    func restart(_ operation: @escaping () async -> Void) {
        token = NotificationCenter.default.addObserver(forName: .NSCalendarDayChanged, object: nil, queue: .main) {
            [weak self] _ in self?.stop()
        }
        task = Task { await operation() }  // expect: bag-drops-handle
    }

    func replace(_ operation: @escaping () async -> Void) {
        stop()
        task = Task { await operation() }
    }

    private func stop() {
        task?.cancel()
    }

    deinit {
        task?.cancel()
    }
}
