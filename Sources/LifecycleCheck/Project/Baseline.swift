import LabJSON
public import LifecycleCheckReport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Findings accepted as they are today: `--write-baseline FILE` records them, `--baseline FILE`
/// reports only the findings that are not in it, so CI fails only on new ones.
///
/// A finding is known by its file (relative to the baseline's folder, so the file works in any
/// clone), its rule and the text of its line, not its line number: code added above it does not
/// make it new. Two findings alike count twice.
///
/// ```json
/// {"tool":"lifecycle-lab check","version":1,"findings":[
/// {"path":"Sources/Toast.swift","rule":"task-never-cancelled","line":"Task {"}
/// ]}
/// ```
public struct Baseline: Equatable, Sendable {
    /// One accepted finding.
    public struct Entry: Hashable, Sendable {
        public var path: String
        public var rule: String
        /// The finding's source line, without the spaces around it.
        public var line: String
    }

    public var entries: [Entry]

    /// A baseline of these entries.
    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// The entry for `finding`, made from the real path of its file.
    public static func entry(_ finding: Finding, realPath: String, relativeTo folder: String) -> Entry {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        let path = realPath.hasPrefix(prefix) ? String(realPath.dropFirst(prefix.count)) : realPath
        let line = finding.sourceLine.map { $0.trimmingSpaces } ?? ""
        return Entry(path: path, rule: finding.rule.rawValue, line: line)
    }

    /// The findings that are not in the baseline; each entry excuses one finding.
    public func newFindings(_ findings: [(finding: Finding, realPath: String)], relativeTo folder: String) -> [Finding]
    {
        var remaining: [Entry: Int] = [:]
        for entry in entries { remaining[entry, default: 0] += 1 }
        return findings.compactMap { item in
            let entry = Self.entry(item.finding, realPath: item.realPath, relativeTo: folder)
            guard let count = remaining[entry], count > 0 else { return item.finding }
            remaining[entry] = count - 1
            return nil
        }
    }

    /// The file's text: one entry a line, in order, so a changed baseline reads well in a diff.
    public var text: String {
        let lines = entries.sorted { ($0.path, $0.line, $0.rule) < ($1.path, $1.line, $1.rule) }.map { entry in
            JSONValue.object(["path": .string(entry.path), "rule": .string(entry.rule), "line": .string(entry.line)])
                .compactText
        }
        return #"{"tool":"lifecycle-lab check","version":1,"findings":["# + "\n" + lines.joined(separator: ",\n")
            + (lines.isEmpty ? "" : "\n") + "]}\n"
    }

    /// Why a baseline file cannot be used.
    public struct Problem: Error, Equatable {
        public let message: String
    }

    /// Reads a baseline file's text.
    public static func parse(_ text: String, path: String) throws(Problem) -> Baseline {
        let document: JSONValue
        do {
            document = try JSONValue.read(text)
        } catch {
            throw Problem(message: "\(path): not a baseline (not JSON: \(error))")
        }
        guard case .integer(1)? = document["version"], case .array(let items)? = document["findings"] else {
            throw Problem(
                message: "\(path): not a baseline of this checker (it wants \"version\": 1 and a \"findings\" list; "
                    + "write one with --write-baseline)")
        }
        var entries: [Entry] = []
        for (index, item) in items.enumerated() {
            guard case .string(let path)? = item["path"], case .string(let rule)? = item["rule"],
                case .string(let line)? = item["line"]
            else {
                throw Problem(message: "\(path): findings[\(index)] needs \"path\", \"rule\" and \"line\" strings")
            }
            entries.append(Entry(path: path, rule: rule, line: line))
        }
        return Baseline(entries: entries)
    }
}

extension Substring {
    /// The text without the spaces and tabs around it.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
