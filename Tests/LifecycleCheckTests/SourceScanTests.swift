import Testing

@testable import LifecycleCheck

/// The byte pass before the parse: a file that names no task, timer, sleep or delayed call has no
/// tree walk, since every rule's site (SPEC T1–T6, B1–B3, P1) names a task, a timer, a sleep or
/// an asyncAfter.
@Suite struct SourceScanTests {
    @Test(
        "T1, T3, P1: a task, a `.task`, a timer, a clock's timer, a sleep, an asyncAfter each mark the file for the walk",
        arguments: [
            "Task { await f() }", "v.task { }", "Timer.scheduledTimer", "clock.timer(interval: .seconds(1))",
            "try? await Task.sleep(for: .seconds(1))", "DispatchQueue.main.asyncAfter(deadline: .now() + 1) {}",
            "usleep(1)", "let t: Task<Void, Never>?", "ask", "Ticker.publish(every: 1, on: .main, in: .common)",
        ])
    func marksWork(_ source: String) {
        #expect(SourceScan(source).mayStartWork)
    }

    @Test("A model, a view with no task and an empty file are not walked; their nesting is still judged")
    func leavesTheRest() {
        for source in ["struct Point { var x = 0 }", "Text(\"Hello\").padding()", "", "as", "ime"] {
            #expect(!SourceScan(source).mayStartWork, "\(source)")
        }
        let braces = String(repeating: "{", count: 5_000) + String(repeating: "}", count: 5_000)
        #expect(!SourceScan(braces).mayStartWork)
        #expect(Checker.check(source: braces, path: "braces.swift").map(\.rule) == [.fileNotJudged])
    }

    @Test("A file too deep to walk that starts no work keeps its file-not-judged note, and its ignore comment holds")
    func directiveWithoutWork() {
        let braces = String(repeating: "{", count: 5_000) + String(repeating: "}", count: 5_000)
        let ignored = "// lifecycle: ignore file-not-judged\n" + braces
        #expect(!SourceScan(ignored).mayStartWork)
        #expect(Checker.check(source: ignored, path: "braces.swift").isEmpty)
    }
}
