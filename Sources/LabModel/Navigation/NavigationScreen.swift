import Gettext
public import LifecycleTasks

/// N1 (seed 003's addendum): two destinations of a navigation stack, each with a lifecycle node,
/// and the ordered list of their `willAppear`, appear and disappear events.
///
/// The host binds each destination's node to its page widget (GTK: a `GtkStack` child, whose
/// map and unmap are the node's appear and disappear) and switches the visible page after
/// ``choose(_:)``. Appear and disappear then come in whatever order the toolkit emits them; the
/// `willAppear` line, run by ``choose(_:)`` before the switch, always comes first.
///
/// ```swift
/// let screen = NavigationScreen(context: context, scene: window)
/// if screen.choose("second") { stack.visibleChildName = "second" }
/// screen.events   // ["willAppear Second", "appear Second", "disappear First"] (GTK's order)
/// ```
@MainActor
public final class NavigationScreen {
    /// One page of the stack.
    public struct Destination: Sendable, Hashable {
        /// The stack child's name: "first", "second".
        public let key: String
        /// The node's name and the page's title: "First", "Second".
        public let title: String
    }

    /// The two pages, in order.
    public static let destinations = [
        Destination(key: "first", title: "First"), Destination(key: "second", title: "Second"),
    ]

    /// The node of each destination, by key.
    public let nodes: [String: LifecycleNode]
    /// The events in order: "willAppear Second", "appear Second", "disappear First", …
    public private(set) var events: [String] = []
    /// The destination shown (the first one at the start).
    public private(set) var current: String
    private let observers = ObserverList<Void>()
    private let maxEvents = 40

    /// Makes the two destinations' nodes in `scene`, recording their events; the first is current.
    public init(context: LifecycleContext, scene: WindowScene?) {
        var nodes: [String: LifecycleNode] = [:]
        for destination in Self.destinations {
            nodes[destination.key] = LifecycleNode(name: destination.title, scene: scene, context: context)
        }
        self.nodes = nodes
        current = Self.destinations[0].key
        for destination in Self.destinations {
            let title = destination.title
            // lab-code: N1
            nodes[destination.key]?
                .onWillAppear { [weak self] in self?.record("willAppear \(title)") }  // lab-code-key
                .onAppear { [weak self] in self?.record("appear \(title)") }
                .onDisappear { [weak self] in self?.record("disappear \(title)") }
            // lab-code-end
        }
    }

    /// Chooses the destination `key`: runs its node's `willAppear()` and makes it current.
    /// Returns `false` (and does nothing) when it is current already or unknown; otherwise the
    /// host switches its visible page now.
    @discardableResult
    public func choose(_ key: String) -> Bool {
        // lab-code: N1 part 2
        guard key != current, let node = nodes[key] else { return false }
        current = key
        node.willAppear()  // lab-code-key
        return true
        // lab-code-end
    }

    /// Adds a line of the host's own (e.g. a change of transition) to the events.
    public func record(_ line: String) {
        events.append(line)
        if events.count > maxEvents { events.removeFirst(events.count - maxEvents) }
        observers.notify(())
    }

    /// Empties the event list.
    public func clear() {
        events = []
        observers.notify(())
    }

    /// Calls `handler` after every event. Keep the token.
    public func onChange(_ handler: @escaping @MainActor () -> Void) -> ObservationToken {
        observers.add { _ in handler() }
    }
}

extension NavigationScreen {
    /// N1's SwiftUI shape (seed 003's addendum): a UIKit `viewWillAppear` hook that fires before
    /// either page's `onAppear` or `onDisappear`, key lines marked `// lab-code-key`.
    public nonisolated static let swiftUIShape = """
        // Seed 003's addendum: a fixed order
        SecondView()
          .background(
            UIKitLifeCycleHandler(onWillAppear: {  // lab-code-key
              showChrome(for: .second)
            }))
          .onAppear { … }  // before or after the old
                           // page's onDisappear
        // Coordinator: viewWillAppear(_:) calls
        // onWillAppear(), before either of them.
        """

    /// N1's code: the `willAppear` hook as it runs here, and its SwiftUI shape.
    public nonisolated static var code: StrategyCode { StrategyCode(strategy: "N1", swiftUIShape: swiftUIShape) }
    /// The line N1 turns on: the `willAppear` hook, in the running code and in the seed's shape.
    public nonisolated static let keyMechanism = KeyMechanism(
        running: ".onWillAppear {", swiftUI: "UIKitLifeCycleHandler(onWillAppear:")
}

extension PageID {
    /// Seed 003's addendum: the order of appear and disappear between two pages (N1).
    public static let navigation = PageID("navigation")
}

extension PageDescriptor {
    /// Seed 003's addendum (N1): no strategy and no scripted repro; the GTK tests check the
    /// order of its events against GTK's own signals.
    public static let navigation = PageDescriptor(
        id: .navigation, title: { tr("Navigation") }, strategies: [], durations: [],
        screenshotMoment: { $0.toastDuration }, dependsOnSession: false)
}
