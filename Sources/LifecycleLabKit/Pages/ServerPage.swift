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
        // *Show view*, *Close view* and the picker; a server posting a status is the world, so
        // the screen's own actuator posts it to the status center.
        let actuator = PageActuator(model: screen) { [weak self] (action: ServerAction) in
            guard let self else { return true }
            switch action {
            case .view(.show): showButton.click()
            case .view(.close): closeButton.click()
            case .pick(let server):
                guard let index = screen.servers.firstIndex(of: server) else { return true }
                serverPicker.selectedIndex = index
            case .post: return false
            }
            return true
        }
        return await driver.run(server: screen, actuator: actuator)
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
