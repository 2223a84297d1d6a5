/// One place in a file where a rule matched.
public struct Finding: Sendable, Equatable, Codable {
    /// The rule that matched.
    public let rule: RuleID
    /// The file, as it was given (relative paths stay relative).
    public let path: String
    /// 1-based line and column of the construct (the `Task`, the `try?`, the closure…).
    public let line: Int
    public let column: Int
    /// The source lines around the finding, as written, for the page and the JSON format.
    public let excerpt: String
    /// The 1-based line number of the excerpt's first line.
    public let excerptStartLine: Int

    public init(rule: RuleID, path: String, line: Int, column: Int, excerpt: String, excerptStartLine: Int) {
        self.rule = rule
        self.path = path
        self.line = line
        self.column = column
        self.excerpt = excerpt
        self.excerptStartLine = excerptStartLine
    }
}

/// Checks Swift source for the rules. Parsing only: the code need not build on this system.
public enum Checker {
    /// The findings in one file's text, in source order.
    /// - Parameters:
    ///   - source: The file's text.
    ///   - path: The path to report, as the person gave it.
    public static func check(source: String, path: String) -> [Finding] {
        []
    }
}
