extension CheckReport {
    /// The text format: one line per finding in the form compilers use, which editors and CI
    /// logs link to the source:
    ///
    /// ```text
    /// Sources/Toast.swift:12:9: warning: `Task` started in `onAppear` … [task-never-cancelled]
    /// ```
    ///
    /// With `explain`, the rule's why and fix follow each line, indented, and where the lab
    /// shows it live. The summary (``summary``) is not part of it: it goes to standard error.
    /// - Parameter explain: Whether to add the why, the fix and the lab's repro under each finding.
    /// - Returns: The lines, each ending in a newline; empty when nothing was found.
    public func text(explain: Bool) -> String {
        var out = ""
        for finding in findings {
            out += "\(finding.path):\(finding.line):\(finding.column): \(finding.severity.rawValue): "
            out += "\(Self.oneLine(finding.message)) [\(finding.rule.rawValue)]\n"
            if explain {
                out += Self.indented("why: " + finding.why)
                out += Self.indented("fix: " + finding.fix)
                if let live = finding.live {
                    out += Self.indented(
                        "in the lab: SPEC \(finding.spec.joined(separator: ", ")); see it live: \(live.command); "
                            + "the fix: \(live.fixCommand)")
                }
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
