import LifecycleTasks

/// What shutdown says on standard error: the tasks that did not stop within the grace, and,
/// with `LIFECYCLE_LAB_REPORT_SHUTDOWN` set (Tests/cli/shutdown.sh), one line with how long it
/// took, how many tasks were live when it began and how many of them ended cancelled, so
/// "every task cancelled" is checkable from outside.
@MainActor
struct ShutdownReport {
    private let registries: [TaskRegistry]
    private let started = ContinuousClock.now
    private let liveAtStart: Int
    private let cancelledBefore: Int

    /// Notes the registries' counts as shutdown begins, before anything is cancelled.
    init(registries: [TaskRegistry]) {
        self.registries = registries
        liveAtStart = registries.map(\.counters.live).reduce(0, +)
        cancelledBefore = registries.map(\.counters.cancelled).reduce(0, +)
    }

    /// Waits for every registry's tasks to end, all of them together within `grace` of the
    /// start; returns those still live.
    func waitForAllToEnd(grace: Duration) async -> [TaskRecord] {
        var left: [TaskRecord] = []
        for registry in registries {
            let remaining = grace - (ContinuousClock.now - started)
            left += await registry.waitForAllToEnd(timeout: max(remaining, .zero))
        }
        return left
    }

    /// Writes the report for a shutdown after `reason` that left `left` running after `grace`.
    func write(left: [TaskRecord], reason: String, grace: Duration, withFigures: Bool) {
        let elapsed = ContinuousClock.now - started
        if !left.isEmpty {
            let names = left.map { "#\($0.id) \($0.name) (\($0.label), \($0.ownerName))" }.joined(separator: ", ")
            writeStandardError(
                "lifecycle-lab: \(left.count) task(s) did not stop within \(grace) after \(reason): \(names)\n")
        }
        guard withFigures else { return }
        let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let cancelled = registries.map(\.counters.cancelled).reduce(0, +) - cancelledBefore
        writeStandardError(
            "lifecycle-lab: shutdown after \(reason): \(left.count) task(s) left, \(Int(ms.rounded())) ms; "
                + "\(liveAtStart) live at the start, \(cancelled) ended cancelled\n")
    }
}
