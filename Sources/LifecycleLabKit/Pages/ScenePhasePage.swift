import Gettext
public import Gtk
public import GtkLifecycle
public import LabModel
import LifecycleTasks

/// The scene-phase page (SPEC §4, seed 003): an inner view that, while shown, loads its data
/// once, polls a source every P and holds a "presenting" side effect (an idle inhibitor).
///
/// Minimizing the window does not unmap the inner view (SPEC §1), so with P1 its `onAppear`
/// work goes on in the background; P2 (`onActive`/`onInactive`) and P3 (`task(while: .active)`)
/// stop on suspend and start again on return. The page shows the window's scene phase next to
/// it, and has *Minimize window for 3 s* and *Focus elsewhere* buttons to try it, and one line
/// on what this session can detect (``SceneDetection``: on Wayland with GTK < 4.12 the app
/// cannot tell it was minimized).
@MainActor
public final class ScenePhasePage: ViewLayoutPage {
    public nonisolated static let descriptor = PageDescriptor.scenePhase

    public var currentStrategy: AnyStrategyID? { AnyStrategyID(screen.strategy) }
    public var onStrategyChange: (@MainActor () -> Void)?
    public var reportWidgets: [(name: String, widget: Widget)] {
        viewReportWidgets + [("minimize-3s", minimizeButton), ("focus-elsewhere", focusElsewhereButton)]
    }

    /// The model; replaced on every strategy switch and reset.
    public private(set) var screen: ScenePhaseScreen
    /// The side effect of the current screen.
    public private(set) var sideEffect: IdleInhibitSideEffect
    /// Picks P1, P2 or P3.
    public var strategyPicker: DropDown { layout.picker }
    /// Minimizes the main window and restores it 3 s later (a window manager may have no task bar);
    /// "Minimize window" where the app cannot see a minimize, with a tooltip saying so.
    public let minimizeButton = PageKit.button(tr("Minimize window for 3 s"))
    /// Gives the focus to a second window (the main window goes `.inactive`).
    public let focusElsewhereButton = PageKit.button(tr("Focus elsewhere"))
    /// "Window scene: active" — the main window's phase, as the core sees it.
    public let phaseLabel = PageKit.text(accessibleLabel: tr("Window scene phase"))
    /// One line: what this session can detect of the window's phase, and why.
    public let detectionLabel = PageKit.text(accessibleLabel: tr("What this session can detect"))
    /// "Presenting: held …" / "Presenting: not held" — on the inner view while it is shown.
    public private(set) var presentingLabel: Label?
    /// "Last loaded: …" on the inner view while it is shown.
    public private(set) var loadedLabel: Label?
    /// "Polls: …" on the inner view while it is shown.
    public private(set) var pollsLabel: Label?
    /// Loads, polls and side-effect totals (outside the inner view, so they survive closing it).
    public let resultsLabel = PageKit.text(accessibleLabel: tr("Results"))

    public let layout: ViewPageLayout
    private let host: WidgetHost<ScenePhaseView>
    private let environment: LabEnvironment
    private var screenToken: ObservationToken?
    private var phaseToken: ObservationToken?
    private var restoreTimer: SourceHandle?

    /// Builds the page with P1, its inner view closed.
    public init(environment: LabEnvironment) {
        self.environment = environment
        phaseLabel.wraps = false
        layout = ViewPageLayout(
            title: tr("Scene phase"),
            hint: tr(
                "Show the view, then minimize the window or focus another one and come back: watch whether polling (every P = %{interval}) and the presenting side effect stop while the window is not active, and whether the view loads again on return.",
                ["interval": LabFormat.seconds(environment.timing.pollInterval)]),
            pickerCaption: tr("Strategy:"),
            pickerItems: Self.strategyPickerItems,
            closedNote: tr("The view is closed. Show it: it loads, polls every P and holds the side effect."),
            controls: [PageKit.row([minimizeButton, focusElsewhereButton, phaseLabel]), detectionLabel],
            results: [resultsLabel])
        let host = WidgetHost<ScenePhaseView>(container: layout.viewArea)
        self.host = host
        let effect = IdleInhibitSideEffect(application: environment.application, window: environment.window)
        sideEffect = effect
        screen = ScenePhaseScreen(
            strategy: .p1, context: environment.context, timing: environment.timing, host: host,
            scene: environment.windowScene, sideEffect: effect)

        host.build = { [weak self] view in self?.buildView(view) ?? Box() }
        wireStrategyPicker()
        wireViewButtons(
            environment: environment,
            running: tr("Running seed 003's repro (minimize, restore, focus elsewhere and back)…"),
            show: { $0.screen.showView() }, close: { $0.screen.closeView() })
        minimizeButton.onClicked { [weak self] in self?.minimizeForAWhile() }
        focusElsewhereButton.onClicked { [weak self] in self?.environment.focusElsewhere() }
        if let scene = environment.windowScene {
            phaseToken = scene.onChange { [weak self] _, _ in self?.refresh() }
        }
        detectionLabel.text = Self.detectionLine(environment.sceneDetection)
        if !environment.sceneDetection.canSeeMinimize {
            minimizeButton.label = tr("Minimize window")
            minimizeButton.tooltip = Self.unseenMinimizeNote
        } else if !environment.sceneDetection.canRestoreItself {
            // The app cannot bring the window back on GNOME (no activation token), so no "for 3 s".
            minimizeButton.label = tr("Minimize window")
            minimizeButton.tooltip = Self.noRestoreNote
        }
        attach(screen)
    }

    public func select(strategy: AnyStrategyID) {
        guard let id = strategy.as(ScenePhaseStrategyID.self) else { return }
        screen.reset()
        // A fresh side effect per screen: a P3 task of the old screen releases its own when it returns.
        let effect = IdleInhibitSideEffect(application: environment.application, window: environment.window)
        sideEffect = effect
        screen = ScenePhaseScreen(
            strategy: id, context: environment.context, timing: environment.timing, host: host,
            scene: environment.windowScene, sideEffect: effect)
        attach(screen)
        onStrategyChange?()
    }

    public func reset() { select(strategy: AnyStrategyID(screen.strategy)) }

    /// Runs seed 003's repro (``ScenarioDriver/run(scenePhase:actuator:cleanUp:)``) on a fresh
    /// screen: *Show view* and *Close view* are clicked, and the real main window is minimized,
    /// restored, and loses and regains the focus (each step waits for the window manager). A
    /// session that cannot see a minimize runs it without minimizing (``ScenePhaseDetection``).
    public func runScenario(driver: ScenarioDriver) async -> ScenarioVerdict? {
        reset()
        // *Show view* and *Close view* are clicked; the window actions go to the real main window.
        let environment = environment
        let actuator = PageActuator(model: screen) { [weak self] (action: ScenePhaseAction) in
            switch action {
            case .view(.show): self?.showButton.click()
            case .view(.close): self?.closeButton.click()
            case .window(let action): await WindowActions.perform(action, environment: environment)
            }
            return true
        }
        return await driver.run(scenePhase: screen, actuator: actuator, detection: environment.scenePhaseDetection)
    }

    /// The page's line on what `detection` lets the app see, and why: ``SceneDetection/summary``'s
    /// facts, in the person's language (the library's own summary stays English, for logs).
    public static func detectionLine(_ detection: SceneDetection) -> String {
        let session = "\(detection.backend), GTK \(detection.gtkVersion.major).\(detection.gtkVersion.minor)"
        let active =
            switch detection.activeSource {
            case .isActive: tr("active follows is-active")
            case .focusedState: tr("active follows the keyboard focus, else the FOCUSED state")
            }
        let seen =
            switch detection.minimizeSignal {
            case .minimizedState: tr("a minimize is seen (MINIMIZED state → background)")
            case .leftEveryMonitor:
                tr(
                    "a minimize is seen when GNOME takes the window off every monitor (about 0.3 s later); the app cannot bring it back itself"
                )
            case .framesWithheld:
                detection.followsSuspended
                    ? tr(
                        "a minimize is seen at once when KWin suspends the window, or when KWin stops taking its frames (about 0.5 s later); the app cannot bring it back itself"
                    )
                    : tr(
                        "a minimize is seen when KWin stops taking the window's frames (about 0.5 s later); the app cannot bring it back itself"
                    )
            case .none:
                tr(
                    "the app cannot tell it was minimized (xdg-shell has no such state), only hiding gives background"
                )
            }
        return tr(
            "This session — %{session}: %{minimize}; %{active}.",
            ["session": session, "minimize": seen, "active": active])
    }

    /// What *Minimize window* does where the app cannot see a minimize (its tooltip there).
    static let unseenMinimizeNote =
        tr(
            "Asks the compositor to minimize; in this session the app cannot tell a minimize (sway has none), so the repro leaves minimizing out."
        )
    /// The minimize button's tooltip where a minimize is seen but the app cannot undo it (Wayland).
    static let noRestoreNote =
        tr(
            "Minimizes the window; bring it back as your desktop lets you (on GNOME: the dash or Alt+Tab): no Wayland app can restore its own window, so the repro leaves minimizing out unless it runs with --window-actions-by."
        )

    // MARK: Private

    private func buildView(_ view: ScenePhaseView) -> Widget {
        let (frame, content) = PageKit.frame()
        frame.setAccessibleLabel(tr("Scene-phase view #%{number}", ["number": view.number]))
        let heading = PageKit.text()
        heading.setMarkup("<b>" + tr("View #%{number}", ["number": view.number]) + "</b>")
        let loaded = PageKit.text(accessibleLabel: tr("Last loaded"))
        let polls = PageKit.text(accessibleLabel: tr("Polls"))
        let presenting = PageKit.text(accessibleLabel: tr("Presenting side effect"))
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
        screenToken = screen.onChange { [weak self] in self?.refresh() }
        sideEffect.onChange = { [weak self] in self?.refresh() }
        let id = screen.strategy
        // P5's onActive runs from the will-appear hook: the view widget's realize, before its map.
        host.firesWillAppear = id == .p5
        showOnLayout(AnyStrategyID(id))
        refresh()
    }

    private func refresh() {
        let shown = screen.isViewShown
        if !shown {
            loadedLabel = nil
            pollsLabel = nil
            presentingLabel = nil
        }
        layout.showViewState(isShown: shown)
        let phase = environment.windowScene?.phase
        phaseLabel.text = tr("Window scene: %{phase}", ["phase": phase.map { "\($0)" } ?? tr("none")])
        if let at = screen.lastLoadAt {
            loadedLabel?.text = tr(
                "Last loaded: t = %{time} (load #%{number})", ["time": LabFormat.seconds(at), "number": screen.loads])
        } else {
            loadedLabel?.text = tr("Last loaded: not yet")
        }
        pollsLabel?.text =
            tr(
                "Polls: %{polls} (%{background} while minimized, %{inactive} while another window had the focus)",
                [
                    "polls": screen.polls, "background": screen.pollsInBackground,
                    "inactive": screen.pollsWhileInactive,
                ])
        presentingLabel?.text = tr("Presenting: %{state}", ["state": sideEffect.stateText])
        resultsLabel.text =
            tr(
                "Loads %{loads} · polls %{polls} (background %{background}, inactive %{inactive})",
                [
                    "loads": screen.loads, "polls": screen.polls, "background": screen.pollsInBackground,
                    "inactive": screen.pollsWhileInactive,
                ]) + "\n"
            + tr(
                "Side effect: %{state} · taken %{taken}× · released %{released}×",
                ["state": sideEffect.stateText, "taken": sideEffect.acquisitions, "released": sideEffect.releases])
        layout.showLog(screen.logLines)
    }

    private func minimizeForAWhile() {
        guard let window = environment.window else { return }
        window.minimize()
        restoreTimer.take()?.cancel()
        // Only where the app can bring its window back (X11): a Wayland compositor ignores the
        // request, or answers it with a "ready" notice.
        guard environment.sceneDetection.canRestoreItself else { return }
        restoreTimer = MainLoop.timeoutSource(after: .seconds(3)) { [weak self] in
            self?.environment.window?.unminimize()
            self?.environment.window?.present()
            return false
        }
    }
}
