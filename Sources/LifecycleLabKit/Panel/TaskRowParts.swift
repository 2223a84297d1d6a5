import Gettext
import Gtk
import LifecycleTasks

/// One task row's widgets: the columns as one monospace label (on one line or two, as
/// ``TaskColumns`` lays them out), and the flag badges (orphan, retains owner, detached on
/// purpose) beside it.
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
    /// How its columns are laid out now.
    private var layout = TaskColumns.Layout.oneLine
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
        // The columns are laid out to fit the list's width (``TaskColumns``: one line or two), so
        // the text is whole; that it may still ellipsize keeps the row's narrowest small, so
        // the divider can narrow the panel and the rows reflow (a wrapping label would cost
        // every row a layout per frame: 0.3-0.6 s frames at 10 000 rows).
        columns.ellipsizesEnd = true
        for flag in [orphanFlag, retainsFlag, detachedFlag] { flag.valign = .center }
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

    /// The column headings, laid out as the rows are.
    func fillHeader(_ layout: TaskColumns.Layout) {
        columns.text = TaskColumns.text(PanelFormat.headings, layout)
    }

    /// Shows `record`, its columns laid out as `layout` says.
    func fill(_ record: TaskRecord, now: Duration, layout: TaskColumns.Layout) {
        boundID = record.id
        self.layout = layout
        columns.text = TaskColumns.text(PanelFormat.fields(record, now: now), layout)
        orphanFlag.isVisible = record.isOrphan
        retainsFlag.isVisible = record.retainsOwner
        detachedFlag.isVisible = record.isDetached
        setClass("orphan", record.isOrphan)
        setClass("retains", record.retainsOwner)
        setClass("detached", record.isDetached)
        setClass("ended", !record.isLive)
        updateSpoken(record, now: now)
    }

    /// The room the flags shown take beside the columns, spacing included.
    var shownFlagsWidth: Int {
        [orphanFlag, retainsFlag, detachedFlag].filter(\.isVisible).reduce(0) {
            $0 + $1.measure(.horizontal).natural + Self.spacing
        }
    }

    /// The row box's spacing between the columns and each flag.
    static let spacing = 6

    /// Moves the age on (the 4 Hz tick, live rows only).
    func refreshAge(_ record: TaskRecord, now: Duration) {
        columns.text = TaskColumns.text(PanelFormat.fields(record, now: now), layout)
        updateSpoken(record, now: now)
    }

    /// The whole row as the row's accessible name and its tooltip (in words: the columns are
    /// read as one name), and what its flags mean as its description. Set only when the name
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
