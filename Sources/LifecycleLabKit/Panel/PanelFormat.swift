import Gettext
import LifecycleTasks

/// The panel's wording of times, records and events, without Foundation.
enum PanelFormat {
    /// Seconds as a `Double`.
    static func seconds(_ duration: Duration) -> Double {
        let (whole, atto) = duration.components
        return Double(whole) + Double(atto) * 1e-18
    }

    /// `value` with exactly `digits` decimals (`fixed(1.23456, 3)` → `"1.235"`).
    static func fixed(_ value: Double, _ digits: Int) -> String {
        var scale = 1
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int((max(0, value) * Double(scale)).rounded())
        let whole = String(scaled / scale)
        guard digits > 0 else { return whole }
        let fraction = String(scaled % scale)
        return whole + "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }

    /// The event log's time stamp: `t=1.234 s`.
    static func stamp(_ time: Duration) -> String { "t=\(fixed(seconds(time), 3)) s" }

    /// A task's age: `0.4 s`, `12 s`, `3m05s`.
    static func age(_ duration: Duration) -> String {
        let value = max(0, seconds(duration))
        if value < 10 { return "\(fixed(value, 1)) s" }
        if value < 60 { return "\(Int(value)) s" }
        let whole = Int(value)
        let rest = whole % 60
        return "\(whole / 60)m\(rest < 10 ? "0" : "")\(rest)s"
    }

    /// A live task's age now, or how long an ended one ran.
    static func age(of record: TaskRecord, now: Duration) -> String {
        age((record.endedAt ?? now) - record.startedAt)
    }

    /// The row's whole text, as ``TaskPanel/row(for:)`` reports it.
    static func rowText(_ record: TaskRecord, now: Duration) -> String {
        var fields = [
            "\(record.id)", record.name, record.origin,
            record.ownerName.isEmpty ? "–" : record.ownerName,
            stateText(record.state), age(of: record, now: now),
        ]
        if record.isOrphan { fields.append(tr("[orphan]")) }
        if record.retainsOwner { fields.append(tr("[retains owner]")) }
        if record.isDetached { fields.append(tr("[detached]")) }
        return fields.joined(separator: "  ")
    }

    /// A task's state in the person's language (the engine's `description` is English).
    static func stateText(_ state: TaskState) -> String {
        switch state {
        case .running: trc("task state", "running")
        case .cancelling: trc("task state", "cancelling")
        case .cancelled: trc("task state", "cancelled")
        case .finished: trc("task state", "finished")
        case .failed(let error): tr("failed(%{error})", ["error": error])
        }
    }

    /// Column widths of a task row, in characters (the row is monospace).
    static let columnWidths = [4, 13, 8, 7, 10, 6]

    /// A task row's columns, padded or cut to ``columnWidths``; the age is right-aligned.
    static func columns(_ fields: [String]) -> String {
        var line = ""
        for (index, (field, width)) in zip(fields, columnWidths).enumerated() {
            let cut = field.count > width ? String(field.prefix(width - 1)) + "…" : field
            let pad = String(repeating: " ", count: width - cut.count)
            line += index == columnWidths.count - 1 ? pad + cut : cut + pad + " "
        }
        return line
    }

    /// The task row's columns: id, name, strategy, owner, state, age.
    static func columns(_ record: TaskRecord, now: Duration) -> String {
        columns([
            "\(record.id)", record.name, record.origin, record.ownerName.isEmpty ? "–" : record.ownerName,
            stateText(record.state), age(of: record, now: now),
        ])
    }

    /// One event-log line: `t=1.234 s  appear toast`.
    static func logLine(_ event: LifecycleEvent) -> String {
        "\(stamp(event.time))  \(describe(event.kind))"
    }

    static func describe(_ kind: LifecycleEvent.Kind) -> String {
        switch kind {
        case .willAppear(let node): "will-appear \(node)"
        case .appear(let node): "appear \(node)"
        case .disappear(let node): "disappear \(node)"
        case .scenePhase(let scene, let old, let new): "scene-phase \(scene): \(old.rawValue) → \(new.rawValue)"
        case .taskStarted(let id, let name): "task \(id) started (\(name))"
        case .taskCancelRequested(let id): "task \(id) cancel requested"
        case .taskEnded(let id, let state): "task \(id) ended: \(state)"
        case .message(let text): "» \(text)"
        }
    }

    /// The counters row's text, as ``TaskPanel/countersText`` reports it.
    static func counters(_ counters: RegistryCounters) -> String {
        counterFields(counters).map { "\($0.0) \($0.1)" }.joined(separator: " · ")
    }

    static func counterFields(_ c: RegistryCounters) -> [(String, Int)] {
        [
            ("live", c.live), ("started", c.started), ("cancelled", c.cancelled),
            ("finished", c.finished), ("failed", c.failed), ("orphaned", c.orphaned), ("detached", c.detached),
        ]
    }
}
