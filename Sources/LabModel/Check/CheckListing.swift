import Gettext

/// A report as the Check page lists it: one heading row per file, its findings under it, the
/// files' paths relative to the folder the person opened.
///
/// The rows are what the page's virtualized list holds (``rowIDs``: short strings), so a
/// report of thousands of findings costs thousands of strings, and only the rows in view get
/// widgets.
///
/// ```swift
/// let listing = CheckListing(report: report, base: "/home/me/MyApp")
/// listing.rows        // [.file(0), .finding(0), .finding(1), .file(1), .finding(2)]
/// listing.displayPath(of: 0)   // "Sources/ToastView.swift"
/// ```
public struct CheckListing: Sendable {
    /// One row of the list.
    public enum Row: Sendable, Equatable {
        /// The heading of file group `index` (``groups``).
        case file(Int)
        /// Finding `index` of the report.
        case finding(Int)
    }

    /// A file and its findings.
    public struct Group: Sendable, Equatable {
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
    /// The files with findings, in the report's order.
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
        var index: [String: Int] = [:]
        var groupOfFinding: [Int] = []
        for (number, finding) in report.findings.enumerated() {
            let group: Int
            if let known = index[finding.path] {
                group = known
            } else {
                group = groups.count
                index[finding.path] = group
                groups.append(
                    Group(path: finding.path, displayPath: Self.relative(finding.path, to: base), findings: []))
            }
            groups[group].findings.append(number)
            groupOfFinding.append(group)
        }
        self.groups = groups
        self.groupOfFinding = groupOfFinding
        rows = groups.enumerated().flatMap { number, group in [Row.file(number)] + group.findings.map(Row.finding) }
    }

    /// The rows as the list view's IDs: "file-0", "finding-12".
    public var rowIDs: [String] { rows.map(Self.id) }

    /// A row's ID in the list view.
    /// - Parameter row: the row.
    public static func id(_ row: Row) -> String {
        switch row {
        case .file(let index): "file-\(index)"
        case .finding(let index): "finding-\(index)"
        }
    }

    /// The row an ID names, if any.
    /// - Parameter id: an ID from ``rowIDs``.
    public func row(id: String) -> Row? {
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

    /// "3 findings in 2 files" over the files read: what the results say first.
    public var summary: String {
        let findings = report.findings.count
        guard findings > 0 else {
            return trn("No findings in %{count} file", "No findings in %{count} files", report.files)
        }
        return tr(
            "%{findings} in %{files}",
            [
                "findings": trn("%{count} finding", "%{count} findings", findings),
                "files": trn("%{count} file", "%{count} files", report.files),
            ])
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
