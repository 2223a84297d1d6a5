/// Two (or more) strategies' verdicts from one repro run side by side (compare mode): the same
/// presses at the same moments, each side judged against its own row of the spec.
///
/// The app's `--scenario toast --compare T1,T2` prints ``json()`` and exits with ``exitStatus``:
/// 0 only when ``matchesSpec`` is true:
///
/// ```json
/// { "scenario" : "toast", "strategies" : ["T1", "T2"], "matchesSpec" : true,
///   "verdicts" : [ { "strategy" : "T1", "hideTimes" : [1, 3], … },
///                  { "strategy" : "T2", "hideTimes" : [1, 4.5], … } ] }
/// ```
public struct ScenarioComparison: Sendable, Hashable, Codable {
    /// The page whose repro ran.
    public var scenario: PageID
    /// The strategies compared, in order (left, right).
    public var strategies: [String]
    /// Whether every side matches its own row of the spec.
    public var matchesSpec: Bool
    /// Whether every side could follow the repro's schedule (see ``ScenarioVerdict/scheduleHeld``).
    public var scheduleHeld: Bool
    /// One verdict per side, in order.
    public var verdicts: [ScenarioVerdict]

    /// Puts side-by-side verdicts together; they must come from one page's repro.
    public init(verdicts: [ScenarioVerdict]) {
        precondition(!verdicts.isEmpty, "ScenarioComparison: give at least one verdict")
        precondition(
            Set(verdicts.map(\.scenario)).count == 1,
            "ScenarioComparison: every verdict must come from one page's repro")
        scenario = verdicts[0].scenario
        strategies = verdicts.map(\.strategy)
        matchesSpec = verdicts.allSatisfy(\.matchesSpec)
        scheduleHeld = verdicts.allSatisfy(\.scheduleHeld)
        self.verdicts = verdicts
    }

    /// 0 when every side matches, 3 when a side could not be judged, 1 otherwise.
    public var exitStatus: Int32 { ScenarioOutcome(scheduleHeld: scheduleHeld, matchesSpec: matchesSpec).rawValue }

    /// The comparison as pretty-printed JSON with sorted keys (see ``JSONText``).
    public func json() -> String { JSONText.prettyPrinted(self) }

    /// Each side's summary, one after another.
    public var summary: String { verdicts.map(\.summary).joined(separator: "\n") }
}
