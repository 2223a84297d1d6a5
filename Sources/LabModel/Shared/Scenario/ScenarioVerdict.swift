import Gettext
public import LifecycleTasks

/// What a scenario run observed, and whether it matches the spec's row for its strategy.
///
/// Times are seconds since the run started (`t = 0` is the first action), rounded to the
/// millisecond, so the JSON reads like the spec's tables. The app's `--scenario` mode prints
/// ``json()`` and exits 0 when ``matchesSpec`` is true, 1 when not.
///
/// ```json
/// { "scenario": "toast", "strategy": "T1", "matchesSpec": true,
///   "expected": "bug: the toast hides at t = D, …",
///   "hideTimes": [1, 3], "log": [{"t": 0, "text": "press Show toast"}, …],
///   "tasksLeftAlive": [], "flagsRaised": [{"task": 1, "flag": "orphan", "t": 1, …}],
///   "checks": [{"name": "auto hide", "expected": "t = 3", "observed": "t = 3", "passed": true}], … }
/// ```
public struct ScenarioVerdict: Sendable, Hashable, Codable {
    /// One expectation of the spec, compared with the run (`checks` in the JSON).
    public struct Expectation: Sendable, Hashable, Codable {
        /// What was compared ("second toast hides", "task cancel logged" …).
        public var name: String
        /// What the spec expects, in words.
        public var expected: String
        /// What the run showed.
        public var observed: String
        /// Whether they agree.
        public var passed: Bool

        /// What starts the name of a check of the repro's schedule, which a late loop can fail
        /// (the run is then not judged).
        package static let schedulePrefix = "schedule: "

        /// The name as a person reads it, translated: the JSON keeps the English name, and each
        /// page's check enum gives its title (a `tr` literal `scripts/ci/update-po` extracts); a
        /// schedule check's condition is translated inside its own frame.
        public var displayName: String {
            guard isSchedule else { return Self.title(of: name) }
            let condition = String(name.dropFirst(Self.schedulePrefix.count))
            return tr("schedule: %{condition}", ["condition": Self.title(of: condition)])
        }
    }

    /// A line of the run's log: an action of the scenario, or a strategy's own log line.
    public struct Line: Sendable, Hashable, Codable {
        /// Seconds since the run started.
        public var t: Double
        /// The text.
        public var text: String
    }

    /// A registry flag seen during the run.
    public struct Flag: Sendable, Hashable, Codable {
        /// The flagged task's id.
        public var task: Int
        /// Its name.
        public var name: String
        /// Its strategy label.
        public var strategy: String
        /// Its owner node's name.
        public var owner: String
        /// "orphan" or "retains owner".
        public var flag: String
        /// Seconds since the run started when the flag was raised.
        public var t: Double
        /// Seconds since the run started when it was cleared (the task was cancelled or ended);
        /// `nil` if it still stood at the end.
        public var until: Double?
    }

    /// A task still live when the run ended.
    public struct LiveTask: Sendable, Hashable, Codable {
        /// The task's id.
        public var task: Int
        /// Its name.
        public var name: String
        /// Its strategy label.
        public var strategy: String
        /// Its owner node's name.
        public var owner: String
        /// "running" or "cancelling".
        public var state: String
        /// Seconds since the run started when it started.
        public var startedAt: Double
        /// Whether it is flagged orphan.
        public var isOrphan: Bool
        /// Whether it is flagged as retaining its owner's state.
        public var retainsOwner: Bool
    }

    /// The page whose scenario ran.
    public var scenario: PageID
    /// The strategy's SPEC ID.
    public var strategy: String
    /// The strategy's menu title.
    public var title: String
    /// Whether the spec lists the strategy as a bug or trap.
    public var isBuggy: Bool
    /// The time scale of the run (1 = the spec's durations).
    public var timeScale: Double
    /// Whether every check passed: the run shows the spec's outcome for this strategy.
    /// Never true when ``scheduleHeld`` is false.
    public var matchesSpec: Bool
    /// Whether the run could follow the repro's schedule: false when the main loop was so late
    /// that an order the repro relies on broke, or the session did not carry out a window action
    /// the repro needs (a compositor that does not restore or focus a window an app asks for):
    /// its `schedule:` checks say which. The run then judges nothing: it neither matches nor
    /// shows a wrong behaviour.
    public var scheduleHeld: Bool
    /// The spec's outcome text for this row.
    public var expected: String
    /// Every comparison made.
    public var checks: [Expectation]
    /// Toast scenario: seconds at which the toast went from shown to hidden.
    public var hideTimes: [Double]
    /// The run's actions and the strategy's log lines, in order.
    public var log: [Line]
    /// Tasks of this run still live at its end (before clean-up).
    public var tasksLeftAlive: [LiveTask]
    /// Flags that stood for longer than the pacer's tolerance (or still stand at the end).
    public var flagsRaised: [Flag]
    /// Flags raised and cleared within the pacer's tolerance (on a test clock: at the same
    /// instant), e.g. between a T5 toast's disappear and its bag's deinit, or while B2's cancelled
    /// exec returns; shown for honesty, not compared with the spec.
    public var transientFlags: [Flag]
    /// The registry's counters for this run's tasks.
    public var counters: RegistryCounters
    /// Scenario-specific numbers (execs started, polls in background, live listeners …).
    public var measurements: [String: Double]

    /// The command line's exit status for this verdict: 0 when it matches the spec, 1 when the
    /// behaviour is wrong, 3 when it could not be judged (``scheduleHeld`` is false).
    public var exitStatus: Int32 { ScenarioOutcome(scheduleHeld: scheduleHeld, matchesSpec: matchesSpec).rawValue }

    /// The verdict as pretty-printed JSON with sorted keys (the layout of `JSONEncoder`'s
    /// `.prettyPrinted, .sortedKeys`; see ``JSONText``).
    public func json() -> String { JSONText.prettyPrinted(self) }

    /// A few lines for a person: the row, the outcome and each failed check.
    public var summary: String {
        let names: KeyValuePairs<String, any CustomStringConvertible> = ["strategy": strategy, "title": title]
        var lines = [
            !scheduleHeld
                ? tr(
                    "%{strategy} %{title}: could not be judged: the run could not follow the repro's schedule",
                    names)
                : matchesSpec
                    ? tr("%{strategy} %{title}: matches the spec", names)
                    : tr("%{strategy} %{title}: does NOT match the spec", names)
        ]
        lines.append("  " + tr("expected: %{outcome}", ["outcome": expected]))
        for check in checks where !check.passed {
            lines.append(
                "  ✗ "
                    + tr(
                        "%{check}: expected %{expected}, observed %{observed}",
                        ["check": check.displayName, "expected": check.expected, "observed": check.observed]))
        }
        return lines.joined(separator: "\n")
    }
}

extension Duration {
    /// Whole nanoseconds (truncated), for exact arithmetic on times.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// Seconds as a `Double`, rounded to the millisecond (for verdicts).
    var roundedSeconds: Double {
        let (seconds, attoseconds) = components
        let value = Double(seconds) + Double(attoseconds) / 1e18
        return (value * 1_000).rounded() / 1_000
    }
}

/// How a scenario run ends, as the command line's exit status (`lifecycle-lab --scenario`).
public enum ScenarioOutcome: Int32, Sendable {
    /// The run shows the spec's outcome for its strategy.
    case matches = 0
    /// The run followed its schedule and the behaviour differs from the spec.
    case doesNotMatch = 1
    /// The run could not follow its schedule (a late main loop, a window action the session did
    /// not carry out): nothing was judged.
    case couldNotJudge = 3

    /// The outcome of a run: not judged comes first, since its checks mean nothing.
    public init(scheduleHeld: Bool, matchesSpec: Bool) {
        self = !scheduleHeld ? .couldNotJudge : matchesSpec ? .matches : .doesNotMatch
    }
}
