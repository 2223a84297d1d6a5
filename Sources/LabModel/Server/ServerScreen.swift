public import LifecycleTasks

extension TaskKind {
    /// Seed 004's listener to one server's status.
    static let listen: TaskKind = "listen"
}

extension TaskName {
    static let listen = TaskName("listen", kind: .listen)
}

/// The inner view of one showing of the server page: its node and ``ServerViewState``.
public typealias ServerView = PresentedView<ServerViewState>

/// Seed 004's page: a server picker and an inner view whose label shows the picked server's
/// latest status, kept up to date by `.task(id: server)` (I1).
///
/// ```swift
/// let screen = ServerScreen(context: context, host: ImmediateHost<ServerView>(), center: center)
/// screen.showView()                   // listens to the first server
/// screen.pick(screen.servers[1])      // cancels that listener, starts one for the second
/// center.post("Signed In", to: screen.servers[0])   // the label does not change
/// ```
@MainActor
public final class ServerScreen: ViewScreen {
    /// Strategy, context, timing, scene, journal and the view shell.
    public let core: ScreenCore<ServerStrategyID, ServerViewState>

    /// Where servers post their statuses.
    public let center: StatusCenter
    /// The servers the picker offers.
    public let servers: [Server]
    /// The label's text while no status arrived (seed 004: `Text(status ?? "Signed Out")`).
    public static let placeholder = "Signed Out"

    /// The picked server (survives closing the view; a new view starts with it).
    public private(set) var server: Server
    /// Statuses the label took, with times (to show a stale server never wrote to it).
    public private(set) var labelHistory: [LogLine] = []

    /// Makes the screen with its view closed and the first server picked.
    /// - Parameters:
    ///   - strategy: I1.
    ///   - context: clock, registry and log.
    ///   - timing: the spec's durations.
    ///   - host: shows and removes the view.
    ///   - center: where the servers post.
    ///   - servers: the picker's choices; must not be empty.
    ///   - scene: the window, if any.
    public init(
        strategy: ServerStrategyID = .i1, context: LifecycleContext, timing: LabTiming = .standard,
        host: some ViewHost<ServerView>,
        center: StatusCenter, servers: [Server] = [Server("alpha"), Server("beta"), Server("gamma")],
        scene: WindowScene? = nil
    ) {
        precondition(!servers.isEmpty, "ServerScreen needs at least one server to pick")
        self.center = center
        self.servers = servers
        self.server = servers[0]
        core = ScreenCore(
            strategy: strategy, context: context, timing: timing, scene: scene, viewName: "server view", host: host)
    }

    /// The label: the latest status of the picked server, or ``placeholder``.
    public var label: String { view?.state?.status ?? Self.placeholder }

    /// Live listeners across all servers (1 while the view is shown, 0 while closed).
    public var listenerCount: Int { center.listenerCount }

    /// The picker: changes the task's id, which restarts the listener (M4).
    public func pick(_ server: Server) {
        // lab-code: I1 part 2
        self.server = server
        view?.state?.listener?.id = server  // lab-code-key
        // lab-code-end
        journal.changed()
    }

    public func makeState(for node: LifecycleNode) -> ServerViewState { ServerViewState() }

    public func install(on view: ServerView) {
        // lab-code: I1
        guard let state = view.state else { return }
        let center = self.center
        // Seed 004: `.task(id: server) { for try await notification in sequence { status = … } }`.
        state.listener = view.node.task(id: server, name: .listen, label: "I1") {  // lab-code-key
            [weak self, weak state] server in
            self?.journal.log(ServerLine.listening(server))
            self?.journal.changed()
            for await status in center.statuses(for: server) {  // lab-code-key
                state?.status = status
                self?.statusArrived(status, from: server)
            }
            self?.journal.log(ServerLine.stoppedListening(server))
            self?.journal.changed()
        }
        // lab-code-end
    }

    private func statusArrived(_ status: String, from server: Server) {
        labelHistory.appendBounded(LogLine(time: context.now, text: status))
        journal.log(ServerLine.status(server, status))
        journal.changed()
    }
}

/// What the server page's inner view keeps in `@State`: the latest status and the listener's
/// task handle.
@MainActor
public final class ServerViewState {
    /// Seed 004's `status`; `nil` until the picked server posts.
    public internal(set) var status: String?
    var listener: TaskIDHandle<Server>?
}

/// A line the server page's screen logs (seed 004). A judge matches these cases, never their text.
public enum ServerLine: ScreenLine {
    /// The view began listening to a server.
    case listening(Server)
    /// The view stopped listening to a server.
    case stoppedListening(Server)
    /// A server's status reached the view.
    case status(Server, String)

    /// The line as it reads in the log.
    public var text: String {
        switch self {
        case .listening(let server): "listening to \(server)"
        case .stoppedListening(let server): "stopped listening to \(server)"
        case .status(let server, let status): "\(server): \(status)"
        }
    }
}
