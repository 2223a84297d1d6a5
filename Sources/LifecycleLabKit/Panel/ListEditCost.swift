/// When a batch of edits to a virtualized GTK list costs less as one replacement of all rows
/// than edit by edit; the task list and the event log both ask.
///
/// GTK 4.8's list view rebinds every row widget it holds (about 200) when rows before them
/// move, so a removal above them costs a full rebind; past a few, one replacement of all rows
/// costs about the same once, unless many rows remain (replacing 10k rows costs more than a
/// few removals, which are cheap below the rows on screen). Appends past the last row are
/// cheap one by one; a flood (10k starts) goes in one splice.
package enum ListEditCost {
    /// Removals up to this many are always made one by one.
    static let bulkRemovals = 8
    /// Appends up to this many are always made one by one.
    static let bulkAppends = 256

    /// Whether to replace all rows rather than append `appending` and remove `removing` rows
    /// from a list that holds `rowsAfter` rows once the batch is applied.
    package static func replacesAllRows(appending: Int, removing: Int, rowsAfter: Int) -> Bool {
        if appending > bulkAppends { return true }
        return removing > bulkRemovals && (rowsAfter <= 1_000 || removing * 4 >= rowsAfter)
    }
}
