internal import Synchronization

/// A server the I1 page can pick; `.task(id: server)` compares them with `==`.
public struct Server: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The server's name, shown in the picker.
    public let name: String

    /// Makes a server called `name`.
    public init(_ name: String) { self.name = name }

    /// The server's name.
    public var description: String { name }
}

/// Seed 004's `NotificationCenter` for `didUpdateStatus`: servers post their status, pages listen
/// to one server's statuses as an `AsyncSequence`.
///
/// Each call to ``statuses(for:)`` is one listener. It is counted while its stream lives and
/// removed in the stream's `onTermination`, which runs synchronously when the listening task is
/// cancelled, so ``listenerCount`` is exact right after a switch.
///
/// ```swift
/// let center = StatusCenter()
/// Task {
///     for await status in center.statuses(for: Server("alpha")) { print(status) }
/// }
/// center.post("Signed In", to: Server("alpha"))
/// center.listenerCount                     // 1
/// ```
public final class StatusCenter: Sendable {
    private struct State {
        var nextKey = 0
        var listeners: [Server: [Int: AsyncStream<String>.Continuation]] = [:]
        var posted = 0
    }

    private let state = Mutex(State())

    /// Makes a center with no listeners.
    public init() {}

    /// The statuses `server` posts from now on, until the listening task is cancelled.
    public func statuses(for server: Server) -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(16))
        let key = state.withLock { state in
            state.nextKey += 1
            state.listeners[server, default: [:]][state.nextKey] = continuation
            return state.nextKey
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { state in
                state.listeners[server]?[key] = nil
                if state.listeners[server]?.isEmpty == true { state.listeners[server] = nil }
            }
        }
        return stream
    }

    /// Posts `status` to every listener of `server` (seed 004's `post(notification)`).
    public func post(_ status: String, to server: Server) {
        let targets = state.withLock { state in
            state.posted += 1
            return Array((state.listeners[server] ?? [:]).values)
        }
        for continuation in targets { continuation.yield(status) }
    }

    /// Live listeners of every server.
    public var listenerCount: Int {
        state.withLock { $0.listeners.values.reduce(0) { $0 + $1.count } }
    }

    /// Live listeners of `server`.
    public func listenerCount(for server: Server) -> Int {
        state.withLock { $0.listeners[server]?.count ?? 0 }
    }

    /// How many statuses were posted so far.
    public var postedCount: Int { state.withLock { $0.posted } }
}
