/// One page of the lab as the model knows it: its name, its strategies (the spec's rows), the
/// spec durations its repro uses, and how its repro is shown and tested.
///
/// Each page's folder declares its descriptor, and ``LabCatalog/pages`` lists them; the command
/// line (`--help`, validation, `--list-strategies`), the core tests, the window's menu and the
/// scripts derive from that list, so a page is added in one place.
///
/// ```swift
/// extension PageDescriptor {
///     public static let server = PageDescriptor(
///         id: .server, title: { tr("Server") }, strategies: ServerStrategyID.anyCases,
///         durations: [], screenshotMoment: { $0.toastDuration }, dependsOnSession: false)
/// }
/// ```
public struct PageDescriptor: Sendable, Identifiable, CustomStringConvertible {
    /// The page's name in the window's stack, on the command line and in verdicts.
    public let id: PageID
    /// Every strategy of the page in spec order; empty for a page without a scripted repro (N1).
    public let strategies: [AnyStrategyID]
    /// The spec durations the page's strategies and repro wait for, scaled by ``LabTiming``.
    public let durations: [SpecDuration]
    /// Whether the repro's outcome depends on the session (window manager, compositor, focus):
    /// the GTK tests run such a page's rows again under every desktop session.
    public let dependsOnSession: Bool
    private let titleText: @Sendable () -> String
    private let moment: @Sendable (LabTiming) -> Duration

    /// Describes a page.
    /// - Parameters:
    ///   - id: The page's name.
    ///   - title: The title in the window's switcher, translated when asked for (the language is
    ///     chosen at start-up, after the descriptors exist).
    ///   - strategies: Every strategy in spec order; empty when the page has no scripted repro.
    ///   - durations: The spec durations the page uses.
    ///   - screenshotMoment: When, after a repro starts, `--screenshot` catches what the page
    ///     teaches (the toast: just before a stale timer would hide the second toast).
    ///   - dependsOnSession: Whether the repro's outcome depends on the desktop session.
    public init(
        id: PageID, title: @escaping @Sendable () -> String, strategies: [AnyStrategyID],
        durations: [SpecDuration], screenshotMoment: @escaping @Sendable (LabTiming) -> Duration,
        dependsOnSession: Bool
    ) {
        self.id = id
        self.titleText = title
        self.strategies = strategies
        self.durations = durations
        self.moment = screenshotMoment
        self.dependsOnSession = dependsOnSession
    }

    /// The title in the window's switcher, in the person's language.
    public var title: String { titleText() }
    /// Whether the page has a scripted repro (`--scenario`).
    public var hasScenario: Bool { !strategies.isEmpty }
    /// The page's name.
    public var description: String { id.rawValue }

    /// When `--screenshot` takes its picture during the repro, from the repro's start.
    public func screenshotMoment(_ timing: LabTiming) -> Duration { moment(timing) }
}

/// A duration the spec names (D, L, P): its symbol and its length at time scale 1.
public struct SpecDuration: Sendable, Hashable, CustomStringConvertible {
    /// The spec's symbol, e.g. "D".
    public let symbol: String
    /// The length at time scale 1.
    public let standard: Duration

    /// Names a spec duration, e.g. `SpecDuration("D", seconds: 3)`.
    /// - Parameters:
    ///   - symbol: The spec's symbol.
    ///   - seconds: Its length at time scale 1.
    public init(_ symbol: String, seconds: Int64) {
        (self.symbol, standard) = (symbol, .seconds(seconds))
    }

    /// "D = 3 s".
    public var description: String { "\(symbol) = \(standard)" }
}

/// Every page of the lab, in the window's switcher order.
public enum LabCatalog {
    /// The pages. A new page adds its descriptor's line here.
    public static let pages: [PageDescriptor] = [.toast, .button, .scenePhase, .server, .navigation, .check]

    /// Every page's strategies, in switcher and spec order (T1 … I1).
    public static var strategies: [AnyStrategyID] { pages.flatMap(\.strategies) }

    /// The pages with a scripted repro.
    public static var pagesWithScenario: [PageDescriptor] { pages.filter(\.hasScenario) }

    /// The page called `id`, if any.
    public static func page(_ id: PageID) -> PageDescriptor? { pages.first { $0.id == id } }

    /// The page called `name` as typed (case and surrounding spaces ignored), if any.
    public static func page(named name: String) -> PageDescriptor? {
        page(PageID(name.trimmingSpaces.lowercased()))
    }

    /// The page a strategy belongs to.
    public static func page(of strategy: AnyStrategyID) -> PageDescriptor? { page(strategy.page) }
}
