import Foundation
import LabModel
import Testing

/// The list of pages everything else derives from: each strategy on its page, once, in spec
/// order, and every row of the spec's tables there.
@Suite("The catalog of pages")
struct CatalogTests {
    /// The spec beside the checkout (`../shared/SPEC.md`), when it is there.
    static let specPath = StrategyCodeTests.packageRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/SPEC.md").path

    @Test("every page once; each strategy once, on the page that runs it")
    func pagesAndStrategies() {
        let pages = LabCatalog.pages.map(\.id)
        #expect(Set(pages).count == pages.count)
        #expect(Set(allStrategies).count == allStrategies.count)
        for page in LabCatalog.pages {
            #expect(!page.title.isEmpty)
            for strategy in page.strategies { #expect(strategy.page == page.id, "\(strategy) is listed on \(page)") }
            #expect(LabCatalog.page(named: " \(page.id.rawValue.uppercased()) ")?.id == page.id)
        }
        #expect(LabCatalog.page(named: "nowhere") == nil)
    }

    @Test("a page's strategies are in spec order: one letter, numbered from 1 up")
    func specOrder() {
        for page in LabCatalog.pagesWithScenario {
            let ids = page.strategies.map(\.rawValue)
            let letter = ids[0].prefix(1)
            #expect(ids == ids.indices.map { "\(letter)\($0 + 1)" }, "\(page): \(ids)")
        }
    }

    @Test(
        "T1–T6, B1–B3, P1–P3, I1, N1: every row of the spec's tables has its page and strategy",
        .enabled(if: FileManager.default.fileExists(atPath: specPath), "../shared/SPEC.md is not beside the checkout"))
    func everySpecRowIsThere() throws {
        let spec = try String(contentsOfFile: Self.specPath, encoding: .utf8)
        let rows = spec.split(separator: "\n").compactMap { line -> String? in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            guard line.hasPrefix("| "), cells.count > 2 else { return nil }
            let id = cells[1].trimmingCharacters(in: .whitespaces)
            guard let letter = id.first, "TBPIN".contains(letter), id.dropFirst().allSatisfy(\.isNumber),
                id.count > 1
            else { return nil }
            return id
        }
        #expect(rows.count >= 14, "read \(rows) from the spec's tables")
        let known = Set(allStrategies.map(\.rawValue))
        for id in rows where id != "N1" { #expect(known.contains(id), "the spec's \(id) has no strategy") }
        #expect(rows.contains("N1") == (LabCatalog.page(.navigation) != nil))
    }

    @Test(
        "T1–T6, B1–B3, P1–P3, I1: each strategy's kind is the one its spec row names (bug, trap, fixed, works, fragile)",
        .enabled(if: FileManager.default.fileExists(atPath: specPath), "../shared/SPEC.md is not beside the checkout"))
    func kindsAreTheSpecs() throws {
        let spec = try String(contentsOfFile: Self.specPath, encoding: .utf8)
        var judged = 0
        for line in spec.split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 3, let id = allStrategies.first(where: { $0.rawValue == cells[1] }) else { continue }
            let outcome = cells[cells.count - 2]
            let kinds: [(words: String, kind: StrategyKind)] = [
                ("**bug**", .bug), ("**trap**", .trap), ("**works, fragile**", .fragile), ("**fixed**", .fix),
            ]
            guard let expected = kinds.first(where: { outcome.hasPrefix($0.words) })?.kind else { continue }
            #expect(id.kind == expected, "\(id): the spec says \(expected), the lab \(id.kind)")
            judged += 1
        }
        #expect(judged >= 10, "read the kind of \(judged) rows from the spec")
    }

    @Test("D, L and P scale with the time scale")
    func durationsScale() throws {
        let timing = try LabTiming(timeScale: 0.5)
        for duration in LabCatalog.pages.flatMap(\.durations) {
            #expect(timing[duration] == duration.standard * 0.5, "\(duration)")
        }
        #expect(timing.toastDuration == .milliseconds(1500))
        #expect(timing.workDuration == .seconds(5))
        #expect(timing.pollInterval == .milliseconds(500))
        #expect(PageDescriptor.toast.screenshotMoment(timing) == timing.toastDuration * 0.9)
    }
}
