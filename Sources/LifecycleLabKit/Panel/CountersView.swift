package import Gtk
package import LifecycleTasks

/// The panel's counters (SPEC §5): live, started, cancelled, finished, failed, orphaned and
/// detached, as a row of four and a row of three equal cells (the panel stays about 440 px
/// wide); orphaned and failed turn to the alert style while above zero (detached is no alert:
/// it is work meant to outlive its owner).
@MainActor
package final class CountersView {
    /// The two rows, announced as a status.
    let widget = Box(.vertical, spacing: 0, accessibleRole: .status)
    /// One label per counter, in ``PanelFormat/counterFields(_:)`` order.
    package let cells: [Label]
    /// The counters the cells show.
    package private(set) var shown = RegistryCounters()

    private static let tips: [String: String] = [
        "live": "Tasks running or cancelling",
        "started": "Tasks ever started",
        "cancelled": "Tasks that ended cancelled",
        "finished": "Tasks that ended finished",
        "failed": "Tasks that ended with an error",
        "orphaned": "Live tasks whose owner disappeared without cancelling them",
        "detached": "Live tasks detached on purpose: work that must finish",
    ]

    package init() {
        cells = PanelFormat.counterFields(shown).map { name, value in
            let label = Label("\(name) \(value)")
            label.addCssClass("counter")
            label.tooltip = Self.tips[name]
            return label
        }
        widget.setAccessibleLabel("Task counters")
        for range in [0..<4, 4..<cells.count] {
            let row = Box(.horizontal, spacing: 2)
            row.isHomogeneous = true
            for label in cells[range] { row.append(label) }
            widget.append(row)
        }
    }

    /// Shows `counters`; the cells are left alone when nothing changed.
    package func show(_ counters: RegistryCounters) {
        guard counters != shown else { return }
        shown = counters
        for (label, field) in zip(cells, PanelFormat.counterFields(counters)) {
            label.text = "\(field.0) \(field.1)"
        }
        let orphaned = cells[5]
        let failed = cells[4]
        if counters.orphaned > 0 { orphaned.addCssClass("alert") } else { orphaned.removeCssClass("alert") }
        if counters.failed > 0 { failed.addCssClass("alert") } else { failed.removeCssClass("alert") }
    }
}
