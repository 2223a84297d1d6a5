import LifecycleCheckReport
import Testing

@testable import LifecycleCheck

/// Any text is input: the checker never crashes and stays linear in the file's size.
@Suite struct RobustnessTests {
    @Test(
        "Garbage, an empty file and half-written Swift give no crash and no findings",
        arguments: [
            "", " ", "\n\n\n", "}}}}{{{{", "@@@ Task { .task { try? await", "Task {", ".onAppear { Task {",
            "\u{0}\u{1}\u{2}ÿ€", "struct V: View { var body: some View { Button { Task { try",
            "// lifecycle: ignore", "/* unterminated", "\"unterminated string", "#if os(\n",
        ])
    func garbage(_ text: String) {
        let findings = Checker.check(source: text, path: "garbage.swift")
        // A half-written task can still be judged; what matters is that each finding is on a real line.
        let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(findings.allSatisfy { $0.line >= 1 && $0.line <= lineCount })
    }

    @Test("Random bytes decoded as text")
    func randomBytes() {
        var generator = SplitMix(seed: 0x5EED)
        for _ in 0..<50 {
            let bytes = (0..<2_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let text = String(decoding: bytes, as: UTF8.self)
            let findings = Checker.check(source: text, path: "random.swift")
            #expect(findings.allSatisfy { $0.line >= 1 })
        }
    }

    @Test("5,000 nested braces and a Task nested 3,000 deep: a file-not-judged note, never a silent clean bill")
    func deepNesting() {
        let braces = String(repeating: "{", count: 5_000) + String(repeating: "}", count: 5_000)
        #expect(Checker.check(source: braces, path: "braces.swift").map(\.rule) == [.fileNotJudged])
        let nested =
            "struct V: View {\n    @State private var isShown = true\n    var body: some View {\n"
            + String(repeating: "Group { ", count: 3_000)
            + "if isShown { Text(\"x\").onAppear { Task { try? await Task.sleep(for: .seconds(3)); isShown = false } } }"
            + String(repeating: " }", count: 3_000) + "\n    }\n}\n"
        let findings = Checker.check(source: nested, path: "nested.swift")
        // The parser stops nesting at its limit: the Task below it is not judged, and the note says so.
        let note = findings.first { $0.rule == .fileNotJudged }
        #expect(note?.severity == .note)
        #expect(note?.message.contains("nests deeper than the parser's limit") == true)
        #expect(note.map { $0.line == 4 } == true, "at the line where the parser gave up")
        let closures =
            String(repeating: "x.onAppear { Task { await f(); ", count: 2_500) + String(repeating: "} } ", count: 2_500)
        #expect(Checker.check(source: closures, path: "closures.swift").contains { $0.rule == .fileNotJudged })
    }

    @Test("A file larger than the checker judges gets one note at its first line, and is not parsed")
    func fileTooLarge() {
        let line = "let value = [1, 2, 3]  // padding to make the file large\n"
        let text = String(repeating: line, count: Checker.maximumFileSize / line.utf8.count + 10)
        let findings = Checker.check(source: text, path: "huge.swift")
        #expect(findings.map(\.rule) == [.fileNotJudged])
        #expect(findings.first?.line == 1 && findings.first?.column == 1)
        #expect(findings.first?.message.contains("larger than the checker judges") == true)
    }

    @Test("A 20,000-line view is checked in one pass, every bug found")
    func hugeFile() {
        var lines = ["import SwiftUI", "struct Huge: View {", "    var body: some View {", "        VStack {"]
        let blocks = 2_000
        for index in 0..<blocks {
            lines += [
                "            Text(\"\(index)\")",
                "                .onAppear {",
                "                    Task { await work(\(index)) }",
                "                }",
                "                .task {",
                "                    await work(\(index))",
                "                }",
                "                .padding()",
                "                .id(\(index))",
                "                .opacity(1)",
            ]
        }
        lines += ["        }", "    }", "    func work(_ n: Int) async {}", "}"]
        #expect(lines.count > 20_000)
        let clock = ContinuousClock()
        var findings: [Finding] = []
        let elapsed = clock.measure {
            findings = Checker.check(source: lines.joined(separator: "\n"), path: "huge.swift")
        }
        // One-shot work in `onAppear`: the note that `.task` would own it, for every block.
        #expect(findings.count == blocks)
        #expect(findings.allSatisfy { $0.rule == .taskOutlivesView })
        // Generous for a debug build on a shared machine; the release figure is far lower.
        #expect(elapsed < .seconds(60))
    }
}

/// A small seeded generator, so the random input is the same on every run.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
