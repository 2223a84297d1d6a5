import LifecycleCheckReport
import Testing

@testable import LifecycleCheck

/// Each fixture is SwiftUI written for one rule (its header comment cites the SPEC row: T1, T3,
/// T4, T6, T7, B1, P1 …), with the buggy shapes and their right counterparts side by side.
@Suite struct FixtureTests {
    @Test(
        "The checker finds exactly the fixture's // expect: markers (SPEC row in its header)",
        arguments: TestFiles.fixtureNames)
    func fixtureFindingsMatchTheMarkers(_ name: String) throws {
        let text = try TestFiles.fixture(name)
        let expected = Expectation.markers(in: text)
        let found = Expectation.found(in: text, path: name)
        #expect(
            expected.subtracting(found).isEmpty, "missing: \(expected.subtracting(found).sorted { $0.line < $1.line })")
        #expect(
            found.subtracting(expected).isEmpty, "extra: \(found.subtracting(expected).sorted { $0.line < $1.line })")
    }

    @Test("Every marker names a rule, and every rule has a buggy fixture line")
    func markersCoverEveryRule() throws {
        #expect(TestFiles.fixtureNames.count >= 8)
        var marked: Set<String> = []
        for name in TestFiles.fixtureNames {
            marked.formUnion(
                Expectation.markers(in: try TestFiles.fixture(name)).map { $0.rule.replacing(" (note)", with: "") })
        }
        // A file too deep to judge is no file the project's own linter (swift-syntax too) can read:
        // RobustnessTests and the rule's examples make it in memory.
        #expect(marked == Set(RuleID.allCases.filter { $0 != .fileNotJudged }.map(\.rawValue)))
    }
}
