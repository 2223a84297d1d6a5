/// A mistake the checker finds: the seeds' task bugs, as they look in a person's SwiftUI code.
///
/// Each rule names the spec row whose repro shows it live in the lab (``Rule/spec``), the page
/// and strategy that run that repro, and the strategy that fixes it.
public enum RuleID: String, CaseIterable, Sendable, Codable, CustomStringConvertible {
    /// An unstructured `Task { … }` started in `onAppear`, a button action or another view
    /// closure, whose handle nobody keeps (T1, B1).
    case taskNeverCancelled = "task-never-cancelled"
    /// The handle is kept in the view's state but never cancelled when the view goes (T4 half done).
    case taskKeptNotCancelled = "task-kept-not-cancelled"
    /// `try?` on a cancellable `await` in `.task`, with work after it that runs once the view is
    /// gone, or a `while true` that then spins (T3).
    case tryOptionalSwallowsCancel = "try-optional-swallows-cancel"
    /// A cancel-in-`deinit` holder whose task closure refers to the view, so the holder never
    /// deinits while the task runs (T6).
    case bagCapturesView = "bag-captures-view"
    /// A one-slot task holder that replaces its handle without cancelling the one it drops (T7).
    case bagDropsHandle = "bag-drops-handle"
    /// A throwing `Task { try … }` with no `do`/`catch` whose error nobody reads (seed 001, B1).
    case taskErrorDropped = "task-error-dropped"
    /// An unstructured `Task { }` started inside `.task { }`: it is not cancelled with the view.
    case taskInsideTaskModifier = "task-inside-task-modifier"
    /// Polling or a side effect started in `onAppear` with no scene-phase handling (P1); a hint.
    case noScenePhase = "no-scene-phase"

    public var description: String { rawValue }
    /// The rule's text, spec row and live repro.
    public var rule: Rule { Rule.all[self]! }
}

/// How loud a finding is: a warning is a bug the lab reproduces; a note is a hint.
public enum Severity: String, Sendable, Codable {
    case warning
    case note
}

/// Where the lab reproduces a rule live: the page, the strategy with the bug, and its fix.
public struct LiveRepro: Sendable, Equatable, Codable {
    /// The lab's page name (`lifecycle-lab --list-pages`), e.g. "toast".
    public let page: String
    /// The strategy whose repro shows the bug, e.g. "T1".
    public let strategy: String
    /// The strategy that fixes it, e.g. "T2".
    public let fix: String
}

/// A rule's words and where it is reproduced.
public struct Rule: Sendable {
    public let id: RuleID
    public let severity: Severity
    /// One line, as in a compiler warning.
    public let message: String
    /// The seed's reason it is a bug.
    public let why: String
    /// What to write instead.
    public let fix: String
    /// The SPEC rows that reproduce it (e.g. ["T1", "B1"]).
    public let spec: [String]
    /// The page and strategy that show it live, and the fix to compare it with.
    public let live: LiveRepro

    /// Every rule, by ID.
    public static let all: [RuleID: Rule] = Dictionary(
        uniqueKeysWithValues: table.map { ($0.id, $0) })

    // The words are filled in with the rules themselves.
    static let table: [Rule] = []
}
