import LifecycleCheckReport

/// `file-not-judged` (a note): a file the checker could not judge whole, so that no finding is
/// never taken for a clean bill. Code nested deeper than the parser builds a tree for is not
/// walked; a file larger than ``Checker/maximumFileSize`` is not parsed at all.
enum FileNotJudged: CheckRule {
    static let description = RuleDescription(
        id: .fileNotJudged, name: "File not judged", severity: .note,
        message: "this file could not be judged whole",
        why: "The checker parses each file into a syntax tree. Code nested deeper than the parser's limit (256 "
            + "levels) is left out of the tree; a file larger than 8 MB is not parsed at all, to bound the memory "
            + "a file takes; nor is one with more than 14 `[` in a row, which the parser's lookahead would take "
            + "minutes over. Whatever lies there was not checked, so no finding there means nothing.",
        fix: "Nothing to fix in the code for the lab's sake. Generated code can be left out with `excluded:` in "
            + "`.lifecycle-check.yml`; deeply nested code reads better split into functions.",
        spec: [], live: nil,
        triggeringExamples: [
            Example("let deep = " + String(repeating: "(", count: 300) + String(repeating: ")", count: 300)),
            Example("let grid = ↓" + String(repeating: "[", count: 40) + String(repeating: "]", count: 40)),
        ],
        nonTriggeringExamples: [
            Example("let shallow = " + String(repeating: "[", count: 10) + String(repeating: "]", count: 10))
        ])

    static func findings(in context: RuleContext) -> [RawFinding] {
        guard let position = context.facts.nestingOverflow else { return [] }
        return [
            RawFinding(
                rule: .fileNotJudged, position: position,
                message: "the code from here on nests deeper than the parser's limit: it was not checked")
        ]
    }

    /// The note for a run of `[` too long to parse in time, where it starts.
    static func bracketRun(_ length: Int, at offset: Int) -> RawFinding {
        RawFinding(
            rule: .fileNotJudged, position: .init(utf8Offset: offset),
            message: "\(length) `[` in a row from here take the parser too long: this file was not checked")
    }

    /// The note for a file too large to parse, at its first line.
    static func tooLarge(megabytes: Int) -> RawFinding {
        RawFinding(
            rule: .fileNotJudged, position: .init(utf8Offset: 0),
            message: "this file (\(megabytes) MB) is larger than the checker judges (8 MB): it was not checked")
    }
}
