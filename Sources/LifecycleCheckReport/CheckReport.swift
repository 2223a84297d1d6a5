/// What one run of the checker found: the files it checked, the findings in them and the
/// inputs it could not check. `lifecycle-lab-check` prints it in one of three formats
/// (``text(explain:)``, ``json()``, ``sarif()``) and exits with ``exitStatus``; the app's Check
/// page reads the JSON back with ``decode(_:)``.
///
/// ```swift
/// let report = try CheckReport.decode(output)
/// for finding in report.warnings { print(finding.path, finding.line, finding.rule) }
/// ```
public struct CheckReport: Sendable, Equatable {
    /// The tool's name in the JSON and SARIF output.
    public static let toolName = "lifecycle-lab check"
    /// The version of the checker and of its output formats.
    public static let version = "2.0.0"

    /// The checker's version, as the report says (`tool.version`).
    public var toolVersion: String
    /// How many Swift files were checked.
    public var files: Int
    /// The findings, in path, line, column order.
    public var findings: [Finding]
    /// The inputs that could not be checked (missing, unreadable, not Swift), in the order met.
    public var errors: [InputError]
    /// The rules that ran, with their severities in this run (SARIF's driver lists them); empty
    /// in a report read back from JSON.
    public var rules: [RuleSummary]

    /// A report; the findings are put in path, line, column order.
    /// - Parameters:
    ///   - files: How many Swift files were checked.
    ///   - findings: The findings of all files, in any order.
    ///   - errors: The inputs that could not be checked.
    ///   - rules: The rules that ran.
    ///   - toolVersion: The checker's version.
    public init(
        files: Int, findings: [Finding], errors: [InputError] = [], rules: [RuleSummary] = [],
        toolVersion: String = CheckReport.version
    ) {
        self.files = files
        self.findings = findings.sorted(by: Self.precedes)
        self.errors = errors
        self.rules = rules
        self.toolVersion = toolVersion
    }

    /// The findings that fail the check (warnings and errors), in order.
    public var warnings: [Finding] { findings.filter { $0.severity.fails } }
    /// The hints, in order.
    public var notes: [Finding] { findings.filter { !$0.severity.fails } }

    /// 0 when nothing was found (notes alone are hints, not failures), 1 when a warning was,
    /// 2 when an input could not be checked (its other files were still checked and reported).
    public var exitStatus: Int32 { exitStatus(failingAt: .warning) }

    /// The exit status when only findings of `threshold` or above fail the check (`--fail-on`).
    public func exitStatus(failingAt threshold: Severity) -> Int32 {
        if !errors.isEmpty { return 2 }
        return findings.contains { $0.severity.fails && $0.severity >= threshold } ? 1 : 0
    }

    /// The line the text format ends with, on standard error: "2 warnings and 1 note in 12
    /// files", "no findings in 1 file".
    public var summary: String {
        let warningCount = warnings.count
        let noteCount = findings.count - warningCount
        var parts: [String] = []
        if warningCount > 0 { parts.append(warningCount == 1 ? "1 warning" : "\(warningCount) warnings") }
        if noteCount > 0 { parts.append(noteCount == 1 ? "1 note" : "\(noteCount) notes") }
        let found = parts.isEmpty ? "no findings" : parts.joined(separator: " and ")
        return "\(found) in \(files) \(files == 1 ? "file" : "files")"
    }

    /// Path (by UTF-8 bytes, so the order does not depend on the locale), then line, then column.
    static func precedes(_ a: Finding, _ b: Finding) -> Bool {
        if a.path != b.path { return a.path.utf8.lexicographicallyPrecedes(b.path.utf8) }
        if a.line != b.line { return a.line < b.line }
        if a.column != b.column { return a.column < b.column }
        return a.rule.rawValue < b.rule.rawValue
    }
}

/// An input the checker could not check, and why: a missing path, an unreadable file, a file
/// that is not Swift source.
public struct InputError: Error, Sendable, Equatable {
    /// The path as it was given (or as the folder walk found it).
    public var path: String
    /// Why, e.g. "no such file or folder", "cannot read: Permission denied".
    public var message: String

    /// An input error.
    /// - Parameters:
    ///   - path: The path as it was given.
    ///   - message: Why it could not be checked.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// The line on standard error: `lifecycle-lab check: PATH: reason`.
    public var line: String { "\(CheckReport.toolName): \(path): \(message)" }
}
