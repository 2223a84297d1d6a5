import LifecycleCheckReport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `.lifecycle-check.yml`, in SwiftLint's conventions: the nearest one above a checked file
/// applies to it (or the one `--config` names, to every file).
///
/// ```yaml
/// disabled_rules:            # rules that do not run
///   - task-outlives-view
/// excluded:                  # paths and globs, from this file's folder; not walked into
///   - Pods
///   - "**/Generated"
/// no-scene-phase: warning    # a rule's severity: error, warning or note
/// task-error-dropped:
///   severity: note
/// ```
public struct Configuration: Equatable, Sendable {
    /// The file's name, looked for in a checked file's folder and each folder above it.
    public static let fileName = ".lifecycle-check.yml"

    /// The configuration file, as found or given.
    public var path: String
    /// The folder `excluded` paths are relative to: the file's own.
    public var folder: String
    public var rules = RuleSet()
    /// Absolute paths or globs (with `*`) of what is not checked.
    public var excluded: [String] = []

    /// Why a configuration file cannot be used: one line, naming the file and the place.
    public struct Problem: Error, Equatable {
        public let message: String
    }

    /// Reads the configuration file at `path` (its real path; `folder` is its folder).
    public static func load(path: String, folder: String) throws(Problem) -> Configuration {
        let text: String
        switch SourceFiles.read(path) {
        case .success(let contents): text = contents
        case .failure(let error): throw Problem(message: "\(path): \(error.message)")
        }
        return try parse(text, path: path, folder: folder)
    }

    /// Reads a configuration's text.
    public static func parse(_ text: String, path: String, folder: String) throws(Problem) -> Configuration {
        var configuration = Configuration(path: path, folder: folder)
        let root: ConfigYAML.Node?
        do {
            root = try ConfigYAML.parse(text)
        } catch {
            throw Problem(message: "\(path):\(error.mark.line):\(error.mark.column): \(error.message)")
        }
        guard let root else { return configuration }  // an empty file: the defaults
        guard let mapping = root.mapping else {
            throw problem(
                path, root.mark, "the file should be a mapping of keys (disabled_rules, excluded, a rule's ID)")
        }
        for (key, keyMark, value) in mapping {
            switch key {
            case "disabled_rules":
                for item in try strings(value, path: path, key: key) {
                    configuration.rules.disabled.insert(try rule(item.text, path: path, node: item.node))
                }
            case "excluded":
                configuration.excluded = try strings(value, path: path, key: key).map { item in
                    item.text.hasPrefix("/") ? item.text : folder + "/" + item.text
                }
            default:
                guard let id = RuleID(rawValue: key) else {
                    throw problem(
                        path, keyMark,
                        "unknown key '\(key)'; valid: disabled_rules, excluded, or a rule's ID (lifecycle-lab check --help)"
                    )
                }
                configuration.rules.severities[id] = try severity(of: value, path: path, key: key)
            }
        }
        return configuration
    }

    /// Whether `file` (a real path) lies in an excluded path or matches an excluded glob.
    public func excludes(_ file: String) -> Bool {
        excluded.contains { pattern in
            if pattern.contains("*") || pattern.contains("?") || pattern.contains("[") {
                // `**/x` and `x/**`: any depth, as people write them.
                return fnmatch(pattern, file, 0) == 0 || fnmatch(pattern + "/*", file, 0) == 0
            }
            let prefix = pattern.hasSuffix("/") ? String(pattern.dropLast()) : pattern
            return file == prefix || file.hasPrefix(prefix + "/")
        }
    }

    // MARK: Reading values

    private static func strings(_ node: ConfigYAML.Node, path: String, key: String) throws(Problem)
        -> [(text: String, node: ConfigYAML.Node)]
    {
        if let text = node.string { return text.isEmpty ? [] : [(text, node)] }
        guard let list = node.list else { throw problem(path, node.mark, "'\(key)' should be a list") }
        var items: [(String, ConfigYAML.Node)] = []
        for item in list {
            guard let text = item.string else { throw problem(path, item.mark, "'\(key)' should list words or paths") }
            items.append((text, item))
        }
        return items
    }

    private static func rule(_ text: String, path: String, node: ConfigYAML.Node) throws(Problem) -> RuleID {
        guard let id = RuleID(rawValue: text) else {
            let valid = RuleID.allCases.map(\.rawValue).joined(separator: ", ")
            throw problem(path, node.mark, "unknown rule '\(text)'; valid: \(valid)")
        }
        return id
    }

    private static func severity(of node: ConfigYAML.Node, path: String, key: String) throws(Problem) -> Severity {
        var value = node
        if let mapping = node.mapping {
            for member in mapping where member.key != "severity" {
                throw problem(path, member.keyMark, "unknown key '\(member.key)' under '\(key)'; valid: severity")
            }
            guard let inner = mapping.first(where: { $0.key == "severity" })?.value else {
                throw problem(path, node.mark, "'\(key)' needs a severity")
            }
            value = inner
        }
        guard let text = value.string, let severity = Severity(rawValue: text) else {
            throw problem(path, value.mark, "the severity of '\(key)' should be error, warning or note")
        }
        return severity
    }

    private static func problem(_ path: String, _ mark: ConfigYAML.Mark, _ message: String) -> Problem {
        Problem(message: "\(path):\(mark.line):\(mark.column): \(message)")
    }
}

/// Finds the configuration of each file: the one `--config` names, or the nearest
/// `.lifecycle-check.yml` above it; each file and folder is read once.
public struct ConfigurationFinder {
    private let given: Configuration?
    private var byFolder: [String: Configuration?] = [:]
    private var byPath: [String: Configuration] = [:]

    /// - Parameter given: The configuration `--config` names, for every file.
    public init(given: Configuration?) {
        self.given = given
    }

    /// The configuration for a file in `folder` (a real path), or `nil` for none.
    public mutating func configuration(forFolder folder: String) throws(Configuration.Problem) -> Configuration? {
        if let given { return given }
        if let known = byFolder[folder] { return known }
        var found: Configuration?
        let candidate = (folder == "/" ? "" : folder) + "/" + Configuration.fileName
        if access(candidate, F_OK) == 0 {
            if let known = byPath[candidate] {
                found = known
            } else {
                let loaded = try Configuration.load(path: candidate, folder: folder)
                byPath[candidate] = loaded
                found = loaded
            }
        } else if folder != "/" {
            found = try configuration(forFolder: SourceFiles.parent(of: folder))
        }
        byFolder[folder] = found
        return found
    }
}
