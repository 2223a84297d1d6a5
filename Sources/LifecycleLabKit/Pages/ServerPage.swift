import Gettext
public import Gtk
public import LabModel
import LifecycleTasks

/// The server page (SPEC §4 I1, seed 004): a server picker, and an inner view whose label shows
/// the picked server's latest status, kept up to date by `.task(id: server)`.
///
/// Picking another server changes the task's id, so the old listener is cancelled and a new one
/// starts: exactly one listener is live, and a status posted by the old server no longer reaches
/// the label. The *Post status from …* buttons play the servers through the page's own ``StatusCenter``.
@MainActor
public final class ServerPage: ViewLayoutPage {
    /// I1, the page's one strategy (nothing to pick).
    public nonisolated static let descriptor = PageDescriptor.server

    public var currentStrategy: AnyStrategyID? { AnyStrategyID(screen.strategy) }
    public var onStrategyChange: (@MainActor () -> Void)?
    public var reportWidgets: [(name: String, widget: Widget)] {
        viewReportWidgets + postButtons.enumerated().map { ("post-\($0.offset)", $0.element) }
    }

    /// The model; replaced on reset.
    public private(set) var screen: ServerScreen
    /// Picks the server the inner view listens to.
    public var serverPicker: DropDown { layout.picker }
    /// One *Post status from NAME* button per server, in the picker's order.
    public let postButtons: [Button]
    /// The inner view's status label (`Text(status ?? "Signed Out")`); `nil` while closed.
    public private(set) var statusLabel: Label?
    /// "Live listeners: 1 (alpha 0 · beta 1 · gamma 0)".
    public let listenersLabel = PageKit.text(accessibleLabel: tr("Live listeners"))

    private let servers: [Server]
    public let layout: ViewPageLayout
    /// Where the servers post their statuses; the page's, so it outlives a reset's new screen.
    public let statusCenter: StatusCenter
    private let host: WidgetHost<ServerView>
    private let environment: LabEnvironment
    private var screenToken: ObservationToken?
    private var registryToken: ObservationToken?
    private var idleRefresh: IdleRefresh?
    private var posts: [Server: Int] = [:]
    /// ``ServerScreen/placeholder`` in the person's language (the model keeps seed 004's English).
    static var placeholder: String { tr("Signed Out") }
    private static var statuses: [String] { [tr("Signed In"), tr("Online"), tr("Maintenance"), tr("Signed Out")] }

    /// Builds the page listening to nothing yet (inner view closed), the first server picked.
    public init(environment: LabEnvironment) {
        self.environment = environment
        let servers = [Server("alpha"), Server("beta"), Server("gamma")]
        self.servers = servers
        let postButtons = servers.map { PageKit.button(tr("Post status from %{server}", ["server": $0.name])) }
        self.postButtons = postButtons
        layout = ViewPageLayout(
            title: tr("Server status"),
            hint: tr(
                "Show the view, post a status from the picked server, then pick another server and post from the old one: watch that the label no longer changes and that exactly one listener stays live."
            ),
            pickerCaption: tr("Server:"), pickerItems: servers.map(\.name),
            closedNote: tr("The view is closed. Show it: it listens to the picked server."),
            controls: [PageKit.row(postButtons)], results: [listenersLabel])
        let host = WidgetHost<ServerView>(container: layout.viewArea)
        self.host = host
        let center = StatusCenter()
        statusCenter = center
        screen = ServerScreen(
            context: environment.context, timing: environment.timing, host: host,
            center: center, servers: servers, scene: environment.windowScene)

        host.build = { [weak self] view in self?.buildView(view) ?? Box() }
        idleRefresh = IdleRefresh { [weak self] in self?.refresh() }
        layout.picker.onSelectionChanged { [weak self] in
            guard let self else { return }
            let index = self.layout.picker.selectedIndex
            guard self.servers.indices.contains(index), self.servers[index] != self.screen.server else { return }
            self.screen.pick(self.servers[index])
        }
        wireViewButtons(
            environment: environment,
            running: tr("Running seed 004's repro (A posts, pick B, A posts again, B posts)…"),
            show: { $0.screen.showView() }, close: { $0.screen.closeView() })
        for (button, server) in zip(postButtons, servers) {
            button.onClicked { [weak self] in self?.post(from: server) }
        }
        let i1 = ServerStrategyID.i1
        showOnLayout(AnyStrategyID(i1), showsTitle: true)
        // A new listener registers with the status center only once its task runs.
        registryToken = environment.context.registry.observe { [weak self] _ in self?.idleRefresh?.request() }
        attach(screen)
    }

    public func select(strategy: AnyStrategyID) {
        guard strategy.as(ServerStrategyID.self) != nil else { return }
        reset()
    }

    public func reset() {
        screen.reset()
        screen = ServerScreen(
            context: environment.context, timing: environment.timing, host: host,
            center: statusCenter, servers: servers, scene: environment.windowScene)
        attach(screen)
        onStrategyChange?()
    }

    /// Runs seed 004's repro (``ScenarioDriver/run(server:actuator:cleanUp:)``) on a fresh screen:
    /// *Show view* and *Close view* are clicked and servers are picked in the real picker; the
    /// servers' posts (not a user action) go straight to the status center.
    public func runScenario(driver: ScenarioDriver) async -> ScenarioVerdict? {
        reset()
        return await driver.run(server: screen, actuator: ServerActuator(page: self))
    }

    /// Posts the next status of the cycle from `server`, e.g. "Signed In (alpha)".
    func post(from server: Server) {
        let count = posts[server, default: 0]
        posts[server] = count + 1
        let status = "\(Self.statuses[count % Self.statuses.count]) (\(server.name))"
        statusCenter.post(status, to: server)
        refresh()
    }

    // MARK: Private

    private func buildView(_ view: ServerView) -> Widget {
        let (frame, content) = PageKit.frame()
        frame.setAccessibleLabel(tr("Server view #%{number}", ["number": view.number]))
        let heading = PageKit.text()
        heading.setMarkup("<b>" + tr("View #%{number}", ["number": view.number]) + "</b>")
        let status = Label(Self.placeholder, accessibleRole: .status)
        status.xalign = 0
        status.addCssClass("title-2")
        status.setAccessibleLabel(tr("Status"))
        content.append(heading)
        content.append(status)
        statusLabel = status
        return frame
    }

    private func attach(_ screen: ServerScreen) {
        // And once more when idle: a listener registers with the status center just after the
        // screen says it started listening.
        screenToken = screen.onChange { [weak self] in
            self?.refresh()
            self?.idleRefresh?.request()
        }
        if let index = servers.firstIndex(of: screen.server) { layout.select(pickerIndex: index) }
        layout.verdictLabel.text = ""
        refresh()
    }

    private func refresh() {
        let shown = screen.isViewShown
        if !shown { statusLabel = nil }
        layout.showViewState(isShown: shown)
        statusLabel?.text = screen.view?.state?.status ?? Self.placeholder
        let center = statusCenter
        let perServer = servers.map { "\($0.name) \(center.listenerCount(for: $0))" }.joined(separator: " · ")
        listenersLabel.text =
            tr(
                "Live listeners: %{count} (%{servers}) · statuses posted: %{posted}",
                ["count": center.listenerCount, "servers": perServer, "posted": center.postedCount])
        layout.showLog(screen.logLines)
    }
}

/// Performs the server repro's actions: *Show view*, *Close view* and the picker are the page's
/// real widgets; a server posting a status is the environment, so it goes to the status center.
@MainActor
final class ServerActuator: ScenarioActuator {
    private weak var page: ServerPage?

    init(page: ServerPage) { self.page = page }

    func perform(_ action: ServerAction) async {
        guard let page else { return }
        switch action {
        case .view(.show): page.showButton.click()
        case .view(.close): page.closeButton.click()
        case .pick(let server):
            if let index = page.screen.servers.firstIndex(of: server) { page.serverPicker.selectedIndex = index }
        case .post(let status, let server):
            page.screen.center.post(status, to: server)
        }
    }
}
