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

/// Seed 004's page: a server picker and a label showing the picked server's latest status,
/// kept up to date by `.task(id: server)` (I1).
///
/// ```swift
/// let screen = ServerScreen(context: context, host: ImmediateHost<ServerPageView>(), center: center)
/// screen.openPage()                   // listens to the first server
/// screen.pick(screen.servers[1])      // cancels that listener, starts one for the second
/// center.post("Signed In", to: screen.servers[0])   // the label does not change
/// ```
@MainActor
public final class ServerScreen {
    /// The one strategy of this page.
    public let strategy: ServerStrategyID
    /// Clock, registry and log.
    public let context: LifecycleContext
    /// The spec's durations; the scenario paces its steps by ``LabTiming/pollInterval``.
    public let timing: LabTiming
    /// Where servers post their statuses.
    public let center: StatusCenter
    /// The servers the picker offers.
    public let servers: [Server]
    /// The window the page lives in, if any.
    public let scene: WindowScene?
    /// The label's text while no status arrived (seed 004: `Text(status ?? "Signed Out")`).
    public static let placeholder = "Signed Out"

    /// The page on screen, `nil` while closed.
    public private(set) var page: ServerPageView?
    /// Whether the page is open.
    public var isPageOpen: Bool { page != nil }
    /// The picked server (survives closing the page; a new page starts with it).
    public private(set) var server: Server
    /// Statuses the label took, with times (to show a stale server never wrote to it).
    public private(set) var labelHistory: [LogLine] = []
    /// Log lines: listener start/stop and statuses received.
    public private(set) var logLines: [LogLine] = []

    private let anyHost: AnyViewHost<ServerPageView>
    private let observers = ObserverList<ServerScreen>()
    private var pagesMade = 0

    /// Makes the screen with its page closed and the first server picked.
    /// - Parameters:
    ///   - strategy: I1.
    ///   - context: clock, registry and log.
    ///   - timing: the spec's durations.
    ///   - host: shows and removes the page.
    ///   - center: where the servers post.
    ///   - servers: the picker's choices; must not be empty.
    ///   - scene: the window, if any.
    public init(
        strategy: ServerStrategyID = .i1, context: LifecycleContext, timing: LabTiming = .standard,
        host: some ViewHost<ServerPageView>,
        center: StatusCenter, servers: [Server] = [Server("alpha"), Server("beta"), Server("gamma")],
        scene: WindowScene? = nil
    ) {
        precondition(!servers.isEmpty, "ServerScreen needs at least one server to pick")
        self.strategy = strategy
        self.context = context
        self.timing = timing
        self.center = center
        self.servers = servers
        self.server = servers[0]
        self.scene = scene
        self.anyHost = AnyViewHost(host)
    }

    /// The label: the latest status of the picked server, or ``placeholder``.
    public var label: String { page?.state?.status ?? Self.placeholder }

    /// Live listeners across all servers (1 while the page is shown, 0 while closed).
    public var listenerCount: Int { center.listenerCount }

    /// Opens a fresh page, listening to the picked server.
    public func openPage() {
        guard page == nil else { return }
        pagesMade += 1
        let view = ServerPageView(screen: self, number: pagesMade)
        page = view
        guard let state = view.state else { return }
        let center = self.center
        // Seed 004: `.task(id: server) { for try await notification in sequence { status = … } }`.
        state.listener = view.node.task(id: server, name: "listen", strategy: "I1") { [weak self, weak state] server in
            self?.log("listening to \(server)")
            self?.notifyChange()
            for await status in center.statuses(for: server) {
                state?.status = status
                self?.statusArrived(status, from: server)
            }
            self?.log("stopped listening to \(server)")
            self?.notifyChange()
        }
        anyHost.present(view)
        notifyChange()
    }

    /// Closes the page: its listener is cancelled, its state dropped.
    public func closePage() {
        guard let view = page else { return }
        page = nil
        anyHost.dismissAndEnsureDisappeared(view)
        view.discardState()
        view.node.ownerStateReleasedExpected()
        notifyChange()
    }

    /// The picker: changes the task's id, which restarts the listener (M4).
    public func pick(_ server: Server) {
        self.server = server
        page?.state?.listener?.id = server
        notifyChange()
    }

    /// Switching page or shutting down: closes the page (its listener stops).
    public func reset() { closePage() }

    /// Calls `handler` after every open, close, pick, listener start/stop and label change. Keep the token.
    public func onChange(_ handler: @escaping @MainActor (ServerScreen) -> Void) -> ObservationToken {
        observers.add(handler)
    }

    /// Logs a line on the screen and in the context's event log.
    public func log(_ text: String) {
        logLines.appendBounded(LogLine(time: context.now, text: text))
        context.log.append(.message(text))
    }

    private func statusArrived(_ status: String, from server: Server) {
        labelHistory.append(LogLine(time: context.now, text: status))
        log("\(server): \(status)")
        notifyChange()
    }

    private func notifyChange() { observers.notify(self) }
}

/// The server page of one opening: its node and the state that goes when it closes.
@MainActor
public final class ServerPageView: HostedView {
    /// The page's lifecycle node.
    public let node: LifecycleNode
    /// Which opening this is (1, 2, …).
    public let number: Int
    /// The page's @State, `nil` once the page closed.
    public private(set) var state: ServerPageState?

    init(screen: ServerScreen, number: Int) {
        self.number = number
        let node = LifecycleNode(name: "server page #\(number)", scene: screen.scene, context: screen.context)
        self.node = node
        let state = ServerPageState()
        self.state = state
        node.ownerState = state
    }

    func discardState() { state = nil }
}

/// What the server page keeps in `@State`: the latest status and the listener's task handle.
@MainActor
public final class ServerPageState {
    /// Seed 004's `status`; `nil` until the picked server posts.
    public internal(set) var status: String?
    var listener: TaskIDHandle<Server>?
}
