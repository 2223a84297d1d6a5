import Gettext
package import LifecycleTasks

/// The panel's wording of times, records and events, without Foundation.
package enum PanelFormat {
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
        var fields = fields(record, now: now)
        if record.isOrphan { fields.append(tr("[orphan]")) }
        if record.retainsOwner { fields.append(tr("[retains owner]")) }
        if record.isDetached { fields.append(tr("[detached]")) }
        return fields.joined(separator: "  ")
    }

    /// A task's age to whole seconds (`1 s`, `12 s`, `3m05s`): the row's accessible name says
    /// this rather than ``age(_:)``'s tenths, so the name changes at most once a second.
    package static func spokenAge(_ duration: Duration) -> String {
        let value = max(0, seconds(duration))
        return value < 60 ? "\(Int(value)) s" : age(duration)
    }

    /// The row as a screen reader says it, whole whatever the column width: "Task #1: sleep D,
    /// then hide, strategy T1, owner toast #1, running, 1 s, orphan".
    package static func spokenRow(_ record: TaskRecord, now: Duration) -> String {
        var text = tr(
            "Task %{id}: %{name}, strategy %{strategy}, owner %{owner}, %{state}, %{age}",
            [
                "id": "\(record.id)", "name": record.name, "strategy": record.label.rawValue,
                "owner": record.ownerName.isEmpty ? "–" : record.ownerName, "state": stateText(record.state),
                "age": spokenAge((record.endedAt ?? now) - record.startedAt),
            ])
        if record.isOrphan { text += ", " + tr("orphan") }
        if record.retainsOwner { text += ", " + tr("retains owner") }
        if record.isDetached { text += ", " + tr("detached") }
        return text
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

    /// How many cells `text` takes in a monospace font: two for East Asian wide and full-width
    /// characters, none for combining marks, one for the rest.
    package static func cells(_ text: String) -> Int {
        text.reduce(0) { $0 + cells($1) }
    }

    private static func cells(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.properties.generalCategory == .nonspacingMark { return 0 }
        switch first.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// The task row's fields, whole: id, name, strategy, owner, state, age.
    static func fields(_ record: TaskRecord, now: Duration) -> [String] {
        [
            "\(record.id)", record.name, record.label.rawValue, record.ownerName.isEmpty ? "–" : record.ownerName,
            stateText(record.state), age(of: record, now: now),
        ]
    }

    /// The task list's column headings: id, name, strategy, owner, state, age.
    static var headings: [String] { [tr("id"), tr("name"), tr("strategy"), tr("owner"), tr("state"), tr("age")] }

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
