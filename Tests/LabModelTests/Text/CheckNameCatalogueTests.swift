import Foundation
import LabModel
import Testing

/// A verdict's check names stay English in its JSON and are translated where a person reads
/// them (`ScenarioVerdict.summary`): each must be a message of the translation template, or a
/// translator never sees it and the Japanese window shows it in English.
@Suite("Verdict check names in the translation template")
struct CheckNameCatalogueTests {
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

    @Test("T1–T8, B1–B3, P1–P5, I1: every check a repro reports is a message translators get")
    @MainActor
    func everyCheckNameIsExtracted() async throws {
        let messages = try Self.templateMessages()
        #expect(messages.contains("hides in the run"), "the template is read (a check name known to be in it)")
        var missing: [String] = []
        for id in allStrategies {
            let (verdict, _) = await headless(id)
            #expect(!verdict.checks.isEmpty, "\(id.rawValue)'s repro reports checks")
            for check in verdict.checks {
                // A schedule check is shown as its condition inside a frame of its own.
                let schedule = "schedule: "
                let needed =
                    check.name.hasPrefix(schedule)
                    ? ["schedule: %{condition}", String(check.name.dropFirst(schedule.count))] : [check.name]
                missing += needed.filter { !messages.contains($0) }.map { "\(id.rawValue): \($0)" }
            }
        }
        #expect(missing.isEmpty, "check names not in po/lifecycle-lab.pot: \(missing)")
    }
}
