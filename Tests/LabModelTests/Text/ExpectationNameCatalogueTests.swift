import Foundation
import LabModel
import Testing

/// A verdict's check names stay English in its JSON and are translated where a person reads
/// them (`ScenarioVerdict.summary`): each must be a message of the translation template, or a
/// translator never sees it and the Japanese window shows it in English.
@Suite("Verdict expectation names in the translation template")
struct ExpectationNameCatalogueTests {
    /// The messages of `po/lifecycle-lab.pot`, continuation lines joined and escapes read.
    static func templateMessages() throws -> Set<String> {
        let template = StrategyCodeTests.packageRoot.appendingPathComponent("po/lifecycle-lab.pot")
        let lines = try String(contentsOf: template, encoding: .utf8).split(separator: "\n")
        var messages: Set<String> = []
        var current: String?
        func literal(_ line: Substring) -> String {
            var text = ""
            var escaped = false
            for character in line.drop(while: { $0 != "\"" }).dropFirst().dropLast() {
                if escaped {
                    text.append(character == "n" ? "\n" : character == "t" ? "\t" : character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else {
                    text.append(character)
                }
            }
            return text
        }
        for line in lines {
            if line.hasPrefix("msgid ") {
                current = literal(line)
            } else if line.hasPrefix("\""), let text = current {
                current = text + literal(line)
            } else {
                if let text = current, !text.isEmpty { messages.insert(text) }
                current = nil
            }
        }
        return messages
    }

    /// The messages a person's display of `name` translates (``ScenarioVerdict/Expectation/displayName``):
    /// the name, or a schedule check's frame and condition.
    static func displayedMessages(of name: String) -> [String] {
        let prefix = ScenarioVerdict.Expectation.schedulePrefix
        guard name.hasPrefix(prefix) else { return [name] }
        return ["schedule: %{condition}", String(name.dropFirst(prefix.count))]
    }

    @Test(
        "T1–T8, B1–B3, P1–P5 (on sessions that can and cannot see a minimize), I1: every check a repro reports is a message translators get"
    )
    @MainActor
    func everyCheckNameIsExtracted() async throws {
        let messages = try Self.templateMessages()
        #expect(messages.contains("hides in the run"), "the template is read (a check name known to be in it)")
        var verdicts: [(String, ScenarioVerdict)] = []
        for id in allStrategies { verdicts.append((id.rawValue, await headless(id).0)) }
        for id in ScenePhaseStrategyID.allCases {
            let (verdict, _, _) = await sceneRun(id, detection: cannotSeeMinimize, minimizeSeen: false)
            verdicts.append(("\(id.rawValue) without minimize", verdict))
        }
        var missing: [String] = []
        for (run, verdict) in verdicts {
            #expect(!verdict.checks.isEmpty, "\(run)'s repro reports checks")
            for check in verdict.checks {
                missing += Self.displayedMessages(of: check.name).filter { !messages.contains($0) }.map {
                    "\(run): \($0)"
                }
            }
        }
        #expect(missing.isEmpty, "check names not in po/lifecycle-lab.pot: \(missing)")
    }
}
