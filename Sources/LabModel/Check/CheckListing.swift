import Gettext
public import LifecycleCheckReport

/// A report as the Check page lists it: the warnings first, then the notes, each part a heading
/// and its files, each file a heading row and its findings, the paths relative to the folder the
/// person opened.
///
/// The rows are what the page's virtualized list holds (``rowIDs``: short strings), so a
/// report of thousands of findings costs thousands of strings, and only the rows in view get
/// widgets.
///
/// ```swift
/// let listing = CheckListing(report: report, base: "/home/me/MyApp")
/// listing.rows        // [.part(.warnings), .file(0), .finding(0), .part(.notes), .file(1), .finding(1)]
/// listing.displayPath(of: 0)   // "Sources/ToastView.swift"
/// ```
public struct CheckListing: Sendable {
    /// The two parts of the list: the findings that fail a check, and the hints.
    public enum Part: String, Sendable, Equatable, CaseIterable {
        /// Warnings (and errors, where the configuration makes a rule one).
        case warnings
        /// Notes: hints that do not fail a check.
        case notes

        /// The part a severity belongs to.
        public init(_ severity: Severity) {
            self = severity.fails ? .warnings : .notes
        }
    }

    /// One row of the list.
    public enum Row: Sendable, Equatable {
        /// The heading of a part.
        case part(Part)
        /// The heading of file group `index` (``groups``).
        case file(Int)
        /// Finding `index` of the report.
        case finding(Int)
    }

    /// A file and its findings of one part.
    public struct Group: Sendable, Equatable {
        /// The part the group is in.
        public var part: Part
        /// The path as the checker reported it.
        public var path: String
        /// The path shown: relative to the folder opened.
        public var displayPath: String
        /// The indices of its findings in the report.
        public var findings: [Int]
    }

    /// The report listed.
    public let report: CheckReport
    /// The folder paths are shown relative to.
    public let base: String
    /// The files with findings, warnings' first, each in the report's order.
    public let groups: [Group]
    /// The rows, headings and findings, in order.
    public let rows: [Row]
    /// For each finding, its group.
    private let groupOfFinding: [Int]

    /// Lists `report` with paths relative to `base`.
    /// - Parameters:
    ///   - report: the checker's report.
    ///   - base: the folder opened (``base(of:isFolder:)``); "" shows paths as reported.
    public init(report: CheckReport, base: String) {
        self.report = report
        self.base = base
        var groups: [Group] = []
        var groupOfFinding = [Int](repeating: 0, count: report.findings.count)
        var rows: [Row] = []
        for part in Part.allCases {
            var index: [String: Int] = [:]
            let first = groups.count
            for (number, finding) in report.findings.enumerated() where Part(finding.severity) == part {
                let group: Int
                if let known = index[finding.path] {
                    group = known
                } else {
                    group = groups.count
                    index[finding.path] = group
                    groups.append(
                        Group(
                            part: part, path: finding.path, displayPath: Self.relative(finding.path, to: base),
                            findings: []))
                }
                groups[group].findings.append(number)
                groupOfFinding[number] = group
            }
            guard groups.count > first else { continue }
            rows.append(.part(part))
            for number in first..<groups.count {
                rows.append(.file(number))
                rows += groups[number].findings.map(Row.finding)
            }
        }
        self.groups = groups
        self.groupOfFinding = groupOfFinding
        self.rows = rows
    }

    /// How many findings a part holds.
    public func count(of part: Part) -> Int {
        report.findings.count { Part($0.severity) == part }
    }

    /// The rows as the list view's IDs: "file-0", "finding-12".
    public var rowIDs: [String] { rows.map(Self.id) }

    /// A row's ID in the list view.
    /// - Parameter row: the row.
    public static func id(_ row: Row) -> String {
        switch row {
        case .part(let part): "part-\(part.rawValue)"
        case .file(let index): "file-\(index)"
        case .finding(let index): "finding-\(index)"
        }
    }

    /// The row an ID names, if any.
    /// - Parameter id: an ID from ``rowIDs``.
    public func row(id: String) -> Row? {
        if id.hasPrefix("part-"), let part = Part(rawValue: String(id.dropFirst(5))) { return .part(part) }
        if id.hasPrefix("file-"), let index = Int(id.dropFirst(5)), groups.indices.contains(index) {
            return .file(index)
        }
        if id.hasPrefix("finding-"), let index = Int(id.dropFirst(8)), report.findings.indices.contains(index) {
            return .finding(index)
        }
        return nil
    }

    /// The shown path of finding `index`'s file.
    /// - Parameter index: the finding's index in the report.
    public func displayPath(of index: Int) -> String { groups[groupOfFinding[index]].displayPath }

    /// "3 warnings and 2 notes in 12 files" over the files read: what the results say first, in
    /// the words of the command line's summary.
    public var summary: String {
        let warnings = count(of: .warnings)
        let notes = count(of: .notes)
        guard warnings + notes > 0 else {
            return trn("No findings in %{count} file", "No findings in %{count} files", report.files)
        }
        let files = trn("%{count} file", "%{count} files", report.files)
        let warningWords = trn("%{count} warning", "%{count} warnings", warnings)
        let noteWords = trn("%{count} note", "%{count} notes", notes)
        if notes == 0 { return tr("%{findings} in %{files}", ["findings": warningWords, "files": files]) }
        if warnings == 0 { return tr("%{findings} in %{files}", ["findings": noteWords, "files": files]) }
        return tr(
            "%{warnings} and %{notes} in %{files}", ["warnings": warningWords, "notes": noteWords, "files": files])
    }

    /// The folder the opened `paths` share, to show the report's paths from: a folder opened is
    /// its own base, a file's is the folder it is in; for several, the deepest folder holding
    /// them all ("/" at worst). "" for no paths.
    /// - Parameters:
    ///   - paths: the files and folders opened (absolute, as a file chooser or a drop gives them).
    ///   - isFolder: whether a path is a folder.
    public static func base(of paths: [String], isFolder: (String) -> Bool) -> String {
        let folders = paths.map { path -> [Substring] in
            let parts = path.split(separator: "/")
            return isFolder(path) ? parts : Array(parts.dropLast())
        }
        guard var common = folders.first else { return "" }
        for folder in folders.dropFirst() {
            var count = 0
            while count < min(common.count, folder.count), common[count] == folder[count] { count += 1 }
            common = Array(common.prefix(count))
        }
        let absolute = paths.first?.hasPrefix("/") ?? true
        let joined = common.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// `path` relative to the folder `base` when it lies inside it; else `path` unchanged.
    /// - Parameters:
    ///   - path: a path the checker reported.
    ///   - base: the folder paths are shown from.
    public static func relative(_ path: String, to base: String) -> String {
        guard !base.isEmpty else { return path }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        guard path.hasPrefix(prefix), path.count > prefix.count else { return path }
        return String(path.dropFirst(prefix.count))
    }
}
