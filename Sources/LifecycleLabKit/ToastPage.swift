public import Gtk
import GtkLifecycle
public import LifecycleTasks

/// The toast page (SPEC §3): *Show toast* and *Hide toast*, and the toast itself, which slides
/// up from the bottom edge when shown, vanishes at once when hidden, and dismisses itself D
/// after it was shown — or earlier, when a strategy's stale timer fires (T1, T6).
///
/// The toast's widget and its `ToastView` (node + state) exist only while it is shown, as
/// `if isPresented { ToastView() }` does in SwiftUI; the widget's map and unmap are the node's
/// appear and disappear.
@MainActor
public final class ToastPage: LabPage {
    public let name = PageName.toast
    public let root: Widget
    public var strategies: [AnyStrategyID] { ToastStrategyID.allCases.map(AnyStrategyID.toast) }
    public var currentStrategy: AnyStrategyID? { .toast(screen.strategy) }

    /// The toast model; replaced on every strategy switch.
    public private(set) var screen: ToastScreen
    /// *Show toast*.
    public let showButton = Button("Show toast")
    /// *Hide toast*.
    public let hideButton = Button("Hide toast")
    /// Runs the documented repro in place.
    public let reproButton = Button("Run the repro")
    /// Where the toast appears.
    public let host: ToastOverlayHost
    /// "T1 · onAppear + Task (bug)" and what it does.
    private let strategyBadge = Label()
    private let strategyExplanation = Label()
    private let statusLabel = Label()
    private let logLabel = Label()
    private let verdictLabel = Label()
    private let environment: LabEnvironment
    private var screenToken: ObservationToken?
    private var ticker: SourceHandle?

    /// Builds the page with `strategy` (T1 by default).
    public init(environment: LabEnvironment, strategy: ToastStrategyID = .t1) {
        self.environment = environment
        let stage = Box(.vertical, spacing: 8)
        stage.vexpand = true
        stage.hexpand = true
        stage.addCssClass("panel")
        let overlay = Overlay()
        overlay.child = stage
        overlay.vexpand = true
        overlay.setSizeRequest(width: 360, height: 220)
        host = ToastOverlayHost(overlay: overlay, timing: environment.timing)
        screen = ToastScreen(strategy: strategy, context: environment.context, timing: environment.timing,
                             host: host, scene: environment.windowScene, message: "Saved to your library")

        let page = Box(.vertical, spacing: 12)
        page.setMargins(18)
        let title = Label("Toast", accessibleRole: .heading)
        title.setMarkup("<b>Toast</b>")
        title.xalign = 0
        let hint = Label(
            "Press Show toast, Hide toast after a second, then Show toast again, and watch when the second toast "
                + "hides. With a buggy strategy the first, never-cancelled timer hides it early; the panel shows it as an "
                + "orange orphan bar overlapping the second toast.")
        hint.wraps = true
        hint.xalign = 0
        hint.addCssClass("page-hint")

        // A one-row grid rather than a horizontal box: laying out a box asks the wrapping
        // explanation for its width at a given height, and GTK 4.8's label answers by laying
        // its text out again and again (a binary search), most of the first frame's text
        // shaping; a grid asks for its height at the width it gets. Same look.
        let strategyRow = Grid()
        strategyRow.columnSpacing = 8
        let strategyCaption = Label("Strategy:")
        strategyBadge.addCssClass("strategy-badge")
        strategyBadge.setAccessibleLabel("Current strategy")
        strategyExplanation.wraps = true
        strategyExplanation.xalign = 0
        strategyExplanation.hexpand = true
        strategyRow.attach(strategyCaption, column: 0, row: 0)
        strategyRow.attach(strategyBadge, column: 1, row: 0)
        strategyRow.attach(strategyExplanation, column: 2, row: 0)

        let buttons = Box(.horizontal, spacing: 8)
        showButton.setAccessibleLabel("Show toast")
        hideButton.setAccessibleLabel("Hide toast")
        showButton.addCssClass("suggested-action")
        reproButton.tooltip = "t = 0 show, D/3 hide, D/2 show, then watch; prints the verdict below"
        buttons.append(showButton)
        buttons.append(hideButton)
        buttons.append(reproButton)

        statusLabel.xalign = 0
        statusLabel.setAccessibleLabel("Toast status")
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
        page.append(buttons)
        page.append(statusLabel)
        page.append(overlay)
        page.append(verdictLabel)
        root = page

        showButton.onClicked { [weak self] in self?.screen.show() }
        hideButton.onClicked { [weak self] in self?.screen.hide() }
        reproButton.onClicked { [weak self] in
            guard let self else { return }
            Task { @MainActor in await self.runReproInPlace() }
        }
        attach(screen)
    }

    public func select(strategy: AnyStrategyID) {
        guard case .toast(let id) = strategy else { return }
        screen.reset()
        screen = ToastScreen(strategy: id, context: environment.context, timing: environment.timing,
                             host: host, scene: environment.windowScene, message: screen.message)
        attach(screen)
    }

    public func reset() {
        guard case .toast(let id)? = currentStrategy else { return }
        select(strategy: .toast(id))
    }

    public func runScenario(driver: ScenarioDriver) async -> ScenarioVerdict? {
        reset()
        return await driver.run(toast: screen, actuator: ToastActuator(page: self))
    }

    /// The repro button: runs the documented repro on this page and shows the verdict.
    private func runReproInPlace() async {
        await PageKit.runReproInPlace(self, environment: environment, busy: [reproButton],
                                      verdictLabel: verdictLabel, running: "Running the repro (t = 0 show, D/3 hide, D/2 show)…")
    }

    private func attach(_ screen: ToastScreen) {
        screenToken = screen.onChange { [weak self] _ in self?.refresh() }
        let id = screen.strategy
        strategyBadge.text = "\(id.rawValue) · \(id.title)"
        for cls in ["bug", "fix", "trap"] { strategyBadge.removeCssClass(cls) }
        strategyBadge.addCssClass(id == .t3 ? "trap" : (id.isBuggy ? "bug" : "fix"))
        strategyExplanation.text = id.explanation
        refresh()
    }

    private func refresh() {
        if screen.isPresented {
            if ticker == nil {
                ticker = MainLoop.timeoutSource(after: .milliseconds(100)) { [weak self] in
                    guard let self else { return false }
                    self.updateStatus()
                    if !self.screen.isPresented { self.ticker = nil; return false }
                    return true
                }
            }
        }
        updateStatus()
        let lines = screen.logLines.suffix(8).map { "t=\(LabFormat.seconds($0.time))  \($0.text)" }
        logLabel.text = lines.isEmpty ? "The toast's log lines appear here." : lines.joined(separator: "\n")
    }

    private func updateStatus() {
        if let remaining = screen.remainingTime {
            statusLabel.text = "Toast shown — D runs out in \(LabFormat.seconds(remaining))"
            host.updateRemaining(remaining)
        } else {
            statusLabel.text = "Toast hidden (D = \(LabFormat.seconds(screen.toastDuration)))"
        }
    }
}

/// Shows toasts in an overlay: each toast is a revealer that slides up from the bottom edge
/// and is removed at once on hide (no animation), so its unmap — the node's disappear —
/// happens inside *Hide toast*'s click.
@MainActor
public final class ToastOverlayHost: ViewHost {
    /// The overlay toasts are added to.
    public let overlay: Overlay
    private let timing: LabTiming
    private var shown: [(view: ToastView, revealer: Revealer, remaining: Label, binding: WidgetLifecycle)] = []

    init(overlay: Overlay, timing: LabTiming) {
        self.overlay = overlay
        self.timing = timing
    }

    /// The toast widgets on screen now (0 or 1; a test reads it).
    public var shownWidgets: [Widget] { shown.map(\.revealer) }

    public func present(_ view: ToastView) {
        let revealer = Revealer()
        revealer.transition = .slideUp
        revealer.transitionDuration = 250
        revealer.halign = .center
        revealer.valign = .end
        let toast = Box(.horizontal, spacing: 0, accessibleRole: .status)
        toast.addCssClass("toast")
        toast.setAccessibleLabel(view.message)
        let text = Label(view.message)
        let remaining = Label()
        remaining.addCssClass("toast-remaining")
        toast.append(text)
        toast.append(remaining)
        revealer.child = toast
        // Reveal once mapped so GTK animates the slide; revealing before would jump.
        revealer.onMap { [weak revealer] in
            MainLoop.idle { revealer?.revealsChild = true }
        }
        let binding = WidgetLifecycle(node: view.node, widget: revealer)
        shown.append((view, revealer, remaining, binding))
        overlay.addOverlay(revealer)  // maps now if the page is shown: the node appears
    }

    public func dismiss(_ view: ToastView) {
        guard let index = shown.firstIndex(where: { $0.view === view }) else { return }
        let entry = shown.remove(at: index)
        overlay.removeOverlay(entry.revealer)  // unmaps now: the node disappears
        entry.binding.detach()
    }

    func updateRemaining(_ remaining: Duration) {
        shown.last?.remaining.text = LabFormat.seconds(remaining)
    }
}

/// Performs the toast repro's actions by clicking the page's real buttons.
@MainActor
final class ToastActuator: ScenarioActuator {
    private weak var page: ToastPage?
    init(page: ToastPage) { self.page = page }

    func perform(_ action: ScenarioAction) async {
        guard let page else { return }
        switch action {
        case .showToast: page.showButton.click()
        case .hideToast: page.hideButton.click()
        default: await DirectActuator(toast: page.screen).perform(action)
        }
    }
}

/// Formatting of times for labels, without Foundation.
enum LabFormat {
    /// "1.25 s" with two decimals.
    static func seconds(_ duration: Duration) -> String {
        let (s, atto) = duration.components
        let exact: Double = Double(s) * 100 + Double(atto) / 1e16
        let hundredths = Int64(exact.rounded())
        let whole = hundredths / 100
        let frac = abs(hundredths % 100)
        return "\(whole).\(frac < 10 ? "0" : "")\(frac) s"
    }
}
