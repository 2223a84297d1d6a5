/// What a report says of a rule it ran: its words, its severity in this run (the configuration
/// may change it), its SPEC rows and its live repro. SARIF lists these as the driver's rules.
public struct RuleSummary: Sendable, Equatable {
    public var id: RuleID
    /// A few words: "Task never cancelled".
    public var name: String
    public var severity: Severity
    /// The rule's general message, as in a compiler warning.
    public var message: String
    /// Why it is a defect.
    public var why: String
    /// What to write instead.
    public var fix: String
    /// The SPEC rows that reproduce it.
    public var spec: [String]
    /// The page and strategy that show it live, if the lab has them.
    public var live: LiveRepro?

    /// A rule's summary from its parts.
    public init(
        id: RuleID, name: String, severity: Severity, message: String, why: String, fix: String, spec: [String],
        live: LiveRepro?
    ) {
        self.id = id
        self.name = name
        self.severity = severity
        self.message = message
        self.why = why
        self.fix = fix
        self.spec = spec
        self.live = live
    }
}
