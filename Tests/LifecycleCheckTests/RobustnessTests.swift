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

    @Test("5,000 nested braces and 5,000 nested onAppear/Task closures")
    func deepNesting() {
        let braces = String(repeating: "{", count: 5_000) + String(repeating: "}", count: 5_000)
        #expect(Checker.check(source: braces, path: "braces.swift").isEmpty)
        let closures =
            String(repeating: "x.onAppear { Task { await f(); ", count: 2_500) + String(repeating: "} } ", count: 2_500)
        let findings = Checker.check(source: closures, path: "closures.swift")
        // The parser stops nesting at its limit; whatever it keeps is judged, and nothing crashes.
        #expect(!findings.isEmpty)
        #expect(findings.allSatisfy { $0.rule == .taskNeverCancelled })
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
        #expect(findings.count == blocks)
        #expect(findings.allSatisfy { $0.rule == .taskNeverCancelled })
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
