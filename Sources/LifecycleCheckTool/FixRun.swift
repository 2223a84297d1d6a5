import LifecycleCheck
import LifecycleCheckReport

/// `--fix` and `--diff`: the findings' fixes made to their files, or shown as a unified diff.
///
/// Each file through ``FixFile``: one changed since the check, a read-only one or one whose
/// fixed text would not parse is left as it was and named on standard error; the others are
/// still fixed.
enum FixRun {
    /// One checked file with findings.
    struct File {
        /// As the person named it (the report's path).
        let path: String
        let realPath: String
        /// ``Checker/FileCheck/sourceDigest``.
        let digest: UInt64?
        let findings: [Finding]
    }

    /// Fixes (or, with `write` false, prints the diff of) `files`; returns the exit status: 2 when
    /// a file was refused, else 1 when a warning is left without a fix made, else 0.
    static func run(_ files: [File], write: Bool, unsafe: Bool) -> Int32 {
        var refused = false
        var fixedFindings = 0
        var fixedFiles = 0
        var left = 0
        var notMade = 0
        var unsafeLeft = 0
        for file in files {
            let isMade: (Finding) -> Bool = { $0.fixIt.map { $0.isSafe || unsafe } ?? false }
            let fixable = file.findings.filter(isMade)
            unsafeLeft += file.findings.count { $0.fixIt.map { !$0.isSafe && !unsafe } ?? false }
            left += file.findings.count { !isMade($0) && $0.severity.fails }
            guard !fixable.isEmpty else { continue }
            let edits = Finding.edits(of: fixable, unsafe: unsafe)
            switch FixFile.fixedText(
                of: file.realPath, checked: file.digest, edits: edits, parses: Checker.parsesCleanly)
            {
            case .failure(let reason):
                refused = true
                notMade += fixable.count
                Output.write("\(CheckReport.toolName): \(file.path): \(reason); not fixed\n", to: 2)
            case .success(let (source, fixed)):
                if write {
                    if let reason = FixFile.replace(file.realPath, source: source, with: fixed) {
                        refused = true
                        notMade += fixable.count
                        Output.write("\(CheckReport.toolName): \(file.path): \(reason); not fixed\n", to: 2)
                        continue
                    }
                    Output.write(
                        fixable.map {
                            "\($0.path):\($0.line):\($0.column): fixed: \($0.fixIt!.description) [\($0.rule)]\n"
                        }
                        .joined(), to: 1)
                } else if let diff = UnifiedDiff.make(path: file.path, source: source, edits: edits) {
                    Output.write(diff, to: 1)
                }
                fixedFindings += fixable.count
                fixedFiles += 1
            }
        }
        let findings = fixedFindings == 1 ? "finding" : "findings"
        let inFiles = "\(fixedFiles) \(fixedFiles == 1 ? "file" : "files")"
        var summary =
            write
            ? "fixed \(fixedFindings) \(findings) in \(inFiles)"
            : "\(fixedFindings) \(findings) fixable in \(inFiles) (nothing written)"
        if notMade > 0 { summary += "; \(notMade) not fixed (their files were left as they were)" }
        if unsafeLeft > 0 { summary += "; \(unsafeLeft) more with --unsafe-fixes" }
        if left > 0 { summary += "; \(left) \(left == 1 ? "warning has" : "warnings have") no fix" }
        Output.write(summary + "\n", to: 2)
        return refused ? 2 : left > 0 ? 1 : 0
    }
}
