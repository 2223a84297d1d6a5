/// How loud a finding is: a warning (or an error, by configuration) fails the check; a note is
/// a hint that says when the shape matters.
public enum Severity: String, Sendable, Codable, CaseIterable, Comparable {
    case note
    case warning
    case error

    /// Whether a finding of this severity makes the check fail (exit status 1).
    public var fails: Bool { self != .note }

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
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

    /// The command that shows it live: `lifecycle-lab --page toast --strategy T1`.
    public var command: String { "lifecycle-lab --page \(page) --strategy \(strategy)" }

    /// The command that shows the fix: `lifecycle-lab --page toast --strategy T2`.
    public var fixCommand: String { "lifecycle-lab --page \(page) --strategy \(fix)" }
}

/// The source lines around a finding, as the file has them.
public struct Excerpt: Sendable, Equatable {
    /// The 1-based number of the first line.
    public var startLine: Int
    /// The lines, joined by newlines.
    public var text: String

    /// An excerpt from its parts.
    /// - Parameters:
    ///   - startLine: the first line's number.
    ///   - text: the lines.
    public init(startLine: Int, text: String) {
        self.startLine = startLine
        self.text = text
    }

    /// The lines, each with its number.
    public var numberedLines: [(number: Int, text: Substring)] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
            (startLine + $0.offset, $0.element)
        }
    }

    /// The text of line `number`, if the excerpt holds it.
    public func line(_ number: Int) -> Substring? {
        numberedLines.first { $0.number == number }?.text
    }
}

/// One place in a file where a rule matched, with everything a reader of the report needs: the
/// message for this place, the rule's why and fix, the SPEC rows and the live repro.
public struct Finding: Sendable, Equatable {
    /// The rule that matched.
    public var rule: RuleID
    /// How loud it is (the rule's, or the configuration's).
    public var severity: Severity
    /// The file, as it was given (relative paths stay relative).
    public var path: String
    /// 1-based line of the construct (the `Task`, the `try?`, the view reference…).
    public var line: Int
    /// 1-based column of the construct, in UTF-8 bytes as compilers count.
    public var column: Int
    /// One line, as in a compiler warning, specialised to this place.
    public var message: String
    /// Why it is a defect, in the seeds' words.
    public var why: String
    /// What to write instead.
    public var fix: String
    /// The SPEC rows that reproduce it (e.g. ["T1", "B1"]).
    public var spec: [String]
    /// Where the lab shows this mistake live; `nil` for a finding the lab has no page for (a file
    /// that could not be judged).
    public var live: LiveRepro?
    /// The source lines around the finding.
    public var excerpt: Excerpt
    /// The mechanical fix, where the seeds give one that is safe here; `nil` otherwise.
    public var fixIt: FixIt?

    /// A finding from its parts.
    public init(
        rule: RuleID, severity: Severity, path: String, line: Int, column: Int, message: String, why: String,
        fix: String, spec: [String], live: LiveRepro?, excerpt: Excerpt, fixIt: FixIt? = nil
    ) {
        self.rule = rule
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.message = message
        self.why = why
        self.fix = fix
        self.spec = spec
        self.live = live
        self.excerpt = excerpt
        self.fixIt = fixIt
    }

    /// The finding's own source line, from the excerpt.
    public var sourceLine: Substring? { excerpt.line(line) }
}
