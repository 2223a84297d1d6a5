public import Gtk
public import LabModel

/// One page of the window's stack: the widgets that host one page of the lab model.
///
/// A page owns its screen model from `LabModel` and the widgets that host it. It must be able to
/// start clean (``reset()``), which cancels every task it started — also the unstructured ones a
/// buggy strategy left behind — so switching strategy or quitting leaves nothing running.
///
/// A new page is a folder in `LabModel` (its strategy IDs, screen, strategies, scenario and
/// ``PageDescriptor``, listed in ``LabCatalog/pages``), a type here conforming to this protocol
/// (to ``StrategyPage`` when it shows strategies), and its line in ``LabPages/all``; a page in
/// one list and not the other fails start-up and the GTK tests.
@MainActor
public protocol LabPage: AnyObject {
    /// What the model knows of the page: name, title, strategies, durations.
    nonisolated static var descriptor: PageDescriptor { get }
    /// Builds the page (a strategy page with its first strategy).
    init(environment: LabEnvironment)
    /// The page's root widget, added to the stack.
    var root: Widget { get }
    /// Starts the page clean: cancels its tasks and rebuilds its screen (a strategy page keeps
    /// its strategy).
    func reset()
    /// The page's controls as a driver outside the app finds them (`--report`'s layout and the
    /// soak): a stable name for each, e.g. "show-toast", "post-0"; controls that exist only
    /// while an inner view is shown are listed only then.
    var reportWidgets: [(name: String, widget: Widget)] { get }
    /// What the window shows beside the page while it is shown, in the task panel's place;
    /// `nil` (the default): the task panel, for a page that runs tasks.
    var sidePanel: Widget? { get }
    /// The page's strategies, their menu and their repro, if it has them (the default: `nil`;
    /// every ``StrategyPage`` is its own).
    var strategyPage: (any StrategyPage)? { get }
    /// Hands the page what it may ask of the window it is shown in (the default: nothing):
    /// the toast page's *Compare*, the Check page's *Show it live*.
    func attach(to window: MainWindow)
}

extension LabPage {
    public var sidePanel: Widget? { nil }
    public var strategyPage: (any StrategyPage)? { nil }
    public func attach(to window: MainWindow) {}
    /// The page's identifier: its name in the stack, on the command line and in verdicts.
    public nonisolated static var id: PageID { descriptor.id }
    /// The title in the stack switcher.
    public nonisolated static var title: String { descriptor.title }
    /// Every strategy of the page, in spec order; empty when it has none (navigation, check).
    public nonisolated static var strategies: [AnyStrategyID] { descriptor.strategies }
}

/// A page that shows one strategy of its SPEC rows at a time: the menu's radio items, the
/// header's badge and the page's scripted repro (SPEC §3/§4).
@MainActor
public protocol StrategyPage: LabPage {
    /// The strategy in use.
    var currentStrategy: AnyStrategyID? { get }
    /// Called after the page switched strategy, whoever asked (its picker, the menu, a reset):
    /// the window keeps the menu's radio items and the header's badge in step.
    var onStrategyChange: (@MainActor () -> Void)? { get set }
    /// Switches strategy: resets the page (its tasks cancelled) and rebuilds its screen. A
    /// strategy of another page is ignored.
    func select(strategy: AnyStrategyID)
    /// Runs the page's documented repro in the real window, through the page's real widgets;
    /// `nil` if the strategy has none.
    func runScenario(driver: ScenarioDriver) async -> ScenarioVerdict?
}

extension StrategyPage {
    public var strategyPage: (any StrategyPage)? { self }
}

/// The pages of the window, in switcher order.
public enum LabPages {
    /// Every page type. A new page adds its line here, in ``LabCatalog/pages``' order.
    public nonisolated static var all: [any LabPage.Type] {
        [
            ToastPage.self, ButtonPage.self, ScenePhasePage.self, ServerPage.self, NavigationPage.self, CheckPage.self,
        ]
    }

    /// The pages of ``LabCatalog/pages`` that have no type here, or the other way round, by name;
    /// empty when the two lists agree (start-up refuses to run otherwise).
    public nonisolated static var mismatch: [PageID] {
        let model = LabCatalog.pages.map(\.id)
        let window = all.map { $0.id }
        guard model != window else { return [] }
        let strays = Set(model).symmetricDifference(window).sorted { $0.rawValue < $1.rawValue }
        return strays.isEmpty ? model : strays  // the same pages in another order
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
