/// A `// lifecycle: …` comment: `// lifecycle: must-finish` marks a task that must outlive its
/// view (T8); `// lifecycle: ignore RULE-ID[, RULE-ID…]` silences rules. Either applies to its
/// own line and the line below it.
enum Directive {
    static let mustFinish = "must-finish"

    /// The directive's words for `comment` (`must-finish`, `ignore:task-never-cancelled` …), or
    /// `nil` when the comment is no directive.
    static func parse(comment: String) -> [String]? {
        let separators: Set<Character> = [" ", ",", "\t", "*", "/"]
        let allWords = comment.split(whereSeparator: { separators.contains($0) })
        guard let marker = allWords.firstIndex(of: "lifecycle:") else { return nil }
        let words = allWords[(marker + 1)...].map(String.init)
        guard let first = words.first else { return nil }
        if first == mustFinish { return [mustFinish] }
        if first == "ignore" { return words.dropFirst().map { "ignore:" + $0 } }
        return nil
    }

    /// Whether `directive` is written on `line` or the line above it.
    static func applies(_ directive: String, toLine line: Int, in directives: [Int: [String]]) -> Bool {
        directives[line]?.contains(directive) == true || directives[line - 1]?.contains(directive) == true
    }
}
