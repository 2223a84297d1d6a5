/// How many of a screen's own log lines, show times, hide events and surfaced errors it keeps:
/// a person can press a button all day, and memory must stay flat (the task registry and the
/// event log are bounded the same way). A scenario run produces a few dozen.
let screenHistoryLimit = 1_000

extension Array {
    /// Appends `element`, dropping the oldest quarter of the limit once `limit` is passed (so
    /// the removal's cost is spread over many appends).
    mutating func appendBounded(_ element: Element, limit: Int = screenHistoryLimit) {
        append(element)
        if count > limit { removeFirst(Swift.max(1, limit / 4)) }
    }
}
