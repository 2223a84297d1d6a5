public import Gtk
import GtkLifecycle
import LifecycleTasks

extension LabEnvironment {
    /// Makes `window` the main window the pages use and gives it its scene (named "main").
    ///
    /// ``LabApp`` does the same at start-up; the GTK tests call this to build the pages in a
    /// window of their own.
    public func attachMainWindowForPages(_ window: Window) {
        self.window = window
        self.windowScene = scenes.scene(for: window, name: "main")
    }
}

/// Shows a screen's views with real widgets: `present(_:)` builds the view's widget tree and
/// appends it to a container, so the node appears when GTK maps it; `dismiss(_:)` removes it,
/// which unmaps it synchronously (the node disappears before `dismiss` returns).
@MainActor
final class WidgetHost<Hosted: HostedView>: ViewHost {
    /// Where the view's widget goes.
    let container: Box
    /// Makes the widget tree of one view. It must not keep the view's state alive (capture the
    /// page weakly, never the state). Set it once the page exists.
    var build: (@MainActor (Hosted) -> Widget)?
    private var shown: [(view: Hosted, widget: Widget, binding: WidgetLifecycle)] = []

    /// Makes a host that appends to `container`.
    init(container: Box) {
        self.container = container
    }

    /// The widget of the view on screen, if any.
    var currentWidget: Widget? { shown.last?.widget }

    func present(_ view: Hosted) {
        guard let build else { preconditionFailure("WidgetHost: set build before presenting a view") }
        let widget = build(view)
        // Bind before appending: appending to a mapped container maps the widget at once.
        let binding = WidgetLifecycle(node: view.node, widget: widget)
        shown.append((view, widget, binding))
        container.append(widget)
    }

    func dismiss(_ view: Hosted) {
        guard let index = shown.firstIndex(where: { $0.view === view }) else { return }
        let entry = shown.remove(at: index)
        container.remove(entry.widget)  // unmaps now: the node disappears
        entry.binding.detach()
    }
}

/// The pieces every page shares: the title, the hint, the strategy row and the layout.
@MainActor
enum PageKit {
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

    /// A left-aligned, wrapping label.
    static func text(_ text: String = "", accessibleLabel: String? = nil) -> Label {
        let label = Label(text)
        label.xalign = 0
        label.wraps = true
        if let accessibleLabel { label.setAccessibleLabel(accessibleLabel) }
        return label
    }

    /// A horizontal row of widgets.
    static func row(_ widgets: [Widget], spacing: Int = 8) -> Box {
        let row = Box(.horizontal, spacing: spacing)
        for widget in widgets { row.append(widget) }
        return row
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

    /// Sets a strategy badge: "B1 · title", red for a bug, green for a fix.
    static func setBadge(_ badge: Label, id: String, title: String, isBuggy: Bool) {
        badge.text = "\(id) · \(title)"
        for cls in ["bug", "fix", "trap"] { badge.removeCssClass(cls) }
        badge.addCssClass(isBuggy ? "bug" : "fix")
        badge.setAccessibleLabel("Current strategy: \(id), \(isBuggy ? "bug" : "fix")")
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
    static func runReproInPlace(_ page: some LabPage, environment: LabEnvironment, busy: [Widget],
                                verdictLabel: Label, running text: String) async {
        guard busy.allSatisfy(\.isSensitive) else { return }
        for widget in busy { widget.isSensitive = false }
        verdictLabel.text = text
        let driver = ScenarioDriver(context: environment.context, pacer: LabApp.realTimePacer(
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

/// The window actions of the scenarios, done on the real main window: each waits until the
/// window's scene reports the phase the action leads to, so when it returns the action has
/// been delivered (SPEC §1: minimize → `.background`, focus elsewhere → `.inactive`).
@MainActor
enum WindowActions {
    /// How long a window manager may take to minimize, restore or move the focus.
    static let timeout: Duration = .seconds(3)

    /// Performs `action` if it is a window action; returns `false` for any other action.
    static func perform(_ action: ScenarioAction, environment: LabEnvironment) async -> Bool {
        switch action {
        case .minimizeWindow:
            environment.window.minimize()
            await waitFor(.background, environment)
        case .restoreWindow:
            environment.window.unminimize()
            environment.window.present()
            await waitFor(.active, environment)
        case .unfocusWindow:
            environment.focusElsewhere()
            await waitFor(.inactive, environment)
        case .focusWindow:
            environment.focusMainWindow()
            await waitFor(.active, environment)
        default:
            return false
        }
        return true
    }

    private static func waitFor(_ phase: ScenePhase, _ environment: LabEnvironment) async {
        guard let scene = environment.windowScene else { return }
        _ = await MainLoop.waitUntil(timeout: timeout) { scene.phase == phase }
    }
}
