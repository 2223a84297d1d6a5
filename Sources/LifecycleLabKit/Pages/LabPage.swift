public import Gtk
public import LabModel

/// One page of the window's stack: the widgets that host one page of the lab model.
///
/// A page owns its screen model from `LabModel` and the widgets that host it. It must be able to
/// start clean (``reset()``), which cancels every task it started — also the unstructured ones a
/// buggy strategy left behind — so switching strategy or quitting leaves nothing running.
///
/// A new page is a folder in `LabModel` (its strategy IDs, screen, strategies and scenario), a
/// type here conforming to this protocol, and its line in ``LabPages/all``.
@MainActor
public protocol LabPage: AnyObject {
    /// The page's identifier: its name in the stack, on the command line and in verdicts.
    nonisolated static var id: PageID { get }
    /// The title in the stack switcher.
    nonisolated static var title: String { get }
    /// Every strategy of the page, in spec order; empty when it has none (navigation). A page
    /// with strategies has a scripted repro (`--scenario`).
    nonisolated static var strategies: [AnyStrategyID] { get }
    /// Builds the page with its first strategy.
    init(environment: LabEnvironment)
    /// The page's root widget, added to the stack.
    var root: Widget { get }
    /// The strategy in use.
    var currentStrategy: AnyStrategyID? { get }
    /// Called after the page switched strategy, whoever asked (its picker, the menu, a reset):
    /// the window keeps the menu's radio items and the header's badge in step.
    var onStrategyChange: (@MainActor () -> Void)? { get set }
    /// Switches strategy: resets the page (its tasks cancelled) and rebuilds its screen. A
    /// strategy of another page is ignored.
    func select(strategy: AnyStrategyID)
    /// Cancels the page's tasks and rebuilds its screen with the same strategy.
    func reset()
    /// Runs the page's documented repro (SPEC §3/§4) in the real window, through the page's
    /// real widgets; `nil` if the page has no scenario.
    func runScenario(driver: ScenarioDriver) async -> ScenarioVerdict?
}

/// The pages of the window, in switcher order.
public enum LabPages {
    /// Every page type. A new page adds its line here.
    public nonisolated static var all: [any LabPage.Type] {
        [ToastPage.self, ButtonPage.self, ScenePhasePage.self, ServerPage.self, NavigationPage.self]
    }

    /// The page type called `id`, if any.
    public nonisolated static func type(of id: PageID) -> (any LabPage.Type)? {
        all.first { $0.id == id }
    }

    /// The page type called `name` as typed (case ignored), if any.
    nonisolated static func type(named name: String) -> (any LabPage.Type)? {
        type(of: PageID(name.lowercased()))
    }

    /// Every page's strategies, in switcher and spec order (T1 … I1).
    public nonisolated static var strategies: [AnyStrategyID] { all.flatMap { $0.strategies } }

    /// The pages with a scripted repro.
    nonisolated static var withScenario: [any LabPage.Type] { all.filter { !$0.strategies.isEmpty } }
}
