import LifecycleCheckReport
import Testing

@testable import LifecycleCheck

/// Every rule's own examples, both ways (each rule's description carries them, as SwiftLint's
/// do): a triggering example gives the rule's findings exactly where its `↓` marks are, and a
/// non-triggering one, written in the shapes real apps use, gives none of that rule.
@Suite struct RuleExampleTests {
    @Test("Each rule's triggering examples give its findings at the marks", arguments: RuleID.allCases)
    func triggering(_ id: RuleID) {
        let rule = id.rule
        #expect(!rule.triggeringExamples.isEmpty, "\(id) has no triggering example")
        for example in rule.triggeringExamples {
            let found = Checker.check(source: example.source, path: "\(id).swift").filter { $0.rule == id }
            let marks = example.markedPositions
            if marks.isEmpty {
                #expect(!found.isEmpty, "\(id): no finding in the example at \(example.file):\(example.line)")
            } else {
                #expect(
                    found.map { "\($0.line):\($0.column)" } == marks.map { "\($0.line):\($0.column)" },
                    "\(id): the example at \(example.file):\(example.line)")
            }
            #expect(found.allSatisfy { $0.severity == rule.severity })
        }
    }

    @Test("Each rule's non-triggering examples give none of its findings", arguments: RuleID.allCases)
    func nonTriggering(_ id: RuleID) {
        let rule = id.rule
        #expect(!rule.nonTriggeringExamples.isEmpty, "\(id) has no non-triggering example")
        for example in rule.nonTriggeringExamples {
            #expect(!example.code.contains(Example.marker), "\(id): a mark in a non-triggering example")
            let found = Checker.check(source: example.source, path: "\(id).swift").filter { $0.rule == id }
            #expect(
                found.isEmpty,
                "\(id): \(found.map { "\($0.line):\($0.column) \($0.message)" }) in the example at \(example.file):\(example.line)"
            )
        }
    }

    @Test("A mark's position counts UTF-8 columns after the marks before it on its line")
    func markPositions() {
        let example = Example("let a = 1\n  ↓x ↓y é↓z")
        #expect(example.source == "let a = 1\n  x y éz")
        #expect(example.markedPositions.map { "\($0.line):\($0.column)" } == ["2:3", "2:5", "2:9"])
    }
}
