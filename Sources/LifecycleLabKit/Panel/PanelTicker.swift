import Gtk

/// The panel's only timer (SPEC §5: rows follow changes, they are never polled): a 4 Hz tick
/// only while a task is live, so ages and the timeline's open bars move; otherwise a single
/// timeout at the moment the next ended row is due to leave; otherwise none.
///
/// The choice is ``plan(running:hasLive:nextLeave:)``, a pure function; this class only starts
/// and cancels the GLib sources it asks for.
@MainActor
package final class PanelTicker {
    /// The timer that runs.
    package enum Timer: Equatable {
        case none
        /// The 4 Hz tick.
        case tick
        /// The one-shot timeout for the next ended row to leave.
        case leave
    }

    /// What to do with the timer.
    package enum Plan: Equatable {
        /// Leave it as it is.
        case keep
        /// Start the tick (cancelling a pending one-shot).
        case tick
        /// Start the one-shot timeout for `deadline`.
        case leave(at: ContinuousClock.Instant)
    }

    /// The timer the panel needs, given the one that runs: the tick notices by itself when
    /// nothing is live any more, and the one-shot reschedules itself when it fires, so either
    /// is kept unless a task became live during a one-shot's wait. The panel's state is read
    /// only when the choice depends on it (not on every batch while the tick runs).
    package nonisolated static func plan(
        running: Timer, hasLive: @autoclosure () -> Bool,
        nextLeave: @autoclosure () -> ContinuousClock.Instant?
    ) -> Plan {
        switch running {
        case .tick: .keep
        case .leave: hasLive() ? .tick : .keep
        case .none: hasLive() ? .tick : nextLeave().map { .leave(at: $0) } ?? .keep
        }
    }

    /// The timer that runs now.
    package private(set) var running = Timer.none
    private var source: SourceHandle?
    private var isStopped = false
    private let interval: Duration
    private let hasLive: @MainActor () -> Bool
    private let nextLeave: @MainActor () -> ContinuousClock.Instant?
    private let onTick: @MainActor () -> Void
    private let onLeave: @MainActor () -> Void

    /// - Parameters:
    ///   - interval: the tick's period.
    ///   - hasLive: whether a task is live (rows or timeline bars).
    ///   - nextLeave: when the next ended row is due to leave, if one waits.
    ///   - onTick: moves ages and open bars on (and lets due rows leave).
    ///   - onLeave: lets the rows whose grace has passed leave.
    package init(
        interval: Duration = .milliseconds(250),
        hasLive: @escaping @MainActor () -> Bool,
        nextLeave: @escaping @MainActor () -> ContinuousClock.Instant?,
        onTick: @escaping @MainActor () -> Void,
        onLeave: @escaping @MainActor () -> Void
    ) {
        self.interval = interval
        self.hasLive = hasLive
        self.nextLeave = nextLeave
        self.onTick = onTick
        self.onLeave = onLeave
    }

    /// Starts the timer the panel needs now (after every applied batch).
    package func update() {
        guard !isStopped else { return }
        switch Self.plan(running: running, hasLive: hasLive(), nextLeave: nextLeave()) {
        case .keep:
            return
        case .tick:
            if running != .none { cancelSource() }
            running = .tick
            source = MainLoop.timeoutSource(after: interval) { [weak self] in
                guard let self, !self.isStopped else { return false }
                self.onTick()
                if self.hasLive() { return true }
                self.running = .none
                self.update()
                return false
            }
        case .leave(let deadline):
            running = .leave
            let wait = max(.milliseconds(1), ContinuousClock.now.duration(to: deadline))
            source = MainLoop.timeoutSource(after: wait) { [weak self] in
                guard let self, !self.isStopped else { return false }
                self.running = .none
                self.onLeave()
                self.update()
                return false
            }
        }
    }

    /// Cancels the timer for good.
    package func stop() {
        isStopped = true
        cancelSource()
    }

    private func cancelSource() {
        if let source = source.take() { source.cancel() }
        running = .none
    }
}
