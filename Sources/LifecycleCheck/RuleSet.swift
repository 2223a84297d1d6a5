public import LifecycleCheckReport

/// The rules a run applies and how loud each is: every rule at its own severity, less what the
/// configuration file or `--disable` turns off, with the severities the configuration sets.
///
/// ```swift
/// var rules = RuleSet()
/// rules.disabled.insert(.noScenePhase)
/// rules.severities[.taskErrorDropped] = .note
/// Checker.check(source: text, path: "Toast.swift", rules: rules)
/// ```
public struct RuleSet: Sendable, Equatable {
    /// Rules that do not run.
    public var disabled: Set<RuleID> = []
    /// Severities that replace a rule's own.
    public var severities: [RuleID: Severity] = [:]

    /// Every rule at its own severity.
    public init() {}

    /// Whether `rule` runs.
    public func isEnabled(_ rule: RuleID) -> Bool { !disabled.contains(rule) }

    /// How loud `rule`'s findings are in this run.
    public func severity(of rule: RuleID) -> Severity { severities[rule] ?? rule.rule.severity }

    /// The rules that run, in ``RuleID`` order, as the report lists them.
    public var summaries: [RuleSummary] {
        RuleID.allCases.filter(isEnabled).map { $0.rule.summary(severity: severity(of: $0)) }
    }
}

extension RuleID {
    /// The rule's description: words, severity, SPEC rows, live repro and examples.
    public var rule: RuleDescription { Checker.rule(self).description }
}
