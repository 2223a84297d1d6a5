import Gtk

/// What a list row widget is built of, found again from its box when GTK binds the row.
@MainActor
protocol RowParts: AnyObject {
    /// The row's box, held weakly: the list view owns it, and a recycled-away row must be able
    /// to go.
    var box: Box? { get }
}

/// The parts of every row widget a `ListView` has made, by their box. Row widgets come and go
/// with GTK's recycling; entries whose box is gone are dropped now and then, so the table stays
/// about as big as the rows in view. The task panel and the Check page each keep one.
@MainActor
struct RowPartsTable<Parts: RowParts> {
    private var table: [ObjectIdentifier: Parts] = [:]
    private let leastPrune: Int
    private var nextPrune: Int

    /// - Parameter leastPrune: how many entries may build up before the first clean-up.
    init(leastPrune: Int) {
        self.leastPrune = leastPrune
        nextPrune = leastPrune
    }

    /// Keeps `parts` for the row widget `box`.
    mutating func register(_ parts: Parts, for box: Box) {
        if table.count >= nextPrune {
            table = table.filter { $0.value.box != nil }
            nextPrune = max(leastPrune, table.count * 2)
        }
        table[ObjectIdentifier(box)] = parts
    }

    /// The parts of `box`, if it is a row widget still alive (an identifier can be reused).
    func parts(of box: Box) -> Parts? {
        guard let parts = table[ObjectIdentifier(box)], parts.box === box else { return nil }
        return parts
    }

    /// The parts of every row widget still alive, read lazily: a panel update walks them
    /// without building an array.
    var alive: LazyFilterSequence<Dictionary<ObjectIdentifier, Parts>.Values> {
        table.values.lazy.filter { $0.box != nil }
    }
}
