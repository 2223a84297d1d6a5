import Gettext
import Gtk
import LifecycleTasks

/// The panel's task list (SPEC §5): one row per registered task in id order, over a
/// virtualized ``ListView`` whose model holds only the ids; GTK makes row widgets for the rows
/// in view, and they read the ``TaskRowModel``.
///
/// A batch reaches the list view as the fewest edits that mirror it (or as one replacement of
/// all rows when ``ListEditCost`` says that is cheaper), and a changed row is refilled only if
/// GTK has bound a widget to it, so one change costs O(visible rows), not O(rows).
@MainActor
final class TaskListView {
    /// The column titles above the list.
    let header = Box(.horizontal, spacing: TaskRowParts.spacing)
    /// The list in its scroller.
    let scroller = ScrolledWindow()

    private(set) var model: TaskRowModel
    private var list: ListView<Box>!
    private var rowParts = RowPartsTable<TaskRowParts>(leastPrune: 512)
    /// The header's columns; its map measures the monospace cell for the tab stops.
    private let headerParts: TaskRowParts
    /// The width of a cell of the rows' monospace font, once the header has been on screen to
    /// measure it (nil before).
    private var cellWidth: Double?
    /// How the rows are laid out now: on one line while they fit the list's width.
    private(set) var layout = TaskColumns.Layout.oneLine
    /// The tab stops every row's label has, once the header has been on screen to measure the
    /// font (nil before).
    private(set) var tabStops: [Label.TabStop]?
    /// What the layout was last chosen for: the columns' widths, the list's width and the
    /// flags' room.
    private var laidOutFor: (columns: [Int], width: Int, flags: Int)?
    /// Whether a new layout is to be chosen at the next idle (the list's width changed).
    private(set) var isRelayoutQueued = false
    /// The core's time, which ages are measured in.
    private let coreNow: @MainActor () -> Duration

    /// - Parameters:
    ///   - grace: how long an ended task's row stays.
    ///   - now: the core's time, which ages are measured in.
    init(grace: Duration, now: @escaping @MainActor () -> Duration) {
        model = TaskRowModel(grace: grace)
        coreNow = now
        headerParts = TaskRowParts(row: header, header: true)
        headerParts.fillHeader(layout)
        header.addCssClass("task-header")
        list = ListView(
            setup: { [weak self] in
                let row = Box(.horizontal, spacing: TaskRowParts.spacing)
                let parts = TaskRowParts(row: row)
                if let stops = self?.tabStops { parts.columns.setTabStops(stops) }
                self?.rowParts.register(parts, for: row)
                return row
            },
            bind: { [weak self] widget, id, _ in
                guard let self, let number = Int(id) else { return }
                self.bind(widget, to: TaskID(number))
            })
        headerParts.columns.onMap { [weak self] in self?.measureCell() }
        list.addCssClass("task-list")
        list.setAccessibleLabel(tr("Tasks"))
        scroller.setVerticalOnly()
        scroller.child = list
        scroller.vexpand = true
        // Six one-line rows at the window's shortest (it takes the spare height above that):
        // with 140 the panel made the window's shortest 742 in Japanese, taller than the 740 it
        // opens at (GTK 4.18 then warns as it lays the window out at 740 first).
        scroller.minContentHeight = 120
        // The list's width moves with the divider and the window: the rows are laid out again
        // for it, at the next idle (the width is known while GTK allocates the list, when a
        // row must not be changed).
        scroller.onHorizontalExtentChanged { [weak self] in self?.queueRelayout() }
    }

    /// Measures a cell of the rows' monospace font on the header, now that it is styled and on
    /// screen (again at each map, so a changed font size is picked up when the window comes
    /// back), and lays the rows out for it.
    private func measureCell() {
        let sample = 20
        let text = TextLayout(for: headerParts.columns)
        text.text = String(repeating: "0", count: sample)
        guard text.width > 0 else { return }
        cellWidth = text.width / Double(sample)
        laidOutFor = nil
        relayout()
    }

    private func queueRelayout() {
        guard !isRelayoutQueued else { return }
        isRelayoutQueued = true
        MainLoop.idle { [weak self] in
            self?.isRelayoutQueued = false
            self?.relayout()
        }
    }

    /// Chooses the rows' layout for the columns and the list's width now, and when it or the
    /// columns changed, gives the header and every row widget their new tab stops and text.
    private func relayout() {
        guard let cellWidth else { return }
        let columns = model.columns
        // The row boxes' own width: the list's less its rows' padding (the theme's). Half a
        // cell to spare for the rounding of the stops.
        let rowWidth = rowParts.alive.lazy.compactMap { $0.box?.width }.filter { $0 > 0 }.min()
        let width = rowWidth ?? (list.width > 0 ? list.width : scroller.width)
        // A row is its columns' label and the flags it shows beside it: room for the widest set.
        let flags =
            rowParts.alive.lazy.filter { $0.boundID.map { self.model.records[$0] != nil } == true }
            .map(\.shownFlagsWidth).max() ?? 0
        if let last = laidOutFor, last.columns == columns.widths, last.width == width, last.flags == flags { return }
        laidOutFor = (columns.widths, width, flags)
        let fitting = width > 0 ? Double(width - flags) / cellWidth - 0.5 : .infinity
        let newLayout = columns.layout(fittingCells: fitting)
        let stops = columns.tabStops(newLayout, cellWidth: cellWidth)
        guard newLayout != layout || stops != tabStops else { return }
        let relaidOut = newLayout != layout
        layout = newLayout
        tabStops = stops
        headerParts.columns.setTabStops(stops)
        if relaidOut { headerParts.fillHeader(newLayout) }
        let now = coreNow()
        for parts in rowParts.alive {
            parts.columns.setTabStops(stops)
            if relaidOut, let id = parts.boundID, let record = model.records[id] {
                parts.fill(record, now: now, layout: newLayout)
            }
        }
    }

    /// The header's label, styled as the rows' are.
    var headerLabel: Label { headerParts.columns }

    /// The text each row widget GTK has bound to a task shows now, by task.
    var shownRows: [(id: TaskID, text: String)] {
        rowParts.alive.compactMap { parts in
            guard let id = parts.boundID, model.records[id] != nil else { return nil }
            return (id, parts.columns.text)
        }
    }

    /// How many row widgets GTK made (the rows in view and a margin, not one per task).
    var rowWidgetCount: Int { list.rowWidgetCount }

    /// Applies one coalesced batch of registry changes.
    func apply(_ batch: PanelBatch, ids: [TaskID]) {
        apply(model.apply(latest: batch.latest, ids: ids, removed: batch.removed, now: .now))
        relayout()
    }

    /// Removes the rows whose grace has passed.
    func expireEndedRows() {
        apply(model.expire(now: .now))
        relayout()
    }

    /// Moves the ages of the live rows in view on (the 4 Hz tick).
    func refreshLiveAges() {
        let now = coreNow()
        forEachBoundRow { parts, record in
            if record.isLive { parts.refreshAge(record, now: now) }
        }
    }

    private func apply(_ edit: RowEdit) {
        guard !edit.isEmpty else { return }
        let replacesAll =
            edit.needsReset
            || ListEditCost.replacesAllRows(
                appending: edit.appended.count, removing: edit.removedIndices.count, rowsAfter: model.order.count)
        if replacesAll {
            list.setRows(model.order.map { String($0.rawValue) })
        } else {
            for index in edit.removedIndices.reversed() { list.remove(at: index) }
            for id in edit.appended { list.append(String(id.rawValue)) }
        }
        assert(list.count == model.order.count, "TaskPanel: list and model disagree")
        // A changed row needs no model signal: only its widget, if GTK has bound one, shows
        // it; rows bound later read the model. This keeps one update O(visible rows).
        guard !edit.reloaded.isEmpty else { return }
        let changed = Set(edit.reloaded)
        let now = coreNow()
        forEachBoundRow(showing: changed.contains) { parts, record in parts.fill(record, now: now, layout: layout) }
    }

    /// Calls `body` for each row widget GTK holds that shows a task `wanted` picks and that
    /// still has a row. The id is checked before the record is looked up: a change refills a
    /// row or two out of about 200 widgets.
    private func forEachBoundRow(
        showing wanted: (TaskID) -> Bool = { _ in true }, _ body: (TaskRowParts, TaskRecord) -> Void
    ) {
        for parts in rowParts.alive {
            guard let id = parts.boundID, wanted(id), let record = model.records[id] else { continue }
            body(parts, record)
        }
    }

    private func bind(_ widget: Box, to id: TaskID) {
        guard let parts = rowParts.parts(of: widget), let record = model.records[id]
        else { return }
        parts.fill(record, now: coreNow(), layout: layout)
    }
}
