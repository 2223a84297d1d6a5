public import LifecycleTasks

/// One line a screen logged, with its context time (the seeds' `print`).
public struct LogLine: Sendable, Hashable, Codable {
    /// Context time when it was logged.
    public var time: Duration
    /// The text: "sleep start", "task cancel", "exec #1 start" …
    public var text: String
}

/// A typed line with its context time, as a scenario run records it.
struct TimedLine: Sendable, Hashable {
    /// Context time when it was logged.
    var time: Duration
    /// The line, of whichever page logged it.
    var line: any ScreenLine

    static func == (lhs: TimedLine, rhs: TimedLine) -> Bool {
        lhs.time == rhs.time && lhs.line.isSame(as: rhs.line)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(time)
        line.hash(into: &hasher)
    }

    /// The line, if it is one of `Line`'s.
    func line<Line: ScreenLine>(as type: Line.Type) -> Line? { line as? Line }
}

/// What every screen shares: its own log lines, also written to the context's event log, and
/// the observers a page follows to redraw.
///
/// ```swift
/// let journal = ScreenJournal(context: context)
/// let token = journal.onChange { page.refresh() }
/// journal.log(ScenePhaseLine.load(1))   // "load #1" here and a `.message` event in the context's log
/// journal.changed()           // tells the observers
/// ```
@MainActor
public final class ScreenJournal {
    /// The lines logged, oldest first; the last 1,000 or so are kept.
    public private(set) var lines: [LogLine] = []
    private let context: LifecycleContext
    private let observers = ObserverList<Void>()
    private let lineObservers = ObserverList<TimedLine>()

    /// Makes an empty journal writing through to `context`'s event log.
    public init(context: LifecycleContext) {
        self.context = context
    }

    /// Logs a line here and in the context's event log (as its text).
    public func log(_ line: some ScreenLine) {
        lines.appendBounded(LogLine(time: context.now, text: line.text))
        context.log.append(.message(line.text))
        lineObservers.notify(TimedLine(time: context.now, line: line))
    }

    /// Calls `handler` with every line logged from now on, typed (a scenario run's recorder).
    /// Keep the token.
    func onLine(_ handler: @escaping @MainActor (TimedLine) -> Void) -> ObservationToken {
        lineObservers.add(handler)
    }

    /// Calls `handler` after every change the screen reports. Keep the token.
    public func onChange(_ handler: @escaping @MainActor () -> Void) -> ObservationToken {
        observers.add { _ in handler() }
    }

    /// Tells the observers the screen changed.
    public func changed() { observers.notify(()) }
}

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
