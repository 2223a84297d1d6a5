public import Gtk
public import LifecycleTasks

/// The server page (SPEC §4 I1, seed 004): a server picker, and an inner page whose label shows
/// the picked server's latest status, kept up to date by `.task(id: server)`.
///
/// Picking another server changes the task's id, so the old listener is cancelled and a new one
/// starts: exactly one listener is live, and a status posted by the old server no longer reaches
/// the label. The *Post status from …* buttons play the servers (``LabEnvironment/statusCenter``).
@MainActor
public final class ServerPage: LabPage {
    public let name = PageName.server
    public let root: Widget
    /// Empty: the server page has one strategy, I1, and nothing to pick.
    public var strategies: [AnyStrategyID] { [] }
    public var currentStrategy: AnyStrategyID? { .server(screen.strategy) }

    /// The model; replaced on reset.
    public private(set) var screen: ServerScreen
    /// Picks the server the inner page listens to.
    public let serverPicker: DropDown
    /// Opens the inner page.
    public let openButton = PageKit.button("Open page")
    /// Closes the inner page (its listener stops).
    public let closeButton = PageKit.button("Close page")
    /// Runs seed 004's repro in place and shows the verdict.
    public let reproButton = PageKit.button("Run the repro")
    /// One *Post status from NAME* button per server, in the picker's order.
    public let postButtons: [Button]
    /// The inner page's status label (`Text(status ?? "Signed Out")`); `nil` while closed.
    public private(set) var statusLabel: Label?
    /// "Live listeners: 1 (alpha 0 · beta 1 · gamma 0)".
    public let listenersLabel = PageKit.text(accessibleLabel: "Live listeners")

    private let servers: [Server]
    private let closedNote = PageKit.text("The page is closed. Open it: it listens to the picked server.")
    private let logLabel = PageKit.text()
    private let verdictLabel = PageKit.text()
    private let host: WidgetHost<ServerPageView>
    private let environment: LabEnvironment
    private var screenToken: ObservationToken?
    private var registryToken: ObservationToken?
    private var refreshQueued = false
    private var posts: [Server: Int] = [:]
    private static let statuses = ["Signed In", "Online", "Maintenance", "Signed Out"]

    /// Builds the page listening to nothing yet (inner page closed), the first server picked.
    public init(environment: LabEnvironment) {
        self.environment = environment
        let servers = [Server("alpha"), Server("beta"), Server("gamma")]
        self.servers = servers
        let picker = DropDown(items: servers.map(\.name))
        picker.setAccessibleLabel("Server")
        serverPicker = picker
        postButtons = servers.map { PageKit.button("Post status from \($0.name)") }
        let pageArea = Box(.vertical, spacing: 8)
        let host = WidgetHost<ServerPageView>(container: pageArea)
        self.host = host
        screen = ServerScreen(context: environment.context, timing: environment.timing, host: host,
                              center: environment.statusCenter, servers: servers, scene: environment.windowScene)

        let page = PageKit.root()
        page.append(PageKit.title("Server status"))
        page.append(PageKit.hint(
            "Open the page, post a status from the picked server, then pick another server and post from the old "
                + "one: watch that the label no longer changes and that exactly one listener stays live."))
        let badge = PageKit.badge()
        PageKit.setBadge(badge, id: "I1", title: ServerStrategyID.i1.title, isBuggy: false)
        page.append(PageKit.row([Label("Server:"), picker, badge]))
        let explanation = PageKit.text(ServerStrategyID.i1.explanation)
        explanation.addCssClass("page-hint")
        page.append(explanation)
        openButton.addCssClass("suggested-action")
        page.append(PageKit.row([openButton, closeButton, reproButton]))
        page.append(PageKit.row(postButtons))
        closedNote.addCssClass("page-hint")
        pageArea.append(closedNote)
        page.append(pageArea)
        page.append(listenersLabel)
        logLabel.addCssClass("event-log")
        page.append(logLabel)
        verdictLabel.isSelectable = true
        page.append(verdictLabel)
        root = page

        host.build = { [weak self] view in self?.buildInnerPage(view) ?? Box() }
        picker.onSelectionChanged { [weak self] in
            guard let self else { return }
            let index = self.serverPicker.selectedIndex
            guard self.servers.indices.contains(index), self.servers[index] != self.screen.server else { return }
            self.screen.pick(self.servers[index])
        }
        openButton.onClicked { [weak self] in self?.screen.openPage() }
        closeButton.onClicked { [weak self] in self?.screen.closePage() }
        for (button, server) in zip(postButtons, servers) {
            button.onClicked { [weak self] in self?.post(from: server) }
        }
        reproButton.onClicked { [weak self] in
            guard let self else { return }
            Task { @MainActor in await self.runReproInPlace() }
        }
        registryToken = environment.context.registry.observe { [weak self] _ in self?.refreshSoon() }
        attach(screen)
    }

    public func select(strategy: AnyStrategyID) {
        guard case .server = strategy else { return }
        reset()
    }

    public func reset() {
        screen.reset()
        screen = ServerScreen(context: environment.context, timing: environment.timing, host: host,
                              center: environment.statusCenter, servers: servers, scene: environment.windowScene)
        attach(screen)
    }

    /// Runs seed 004's repro (``ScenarioDriver/run(server:actuator:cleanUp:)``) on a fresh screen:
    /// *Open page* and *Close page* are clicked and servers are picked in the real picker; the
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
        environment.statusCenter.post(status, to: server)
        refresh()
    }

    // MARK: Private

    private func buildInnerPage(_ view: ServerPageView) -> Widget {
        let (frame, content) = PageKit.frame()
        frame.setAccessibleLabel("Server page #\(view.number)")
        let heading = PageKit.text()
        heading.setMarkup("<b>Page #\(view.number)</b>")
        let status = Label(ServerScreen.placeholder, accessibleRole: .status)
        status.xalign = 0
        status.addCssClass("title-2")
        status.setAccessibleLabel("Status")
        content.append(heading)
        content.append(status)
        statusLabel = status
        return frame
    }

    private func attach(_ screen: ServerScreen) {
        // And once more when idle: a listener registers with the status center just after the
        // screen says it started listening.
        screenToken = screen.onChange { [weak self] _ in
            self?.refresh()
            self?.refreshSoon()
        }
        if let index = servers.firstIndex(of: screen.server), serverPicker.selectedIndex != index {
            serverPicker.selectedIndex = index
        }
        verdictLabel.text = ""
        refresh()
    }

    /// Refreshes once the loop is idle, however many registry changes came: a new listener
    /// registers with the status center only once its task runs.
    private func refreshSoon() {
        guard !refreshQueued else { return }
        refreshQueued = true
        MainLoop.idle { [weak self] in
            self?.refreshQueued = false
            self?.refresh()
        }
    }

    private func refresh() {
        let open = screen.isPageOpen
        if !open { statusLabel = nil }
        closedNote.isVisible = !open
        openButton.isSensitive = !open
        closeButton.isSensitive = open
        statusLabel?.text = screen.label
        let center = environment.statusCenter
        let perServer = servers.map { "\($0.name) \(center.listenerCount(for: $0))" }.joined(separator: " · ")
        listenersLabel.text = "Live listeners: \(center.listenerCount) (\(perServer)) · statuses posted: \(center.postedCount)"
        let lines = screen.logLines.suffix(6).map { "t=\(LabFormat.seconds($0.time))  \($0.text)" }
        logLabel.text = lines.joined(separator: "\n")
    }

    private func runReproInPlace() async {
        await PageKit.runReproInPlace(self, environment: environment, busy: [reproButton, serverPicker],
                                      verdictLabel: verdictLabel, running: "Running seed 004's repro (A posts, pick B, A posts again, B posts)…")
    }
}

/// Performs the server repro's actions: *Open page*, *Close page* and the picker are the page's
/// real widgets; a server posting a status is the environment, so it goes to the status center.
@MainActor
final class ServerActuator: ScenarioActuator {
    private weak var page: ServerPage?

    init(page: ServerPage) { self.page = page }

    func perform(_ action: ScenarioAction) async {
        guard let page else { return }
        switch action {
        case .openPage: page.openButton.click()
        case .closePage: page.closeButton.click()
        case .pickServer(let server):
            if let index = page.screen.servers.firstIndex(of: server) { page.serverPicker.selectedIndex = index }
        default:
            await DirectActuator(server: page.screen).perform(action)
        }
    }
}
