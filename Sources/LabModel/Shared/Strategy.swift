import Gettext
public import LifecycleTasks

/// What a strategy is, as the spec's tables and the seeds judge it.
///
/// The raw value is the badge's CSS class; ``label`` is what the badge says.
public enum StrategyKind: String, Sendable, Hashable, CaseIterable {
    /// It misbehaves the way the seed describes (T1, T6, B1, P1).
    case bug
    /// Its outcome looks right but something else goes wrong (T3: `try?` swallows the cancel).
    case trap
    /// It behaves as the spec's row says a fix does.
    case fix
    /// It works here, but its seed judges it too easy to break unseen (T5: seed 002's `TaskBag`).
    case fragile
    /// Work that must finish although its view goes, detached on purpose (seed 000's guide).
    case mustFinish = "must-finish"

    /// The badge's words: "bug", "trap", "fix", "works, fragile", "must finish".
    public var label: String {
        switch self {
        case .bug: tr("bug")
        case .trap: tr("trap")
        case .fix: tr("fix")
        case .fragile: tr("works, fragile")
        case .mustFinish: tr("must finish")
        }
    }

    /// Whether a strategy of this kind misbehaves on purpose (a bug or a trap).
    public var misbehaves: Bool { self == .bug || self == .trap }
}

/// One page's strategies, each a row of the spec: a menu title, one sentence on what it does,
/// what the spec expects of it, and the page's scripted repro for it.
///
/// Every page of the lab model declares one enum conforming to this (``ToastStrategyID``,
/// ``ButtonStrategyID`` …); ``AnyStrategyID`` carries any of them without a switch over pages.
///
/// ```swift
/// let id = try ToastStrategyID.parse("t2")   // .t2
/// id.title                                    // ".task (fix)"
/// id.kind                                     // .fix
/// ```
public protocol StrategyIdentifier: RawRepresentable<String>, CaseIterable, Sendable, Hashable,
    CustomStringConvertible
where AllCases == [Self] {
    /// The page whose repro runs this strategy.
    static var page: PageID { get }
    /// The label for a menu item, e.g. "onAppear + Task (bug)".
    var title: String { get }
    /// One sentence saying what the strategy does and what happens.
    var explanation: String { get }
    /// Bug, trap, fix, fragile or must finish, as the spec's row says.
    var kind: StrategyKind { get }
    /// What the seed itself concludes about this strategy, in a line or two; `nil` when the
    /// seed says nothing beyond ``explanation``. Pages show it where the strategy is chosen.
    var seedNote: String? { get }
    /// The spec's outcome text for this strategy's row.
    var expectedOutcome: String { get }
    /// The SwiftUI the strategy stands for, as the seed writes it: a short snippet whose lines
    /// that decide the outcome end in `// lab-code-key` (see ``StrategyCode``).
    var swiftUIShape: String { get }
    /// The line the spec's row turns on, in the running code and in the SwiftUI shape; the code
    /// panel marks both (a test checks it).
    var keyMechanism: KeyMechanism { get }
    /// Runs the page's documented repro with this strategy and no display: a fresh screen whose
    /// views appear and disappear at once (``ImmediateHost``), driven by `pacer`.
    @MainActor
    func runHeadless(context: LifecycleContext, timing: LabTiming, pacer: ScenarioPacer) async -> ScenarioVerdict
}

extension StrategyIdentifier {
    /// The SPEC ID, e.g. "T1".
    public var description: String { rawValue }

    /// Whether the spec lists this strategy as a bug or a trap (it misbehaves on purpose).
    public var isBuggy: Bool { kind.misbehaves }

    /// No seed note unless the page's IDs give one.
    public var seedNote: String? { nil }

    /// Parses a SPEC ID, ignoring case and surrounding spaces.
    ///
    /// - Throws: ``UnknownValueError`` whose message lists the valid values.
    public static func parse(_ text: String) throws(UnknownValueError) -> Self {
        let wanted = text.trimmingSpaces.uppercased()
        if let match = allCases.first(where: { $0.rawValue == wanted }) { return match }
        throw UnknownValueError(kind: "strategy", value: text, valid: allCases.map(\.rawValue))
    }
}

/// Any page's strategy, as the command line and the verdicts name it ("T1" … "I1").
///
/// It forwards to the page's own ID type, so a new page adds no case here.
///
/// ```swift
/// let id = AnyStrategyID(ToastStrategyID.t1)
/// id.rawValue            // "T1"
/// id.page                // .toast
/// id.as(ToastStrategyID.self)   // .t1
/// ```
public struct AnyStrategyID: Sendable, Hashable, CustomStringConvertible {
    /// The page's own ID.
    public let base: any StrategyIdentifier

    /// Wraps a page's strategy ID.
    public init(_ base: some StrategyIdentifier) { self.base = base }

    /// The SPEC ID, e.g. "B2".
    public var rawValue: String { base.rawValue }
    /// The SPEC ID.
    public var description: String { rawValue }
    /// The page the strategy belongs to.
    public var page: PageID { type(of: base).page }
    /// The menu title.
    public var title: String { base.title }
    /// One sentence on what the strategy does.
    public var explanation: String { base.explanation }
    /// Bug, trap, fix, fragile or must finish.
    public var kind: StrategyKind { base.kind }
    /// What the seed concludes about the strategy, if it says more than the explanation.
    public var seedNote: String? { base.seedNote }
    /// Whether the spec lists the strategy as a bug or a trap.
    public var isBuggy: Bool { base.isBuggy }
    /// The spec's outcome text.
    public var expectedOutcome: String { base.expectedOutcome }
    /// The SwiftUI the strategy stands for.
    public var swiftUIShape: String { base.swiftUIShape }
    /// The line the spec's row turns on.
    public var keyMechanism: KeyMechanism { base.keyMechanism }
    /// The Swift that runs for the strategy, from the source, and its SwiftUI shape.
    public var code: StrategyCode { base.code }

    /// The page's own ID, if the strategy belongs to that page.
    public func `as`<ID: StrategyIdentifier>(_ type: ID.Type) -> ID? { base as? ID }

    /// Runs the page's repro headless (see ``StrategyIdentifier/runHeadless(context:timing:pacer:)``).
    @MainActor
    public func runHeadless(context: LifecycleContext, timing: LabTiming = .standard, pacer: ScenarioPacer) async
        -> ScenarioVerdict
    {
        await base.runHeadless(context: context, timing: timing, pacer: pacer)
    }

    /// Parses a SPEC ID among `candidates`, ignoring case and surrounding spaces.
    /// - Throws: ``UnknownValueError`` listing every candidate.
    public static func parse(_ text: String, among candidates: [AnyStrategyID]) throws(UnknownValueError)
        -> AnyStrategyID
    {
        let wanted = text.trimmingSpaces.uppercased()
        if let match = candidates.first(where: { $0.rawValue == wanted }) { return match }
        throw UnknownValueError(kind: "strategy", value: text, valid: candidates.map(\.rawValue))
    }

    public static func == (lhs: AnyStrategyID, rhs: AnyStrategyID) -> Bool { lhs.rawValue == rhs.rawValue }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

extension StrategyIdentifier {
    /// Every strategy of this page, type-erased, in spec order.
    public static var anyCases: [AnyStrategyID] { allCases.map(AnyStrategyID.init) }
}

/// A value that names nothing the lab knows (a strategy, a page). Its message lists the valid
/// values.
public struct UnknownValueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was being parsed: "strategy", "page".
    public let kind: String
    /// The text that did not parse.
    public let value: String
    /// Every value that would have parsed.
    public let valid: [String]

    /// Makes the error for `value`, which is not one of `valid`.
    public init(kind: String, value: String, valid: [String]) {
        self.kind = kind
        self.value = value
        self.valid = valid
    }

    /// The message a person reads, listing the valid values.
    public var description: String {
        "unknown \(kind) \"\(value)\": valid values are \(valid.joined(separator: ", "))"
    }
}

extension String {
    /// The text without leading and trailing spaces, tabs and newlines.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
