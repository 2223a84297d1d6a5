/// What one run of the checker found: the files it checked, the findings in them and the
/// inputs it could not check. `lifecycle-lab-check` prints it in one of three formats
/// (``text(explain:)``, ``json()``, ``sarif()``) and exits with ``exitStatus``.
public struct CheckReport: Sendable, Equatable {
    /// The tool's name in the JSON and SARIF output.
    public static let toolName = "lifecycle-lab check"
    /// The version of the checker and of its output formats.
    public static let version = "1.0.0"

    /// How many Swift files were checked.
    public var files: Int
    /// The findings, in path, line, column order.
    public var findings: [Finding]
    /// The inputs that could not be checked (missing, unreadable, not Swift), in the order met.
    public var errors: [InputError]

    /// A report; the findings are put in path, line, column order.
    /// - Parameters:
    ///   - files: How many Swift files were checked.
    ///   - findings: The findings of all files, in any order.
    ///   - errors: The inputs that could not be checked.
    public init(files: Int, findings: [Finding], errors: [InputError] = []) {
        self.files = files
        self.findings = findings.sorted(by: Self.precedes)
        self.errors = errors
    }

    /// 0 when nothing was found (notes alone are hints, not failures), 1 when a warning was,
    /// 2 when an input could not be checked (its other files were still checked and reported).
    public var exitStatus: Int32 {
        if !errors.isEmpty { return 2 }
        return findings.contains { $0.severity == .warning } ? 1 : 0
    }

    /// The line the text format ends with, on standard error: "3 findings in 12 files",
    /// "no findings in 1 file".
    public var summary: String {
        let count = findings.count
        let found = count == 0 ? "no findings" : count == 1 ? "1 finding" : "\(count) findings"
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

extension Finding {
    /// The finding's own source line, from the excerpt.
    var sourceLine: String? {
        let lines = excerpt.split(separator: "\n", omittingEmptySubsequences: false)
        let index = line - excerptStartLine
        guard lines.indices.contains(index) else { return nil }
        return String(lines[index])
    }
}

extension LiveRepro {
    /// The command that shows it live: `lifecycle-lab --page toast --strategy T1`.
    var command: String { "lifecycle-lab --page \(page) --strategy \(strategy)" }
}
