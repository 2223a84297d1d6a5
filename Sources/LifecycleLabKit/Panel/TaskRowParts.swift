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
final class TaskRowParts {
    weak var box: Box?
    let columns = Label()
    let orphanFlag = Label(tr("orphan"))
    let retainsFlag = Label(tr("retains"))
    let detachedFlag = Label(tr("detached"))
    /// The task the row shows now (rows are recycled).
    var boundID: TaskID?

    init(row: Box) {
        box = row
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
        // Only the error text can be long enough to be cut off.
        if case .failed(let error) = record.state {
            box?.tooltip = error
        } else if box?.tooltip != nil {
            box?.tooltip = nil
        }
    }

    /// Moves the age on (the 4 Hz tick, live rows only).
    func refreshAge(_ record: TaskRecord, now: Duration) {
        columns.text = PanelFormat.columns(record, now: now)
    }

    private func setClass(_ name: String, _ on: Bool) {
        guard let box, box.hasCssClass(name) != on else { return }
        if on { box.addCssClass(name) } else { box.removeCssClass(name) }
    }
}
