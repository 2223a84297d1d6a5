public import Gtk
public import LifecycleTasks

/// The button page (SPEC §4, seed 001): an inner page with an *Action!* button whose `exec()`
/// takes L, which can be opened and closed while the work runs.
///
/// The inner page — a framed box with *Action!*, an "exec() throws" check box and the count
/// of running execs — is built when the page opens and removed when it closes, so its map and
/// unmap are the ``ButtonPageView`` node's appear and disappear. The results below it come from
/// the ``ButtonScreen``, which outlives the inner page and counts what really happened to every
/// exec: with B1 they keep running after *Close page*, the page state stays alive, and a thrown
/// error is never shown.
@MainActor
public final class ButtonPage: LabPage {
    public let name = PageName.button
    public let root: Widget
    public var strategies: [AnyStrategyID] { ButtonStrategyID.allCases.map(AnyStrategyID.button) }
    public var currentStrategy: AnyStrategyID? { .button(screen.strategy) }

    /// The model; replaced on every strategy switch and reset.
    public private(set) var screen: ButtonScreen
    /// Picks B1, B2 or B3.
    public let strategyPicker: DropDown
    /// Opens the inner page.
    public let openButton = PageKit.button("Open page")
    /// Closes the inner page while its work runs.
    public let closeButton = PageKit.button("Close page")
    /// Runs seed 001's repro in place and shows the verdict.
    public let reproButton = PageKit.button("Run the repro")
    /// *Action!* on the inner page; `nil` while the page is closed.
    public private(set) var actionButton: Button?
    /// "exec() throws" on the inner page; `nil` while the page is closed.
    public private(set) var throwsCheck: CheckButton?
    /// Execs started, running, completed, cancelled, failed; errors shown; live page states.
    public let resultsLabel = PageKit.text(accessibleLabel: "Results")

    private let badge = PageKit.badge()
    private let explanation = PageKit.text()
    private let pageArea = Box(.vertical, spacing: 8)
    private let closedNote = PageKit.text("The page is closed. Open it to get its Action! button.")
    private let logLabel = PageKit.text()
    private let verdictLabel = PageKit.text()
    private var runningLabel: Label?
    private let host: WidgetHost<ButtonPageView>
    private let environment: LabEnvironment
    private var screenToken: ObservationToken?
    private var registryToken: ObservationToken?
    private var refreshQueued = false

    /// Builds the page with B1, its inner page closed.
    public init(environment: LabEnvironment) {
        self.environment = environment
        strategyPicker = DropDown(items: ButtonStrategyID.allCases.map { "\($0.rawValue) · \($0.title)" })
        strategyPicker.setAccessibleLabel("Strategy")
        host = WidgetHost(container: pageArea)
        screen = ButtonScreen(strategy: .b1, context: environment.context, timing: environment.timing, host: host,
                              scene: environment.windowScene)

        let page = PageKit.root()
        page.append(PageKit.title("Button work"))
        page.append(PageKit.hint(
            "Open the page, press Action! a few times, then close the page before exec() ends (L = "
                + "\(LabFormat.seconds(environment.timing.workDuration))) and watch whether the execs keep running, "
                + "whether the page's state stays alive, and whether a thrown error is ever shown."))
        page.append(PageKit.row([Label("Strategy:"), strategyPicker, badge]))
        explanation.addCssClass("page-hint")
        page.append(explanation)
        openButton.addCssClass("suggested-action")
        page.append(PageKit.row([openButton, closeButton, reproButton]))
        closedNote.addCssClass("page-hint")
        pageArea.append(closedNote)
        page.append(pageArea)
        page.append(resultsLabel)
        logLabel.addCssClass("event-log")
        page.append(logLabel)
        verdictLabel.isSelectable = true
        page.append(verdictLabel)
        root = page

        host.build = { [weak self] view in self?.buildInnerPage(view) ?? Box() }
        strategyPicker.onSelectionChanged { [weak self] in
            guard let self else { return }
            let index = self.strategyPicker.selectedIndex
            guard ButtonStrategyID.allCases.indices.contains(index) else { return }
            let id = ButtonStrategyID.allCases[index]
            if id != self.screen.strategy { self.select(strategy: .button(id)) }
        }
        openButton.onClicked { [weak self] in self?.screen.openPage() }
        closeButton.onClicked { [weak self] in self?.screen.closePage() }
        reproButton.onClicked { [weak self] in
            guard let self else { return }
            Task { @MainActor in await self.runReproInPlace() }
        }
        registryToken = environment.context.registry.observe { [weak self] _ in self?.refreshSoon() }
        attach(screen)
    }

    public func select(strategy: AnyStrategyID) {
        guard case .button(let id) = strategy else { return }
        screen.reset()
        screen = ButtonScreen(strategy: id, context: environment.context, timing: environment.timing, host: host,
                              scene: environment.windowScene)
        attach(screen)
    }

    public func reset() { select(strategy: .button(screen.strategy)) }

    /// Runs seed 001's repro (``ScenarioDriver/run(button:actuator:cleanUp:)``) on a fresh screen
    /// with the current strategy, clicking this page's real buttons.
    public func runScenario(driver: ScenarioDriver) async -> ScenarioVerdict? {
        reset()
        return await driver.run(button: screen, actuator: ButtonActuator(page: self))
    }

    // MARK: Private

    private func buildInnerPage(_ view: ButtonPageView) -> Widget {
        let (frame, content) = PageKit.frame()
        frame.setAccessibleLabel("Button page #\(view.number)")
        let heading = PageKit.text("Page #\(view.number)")
        heading.setMarkup("<b>Page #\(view.number)</b>")
        let action = Button("Action!")
        action.setAccessibleLabel("Action!")
        action.addCssClass("suggested-action")
        action.halign = .start
        let check = CheckButton("exec() throws")
        check.isActive = screen.execShouldThrow
        let running = PageKit.text()
        running.setAccessibleLabel("Running execs")
        content.append(heading)
        content.append(PageKit.row([action, check]))
        content.append(running)
        // Capture the page, never the view's state: the state must go when the page closes.
        action.onClicked { [weak self] in self?.screen.press() }
        check.onToggled { [weak self, weak check] in
            guard let self, let check else { return }
            self.screen.execShouldThrow = check.isActive
        }
        actionButton = action
        throwsCheck = check
        runningLabel = running
        return frame
    }

    private func attach(_ screen: ButtonScreen) {
        screenToken = screen.onChange { [weak self] _ in self?.refresh() }
        let id = screen.strategy
        if strategyPicker.selectedIndex != ButtonStrategyID.allCases.firstIndex(of: id) {
            strategyPicker.selectedIndex = ButtonStrategyID.allCases.firstIndex(of: id) ?? 0
        }
        PageKit.setBadge(badge, id: id.rawValue, title: id.isBuggy ? "bug" : "fix", isBuggy: id.isBuggy)
        explanation.text = id.explanation
        verdictLabel.text = ""
        refresh()
    }

    /// Refreshes once the loop is idle, however many registry changes came: a task's closure (and
    /// the page state it holds) is released only after the registry reported the task's end.
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
        if !open {
            actionButton = nil
            throwsCheck = nil
            runningLabel = nil
        }
        closedNote.isVisible = !open
        openButton.isSensitive = !open
        closeButton.isSensitive = open
        runningLabel?.text = screen.execsRunning == 0
            ? "No exec running." : "\(screen.execsRunning) exec\(screen.execsRunning == 1 ? "" : "s") running…"
        let errors = screen.surfacedErrors.isEmpty ? "none" : screen.surfacedErrors.joined(separator: ", ")
        resultsLabel.text = """
            Execs: started \(screen.execsStarted) · running \(screen.execsRunning) · completed \(screen.execsCompleted) \
            · cancelled \(screen.execsCancelled) · failed \(screen.execsFailed) · most at once \(screen.maxConcurrentExecs)
            Errors shown to the user: \(errors)
            Page states alive: \(screen.liveViewStates) (page \(open ? "open" : "closed"))
            """
        let lines = screen.logLines.suffix(6).map { "t=\(LabFormat.seconds($0.time))  \($0.text)" }
        logLabel.text = lines.joined(separator: "\n")
    }

    private func runReproInPlace() async {
        await PageKit.runReproInPlace(self, environment: environment, busy: [reproButton, strategyPicker],
                                      verdictLabel: verdictLabel, running: "Running seed 001's repro (3 presses, close at L/2, then a throwing exec)…")
    }
}

/// Performs the button repro's actions with the page's real widgets: *Open page*, *Close
/// page*, *Action!* and the "exec() throws" check box (the screen's flag while the page is
/// closed, as there is no check box then).
@MainActor
final class ButtonActuator: ScenarioActuator {
    private weak var page: ButtonPage?

    init(page: ButtonPage) { self.page = page }

    func perform(_ action: ScenarioAction) async {
        guard let page else { return }
        switch action {
        case .openPage: page.openButton.click()
        case .closePage: page.closeButton.click()
        case .pressAction: page.actionButton?.click()
        case .setExecThrows(let value):
            if let check = page.throwsCheck {
                check.isActive = value
            } else {
                page.screen.execShouldThrow = value
            }
        default:
            await DirectActuator(button: page.screen).perform(action)
        }
    }
}
