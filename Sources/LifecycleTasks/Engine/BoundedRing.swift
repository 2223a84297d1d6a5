/// The newest `limit` elements, oldest first: once full, an append drops the oldest, so the
/// memory stays flat however long the app runs (the event log, the registry's history).
///
/// ```swift
/// var ring = BoundedRing<Int>(limit: 2)
/// ring.append(1); ring.append(2)
/// ring.append(3)          // returns 1, which fell out
/// ring.inOrder            // [2, 3]
/// ```
struct BoundedRing<Element> {
    /// How many elements are kept.
    let limit: Int
    private var elements: [Element] = []
    /// Where the oldest element sits (always 0 until the ring is full).
    private var oldest = 0

    init(limit: Int) {
        precondition(limit >= 0, "BoundedRing: limit must not be negative")
        self.limit = limit
    }

    var count: Int { elements.count }

    /// Appends `element` and returns the element that fell out: the oldest once the ring is
    /// full, or `element` itself when the limit is 0.
    @discardableResult
    mutating func append(_ element: Element) -> Element? {
        guard limit > 0 else { return element }
        guard elements.count == limit else {
            elements.append(element)
            return nil
        }
        // Swapped rather than copied out and overwritten: the element moves in, the oldest
        // moves out, and nothing is retained or released on the way.
        var dropped = element
        swap(&elements[oldest], &dropped)
        oldest += 1
        if oldest == limit { oldest = 0 }
        return dropped
    }

    /// The kept elements, oldest first.
    var inOrder: [Element] {
        Array(elements[oldest...] + elements[..<oldest])
    }

    /// The first kept element (oldest first) that satisfies `predicate`.
    func first(where predicate: (Element) -> Bool) -> Element? {
        elements[oldest...].first(where: predicate) ?? elements[..<oldest].first(where: predicate)
    }
}
