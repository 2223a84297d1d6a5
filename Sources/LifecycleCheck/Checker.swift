import SwiftParser
import SwiftSyntax

/// Checks Swift source for the rules. Parsing only: the code need not build on this system.
///
/// ```swift
/// let findings = Checker.check(source: text, path: "Sources/Toast.swift")
/// findings.first?.rule      // .taskNeverCancelled
/// findings.first?.live      // toast, T1 → T4
/// ```
///
/// One parse and one walk per file (``ViewContextWalker``), then each rule family reads the
/// gathered facts. Any text is accepted: invalid Swift is parsed as far as it goes.
public enum Checker {
    /// Every rule family, each reporting the rules it lists.
    static var families: [any RuleFamily.Type] {
        [
            TaskLifetimeRules.self, TaskErrorDroppedRule.self, TryOptionalRule.self, TaskBagRules.self,
            ScenePhaseRule.self,
        ]
    }

    /// Lines shown before and after a finding's line in its excerpt.
    static let excerptContext = 2

    /// The findings in one file's text, in line, column and rule order.
    /// - Parameters:
    ///   - source: The file's text.
    ///   - path: The path to report, as the person gave it.
    public static func check(source: String, path: String) -> [Finding] {
        let file = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: path, tree: file)
        let walker = ViewContextWalker(file: file, converter: converter)
        walker.walk(file)
        let context = RuleContext(facts: walker.facts, converter: converter)
        let raw = families.flatMap { $0.findings(in: context) }
        guard !raw.isEmpty else { return [] }

        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.last == "\r" ? line.dropLast() : line
        }
        var seen: Set<String> = []
        var findings: [Finding] = []
        for match in raw {
            let location = converter.location(for: match.position)
            guard
                !Directive.applies(
                    "ignore:" + match.rule.rawValue, toLine: location.line, in: context.facts.directives),
                seen.insert("\(match.rule) \(location.line) \(location.column)").inserted
            else { continue }
            let first = max(1, location.line - excerptContext)
            let last = min(lines.count, location.line + excerptContext)
            let excerpt = first <= last ? lines[(first - 1)..<last].joined(separator: "\n") : ""
            findings.append(
                Finding(
                    rule: match.rule, path: path, line: location.line, column: location.column,
                    message: match.message, live: match.live, excerpt: excerpt, excerptStartLine: first))
        }
        return findings.sorted { ($0.line, $0.column, $0.rule.rawValue) < ($1.line, $1.column, $1.rule.rawValue) }
    }
}
