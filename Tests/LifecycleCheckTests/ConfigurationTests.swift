import Foundation
import LifecycleCheckReport
import Testing

@testable import LifecycleCheck

/// `.lifecycle-check.yml` (SwiftLint's conventions): its YAML, its keys, its mistakes named in one
/// line, where it is found, and what it excludes.
@Suite struct ConfigurationTests {
    static func parse(_ text: String) throws(Configuration.Problem) -> Configuration {
        try Configuration.parse(text, path: "/app/.lifecycle-check.yml", folder: "/app")
    }

    @Test("Disabled rules, severities in both spellings, excluded paths and globs")
    func readsEveryKey() throws {
        let configuration = try Self.parse(
            """
            # The team's rules
            disabled_rules:
              - task-outlives-view
              - no-scene-phase   # polling is meant here
            excluded: [Pods, "Sources/Generated", "**/Preview Content"]
            task-error-dropped: error
            overlapping-task-runs:
              severity: warning
            """)
        #expect(configuration.rules.disabled == [.taskOutlivesView, .noScenePhase])
        #expect(configuration.rules.severities == [.taskErrorDropped: .error, .overlappingTaskRuns: .warning])
        #expect(configuration.excluded == ["/app/Pods", "/app/Sources/Generated", "/app/**/Preview Content"])
        #expect(configuration.excludes("/app/Pods/Alamofire/A.swift"))
        #expect(configuration.excludes("/app/Sources/Generated"))
        #expect(!configuration.excludes("/app/Sources/GeneratedNot/A.swift"))
        #expect(configuration.excludes("/app/Modules/Feed/Preview Content/Sample.swift"))
        #expect(!configuration.excludes("/app/Sources/Feed.swift"))
    }

    @Test("An empty file, or one of comments, is the defaults")
    func emptyIsDefault() throws {
        #expect(try Self.parse("").rules == RuleSet())
        #expect(try Self.parse("# nothing yet\n\n---\n").rules == RuleSet())
        #expect(try Self.parse("disabled_rules: []\nexcluded:\n").excluded.isEmpty)
    }

    /// Each mistake and the one line that names it, with the file, the line and the column.
    static let mistakes: [(text: String, message: String)] = [
        (
            "disabled_rules:\n  - task-never-canceled\n",
            "/app/.lifecycle-check.yml:2:5: unknown rule 'task-never-canceled'; valid: "
                + RuleID.allCases.map(\.rawValue).joined(separator: ", ")
        ),
        (
            "excludes: [Pods]\n",
            "/app/.lifecycle-check.yml:1:1: unknown key 'excludes'; valid: disabled_rules, excluded, or a rule's ID "
                + "(lifecycle-lab check --help)"
        ),
        (
            "task-error-dropped: loud\n",
            "/app/.lifecycle-check.yml:1:21: the severity of 'task-error-dropped' should be error, warning or note"
        ),
        (
            "task-error-dropped:\n  level: error\n",
            "/app/.lifecycle-check.yml:2:3: unknown key 'level' under 'task-error-dropped'; valid: severity"
        ),
        ("disabled_rules: {a: b}\n", "/app/.lifecycle-check.yml:1:17: 'disabled_rules' should be a list"),
        (
            "- a\n- b\n",
            "/app/.lifecycle-check.yml:1:1: the file should be a mapping of keys (disabled_rules, excluded, a rule's ID)"
        ),
        (
            "disabled_rules:\n\t- a\n",
            "/app/.lifecycle-check.yml:2:1: a tab in the indentation (YAML indents with spaces)"
        ),
        (
            "base: &base\n  - a\n",
            "/app/.lifecycle-check.yml:1:7: '&' starts YAML this reader does not take (anchors, aliases, tags, "
                + "multi-line strings); write the value plainly"
        ),
        ("excluded: [Pods\n", "/app/.lifecycle-check.yml:1:16: a list without its ']'"),
        ("excluded: \"Pods\n", "/app/.lifecycle-check.yml:1:11: a quoted string that does not end on its line"),
        (
            "disabled_rules: []\ndisabled_rules: []\n",
            "/app/.lifecycle-check.yml:2:1: the key 'disabled_rules' appears twice"
        ),
        (
            "disabled_rules:\n  - a\n    - b\n",
            "/app/.lifecycle-check.yml:3:5: this line is indented deeper than the lines around it"
        ),
    ]

    @Test("A bad configuration is refused in one line that names the place", arguments: mistakes.indices)
    func refusesMistakes(_ index: Int) {
        let (text, message) = Self.mistakes[index]
        #expect(throws: Configuration.Problem(message: message)) { try Self.parse(text) }
    }

    @Test("The YAML reader: nesting, flow lists and maps, quotes, comments")
    func yaml() throws {
        let node = try #require(
            try ConfigYAML.parse(
                """
                a: 'it''s'   # a comment
                b:
                  c: "x # not a comment"
                  d: [1, "two, three", {e: f}]
                g:
                  - h
                  - "i"
                """))
        let members = try #require(node.mapping)
        #expect(members.map(\.key) == ["a", "b", "g"])
        #expect(members[0].value.string == "it's")
        let b = try #require(members[1].value.mapping)
        #expect(b[0].value.string == "x # not a comment")
        #expect(b[1].value.list?.count == 3)
        #expect(b[1].value.list?[1].string == "two, three")
        #expect(b[1].value.list?[2].mapping?.first?.value.string == "f")
        #expect(members[2].value.list?.compactMap(\.string) == ["h", "i"])
    }

    @Test("The nearest configuration above a file applies; --config wins everywhere")
    func finder() throws {
        let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("config-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let inner = root.appendingPathComponent("App/Sources")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        try "disabled_rules: [task-outlives-view]\n".write(
            to: root.appendingPathComponent(Configuration.fileName), atomically: true, encoding: .utf8)
        try "disabled_rules: [no-scene-phase]\n".write(
            to: root.appendingPathComponent("App/\(Configuration.fileName)"), atomically: true, encoding: .utf8)
        let rootPath = SourceFiles.realPath(root.path)
        var finder = ConfigurationFinder(given: nil)
        #expect(try finder.configuration(forFolder: rootPath + "/App/Sources")?.rules.disabled == [.noScenePhase])
        #expect(try finder.configuration(forFolder: rootPath)?.rules.disabled == [.taskOutlivesView])
        var given = ConfigurationFinder(given: try Self.parse("disabled_rules: [file-not-judged]\n"))
        #expect(try given.configuration(forFolder: rootPath + "/App/Sources")?.rules.disabled == [.fileNotJudged])
        try "disabled_rules: [nope]\n".write(
            to: root.appendingPathComponent("App/\(Configuration.fileName)"), atomically: true, encoding: .utf8)
        var fresh = ConfigurationFinder(given: nil)
        #expect(throws: Configuration.Problem.self) { try fresh.configuration(forFolder: rootPath + "/App") }
    }
}
