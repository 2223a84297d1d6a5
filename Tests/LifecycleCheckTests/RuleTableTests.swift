import Testing

@testable import LifecycleCheck

@Suite struct RuleTableTests {
    @Test func everyRuleHasItsWords() {
        for id in RuleID.allCases { #expect(Rule.all[id] != nil, "\(id)") }
    }
}
