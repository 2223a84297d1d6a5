package import Gtk

/// The task list's columns (id, name, strategy, owner, state, age), each as wide as its widest
/// entry among the rows now and its heading, and how a row is laid out in the list's width:
/// on one line when it fits beside its flags, else on two (name over owner, strategy over state),
/// so no column is ever cut.
///
/// Widths are counted in cells of the rows' monospace font (``PanelFormat/cells(_:)``: a CJK
/// character takes two) and kept as a count of rows per width, so a row's change costs O(1)
/// however many rows there are (the panel holds 10 000 in its benchmark).
///
/// ```swift
/// var columns = TaskColumns(header: ["id", "name", "strategy", "owner", "state", "age"])
/// columns.add(["#1", "sleep D, then hide", "T1", "toast #1", "running"])
/// columns.layout(fittingCells: 60)      // .oneLine: 4+18+8+8+7+6 cells and the gaps fit
/// columns.text(["#1", "sleep D, then hide", "T1", "toast #1", "running", "2.5 s"], .twoLines)
/// // "#1\tsleep D, then hide\tT1\t2.5 s\n\ttoast #1\trunning"
/// ```
package struct TaskColumns: Equatable {
    /// How a row's fields are placed.
    package enum Layout: Equatable, Sendable {
        /// id, name, strategy, owner, state, then the age at the row's end.
        case oneLine
        /// id, name, strategy and the age; under the name the owner, under the strategy the state.
        case twoLines
    }

    /// Cells between two columns: a column's widest entry never touches the next one.
    static let gap = 2
    /// The age column's width: "10m00s" (an age is right-aligned at the row's end).
    static let ageCells = 6
    /// How many fields the width is tracked of: id, name, strategy, owner, state (not the age).
    static let trackedFields = 5

    private let headerCells: [Int]
    /// For each tracked field, how many rows have each width.
    private var counts: [[Int: Int]]
    /// Each column's width now: the widest of its heading and its rows; the age's is fixed.
    package private(set) var widths: [Int]

    /// - Parameter header: the six headings (id, name, strategy, owner, state, age).
    package init(header: [String]) {
        precondition(header.count == Self.trackedFields + 1, "TaskColumns: six headings, one per column")
        headerCells = header.map(PanelFormat.cells)
        counts = Array(repeating: [:], count: Self.trackedFields)
        widths = headerCells
        widths[Self.trackedFields] = max(headerCells[Self.trackedFields], Self.ageCells)
    }

    /// Counts a row's fields (id, name, strategy, owner, state; more are ignored).
    package mutating func add(_ fields: [String]) {
        for (index, field) in fields.prefix(Self.trackedFields).enumerated() {
            let cells = PanelFormat.cells(field)
            counts[index][cells, default: 0] += 1
            if cells > widths[index] { widths[index] = cells }
        }
    }

    /// Forgets a row's fields, as ``add(_:)`` counted them.
    package mutating func remove(_ fields: [String]) {
        for (index, field) in fields.prefix(Self.trackedFields).enumerated() {
            let cells = PanelFormat.cells(field)
            guard let count = counts[index][cells] else {
                preconditionFailure("TaskColumns: removing a field that was never added: \(field)")
            }
            counts[index][cells] = count > 1 ? count - 1 : nil
            if count == 1 && cells == widths[index] {
                widths[index] = max(headerCells[index], counts[index].keys.max() ?? 0)
            }
        }
    }

    /// Cells a row takes on one line, gaps included.
    package var oneLineCells: Int { widths.reduce(0, +) + Self.gap * (widths.count - 1) }

    /// Cells a row takes on two lines: id, the wider of name and owner, of strategy and state,
    /// and the age.
    package var twoLineCells: Int { twoLineWidths.reduce(0, +) + Self.gap * 3 }

    private var twoLineWidths: [Int] {
        [widths[0], max(widths[1], widths[3]), max(widths[2], widths[4]), widths[5]]
    }

    /// One line when a row fits in `cells` on one, else two.
    package func layout(fittingCells cells: Double) -> Layout {
        Double(oneLineCells) <= cells ? .oneLine : .twoLines
    }

    /// A row's text in `layout`: the six fields (id, name, strategy, owner, state, age), a tab
    /// between columns, whole.
    package static func text(_ fields: [String], _ layout: Layout) -> String {
        precondition(fields.count == trackedFields + 1, "TaskColumns: six fields, one per column")
        switch layout {
        case .oneLine:
            return fields.joined(separator: "\t")
        case .twoLines:
            return [fields[0], fields[1], fields[2], fields[5]].joined(separator: "\t") + "\n\t" + fields[3] + "\t"
                + fields[4]
        }
    }

    /// The tab stops of `layout` for a cell `cellWidth` pixels wide: one after each column and
    /// its gap; the last one right-aligned at the row's end, where the age ends.
    package func tabStops(_ layout: Layout, cellWidth: Double) -> [Label.TabStop] {
        let columns = layout == .oneLine ? widths : twoLineWidths
        let pixels = { (cells: Int) in Int((Double(cells) * cellWidth).rounded()) }
        var stops: [Label.TabStop] = []
        var start = 0
        for width in columns.dropLast(2) {
            start += width + Self.gap
            stops.append(Label.TabStop(position: pixels(start)))
        }
        let rowCells = columns.reduce(0, +) + Self.gap * (columns.count - 1)
        stops.append(Label.TabStop(position: pixels(rowCells), alignsRight: true))
        return stops
    }
}
