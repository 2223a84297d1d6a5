/// What `lifecycle-lab-check --format json` says about the code it read: the files it checked,
/// the findings (each tied to the lab's live repro) and the files it could not read.
///
/// Decoded from the checker's one JSON document (its contract: the team's checker schema)
/// with ``decode(_:)``, which refuses a document of another shape with a message naming the
/// field, so a checker of another version is reported, never half shown.
///
/// ```swift
/// let report = try CheckReport.decode(output)
/// for finding in report.findings { print(finding.path, finding.line, finding.rule) }
/// ```
public struct CheckReport: Sendable, Equatable {
    /// The checker's name (`tool.name`), "lifecycle-lab check".
    public var toolName: String
    /// The checker's version (`tool.version`).
    public var toolVersion: String
    /// How many Swift files it read (`files`).
    public var files: Int
    /// The findings, in path, line and column order.
    public var findings: [CheckFinding]
    /// The files it could not check (`errors`).
    public var errors: [CheckFileError]

    /// The name the checker gives itself in `tool.name`.
    public static let checkerName = "lifecycle-lab check"

    /// A report from its parts.
    /// - Parameters:
    ///   - toolName: `tool.name`.
    ///   - toolVersion: `tool.version`.
    ///   - files: the number of files read.
    ///   - findings: the findings.
    ///   - errors: the files that could not be checked.
    public init(
        toolName: String = CheckReport.checkerName, toolVersion: String, files: Int, findings: [CheckFinding],
        errors: [CheckFileError]
    ) {
        self.toolName = toolName
        self.toolVersion = toolVersion
        self.files = files
        self.findings = findings
        self.errors = errors
    }

    /// How many findings are warnings (bugs the lab reproduces) rather than notes (hints).
    public var warningCount: Int { findings.count { $0.severity == .warning } }

    /// Decodes the checker's JSON.
    /// - Parameter text: its standard output.
    /// - Throws: ``CheckReportError`` when the text is not JSON, or not of the checker's shape.
    public static func decode(_ text: String) throws(CheckReportError) -> CheckReport {
        let value: JSONValue
        do {
            value = try JSONValue.read(text)
        } catch {
            throw .notJSON(error)
        }
        let root = try Fields(value, path: "the document")
        let tool = try root.object("tool")
        let name = try tool.string("name")
        guard name == checkerName else {
            throw .shape(path: "tool.name", problem: "is \"\(name)\", not \"\(checkerName)\"")
        }
        return CheckReport(
            toolName: name, toolVersion: try tool.string("version"), files: try root.count("files"),
            findings: try root.array("findings").map { fields throws(CheckReportError) in
                try CheckFinding(fields)
            },
            errors: try root.array("errors").map { fields throws(CheckReportError) in
                CheckFileError(path: try fields.string("path"), message: try fields.string("message"))
            })
    }
}

/// One place in the person's code where a rule matched.
public struct CheckFinding: Sendable, Equatable {
    /// The rule's ID, e.g. "task-never-cancelled".
    public var rule: String
    /// Whether it is a bug the lab reproduces (warning) or a hint (note).
    public var severity: CheckSeverity
    /// The file, as the checker was given it.
    public var path: String
    /// 1-based line and column of the construct.
    public var line: Int
    /// 1-based column.
    public var column: Int
    /// One line, as in a compiler warning; may be specialised to this finding.
    public var message: String
    /// Why it is a bug, in the seeds' words.
    public var why: String
    /// What to write instead.
    public var fix: String
    /// The SPEC rows that reproduce it, e.g. ["T1", "B1"].
    public var spec: [String]
    /// Where the lab shows it live.
    public var live: CheckLive
    /// The lines around it.
    public var excerpt: CheckExcerpt

    /// A finding from its parts.
    /// - Parameters:
    ///   - rule: the rule's ID.
    ///   - severity: warning or note.
    ///   - path: the file.
    ///   - line: 1-based line.
    ///   - column: 1-based column.
    ///   - message: the one-line message.
    ///   - why: why it is a bug.
    ///   - fix: what to write instead.
    ///   - spec: the SPEC rows.
    ///   - live: where the lab shows it live.
    ///   - excerpt: the lines around it.
    public init(
        rule: String, severity: CheckSeverity, path: String, line: Int, column: Int, message: String, why: String,
        fix: String, spec: [String], live: CheckLive, excerpt: CheckExcerpt
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
    }

    init(_ fields: Fields) throws(CheckReportError) {
        let severityText = try fields.string("severity")
        guard let severity = CheckSeverity(rawValue: severityText) else {
            throw .shape(path: fields.path + ".severity", problem: "is \"\(severityText)\", not warning or note")
        }
        let live = try fields.object("live")
        let excerpt = try fields.object("excerpt")
        self.init(
            rule: try fields.string("rule"), severity: severity, path: try fields.string("path"),
            line: try fields.position("line"), column: try fields.position("column"),
            message: try fields.string("message"), why: try fields.string("why"), fix: try fields.string("fix"),
            spec: try fields.strings("spec"),
            live: CheckLive(
                page: try live.string("page"), strategy: try live.string("strategy"), fix: try live.string("fix")),
            excerpt: CheckExcerpt(startLine: try excerpt.position("startLine"), text: try excerpt.string("text")))
    }
}

/// How loud a finding is.
public enum CheckSeverity: String, Sendable, Equatable, CaseIterable {
    /// A bug the lab reproduces.
    case warning
    /// A hint.
    case note
}

/// Where the lab reproduces a finding: the page (`lifecycle-lab --list-pages`), the strategy
/// with the bug, and the strategy that fixes it.
public struct CheckLive: Sendable, Equatable {
    /// The page's name, e.g. "toast".
    public var page: String
    /// The buggy strategy, e.g. "T1".
    public var strategy: String
    /// The fix, e.g. "T4".
    public var fix: String

    /// Names a live repro.
    /// - Parameters:
    ///   - page: the page's name.
    ///   - strategy: the buggy strategy's SPEC ID.
    ///   - fix: the fixing strategy's SPEC ID.
    public init(page: String, strategy: String, fix: String) {
        self.page = page
        self.strategy = strategy
        self.fix = fix
    }

    /// The page, if this lab has one by that name.
    public var pageDescriptor: PageDescriptor? { LabCatalog.page(named: page) }

    /// The buggy strategy, if it is one of the page's.
    public var strategyID: AnyStrategyID? { Self.strategy(strategy, on: pageDescriptor) }

    /// The fixing strategy, if it is one of the page's.
    public var fixID: AnyStrategyID? { Self.strategy(fix, on: pageDescriptor) }

    /// The two toast strategies to compare side by side (the compare window runs the toast
    /// repro), when the live page is the toast page and both are its strategies.
    public var toastComparison: (bug: ToastStrategyID, fix: ToastStrategyID)? {
        guard pageDescriptor?.id == .toast, let bug = strategyID?.as(ToastStrategyID.self),
            let fix = fixID?.as(ToastStrategyID.self)
        else { return nil }
        return (bug, fix)
    }

    private static func strategy(_ text: String, on page: PageDescriptor?) -> AnyStrategyID? {
        guard let page else { return nil }
        return try? AnyStrategyID.parse(text, among: page.strategies)
    }
}

/// The source lines around a finding, as the file has them.
public struct CheckExcerpt: Sendable, Equatable {
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
}

/// A file the checker could not check, and why (`cannot read: Permission denied`).
public struct CheckFileError: Sendable, Equatable {
    /// The file, as given.
    public var path: String
    /// Why.
    public var message: String

    /// An error from its parts.
    /// - Parameters:
    ///   - path: the file.
    ///   - message: why it could not be checked.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }
}

/// Why a checker's output is not a report.
public enum CheckReportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The output could not be read as text (not UTF-8), with the system's reason.
    case notText(String)
    /// The text is not JSON.
    case notJSON(JSONReadError)
    /// The JSON is not of the checker's shape: the field (`findings[2].line`) and what is wrong.
    case shape(path: String, problem: String)

    /// "findings[2].line: expected an integer, found a string".
    public var description: String {
        switch self {
        case .notText(let reason): "not UTF-8 text: \(reason)"
        case .notJSON(let error): "not JSON: \(error)"
        case .shape(let path, let problem): "\(path) \(problem)"
        }
    }
}

/// An object of the document and its path, for reading its members with messages that name them.
struct Fields {
    let members: [String: JSONValue]
    let path: String

    init(_ value: JSONValue, path: String) throws(CheckReportError) {
        guard case .object(let members) = value else {
            throw .shape(path: path, problem: "should be an object, not \(value.kindName)")
        }
        self.members = members
        self.path = path
    }

    private func member(_ key: String) throws(CheckReportError) -> JSONValue {
        guard let value = members[key] else { throw .shape(path: name(key), problem: "is missing") }
        return value
    }

    private func name(_ key: String) -> String { path == "the document" ? key : "\(path).\(key)" }

    func string(_ key: String) throws(CheckReportError) -> String {
        let value = try member(key)
        guard case .string(let text) = value else {
            throw .shape(path: name(key), problem: "should be a string, not \(value.kindName)")
        }
        return text
    }

    func integer(_ key: String) throws(CheckReportError) -> Int {
        let value = try member(key)
        guard case .integer(let number) = value else {
            throw .shape(path: name(key), problem: "should be an integer, not \(value.kindName)")
        }
        return number
    }

    /// A line or column: an integer from 1.
    func position(_ key: String) throws(CheckReportError) -> Int {
        let number = try integer(key)
        guard number >= 1 else { throw .shape(path: name(key), problem: "should be 1 or more, not \(number)") }
        return number
    }

    /// A count: an integer from 0.
    func count(_ key: String) throws(CheckReportError) -> Int {
        let number = try integer(key)
        guard number >= 0 else { throw .shape(path: name(key), problem: "should be 0 or more, not \(number)") }
        return number
    }

    func object(_ key: String) throws(CheckReportError) -> Fields {
        try Fields(try member(key), path: name(key))
    }

    func array(_ key: String) throws(CheckReportError) -> [Fields] {
        let value = try member(key)
        guard case .array(let elements) = value else {
            throw .shape(path: name(key), problem: "should be an array, not \(value.kindName)")
        }
        var out: [Fields] = []
        for (index, element) in elements.enumerated() {
            out.append(try Fields(element, path: "\(name(key))[\(index)]"))
        }
        return out
    }

    func strings(_ key: String) throws(CheckReportError) -> [String] {
        let value = try member(key)
        guard case .array(let elements) = value else {
            throw .shape(path: name(key), problem: "should be an array, not \(value.kindName)")
        }
        var out: [String] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let text) = element else {
                throw .shape(path: "\(name(key))[\(index)]", problem: "should be a string, not \(element.kindName)")
            }
            out.append(text)
        }
        return out
    }
}
