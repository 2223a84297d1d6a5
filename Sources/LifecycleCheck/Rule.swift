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

    /// Names a live repro.
    /// - Parameters:
    ///   - page: The lab's page name, e.g. "toast".
    ///   - strategy: The strategy that shows the bug, e.g. "T1".
    ///   - fix: The strategy that fixes it, e.g. "T4".
    public init(page: String, strategy: String, fix: String) {
        self.page = page
        self.strategy = strategy
        self.fix = fix
    }
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

    /// The IDs of the rules every rule family reports; the table must cover exactly these.
    static var checkedRules: [RuleID] { Checker.families.flatMap { $0.rules } }

    /// Every rule, by ID.
    public static let all: [RuleID: Rule] = Dictionary(
        uniqueKeysWithValues: table.map { ($0.id, $0) })

    /// Every rule's words, in ``RuleID`` order.
    static let table: [Rule] = [
        Rule(
            id: .taskNeverCancelled, severity: .warning,
            message: "`Task` started in a view closure is never cancelled: nobody keeps its handle",
            why: "Seed 000 (SPEC T1) and seed 001 (SPEC B1): an unstructured `Task { }` made in `onAppear` or a "
                + "button action belongs to no view. When the view disappears nothing cancels it, so the toast's "
                + "old timer still fires after a hide and a second show, a closed page's work runs to the end and "
                + "keeps the view's state alive, and every press starts one more.",
            fix: "Use `.task { }` (or `.task(id:)` for work a button triggers) so SwiftUI cancels it when the view "
                + "disappears, or keep the handle in `@State` and cancel it in `onDisappear`. Work that must finish "
                + "anyway: `Task.detached`, or mark it `// lifecycle: must-finish`.",
            spec: ["T1", "B1"], live: LiveRepro(page: "toast", strategy: "T1", fix: "T4")),
        Rule(
            id: .taskKeptNotCancelled, severity: .warning,
            message: "the handle of this `Task` is kept but never cancelled",
            why: "Seed 000's bonus (SPEC T4): keeping the `Task` in the view's state is only half of the fix. "
                + "Without a `cancel()` when the view disappears it runs on exactly as the fire-and-forget `Task` "
                + "of T1 does.",
            fix: "Cancel it when the view goes: `.onDisappear { task?.cancel() }` (and cancel the previous one "
                + "before replacing it), or let `.task { }` own the work instead.",
            spec: ["T4"], live: LiveRepro(page: "toast", strategy: "T1", fix: "T4")),
        Rule(
            id: .tryOptionalSwallowsCancel, severity: .warning,
            message: "`try?` swallows the cancellation of this `await`; the code after it still runs",
            why: "Seed 000's warning (SPEC T3): cancellation arrives as a thrown `CancellationError`. `try?` turns "
                + "it into `nil`, so when the view disappears the lines after the `await` run anyway (the toast "
                + "logs \"auto-dismissed\" though no timer elapsed), and a `while true` around it spins.",
            fix: "Use `do { try await … } catch is CancellationError { … }` and put the follow-up work inside the "
                + "`do`, or check right after it: `guard !Task.isCancelled else { return }` or "
                + "`try Task.checkCancellation()`.",
            spec: ["T3"], live: LiveRepro(page: "toast", strategy: "T3", fix: "T2")),
        Rule(
            id: .bagCapturesView, severity: .warning,
            message: "the closure handed to a cancel-in-deinit task holder captures the view",
            why: "Seed 002 (SPEC T6): a `TaskBag` kept in the view's state cancels its tasks in `deinit`, but a "
                + "closure that calls a method or uses a property of the view captures the view, its state and so "
                + "the bag itself. The bag cannot deinit while the task runs, so nothing is ever cancelled and the "
                + "toast behaves as in T1. It is easy to miss in review; the seed gives the bag up.",
            fix: "Cancel in `onDisappear` (keep the handle in `@State`) or use `.task { }`, as seed 002 concludes. "
                + "If the bag stays, hand it closures that capture only what they need (`[model] in`, "
                + "`[weak self]`), never the view.",
            spec: ["T6"], live: LiveRepro(page: "toast", strategy: "T6", fix: "T4")),
        Rule(
            id: .bagDropsHandle, severity: .warning,
            message: "a one-slot task holder overwrites its task handle without cancelling the task it held",
            why: "Seed 002's `TaskBag` as written (SPEC T7) keeps one `Task?` and cancels it in `deinit`; its "
                + "`add` assigns a new task over the old one. The task it replaced can no longer be cancelled, not "
                + "even by `deinit`, and runs on after the view is gone.",
            fix: "Cancel the old task before replacing it (`task?.cancel(); task = Task { … }`), or keep every "
                + "task (`tasks.append(…)`, and cancel them all in `deinit`).",
            spec: ["T7"], live: LiveRepro(page: "toast", strategy: "T7", fix: "T5")),
        Rule(
            id: .taskErrorDropped, severity: .warning,
            message: "a throwing `Task` whose error nobody reads: the error vanishes",
            why: "Seed 001 (SPEC B1): `Task { try await exec() }` compiles without `do`/`catch` because the task "
                + "becomes `Task<(), Error>`. Unless someone awaits its `.value` or `.result`, the thrown error is "
                + "dropped without a trace.",
            fix: "Wrap the body in `do { try await … } catch { … }` and report the error there, so the task's "
                + "type becomes `Task<(), Never>`; or `.task(id:)` with a `do`/`catch` inside, which cannot throw "
                + "at all.",
            spec: ["B1"], live: LiveRepro(page: "button", strategy: "B1", fix: "B2")),
        Rule(
            id: .taskInsideTaskModifier, severity: .warning,
            message: "`Task` started inside `.task` is not cancelled with the view",
            why: "Seed 000 (SPEC T1 vs T2): `.task { }` is cancelled when the view disappears, but an "
                + "unstructured `Task { }` started inside it is a new task that does not inherit that "
                + "cancellation; it runs on as in T1.",
            fix: "Write the work directly in the `.task` closure (`await` it), or use `async let` / a task group "
                + "so it is a child of the modifier's task.",
            spec: ["T1"], live: LiveRepro(page: "toast", strategy: "T1", fix: "T2")),
        Rule(
            id: .noScenePhase, severity: .note,
            message: "`onAppear` starts polling that only `onDisappear` stops; the scene phase is not followed",
            why: "Seed 003 (SPEC P1): `onAppear` and `onDisappear` do not fire when the app goes to the background "
                + "or comes back. Polling, subscriptions or side effects started in `onAppear` keep running while "
                + "the app is suspended, and nothing reloads on return.",
            fix: "Also follow `@Environment(\\.scenePhase)`: stop on `.inactive`/`.background` and restart on "
                + "`.active` (seed 003's `onActive`/`onInactive`), or run the work in "
                + "`.task(id: scenePhase == .active) { guard scenePhase == .active else { return } … }`.",
            spec: ["P1"], live: LiveRepro(page: "scene", strategy: "P1", fix: "P2")),
    ]
}
