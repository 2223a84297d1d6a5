/// One place in a file where a rule matched.
public struct Finding: Sendable, Equatable, Codable {
    /// The rule that matched.
    public let rule: RuleID
    /// The file, as it was given (relative paths stay relative).
    public let path: String
    /// 1-based line of the construct (the `Task`, the `try?`, the view reference…).
    public let line: Int
    /// 1-based column of the construct, in UTF-8 bytes as compilers count.
    public let column: Int
    /// The rule's message, specialised to this place (which modifier, which property).
    public let message: String
    /// Where the lab shows this mistake live; for `task-never-cancelled` it depends on the place
    /// (a button action shows the button page's B1, `onAppear` the toast's T1).
    public let live: LiveRepro
    /// The source lines around the finding, as written, for the page and the JSON format.
    public let excerpt: String
    /// The 1-based line number of the excerpt's first line.
    public let excerptStartLine: Int

    /// The rule's severity.
    public var severity: Severity { rule.rule.severity }

    /// Makes a finding.
    /// - Parameters:
    ///   - rule: The rule that matched.
    ///   - path: The file, as it was given.
    ///   - line: 1-based line of the construct.
    ///   - column: 1-based column of the construct.
    ///   - message: The message for this place; `nil` takes the rule's own.
    ///   - live: The live repro for this place; `nil` takes the rule's own.
    ///   - excerpt: The source lines around the finding.
    ///   - excerptStartLine: The 1-based line number of the excerpt's first line.
    public init(
        rule: RuleID, path: String, line: Int, column: Int, message: String? = nil, live: LiveRepro? = nil,
        excerpt: String, excerptStartLine: Int
    ) {
        self.rule = rule
        self.path = path
        self.line = line
        self.column = column
        self.message = message ?? rule.rule.message
        self.live = live ?? rule.rule.live
        self.excerpt = excerpt
        self.excerptStartLine = excerptStartLine
    }
}
