public import LifecycleTasks

/// A view the lab's screens make and hand to a host: something with a lifecycle node, made when
/// it is shown and dropped when it is hidden, as `if isPresented { SomeView() }` does in SwiftUI.
@MainActor
public protocol HostedView: AnyObject {
    /// The node whose appear and disappear the host drives (GTK: the widget's map and unmap).
    var node: LifecycleNode { get }
}

/// Shows the views a screen makes. The app implements it with real widgets; tests use
/// ``ImmediateHost``.
///
/// Contract:
/// - `present(_:)` puts the view on screen. The node appears when the host says so (GTK: at
///   `map`); a host without a display calls `view.node.appear()` at once.
/// - `dismiss(_:)` takes it off screen and must make the node disappear before it returns
///   (removing a GTK widget from its parent unmaps it synchronously). The screen drops the view's
///   state right after, then calls `node.ownerStateReleasedExpected()` itself, so the host need not.
///   If the node is still appeared when `dismiss` returns, the screen makes it disappear.
/// - `dismissAnimated(_:removed:)` takes it off screen with the host's removal animation (seed
///   000's `withAnimation { isPresented = false }`): the node disappears when the animation ends
///   and the host calls `removed` then; the screen drops the state after that. A host without an
///   animation dismisses at once (the default). A later `dismiss(_:)` of a view still leaving
///   ends its animation at once.
/// - The screen keeps its host strongly; a host that needs its screen should keep it `weak`, or
///   the pair outlives a strategy switch.
///
/// ```swift
/// final class ToastOverlay: ViewHost {
///     func present(_ view: ToastView) { overlay.add(widget(for: view)) }   // map → view.node.appear()
///     func dismiss(_ view: ToastView) { overlay.remove(widget(for: view)) } // unmap → view.node.disappear()
/// }
/// ```
@MainActor
public protocol ViewHost<Hosted>: AnyObject {
    /// The kind of view this host shows.
    associatedtype Hosted: HostedView
    /// Puts the view on screen; its node appears when it is mapped.
    func present(_ view: Hosted)
    /// Takes the view off screen; its node must have disappeared when this returns.
    func dismiss(_ view: Hosted)
    /// Takes the view off screen with the host's removal animation; calls `removed` once its
    /// node has disappeared, at the end of the animation.
    func dismissAnimated(_ view: Hosted, removed: @escaping @MainActor () -> Void)
}

extension ViewHost {
    /// No animation: dismisses at once, then calls `removed` before returning.
    public func dismissAnimated(_ view: Hosted, removed: @escaping @MainActor () -> Void) {
        dismiss(view)
        removed()
    }
}

/// A host with no display: presenting makes the node appear at once, dismissing makes it
/// disappear at once. The headless scenario runs and the tests use it.
///
/// ```swift
/// let host = ImmediateHost<ToastView>()
/// let screen = ToastScreen(strategy: .t2, context: context, host: host)
/// screen.show()   // the toast's node has appeared
/// ```
@MainActor
public final class ImmediateHost<Hosted: HostedView>: ViewHost {
    /// The views presented and not dismissed yet, oldest first.
    public private(set) var shown: [Hosted] = []
    /// Whether presenting runs the node's `willAppear()` before its appear, as a GTK host does
    /// from the fresh view widget's realize (seed 003's 3-B, P5).
    public let firesWillAppear: Bool

    /// Makes a host that shows nothing yet; `firesWillAppear`: see ``firesWillAppear``.
    public init(firesWillAppear: Bool = false) {
        self.firesWillAppear = firesWillAppear
    }

    /// Records the view and makes its node appear (after its `willAppear()`, if the host fires it).
    public func present(_ view: Hosted) {
        shown.append(view)
        if firesWillAppear { view.node.willAppear() }
        view.node.appear()
    }

    /// Makes the view's node disappear and forgets the view.
    public func dismiss(_ view: Hosted) {
        view.node.disappear()
        shown.removeAll { $0 === view }
    }
}

/// Type-erases a host so a presentation can keep any ``ViewHost`` of its view type.
@MainActor
final class AnyViewHost<Hosted: HostedView> {
    private let presentView: @MainActor (Hosted) -> Void
    private let dismissView: @MainActor (Hosted) -> Void
    private let dismissViewAnimated: @MainActor (Hosted, @escaping @MainActor () -> Void) -> Void

    init(_ host: some ViewHost<Hosted>) {
        presentView = { host.present($0) }
        dismissView = { host.dismiss($0) }
        dismissViewAnimated = { host.dismissAnimated($0, removed: $1) }
    }

    /// Dismisses `view` with the host's animation; `removed` runs once it is off screen.
    func dismissAnimated(_ view: Hosted, removed: @escaping @MainActor () -> Void) {
        dismissViewAnimated(view, removed)
    }

    func present(_ view: Hosted) { presentView(view) }

    /// Dismisses `view` and makes sure its node has disappeared, whatever the host did.
    func dismissAndEnsureDisappeared(_ view: Hosted) {
        dismissView(view)
        if view.node.isAppeared { view.node.disappear() }
    }
}
