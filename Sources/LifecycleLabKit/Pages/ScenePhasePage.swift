public import Gtk
public import LifecycleTasks

/// The scene-phase page (SPEC §4, seed 003): an inner page that, while shown, loads its data
/// once, polls a source every P and holds a "presenting" side effect (an idle inhibitor).
///
/// Minimizing the window does not unmap the inner page (SPEC §1), so with P1 its `onAppear` work
/// goes on in the background; P2 (`onActive`/`onInactive`) and P3 (`task(while: .active)`) stop
/// on suspend and start again on return. The page shows the window's scene phase next to it, and
/// has *Minimize window for 3 s* and *Focus elsewhere* buttons to try it.
@MainActor
public final class ScenePhasePage: LabPage {
    public let name = PageName.scene
    public let root: Widget
    public var strategies: [AnyStrategyID] { ScenePhaseStrategyID.allCases.map(AnyStrategyID.scenePhase) }
    public var currentStrategy: AnyStrategyID? { .scenePhase(screen.strategy) }

    /// The model; replaced on every strategy switch and reset.
    public private(set) var screen: ScenePhaseScreen
    /// The side effect of the current screen.
    public private(set) var sideEffect: IdleInhibitSideEffect
    /// Picks P1, P2 or P3.
    public let strategyPicker: DropDown
    /// Opens the inner page.
    public let openButton = PageKit.button("Open page")
    /// Closes the inner page.
    public let closeButton = PageKit.button("Close page")
    /// Minimizes the main window and restores it 3 s later (a window manager may have no task bar).
    public let minimizeButton = PageKit.button("Minimize window for 3 s")
    /// Gives the focus to a second window (the main window goes `.inactive`).
    public let focusElsewhereButton = PageKit.button("Focus elsewhere")
    /// Runs seed 003's repro in place and shows the verdict.
    public let reproButton = PageKit.button("Run the repro")
    /// "Window scene: active" — the main window's phase, as the core sees it.
    public let phaseLabel = PageKit.text(accessibleLabel: "Window scene phase")
    /// "Presenting: held …" / "Presenting: not held" — on the inner page while it is open.
    public private(set) var presentingLabel: Label?
    /// "Last loaded: …" on the inner page while it is open.
    public private(set) var loadedLabel: Label?
    /// "Polls: …" on the inner page while it is open.
    public private(set) var pollsLabel: Label?
    /// Loads, polls and side-effect totals (outside the inner page, so they survive closing it).
    public let resultsLabel = PageKit.text(accessibleLabel: "Results")

    private let badge = PageKit.badge()
    private let explanation = PageKit.text()
    private let closedNote = PageKit.text("The page is closed. Open it: it loads, polls every P and holds the side effect.")
    private let logLabel = PageKit.text()
    private let verdictLabel = PageKit.text()
    private let host: WidgetHost<ScenePhasePageView>
    private let environment: LabEnvironment
    private var screenToken: ObservationToken?
    private var phaseToken: ObservationToken?
    private var restoreTimer: SourceHandle?

    /// Builds the page with P1, its inner page closed.
    public init(environment: LabEnvironment) {
        self.environment = environment
        let picker = DropDown(items: ScenePhaseStrategyID.allCases.map { "\($0.rawValue) · \($0.title)" })
        picker.setAccessibleLabel("Strategy")
        strategyPicker = picker
        let pageArea = Box(.vertical, spacing: 8)
        let host = WidgetHost<ScenePhasePageView>(container: pageArea)
        self.host = host
        let effect = IdleInhibitSideEffect(application: environment.application, window: environment.window)
        sideEffect = effect
        screen = ScenePhaseScreen(strategy: .p1, context: environment.context, timing: environment.timing, host: host,
                                  scene: environment.windowScene, sideEffect: effect)

        let page = PageKit.root()
        page.append(PageKit.title("Scene phase"))
        page.append(PageKit.hint(
            "Open the page, then minimize the window or focus another one and come back: watch whether polling "
                + "(every P = \(LabFormat.seconds(environment.timing.pollInterval))) and the presenting side effect stop "
                + "while the window is not active, and whether the page loads again on return."))
        page.append(PageKit.row([Label("Strategy:"), picker, badge]))
        explanation.addCssClass("page-hint")
        page.append(explanation)
        openButton.addCssClass("suggested-action")
        page.append(PageKit.row([openButton, closeButton, reproButton]))
        phaseLabel.wraps = false
        page.append(PageKit.row([minimizeButton, focusElsewhereButton, phaseLabel]))
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
        picker.onSelectionChanged { [weak self] in
            guard let self else { return }
            let index = self.strategyPicker.selectedIndex
            guard ScenePhaseStrategyID.allCases.indices.contains(index) else { return }
            let id = ScenePhaseStrategyID.allCases[index]
            if id != self.screen.strategy { self.select(strategy: .scenePhase(id)) }
        }
        openButton.onClicked { [weak self] in self?.screen.openPage() }
        closeButton.onClicked { [weak self] in self?.screen.closePage() }
        minimizeButton.onClicked { [weak self] in self?.minimizeForAWhile() }
        focusElsewhereButton.onClicked { [weak self] in self?.environment.focusElsewhere() }
        reproButton.onClicked { [weak self] in
            guard let self else { return }
            Task { @MainActor in await self.runReproInPlace() }
        }
        if let scene = environment.windowScene {
            phaseToken = scene.onChange { [weak self] _, _ in self?.refresh() }
        }
        attach(screen)
    }

    public func select(strategy: AnyStrategyID) {
        guard case .scenePhase(let id) = strategy else { return }
        screen.reset()
        // A fresh side effect per screen: a P3 task of the old screen releases its own when it returns.
        let effect = IdleInhibitSideEffect(application: environment.application, window: environment.window)
        sideEffect = effect
        screen = ScenePhaseScreen(strategy: id, context: environment.context, timing: environment.timing, host: host,
                                  scene: environment.windowScene, sideEffect: effect)
        attach(screen)
    }

    public func reset() { select(strategy: .scenePhase(screen.strategy)) }

    /// Runs seed 003's repro (``ScenarioDriver/run(scenePhase:actuator:cleanUp:)``) on a fresh
    /// screen: *Open page* and *Close page* are clicked, and the real main window is minimized,
    /// restored, and loses and regains the focus (each step waits for the window manager).
    public func runScenario(driver: ScenarioDriver) async -> ScenarioVerdict? {
        reset()
        return await driver.run(scenePhase: screen, actuator: ScenePhaseActuator(page: self, environment: environment))
    }

    // MARK: Private

    private func buildInnerPage(_ view: ScenePhasePageView) -> Widget {
        let (frame, content) = PageKit.frame()
        frame.setAccessibleLabel("Scene-phase page #\(view.number)")
        let heading = PageKit.text()
        heading.setMarkup("<b>Page #\(view.number)</b>")
        let loaded = PageKit.text(accessibleLabel: "Last loaded")
        let polls = PageKit.text(accessibleLabel: "Polls")
        let presenting = PageKit.text(accessibleLabel: "Presenting side effect")
        content.append(heading)
        content.append(loaded)
        content.append(polls)
        content.append(presenting)
        loadedLabel = loaded
        pollsLabel = polls
        presentingLabel = presenting
        return frame
    }

    private func attach(_ screen: ScenePhaseScreen) {
        screenToken = screen.onChange { [weak self] _ in self?.refresh() }
        sideEffect.onChange = { [weak self] in self?.refresh() }
        let id = screen.strategy
        if strategyPicker.selectedIndex != ScenePhaseStrategyID.allCases.firstIndex(of: id) {
            strategyPicker.selectedIndex = ScenePhaseStrategyID.allCases.firstIndex(of: id) ?? 0
        }
        PageKit.setBadge(badge, id: id.rawValue, title: id.isBuggy ? "bug" : "fix", isBuggy: id.isBuggy)
        explanation.text = id.explanation
        verdictLabel.text = ""
        refresh()
    }

    private func refresh() {
        let open = screen.isPageOpen
        if !open {
            loadedLabel = nil
            pollsLabel = nil
            presentingLabel = nil
        }
        closedNote.isVisible = !open
        openButton.isSensitive = !open
        closeButton.isSensitive = open
        let phase = environment.windowScene?.phase
        phaseLabel.text = "Window scene: \(phase.map { "\($0)" } ?? "none")"
        if let at = screen.lastLoadAt {
            loadedLabel?.text = "Last loaded: t = \(LabFormat.seconds(at)) (load #\(screen.loads))"
        } else {
            loadedLabel?.text = "Last loaded: not yet"
        }
        pollsLabel?.text = "Polls: \(screen.polls) (\(screen.pollsInBackground) while minimized, "
            + "\(screen.pollsWhileInactive) while another window had the focus)"
        presentingLabel?.text = "Presenting: \(sideEffect.stateText)"
        resultsLabel.text = """
            Loads \(screen.loads) · polls \(screen.polls) (background \(screen.pollsInBackground), \
            inactive \(screen.pollsWhileInactive))
            Side effect: \(sideEffect.stateText) · taken \(sideEffect.acquisitions)× · released \(sideEffect.releases)×
            """
        let lines = screen.logLines.suffix(6).map { "t=\(LabFormat.seconds($0.time))  \($0.text)" }
        logLabel.text = lines.joined(separator: "\n")
    }

    private func minimizeForAWhile() {
        guard let window = environment.window else { return }
        window.minimize()
        restoreTimer.take()?.cancel()
        restoreTimer = MainLoop.timeoutSource(after: .seconds(3)) { [weak self] in
            self?.environment.window?.unminimize()
            self?.environment.window?.present()
            return false
        }
    }

    private func runReproInPlace() async {
        await PageKit.runReproInPlace(self, environment: environment, busy: [reproButton, strategyPicker],
                                      verdictLabel: verdictLabel, running: "Running seed 003's repro (minimize, restore, focus elsewhere and back)…")
    }
}

/// Seed 003's side effect on the desktop: `gtk_application_inhibit(IDLE)` while the page presents.
///
/// Without a session manager (Xvfb) GTK returns no cookie; the side effect is then held only as
/// visible state, so the page shows "held" or "not held" either way.
///
/// ```swift
/// let effect = IdleInhibitSideEffect(application: app, window: window)
/// effect.acquire()   // isHeld; cookie != nil when the session accepted
/// effect.release()
/// ```
@MainActor
public final class IdleInhibitSideEffect: PresentingSideEffect {
    /// Whether the side effect is held now.
    public private(set) var isHeld = false
    /// The inhibitor's cookie while held, `nil` when the session refused or nothing is held.
    public private(set) var cookie: UInt32?
    /// Acquisitions so far.
    public private(set) var acquisitions = 0
    /// Releases so far.
    public private(set) var releases = 0
    /// Called after every acquire and release.
    public var onChange: (@MainActor () -> Void)?
    private let application: Application
    private weak var window: Window?

    /// Makes a side effect that is not held, for `window` of `application`.
    public init(application: Application, window: Window?) {
        self.application = application
        self.window = window
    }

    /// Inhibits idle (or, without a session manager, only records that it is held).
    public func acquire() {
        guard !isHeld else { return }
        cookie = application.inhibitIdle(window: window, reason: "Lifecycle Lab is presenting (seed 003)")
        isHeld = true
        acquisitions += 1
        onChange?()
    }

    /// Removes the inhibitor.
    public func release() {
        guard isHeld else { return }
        if let cookie { application.uninhibit(cookie) }
        cookie = nil
        isHeld = false
        releases += 1
        onChange?()
    }

    /// "held — idle inhibited (cookie 3)", "held — no session manager, shown here only", "not held".
    public var stateText: String {
        guard isHeld else { return "not held" }
        if let cookie { return "held — idle inhibited (cookie \(cookie))" }
        return "held — no session manager to inhibit idle, shown here only"
    }
}

/// Performs the scene-phase repro's actions: *Open page* and *Close page* are clicked; the
/// window actions go to the real main window.
@MainActor
final class ScenePhaseActuator: ScenarioActuator {
    private weak var page: ScenePhasePage?
    private let environment: LabEnvironment

    init(page: ScenePhasePage, environment: LabEnvironment) {
        self.page = page
        self.environment = environment
    }

    func perform(_ action: ScenarioAction) async {
        guard let page else { return }
        switch action {
        case .openPage: page.openButton.click()
        case .closePage: page.closeButton.click()
        default:
            if await WindowActions.perform(action, environment: environment) { return }
            await DirectActuator(scenePhase: page.screen).perform(action)
        }
    }
}
