import Gettext
public import Gtk
import GtkLifecycle
public import LabModel
public import LifecycleTasks

/// The navigation page (SPEC §4 N1, seed 003's addendum): a `GtkStack` with two pages, *First*
/// and *Second*, each bound to a lifecycle node of the ``NavigationScreen``.
///
/// *Go to first* / *Go to second* choose the destination on the screen (its node's
/// `willAppear()`) before changing the stack's visible child, then GTK maps the new page and
/// unmaps the old one in whatever order it does (with no transition the new page maps first and
/// the old one unmaps right after; with a crossfade the old one unmaps only when the animation
/// ends). The ordered event list shows exactly that, with the `willAppear` line first: a hook with
/// a fixed order that a page can rely on, unlike appear-versus-disappear.
///
/// The hook is fired by hand, by ``go(to:)`` before it switches the stack, so its place holds by
/// construction: GTK 4.8's `GtkStack` emits nothing before it maps the new page
/// (`notify::visible-child` comes after the map; the GTK test "N1 evidence" records the order).
/// A will-appear from a real GTK event is P5's: the realize of a widget made fresh for each
/// showing, which GTK emits before its first map.
///
/// N1 has no strategy and no scripted repro, so the page is a ``LabPage`` and not a
/// ``StrategyPage``; the GTK tests check the order against GTK's own map/unmap signals.
@MainActor
public final class NavigationPage: LabPage {
    public nonisolated static let descriptor = PageDescriptor.navigation

    public let root: Widget
    public var reportWidgets: [(name: String, widget: Widget)] {
        [("go-first", goToFirstButton), ("go-second", goToSecondButton)]
    }

    /// The model: the two destinations' nodes and the ordered events.
    public let screen: NavigationScreen
    /// The inner stack with the pages "first" and "second".
    public let stack = Stack()
    /// Chooses the first page (its `willAppear()`), then shows it.
    public let goToFirstButton = PageKit.button(tr("Go to first"))
    /// Chooses the second page (its `willAppear()`), then shows it.
    public let goToSecondButton = PageKit.button(tr("Go to second"))
    /// On: crossfade between the pages; off: no transition.
    public let crossfadeSwitch = Switch()
    /// Clears the event list.
    public let clearButton = PageKit.button(tr("Clear"))
    /// The ordered event list, one line per event.
    public let eventsLabel = PageKit.text(accessibleLabel: tr("Navigation events"))

    /// How long the crossfade takes, in milliseconds.
    public static let crossfadeMilliseconds = 400
    /// N1's SwiftUI (a `viewWillAppear` hook) and the Swift that runs here.
    package let codePanel = CodePanel()
    private var bindings: [WidgetLifecycle] = []
    private var screenToken: ObservationToken?

    /// Builds the page showing *First*, without a transition.
    public init(environment: LabEnvironment) {
        screen = NavigationScreen(context: environment.context, scene: environment.windowScene)

        let page = PageKit.root()
        page.append(PageKit.title(tr("Navigation")))
        page.append(
            PageKit.hint(
                tr(
                    "Go to the other page, with and without the crossfade, and watch the order of the old page's disappear and the new page's appear as GTK emits it. The willAppear line comes first because the Go to buttons fire it before they switch the stack: GTK 4.8's stack has no signal before it maps the new page (it notifies visible-child after the map). The Scene phase page's P5 fires willAppear from a real GTK event, the fresh view widget's realize."
                )))
        let badge = PageKit.badge()
        PageKit.setBadge(
            badge, id: "N1", title: tr("willAppear before map/unmap"), kind: .fix,
            text: tr("N1 · willAppear before map/unmap"))
        page.append(badge)
        badge.halign = .start
        crossfadeSwitch.setAccessibleLabel(tr("Crossfade transition"))
        crossfadeSwitch.valign = .center
        page.append(
            PageKit.row([goToFirstButton, goToSecondButton, Label(tr("Crossfade:")), crossfadeSwitch, clearButton]))
        stack.transition = .none
        stack.transitionDuration = Self.crossfadeMilliseconds
        stack.setSizeRequest(width: -1, height: 110)
        stack.hexpand = true
        page.append(PageKit.sideBySide([codePanel.swiftUICard, stack]))
        eventsLabel.addCssClass("event-log")
        eventsLabel.isSelectable = true
        eventsLabel.valign = .start
        page.append(PageKit.verticalScroller(eventsLabel, minHeight: 160))
        page.append(codePanel.runningCard)
        codePanel.show(NavigationScreen.code)
        root = page

        for destination in NavigationScreen.destinations {
            guard let node = screen.nodes[destination.key] else { continue }
            let (box, content) = PageKit.frame()
            let heading = PageKit.text()
            heading.setMarkup("<b>" + tr("%{name} page", ["name": destination.title]) + "</b>")
            content.append(heading)
            content.append(
                PageKit.text(
                    tr(
                        "A page of the inner stack: its map and unmap are the appear and disappear of the node %{name}.",
                        ["name": destination.title])
                ))
            stack.addTitled(box, name: destination.key, title: destination.title)
            bindings.append(WidgetLifecycle(node: node, widget: box))
        }
        stack.visibleChildName = screen.current
        goToFirstButton.onClicked { [weak self] in self?.go(to: "first") }
        goToSecondButton.onClicked { [weak self] in self?.go(to: "second") }
        crossfadeSwitch.onActiveChanged { [weak self] in
            guard let self else { return }
            self.stack.transition = self.crossfadeSwitch.isActive ? .crossfade : .none
            self.screen.record("— transition: \(self.crossfadeSwitch.isActive ? "crossfade" : "none") —")
        }
        clearButton.onClicked { [weak self] in self?.screen.clear() }
        screenToken = screen.onChange { [weak self] in self?.refresh() }
        refresh()
    }

    /// The events in order: "willAppear Second", "appear Second", "disappear First", …
    public var events: [String] { screen.events }

    /// The nodes of the two pages, by stack page name.
    public var nodes: [String: LifecycleNode] { screen.nodes }

    /// Navigates to the stack page `key` ("first" or "second"): its node's `willAppear()` first,
    /// then the visible child changes and GTK maps and unmaps. Does nothing if it is shown already.
    public func go(to key: String) {
        guard screen.choose(key) else { return }
        stack.visibleChildName = key
    }

    /// Empties the event list.
    public func clear() { screen.clear() }

    /// Clears the event list (the pages have no tasks to cancel).
    public func reset() { screen.clear() }

    private func refresh() {
        let events = screen.events
        eventsLabel.text =
            events.isEmpty
            ? tr("Events appear here in the order they happen.")
            : events.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n")
    }
}
