public import Gtk
import GtkLifecycle
public import LifecycleTasks

/// The navigation page (SPEC §4 N1, seed 003's addendum): a `GtkStack` with two pages, *First*
/// and *Second*, each with a lifecycle node bound to its widget.
///
/// *Go to first* / *Go to second* call the target page node's ``LifecycleNode/willAppear()``
/// before changing the stack's visible child, then GTK maps the new page and unmaps the old one
/// in whatever order it does (with no transition the new page maps first and the old one
/// unmaps right after; with a crossfade the old one unmaps only when the animation ends). The
/// ordered event list shows exactly that, with the `willAppear` line first: a hook with a fixed
/// order that a page can rely on, unlike appear-versus-disappear.
///
/// ``runScenario(driver:)`` returns `nil`: N1 has no row in ``AnyStrategyID`` and no
/// ``ScenarioDriver`` repro; the GTK tests check the order against GTK's own map/unmap signals.
@MainActor
public final class NavigationPage: LabPage {
    public let name = PageName.navigation
    public let root: Widget
    public var strategies: [AnyStrategyID] { [] }
    public var currentStrategy: AnyStrategyID? { nil }

    /// The inner stack with the pages "first" and "second".
    public let stack = Stack()
    /// Calls the first page's `willAppear()`, then shows it.
    public let goToFirstButton = PageKit.button("Go to first")
    /// Calls the second page's `willAppear()`, then shows it.
    public let goToSecondButton = PageKit.button("Go to second")
    /// On: crossfade between the pages; off: no transition.
    public let crossfadeSwitch = Switch()
    /// Clears the event list.
    public let clearButton = PageKit.button("Clear")
    /// The ordered event list, one line per event.
    public let eventsLabel = PageKit.text(accessibleLabel: "Navigation events")
    /// The events in order: "willAppear Second", "appear Second", "disappear First", …
    public private(set) var events: [String] = []
    /// The nodes of the two pages, by stack page name.
    public let nodes: [String: LifecycleNode]

    /// How long the crossfade takes, in milliseconds.
    public static let crossfadeMilliseconds = 400
    private static let pages = [("first", "First"), ("second", "Second")]
    private let environment: LabEnvironment
    private var bindings: [WidgetLifecycle] = []
    private let maxEvents = 40

    /// Builds the page showing *First*, without a transition.
    public init(environment: LabEnvironment) {
        self.environment = environment
        var nodes: [String: LifecycleNode] = [:]
        var pageWidgets: [(String, String, Widget)] = []
        for (key, title) in Self.pages {
            let node = LifecycleNode(name: title, scene: environment.windowScene, context: environment.context)
            nodes[key] = node
            let (box, content) = PageKit.frame()
            let heading = PageKit.text()
            heading.setMarkup("<b>\(title) page</b>")
            content.append(heading)
            content.append(PageKit.text("A page of the inner stack: its map and unmap are the appear and disappear of the node \(title)."))
            pageWidgets.append((key, title, box))
        }
        self.nodes = nodes

        let page = PageKit.root()
        page.append(PageKit.title("Navigation"))
        page.append(PageKit.hint(
            "Go to the other page, with and without the crossfade, and watch the order of the old page's disappear "
                + "and the new page's appear as GTK emits it; the willAppear line, fired when the page is chosen, "
                + "always comes first."))
        let badge = PageKit.badge()
        PageKit.setBadge(badge, id: "N1", title: "willAppear before map/unmap", isBuggy: false)
        page.append(badge)
        badge.halign = .start
        crossfadeSwitch.setAccessibleLabel("Crossfade transition")
        crossfadeSwitch.valign = .center
        page.append(PageKit.row([goToFirstButton, goToSecondButton, Label("Crossfade:"), crossfadeSwitch, clearButton]))
        stack.transition = .none
        stack.transitionDuration = Self.crossfadeMilliseconds
        stack.setSizeRequest(width: -1, height: 110)
        page.append(stack)
        eventsLabel.addCssClass("event-log")
        eventsLabel.isSelectable = true
        eventsLabel.valign = .start
        let scroller = ScrolledWindow()
        scroller.setVerticalOnly()
        scroller.minContentHeight = 160
        scroller.vexpand = true
        scroller.child = eventsLabel
        page.append(scroller)
        root = page

        for (key, title, widget) in pageWidgets {
            guard let node = nodes[key] else { continue }
            node
                .onWillAppear { [weak self] in self?.record("willAppear \(title)") }
                .onAppear { [weak self] in self?.record("appear \(title)") }
                .onDisappear { [weak self] in self?.record("disappear \(title)") }
            stack.addTitled(widget, name: key, title: title)
            bindings.append(WidgetLifecycle(node: node, widget: widget))
        }
        stack.visibleChildName = "first"
        goToFirstButton.onClicked { [weak self] in self?.go(to: "first") }
        goToSecondButton.onClicked { [weak self] in self?.go(to: "second") }
        crossfadeSwitch.onActiveChanged { [weak self] in
            guard let self else { return }
            self.stack.transition = self.crossfadeSwitch.isActive ? .crossfade : .none
            self.record("— transition: \(self.crossfadeSwitch.isActive ? "crossfade" : "none") —")
        }
        clearButton.onClicked { [weak self] in self?.clear() }
        refresh()
    }

    /// Navigates to the stack page `key` ("first" or "second"): its node's `willAppear()` first,
    /// then the visible child changes and GTK maps and unmaps. Does nothing if it is shown already.
    public func go(to key: String) {
        guard let node = nodes[key], stack.visibleChildName != key else { return }
        node.willAppear()
        stack.visibleChildName = key
    }

    /// Empties the event list.
    public func clear() {
        events = []
        refresh()
    }

    public func select(strategy: AnyStrategyID) {}

    /// Clears the event list (the pages have no tasks to cancel).
    public func reset() { clear() }

    /// `nil`: N1 has no scenario in the driver (see the type's documentation).
    public func runScenario(driver: ScenarioDriver) async -> ScenarioVerdict? { nil }

    // MARK: Private

    private func record(_ line: String) {
        events.append(line)
        if events.count > maxEvents { events.removeFirst(events.count - maxEvents) }
        refresh()
    }

    private func refresh() {
        eventsLabel.text = events.isEmpty
            ? "Events appear here in the order they happen."
            : events.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n")
    }
}
