public import LifecycleCheckReport

/// A rule's description: its words, its place in the lab and its examples, in the spirit of
/// SwiftLint's `RuleDescription`. Each rule's file holds its description beside its search, and
/// one test runs every rule's examples both ways.
///
/// In an example, `↓` marks where the rule must report (the column of the construct after it);
/// a triggering example has at least one mark, a non-triggering one none.
public struct RuleDescription: Sendable {
    public let id: RuleID
    /// A few words for lists: "Task never cancelled".
    public let name: String
    /// How loud it is unless the configuration says otherwise.
    public let severity: Severity
    /// The general message, as in a compiler warning; each finding may say it for its place.
    public let message: String
    /// Why it is a defect, and what the lab shows of it.
    public let why: String
    /// What to write instead.
    public let fix: String
    /// The SPEC rows that reproduce it.
    public let spec: [String]
    /// The page and strategy that show it live, and the fix to compare it with; `nil` when the
    /// lab has none.
    public let live: LiveRepro?
    /// Code the rule reports, `↓` before each construct it reports.
    public let triggeringExamples: [Example]
    /// Code in the shapes real apps use that the rule must leave alone.
    public let nonTriggeringExamples: [Example]

    /// The description as a report carries it, with this run's severity.
    public func summary(severity: Severity? = nil) -> RuleSummary {
        RuleSummary(
            id: id, name: name, severity: severity ?? self.severity, message: message, why: why, fix: fix,
            spec: spec, live: live)
    }
}

/// A piece of code a rule's description shows, and where it is written (for a test's message).
public struct Example: Sendable, ExpressibleByStringLiteral {
    /// The code, with `↓` marks in a triggering example (one with no mark only asks for a
    /// finding somewhere: where the parser gives up on deep nesting depends on its build).
    public let code: String
    /// The source file and line of the example, so a failing test points at it.
    public let file: String
    public let line: Int

    public init(_ code: String, file: StaticString = #filePath, line: UInt = #line) {
        self.code = code
        self.file = "\(file)"
        self.line = Int(line)
    }

    public init(stringLiteral code: String) {
        self.init(code)
    }

    /// The mark that shows where a finding is expected.
    public static let marker: Character = "↓"

    /// The code without its marks.
    public var source: String { code.filter { $0 != Self.marker } }

    /// Where the marks are, as 1-based lines and UTF-8 columns of the code without them.
    public var markedPositions: [(line: Int, column: Int)] {
        var positions: [(line: Int, column: Int)] = []
        var line = 1
        var column = 1
        for character in code {
            if character == Self.marker {
                positions.append((line, column))
            } else if character == "\n" {
                line += 1
                column = 1
            } else {
                column += character.utf8.count
            }
        }
        return positions
    }
}

/// One rule: its description and its search over a file's facts.
protocol CheckRule {
    static var description: RuleDescription { get }
    /// Every match in the file.
    static func findings(in context: RuleContext) -> [RawFinding]
}
