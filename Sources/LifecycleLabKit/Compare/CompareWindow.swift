import Gettext
public import Gtk
public import LabModel
public import LifecycleTasks

/// Compare mode: one page's repro with two strategies side by side in one window — the toast
/// repro (SPEC §3), say T1 and T2 — driven by the same presses at the same moments, with two
/// toasts and two timelines on one time axis.
///
/// Each side has its own ``LifecycleContext`` (registry and log) so its tasks, flags and log
/// never mix with the other's; both contexts run on the app's one clock and are made together
/// (at every strategy pick and every *Run the repro*), so their times share an axis. *Show
/// toast* and *Hide toast* act on both sides in the same click. *Run the repro* runs
/// ``ScenarioDriver/run(toast:actuator:cleanUp:)`` on both screens through those buttons; each
/// side's verdict is what a run of that strategy alone gives.
///
/// ```swift
/// let compare = CompareWindow(environment: environment, left: .t1, right: .t2)
/// compare.window.present()
/// let comparison = await compare.runScenario()   // both verdicts; matchesSpec if both hold
/// ```
@MainActor
public final class CompareWindow {
    /// The window (transient for the main window).
    public let window: Window
    /// Picks the left side's strategy.
    public let leftPicker: DropDown
    /// Picks the right side's strategy.
    public let rightPicker: DropDown
    /// *Show toast* on both sides at once.
    public let showButton = PageKit.button(tr("Show toast"))
    /// *Hide toast* on both sides at once.
    public let hideButton = PageKit.button(tr("Hide toast"))
    /// Runs the documented repro on both sides and shows both verdicts.
    public let reproButton = PageKit.button(tr("Run the repro"))
    /// Whether both sides matched at the last run: "Both match the spec" / which did not.
    public let summaryLabel = PageKit.text(accessibleLabel: tr("Comparison result"))
    /// The two sides, left then right.
    var sides: [CompareSide]
    /// The sides' timelines on one axis.
    let timelines = CompareTimelines()
    /// Whether ``runScenario()`` is running (a new pick waits for it).
    public private(set) var isRunning = false
    private let environment: LabEnvironment

    /// The strategies the toast page can compare (T1–T8).
    public nonisolated static var strategies: [ToastStrategyID] { ToastStrategyID.allCases }

    /// The strategy Compare… opens beside `id`: its seed's own contrast
    /// (``LabModel/ToastStrategyID/counterpart``).
    public nonisolated static func partner(of id: ToastStrategyID) -> ToastStrategyID { id.counterpart }

    /// Builds the window with `left` and `right` side by side; it is not shown yet.
    public init(environment: LabEnvironment, left: ToastStrategyID, right: ToastStrategyID) {
        self.environment = environment
        let window = Window(application: environment.application, title: tr("Compare Strategies"))
        window.setDefaultSize(width: 1280, height: 880)
        if let main = environment.window { window.setTransient(for: main) }
        self.window = window
        let items = Self.strategies.map { "\($0.rawValue) · \($0.title)" }
        leftPicker = DropDown(items: items)
        rightPicker = DropDown(items: items)
        leftPicker.setAccessibleLabel(tr("Left strategy"))
        rightPicker.setAccessibleLabel(tr("Right strategy"))

        let contexts = Self.makeContexts(environment)
        sides = [
            CompareSide(name: tr("Left"), strategy: left, context: contexts[0], timing: environment.timing),
            CompareSide(name: tr("Right"), strategy: right, context: contexts[1], timing: environment.timing),
        ]

        let header = HeaderBar()
        window.titlebar = header
        let page = PageKit.root()
        page.append(
            PageKit.hint(
                tr(
                    "Each press goes to both sides at the same moment. Each side has its own tasks, flags and log; both run on one clock, so their timelines share one time axis. Run the repro to see the bug and the fix from the same presses."
                )))
        showButton.addCssClass("suggested-action")
        reproButton.tooltip = tr("t = 0 show, D/3 hide, D/2 show, then watch, on both sides; prints both verdicts")
        page.append(
            PageKit.row([
                Label(tr("Left:")), leftPicker, Label(tr("Right:")), rightPicker, Separator(.vertical), showButton,
                hideButton,
                reproButton,
            ]))
        let columns = Box(.horizontal, spacing: 18)
        columns.isHomogeneous = true
        for side in sides { columns.append(side.root) }
        page.append(columns)
        page.append(summaryLabel)
        let heading = Label(tr("Timelines on one time axis"), accessibleRole: .heading)
        heading.xalign = 0
        heading.addCssClass("heading")
        page.append(heading)
        page.append(timelines.root)
        let scroller = ScrolledWindow()
        scroller.child = page
        window.child = scroller

        select(left: left, right: right)
        leftPicker.onSelectionChanged { [weak self] in self?.pickersChanged() }
        rightPicker.onSelectionChanged { [weak self] in self?.pickersChanged() }
        showButton.onClicked { [weak self] in
            for side in self?.sides ?? [] { side.screen.show() }
        }
        hideButton.onClicked { [weak self] in
            for side in self?.sides ?? [] { side.screen.hide() }
        }
        reproButton.onClicked { [weak self] in
            guard let self else { return }
            Task { @MainActor in await self.runReproInPlace() }
        }
        // Closing cancels both sides' tasks; the window is destroyed once the signal is done.
        window.onCloseRequest { [weak self] in
            guard let self else { return .close }
            self.reset()
            self.timelines.stop()
            MainLoop.idle { [weak self] in self?.window.destroy() }
            return .keepOpen
        }
    }

    /// The strategies shown, left then right.
    public var strategies: [ToastStrategyID] { sides.map(\.strategy) }

    /// The sides' screens, left then right.
    public var screens: [ToastScreen] { sides.map(\.screen) }

    /// The sides' registries (the app cancels and waits for their tasks at shutdown).
    public var registries: [TaskRegistry] { sides.map(\.screen.context.registry) }

    /// The toast widgets on screen on each side (0 or 1 each; tests read it).
    public var shownToasts: [Int] { sides.map(\.host.shownWidgets.count) }

    /// Each side's verdict label text.
    public var verdictTexts: [String] { sides.map(\.verdictLabel.text) }

    /// The task ids each side's timeline draws (tests).
    package var timelineTaskIDs: [[TaskID]] { timelines.timelines.map { $0.bars.map(\.id) } }

    /// The span both timelines draw, in seconds (tests).
    package var sharedTimelineRange: (start: Double, end: Double)? { timelines.sharedRange() }

    /// Each timeline's own data range, in seconds (tests).
    package var timelineRanges: [(start: Double, end: Double)?] {
        timelines.timelines.map { $0.dataRange(now: $0.nowValue) }
    }

    /// Whether every timeline draws the shared range rather than its own (tests).
    package var timelinesDrawSharedRange: Bool {
        let shared = timelines.sharedRange()
        return timelines.timelines.allSatisfy { timeline in
            guard let drawn = timeline.sharedRange?(), let shared else { return false }
            return drawn == shared
        }
    }

    /// Applies the timelines' pending changes now (screenshots, tests).
    public func flushPendingChanges() { timelines.flushPendingChanges() }

    /// Shows `left` and `right` on fresh contexts (what either side did before is cancelled).
    public func select(left: ToastStrategyID, right: ToastStrategyID) {
        let contexts = Self.makeContexts(environment)
        sides[0].use(left, context: contexts[0])
        sides[1].use(right, context: contexts[1])
        if let index = Self.strategies.firstIndex(of: left), leftPicker.selectedIndex != index {
            leftPicker.selectedIndex = index
        }
        if let index = Self.strategies.firstIndex(of: right), rightPicker.selectedIndex != index {
            rightPicker.selectedIndex = index
        }
        summaryLabel.text = ""
        timelines.follow(
            sides.map { side in
                let id = side.strategy
                return ("\(id.rawValue)", id.kind, side.screen.context)
            })
    }

    /// Runs the toast repro on both sides at once, through *Show toast* and *Hide toast*, on
    /// fresh contexts; shows and returns both verdicts.
    public func runScenario() async -> ScenarioComparison {
        select(left: sides[0].strategy, right: sides[1].strategy)
        isRunning = true
        defer { isRunning = false }
        let pacer = LabApp.realTimePacer(clock: environment.context.clock, timing: environment.timing)
        let driver = ScenarioDriver(context: sides[0].screen.context, pacer: pacer)
        // One click on the window's shared buttons acts on both sides.
        let actuator = PageActuator(model: FanOutActuator(screens)) { [weak self] (action: ToastAction) in
            guard let self, !window.isDestroyed else { return true }
            switch action {
            case .show: showButton.click()
            case .hide: hideButton.click()
            }
            return true
        }
        let verdicts = await driver.run(toast: screens, actuator: actuator)
        let comparison = ScenarioComparison(verdicts: verdicts)
        guard !window.isDestroyed else { return comparison }  // closed during the run
        for (side, verdict) in zip(sides, verdicts) { side.show(verdict) }
        let missed = verdicts.filter { !$0.matchesSpec }.map(\.strategy)
        summaryLabel.text =
            missed.isEmpty
            ? tr(
                "Both match the spec: %{strategies} behave as their rows say.",
                ["strategies": verdicts.map(\.strategy).joined(separator: tr(" and "))])
            : tr("Does not match the spec: %{strategies}.", ["strategies": missed.joined(separator: ", ")])
        summaryLabel.removeCssClass(missed.isEmpty ? "verdict-bad" : "verdict-ok")
        summaryLabel.addCssClass(missed.isEmpty ? "verdict-ok" : "verdict-bad")
        return comparison
    }

    /// Cancels both sides' tasks and hides their toasts.
    public func reset() {
        for side in sides { side.reset() }
    }

    /// Stops following the sides and destroys the window.
    public func close() {
        reset()
        timelines.stop()
        window.destroy()
    }

    private func pickersChanged() {
        let indices = [leftPicker.selectedIndex, rightPicker.selectedIndex]
        guard indices.allSatisfy(Self.strategies.indices.contains) else { return }
        let picked = indices.map { Self.strategies[$0] }
        guard picked != strategies else { return }
        select(left: picked[0], right: picked[1])
    }

    /// *Run the repro* with the controls insensitive meanwhile; a second press does nothing.
    private func runReproInPlace() async {
        let busy: [Widget] = [reproButton, leftPicker, rightPicker]
        guard !isRunning, busy.allSatisfy(\.isSensitive) else { return }
        for widget in busy { widget.isSensitive = false }
        summaryLabel.text = tr("Running the repro on both sides (t = 0 show, D/3 hide, D/2 show)…")
        _ = await runScenario()
        guard !window.isDestroyed else { return }
        for widget in busy { widget.isSensitive = true }
    }

    /// Two fresh contexts on the app's clock, made together so their times share an axis.
    private static func makeContexts(_ environment: LabEnvironment) -> [LifecycleContext] {
        (0..<2).map { _ in LifecycleContext(clock: environment.context.clock, taskExecutor: MainLoop.taskExecutor) }
    }
}
