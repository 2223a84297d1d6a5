import Gettext
import Gtk
import LifecycleTasks

/// One task row's widgets: the columns as one monospace label, and the flag badges (orphan,
/// retains owner, detached on purpose).
///
/// One label rather than a label per column: GTK 4.8 rebinds every row widget it holds (about
/// 200) when rows above them move, so a row must be cheap to fill.
/// Holds the row box weakly: the list view owns it, and a recycled-away row must be able to go.
@MainActor
final class TaskRowParts: RowParts {
    weak var box: Box?
    let columns: Label
    let orphanFlag: Label
    let retainsFlag: Label
    let detachedFlag: Label
    /// The task the row shows now (rows are recycled).
    var boundID: TaskID?
    /// The row's accessible name now (``PanelFormat/spokenRow(_:now:)``), kept to set it only
    /// when it changes: the 4 Hz age tick changes it at most once a second.
    private var spoken = ""

    /// - Parameters:
    ///   - row: the row's box.
    ///   - header: whether it is the header, whose column names are read as they are; a task
    ///     row's cells are presentation only (a screen reader reads the row box's name, the
    ///     whole row; the cells would say it again, cut). A role, not the hidden state: GTK 4.10
    ///     and later set the hidden state again as a widget is shown.
    init(row: Box, header: Bool = false) {
        box = row
        let role: AccessibleRole? = header ? nil : .presentation
        columns = Label("", accessibleRole: role)
        orphanFlag = Label(tr("orphan"), accessibleRole: role)
        retainsFlag = Label(tr("retains"), accessibleRole: role)
        detachedFlag = Label(tr("detached"), accessibleRole: role)
        row.addCssClass("task-row")
        columns.xalign = 0
        columns.hexpand = true
        columns.ellipsizesEnd = true
        orphanFlag.addCssClass("flag-orphan")
        orphanFlag.tooltip = tr("Orphan: the owner disappeared and nobody cancelled this task")
        retainsFlag.addCssClass("flag-retains")
        retainsFlag.tooltip = tr("Retains owner: the task keeps the owner's state alive")
        detachedFlag.addCssClass("flag-detached")
        detachedFlag.tooltip = tr("Detached on purpose: work that must finish, even after its owner goes")
        for cell in [columns, orphanFlag, retainsFlag, detachedFlag] { row.append(cell) }
        orphanFlag.hide()
        retainsFlag.hide()
        detachedFlag.hide()
    }

    func fillHeader() {
        columns.text = PanelFormat.columns([
            tr("id"), tr("name"), tr("strategy"), tr("owner"), tr("state"), tr("age"),
        ])
    }

    func fill(_ record: TaskRecord, now: Duration) {
        boundID = record.id
        columns.text = PanelFormat.columns(record, now: now)
        orphanFlag.isVisible = record.isOrphan
        retainsFlag.isVisible = record.retainsOwner
        detachedFlag.isVisible = record.isDetached
        setClass("orphan", record.isOrphan)
        setClass("retains", record.retainsOwner)
        setClass("detached", record.isDetached)
        setClass("ended", !record.isLive)
        updateSpoken(record, now: now)
    }

    /// Moves the age on (the 4 Hz tick, live rows only).
    func refreshAge(_ record: TaskRecord, now: Duration) {
        columns.text = PanelFormat.columns(record, now: now)
        updateSpoken(record, now: now)
    }

    /// The whole row, uncut, as the row's accessible name and its tooltip (the columns may be
    /// cut to their width), and what its flags mean as its description. Set only when the name
    /// changes: an accessible property change is a D-Bus signal to every screen reader
    /// listening, and the 4 Hz tick reaches every live row in view; the name's age is in whole
    /// seconds, so it is never more than a second behind the column's.
    private func updateSpoken(_ record: TaskRecord, now: Duration) {
        let text = PanelFormat.spokenRow(record, now: now)
        guard text != spoken, let box else { return }
        spoken = text
        var flags: [String] = []
        if record.isOrphan, let tip = orphanFlag.tooltip { flags.append(tip) }
        if record.retainsOwner, let tip = retainsFlag.tooltip { flags.append(tip) }
        if record.isDetached, let tip = detachedFlag.tooltip { flags.append(tip) }
        box.setAccessibleLabel(text)
        box.tooltip = ([text] + flags).joined(separator: "\n")
        // After the tooltip: GTK makes a tooltip the description, which would say the name again.
        box.setAccessibleDescription(flags.joined(separator: " "))
    }

    private func setClass(_ name: String, _ on: Bool) {
        guard let box, box.hasCssClass(name) != on else { return }
        if on { box.addCssClass(name) } else { box.removeCssClass(name) }
    }
}
