public import LifecycleTasks

/// The inner view of a page while it is shown: its lifecycle node and the state that goes with
/// it, as a SwiftUI view's `@State` lives only while the view is in the hierarchy.
///
/// A ``Presentation`` makes one each time it presents and drops it at dismissal. The registry
/// watches ``state`` weakly (it is the node's ``LifecycleNode/ownerState``): if a task keeps it
/// alive after the view went, the task is flagged "retains owner".
@MainActor
public final class PresentedView<State: AnyObject>: HostedView {
    /// The view's lifecycle node; a strategy's modifiers are installed on it.
    public let node: LifecycleNode
    /// Which presentation this is (1, 2, …) on its screen.
    public let number: Int
    /// Context time when it was presented.
    public let presentedAt: Duration
    /// The view's @State, `nil` once the view was dismissed.
    public private(set) var state: State?

    init(node: LifecycleNode, number: Int, presentedAt: Duration, state: State) {
        self.node = node
        self.number = number
        self.presentedAt = presentedAt
        self.state = state
        node.ownerState = state
    }

    func discardState() { state = nil }
}

/// `if isPresented { SomeView() }`: the open/close shell every screen shares.
///
/// ``present(makeState:install:)`` makes a fresh ``PresentedView`` (a new node, a new state), lets the
/// strategy install its modifiers on it, and hands it to the host, which makes the node appear.
/// ``dismiss()`` has the host take it away (the node disappears), then drops its state and tells
/// the registry the state should be gone now.
///
/// ```swift
/// let presentation = Presentation<ButtonViewState>(name: "button view", context: context, scene: nil,
///                                                  host: ImmediateHost<ButtonView>())
/// presentation.present(makeState: { node in ButtonViewState(…) },
///                      install: { view in view.node.onDisappear { … } })   // node appeared
/// presentation.dismiss()                                          // node disappeared, state dropped
/// ```
@MainActor
public final class Presentation<State: AnyObject> {
    /// The view on screen, `nil` while dismissed.
    public private(set) var view: PresentedView<State>?
    /// Views dismissed with an animation that is still running: off the model (``isPresented``
    /// is false), still on screen, their nodes still appeared.
    public private(set) var leaving: [PresentedView<State>] = []
    /// How many views were presented so far.
    public private(set) var presentedCount = 0
    private let name: String
    private let context: LifecycleContext
    private let scene: WindowScene?
    private let host: AnyViewHost<PresentedView<State>>

    /// Makes a dismissed presentation.
    /// - Parameters:
    ///   - name: the nodes' name, numbered ("toast" → "toast #1").
    ///   - context: the clock, registry and log of the nodes.
    ///   - scene: the window the views live in.
    ///   - host: shows the views.
    public init(name: String, context: LifecycleContext, scene: WindowScene?, host: some ViewHost<PresentedView<State>>)
    {
        self.name = name
        self.context = context
        self.scene = scene
        self.host = AnyViewHost(host)
    }

    /// Whether a view is on screen.
    public var isPresented: Bool { view != nil }

    /// Presents a fresh view unless one is shown: `makeState` makes its state (given its node),
    /// `install` puts the strategy's modifiers on it before it appears. Returns the new view, or
    /// `nil` if one was shown already.
    @discardableResult
    public func present(
        makeState: (LifecycleNode) -> State, install: (PresentedView<State>) -> Void
    ) -> PresentedView<State>? {
        guard view == nil else { return nil }
        presentedCount += 1
        let node = LifecycleNode(name: "\(name) #\(presentedCount)", scene: scene, context: context)
        let presented = PresentedView(
            node: node, number: presentedCount, presentedAt: context.now, state: makeState(node))
        view = presented
        install(presented)
        host.present(presented)
        return presented
    }

    /// Dismisses the shown view: its node disappears, then its state is dropped (the
    /// `if isPresented` branch is gone). Returns the view, or `nil` if none was shown.
    ///
    /// `animated` (seed 000's `withAnimation`): the host animates the removal; the view leaves
    /// the model at once (a new one can be presented meanwhile), and its node disappears and its
    /// state is dropped when the animation ends.
    @discardableResult
    public func dismiss(animated: Bool = false) -> PresentedView<State>? {
        guard let presented = view else { return nil }
        view = nil
        if animated {
            leaving.append(presented)
            host.dismissAnimated(presented) { [weak self] in self?.finishLeaving(presented) }
        } else {
            host.dismissAndEnsureDisappeared(presented)
            release(presented)
        }
        return presented
    }

    /// Ends every animated removal now (a strategy switch, shutdown): the nodes disappear and the
    /// states go before this returns.
    public func finishLeavingNow() {
        while let presented = leaving.first {
            leaving.removeFirst()
            host.dismissAndEnsureDisappeared(presented)
            release(presented)
        }
    }

    /// An animated removal ended (or was ended early, and this is its late call: ignored).
    private func finishLeaving(_ presented: PresentedView<State>) {
        guard let index = leaving.firstIndex(where: { $0 === presented }) else { return }
        leaving.remove(at: index)
        if presented.node.isAppeared { presented.node.disappear() }
        release(presented)
    }

    /// The `if isPresented` branch is gone: the state goes, and the registry is told.
    private func release(_ presented: PresentedView<State>) {
        presented.discardState()
        presented.node.ownerStateReleasedExpected()
    }
}
