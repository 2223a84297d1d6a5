extension CheckReport {
    /// The text format: one compiler-style line per finding, which editors and CI logs link to
    /// the source, e.g.
    ///
    /// ```text
    /// Sources/Toast.swift:12:9: warning: [task-never-cancelled] … (SPEC T1, B1; see it live: lifecycle-lab --page toast --strategy T1)
    /// ```
    ///
    /// With `explain`, the rule's why and fix follow each line, indented. The summary
    /// (``summary``) is not part of it: it goes to standard error.
    /// - Parameter explain: Whether to add the why and the fix under each finding.
    /// - Returns: The lines, each ending in a newline; empty when nothing was found.
    public func text(explain: Bool) -> String {
        var out = ""
        for finding in findings {
            let words = finding.rule.rule
            let live = finding.live
            out += "\(finding.path):\(finding.line):\(finding.column): \(finding.severity.rawValue): "
            out += "[\(finding.rule.rawValue)] \(Self.oneLine(finding.message)) "
            out += "(SPEC \(words.spec.joined(separator: ", ")); see it live: \(live.command))\n"
            if explain {
                out += Self.indented("why: " + words.why)
                out += Self.indented(
                    "fix: " + words.fix + " (compare: lifecycle-lab --page \(live.page) --strategy \(live.fix))")
            }
        }
        return out
    }

    /// A message on one line: a line break would split the finding in a compiler-style reader.
    static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }

    /// Each line of `text` indented by four spaces, each ending in a newline.
    static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)\n" }.joined()
    }
}
