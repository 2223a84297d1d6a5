import Gettext
public import Gtk
import GtkLifecycle
public import LabModel
import LifecycleTasks

/// The toast page (SPEC §3): *Show toast* and *Hide toast*, and the toast itself, which slides
/// up from the bottom edge when shown, vanishes at once when the button hides it, and slides out
/// when its timer dismisses it D after it was shown — or earlier, when a strategy's stale timer
/// fires (T1, T6).
///
/// The toast's widget and its `ToastView` (node + state) exist only while it is shown, as
/// `if isPresented { ToastView() }` does in SwiftUI; the widget's map and unmap are the node's
/// appear and disappear.
@MainActor
public final class ToastPage: StrategyPage {
    public nonisolated static let descriptor = PageDescriptor.toast

    public let root: Widget
    public var currentStrategy: AnyStrategyID? { AnyStrategyID(screen.strategy) }
    public var onStrategyChange: (@MainActor () -> Void)?
    public var reportWidgets: [(name: String, widget: Widget)] {
        [("show-toast", showButton), ("hide-toast", hideButton)]
    }

    /// The toast model; replaced on every strategy switch.
    public private(set) var screen: ToastScreen
    /// *Show toast*.
    public let showButton = Button(tr("Show toast"))
    /// *Hide toast*.
    public let hideButton = Button(tr("Hide toast"))
    /// Runs the documented repro in place.
    public let reproButton = Button(tr("Run the repro"))
    /// Opens the compare window: this strategy beside its counterpart (``onCompare``).
    public let compareButton = Button(tr("Compare…"))
    /// What *Compare…* does (``attach(to:)``).
    public var onCompare: (@MainActor () -> Void)?
    /// Where the toast appears.
    public let host: ToastOverlayHost
    /// "T1 · onAppear + Task (bug)" and what it does.
    private let strategyBadge = Label()
    private let strategyExplanation = Label()
    /// What seed 000 or 002 concludes about the strategy (T5: avoid the bag, cancel in onDisappear).
    public let seedNoteLabel = PageKit.seedNote()
    /// Seed 000's guide: when onAppear, when .task.
    public let guideLabel = PageKit.text()
    private let statusLabel = Label()
    private let logLabel = Label()
    /// The verdict of *Run the repro* (the scenario's summary), empty until a run ends.
    public let verdictLabel = Label()
    /// The SwiftUI the strategy stands for and the Swift that runs, from the source.
    package let codePanel = CodePanel()
    private let environment: LabEnvironment
    private var screenToken: ObservationToken?

    /// Builds the page with T1.
    public convenience init(environment: LabEnvironment) {
        self.init(environment: environment, strategy: .t1)
    }

    /// Builds the page with `strategy`.
    public init(environment: LabEnvironment, strategy: ToastStrategyID) {
        self.environment = environment
        let stage = Box(.vertical, spacing: 8)
        stage.vexpand = true
        stage.hexpand = true
        stage.addCssClass("panel")
        let overlay = Overlay()
        overlay.child = stage
        overlay.hexpand = true
        overlay.setSizeRequest(width: 300, height: 220)
        let message = tr("Saved to your library")
        host = ToastOverlayHost(
            overlay: overlay, message: message, slideOut: ToastScreen.slideOutDuration(environment.timing))
        screen = ToastScreen(
            strategy: strategy, context: environment.context, timing: environment.timing,
            host: host, scene: environment.windowScene, message: message)

        let page = Box(.vertical, spacing: 12)
        page.setMargins(18)
        let title = Label(tr("Toast"), accessibleRole: .heading)
        title.setMarkup("<b>" + tr("Toast") + "</b>")
        title.xalign = 0
        let hint = Label(
            tr(
                "Press Show toast, Hide toast after a second, then Show toast again, and watch when the second toast hides. With a buggy strategy the first, never-cancelled timer hides it early; the panel shows it as an orange orphan bar overlapping the second toast."
            ))
        hint.wraps = true
        hint.xalign = 0
        hint.addCssClass("page-hint")

        // A one-row grid, not a box: the wrapping explanation is never asked for its width (``Grid``).
        let strategyRow = Grid()
        strategyRow.columnSpacing = 8
        let strategyCaption = Label(tr("Strategy:"))
        strategyBadge.addCssClass("strategy-badge")
        strategyExplanation.wraps = true
        strategyExplanation.xalign = 0
        strategyExplanation.hexpand = true
        strategyRow.attach(strategyCaption, column: 0, row: 0)
        strategyRow.attach(strategyBadge, column: 1, row: 0)
        strategyRow.attach(strategyExplanation, column: 2, row: 0)

        let buttons = Box(.horizontal, spacing: 8)
        showButton.setAccessibleLabel(tr("Show toast"))
        hideButton.setAccessibleLabel(tr("Hide toast"))
        showButton.addCssClass("suggested-action")
        reproButton.tooltip = tr("t = 0 show, D/3 hide, D/2 show, then watch; prints the verdict below")
        buttons.append(showButton)
        buttons.append(hideButton)
        buttons.append(reproButton)
        compareButton.tooltip = tr(
            "Run this strategy and another side by side: same presses, two toasts, two timelines")
        buttons.append(compareButton)

        guideLabel.setMarkup(ToastPage.guideMarkup)
        guideLabel.addCssClass("page-hint")
        guideLabel.setAccessibleLabel(tr("When to use which"))

        statusLabel.xalign = 0
        for label in [statusLabel, logLabel, verdictLabel] { PageKit.hideWhenEmpty(label) }
        overlay.setAccessibleLabel(tr("Toast preview"))
        statusLabel.setAccessibleLabel(tr("Toast status"))
        verdictLabel.xalign = 0
        verdictLabel.wraps = true
        verdictLabel.isSelectable = true
        logLabel.xalign = 0
        logLabel.wraps = true
        logLabel.addCssClass("event-log")
        stage.append(logLabel)
        logLabel.setMargins(10)

        page.append(title)
        page.append(hint)
        page.append(strategyRow)
        page.append(seedNoteLabel)
        page.append(buttons)
        page.append(statusLabel)
        // The SwiftUI beside the toast it makes, as in Xcode's canvas; the Swift that runs below.
        page.append(PageKit.sideBySide([codePanel.swiftUICard, overlay]))
        page.append(verdictLabel)
        page.append(guideLabel)
        page.append(codePanel.runningCard)
        root = page

        showButton.onClicked { [weak self] in self?.screen.show() }
        hideButton.onClicked { [weak self] in self?.screen.hide() }
        reproButton.onClicked { [weak self] in
            guard let self else { return }
            Task { @MainActor in await self.runReproInPlace() }
        }
        compareButton.onClicked { [weak self] in self?.onCompare?() }
        host.remainingTime = { [weak self] in self?.screen.remainingTime }
        attach(screen)
    }

    /// Seed 000's conclusion, as Pango markup: which modifier for which work.
    static var guideMarkup: String {
        tr(
            "<b>When to use which</b> (seed 000)\n• Synchronous work: onAppear.\n• Async work that must finish, even if the view goes: onAppear + Task (T8; the panel marks it detached).\n• Async work that should stop with the view: .task (T2)."
        )
    }

    public func select(strategy: AnyStrategyID) {
        guard let id = strategy.as(ToastStrategyID.self) else { return }
        screen.reset()
        screen = ToastScreen(
            strategy: id, context: environment.context, timing: environment.timing,
            host: host, scene: environment.windowScene, message: screen.message)
        attach(screen)
        onStrategyChange?()
    }

    public func reset() { select(strategy: AnyStrategyID(screen.strategy)) }

    /// *Compare…* opens `window`'s compare window with this strategy and its counterpart.
    public func attach(to window: MainWindow) {
        onCompare = { [weak window] in window?.compareToastStrategies() }
    }

    public func runScenario(driver: ScenarioDriver) async -> ScenarioVerdict? {
        reset()
        // Both actions are the page's buttons.
        let actuator = PageActuator(model: screen) { [weak self] (action: ToastAction) in
            switch action {
            case .show: self?.showButton.click()
            case .hide: self?.hideButton.click()
            }
            return true
        }
        return await driver.run(toast: screen, actuator: actuator)
    }

    /// The repro button: runs the documented repro on this page and shows the verdict.
    private func runReproInPlace() async {
        await PageKit.runReproInPlace(
            self, environment: environment, busy: [reproButton],
            verdictLabel: verdictLabel, running: tr("Running the repro (t = 0 show, D/3 hide, D/2 show)…"))
    }

    private func attach(_ screen: ToastScreen) {
        screenToken = screen.onChange { [weak self] in self?.refresh() }
        let id = screen.strategy
        PageKit.setBadge(strategyBadge, id: id.rawValue, title: id.title, kind: id.kind)
        strategyExplanation.text = id.explanation
        PageKit.show(seedNote: id.seedNote, in: seedNoteLabel)
        codePanel.show(id.code)
        refresh()
    }

    /// Follows the screen: it reports every show, hide and log line.
    private func refresh() {
        updateStatus()
        let lines = screen.logLines.suffix(8).map { "t=\(LabFormat.seconds($0.time))  \($0.text)" }
        logLabel.text = lines.isEmpty ? tr("The toast's log lines appear here.") : lines.joined(separator: "\n")
    }

    /// When the shown toast's D runs out, on the log's clock (its lines' `t=`); a timer of T1 or
    /// T6 may hide it sooner.
    private func updateStatus() {
        if let presented = screen.presented {
            let end = presented.presentedAt + screen.toastDuration
            statusLabel.text = tr("Toast shown — D runs out at t=%{time}", ["time": LabFormat.seconds(end)])
        } else {
            statusLabel.text = tr(
                "Toast hidden (D = %{duration})", ["duration": LabFormat.seconds(screen.toastDuration)])
        }
    }
}
