import LifecycleTasks

/// What one batch of registry changes did to the panel's rows, so the list view can mirror it
/// with the fewest model edits (SPEC §5: never rebuild the whole list for one change).
struct RowEdit: Equatable {
    /// Indices of the rows that left, in the order *before* the batch, ascending.
    var removedIndices: [Int] = []
    /// Rows added at the end, after the removals (task ids grow, so new tasks go last).
    var appended: [TaskID] = []
    /// Rows whose content changed and that are still there.
    var reloaded: [TaskID] = []
    /// A row arrived out of id order (rare: a task the panel had not seen); the list must be
    /// replaced as a whole.
    var needsReset = false

    var isEmpty: Bool { removedIndices.isEmpty && appended.isEmpty && reloaded.isEmpty && !needsReset }
}

/// The task list's state without GTK: which records have rows, in id order, and when the
/// rows of ended tasks leave.
///
/// Rows are kept sorted by ``TaskID`` so a row's index is a binary search away; the registry
/// hands out ids in start order, so new rows are appends.
struct TaskRowModel {
    /// Task ids with a row, ascending.
    private(set) var order: [TaskID] = []
    /// The latest record of each row.
    private(set) var records: [TaskID: TaskRecord] = [:]
    /// How long a row stays after its task ended.
    let grace: Duration
    /// The columns' widths over the rows now.
    private(set) var columns = TaskColumns(header: PanelFormat.headings)

    /// Rows of ended tasks waiting to leave, in deadline order (every deadline is "seen ended
    /// + grace", so appending keeps the order). `leavingHead` skips the expired front.
    private var leaving: [(deadline: ContinuousClock.Instant, id: TaskID)] = []
    private var leavingHead = 0

    init(grace: Duration) {
        precondition(grace >= .zero, "TaskPanel: the ended-row grace must not be negative")
        self.grace = grace
    }

    /// Number of live records among the rows.
    private(set) var liveCount = 0

    /// Whether rows of ended tasks are waiting for their grace to pass.
    var hasLeavingRows: Bool { leavingHead < leaving.count }

    /// When the next ended row leaves, if one is waiting.
    var nextLeaveDeadline: ContinuousClock.Instant? {
        leavingHead < leaving.count ? leaving[leavingHead].deadline : nil
    }

    /// The row index of `id`, by binary search.
    func index(of id: TaskID) -> Int? {
        var low = 0
        var high = order.count
        while low < high {
            let mid = (low + high) / 2
            if order[mid] < id { low = mid + 1 } else { high = mid }
        }
        return low < order.count && order[low] == id ? low : nil
    }

    /// Applies one coalesced batch: the newest record of every task that changed, and the ids
    /// the registry dropped from its history. `ids` are `latest`'s keys, ascending.
    mutating func apply(
        latest: [TaskID: TaskRecord], ids: [TaskID], removed: Set<TaskID>,
        now: ContinuousClock.Instant
    ) -> RowEdit {
        var edit = RowEdit()
        var added: [TaskID] = []
        for id in ids where !removed.contains(id) {
            let record = latest[id]!
            if let old = records[id] {
                guard old != record else { continue }
                records[id] = record
                columns.remove(Self.fields(old))
                columns.add(Self.fields(record))
                edit.reloaded.append(id)
                if old.isLive != record.isLive { liveCount += record.isLive ? 1 : -1 }
                if old.isLive && !record.isLive { leaving.append((now + grace, id)) }
            } else {
                records[id] = record
                columns.add(Self.fields(record))
                added.append(id)
                if record.isLive {
                    liveCount += 1
                } else {
                    leaving.append((now + grace, id))
                }
            }
        }
        let gone = removed.filter { records[$0] != nil }
        removeRows(gone, into: &edit)
        if let first = added.first, let last = order.last, first < last {
            order = (order + added).sorted()
            edit.needsReset = true
        } else {
            order.append(contentsOf: added)
        }
        edit.appended = added
        if !gone.isEmpty { edit.reloaded.removeAll { gone.contains($0) } }
        return edit
    }

    /// Removes the rows whose grace has passed by `now`.
    mutating func expire(now: ContinuousClock.Instant) -> RowEdit {
        var due = Set<TaskID>()
        while leavingHead < leaving.count, leaving[leavingHead].deadline <= now {
            if records[leaving[leavingHead].id] != nil { due.insert(leaving[leavingHead].id) }
            leavingHead += 1
        }
        if leavingHead > 1024 && leavingHead * 2 > leaving.count {
            leaving.removeFirst(leavingHead)
            leavingHead = 0
        }
        var edit = RowEdit()
        removeRows(due, into: &edit)
        return edit
    }

    /// The fields whose widths the columns follow (the age's is fixed).
    private static func fields(_ record: TaskRecord) -> [String] { PanelFormat.fields(record, now: .zero) }

    private mutating func removeRows(_ gone: Set<TaskID>, into edit: inout RowEdit) {
        guard !gone.isEmpty else { return }
        edit.removedIndices = gone.compactMap { index(of: $0) }.sorted()
        for id in gone {
            guard let record = records.removeValue(forKey: id) else { continue }
            columns.remove(Self.fields(record))
            if record.isLive { liveCount -= 1 }
        }
        order.removeAll { gone.contains($0) }
    }
}
