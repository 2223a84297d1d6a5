internal import Synchronization

/// A thread-safe count of live objects, decremented from `deinit`s that may run on any thread.
///
/// The screens count their views' states and bags with it, so a page can show how many a
/// strategy keeps alive (T6, B1).
///
/// ```swift
/// let census = LiveCounter()
/// census.increment(); census.value   // 1
/// ```
public final class LiveCounter: Sendable {
    private let storage = Mutex(0)

    /// Makes a counter at zero.
    public init() {}

    /// The current count.
    public var value: Int { storage.withLock { $0 } }

    /// Adds one.
    public func increment() { storage.withLock { $0 += 1 } }

    /// Takes one away.
    public func decrement() { storage.withLock { $0 -= 1 } }
}
