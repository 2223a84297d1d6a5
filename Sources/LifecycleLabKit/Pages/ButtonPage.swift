import Gettext
public import Gtk
public import LabModel
import LifecycleTasks

/// The button page (SPEC §4, seed 001): an inner view with an *Action!* button whose `exec()`
/// takes L, which can be shown and closed while the work runs.
///
/// The inner view — a framed box with *Action!*, an "exec() throws" check box and the count of
/// running execs — is built when it is shown and removed when it closes, so its map and unmap
/// are the ``ButtonView`` node's appear and disappear. The results below it come from the
/// ``ButtonScreen``, which outlives the view and counts what really happened to every exec: with
/// B1 they keep running after *Close view*, the view's state stays alive, and a thrown error is
/// never shown.
@MainActor
public final class ButtonPage: ViewLayoutPage {
    public nonisolated static let descriptor = PageDescriptor.button

    public var currentStrategy: AnyStrategyID? { AnyStrategyID(screen.strategy) }
    public var onStrategyChange: (@MainActor () -> Void)?
    public var reportWidgets: [(name: String, widget: Widget)] {
        viewReportWidgets + (actionButton.map { [("action", $0)] } ?? [])
    }

    /// The model; replaced on every strategy switch and reset.
    public private(set) var screen: ButtonScreen
    /// Picks B1, B2 or B3.
    public var strategyPicker: DropDown { layout.picker }
    /// *Action!* on the inner view; `nil` while the view is closed.
    public private(set) var actionButton: Button?
    /// "exec() throws" on the inner view; `nil` while the view is closed.
    public private(set) var throwsCheck: CheckButton?
    /// Execs started, running, completed, cancelled, failed; errors shown; live view states.
    public let resultsLabel = PageKit.text(accessibleLabel: tr("Results"))
    /// Seed 001's compile-time pitfalls: each sample's code, and the compiler's message for the
    /// one that does not compile (``ButtonPitfalls``).
    public let pitfallCodeLabels: [Label]
    /// The compiler's message under each sample that does not compile.
    public let compilerErrorLabels: [Label]

    public let layout: ViewPageLayout
    private var runningLabel: Label?
    private let host: WidgetHost<ButtonView>
    private let environment: LabEnvironment
    private var screenToken: ObservationToken?
    private var registryToken: ObservationToken?
    private var idleRefresh: IdleRefresh?

    /// Builds the page with B1, its inner view closed.
    public init(environment: LabEnvironment) {
        self.environment = environment
        layout = ViewPageLayout(
            title: tr("Button work"),
            hint: tr(
                "Show the view, press Action! a few times, then close the view before exec() ends (L = %{duration}) and watch whether the execs keep running, whether the view's state stays alive, and whether a thrown error is ever shown.",
                ["duration": LabFormat.seconds(environment.timing.workDuration)]),
            pickerCaption: tr("Strategy:"),
            pickerItems: Self.strategyPickerItems,
            closedNote: tr("The view is closed. Show it to get its Action! button."), results: [resultsLabel])
        let (pitfalls, codeLabels, errorLabels) = Self.pitfallsSection()
        pitfallCodeLabels = codeLabels
        compilerErrorLabels = errorLabels
        layout.root.append(pitfalls)
        host = WidgetHost(container: layout.viewArea)
        screen = ButtonScreen(
            strategy: .b1, context: environment.context, timing: environment.timing, host: host,
            scene: environment.windowScene)

        host.build = { [weak self] view in self?.buildView(view) ?? Box() }
        idleRefresh = IdleRefresh { [weak self] in self?.refresh() }
        wireStrategyPicker()
        wireViewButtons(
            environment: environment,
            running: tr("Running seed 001's repro (3 presses, close at L/2, then a throwing exec)…"),
            show: { $0.screen.showView() }, close: { $0.screen.closeView() })
        // A task's closure (and the view state it holds) is released only after the registry
        // reported the task's end: refresh once the loop is idle.
        registryToken = environment.context.registry.observe { [weak self] _ in self?.idleRefresh?.request() }
        attach(screen)
    }

    public func select(strategy: AnyStrategyID) {
        guard let id = strategy.as(ButtonStrategyID.self) else { return }
        screen.reset()
        screen = ButtonScreen(
            strategy: id, context: environment.context, timing: environment.timing, host: host,
            scene: environment.windowScene)
        attach(screen)
        onStrategyChange?()
    }

    public func reset() { select(strategy: AnyStrategyID(screen.strategy)) }

    /// Runs seed 001's repro (``ScenarioDriver/run(button:actuator:cleanUp:)``) on a fresh screen
    /// with the current strategy, clicking this page's real buttons.
    public func runScenario(driver: ScenarioDriver) async -> ScenarioVerdict? {
        reset()
        // *Show view*, *Close view*, *Action!* and the "exec() throws" check box; while the view is
        // closed there is no check box, and the screen's own actuator sets its flag.
        let actuator = PageActuator(model: screen) { [weak self] (action: ButtonAction) in
            guard let self else { return true }
            switch action {
            case .view(.show): showButton.click()
            case .view(.close): closeButton.click()
            case .pressAction: actionButton?.click()
            case .setExecThrows(let value):
                guard let throwsCheck else { return false }
                throwsCheck.isActive = value
            }
            return true
        }
        return await driver.run(button: screen, actuator: actuator)
    }

    // MARK: Private

    /// Seed 001's compile-time pitfalls, one block per sample: title, code, what happens (and
    /// the compiler's error for the one that does not compile), then the seed's conclusion.
    private static func pitfallsSection() -> (Widget, [Label], [Label]) {
        let section = Box(.vertical, spacing: 6)
        section.append(PageKit.title(tr("Compile-time pitfalls (seed 001)")))
        var codeLabels: [Label] = []
        var errorLabels: [Label] = []
        for sample in ButtonPitfalls.samples {
            let heading = PageKit.text()
            heading.setMarkup(
                "<b>"
                    + CodeMarkup.escape(
                        sample.compiles
                            ? tr("Compiles: %{title}", ["title": sample.title])
                            : tr("Does not compile: %{title}", ["title": sample.title])) + "</b>")
            let code = PageKit.text(sample.code, accessibleLabel: tr("Code: %{title}", ["title": sample.title]))
            code.addCssClass("code-sample")
            code.isSelectable = true
            code.wraps = false
            section.append(heading)
            section.append(code)
            if let error = sample.compilerError {
                let message = PageKit.text("Swift 6.3: error: \(error)")
                message.addCssClass("compiler-error")
                message.isSelectable = true
                section.append(message)
                errorLabels.append(message)
            }
            let note = PageKit.text(sample.note)
            note.addCssClass("page-hint")
            section.append(note)
            codeLabels.append(code)
        }
        let conclusion = PageKit.seedNote()
        conclusion.text = ButtonPitfalls.conclusion
        section.append(conclusion)
        return (section, codeLabels, errorLabels)
    }

    private func buildView(_ view: ButtonView) -> Widget {
        let (frame, content) = PageKit.frame()
        frame.setAccessibleLabel(tr("Button view #%{number}", ["number": view.number]))
        let heading = PageKit.text()
        heading.setMarkup("<b>" + tr("View #%{number}", ["number": view.number]) + "</b>")
        let action = Button(tr("Action!"))
        action.setAccessibleLabel(tr("Action!"))
        action.addCssClass("suggested-action")
        action.halign = .start
        let check = CheckButton(tr("exec() throws"))
        check.isActive = screen.execShouldThrow
        let running = PageKit.text()
        running.setAccessibleLabel(tr("Running execs"))
        content.append(heading)
        content.append(PageKit.row([action, check]))
        content.append(running)
        // Capture the page, never the view's state: the state must go when the view closes.
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
        screenToken = screen.onChange { [weak self] in self?.refresh() }
        showOnLayout(AnyStrategyID(screen.strategy))
        refresh()
    }

    private func refresh() {
        let shown = screen.isViewShown
        if !shown {
            actionButton = nil
            throwsCheck = nil
            runningLabel = nil
        }
        layout.showViewState(isShown: shown)
        runningLabel?.text =
            screen.execsRunning == 0
            ? tr("No exec running.") : trn("%{count} exec running…", "%{count} execs running…", screen.execsRunning)
        let errors = screen.surfacedErrors.isEmpty ? tr("none") : screen.surfacedErrors.joined(separator: ", ")
        resultsLabel.text = [
            tr(
                "Execs: started %{started} · running %{running} · completed %{completed} · cancelled %{cancelled} · failed %{failed} · most at once %{most}",
                [
                    "started": screen.execsStarted, "running": screen.execsRunning,
                    "completed": screen.execsCompleted, "cancelled": screen.execsCancelled,
                    "failed": screen.execsFailed, "most": screen.maxConcurrentExecs,
                ]),
            tr("Errors shown to the user: %{errors}", ["errors": errors]),
            shown
                ? tr("View states alive: %{count} (view shown)", ["count": screen.liveViewStates])
                : tr("View states alive: %{count} (view closed)", ["count": screen.liveViewStates]),
        ].joined(separator: "\n")
        layout.showLog(screen.logLines)
    }
}
