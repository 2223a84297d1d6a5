package import LifecycleTasks

/// The event log's lines without GTK (SPEC §5: the log lists the events with times): numbered
/// in arrival order, oldest first, bounded with slack.
///
/// At least ``limit`` lines are kept; the log may grow ``slack`` lines past it before
/// ``dropOldest()`` trims it back: the view is cut at the top once per ``slack`` lines instead
/// of once per line.
///
/// ```swift
/// var lines = EventLogLines(limit: 500)
/// let numbers = lines.append(events)      // the new lines' numbers
/// if lines.isPastSlack { lines.dropOldest() }
/// ```
package struct EventLogLines {
    /// How many lines are kept at least.
    package let limit: Int
    /// How far the log may grow past ``limit`` before it is trimmed (a quarter of the limit,
    /// at least 16).
    package let slack: Int
    /// The kept lines' numbers, oldest first.
    package private(set) var numbers: [Int] = []
    private var texts: [Int: String] = [:]
    private var lastNumber = 0

    package init(limit: Int) {
        precondition(limit > 0, "TaskPanel: logLimit must be at least 1")
        self.limit = limit
        slack = max(16, limit / 4)
    }

    /// Number of kept lines.
    package var count: Int { numbers.count }

    /// The kept lines, oldest first: `t=1.234 s  appear toast`.
    package var lines: [String] { numbers.compactMap { texts[$0] } }

    /// The text of line `number`, or `nil` once it was trimmed.
    package func text(ofLine number: Int) -> String? { texts[number] }

    /// Whether the log has grown past ``limit`` + ``slack`` and is due for ``dropOldest()``.
    package var isPastSlack: Bool { numbers.count > limit + slack }

    /// Adds a line for each event, only the newest ``limit`` of them (older ones would be
    /// trimmed at once). Returns the new lines' numbers.
    package mutating func append(_ events: [LifecycleEvent]) -> [Int] {
        let kept = events.suffix(limit)
        var added: [Int] = []
        added.reserveCapacity(kept.count)
        for event in kept {
            lastNumber += 1
            texts[lastNumber] = PanelFormat.logLine(event)
            added.append(lastNumber)
        }
        numbers.append(contentsOf: added)
        return added
    }

    /// Trims the oldest lines so ``limit`` remain.
    package mutating func dropOldest() {
        let overflow = max(0, numbers.count - limit)
        for number in numbers.prefix(overflow) { texts[number] = nil }
        numbers.removeFirst(overflow)
    }
}
