import Gettext
import Gtk
import LifecycleTasks

/// The timeline (SPEC §5, beyond the seeds): the most recent tasks as bars from start to end,
/// over a time axis in seconds, with the nodes' appear/disappear as thin vertical lines.
///
/// It keeps its own bounded copy of the newest ``capacity`` records, so a task's bar stays
/// after its list row left: the stale T1 timer and the second toast's timer stay side by side.
///
/// Several timelines can share one time axis (compare mode, one registry each): give each the
/// same ``sharedRange``, e.g. the union of their ``dataRange(now:)``.
@MainActor
final class TimelineView {
    /// How many bars are drawn at most (the newest task ids).
    let capacity: Int
    let area = DrawingArea(accessibleRole: .img)

    /// The drawn records, ascending id, at most ``capacity``.
    private(set) var bars: [TaskRecord] = []
    private var markers: [(time: Duration, appear: Bool, node: String)] = []
    private let markerLimit = 200
    private let now: @MainActor () -> Duration
    /// The seconds to draw when this timeline shares its axis with others; `nil`: its own
    /// ``dataRange(now:)``.
    var sharedRange: (@MainActor () -> (start: Double, end: Double)?)?

    init(capacity: Int = 30, now: @escaping @MainActor () -> Duration) {
        self.capacity = capacity
        self.now = now
        area.setContentSize(width: 200, height: 210)
        area.hexpand = true
        area.addCssClass("timeline")
        area.setAccessibleLabel(tr("Task timeline"))
        area.setDrawFunction { [weak self] cr, width, height in
            self?.draw(cr, width: width, height: height)
        }
    }

    /// Takes the newest record of a task; a new task pushes the oldest bar out when full.
    /// - Returns: whether anything drawn changed.
    @discardableResult
    func take(_ record: TaskRecord) -> Bool {
        var low = 0
        var high = bars.count
        while low < high {
            let mid = (low + high) / 2
            if bars[mid].id < record.id { low = mid + 1 } else { high = mid }
        }
        if low < bars.count && bars[low].id == record.id {
            guard bars[low] != record else { return false }
            bars[low] = record
            return true
        }
        if bars.count >= capacity && low == 0 { return false }  // older than every bar shown
        bars.insert(record, at: low)
        if bars.count > capacity { bars.removeFirst(bars.count - capacity) }
        return true
    }

    /// Takes a batch of newest records (ascending `ids`): updates the bars shown, and adds
    /// only the ids that can be among the newest ``capacity`` (so 10k starts cost 30 inserts).
    /// - Returns: whether anything drawn changed.
    func take(_ latest: [TaskID: TaskRecord], ids: [TaskID]) -> Bool {
        var changed = false
        for index in bars.indices {
            if let record = latest[bars[index].id], record != bars[index] {
                bars[index] = record
                changed = true
            }
        }
        for id in ids.suffix(capacity) { changed = take(latest[id]!) || changed }
        return changed
    }

    /// Takes an appear or disappear event as a marker line.
    func take(_ event: LifecycleEvent) -> Bool {
        switch event.kind {
        case .appear(let node): markers.append((event.time, true, node))
        case .disappear(let node): markers.append((event.time, false, node))
        default: return false
        }
        if markers.count > markerLimit { markers.removeFirst(markers.count - markerLimit) }
        return true
    }

    var hasLiveBars: Bool { bars.contains { $0.isLive } }

    /// The time now on this timeline's context.
    var nowValue: Duration { now() }

    func redraw() { area.queueDraw() }

    // MARK: Drawing

    private struct Colour { var r, g, b: Double }
    private static let running = Colour(r: 0.21, g: 0.52, b: 0.89)
    private static let cancelled = Colour(r: 0.60, g: 0.60, b: 0.60)
    private static let finished = Colour(r: 0.18, g: 0.76, b: 0.49)
    private static let failed = Colour(r: 0.88, g: 0.11, b: 0.14)
    private static let orphan = Colour(r: 1.00, g: 0.47, b: 0.00)
    private static let retains = Colour(r: 0.75, g: 0.11, b: 0.16)

    private static func fill(for state: TaskState) -> (Colour, Double) {
        switch state {
        case .running: (running, 1)
        case .cancelling: (running, 0.45)
        case .cancelled: (cancelled, 1)
        case .finished: (finished, 1)
        case .failed: (failed, 1)
        }
    }

    /// The seconds the bars cover: from the earliest bar's start to now while anything is live,
    /// else to the last end, so an idle picture does not shrink on every redraw; `nil` without bars.
    func dataRange(now: Duration) -> (start: Double, end: Double)? {
        guard let first = bars.first else { return nil }
        let start = PanelFormat.seconds(bars.map(\.startedAt).min() ?? first.startedAt)
        let end: Double
        if hasLiveBars {
            end = PanelFormat.seconds(now)
        } else {
            end = PanelFormat.seconds(bars.compactMap(\.endedAt).max() ?? now)
        }
        return (start, end)
    }

    /// The shown time span: the shared range or this timeline's own, with a margin.
    private func span(now: Duration) -> (start: Double, end: Double) {
        guard let (first, end) = sharedRange?() ?? dataRange(now: now) else { return (0, 1) }
        let start = max(first, end - 120)  // a very old live bar must not squash the rest
        let length = max(end - start, 0.5)
        return (start - length * 0.03, start + length * 1.06)
    }

    private static func tickStep(for length: Double, ticks: Double) -> Double {
        let steps = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60]
        return steps.first { length / $0 <= ticks } ?? 120
    }

    private func draw(_ cr: CairoContext, width: Int, height: Int) {
        let w = Double(width)
        let h = Double(height)
        let left = 4.0
        let right = w - 4
        let axisY = h - 16
        let top = 4.0
        let (start, end) = span(now: now())
        let scale = (right - left) / (end - start)
        func x(_ seconds: Double) -> Double { left + (seconds - start) * scale }

        // Text in the area's CSS font (monospace 9 pt, as the event log: no extra font to load).
        let text = TextLayout(for: area)
        /// Draws the layout's text with its first baseline at `baselineY`.
        func show(_ string: String, x: Double, baselineY: Double) {
            text.text = string
            cr.move(toX: x, y: baselineY - text.baseline)
            cr.show(text)
        }
        func measure(_ string: String) -> Double {
            text.text = string
            return text.width
        }
        // Axis with ticks in seconds.
        // The axis, its labels and "No tasks yet" in the theme's text colour: a fixed dark grey
        // was all but invisible on a dark theme's panel.
        let colour = area.color
        let ink = Colour(r: colour.red, g: colour.green, b: colour.blue)
        cr.setSource(red: ink.r, green: ink.g, blue: ink.b, alpha: 0.8)
        cr.setLineWidth(1)
        cr.move(toX: left, y: axisY + 0.5)
        cr.line(toX: right, y: axisY + 0.5)
        cr.stroke()
        let step = Self.tickStep(for: end - start, ticks: max(2, (right - left) / 60))
        var tick = (start / step).rounded(.up) * step
        while tick <= end {
            let tx = x(tick).rounded() + 0.5
            cr.setSource(red: ink.r, green: ink.g, blue: ink.b, alpha: 0.8)
            cr.move(toX: tx, y: axisY)
            cr.line(toX: tx, y: axisY + 4)
            cr.stroke()
            cr.setSource(red: ink.r, green: ink.g, blue: ink.b, alpha: 0.12)
            cr.move(toX: tx, y: top)
            cr.line(toX: tx, y: axisY)
            cr.stroke()
            let digits = step < 0.1 ? 2 : (step < 1 ? 1 : 0)
            let label = "\(PanelFormat.fixed(tick, digits)) s"
            let labelWidth = measure(label)
            cr.setSource(red: ink.r, green: ink.g, blue: ink.b, alpha: 0.9)
            // Centred under its tick, but inside the area at both ends ("0.1 s" near the start
            // lost its "0" past the left edge).
            show(label, x: max(0, min(tx - labelWidth / 2, right - labelWidth)), baselineY: h - 3)
            tick += step
        }

        // Appear (green) and disappear (grey) lines of the nodes, named in a strip above the
        // axis (a name is left out where it would overlap the previous one).
        let markerStrip = 12.0
        var lastLabelEnd = -Double.infinity
        for marker in markers {
            let t = PanelFormat.seconds(marker.time)
            guard t >= start && t <= end else { continue }
            let mx = x(t).rounded() + 0.5
            let c = marker.appear ? Self.finished : Self.cancelled
            cr.setSource(red: c.r, green: c.g, blue: c.b, alpha: 0.9)
            cr.move(toX: mx, y: top)
            cr.line(toX: mx, y: axisY)
            cr.stroke()
            let label = (marker.appear ? "▲" : "▼") + marker.node
            let labelWidth = measure(label)
            let lx = min(mx + 2, right - labelWidth)
            if lx > lastLabelEnd + 4 {
                show(label, x: lx, baselineY: axisY - 3)
                lastLabelEnd = lx + labelWidth
            }
        }

        guard !bars.isEmpty else {
            cr.setSource(red: ink.r, green: ink.g, blue: ink.b, alpha: 0.7)
            show(tr("No tasks yet"), x: left + 4, baselineY: top + 14)
            return
        }
        // One lane per bar, newest at the bottom.
        let lane = min(16, (axisY - markerStrip - top - 2) / Double(bars.count))
        let barHeight = max(2, lane - 3)
        let nowSeconds = PanelFormat.seconds(now())
        for (i, record) in bars.enumerated() {
            let y = top + Double(i) * lane
            let s = PanelFormat.seconds(record.startedAt)
            let e = record.endedAt.map(PanelFormat.seconds) ?? nowSeconds
            let x0 = max(left, x(s))
            let x1 = max(x0 + 2, min(right, x(e)))
            let (colour, alpha) = Self.fill(for: record.state)
            cr.setSource(red: colour.r, green: colour.g, blue: colour.b, alpha: alpha)
            cr.rectangle(x: x0, y: y, width: x1 - x0, height: barHeight)
            cr.fill()
            if record.isLive {
                // Open end: an arrow head reaching "now".
                cr.move(toX: x1, y: y)
                cr.line(toX: x1 + barHeight / 2, y: y + barHeight / 2)
                cr.line(toX: x1, y: y + barHeight)
                cr.fill()
            }
            if record.isOrphan || record.retainsOwner {
                let outline = record.retainsOwner ? Self.retains : Self.orphan
                cr.setLineWidth(2)
                cr.setSource(red: outline.r, green: outline.g, blue: outline.b)
                cr.rectangle(x: x0 + 1, y: y + 1, width: max(1, x1 - x0 - 2), height: max(1, barHeight - 2))
                cr.stroke()
                if record.isOrphan && record.retainsOwner {
                    let o = Self.orphan
                    cr.setLineWidth(1)
                    cr.setSource(red: o.r, green: o.g, blue: o.b)
                    cr.rectangle(x: x0 - 1.5, y: y - 1.5, width: x1 - x0 + 3, height: barHeight + 3)
                    cr.stroke()
                }
                cr.setLineWidth(1)
            }
            if barHeight >= 7 {
                var label = "\(record.id) \(record.name)"
                if record.isOrphan { label += " · " + tr("orphan") }
                if record.retainsOwner { label += " · " + tr("retains owner") }
                if record.isDetached { label += " · " + tr("detached") }
                // The area's font while a line fits the lane (bar and gap); thinner lanes (many
                // bars) shrink it in proportion, so text never runs into the next bar.
                var textWidth = measure(label)
                if text.height > lane {
                    text.setFontSize(pixels: text.widgetFontPixels * lane / text.height)
                    textWidth = measure(label)
                }
                // After the bar when it fits, else inside it on the left.
                let tx =
                    x1 + 8 + textWidth <= right ? x1 + (record.isLive ? barHeight / 2 + 4 : 4) : max(left + 2, x0 + 2)
                let inside = tx < x1
                cr.setSource(red: inside ? 1 : ink.r, green: inside ? 1 : ink.g, blue: inside ? 1 : ink.b)
                // Centred on the bar: the text's own height, not the lane's, decides.
                cr.move(toX: tx, y: y + (barHeight - text.height) / 2)
                cr.show(text)
                text.setFontSize(pixels: nil)
            }
        }
    }
}
