/// What every strategy identifier offers the app: a menu title, one sentence on what it does,
/// whether it is one of the spec's bugs, and parsing from the command line.
///
/// ```swift
/// let id = try ToastStrategyID.parse("t2")   // .t2
/// id.title                                    // ".task (fix)"
/// id.isBuggy                                  // false
/// ```
public protocol StrategyIdentifier: RawRepresentable<String>, CaseIterable, Codable, Sendable, Hashable,
    CustomStringConvertible where AllCases == [Self]
{
    /// The label for a menu item, e.g. "onAppear + Task (bug)".
    var title: String { get }
    /// One sentence saying what the strategy does and what happens.
    var explanation: String { get }
    /// Whether the spec lists this strategy as a bug or trap (it misbehaves on purpose).
    var isBuggy: Bool { get }
    /// The spec's outcome text for this strategy's row.
    var expectedOutcome: String { get }
    /// The scenario (page) whose repro this strategy belongs to.
    static var scenario: ScenarioName { get }
}

extension StrategyIdentifier {
    /// The SPEC ID, e.g. "T1".
    public var description: String { rawValue }

    /// Parses a SPEC ID, ignoring case and surrounding spaces.
    ///
    /// - Throws: ``LabParseError`` whose message lists the valid values.
    public static func parse(_ text: String) throws(LabParseError) -> Self {
        let wanted = text.labTrimmed.uppercased()
        if let match = allCases.first(where: { $0.rawValue == wanted }) { return match }
        throw LabParseError(kind: "strategy", value: text, valid: allCases.map(\.rawValue))
    }
}

/// A command-line value that names nothing the lab knows. Its message lists the valid values.
public struct LabParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was being parsed: "strategy", "scenario".
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

/// The toast strategies of SPEC §3 (seeds 000 and 002).
public enum ToastStrategyID: String, StrategyIdentifier {
    /// `onAppear { Task { sleep D; hide } }`, fire and forget.
    case t1 = "T1"
    /// `.task { do { sleep D; hide } catch is CancellationError { … } }`.
    case t2 = "T2"
    /// `.task { try? await sleep D; hide; log "auto-dismissed" }`.
    case t3 = "T3"
    /// `onAppear { task = Task {…} }` + `onDisappear { task?.cancel() }`.
    case t4 = "T4"
    /// A `TaskBag` in the view's state that cancels in `deinit`; the closure captures nothing of the view.
    case t5 = "T5"
    /// The same `TaskBag`, but the closure calls a method of the view state (captures it).
    case t6 = "T6"

    /// The scenario whose repro runs these strategies.
    public static var scenario: ScenarioName { .toast }

    /// The label for the Strategy menu.
    public var title: String {
        switch self {
        case .t1: "onAppear + Task (bug)"
        case .t2: ".task (fix)"
        case .t3: ".task + try? (trap)"
        case .t4: "onAppear + onDisappear cancel (fix)"
        case .t5: "TaskBag, no capture (fix)"
        case .t6: "TaskBag capturing the view (bug)"
        }
    }

    /// One sentence on what the strategy does and what happens.
    public var explanation: String {
        switch self {
        case .t1:
            "The timer Task started in onAppear is never cancelled, so a toast hidden early still fires its hide later and cuts the next toast short."
        case .t2:
            "The .task timer is cancelled when the toast disappears, logs \"task cancel\", and a new toast gets a fresh full timer."
        case .t3:
            "The .task timer is cancelled on hide, but try? swallows the CancellationError, so the code after the sleep runs at once and logs \"auto-dismissed\" though no timer elapsed."
        case .t4:
            "The Task is kept in the view's state and cancelled in onDisappear, which behaves like .task."
        case .t5:
            "The Task lives in a TaskBag in the view's state; hiding drops the state, the bag deinits and cancels the timer."
        case .t6:
            "The TaskBag's closure calls a method of the view state, so the task keeps the state and the bag alive: nothing is cancelled and the old timer cuts the next toast short."
        }
    }

    /// Whether the spec lists this strategy as a bug or trap.
    public var isBuggy: Bool {
        switch self {
        case .t1, .t3, .t6: true
        case .t2, .t4, .t5: false
        }
    }

    /// The spec's outcome text for this strategy's row.
    public var expectedOutcome: String {
        switch self {
        case .t1:
            "bug: the toast hides at t = D, only D/2 after the second show; the first timer was never cancelled and its catch never runs"
        case .t2:
            "fixed: hides at t = D/2 + D; \"task cancel\" logged at t = D/3"
        case .t3:
            "trap: toast timing right, but at t = D/3 the cancelled action runs on and logs \"auto-dismissed\" though no timer elapsed"
        case .t4:
            "fixed, same outcome as T2: hides at t = D/2 + D; \"task cancel\" logged at t = D/3"
        case .t5:
            "fixed: hiding drops the view state, the bag deinits and cancels; hides at t = D/2 + D"
        case .t6:
            "bug: the closure keeps the view state and so the bag alive until the task ends; nothing is cancelled; the repro ends as in T1; the owner is flagged as retained by the task"
        }
    }
}

/// The button-work strategies of SPEC §4 (seed 001).
public enum ButtonStrategyID: String, StrategyIdentifier {
    /// `Button { Task { try await exec() } }`.
    case b1 = "B1"
    /// `currentTask?.cancel(); currentTask = Task {…}` + `onDisappear { currentTask?.cancel() }`.
    case b2 = "B2"
    /// A press flips an optional trigger; `.task(id: trigger) { guard trigger != nil … }`.
    case b3 = "B3"

    /// The scenario whose repro runs these strategies.
    public static var scenario: ScenarioName { .button }

    /// The label for the Strategy menu.
    public var title: String {
        switch self {
        case .b1: "Button { Task { … } } (bug)"
        case .b2: "currentTask + cancel (fix)"
        case .b3: ".task(id: trigger) (fix)"
        }
    }

    /// One sentence on what the strategy does and what happens.
    public var explanation: String {
        switch self {
        case .b1:
            "Each press starts a Task nobody keeps: closing the page does not stop exec, the page state lives until exec ends, and a thrown error vanishes."
        case .b2:
            "The page keeps the current Task, cancels it before starting the next one and in onDisappear, and catches errors."
        case .b3:
            "A press flips an optional trigger and .task(id:) restarts the work; the first appear does nothing and closing the page cancels."
        }
    }

    /// Whether the spec lists this strategy as a bug or trap.
    public var isBuggy: Bool { self == .b1 }

    /// The spec's outcome text for this strategy's row.
    public var expectedOutcome: String {
        switch self {
        case .b1:
            "bug: closing the page does not stop exec; the page's state stays alive until exec ends; N presses run N execs at once; a thrown error vanishes unreported"
        case .b2:
            "fixed: a press cancels the previous run (one live at most); closing the page cancels; the state is released at once"
        case .b3:
            "fixed: the first appear does nothing; each press restarts; closing the page cancels"
        }
    }
}

/// The scene-phase strategies of SPEC §4 (seed 003).
public enum ScenePhaseStrategyID: String, StrategyIdentifier {
    /// Load, poll and take the side effect in `onAppear`; stop in `onDisappear`.
    case p1 = "P1"
    /// `onActive` / `onInactive` (M6).
    case p2 = "P2"
    /// `task(while: .active)` (M7).
    case p3 = "P3"

    /// The scenario whose repro runs these strategies.
    public static var scenario: ScenarioName { .scenePhase }

    /// The label for the Strategy menu.
    public var title: String {
        switch self {
        case .p1: "onAppear / onDisappear (bug)"
        case .p2: "onActive / onInactive (fix)"
        case .p3: "task(while: .active) (fix)"
        }
    }

    /// One sentence on what the strategy does and what happens.
    public var explanation: String {
        switch self {
        case .p1:
            "Minimizing the window does not unmap the page, so polling and the side effect go on in the background and coming back does not reload."
        case .p2:
            "Seed 003's ScenePhaseReader: suspending stops polling and releases the side effect, returning reloads and restarts."
        case .p3:
            "A task that runs only while the scene is active: it stops on suspend and starts again on return, with no hand-kept state."
        }
    }

    /// Whether the spec lists this strategy as a bug or trap.
    public var isBuggy: Bool { self == .p1 }

    /// The spec's outcome text for this strategy's row.
    public var expectedOutcome: String {
        switch self {
        case .p1:
            "bug: minimizing the window (or leaving it) keeps polling and keeps the side effect; coming back does not load again"
        case .p2:
            "fixed: minimize or focus loss stops polling and releases the side effect within one event; return loads again at once and restarts polling; a page that is not shown never starts"
        case .p3:
            "fixed, as P2, with no hand-kept state"
        }
    }
}

/// The restart-on-id-change strategy of SPEC §4 (seed 004).
public enum ServerStrategyID: String, StrategyIdentifier {
    /// `.task(id: server)` listening to the server's status notifications.
    case i1 = "I1"

    /// The scenario whose repro runs these strategies.
    public static var scenario: ScenarioName { .server }

    /// The label for the Strategy menu.
    public var title: String { ".task(id: server)" }

    /// One sentence on what the strategy does and what happens.
    public var explanation: String {
        "Switching server changes the task's id, which cancels the old listener and starts one for the new server."
    }

    /// Whether the spec lists this strategy as a bug or trap.
    public var isBuggy: Bool { false }

    /// The spec's outcome text for this strategy's row.
    public var expectedOutcome: String {
        "switching server cancels the old listener and starts a new one; exactly one listener is live; a status posted by the old server no longer changes the label"
    }
}

/// Any strategy of any page, as the command line names it ("T1" … "I1").
public enum AnyStrategyID: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A toast strategy (SPEC §3).
    case toast(ToastStrategyID)
    /// A button-work strategy (SPEC §4, seed 001).
    case button(ButtonStrategyID)
    /// A scene-phase strategy (SPEC §4, seed 003).
    case scenePhase(ScenePhaseStrategyID)
    /// The server listener (SPEC §4, seed 004).
    case server(ServerStrategyID)

    /// Every strategy ID in spec order.
    public static var allCases: [AnyStrategyID] {
        ToastStrategyID.allCases.map(AnyStrategyID.toast) + ButtonStrategyID.allCases.map(AnyStrategyID.button)
            + ScenePhaseStrategyID.allCases.map(AnyStrategyID.scenePhase) + ServerStrategyID.allCases.map(AnyStrategyID.server)
    }

    /// Parses "T1" … "T6", "B1" … "B3", "P1" … "P3" or "I1", ignoring case.
    /// - Throws: ``LabParseError`` listing every valid ID.
    public static func parse(_ text: String) throws(LabParseError) -> AnyStrategyID {
        let wanted = text.labTrimmed.uppercased()
        if let match = allCases.first(where: { $0.rawValue == wanted }) { return match }
        throw LabParseError(kind: "strategy", value: text, valid: allCases.map(\.rawValue))
    }

    /// The SPEC ID, e.g. "B2".
    public var rawValue: String {
        switch self {
        case .toast(let id): id.rawValue
        case .button(let id): id.rawValue
        case .scenePhase(let id): id.rawValue
        case .server(let id): id.rawValue
        }
    }

    /// The raw value as typed on the command line.
    public var description: String { rawValue }

    /// The menu title of the strategy.
    public var title: String {
        switch self {
        case .toast(let id): id.title
        case .button(let id): id.title
        case .scenePhase(let id): id.title
        case .server(let id): id.title
        }
    }

    /// Whether the spec lists the strategy as a bug or trap.
    public var isBuggy: Bool {
        switch self {
        case .toast(let id): id.isBuggy
        case .button(let id): id.isBuggy
        case .scenePhase(let id): id.isBuggy
        case .server(let id): id.isBuggy
        }
    }

    /// The spec's outcome text for the strategy's row.
    public var expectedOutcome: String {
        switch self {
        case .toast(let id): id.expectedOutcome
        case .button(let id): id.expectedOutcome
        case .scenePhase(let id): id.expectedOutcome
        case .server(let id): id.expectedOutcome
        }
    }

    /// The scenario (page) the strategy belongs to.
    public var scenario: ScenarioName {
        switch self {
        case .toast: .toast
        case .button: .button
        case .scenePhase: .scenePhase
        case .server: .server
        }
    }

    /// Decodes the value from its plain form, rejecting invalid values with a message.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do { self = try Self.parse(text) } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes the value in its plain form (a number or a SPEC ID string).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// The pages whose documented repro the scenario driver can run (`--scenario NAME`).
public enum ScenarioName: String, CaseIterable, Codable, Sendable, Hashable, CustomStringConvertible {
    /// SPEC §3's toast repro (T1–T6).
    case toast
    /// Seed 001's button work (B1–B3).
    case button
    /// Seed 003's scene phase (P1–P3).
    case scenePhase = "scene-phase"
    /// Seed 004's server listener (I1).
    case server

    /// The raw value as typed on the command line.
    public var description: String { rawValue }

    /// Parses a scenario name ("toast", "button", "scene-phase", "server"), ignoring case;
    /// "scene" and "scenephase" are accepted for "scene-phase".
    /// - Throws: ``LabParseError`` listing the valid names.
    public static func parse(_ text: String) throws(LabParseError) -> ScenarioName {
        let wanted = text.labTrimmed.lowercased()
        if let match = allCases.first(where: { $0.rawValue == wanted }) { return match }
        if wanted == "scene" || wanted == "scenephase" || wanted == "scene_phase" { return .scenePhase }
        throw LabParseError(kind: "scenario", value: text, valid: allCases.map(\.rawValue))
    }

    /// The strategies this scenario can run.
    public var strategies: [AnyStrategyID] { AnyStrategyID.allCases.filter { $0.scenario == self } }

    /// The strategy a scenario runs when none is given: its first row.
    public var defaultStrategy: AnyStrategyID { strategies[0] }

    /// The strategy `--strategy` names for this scenario, or ``defaultStrategy`` when `text` is
    /// `nil`.
    ///
    /// ```swift
    /// try ScenarioName.toast.strategy("t2")   // .toast(.t2)
    /// try ScenarioName.toast.strategy("B1")   // throws: valid values are T1, T2, …, T6
    /// ```
    /// - Throws: ``LabParseError`` listing this scenario's strategies when `text` names none of them.
    public func strategy(_ text: String?) throws(LabParseError) -> AnyStrategyID {
        guard let text else { return defaultStrategy }
        let wanted = text.labTrimmed.uppercased()
        if let match = strategies.first(where: { $0.rawValue == wanted }) { return match }
        throw LabParseError(kind: "\(rawValue) strategy", value: text, valid: strategies.map(\.rawValue))
    }
}

extension String {
    /// The text without leading and trailing spaces, tabs and newlines.
    var labTrimmed: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
