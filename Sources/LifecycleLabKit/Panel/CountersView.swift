import Gettext
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

    /// Each counter's name as shown, and its tooltip, by its field name.
    private static let captions: [String: (name: String, tip: String)] = [
        "live": (tr("live"), tr("Tasks running or cancelling")),
        "started": (tr("started"), tr("Tasks ever started")),
        "cancelled": (tr("cancelled"), tr("Tasks that ended cancelled")),
        "finished": (tr("finished"), tr("Tasks that ended finished")),
        "failed": (tr("failed"), tr("Tasks that ended with an error")),
        "orphaned": (tr("orphaned"), tr("Live tasks whose owner disappeared without cancelling them")),
        "detached": (tr("detached"), tr("Live tasks detached on purpose: work that must finish")),
    ]

    private static func text(_ name: String, _ value: Int) -> String {
        "\(captions[name]?.name ?? name) \(value)"
    }

    package init() {
        cells = PanelFormat.counterFields(shown).map { name, value in
            let label = Label(Self.text(name, value))
            label.addCssClass("counter")
            label.tooltip = Self.captions[name]?.tip
            return label
        }
        widget.setAccessibleLabel(tr("Task counters"))
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
            label.text = Self.text(field.0, field.1)
        }
        let orphaned = cells[5]
        let failed = cells[4]
        if counters.orphaned > 0 { orphaned.addCssClass("alert") } else { orphaned.removeCssClass("alert") }
        if counters.failed > 0 { failed.addCssClass("alert") } else { failed.removeCssClass("alert") }
    }
}
