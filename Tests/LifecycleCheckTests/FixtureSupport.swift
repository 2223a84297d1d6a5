import Foundation

@testable import LifecycleCheck

/// The fixtures and the project's own sources, found from this file's path (not bundle
/// resources: the fixtures are excluded from the test target and never built).
enum TestFiles {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let fixturesDirectory = testsDirectory.appendingPathComponent("Fixtures")
    static let packageRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()

    /// The fixture files' names, sorted.
    static var fixtureNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixturesDirectory.path)) ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted()
    }

    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: fixturesDirectory.appendingPathComponent(name), encoding: .utf8)
    }

    /// Every `.swift` file under `folder`, skipping hidden folders, `.build*` and the fixtures.
    static func swiftFiles(under folder: URL) -> [URL] {
        guard
            let walker = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        else { return [] }
        var files: [URL] = []
        for case let url as URL in walker {
            // Fixtures are SwiftUI with the bugs on purpose: this checker's, the Check page's and the
            // plugins' sample package (Tests/plugin).
            if ["Fixtures", "check-page", "plugin"].contains(url.lastPathComponent)
                || url.lastPathComponent.hasPrefix(".build")
            {
                walker.skipDescendants()
            } else if url.pathExtension == "swift" {
                files.append(url)
            }
        }
        return files.sorted { $0.path < $1.path }
    }
}

/// A rule expected (or found) on a line.
struct Expectation: Hashable, CustomStringConvertible {
    let rule: String
    let line: Int

    var description: String { "\(line): \(rule)" }

    /// The `// expect: RULE-ID[, RULE-ID…]` markers of a fixture.
    static func markers(in text: String) -> Set<Expectation> {
        var expected: Set<Expectation> = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let marker = line.range(of: "// expect:") else { continue }
            for rule in line[marker.upperBound...].split(separator: ",") {
                expected.insert(Expectation(rule: rule.trimmingCharacters(in: .whitespaces), line: index + 1))
            }
        }
        return expected
    }

    /// What the checker finds in a text.
    static func found(in text: String, path: String) -> Set<Expectation> {
        // A finding quieter than its rule (a warning in `#if DEBUG` code) is marked `RULE (note)`.
        Set(
            Checker.check(source: text, path: path).map { finding in
                let demoted = finding.severity == .note && finding.rule.rule.severity != .note
                return Expectation(rule: finding.rule.rawValue + (demoted ? " (note)" : ""), line: finding.line)
            })
    }
}
