import Gettext
import Gtk
import LabModel
import LifecycleTasks

/// One side of the compare window: a toast stage with its own ``ToastScreen`` on its own
/// context (registry and log: its tasks and flags never mix with the other side's), the
/// strategy's badge and SwiftUI, and the side's verdict. The toast shows the time left of its D.
@MainActor
final class CompareSide {
    /// The side's widgets, top to bottom.
    let root = Box(.vertical, spacing: 8)
    /// Where this side's toast appears.
    let host: ToastOverlayHost
    /// The side's verdict after *Run the repro*.
    let verdictLabel = PageKit.text()
    /// The side's model; replaced with a fresh context at every ``use(_:context:)``.
    private(set) var screen: ToastScreen
    private let badge = PageKit.badge()
    private let logLabel = Label()
    private let codePanel = CodePanel()
    private let timing: LabTiming
    private var screenToken: ObservationToken?

    /// Builds the side with `strategy` on `context`.
    init(name: String, strategy: ToastStrategyID, context: LifecycleContext, timing: LabTiming) {
        self.timing = timing
        let stage = Box(.vertical, spacing: 0)
        stage.addCssClass("panel")
        stage.hexpand = true
        logLabel.xalign = 0
        logLabel.valign = .start
        logLabel.addCssClass("event-log")
        logLabel.setMargins(10)
        stage.append(logLabel)
        let overlay = Overlay()
        overlay.child = stage
        overlay.setSizeRequest(width: 300, height: 124)
        let message = tr("Saved to your library")
        host = ToastOverlayHost(overlay: overlay, message: message, slideOut: ToastScreen.slideOutDuration(timing))
        screen = ToastScreen(strategy: strategy, context: context, timing: timing, host: host, message: message)

        root.hexpand = true
        root.setAccessibleLabel(tr("%{name} side", ["name": name]))
        badge.halign = .start
        verdictLabel.isSelectable = true
        root.append(badge)
        root.append(overlay)
        root.append(codePanel.swiftUICard)
        root.append(verdictLabel)
        host.remainingTime = { [weak self] in self?.screen.remainingTime }
        attach()
    }

    /// The side's strategy.
    var strategy: ToastStrategyID { screen.strategy }

    /// Resets the current screen (its tasks cancelled, its toast hidden) and starts `strategy`
    /// on `context`, a fresh one on the shared clock.
    func use(_ strategy: ToastStrategyID, context: LifecycleContext) {
        screen.reset()
        screen = ToastScreen(
            strategy: strategy, context: context, timing: timing, host: host, message: screen.message)
        verdictLabel.text = ""
        attach()
    }

    /// Shows `verdict` under the side, green when it matches the spec.
    func show(_ verdict: ScenarioVerdict) {
        PageKit.show(verdict, in: verdictLabel)
    }

    /// Cancels the side's tasks and hides its toast (closing the window, shutdown).
    func reset() {
        screen.reset()
    }

    private func attach() {
        screenToken = screen.onChange { [weak self] in self?.refresh() }
        let id = screen.strategy
        PageKit.setBadge(badge, id: id.rawValue, title: id.title, kind: id.kind)
        codePanel.show(id.code)
        refresh()
    }

    private func refresh() {
        let lines = screen.logLines.suffix(5).map { "t=\(LabFormat.seconds($0.time))  \($0.text)" }
        logLabel.text = lines.joined(separator: "\n")
    }
}
