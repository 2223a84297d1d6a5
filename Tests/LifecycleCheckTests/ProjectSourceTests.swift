import Foundation
import Testing

@testable import LifecycleCheck

/// The project's own code is no SwiftUI and runs its tasks through the lifecycle core: the
/// checker must find nothing in it, and must not crash on any of it.
@Suite struct ProjectSourceTests {
    @Test("No findings in the project's Sources/ and Tests/ (fixtures aside)")
    func projectIsClean() throws {
        let files =
            TestFiles.swiftFiles(under: TestFiles.packageRoot.appendingPathComponent("Sources"))
            + TestFiles.swiftFiles(under: TestFiles.packageRoot.appendingPathComponent("Tests"))
        #expect(files.count > 100)
        var findings: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for finding in Checker.check(source: text, path: file.path) {
                findings.append("\(finding.path):\(finding.line): [\(finding.rule)] \(finding.message)")
            }
        }
        #expect(findings.isEmpty, "\(findings.joined(separator: "\n"))")
    }
}
