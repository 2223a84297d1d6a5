import Gettext
import Gtk
package import LabModel

/// The pieces every page shares: the title, the hint, the strategy row and the layout.
@MainActor
package enum PageKit {
    /// A page's root: a vertical box with GNOME margins and spacing.
    static func root() -> Box {
        let page = Box(.vertical, spacing: 12)
        page.setMargins(18)
        return page
    }

    /// The bold title.
    static func title(_ text: String) -> Label {
        let title = Label(text, accessibleRole: .heading)
        title.setMarkup("<b>\(text)</b>")
        title.addCssClass("title-3")
        title.xalign = 0
        return title
    }

    /// The one-sentence "what to try and what to watch".
    static func hint(_ text: String) -> Label {
        let hint = Label(text)
        hint.wraps = true
        hint.xalign = 0
        hint.addCssClass("page-hint")
        return hint
    }

    /// `child` in a scroller that scrolls only vertically, at least `minHeight` tall, taking the
    /// page's spare height (a list or log whose lines wrap to the page's width).
    static func verticalScroller(_ child: Widget, minHeight: Int) -> ScrolledWindow {
        let scroller = ScrolledWindow()
        scroller.setVerticalOnly()
        scroller.minContentHeight = minHeight
        scroller.vexpand = true
        scroller.child = child
        return scroller
    }

    /// A left-aligned, wrapping label, out of the accessible tree while it is empty.
    static func text(_ text: String = "", accessibleLabel: String? = nil) -> Label {
        let label = Label(text)
        label.xalign = 0
        label.wraps = true
        if let accessibleLabel { label.setAccessibleLabel(accessibleLabel) }
        hideWhenEmpty(label)
        return label
    }

    /// Keeps `label` out of the accessible tree while it is empty (a log before its first line,
    /// a verdict before a run): AT-SPI reads an empty label by its class name, "GtkLabel". The
    /// label is hidden, not only marked hidden: GTK 4.10 and later set the hidden state again
    /// as a widget is shown, which an empty label would undo.
    static func hideWhenEmpty(_ label: Label) {
        label.onNotify("label") { [weak label] in
            if let label { hideIfEmpty(label) }
        }
        hideIfEmpty(label)
    }

    private static func hideIfEmpty(_ label: Label) {
        let shown = !label.text.isEmpty
        if label.isVisible != shown { label.isVisible = shown }
    }

    /// A horizontal row of widgets.
    static func row(_ widgets: [Widget], spacing: Int = 8) -> Box {
        let row = Box(.horizontal, spacing: spacing)
        for widget in widgets { row.append(widget) }
        return row
    }

    /// Widgets side by side in a one-row grid, for a row that holds wrapping labels (the code
    /// card beside a live view): a grid, unlike a box, never asks a wrapping label for its width
    /// (``Grid``; the frame cost in docs/benchmarks.md). An `hexpand` child takes the spare width.
    static func sideBySide(_ widgets: [Widget], spacing: Int = 12) -> Grid {
        let grid = Grid()
        grid.columnSpacing = spacing
        for (column, widget) in widgets.enumerated() { grid.attach(widget, column: column, row: 0) }
        return grid
    }

    /// A button with its accessible label set to its text.
    static func button(_ text: String) -> Button {
        let button = Button(text)
        button.setAccessibleLabel(text)
        return button
    }

    /// The framed box an inner page lives in (`frame`, the widget to host) and the padded box
    /// its content goes in (`content`).
    static func frame() -> (frame: Box, content: Box) {
        let frame = Box(.vertical, spacing: 0)
        frame.addCssClass("card")
        frame.addCssClass("panel")
        let content = Box(.vertical, spacing: 8)
        content.setMargins(12)
        frame.append(content)
        return (frame, content)
    }

    /// Sets a strategy badge's text and colour (red for a bug, yellow for a trap, green for a
    /// fix, green outlined in amber for "works, fragile", blue for "must finish"), and the name
    /// a screen reader reads, each part once: "Strategy T1, onAppear plus Task, bug".
    /// - Parameters:
    ///   - badge: the badge label.
    ///   - id: the strategy's SPEC ID ("T1").
    ///   - title: its title ("onAppear + Task (bug)"), when the badge says it.
    ///   - kind: its kind, the badge's colour.
    ///   - text: what the badge shows; "T1 · onAppear + Task (bug)" (or "T1 · bug") when `nil`.
    static func setBadge(
        _ badge: Label, id: String, title: String? = nil, kind: StrategyKind, text: String? = nil
    ) {
        badge.text = text ?? "\(id) · \(title ?? kind.label)"
        for other in StrategyKind.allCases { badge.removeCssClass(other.rawValue) }
        badge.addCssClass(kind.rawValue)
        badge.setAccessibleLabel(spokenStrategy(id: id, title: title, kind: kind))
    }

    /// A strategy as a screen reader should say it: "Strategy T1, onAppear plus Task, bug". The
    /// title's own "(bug)" is left out (the kind says it) and "+" is said as a word.
    package static func spokenStrategy(id: String, title: String?, kind: StrategyKind) -> String {
        guard var title else { return tr("Strategy %{id}, %{kind}", ["id": id, "kind": kind.label]) }
        for suffix in [" (\(kind.label))", "（\(kind.label)）"] where title.hasSuffix(suffix) {
            title.removeLast(suffix.count)
        }
        title = title.split(separator: " + ", omittingEmptySubsequences: false).joined(separator: " \(tr("plus")) ")
        return tr("Strategy %{id}, %{title}, %{kind}", ["id": id, "title": title, "kind": kind.label])
    }

    /// The line under a strategy's explanation that says what its seed concludes.
    static func seedNote() -> Label {
        let note = text()
        note.addCssClass("seed-note")
        note.setAccessibleLabel(tr("What the seed concludes"))
        return note
    }

    /// Shows `note` ("Seed 002's verdict: …") in `label`, or hides the label when there is none.
    static func show(seedNote note: String?, in label: Label) {
        label.text = note ?? ""
        label.isVisible = note != nil
    }

    /// A badge label with the strategy style.
    static func badge() -> Label {
        let badge = Label()
        badge.addCssClass("strategy-badge")
        badge.valign = .center
        return badge
    }

    /// The pages' *Run the repro* button: runs `page`'s documented repro on the real clock with
    /// `busy` (the button itself, pickers the run relies on) insensitive meanwhile, and shows
    /// the verdict in `verdictLabel`. A second press while it runs does nothing.
    static func runReproInPlace(
        _ page: any StrategyPage, environment: LabEnvironment, busy: [Widget],
        verdictLabel: Label, running text: String
    ) async {
        guard busy.allSatisfy(\.isSensitive) else { return }
        for widget in busy { widget.isSensitive = false }
        verdictLabel.text = text
        let driver = ScenarioDriver(
            context: environment.context,
            pacer: LabApp.realTimePacer(
                clock: environment.context.clock, timing: environment.timing))
        if let verdict = await page.runScenario(driver: driver) { show(verdict, in: verdictLabel) }
        for widget in busy { widget.isSensitive = true }
    }

    /// Shows a verdict in `label`, green when it matches the spec and red when not.
    static func show(_ verdict: ScenarioVerdict, in label: Label) {
        label.text = verdict.summary
        label.removeCssClass(verdict.matchesSpec ? "verdict-bad" : "verdict-ok")
        label.addCssClass(verdict.matchesSpec ? "verdict-ok" : "verdict-bad")
    }
}
