import Foundation
import LabModel
import Testing

/// The code panel's source of truth: every strategy's running code is the marked source, read at
/// build time, and every strategy has its key lines and its SwiftUI shape.
@Suite("Strategy code (the code panel)")
struct StrategyCodeTests {
    /// The package's root, from this file's path (Tests/LabModelTests/Code/…).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func sourceLines(_ file: String) throws -> [String] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Every strategy's code, N1's included.
    static let everyCode: [(id: String, code: StrategyCode)] =
        allStrategies.map { ($0.rawValue, $0.code) } + [("N1", NavigationScreen.code)]

    @Test(
        "T1–T6, B1–B3, P1–P3, I1, N1: running code with a key line, and a SwiftUI shape with a key line",
        arguments: everyCode.map(\.id))
    func everyStrategyHasCode(_ id: String) {
        let code = Self.everyCode.first { $0.id == id }!.code
        #expect(code.strategy == id)
        #expect(!code.running.isEmpty, "\(id) has no `// lab-code: \(id)` region")
        #expect(code.running.contains { !$0.keyLines.isEmpty }, "\(id)'s running code marks no `// lab-code-key` line")
        #expect(code.running.allSatisfy { $0.file?.hasPrefix("Sources/LabModel/") == true && $0.firstLine != nil })
        #expect(code.swiftUI.lines.count >= 3, "\(id)'s SwiftUI shape is missing or a stub")
        #expect(!code.swiftUI.keyLines.isEmpty, "\(id)'s SwiftUI shape marks no key line")
        #expect(code.isComplete)
        for block in code.running + [code.swiftUI] {
            #expect(block.keyLines.allSatisfy(block.lines.indices.contains))
            #expect(!block.lines.joined().contains("lab-code"), "a marker leaked into \(id)'s \(block.title)")
        }
    }

    @Test("every region shown is the source's lines between its markers, key comments and indentation taken off")
    func regionsAreTheSource() throws {
        #expect(StrategyCodeCatalog.regions.count >= 20)
        for region in StrategyCodeCatalog.regions {
            let file = try Self.sourceLines(region.file)
            let place = "\(region.file):\(region.firstLine)"
            // The marker line just before, naming the region's strategies, and the end marker just after.
            let marker = file[region.firstLine - 2].trimmingCharacters(in: .whitespaces)
            #expect(marker.hasPrefix("// lab-code: "), "\(place): no start marker before the region")
            for id in region.strategies { #expect(marker.contains(id), "\(place): the marker does not name \(id)") }
            let endIndex = region.firstLine - 1 + region.lines.count
            #expect(
                file[endIndex].trimmingCharacters(in: .whitespaces) == "// lab-code-end", "\(place): no end marker")
            var keysInSource: [Int] = []
            for (offset, shown) in region.lines.enumerated() {
                var source = file[region.firstLine - 1 + offset]
                if let key = source.range(of: "  // lab-code-key") {
                    keysInSource.append(offset)
                    source = String(source[..<key.lowerBound])
                }
                let expected = shown.isEmpty ? "" : String(repeating: " ", count: region.indent) + shown
                #expect(
                    source.trimmingTrailingSpaces == expected, "\(place)+\(offset): shown line differs from the source"
                )
            }
            #expect(region.keys.map(\.line) == keysInSource, "\(place): key lines differ from the source's markers")
        }
    }

    @Test("every `// lab-code:` marker in LabModel's sources is in the catalog: none is lost at build time")
    func noRegionLost() throws {
        let root = Self.packageRoot.appendingPathComponent("Sources/LabModel")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        var markers: Set<String> = []
        for url in files {
            let relative = "Sources/LabModel" + url.path.dropFirst(root.path.count)
            for (index, line) in try Self.sourceLines(relative).enumerated()
            where line.trimmingCharacters(in: .whitespaces).hasPrefix("// lab-code:") {
                markers.insert("\(relative):\(index + 2)")
            }
        }
        #expect(markers.count >= 20)
        #expect(Set(StrategyCodeCatalog.regions.map { "\($0.file):\($0.firstLine)" }) == markers)
    }

    @Test("T1–T8, B1–B3, P1–P6, I1, N1: the highlighted lines are the ones the spec's row turns on")
    func keyLinesAreTheMechanism() {
        for id in allStrategies {
            #expect(id.code.marks(id.keyMechanism), "\(id): key lines do not mark \(id.keyMechanism)")
        }
        #expect(NavigationScreen.code.marks(NavigationScreen.keyMechanism))
    }

    @Test("T1, T2: the shared timer body is key where it decides: the stale hide for T1, the cancel's catch for T2")
    func sharedRegionKeysPerStrategy() {
        func keys(_ id: ToastStrategyID) -> [String] {
            let timer = id.code.running.first { $0.title == "ToastScreen.dismissAfterDelay" }!
            return timer.keyLines.map { timer.lines[$0].trimmingCharacters(in: .whitespaces) }
        }
        #expect(keys(.t1) == ["hide(cause: .timer)"])
        #expect(keys(.t2) == ["} catch is CancellationError {"])
        #expect(ToastStrategyID.t3.code.running.allSatisfy { $0.title != "ToastScreen.dismissAfterDelay" })
    }

    @Test("a strategy's regions are read by part: B2's press before its onDisappear, T1's install before the timer")
    func readingOrder() {
        #expect(ButtonStrategyID.b2.code.running.map(\.title) == ["ButtonViewState.press", "ButtonScreen.install"])
        #expect(
            ToastStrategyID.t6.code.running.map(\.title) == [
                "ToastStrategy.installT6", "ToastViewState.dismissAfterDelay", "TaskBag.add", "TaskBag.deinit",
                "ToastScreen.dismissAfterDelay",
            ])
        #expect(ToastStrategyID.t1.code.running.first?.location?.hasPrefix("ToastStrategies.swift:") == true)
    }

    @Test("a SwiftUI shape's key markers are taken off and counted; trailing blank lines dropped")
    func swiftUIShapeParsing() {
        let code = StrategyCode(strategy: "X9", swiftUIShape: "a {\n    b()  // lab-code-key\n}\n\n")
        #expect(code.swiftUI.lines == ["a {", "    b()", "}"])
        #expect(code.swiftUI.keyLines == [1])
        #expect(code.running.isEmpty)
        #expect(!code.isComplete)
    }

    @Test("a malformed marker fails the build: LabCodeTool names the file and line and exits 1")
    func toolRejectsBadMarkers() throws {
        let tool = try #require(Self.toolURL(), "LabCodeTool not found beside the test binary")
        let cases: [(source: String, message: String)] = [
            ("// lab-code: T1\nlet a = 1\n", "Bad.swift:1: error: lab-code region never ended"),
            ("let a = 1\n// lab-code-end\n", "Bad.swift:2: error: '// lab-code-end' without"),
            ("// lab-code: T1\n// lab-code: T2\n", "Bad.swift:2: error: lab-code region started inside"),
            ("// lab-code: toast\nlet a = 1\n// lab-code-end\n", "Bad.swift:1: error: 'toast' is not a strategy ID"),
            ("let a = 1  // lab-code-key\n", "Bad.swift:1: error: '// lab-code-key' outside a lab-code region"),
            (
                "// lab-code: T1\nlet a = 1  // lab-code-key: T2\n// lab-code-end\n",
                "Bad.swift:2: error: key line for T2"
            ),
        ]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-code-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (source, message) in cases {
            let input = folder.appendingPathComponent("Bad.swift")
            try source.write(to: input, atomically: true, encoding: .utf8)
            let (status, output) = try Self.run(
                tool, [folder.appendingPathComponent("Out.swift").path, folder.path, input.path])
            #expect(status == 1, "\(source.debugDescription): exit \(status)")
            #expect(output.contains(message), "\(source.debugDescription): \(output)")
        }
        // And a good file: a region with a key line for one of its IDs, inside a string left alone.
        let good = folder.appendingPathComponent("Good.swift")
        try """
        func f() {
            // lab-code: T5 T6 part 2
            let s = \"\"\"
                x  // lab-code-key
                \"\"\"
            g()  // lab-code-key: T5
            // lab-code-end
        }

        """.write(to: good, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("Out.swift")
        let (status, output) = try Self.run(tool, [out.path, folder.path, good.path])
        #expect(status == 0, "\(output)")
        let table = try String(contentsOf: out, encoding: .utf8)
        #expect(table.contains("strategies: [\"T5\", \"T6\"], part: 2"))
        #expect(table.contains("file: \"Good.swift\", symbol: \"f\""))
        #expect(table.contains("SourceRegion.Key(line: 3, only: [\"T5\"])"))
        #expect(table.contains("\"    x  // lab-code-key\","), "a line inside a string literal is code, not a marker")
    }

    /// The build tool, built beside the test binary for the plugin.
    static func toolURL() -> URL? {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            for name in ["LabCodeTool-tool", "LabCodeTool"] {
                let candidate = folder.appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    /// Runs `tool` with `arguments` (posix_spawn, no helper thread), its output to a file.
    static func run(_ tool: URL, _ arguments: [String]) throws -> (Int32, String) {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("lab-code-\(getpid()).log")
        defer { try? FileManager.default.removeItem(at: log) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, log.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var argv: [UnsafeMutablePointer<CChar>?] = ([tool.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let rc = posix_spawn(&pid, tool.path, &actions, nil, &argv, environ)
        try #require(rc == 0, "posix_spawn \(tool.path): \(rc)")
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return ((status >> 8) & 0xff, output)
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
